"""`what-if`: the recorded facts folded again under other rulings; nothing is written."""

from ledger.rules.replay import Replayer
from ledger.rules.rulings import with_rulings

from .status import character_view


def fold_under(facts: list[tuple[int, dict]], overrides: dict) -> tuple:
    """The campaign as it would stand under `overrides` (corrections applied as they came)."""
    init = next((f for _p, f in facts if f["kind"] == "init"), None)
    recorded = (init or {}).get("args", {}).get("rulings", {})
    rulings = with_rulings(recorded, overrides)
    replayer = Replayer(rulings=rulings)
    for position, fact in facts:
        replayer.feed(position, fact)
    return replayer.state, rulings


def differences(before: dict, after: dict, path: str = "") -> list[tuple[str, object, object]]:
    """Field-by-field differences between two character views."""
    out = []
    if isinstance(before, dict) and isinstance(after, dict):
        for key in before.keys() | after.keys():
            out += differences(before.get(key), after.get(key), f"{path}.{key}" if path else key)
    elif isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for i, (b, a) in enumerate(zip(before, after)):
            out += differences(b, a, f"{path}[{i}]")
    elif before != after:
        out.append((path, before, after))
    return sorted(out, key=lambda d: d[0])


def character_differences(recorded_state, other_state, names: list[str]) -> dict:
    result = {}
    for name in names:
        key = next(k for k, s in recorded_state.characters.items() if s.name == name)
        before = character_view(recorded_state.characters[key])
        after = character_view(other_state.characters[key]) if key in other_state.characters else {}
        result[name] = differences(before, after)
    return result
