"""How each kind of recorded fact folds into the campaign: one handler per write command,
each calling the rule functions of its family and citing their rule ids.

A handler gets `strict`: True at the edge (a command being recorded: any refusal refuses it
whole), False when recorded facts are folded again (after a correction, under other
rulings): then each character's part of a party command folds on its own, and a part the
rules now refuse is kept without effect while the others apply.
"""

from ..names import name_key
from . import crit, dying, fatigue, magic, rest, resurrection, wounds
from .effects import effect, named
from .errors import MissingRoll, RuleRefusal
from .rulings import default_rulings
from .sheet import Sheet, evolve, hp_max, new_sheet
from .state import CampaignState, Result


def put(state: CampaignState, sheet: Sheet) -> None:
    state.characters[name_key(sheet.name)] = sheet


def _init(state, args, who, result, position, strict):
    if state.name is not None:
        raise RuleRefusal("campaign.exists", None, name=state.name)
    state.name = args["name"]
    state.seed = args.get("seed")
    state.rulings = {**default_rulings(), **args.get("rulings", {})}


def _character_add(state, args, who, result, position, strict):
    key = name_key(args["name"])
    if key in state.characters:
        raise RuleRefusal("character.exists", None, name=state.characters[key].name)
    level = args.get("level")
    sheet = new_sheet(args["name"], args["con"], args["hp_max"], level or 1,
                      args.get("medicine", False), args.get("crit_min", 20),
                      args.get("relentless", False), args.get("warlock", False))
    state.characters[key] = sheet
    result.add([effect(sheet.name, "character.joined", (), name=sheet.name, con=sheet.con_base,
                       hp_max=sheet.hp_max_base, level=sheet.level, assumed=level is None)])


def _character_update(state, args, who, result, position, strict):
    """A level-up or a change of the sheet; the HP maximum given is the new maximum as it
    stands, and later Constitution changes count with the level in force."""
    sheet = state.sheet(who[0])
    name = sheet.name
    effects = []
    changes = {}
    if args.get("level") is not None and args["level"] != sheet.level:
        effects.append(effect(name, "character.level", (), name=name, before=sheet.level,
                              after=args["level"]))
        changes["level"] = args["level"]
    updated = evolve(sheet, **changes)
    before_max = hp_max(sheet)
    if args.get("hp_max") is not None:
        # the base that makes the maximum, as it stands now, the one given: the maximum is
        # base + level × (change of the Constitution modifier), never below 1
        base = args["hp_max"] - (hp_max(evolve(updated, hp_max_base=10**6)) - 10**6)
        updated = evolve(updated, hp_max_base=base)
        if hp_max(updated) != args["hp_max"]:
            raise RuleRefusal("character.hp_max_floor", None, name=name, hp_max=args["hp_max"])
    if hp_max(updated) != before_max:
        effects.append(effect(name, "character.hp_max", (), name=name, before=before_max,
                              after=hp_max(updated)))
        if updated.hp > hp_max(updated):
            updated = evolve(updated, hp=hp_max(updated))
    if args.get("medicine") is not None and args["medicine"] != sheet.medicine:
        updated = evolve(updated, medicine=args["medicine"])
        effects.append(effect(name, "character.medicine", (), name=name, value=args["medicine"]))
    if args.get("crit_min") is not None and args["crit_min"] != sheet.crit_min:
        updated = evolve(updated, crit_min=args["crit_min"])
        effects.append(effect(name, "character.crit_min", ("CRIT-5",), name=name,
                              before=sheet.crit_min, after=args["crit_min"]))
    if not effects:
        raise RuleRefusal("character.no_change", None, name=name)
    put(state, updated)
    result.add(effects)


def _session_start(state, args, who, result, position, strict):
    if state.session is not None:
        raise RuleRefusal("session.still_open", None, number=state.session)
    number = state.session_count + 1
    state.session_count = number
    state.session = number
    result.details = {"session": number}
    result.add([effect(None, "session.started", (), number=number, title=args.get("title"))])


def _session_end(state, args, who, result, position, strict):
    if state.session is None:
        raise RuleRefusal("session.none_open", None)
    result.details = {"session": state.session}
    result.add([effect(None, "session.ended", (), number=state.session)])
    state.session = None


def _void(state, args, who, result, position, strict):
    """A correction: the target stops counting; a void of a void reinstates what it voided
    (and what that one had voided counts as voided again: the corrections in force are
    recomputed from every correction recorded, as fold.effective_voids does)."""
    from .fold import effective_voids

    target = args["number"]
    if target in state.voids:
        raise RuleRefusal("void.already", None, number=target, by=state.voids[target])
    number = position if position is not None else max(state.void_log, default=0) + 1
    log = {**state.void_log, number: target}
    voids = effective_voids([(n, {"kind": "void", "args": {"number": t}})
                             for n, t in sorted(log.items())])
    reinstated = sorted(c for c in state.voids if c not in voids)
    state.void_log = log
    state.voids = voids
    result.outcome = "voided"
    result.add([effect(None, "void.voided", (), number=target, reason=args["reason"])])
    result.add([effect(None, "void.reinstated", (), number=c, by=target) for c in reinstated])
    result.details = {"voided": target, "reinstated": reinstated,
                      "supplied": args.get("supply", {}), "forced": bool(args.get("force"))}


def _note(state, args, who, result, position, strict):
    result.outcome = "noted"
    result.details = {"number": args["number"]}
    result.add([effect(None, "note.added", (), number=args["number"], text=args["text"])])


def _attack(state, args, who, result, position, strict):
    sheet = state.sheet(who[0])
    if args.get("d20") is None:
        raise MissingRoll("d20", 20, "BASE-CRIT")
    crit_min = args.get("crit_min") or sheet.crit_min
    bonus = args.get("bonus", 0)
    roll = crit.resolve_attack(args["d20"], bonus, args["ac"], crit_min,
                               state.rulings["crit.nat1"])
    result.outcome = roll.outcome
    result.details = roll.numbers(args["d20"], bonus) | {
        "crit_min": crit_min, "crit_margin": crit.crit_margin(crit_min)}
    result.cite(*roll.rules)


def _check(state, args, who, result, position, strict):
    state.sheet(who[0])
    if args.get("d20") is None:
        raise MissingRoll("d20", 20, "CRIT-4")
    bonus = args.get("bonus", 0)
    roll = crit.resolve_check(args["d20"], bonus, args["dc"], state.rulings["crit.checks"])
    result.outcome, result.details = roll.outcome, roll.numbers(args["d20"], bonus)
    result.cite(*roll.rules)


def _save(state, args, who, result, position, strict):
    state.sheet(who[0])
    if args.get("d20") is None:
        raise MissingRoll("d20", 20, "RULING-CHECKS")
    bonus = args.get("bonus", 0)
    roll = crit.resolve_save(args["d20"], bonus, args["dc"])
    result.outcome, result.details = roll.outcome, roll.numbers(args["d20"], bonus)
    result.cite(*roll.rules)


def _hp_details(before: Sheet, after: Sheet) -> dict:
    return {"hp_before": before.hp, "hp_after": after.hp, "condition_before": before.condition,
            "condition": after.condition}


def _damage(state, args, who, result, position, strict):
    before = state.sheet(who[0])
    sheet, effects = dying.take_damage(before, args["amount"], args["cause"], args.get("dice"),
                                       args.get("critical", False), args.get("endure", False),
                                       position, args.get("cause_en"))
    put(state, sheet)
    result.add(effects)
    result.details = _hp_details(before, sheet)
    result.outcome = "endured" if sheet.endurance_used and not before.endurance_used else sheet.condition


def _heal(state, args, who, result, position, strict):
    before = state.sheet(who[0])
    sheet, effects = dying.receive_healing(before, args["amount"], args.get("wound_roll"),
                                           args.get("wound_dice"), position)
    put(state, sheet)
    result.add(effects)
    result.details = _hp_details(before, sheet)
    result.outcome = sheet.condition


def _death_save(state, args, who, result, position, strict):
    before = state.sheet(who[0])
    sheet, roll, effects = dying.death_save(before, args.get("d20"), args.get("wound_roll"),
                                            args.get("wound_dice"), position)
    put(state, sheet)
    result.add(effects)
    result.outcome = roll.outcome
    result.details = {"d20": args["d20"]} | _hp_details(before, sheet)


def _stabilize(state, args, who, result, position, strict):
    before = state.sheet(who[0])
    if args.get("by"):
        state.sheet(args["by"])
    sheet, effects = dying.stabilize(before, args.get("by"), args.get("wound_roll"),
                                     args.get("wound_dice"), position)
    put(state, sheet)
    result.add(effects)
    result.details = _hp_details(before, sheet)
    result.outcome = sheet.condition


def _treat(state, args, who, result, position, strict):
    sheet = state.sheet(who[0])
    healer = _healer(state, args, sheet)
    sheet, roll, effects, details = wounds.treat(
        sheet, healer, args.get("d20"), args.get("bonus", 0), state.rulings, position,
        args.get("wound_from"), args.get("wound"))
    put(state, sheet)
    result.add(effects)
    result.outcome = roll.outcome
    result.details = details


def _tend(state, args, who, result, position, strict):
    sheet = state.sheet(who[0])
    healer = _healer(state, args, sheet)
    sheet, roll, effects, details = wounds.tend(sheet, healer, args.get("d20"),
                                                args.get("bonus", 0), state.rulings, position)
    put(state, sheet)
    result.add(effects)
    result.outcome = roll.outcome
    result.details = details


def _healer(state, args, sheet: Sheet) -> Sheet:
    healer = state.sheet(args["by"])
    return sheet if name_key(healer.name) == name_key(sheet.name) else healer


def _party(state: CampaignState, who, result: Result, strict: bool, part) -> None:
    """Each character's part of a party command, on its own (see the module docstring)."""
    if strict:
        refused = []
        for name in who:
            sheet = state.sheet(name)
            try:
                rest.can_rest(sheet)
            except RuleRefusal:
                refused.append({"name": sheet.name, "condition": sheet.condition})
        if refused:
            dying = [r["name"] for r in refused if r["condition"] == "dying"]
            dead = [r["name"] for r in refused if r["condition"] == "dead"]
            code = ("rest.party_refused" if dying and dead else
                    "rest.party_dying" if dying else "rest.party_dead")
            raise RuleRefusal(code, "BASE-DYING", dying=dying, dead=dead,
                              count=len(dying) + len(dead))
    for name in who:
        try:
            sheet = state.sheet(name)
            sheet, kind, effects = part(sheet)
        except RuleRefusal as refusal:
            if strict:
                raise
            result.skipped[name] = refusal.as_dict()
            result.outcomes[name] = None
            continue
        put(state, sheet)
        result.add(effects)
        result.outcomes[sheet.name] = kind
    if not any(result.outcomes.values()):
        first = next(iter(result.skipped.values()))
        raise RuleRefusal(first["code"], first["rule"], **first["params"])


def _rest_short(state, args, who, result, position, strict):
    def part(sheet):
        sheet, effects = rest.short_rest(sheet)
        return sheet, "short", effects
    _party(state, who, result, strict, part)
    result.outcome = "short"


def _rest_night(state, args, who, result, position, strict):
    long = rest.night_is_long(args.get("safe", False), args.get("calm", False),
                              args.get("watch", False))
    _nights(state, who, long, result, strict)


def _rest_long(state, args, who, result, position, strict):
    _nights(state, who, rest.night_is_long(True, True, args.get("watch", False)), result, strict)


def _nights(state, who, long, result, strict):
    _party(state, who, result, strict,
           lambda sheet: rest.night(sheet, long, state.rulings, ("REST-1",)))
    result.outcome = "long" if long else "short"
    result.details = {"long_possible": long}


def _rest_wilderness(state, args, who, result, position, strict):
    _party(state, who, result, strict, lambda sheet: rest.wilderness_day(sheet, state.rulings))
    result.outcome = "long" if "long" in result.outcomes.values() else "short"


def _spell_label(spell: dict) -> tuple[str, str | None]:
    """The spell's French catalogue name (or the text typed) and its English name."""
    return spell.get("fr") or spell["name"], spell.get("en")


def _cast(state, args, who, result, position, strict):
    caster = state.sheet(who[0])
    spell = args["spell"]
    label, label_en = _spell_label(spell)
    if caster.condition != "conscious":
        raise RuleRefusal("cast.caster_down", "BASE-DYING", name=caster.name,
                          condition=caster.condition)
    magic.check_slot(label, args["slot"], args.get("ritual", False), spell.get("level"),
                     spell.get("ritual"))
    target = None
    if args.get("target"):
        target = state.sheet(args["target"])
        if not resurrection.con_cost(spell.get("en")):
            raise RuleRefusal("cast.target_not_resurrection", "RES-1", spell=named(label, label_en))
        if name_key(target.name) == name_key(caster.name):
            raise RuleRefusal("cast.self_resurrection", "RES-1", name=caster.name)
        resurrection.can_bring_back(target, spell)
    decision = magic.decide(caster.name, caster.warlock, args["slot"], args.get("ritual", False),
                            spell.get("level"), args.get("pact", False), args.get("arcanum", False),
                            args.get("save_d20"), args.get("save_bonus"), args.get("pay_hp", False))
    result.outcome = decision.outcome
    result.details = decision.details(args["slot"])
    result.cite(*decision.rules)
    common = dict(name=caster.name, spell=named(label, label_en), level=decision.level,
                  slot=args["slot"])
    if decision.outcome == "saved":
        result.add([effect(caster.name, "cast.saved", decision.rules, d20=decision.d20,
                           bonus=decision.bonus, total=decision.total, dc=decision.dc, **common)])
    elif decision.outcome == "no-save":
        code = "cast.pact" if args.get("pact") else "cast.no_save"
        result.add([effect(caster.name, code, decision.rules, **common)])
    elif decision.outcome == "fatigue":
        result.add([effect(caster.name, "cast.failed", decision.rules, d20=decision.d20,
                           bonus=decision.bonus, total=decision.total, dc=decision.dc,
                           levels=decision.fatigue, **common)])
    if decision.fatigue:
        caster, effects = fatigue.add_magic(caster, decision.fatigue, label, position, label_en)
        result.add(effects)
    if decision.hp_loss:
        result.add([effect(caster.name, "cast.paid_hp", ("MAGIC-5", "RULING-MAGIC-HP"),
                           hp=decision.hp_loss, saved=decision.total is not None,
                           d20=decision.d20, bonus=decision.bonus, total=decision.total,
                           dc=decision.dc, **common)])
        caster, effects = dying.take_damage(caster, decision.hp_loss, label, spell.get("dice"),
                                            False, False, position, label_en)
        result.add(effects)
    cost = resurrection.con_cost(spell.get("en"))
    if cost:
        caster, effects = resurrection.pay_constitution(caster, label, cost, position, label_en)
        result.add(effects)
    put(state, caster)
    if target is not None:
        target, effects = resurrection.bring_back(state.sheet(target.name), spell["en"], label)
        put(state, target)
        result.add(effects)
        result.outcomes = {caster.name: decision.outcome, target.name: "conscious"}


def _fatigue(state, args, who, result, position, strict):
    sheet, effects = fatigue.change(state.sheet(who[0]), args["delta"],
                                    args.get("source", "ordinary"), args["cause"], position)
    put(state, sheet)
    result.add(effects)


def _improve(state, args, who, result, position, strict):
    sheet, effects = resurrection.improve(state.sheet(who[0]), args["con"],
                                          args.get("beyond_cap", False), args.get("cause"))
    put(state, sheet)
    result.add(effects)


HANDLERS = {
    "init": _init,
    "character add": _character_add,
    "character update": _character_update,
    "session start": _session_start,
    "session end": _session_end,
    "void": _void,
    "note": _note,
    "attack": _attack,
    "check": _check,
    "save": _save,
    "damage": _damage,
    "heal": _heal,
    "death-save": _death_save,
    "stabilize": _stabilize,
    "treat": _treat,
    "tend": _tend,
    "rest short": _rest_short,
    "rest night": _rest_night,
    "rest long": _rest_long,
    "rest wilderness": _rest_wilderness,
    "cast": _cast,
    "fatigue": _fatigue,
    "improve": _improve,
}
