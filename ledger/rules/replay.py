"""Replaying recorded facts as they were met: the fold in order, where a correction (`void`)
re-folds the history before it with the corrections then in force.

Used by the projections (catch-up and rebuild), `replay --verify` (re-derive each recorded
outcome as it was at the time) and `what-if` (the same history under other rulings).
"""

from collections.abc import Callable, Iterable

from .fold import CampaignState, apply_recorded, fold_history

# number -> (fact, result as first folded, result now if it differs, note) of earlier commands
History = Callable[[int], Iterable[tuple[int, dict, dict | None, dict | None, dict | None]]]


class Replayer:
    """Feeds facts one by one; keeps the state as of the last fact fed."""

    def __init__(self, state: CampaignState | None = None, rulings: dict | None = None,
                 history: History | None = None):
        self.state = state or CampaignState()
        self.rulings = rulings
        self.history = history
        self.seen: list[tuple] = []

    def feed(self, position: int, fact: dict):
        """Fold one fact. Returns (result or None, note or None, changes) where changes maps
        the number of each earlier command whose fate a correction changed to (note, now):
        why it is without effect (or None) and its result now if it differs from the first."""
        changed: dict[int, tuple] = {}
        self.state, result, note = apply_recorded(self.state, fact, position, self.rulings)
        if self.history is None:
            self.seen.append((position, fact, result.as_dict() if result else None, None, note))
        if fact["kind"] == "void" and result is not None:
            past = self.seen if self.history is None else list(self.history(position))
            known = {row[0]: row for row in past}
            commands = [(row[0], row[1]) for row in past]
            if self.history is not None:
                commands.append((position, fact))
            state = CampaignState()
            for pos, _fact, state, res, pnote in fold_history(commands, self.rulings):
                if pos == position or pos not in known:
                    continue
                _n, _f, first, now, old_note = known[pos]
                res = res.as_dict() if res is not None else None
                new_now = res if res is not None and res != first else None
                if (pnote, new_now) != (old_note, now):
                    changed[pos] = (pnote, new_now)
                    if self.history is None:
                        self.seen[pos_index(self.seen, pos)] = (pos, _f, first, new_now, pnote)
            self.state = state
        return result, note, changed


def pos_index(rows: list[tuple], position: int) -> int:
    """Where command `position` is in `rows` (numbered 1, 2, 3… in order)."""
    index = position - rows[0][0]
    if 0 <= index < len(rows) and rows[index][0] == position:
        return index
    return next(i for i, row in enumerate(rows) if row[0] == position)
