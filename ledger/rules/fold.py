"""The one fold: campaign state + one recorded fact (+ rulings) → new state and its outcome.

The aggregates validate commands with it, the projections build read models with it, and
`what-if`, `void --dry-run` and `replay --verify` re-run it under other rulings or other
corrections. Every consequence carries the rule ids that decided it. Facts that no longer
apply (after a correction, or under other rulings) raise RuleRefusal here; `fold_history`
keeps them, marked without effect, with the reason as data.
"""

from .effects import effect
from .errors import BadValue, MissingRoll, RuleRefusal
from .handlers import HANDLERS, put
from .sheet import evolve, settle
from .state import CampaignState, Result, UnknownCharacter

BREAKS_WILDERNESS = {"attack", "check", "damage", "cast"}  # unless foraging (RULING-FORAGING)
KINDS = tuple(HANDLERS)

__all__ = ["CampaignState", "Result", "UnknownCharacter", "KINDS", "apply_command",
           "apply_recorded", "fold_history", "effective_voids"]


def apply_command(state: CampaignState, fact: dict, position: int | None,
                  strict: bool = True) -> tuple[CampaignState, Result]:
    """Fold one fact. Raises RuleRefusal, BadValue or MissingRoll without changing `state`."""
    kind = fact["kind"]
    handler = HANDLERS.get(kind)
    if handler is None:
        raise BadValue("fold.unknown_kind", None, kind=kind)
    if state.name is None and kind != "init":
        raise RuleRefusal("campaign.none", None)
    result = Result()
    new = evolve(state, characters=dict(state.characters))
    args = fact.get("args", {})
    handler(new, args, fact.get("who", []), result, position, strict)
    if kind in BREAKS_WILDERNESS:
        _wilderness_activity(new, fact.get("who", []), bool(args.get("foraging")), result)
    for key, sheet in list(new.characters.items()):
        if sheet is not state.characters.get(key):
            settled, effects = settle(sheet)
            new.characters[key] = settled
            result.add(effects)
    if position is not None:
        new.position = position
    return new, result


def _wilderness_activity(state: CampaignState, who: list[str], foraging: bool,
                         result: Result) -> None:
    """RULING-7-DAYS: any other activity breaks the days in the wild; RULING-FORAGING: an
    attack, check or damage marked as hunting, fishing or gathering keeps them."""
    for name in who:
        sheet = state.sheet(name)
        if not sheet.wilderness_days:
            continue
        if foraging:
            result.add([effect(sheet.name, "wild.foraging", ("REST-3", "RULING-FORAGING"),
                               name=sheet.name, days=sheet.wilderness_days)])
            continue
        put(state, evolve(sheet, wilderness_days=0))
        result.add([effect(sheet.name, "wild.interrupted", ("RULING-7-DAYS",), name=sheet.name,
                           days=sheet.wilderness_days)])


def effective_voids(commands) -> dict[int, int]:
    """The corrections in force after `commands` ((number, fact) in order): voided command →
    the void that voids it. A void that is itself voided is not in force, so what it voided
    counts again."""
    voids = [(n, f["args"]["number"]) for n, f in commands if f["kind"] == "void"]
    cancelled: set[int] = set()
    effective: dict[int, int] = {}
    for number, target in reversed(voids):
        if number in cancelled:
            continue
        if target not in effective:
            effective[target] = number
            cancelled.add(target)
    return effective


def supplies(commands, voids: dict[int, int]) -> dict[int, dict]:
    """Dice a correction in force supplies to later commands that need them (`void N
    --wound-roll F`): command number → arguments to add."""
    in_force = set(voids.values())
    out: dict[int, dict] = {}
    for number, fact in commands:
        if fact["kind"] == "void" and number in in_force:
            for target, values in fact["args"].get("supply", {}).items():
                out.setdefault(int(target), {}).update(values)
    return out


def fold_history(commands, rulings: dict | None = None, upto: int | None = None,
                 start: CampaignState | None = None, voids: dict[int, int] | None = None):
    """Fold recorded commands (number, fact) in order, skipping those a correction in force
    voids (by default the corrections among `commands` up to `upto`: the record as it stood
    then; pass `voids` for another set, such as all the corrections recorded since), keeping
    the facts that no longer apply as without effect. Yields (number, fact, state,
    result|None, note|None) so callers can build read models; the last state is the campaign
    as of `upto`."""
    commands = [(p, f) for p, f in commands if upto is None or p <= upto]
    if voids is None:
        voids = effective_voids(commands)
    supplied = supplies(commands, voids)
    state = start or CampaignState()
    for position, fact in commands:
        if position in voids:
            state = evolve(state, position=position)
            yield position, fact, state, None, {"code": "fold.voided",
                                                "params": {"by": voids[position]}}
            continue
        if position in supplied:
            fact = {**fact, "args": {**supplied[position], **fact.get("args", {})}}
        state, result, note = apply_recorded(state, fact, position, rulings)
        yield position, fact, state, result, note


def apply_recorded(state: CampaignState, fact: dict, position: int,
                   rulings: dict | None = None):
    """Fold a recorded fact; a fact the rules now refuse is kept without effect (total): the
    note says why, as data."""
    if rulings is not None and fact["kind"] == "init":
        merged = {**fact["args"].get("rulings", {}), **rulings}
        fact = {**fact, "args": {**fact["args"], "rulings": merged}}
    try:
        new, result = apply_command(state, fact, position, strict=False)
        return new, result, None
    except MissingRoll as missing:
        note = {"code": "fold.missing_roll", "params": {"field": missing.field,
                                                        "rule": missing.rule}}
    except (RuleRefusal, BadValue) as refusal:
        note = {"code": "fold.refused", "params": {"reason": refusal.as_dict()}}
    return evolve(state, position=position), None, note
