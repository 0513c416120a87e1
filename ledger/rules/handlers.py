"""How each kind of recorded fact folds into the campaign: one handler per write command,
each calling the rule functions of its family and citing their rule ids."""

from ..names import name_key
from . import crit, dying, fatigue, magic, rest, resurrection, wounds
from .errors import MissingRoll, RuleRefusal
from .rulings import default_rulings
from .sheet import Sheet, evolve, new_sheet
from .state import CampaignState


def put(state: CampaignState, sheet: Sheet) -> None:
    state.characters[name_key(sheet.name)] = sheet


def _init(state, args, who, result, position):
    if state.name is not None:
        raise RuleRefusal(f"this store already holds the campaign '{state.name}': one store "
                          "holds one campaign (use another --db)")
    state.name = args["name"]
    state.seed = args.get("seed")
    state.rulings = {**default_rulings(), **args.get("rulings", {})}


def _character_add(state, args, who, result, position):
    key = name_key(args["name"])
    if key in state.characters:
        raise RuleRefusal(f"a character named {state.characters[key].name} already exists: "
                          "choose another name")
    sheet = new_sheet(args["name"], args["con"], args["hp_max"], args.get("level", 1),
                      args.get("medicine", False), args.get("crit_min", 20),
                      args.get("relentless", False), args.get("warlock", False))
    state.characters[key] = sheet
    result.add([(f"{sheet.name} joins: Constitution {sheet.con_base}, {sheet.hp_max_base} HP", ())])


def _session_start(state, args, who, result, position):
    if state.session is not None:
        raise RuleRefusal(f"session {state.session} is still open: end it first (pangee session end)")
    number = state.session_count + 1
    state.session_count = number
    state.session = number
    result.details = {"session": number}


def _session_end(state, args, who, result, position):
    if state.session is None:
        raise RuleRefusal("no session is open: start one first (pangee session start)")
    result.details = {"session": state.session}
    state.session = None


def _void(state, args, who, result, position):
    target = args["position"]
    if target in state.voided:
        raise RuleRefusal(f"position {target} is already voided: nothing to correct")
    state.voided = state.voided + [target]
    result.add([(f"the command at position {target} no longer counts ({args['reason']}); "
                 "later facts are folded again without it", ())])
    result.details = {"voided": args["position"], "reason": args["reason"]}


def _attack(state, args, who, result, position):
    sheet = state.sheet(who[0])
    if args.get("d20") is None:
        raise MissingRoll("d20", 20, "BASE-CRIT")
    crit_min = args.get("crit_min") or sheet.crit_min
    roll = crit.resolve_attack(args["d20"], args.get("bonus", 0), args["ac"], crit_min,
                               state.rulings["crit.nat1"])
    result.outcome = roll.outcome
    result.details = roll.as_dict() | {"crit_min": crit_min}
    result.cite(*roll.rules)


def _check(state, args, who, result, position):
    state.sheet(who[0])
    if args.get("d20") is None:
        raise MissingRoll("d20", 20, "CRIT-4")
    roll = crit.resolve_check(args["d20"], args.get("bonus", 0), args["dc"],
                              state.rulings["crit.checks"])
    result.outcome, result.details = roll.outcome, roll.as_dict()
    result.cite(*roll.rules)


def _save(state, args, who, result, position):
    state.sheet(who[0])
    if args.get("d20") is None:
        raise MissingRoll("d20", 20, "RULING-CHECKS")
    roll = crit.resolve_save(args["d20"], args.get("bonus", 0), args["dc"])
    result.outcome, result.details = roll.outcome, roll.as_dict()
    result.cite(*roll.rules)


def _damage(state, args, who, result, position):
    before = state.sheet(who[0])
    sheet, effects = dying.take_damage(before, args["amount"], args["cause"], args.get("dice"),
                                       args.get("critical", False), args.get("endure", False),
                                       position)
    put(state, sheet)
    result.add(effects)
    result.outcome = "endured" if sheet.endurance_used and not before.endurance_used else sheet.condition


def _heal(state, args, who, result, position):
    sheet = state.sheet(who[0])
    sheet, effects = dying.receive_healing(sheet, args["amount"], args.get("wound_roll"),
                                           args.get("wound_dice"), position)
    put(state, sheet)
    result.add(effects)
    result.outcome = sheet.condition


def _death_save(state, args, who, result, position):
    sheet = state.sheet(who[0])
    sheet, roll, effects = dying.death_save(sheet, args.get("d20"), args.get("wound_roll"),
                                            args.get("wound_dice"), position)
    put(state, sheet)
    result.add(effects)
    result.outcome = roll.outcome
    result.details = {"d20": args["d20"], "condition": sheet.condition}


def _stabilize(state, args, who, result, position):
    sheet = state.sheet(who[0])
    if args.get("by"):
        state.sheet(args["by"])
    sheet, effects = dying.stabilize(sheet, args.get("by"), args.get("wound_roll"),
                                     args.get("wound_dice"), position)
    put(state, sheet)
    result.add(effects)
    result.outcome = sheet.condition


def _care(rule_fn):
    def handler(state, args, who, result, position):
        sheet = state.sheet(who[0])
        healer = state.sheet(args["by"])
        if name_key(healer.name) == name_key(sheet.name):
            healer = sheet
        sheet, roll, effects = rule_fn(sheet, healer, args.get("d20"), args.get("bonus", 0),
                                       state.rulings, position)
        put(state, sheet)
        result.add(effects)
        result.outcome = roll.outcome
        result.details = roll.as_dict()
    return handler


def _rest_short(state, args, who, result, position):
    for name in who:
        sheet, effects = rest.short_rest(state.sheet(name))
        put(state, sheet)
        result.add(effects or [(f"{sheet.name} takes a short rest", ("BASE-SHORT-REST",))])
    result.outcome = "short"


def _rest_night(state, args, who, result, position):
    long = rest.night_is_long(args.get("safe", False), args.get("calm", False),
                              args.get("watch", False))
    _nights(state, who, long, result)


def _rest_long(state, args, who, result, position):
    _nights(state, who, rest.night_is_long(True, True, args.get("watch", False)), result)


def _nights(state, who, long, result):
    sheets = [state.sheet(name) for name in who]
    for sheet in sheets:
        rest.can_rest(sheet)
    per = {}
    for sheet in sheets:
        sheet, kind, effects = rest.night(sheet, long, state.rulings, ("REST-1",))
        put(state, sheet)
        result.add(effects)
        per[sheet.name] = kind
    result.outcome = "long" if long else "short"
    result.details = {"per_character": per}


def _rest_wilderness(state, args, who, result, position):
    sheets = [state.sheet(name) for name in who]
    for sheet in sheets:
        rest.can_rest(sheet)
    per = {}
    for sheet in sheets:
        sheet, kind, effects = rest.wilderness_day(sheet, state.rulings)
        put(state, sheet)
        result.add(effects)
        per[sheet.name] = kind
    result.outcome = "long" if "long" in per.values() else "short"
    result.details = {"per_character": per}


def _cast(state, args, who, result, position):
    caster = state.sheet(who[0])
    spell = args["spell"]
    if caster.condition != "conscious":
        raise RuleRefusal(f"{caster.name} is {caster.condition} and cannot cast", "BASE-DYING")
    magic.check_slot(spell["name"], args["slot"], args.get("ritual", False), spell.get("level"),
                     spell.get("ritual"))
    decision = magic.decide(caster.name, caster.warlock, args["slot"], args.get("ritual", False),
                            spell.get("level"), args.get("pact", False), args.get("arcanum", False),
                            args.get("save_d20"), args.get("save_bonus"), args.get("pay_hp", False))
    target = None
    if args.get("target"):
        target = state.sheet(args["target"])
        if not resurrection.con_cost(spell.get("en")):
            raise RuleRefusal(f"--target names the character a resurrection spell brings back; "
                              f"{spell['name']} is not one (RES-1)", "RES-1")
    result.outcome = decision.outcome
    result.details = {"level": decision.level, "dc": decision.dc, "total": decision.total,
                      "fatigue": decision.fatigue, "hp_loss": decision.hp_loss}
    result.cite(*decision.rules)
    label = spell["name"]
    if decision.outcome == "saved":
        result.add([(f"{caster.name} saves against dying magic ({decision.total} vs DC {decision.dc})", decision.rules)])
    elif decision.outcome == "no-save":
        result.add([(f"{caster.name} casts {label} (level {decision.level}): no save", decision.rules)])
    if decision.fatigue:
        caster, effects = fatigue.add_magic(caster, decision.fatigue, label, position)
        result.add(effects)
    if decision.hp_loss:
        result.add([(f"{caster.name} pays {decision.hp_loss} HP instead ({'no save' if decision.total is None else f'failed save {decision.total} vs DC {decision.dc}'})",
                     ("MAGIC-5", "RULING-MAGIC-HP"))])
        caster, effects = dying.take_damage(caster, decision.hp_loss, label, spell.get("dice"),
                                            False, False, position)
        result.add(effects)
    cost = resurrection.con_cost(spell.get("en"))
    if cost:
        caster, effects = resurrection.pay_constitution(caster, label, cost, position)
        result.add(effects)
    put(state, caster)
    if target is not None:
        if name_key(target.name) == name_key(caster.name):
            raise RuleRefusal(f"{caster.name} cannot bring itself back (RES-1)", "RES-1")
        target, effects = resurrection.bring_back(target, spell["en"], label)
        put(state, target)
        result.add(effects)


def _fatigue(state, args, who, result, position):
    sheet, effects = fatigue.change_ordinary(state.sheet(who[0]), args["delta"], args["cause"], position)
    put(state, sheet)
    result.add(effects)


def _improve(state, args, who, result, position):
    sheet = state.sheet(who[0])
    if sheet.condition == "dead":
        raise RuleRefusal(f"{sheet.name} is dead: no ability score improvement (RES-2)", "RES-2")
    sheet = evolve(sheet, con_improvements=sheet.con_improvements + args["con"])
    put(state, sheet)
    result.add([(f"{sheet.name} improves Constitution by {args['con']} (ability score "
                 "improvement)", ("RES-2",))])


HANDLERS = {
    "init": _init,
    "character add": _character_add,
    "session start": _session_start,
    "session end": _session_end,
    "void": _void,
    "attack": _attack,
    "check": _check,
    "save": _save,
    "damage": _damage,
    "heal": _heal,
    "death-save": _death_save,
    "stabilize": _stabilize,
    "treat": _care(wounds.treat),
    "tend": _care(wounds.tend),
    "rest short": _rest_short,
    "rest night": _rest_night,
    "rest long": _rest_long,
    "rest wilderness": _rest_wilderness,
    "cast": _cast,
    "fatigue": _fatigue,
    "improve": _improve,
}
