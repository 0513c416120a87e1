"""Replaying recorded facts as they were met: the fold in order, where a correction (`void`)
re-folds the history before it without the voided fact.

Used by the projections (catch-up and rebuild), `replay --verify` (re-derive each recorded
outcome as it was at the time) and `what-if` (the same history under other rulings).
"""

from collections.abc import Callable, Iterable

from .fold import CampaignState, apply_recorded, fold_history

History = Callable[[int], Iterable[tuple[int, dict]]]


class Replayer:
    """Feeds facts one by one; keeps the state as of the last fact fed."""

    def __init__(self, state: CampaignState | None = None, rulings: dict | None = None,
                 history: History | None = None):
        self.state = state or CampaignState()
        self.rulings = rulings
        self.history = history
        self.seen: list[tuple[int, dict]] = []

    def feed(self, position: int, fact: dict):
        """Fold one fact. Returns (result or None, note, notes of earlier facts changed by a
        correction: {position: note})."""
        changed: dict[int, str | None] = {}
        if self.history is None:
            self.seen.append((position, fact))
        self.state, result, note = apply_recorded(self.state, fact, position, self.rulings)
        if fact["kind"] == "void" and result is not None:
            history = self.seen if self.history is None else list(self.history(position))
            if self.history is not None:
                history.append((position, fact))
            state = CampaignState()
            for pos, _fact, state, res, pnote in fold_history(history, self.rulings):
                if pos != position:
                    changed[pos] = pnote
            self.state = state
        return result, note, changed
