"""`what-if`: the recorded facts folded again under other rulings, compared with the record
command by command and at the end, as data; nothing is written."""

from ledger.corrections import changes, fold_all
from ledger.rules.fold import effective_voids
from ledger.rules.rulings import with_rulings

from .status import character_view


def fold_under(facts: list[tuple[int, dict]], overrides: dict) -> dict:
    """The same history under `overrides`: every command whose outcome differs, the first of
    them, and the end state of each character before and after."""
    init = next((f for _p, f in facts if f["kind"] == "init"), None)
    recorded = (init or {}).get("args", {}).get("rulings", {})
    rulings = with_rulings(recorded, overrides)
    voids = effective_voids(facts)
    before = fold_all(facts, voids=voids)
    after = fold_all(facts, rulings, voids=voids)
    found = changes(before, after)
    return {"rulings": rulings, "overrides": overrides, "changes": found,
            "first": found[0]["number"] if found else None,
            "before": before.state, "after": after.state}


def end_differences(before_state, after_state, names: list[str]) -> list[dict]:
    """Per character, what differs at the end: HP, maximum, condition, fatigue, wounds,
    Constitution."""
    out = []
    for name in names:
        key = next(k for k, s in before_state.characters.items() if s.name == name)
        a = character_view(before_state.characters[key])
        b = character_view(after_state.characters[key]) if key in after_state.characters else None
        diffs = {}
        if b is not None:
            pairs = {"hp": (a["hp"]["current"], b["hp"]["current"]),
                     "max": (a["hp"]["max"], b["hp"]["max"]),
                     "condition": (a["condition"], b["condition"]),
                     "fatigue": (a["fatigue"]["total"], b["fatigue"]["total"]),
                     "wounds": ([w["rests_remaining"] for w in a["wounds"]],
                                [w["rests_remaining"] for w in b["wounds"]]),
                     "con": (a["constitution"]["current"], b["constitution"]["current"]),
                     "wild": (a["wilderness_days"], b["wilderness_days"]),
                     "saves": ((a["death_saves"]["successes"], a["death_saves"]["failures"]),
                               (b["death_saves"]["successes"], b["death_saves"]["failures"]))}
            diffs = {k: {"before": x, "after": y} for k, (x, y) in pairs.items() if x != y}
        out.append({"name": name, "differences": diffs, "before": a, "after": b})
    return out
