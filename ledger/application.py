"""CampaignLedger: the eventsourcing Application behind every command.

Each write folds the command on the caught-up state (the rules decide or refuse), records one
event on the Campaign stream (the campaign's total order) and one per character it touches,
saves them in one transaction, and catches the projections up. A concurrent writer that got
there first makes the save fail on the Campaign stream's version (the store's unique key):
the command is then folded again on the new state and retried, within a bounded time.
"""

import random
import time
from collections.abc import Callable, Iterable
from datetime import datetime, timezone

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, InternalError, OperationalError

from projections.queries import Queries
from projections.runner import Projections, paused_gc

from . import store
from .errors import NoCampaign, StepError, StoreBusy
from .rules.errors import BadValue, Problem, RuleRefusal
from .rules.fold import CampaignState
from .store import Db, Target, ensure_schema
from .writing import Batch, Recorded


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def rng_for(state: CampaignState, salt: str = "", position: int | None = None) -> random.Random:
    """Dice the GM leaves out: seeded from the campaign seed and the command's place
    (repeatable), else from the operating system."""
    if state.seed is None:
        return random.Random()
    return random.Random(f"{state.seed}:{state.position if position is None else position}:{salt}")


class CampaignLedger(Application):
    name = "pangee"

    def __init__(self, target: Target, clock: Callable[[], datetime] = utc_now,
                 rng_factory: Callable[..., random.Random] = rng_for, progress=None):
        ensure_schema(target)
        self._open(target)
        self.target = target
        self.clock = clock
        self.rng_factory = rng_factory
        self.db = Db(self.recorder.datastore, target)
        self.projections = Projections(self.db, self.recorder, progress)
        self.projections.create()
        self.queries = Queries(self.db, self.projections)

    def _open(self, target: Target) -> None:
        """Construct the library's application; a concurrent first open of the same store
        (tables and functions being created by another process) is retried, for a while."""
        error = None
        for _ in store.attempts(store.OPEN_DEADLINE_S):
            try:
                super().__init__(env=target.env)
                return
            except (InternalError, OperationalError, IntegrityError) as failure:
                error = failure
        raise error  # the store's own failure: reported in one line by the command line

    # -- writes ----------------------------------------------------------------------------
    def record(self, kind: str, raw: dict, rng: random.Random | None = None,
               dry_run: bool = False):
        """One write command, all or nothing. With `dry_run` (a correction only) the
        simulation is returned and nothing is written."""
        def build(state, heads, chain):
            batch = self._batch(state, heads, chain)
            if kind != "init" and state.name is None:
                raise NoCampaign("campaign.none", None)
            plan = batch.add(kind, raw, rng or self.rng_factory(state, kind, state.position + 1),
                             dry_run=dry_run)
            return plan if dry_run else batch
        if dry_run:
            self.projections.catch_up()
            state, heads, chain = self.projections.current()
            return build(state, heads, chain)
        return self._commit(build)[-1]

    def record_many(self, steps: Iterable[tuple[dict, str, dict]], seed_salt: str = "import",
                    progress: Callable[[int, int], None] | None = None) -> list[Recorded]:
        """A campaign script: every step folded in order, saved in one transaction; the
        first bad step is reported with where it stands, and nothing is written.
        `progress(done, total)` is told of each step folded."""
        steps = list(steps)

        def build(state, heads, chain):
            batch = self._batch(state, heads, chain, bulk=True)
            start = state.position
            rng = None
            for done, (where, kind, raw) in enumerate(steps, 1):
                if progress:
                    progress(done, len(steps))
                if rng is None and batch.state.name is not None:
                    rng = self.rng_factory(batch.state, seed_salt, start)
                if kind != "init" and batch.state.name is None:
                    raise StepError(where, NoCampaign("script.no_campaign", None))
                try:
                    batch.add(kind, raw, rng or random.Random())
                except Problem as error:
                    raise StepError(where, error) from None
            return batch
        with paused_gc():  # bulk: see paused_gc
            return self._commit(build)

    def restore(self, add_all: Callable[[Batch], None]) -> list[Recorded]:
        """Commands exported from another store, recorded again as they were, all or nothing
        (see ledger/jsonl.py: `add_all` adds them to the batch, checking each)."""
        def build(state, heads, chain):
            if state.name is not None or state.position:
                raise RuleRefusal("restore.not_empty", None, campaign=state.name)
            batch = self._batch(state, heads, chain, bulk=True)
            add_all(batch)
            return batch
        with paused_gc():
            return self._commit(build)

    def _batch(self, state, heads, chain, bulk: bool = False) -> Batch:
        """Events become stored events as they are made: a long import never holds both."""
        return Batch(state, heads, chain, self.clock, self.queries.command_at,
                     self.queries.facts, self.mapper.to_stored_event, keep_results=not bulk)

    def _commit(self, build) -> list[Recorded]:
        """Fold on the caught-up state and insert, retrying while another writer got there
        first or the store is busy, within store.WRITE_DEADLINE_S; once inserted, never again
        (nothing is doubled)."""
        for _ in store.attempts(store.WRITE_DEADLINE_S):
            try:
                self.projections.catch_up()
                state, heads, chain = self.projections.current()
                batch = build(state, heads, chain)
                if batch.events:
                    self.recorder.insert_events(batch.events)
                break
            except (IntegrityError, OperationalError):
                continue
        else:
            raise StoreBusy("store.busy", None, seconds=store.WRITE_DEADLINE_S)
        batch.events = []  # saved: let the catch-up have the memory
        try:
            self.projections.catch_up()
        except OperationalError:  # recorded; the next command or read catches up
            pass
        return batch.recorded

    # -- reads -----------------------------------------------------------------------------
    def state(self) -> CampaignState:
        self.projections.catch_up()
        return self.projections.current()[0]

    def status_json(self) -> dict:
        """`status --json` of every character (as the read-only reader gives it)."""
        from projections.status import status_object

        return status_object(self.state())

    def head(self) -> tuple[int, str]:
        return self.projections.head()


__all__ = ["CampaignLedger", "BadValue", "time"]
