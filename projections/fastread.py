"""Reading a SQLite campaign without the event library: the read models answer `status`,
`log`, `explain`, `checkpoint` and the exports on their own when they are caught up with the
events (the usual case), so a read starts as fast as Python, click and sqlite3 allow. When
events were recorded that the read models have not folded yet, `open_reader` returns None and
the caller opens the full ledger, which catches them up first.
"""

import json
import sqlite3
from contextlib import contextmanager

from .schema import SCHEMA, TRACKING_KEY

EVENTS_TABLE = "stored_events"


class _Cursor:
    def __init__(self, raw):
        self.raw = raw

    def execute(self, sql: str, params=()):
        self.raw.execute(sql, tuple(params))
        return self

    def fetchone(self):
        return self.raw.fetchone()

    def fetchall(self):
        return self.raw.fetchall()


class ReadOnlyDb:
    """The few things the read models ask of a store, on a sqlite3 connection that only reads."""

    postgres = False
    schema = None

    def __init__(self, path: str):
        # not `mode=ro`: a read-only connection leaves the WAL's -wal and -shm files behind,
        # where the last connection of a writable one removes them on close. Only SELECTs run.
        self.connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)

    def table(self, name: str) -> str:
        return name

    @contextmanager
    def tx(self, commit: bool = False):
        cursor = self.connection.cursor()
        cursor.execute("BEGIN")
        try:
            yield _Cursor(cursor)
        finally:
            self.connection.rollback()

    def close(self) -> None:
        self.connection.close()


class _Recorder:
    """What the read models need of the library's recorder: where the events end."""

    events_table_name = EVENTS_TABLE

    def __init__(self, db: ReadOnlyDb):
        self.db = db

    def max_notification_id(self) -> int:
        with self.db.tx() as c:
            return c.execute(f"SELECT MAX(rowid) FROM {EVENTS_TABLE}").fetchone()[0] or 0


class Reader:
    """A campaign's read models, read-only: `status_json()` and `head()` straight from their
    rows; `queries`, `projections` and `state()` (the fold's state) when a command needs
    more — each imported only then."""

    def __init__(self, db: ReadOnlyDb):
        self.db = db
        self.recorder = _Recorder(db)
        self._projections = None
        self._queries = None

    def _body(self, name: str):
        with self.db.tx() as c:
            row = c.execute("SELECT body FROM pangee_state WHERE name = ?", (name,)).fetchone()
        return json.loads(row[0]) if row else None

    def status_json(self) -> dict | None:
        """`status --json` of every character, as the projection last wrote it."""
        return self._body("status")

    def damage(self) -> dict | None:
        return self._body("damaged")

    def head(self) -> tuple[int, str]:
        body = self._body("head")
        return body["number"], body["chain"]

    @property
    def projections(self):
        if self._projections is None:
            from .runner import Projections

            self._projections = Projections(self.db, self.recorder)
        return self._projections

    @property
    def queries(self):
        if self._queries is None:
            from types import SimpleNamespace

            from .queries import Queries
            from .schema import Tables

            self._queries = Queries(self.db, SimpleNamespace(t=Tables(self.db)))
        return self._queries

    def state(self):
        from ledger.rules.state import CampaignState

        return CampaignState.from_dict(self._body("current")["state"])

    def close(self) -> None:
        self.db.close()


def open_reader(path: str) -> Reader | None:
    """The read models of the SQLite store at `path`, if they are of this version and hold
    every event; None otherwise (open the ledger instead)."""
    try:
        db = ReadOnlyDb(path)
    except sqlite3.Error:
        return None
    try:
        with db.tx() as c:
            schema = c.execute("SELECT body FROM pangee_state WHERE name = 'schema'").fetchone()
            tracked = c.execute("SELECT position FROM pangee_tracking WHERE name = ?",
                                (TRACKING_KEY,)).fetchone()
            top = c.execute(f"SELECT MAX(rowid) FROM {EVENTS_TABLE}").fetchone()
    except sqlite3.Error:
        db.close()
        return None
    if not schema or schema[0] != SCHEMA or not tracked or tracked[0] != (top[0] or 0):
        db.close()
        return None
    reader = Reader(db)
    if (reader.status_json() or {}).get("campaign") is None:
        reader.close()
        return None
    return reader
