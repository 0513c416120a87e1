"""The one fold: campaign state + one recorded fact (+ rulings) → new state and its outcome.

The aggregates validate commands with it, the projections build read models with it, and
`what-if` and `replay --verify` re-run it under other rulings. Every consequence carries the
rule ids that decided it. Facts that no longer apply (after a correction, or under other
rulings) raise RuleRefusal here; `fold_history` keeps them, marked without effect.
"""

from dataclasses import dataclass, field

from ..names import name_key
from . import crit, dying, fatigue, magic, rest, resurrection, wounds
from .errors import BadValue, MissingRoll, RuleRefusal
from .rulings import default_rulings
from .sheet import Sheet, evolve, from_dict, new_sheet, settle, to_dict

BREAKS_WILDERNESS = {"attack", "damage", "cast"}
CAMPAIGN_KINDS = {"init", "character add", "session start", "session end", "void"}


@dataclass
class CampaignState:
    name: str | None = None
    seed: int | None = None
    rulings: dict = field(default_factory=default_rulings)
    characters: dict[str, Sheet] = field(default_factory=dict)
    session_count: int = 0  # sessions started so far (their list is a read model)
    session: int | None = None  # the open session's number
    position: int = 0
    voided: list[int] = field(default_factory=list)

    def sheet(self, name: str) -> Sheet:
        key = name_key(name)
        if key not in self.characters:
            known = ", ".join(s.name for s in self.characters.values()) or "none yet"
            raise UnknownCharacter(
                f"unknown character '{name}': expected one of {known} "
                "(pangee character add NAME to add one)")
        return self.characters[key]

    def to_dict(self) -> dict:
        return {"name": self.name, "seed": self.seed, "rulings": self.rulings,
                "characters": [to_dict(s) for s in self.characters.values()],
                "session_count": self.session_count, "session": self.session, "position": self.position,
                "voided": self.voided}

    @classmethod
    def from_dict(cls, data: dict) -> "CampaignState":
        return cls(name=data["name"], seed=data["seed"], rulings=dict(data["rulings"]),
                   characters={name_key(v["name"]): from_dict(v) for v in data["characters"]},
                   session_count=data.get("session_count", len(data.get("sessions", []))),
                   session=data["session"],
                   position=data["position"], voided=list(data.get("voided", [])))


class UnknownCharacter(RuleRefusal):
    """A name that is not on the roster (exit 1)."""


@dataclass
class Result:
    """What the rules made of one fact: the outcome for the log, rule ids, consequences."""

    outcome: str | None = None
    rules: list[str] = field(default_factory=list)
    effects: list[dict] = field(default_factory=list)
    details: dict = field(default_factory=dict)

    def add(self, effects) -> None:
        for text, rules in effects:
            self.effects.append({"text": text, "rules": list(rules)})
            for rule in rules:
                if rule not in self.rules:
                    self.rules.append(rule)

    def cite(self, *rules: str) -> None:
        for rule in rules:
            if rule not in self.rules:
                self.rules.append(rule)

    def as_dict(self) -> dict:
        return {"outcome": self.outcome, "rules": self.rules, "effects": self.effects,
                "details": self.details}


def apply_command(state: CampaignState, fact: dict, position: int | None) -> tuple[CampaignState, Result]:
    """Fold one fact. Raises RuleRefusal, BadValue or MissingRoll without changing `state`."""
    kind = fact["kind"]
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise BadValue(f"unknown command kind '{kind}'")
    if state.name is None and kind != "init":
        raise RuleRefusal("no campaign here yet: run pangee init NAME first")
    result = Result()
    new = evolve(state, characters=dict(state.characters))
    handler(new, fact.get("args", {}), fact.get("who", []), result, position)
    if kind in BREAKS_WILDERNESS:
        for who in fact.get("who", []):
            sheet = new.sheet(who)
            if sheet.wilderness_days:
                _put(new, evolve(sheet, wilderness_days=0))
                result.add([(f"{sheet.name}'s days in the wild are interrupted", ("RULING-7-DAYS",))])
    for key, sheet in list(new.characters.items()):
        if sheet is not state.characters.get(key):
            settled, effects = settle(sheet)
            new.characters[key] = settled
            result.add(effects)
    if position is not None:
        new.position = position
    return new, result


def _put(state: CampaignState, sheet: Sheet) -> None:
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
    _put(state, sheet)
    result.add(effects)
    result.outcome = "endured" if sheet.endurance_used and not before.endurance_used else sheet.condition


def _heal(state, args, who, result, position):
    sheet = state.sheet(who[0])
    sheet, effects = dying.receive_healing(sheet, args["amount"], args.get("wound_roll"),
                                           args.get("wound_dice"), position)
    _put(state, sheet)
    result.add(effects)
    result.outcome = sheet.condition


def _death_save(state, args, who, result, position):
    sheet = state.sheet(who[0])
    sheet, roll, effects = dying.death_save(sheet, args.get("d20"), args.get("wound_roll"),
                                            args.get("wound_dice"), position)
    _put(state, sheet)
    result.add(effects)
    result.outcome = roll.outcome
    result.details = {"d20": args["d20"], "condition": sheet.condition}


def _stabilize(state, args, who, result, position):
    sheet = state.sheet(who[0])
    if args.get("by"):
        state.sheet(args["by"])
    sheet, effects = dying.stabilize(sheet, args.get("by"), args.get("wound_roll"),
                                     args.get("wound_dice"), position)
    _put(state, sheet)
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
        _put(state, sheet)
        result.add(effects)
        result.outcome = roll.outcome
        result.details = roll.as_dict()
    return handler


def _rest_short(state, args, who, result, position):
    for name in who:
        sheet, effects = rest.short_rest(state.sheet(name))
        _put(state, sheet)
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
        _put(state, sheet)
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
        _put(state, sheet)
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
    _put(state, caster)
    if target is not None:
        if name_key(target.name) == name_key(caster.name):
            raise RuleRefusal(f"{caster.name} cannot bring itself back (RES-1)", "RES-1")
        target, effects = resurrection.bring_back(target, spell["en"], label)
        _put(state, target)
        result.add(effects)


def _fatigue(state, args, who, result, position):
    sheet, effects = fatigue.change_ordinary(state.sheet(who[0]), args["delta"], args["cause"], position)
    _put(state, sheet)
    result.add(effects)


def _improve(state, args, who, result, position):
    sheet = state.sheet(who[0])
    if sheet.condition == "dead":
        raise RuleRefusal(f"{sheet.name} is dead: no ability score improvement (RES-2)", "RES-2")
    sheet = evolve(sheet, con_improvements=sheet.con_improvements + args["con"])
    _put(state, sheet)
    result.add([(f"{sheet.name} improves Constitution by {args['con']} (ability score "
                 "improvement)", ("RES-2",))])


_HANDLERS = {
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

KINDS = tuple(_HANDLERS)


def fold_history(commands, rulings: dict | None = None, upto: int | None = None,
                 start: CampaignState | None = None):
    """Fold recorded commands (position, fact) in order, skipping voided ones, keeping the
    facts that no longer apply as without effect. Yields (position, fact, state, result|None,
    note) so callers can build read models; the last state is the campaign as of `upto`."""
    commands = [(p, f) for p, f in commands if upto is None or p <= upto]
    voided = {f["args"]["position"]: p for p, f in commands if f["kind"] == "void"}
    state = start or CampaignState()
    for position, fact in commands:
        if position in voided:
            state = evolve(state, position=position)
            yield position, fact, state, None, f"voided at {voided[position]}"
            continue
        state, result, note = apply_recorded(state, fact, position, rulings)
        yield position, fact, state, result, note


def apply_recorded(state: CampaignState, fact: dict, position: int,
                   rulings: dict | None = None):
    """Fold a recorded fact; a fact the rules now refuse is kept without effect (total)."""
    if rulings is not None and fact["kind"] == "init":
        merged = {**fact["args"].get("rulings", {}), **rulings}
        fact = {**fact, "args": {**fact["args"], "rulings": merged}}
    try:
        new, result = apply_command(state, fact, position)
        return new, result, None
    except MissingRoll as missing:
        note = f"without effect: it needs a {missing.field} that was never rolled ({missing.rule})"
    except (RuleRefusal, BadValue) as refusal:
        note = f"without effect: {refusal}"
    return evolve(state, position=position), None, note
