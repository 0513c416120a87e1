"""Opening the campaign store named by --db / PANGEE_DB, once per invocation.

Before the library opens anything, the target is inspected read-only (ledger.store): a read
of a missing or empty store is told to run `pangee init`, a file or schema holding someone
else's tables is refused (it keeps every byte, its journal mode included), and a creation
(`init`, `import`) into such a place says so and writes nothing. A new SQLite store is built
aside and published whole (ledger.creation), so no command ever deletes a store.

    session.ledger()                  # an existing store, for reading or writing
    session.campaign_ledger()         # … that holds a campaign: (ledger, state)
    with session.creating() as ledger:   # init / import: the ledger to create with
        recorded = ledger.record("init", options)
    # printed only here, once the new store is published
"""

import dataclasses
from contextlib import contextmanager

from ledger.errors import NoCampaign, StoreBusy
from ledger.rules.errors import BadValue, RuleRefusal
from ledger.store import (BUSY_TIMEOUT_S, EMPTY, FOREIGN, MISSING, NOT_DATABASE, StoreUnreadable,
                          error_detail, inspect_store, is_busy_error, is_store_error,
                          parse_target)


class StoreUnavailable(BadValue):
    """The store named by --db cannot be opened (exit 2): never shows a password."""

    def __init__(self, label: str, detail: str):
        super().__init__("store.unavailable", None, path=label, error=detail)


class Session:
    def __init__(self, db: str | None):
        self.db = db
        self._target = None
        self._ledger = None
        self._reader = None
        self._caught_up = True

    def target(self):
        if self._target is None:
            self._target = parse_target(self.db)
        return self._target

    def check(self, create: bool = False):
        """What the store holds (ledger.store.StoreContents), refused when it is not ours:
        for a read, a missing or empty store (store.no_campaign) or a foreign one
        (store.not_pangee); for a creation, other tables (store.foreign_tables)."""
        target = self.target()
        try:
            contents = inspect_store(target)
        except StoreUnreadable as error:
            raise StoreUnavailable(target.label, error.detail) from None
        if contents.state == NOT_DATABASE:
            raise BadValue("store.not_database", None, path=target.label)  # exit 2
        if contents.state == FOREIGN:
            code = "store.foreign_tables" if create else "store.not_pangee"
            raise RuleRefusal(code, None, path=target.label, tables=list(contents.foreign),
                              count=len(contents.foreign))
        if not create and contents.state in (MISSING, EMPTY):
            raise NoCampaign("store.no_campaign", None, path=target.label)
        return contents

    def ledger(self, create: bool = False, caught_up: bool = True):
        """The ledger of an existing pangee store. With create=True an existing store, an
        empty file or a PostgreSQL schema is opened in place to be written; a new SQLite file
        is made by `creating()` (built aside, published whole). A store found damaged (an
        event that cannot be read, an order that does not follow) is reported by every
        command; `caught_up=False` (replay) opens it as it is, folding nothing yet."""
        if self._ledger is None:
            contents = self.check(create)
            self._caught_up = caught_up
            self._open_in_place(create, complete=_has_events(contents))
        return self._ledger

    def reader(self):
        """The read models of a campaign, for a command that only reads: on SQLite straight
        from their rows when they hold every event (no event library, nothing written);
        otherwise the ledger, which catches them up first. Either offers `status_json()`,
        `head()`, `queries`, `projections` and `state()`."""
        if self._ledger is None and self.target().kind == "sqlite":
            self.check()
            from projections.fastread import open_reader

            reader = open_reader(self.target().path)
            if reader is not None:
                self._reader = reader
                _refuse_damaged(reader.damage())
                return reader
        ledger, _state = self.campaign_ledger()
        return ledger

    @contextmanager
    def creating(self):
        """The ledger an `init` or an `import` writes with; leave the block to publish.

        A SQLite file that does not exist is built in a temporary file and published when
        the block ends without an exception (RuleRefusal store.exists, exit 1, if another
        process published it first; then nothing of ours is left). Anything else is written
        in place, and nothing is ever deleted."""
        if self._ledger is not None:
            yield self._ledger
            return
        target = self.target()
        if self.check(create=True).state == MISSING and target.kind == "sqlite":
            from ledger.creation import new_sqlite_store

            with new_sqlite_store(target) as temp_target:
                try:
                    yield self._open(temp_target)
                finally:
                    self.close()
            return
        yield self._open_in_place(create=True)

    def _open_in_place(self, create: bool, complete: bool = False):
        target = self.target()
        if complete:  # the library's tables exist: opening them creates (and locks) nothing
            target = dataclasses.replace(target, env={**target.env, "CREATE_TABLE": "no"})
        if create and target.kind == "postgres":  # concurrent creators open one at a time
            from ledger.creation import postgres_creation_lock

            with self._store_errors(), postgres_creation_lock(target):
                return self._open(target)
        return self._open(target)

    def record_damage(self, damaged) -> None:
        """Remember a damage found while reading (verify, export), so that every command
        reports it until a replay succeeds."""
        if self._ledger is None:
            self._reader, reader = None, self._reader
            if reader is not None:
                reader.close()
            self.ledger(caught_up=False)
        self._ledger.projections.record_damage(damaged)

    def campaign_ledger(self):
        """The ledger of an existing campaign (refused before `init`)."""
        ledger = self.ledger()
        state = ledger.state()
        if state.name is None:
            raise NoCampaign("store.no_campaign", None, path=self.target().label)
        return ledger, state

    def _open(self, target):
        from ledger.application import CampaignLedger

        with self._store_errors():
            self._ledger = CampaignLedger(target)
            if self._caught_up:
                _refuse_damaged(self._ledger.projections.damage())
                self._ledger.projections.catch_up()
        return self._ledger

    @contextmanager
    def _store_errors(self):
        """A failure of the store itself becomes one line naming it by its label."""
        try:
            yield
        except Exception as error:
            if not is_store_error(error):
                raise
            self.close()
            if is_busy_error(error):  # another process held a lock past BUSY_TIMEOUT_S
                raise StoreBusy("store.busy", None, seconds=BUSY_TIMEOUT_S) from None
            target = self.target()
            raise StoreUnavailable(target.label, error_detail(error, target)) from None

    def close(self) -> None:
        if self._reader is not None:
            reader, self._reader = self._reader, None
            reader.close()
        if self._ledger is not None:
            ledger, self._ledger = self._ledger, None
            ledger.close()


def _has_events(contents) -> bool:
    """The store already holds the event library's table (SQLite `stored_events`, PostgreSQL
    `pangee_events`)."""
    return bool({"stored_events", "pangee_events"} & set(getattr(contents, "tables", ()) or ()))


def _refuse_damaged(damage: dict | None) -> None:
    """A store found damaged is reported by every command, which then does nothing."""
    if damage:
        from ledger.errors import DamagedStore

        raise DamagedStore(damage["code"], None, **damage["params"])
