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
from contextlib import contextmanager
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


def _conflict(error: BaseException) -> bool:
    """Another writer got there first, or the store was busy: fold again and retry."""
    if isinstance(error, (IntegrityError, OperationalError)):
        return True
    module = type(error).__module__
    if module.startswith("psycopg"):
        from psycopg import errors

        return isinstance(error, (errors.IntegrityError, errors.OperationalError))
    if module == "sqlite3":
        import sqlite3

        return isinstance(error, (sqlite3.IntegrityError, sqlite3.OperationalError))
    return False


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
        def build(state, heads, chain, sink=None):
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
        corrects = any(kind in ("void", "note") for _where, kind, _raw in steps)

        def build(state, heads, chain, sink=None):
            batch = self._batch(state, heads, chain, bulk=True, keep_facts=corrects, sink=sink)
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
            return self._commit(build, bulk=True)

    def restore(self, add_all: Callable[[Batch], None]) -> list[Recorded]:
        """Commands exported from another store, recorded again as they were, all or nothing
        (see ledger/jsonl.py: `add_all` adds them to the batch, checking each)."""
        def build(state, heads, chain, sink=None):
            if state.name is not None or state.position:
                raise RuleRefusal("restore.not_empty", None, campaign=state.name)
            batch = self._batch(state, heads, chain, bulk=True, sink=sink)
            add_all(batch)
            return batch
        with paused_gc():
            return self._commit(build, bulk=True)

    def _batch(self, state, heads, chain, bulk: bool = False, keep_facts: bool = True,
               sink=None) -> Batch:
        """Events become stored events as they are made, and a long import hands them to
        the store in chunks as it goes (`sink`), all in one transaction."""
        return Batch(state, heads, chain, self.clock, self.queries.command_at,
                     self.queries.facts, keep_results=not bulk, keep_facts=keep_facts,
                     sink=sink)

    def _commit(self, build, bulk: bool = False) -> list[Recorded]:
        """Fold on the caught-up state and insert, retrying while another writer got there
        first or the store is busy, within store.WRITE_DEADLINE_S; once inserted, never again
        (nothing is doubled). A bulk import writes its events in chunks as it folds them, in
        one transaction committed at the end (bounded memory; all or nothing)."""
        for _ in store.attempts(store.WRITE_DEADLINE_S):
            try:
                self.projections.catch_up()
                state, heads, chain = self.projections.current()
                if bulk:
                    with self._bulk_transaction() as sink:
                        batch = build(state, heads, chain, sink)
                        batch.flush()
                else:
                    batch = build(state, heads, chain)
                    if batch.events:
                        self.recorder.insert_events(batch.events)
                break
            except Exception as error:
                if not _conflict(error):
                    raise
        else:
            raise StoreBusy("store.busy", None, seconds=store.WRITE_DEADLINE_S)
        batch.events = []  # saved: let the catch-up have the memory
        try:
            self.projections.catch_up()
        except OperationalError:  # recorded; the next command or read catches up
            pass
        return batch.recorded

    @contextmanager
    def _bulk_transaction(self):
        """A write transaction on the events table, with `sink(events)` to insert into it;
        committed when the block ends, rolled back when it raises."""
        datastore = self.recorder.datastore
        if self.target.kind == "postgres":
            with datastore.get_connection() as conn, conn.transaction(), conn.cursor() as curs:
                yield lambda events: self.recorder._insert_stored_events(curs, events)
        else:
            with datastore.transaction(commit=True) as cursor:
                yield lambda events: self.recorder._insert_events(cursor, events)

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
