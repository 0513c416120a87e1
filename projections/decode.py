"""Stored events read straight from their JSON (the application stores them uncompressed),
grouped into the commands they belong to."""

import json
import uuid
from dataclasses import dataclass


@dataclass
class StoredFact:
    """One stored event: its position, stream, version, topic and recorded content."""

    position: int
    stream: str
    version: int
    topic: str
    timestamp: str
    fact: dict
    outcome: dict
    meta: dict


def decode(notification) -> StoredFact:
    body = json.loads(notification.state)
    stamp = body.get("timestamp")
    stamp = stamp.get("_data_") if isinstance(stamp, dict) else stamp
    oid = notification.originator_id
    return StoredFact(position=notification.id,
                      stream=oid.hex if isinstance(oid, uuid.UUID) else str(oid),
                      version=notification.originator_version, topic=notification.topic,
                      timestamp=stamp, fact=body.get("fact", {}), outcome=body.get("outcome", {}),
                      meta=body.get("meta", {}))


def decode_row(position: int, stream, version: int, topic: str, state) -> StoredFact:
    """One row read straight from the events table (see `read_events`)."""
    body = json.loads(bytes(state) if not isinstance(state, (bytes, str)) else state)
    stamp = body.get("timestamp")
    stamp = stamp.get("_data_") if isinstance(stamp, dict) else stamp
    return StoredFact(position=position,
                      stream=stream.hex if isinstance(stream, uuid.UUID) else str(stream),
                      version=version, topic=topic, timestamp=stamp,
                      fact=body.get("fact", {}), outcome=body.get("outcome", {}),
                      meta=body.get("meta", {}))


def read_events(db, recorder, after: int, stop: int, limit: int) -> list[StoredFact]:
    """Events (after, stop] in order, read with one plain query: the projections' fast path
    (verification reads through the library instead)."""
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
