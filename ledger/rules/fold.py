"""The one fold: campaign state + one recorded fact (+ rulings) → new state and its outcome.

The aggregates validate commands with it, the projections build read models with it, and
`what-if` and `replay --verify` re-run it under other rulings. Every consequence carries the
rule ids that decided it. Facts that no longer apply (after a correction, or under other
rulings) raise RuleRefusal here; `fold_history` keeps them, marked without effect.
"""

from .errors import BadValue, MissingRoll, RuleRefusal
from .handlers import HANDLERS, put
from .sheet import evolve, settle
from .state import CampaignState, Result, UnknownCharacter

BREAKS_WILDERNESS = {"attack", "damage", "cast"}
KINDS = tuple(HANDLERS)

__all__ = ["CampaignState", "Result", "UnknownCharacter", "KINDS", "apply_command",
           "apply_recorded", "fold_history"]


def apply_command(state: CampaignState, fact: dict, position: int | None) -> tuple[CampaignState, Result]:
    """Fold one fact. Raises RuleRefusal, BadValue or MissingRoll without changing `state`."""
    kind = fact["kind"]
    handler = HANDLERS.get(kind)
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
                put(new, evolve(sheet, wilderness_days=0))
                result.add([(f"{sheet.name}'s days in the wild are interrupted", ("RULING-7-DAYS",))])
    for key, sheet in list(new.characters.items()):
        if sheet is not state.characters.get(key):
            settled, effects = settle(sheet)
            new.characters[key] = settled
            result.add(effects)
    if position is not None:
        new.position = position
    return new, result


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
