"""CampaignLedger: the eventsourcing Application behind every command.

Each write folds the command on the caught-up state (the rules decide or refuse), records one
event per touched stream, saves them in one transaction, and catches the projections up. A
concurrent writer that got to a stream first makes the save fail on the stream's version;
the command is then folded again on the new state and retried.
"""

import random
import time
from collections.abc import Callable, Iterable
from datetime import datetime, timezone

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, InternalError, OperationalError

from projections.queries import Queries
from projections.runner import Projections, paused_gc
from projections.schema import create_tables

from .errors import NoCampaign, StepError, StoreBusy
from .rules.errors import BadValue, RuleRefusal
from .rules.fold import CampaignState
from .store import Db, Target, ensure_schema
from .writing import Batch, Recorded

RETRIES = 30


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def rng_for(state: CampaignState, salt: str = "") -> random.Random:
    """Dice the GM leaves out: seeded from the campaign seed (repeatable), else from the OS."""
    if state.seed is None:
        return random.Random()
    return random.Random(f"{state.seed}:{state.position}:{salt}")


class CampaignLedger(Application):
    name = "pangee"

    def __init__(self, target: Target, clock: Callable[[], datetime] = utc_now,
                 rng_factory: Callable[[CampaignState, str], random.Random] = rng_for,
                 progress=None):
        ensure_schema(target)
        self._open(target)
        self.target = target
        self.clock = clock
        self.rng_factory = rng_factory
        self.db = Db(self.recorder.datastore, target)
        create_tables(self.db)
        self.projections = Projections(self.db, self.recorder, progress)
        self.queries = Queries(self.db, self.projections)

    def _open(self, target: Target) -> None:
        """Construct the library's application; a concurrent first open of the same store
        (tables and functions being created by another process) is retried."""
        for attempt in range(8):
            try:
                super().__init__(env=target.env)
                return
            except (InternalError, OperationalError, IntegrityError):
                if attempt == 7:
                    raise
                time.sleep(0.05 * (attempt + 1) + random.random() * 0.05)

    # -- writes ----------------------------------------------------------------------------
    def record(self, kind: str, raw: dict, rng: random.Random | None = None) -> Recorded:
        """One write command, all or nothing."""
        def build(state, heads):
            batch = self._batch(state, heads)
            if kind != "init" and state.name is None:
                raise NoCampaign("no campaign in this store yet: run pangee init NAME first")
            batch.add(kind, raw, rng or self.rng_factory(state, kind))
            return batch
        return self._commit(build)[-1]

    def record_many(self, steps: Iterable[tuple[str, str, dict]], seed_salt: str = "import",
                    progress: Callable[[int, int], None] | None = None) -> list[Recorded]:
        """A campaign script: every step folded in order, saved in one transaction; the
        first bad step is reported with where it stands, and nothing is written.
        `progress(done, total)` is told of each step folded."""
        steps = list(steps)

        def build(state, heads):
            batch = self._batch(state, heads, bulk=True)
            rng = None
            for done, (where, kind, raw) in enumerate(steps, 1):
                if progress:
                    progress(done, len(steps))
                if rng is None and batch.state.name is not None:
                    rng = self.rng_factory(batch.state, seed_salt)
                if kind != "init" and batch.state.name is None:
                    raise StepError(where, NoCampaign(
                        "no campaign yet: give 'campaign:' in the script or run pangee init"))
                try:
                    batch.add(kind, raw, rng or random.Random())
                except (RuleRefusal, BadValue) as error:
                    raise StepError(where, error) from None
            return batch
        with paused_gc():  # bulk: see paused_gc
            return self._commit(build)

    def restore(self, commands: Iterable[tuple[str, dict, datetime]],
                progress: Callable[[int, int], None] | None = None) -> list[Recorded]:
        """Facts exported from another store ((where, fact, timestamp) in order), recorded
        again as they were, all or nothing: the same campaign in this store."""
        commands = list(commands)

        def build(state, heads):
            batch = self._batch(state, heads, bulk=True)
            for done, (where, fact, when) in enumerate(commands, 1):
                if progress:
                    progress(done, len(commands))
                try:
                    batch.add_fact(fact, when)
                except (RuleRefusal, BadValue) as error:
                    raise StepError(where, error) from None
            return batch
        with paused_gc():  # bulk: see paused_gc
            return self._commit(build)

    def _batch(self, state, heads, bulk: bool = False) -> Batch:
        """Events become stored events as they are made: a long import never holds both."""
        return Batch(state, heads, self.clock, self.queries.command_at,
                     self.recorder.max_notification_id() or 0, self.mapper.to_stored_event,
                     keep_results=not bulk)

    def _commit(self, build) -> list[Recorded]:
        """Fold on the caught-up state and insert, retrying while another writer got to a
        stream first or the store is busy; once inserted, never again (nothing is doubled)."""
        delay = 0.01
        for _ in range(RETRIES):
            try:
                self.projections.catch_up()
                state, heads, _chain = self.projections.current()
                batch = build(state, heads)
                positions = self.recorder.insert_events(batch.events) if batch.events else []
                break
            except (IntegrityError, OperationalError):
                time.sleep(delay + random.random() * delay)
                delay = min(delay * 2, 0.5)
        else:
            raise StoreBusy("the store stayed busy with other writers: nothing was written; "
                            "try again")
        batch.events = []  # saved: let the catch-up have the memory
        self._place(batch.recorded, positions)
        try:
            self.projections.catch_up()
        except OperationalError:  # recorded; the next command or read catches up
            pass
        return batch.recorded

    @staticmethod
    def _place(recorded: list[Recorded], positions: list[int]) -> None:
        """Each command's position is that of its last event."""
        seen = 0
        for item in recorded:
            seen += item.events
            item.position = positions[seen - 1]

    # -- reads -----------------------------------------------------------------------------
    def state(self) -> CampaignState:
        self.projections.catch_up()
        return self.projections.current()[0]

