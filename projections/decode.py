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
