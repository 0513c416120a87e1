"""Stored events read straight from their JSON (the application stores them uncompressed),
checked for the shape every reader relies on, upcast from older shapes, and grouped into the
commands they belong to. An event that cannot be read is reported with its position
(DamagedStore), never a traceback."""

import json
import uuid
from dataclasses import dataclass

from ledger.shapes import upcast_v1_v2
from ledger.errors import DamagedStore


@dataclass
class StoredFact:
    """One stored event: its position, stream, version, topic and recorded content; `raw`
    holds the fact, outcome and meta as stored (before upcasting), which its digest covers."""

    position: int
    stream: str
    version: int
    topic: str
    timestamp: str
    fact: dict
    outcome: dict
    meta: dict
    shape: int = 2
    raw: tuple | None = None

    @property
    def digest(self) -> str:
        return self.meta.get("digest") or ""


def decode_row(position: int, stream, version: int, topic: str, state) -> StoredFact:
    """One row read straight from the events table (see `read_events`)."""
    try:
        body = json.loads(bytes(state) if not isinstance(state, (bytes, str)) else state)
        if not isinstance(body, dict):
            raise ValueError("not an object")
        stamp = body.get("timestamp")
        stamp = stamp.get("_data_") if isinstance(stamp, dict) else stamp
        fact, outcome, meta = body.get("fact"), body.get("outcome"), body.get("meta")
        if not (isinstance(fact, dict) and isinstance(fact.get("kind"), str)
                and isinstance(fact.get("args", {}), dict) and isinstance(outcome, dict)
                and isinstance(meta, dict) and isinstance(meta.get("cmd"), str)
                and isinstance(meta.get("i"), int) and isinstance(meta.get("n"), int)
                and isinstance(stamp, str) and str(topic).startswith("pangee:")):
            raise ValueError("not a pangee event")
        raw = (fact, outcome, meta)
        shape = body.get("class_version", 1)
        if shape == 1:
            upcast_v1_v2(body)
            fact, meta = body["fact"], body["meta"]
        elif shape != 2:
            raise ValueError(f"event shape {shape} is newer than this pangee")
    except (ValueError, TypeError, AttributeError, UnicodeDecodeError) as error:
        raise DamagedStore("store.damaged_event", None, position=position,
                           reason=str(error)[:80]) from None
    return StoredFact(position=position,
                      stream=stream.hex if isinstance(stream, uuid.UUID) else str(stream),
                      version=version, topic=topic, timestamp=stamp, fact=fact,
                      outcome=outcome, meta=meta, shape=shape, raw=raw)


def read_events(db, recorder, after: int, stop: int, limit: int) -> list[StoredFact]:
    """Events (after, stop] in order, read with one plain query."""
    table = recorder.events_table_name
    if db.postgres:
        sql = (f"SELECT notification_id, originator_id, originator_version, topic, state "
               f'FROM "{db.schema}"."{table}" WHERE notification_id > ? AND '
               "notification_id <= ? ORDER BY notification_id LIMIT ?")
    else:
        sql = (f"SELECT rowid, originator_id, originator_version, topic, state FROM {table} "
               "WHERE rowid > ? AND rowid <= ? ORDER BY rowid LIMIT ?")
    with db.tx(commit=False) as c:
        rows = c.execute(sql, (after, stop, limit)).fetchall()
    return [decode_row(*row) for row in rows]


def group_commands(events: list[StoredFact]) -> tuple[list[list[StoredFact]], list[StoredFact]]:
    """Consecutive events of one command (saved in one transaction) form a group; a group cut
    by the end of a batch is returned apart, to be completed by the next batch."""
    groups: list[list[StoredFact]] = []
    current: list[StoredFact] = []
    for event in events:
        cmd = event.meta.get("cmd")
        if current and current[0].meta.get("cmd") != cmd:
            groups.append(current)
            current = []
        current.append(event)
        if len(current) >= event.meta.get("n", 1):
            groups.append(current)
            current = []
    return groups, current
