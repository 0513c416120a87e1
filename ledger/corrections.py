"""Comparing two folds of the same recorded facts — under other rulings (`what-if`) or with one
more correction (`void`, `void --dry-run`) — command by command, as data.

A correction never leaves a later command without effect unless the GM says so: when a later
command would lose its effect — because it now needs a die that was never rolled (voiding a
stabilization turns a later potion into the survival, which needs the wound's roll), or
because the rules now refuse it — the correction is refused, naming the command (and the
option that supplies the missing die), unless the correction supplies the die (recorded in
its fact as `supply`) or the GM accepts the loss (`force`, recorded as `accepted_loss`).
"""

from dataclasses import dataclass, field

from .rules.errors import BadValue, RuleRefusal
from .rules.fold import CampaignState, effective_voids, fold_history

ROLL_OPTIONS = {"wound_roll": "--wound-roll", "d20": "--d20", "save_d20": "--save-d20"}


@dataclass
class Folded:
    """One fold of a history: each command's result (as data) or why it had no effect."""

    results: dict[int, dict | None] = field(default_factory=dict)
    notes: dict[int, dict | None] = field(default_factory=dict)
    kinds: dict[int, str] = field(default_factory=dict)
    facts: dict[int, dict] = field(default_factory=dict)
    state: CampaignState = field(default_factory=CampaignState)


def fold_all(history, rulings: dict | None = None, voids: dict | None = None) -> Folded:
    folded = Folded()
    for number, fact, state, result, note in fold_history(history, rulings, voids=voids):
        folded.results[number] = result.as_dict() if result is not None else None
        folded.notes[number] = note
        folded.kinds[number] = fact["kind"]
        folded.facts[number] = fact
        folded.state = state
    return folded


def changes(before: Folded, after: Folded, skip: set[int] = frozenset()) -> list[dict]:
    """Every command whose fate differs between two folds: lost or regained its effect, or
    another outcome or other consequences."""
    out = []
    for number in sorted(before.results.keys() | after.results.keys()):
        if number in skip:
            continue
        a, b = before.results.get(number), after.results.get(number)
        if a == b:
            continue
        if a is not None and b is None:
            change = "lost"
        elif a is None and b is not None:
            change = "regained"
        elif a["outcome"] != b["outcome"]:
            change = "outcome"
        else:
            change = "effects"
        out.append({"number": number, "kind": after.kinds.get(number) or before.kinds.get(number),
                    "change": change, "before": a, "after": b,
                    "note_before": before.notes.get(number), "note_after": after.notes.get(number)})
    return out


@dataclass
class VoidPlan:
    """What a correction does to the record: the commands it changes, those that lose their
    effect (and why), the dice it supplies, and the campaign before and after."""

    target: int
    changes: list[dict]
    lost: list[dict]
    supply: dict
    before: CampaignState
    after: CampaignState
    refusal: dict | None = None  # what recording it as given would answer (a preview's)


def plan_void(history: list[tuple[int, dict]], fact: dict, number: int,
              preview: bool = False) -> VoidPlan:
    """Simulate the correction `fact` (to be recorded as command `number`) on `history`;
    fills its `supply` from the dice given with it and its `accepted_loss` under `force`, and
    refuses a correction that would silently leave a command without a roll it needs."""
    args = fact["args"]
    target = args["number"]
    given = {f: args.pop(f) for f in ROLL_OPTIONS if f in args}
    before = fold_all(history, voids=effective_voids(history))
    supply: dict[str, dict] = {}
    while True:
        if supply:
            args["supply"] = supply
        candidate = history + [(number, fact)]
        after = fold_all(candidate, voids=effective_voids(candidate))
        found = changes(before, after, skip={number, target})
        lost = [_lost(c) for c in found if c["change"] == "lost"]
        needing = [item for item in lost if item["field"] in given]
        if not needing:
            break
        item = needing[0]
        supply[str(item["number"])] = {item["field"]: given.pop(item["field"])}
    refusal = _refusal(target, given, lost, bool(args.get("force")))
    if refusal is not None and not preview:
        raise refusal
    if args.get("force") and lost:
        args["accepted_loss"] = [item["number"] for item in lost]
    return VoidPlan(target, found, lost, supply, before.state, after.state,
                    refusal.as_dict() if refusal is not None else None)


def _refusal(target: int, given: dict, lost: list[dict], force: bool):
    """Why the correction cannot be recorded as given, or None."""
    if given:
        return BadValue("void.roll_not_needed", None, number=target,
                        options=[ROLL_OPTIONS[f] for f in given])
    missing = [item for item in lost if item["field"]]
    if missing and not force:
        first = missing[0]
        return RuleRefusal("void.would_lose", None, number=target, command=first["number"],
                           command_kind=first["kind"], option=first["option"],
                           count=len(missing))
    if lost and not force:  # never without effect unless the GM says so
        first = lost[0]
        note = first["note"] or {}
        why = note.get("params", {}).get("reason") if note.get("code") == "fold.refused" else note
        return RuleRefusal("void.would_disable", None, number=target, command=first["number"],
                           command_kind=first["kind"], why=why, count=len(lost))
    return None


def _lost(change: dict) -> dict:
    """A command that loses its effect: which die it now needs, if that is the reason."""
    note = change.get("note_after") or {}
    field_name = note.get("params", {}).get("field") if note.get("code") == "fold.missing_roll" else None
    return {"number": change["number"], "kind": change["kind"], "field": field_name,
            "option": ROLL_OPTIONS.get(field_name) if field_name else None, "note": note}
