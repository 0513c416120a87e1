"""Reading a JSONL export (`pangee export --format jsonl`) back: one stored event per line,
grouped into the commands they belong to, recorded again as they were into an empty store
(`CampaignLedger.restore`, all or nothing)."""

import json
import os
from dataclasses import dataclass, field
from datetime import datetime

from .rules.errors import BadValue

YAML_EXTENSIONS = (".yaml", ".yml")


def looks_like_jsonl(name: str, text: str) -> bool:
    """A `.jsonl` file, or (unless named .yaml/.yml) one whose first non-blank char is `{`."""
    extension = os.path.splitext(name)[1].lower()
    if extension == ".jsonl":
        return True
    if extension in YAML_EXTENSIONS:
        return False
    return text.lstrip()[:1] == "{"


@dataclass
class ExportedCommand:
    """One command of the export: its events' lines, fact, timestamp, streams, position."""

    line: int
    cmd: str
    fact: dict
    timestamp: datetime
    stamp: str
    size: int
    positions: list[int] = field(default_factory=list)
    streams: list[str] = field(default_factory=list)

    @property
    def position(self) -> int:
        return self.positions[-1]


def parse_export(text: str, source: str) -> list[ExportedCommand]:
    """Every event line checked and grouped by command; the first bad line is reported with
    its number (BadValue, exit 2), before anything is written."""
    commands: list[ExportedCommand] = []
    seen: set[str] = set()
    last_position = 0
    current: ExportedCommand | None = None
    number = 0
    for number, raw in enumerate(text.split("\n"), 1):
        if not raw.strip():
            continue
        where = f"{source} line {number}"
        event = _event(raw, where)
        when = _timestamp(event["timestamp"], where)
        if event["position"] <= last_position:
            raise BadValue(f"{where}: position {event['position']} does not follow "
                           f"position {last_position}: events must be in global order")
        last_position = event["position"]
        meta = event["meta"]
        if current is not None and current.cmd != meta["cmd"]:
            _close(current, f"{source} line {current.line}")
            current = None
        if current is None:
            if meta["cmd"] in seen:
                raise BadValue(f"{where}: command {meta['cmd']} appears again after other "
                               "commands: a command's events are consecutive")
            seen.add(meta["cmd"])
            current = ExportedCommand(number, meta["cmd"], event["facts"], when,
                                      event["timestamp"], meta["n"])
            commands.append(current)
        elif event["facts"] != current.fact or event["timestamp"] != current.stamp:
            raise BadValue(f"{where}: this event of command {meta['cmd']} differs from its "
                           f"first (line {current.line}) in its fact or timestamp")
        if meta["i"] != len(current.positions) or meta["n"] != current.size:
            raise BadValue(f"{where}: event {meta['i']} of {meta['n']} of command "
                           f"{meta['cmd']} is out of place (expected event "
                           f"{len(current.positions)} of {current.size})")
        current.positions.append(event["position"])
        current.streams.append(event["stream"])
    if current is not None:
        _close(current, f"{source} line {number}")
    if not commands:
        raise BadValue(f"{source}: no events: expected one JSON object per line, as written "
                       "by pangee export --format jsonl")
    return commands


def _event(raw: str, where: str) -> dict:
    try:
        event = json.loads(raw)
    except json.JSONDecodeError as error:
        raise BadValue(f"{where}: malformed JSON ({error.msg} at column {error.colno})") from None
    if not isinstance(event, dict):
        raise BadValue(f"{where}: expected a JSON object (one stored event per line)")
    for key, kind in (("position", int), ("timestamp", str), ("facts", dict), ("meta", dict),
                      ("stream", str)):
        value = event.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise BadValue(f"{where}: '{key}' missing or not {_NAMES[kind]}: expected an event "
                           "as written by pangee export --format jsonl")
    fact, meta = event["facts"], event["meta"]
    if not isinstance(fact.get("kind"), str) or not isinstance(fact.get("args", {}), dict):
        raise BadValue(f"{where}: 'facts' needs a 'kind' (text) and 'args' (an object)")
    if not isinstance(meta.get("cmd"), str) or not meta["cmd"]:
        raise BadValue(f"{where}: 'meta' needs 'cmd', the id of the command the event is part of")
    for key in ("i", "n"):
        if not isinstance(meta.get(key), int) or isinstance(meta.get(key), bool):
            raise BadValue(f"{where}: 'meta' needs '{key}' (a number)")
    if not 0 <= meta["i"] < meta["n"]:
        raise BadValue(f"{where}: meta i={meta['i']} is not within n={meta['n']}")
    return event


_NAMES = {int: "a number", str: "text", dict: "an object"}


def _timestamp(text: str, where: str) -> datetime:
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise BadValue(f"{where}: timestamp '{text}' is not an ISO 8601 date and time") from None
    if when.tzinfo is None:
        raise BadValue(f"{where}: timestamp '{text}' has no time zone (expected such as "
                       "2026-03-14T20:30:00+00:00)")
    return when


def _close(command: ExportedCommand, where: str) -> None:
    if len(command.positions) != command.size:
        raise BadValue(f"{where}: command {command.cmd} has {len(command.positions)} of its "
                       f"{command.size} events: the export is cut short or edited")


# -- restoring -----------------------------------------------------------------------------
def restore(ledger, commands: list[ExportedCommand], source: str, progress=None):
    """Record the exported commands again, in order, all or nothing. A correction (`void`)
    names its target by position: positions are mapped to those the commands take here (the
    same in an empty store unless the source's had gaps)."""
    base = ledger.recorder.max_notification_id() or 0
    moved: dict[int, int] = {}
    facts = []
    for command in commands:
        base += command.size
        moved[command.position] = base
        fact = command.fact
        where = f"{source} line {command.line}"
        if fact["kind"] == "void":
            fact = _void_moved(fact, moved, where)
        facts.append((where, fact, command.timestamp))
    return ledger.restore(facts, progress)


def _void_moved(fact: dict, moved: dict[int, int], where: str) -> dict:
    target = fact["args"].get("position")
    if target not in moved:
        raise BadValue(f"{where}: this correction names position {target}, which is no "
                       "earlier command of the export")
    return {**fact, "args": {**fact["args"], "position": moved[target]}}
