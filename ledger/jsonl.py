"""A JSONL export (`pangee export --format jsonl`) read back into an empty store.

Each line is one stored event: everything its digest and the chains cover (command id,
number, stream, version, topic, timestamp, fact, outcome witness, meta). Importing checks, line
by line and before anything is written: the shape of every line, each event's digest (a
hand-edited line is refused, naming it), each stream's chain, the command chain and numbers
(shape 2), and every fact exactly as the command line would check it; then the events are
recorded again as they were, so the copy has the same digests, the same chain and the same
checkpoint as its source, whatever the positions were there (gaps included).

An export written by the first release (shape 1: no command numbers, no chain between
commands, English sentences as witnesses, corrections naming event positions) is migrated,
and the migration is recorded as such: each command is recorded again in shape 2 with its
command id, time and fact, its meta holding `migrated` = {"shape": 1, "position": its last
event's position in the source, "chain": the source's running hash after it}, so a checkpoint
taken on the old store can still be checked against the copy.
"""

import json
import os
from dataclasses import dataclass, field

from .commands import validate_recorded
from .errors import StepError
from .rules.errors import BadValue, Problem
from .rules.fold import CampaignState, fold_history
from .shapes import upcast_v1_v2
from .digests import GENESIS, chain_next, event_digest

YAML_EXTENSIONS = (".yaml", ".yml")
KEYS = {"position": int, "timestamp": str, "facts": dict, "outcome": dict, "meta": dict,
        "stream": str, "version": int, "topic": str}


def looks_like_jsonl(name: str, text: str) -> bool:
    """A `.jsonl` file, or (unless named .yaml/.yml) one whose first non-blank char is `{`."""
    extension = os.path.splitext(name)[1].lower()
    if extension == ".jsonl":
        return True
    if extension in YAML_EXTENSIONS:
        return False
    return text.lstrip()[:1] == "{"


@dataclass
class Line:
    number: int  # line number in the file
    event: dict

    @property
    def meta(self) -> dict:
        return self.event["meta"]


@dataclass
class ExportedCommand:
    """One command of the export: its lines (events), in order."""

    lines: list[Line] = field(default_factory=list)

    @property
    def first(self) -> Line:
        return self.lines[0]

    @property
    def fact(self) -> dict:
        return self.first.event["facts"]

    @property
    def shape(self) -> int:
        return self.first.meta.get("shape", 1)


def _where(source: str, line: int) -> dict:
    return {"file": source, "line": line}


def parse_export(text: str, source: str) -> list[ExportedCommand]:
    """Every line checked (shape, digest, stream chain) and grouped by command; the first
    bad line is reported with its number (BadValue, exit 2), before anything is written."""
    commands: list[ExportedCommand] = []
    heads: dict[str, tuple[int, str | None]] = {}
    seen: set[str] = set()
    last_position = 0
    current: ExportedCommand | None = None
    for number, raw in enumerate(text.split("\n"), 1):
        if not raw.strip():
            continue
        where = _where(source, number)
        event = _event(raw, where)
        if event["position"] <= last_position:
            raise BadValue("jsonl.order", None, where=where, position=event["position"],
                           last=last_position)
        last_position = event["position"]
        _check_digest(event, heads, where)
        meta = event["meta"]
        if current is not None and current.first.meta["cmd"] != meta["cmd"]:
            _close(current, source)
            current = None
        if current is None:
            if meta["cmd"] in seen:
                raise BadValue("jsonl.command_split", None, where=where, cmd=meta["cmd"][:40])
            seen.add(meta["cmd"])
            current = ExportedCommand()
            commands.append(current)
        elif event["facts"] != current.fact or event["timestamp"] != current.first.event["timestamp"]:
            raise BadValue("jsonl.command_differs", None, where=where,
                           first=current.first.number)
        size = current.first.meta["n"] if current.lines else meta["n"]
        if meta["i"] != len(current.lines) or meta["n"] != size:
            raise BadValue("jsonl.event_out_of_place", None, where=where, index=meta["i"],
                           size=meta["n"], expected=len(current.lines))
        current.lines.append(Line(number, event))
    if current is not None:
        _close(current, source)
    if not commands:
        raise BadValue("jsonl.empty", None, where={"file": source})
    shapes = {c.shape for c in commands}
    if len(shapes) > 1 and 1 not in shapes:
        raise BadValue("jsonl.shape", None, where={"file": source})
    return commands


def _event(raw: str, where: dict) -> dict:
    try:
        event = json.loads(raw)
    except json.JSONDecodeError as error:
        raise BadValue("jsonl.malformed", None, where=where, problem=error.msg,
                       column=error.colno) from None
    except RecursionError:
        raise BadValue("jsonl.malformed", None, where=where, problem="nesting", column=0) from None
    except ValueError as error:  # an integer too long for Python (max_str_digits)
        raise BadValue("jsonl.malformed", None, where=where, problem=str(error)[:60],
                       column=0) from None
    if not isinstance(event, dict):
        raise BadValue("jsonl.not_object", None, where=where)
    for key, kind in KEYS.items():
        value = event.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise BadValue("jsonl.missing_key", None, where=where, key=key)
    fact, meta = event["facts"], event["meta"]
    if not isinstance(fact.get("kind"), str) or not isinstance(fact.get("args", {}), dict):
        raise BadValue("jsonl.bad_fact", None, where=where)
    if not isinstance(meta.get("cmd"), str) or not meta["cmd"] or len(meta["cmd"]) > 64:
        raise BadValue("jsonl.bad_meta", None, where=where, key="cmd")
    for key in ("i", "n"):
        if not isinstance(meta.get(key), int) or isinstance(meta.get(key), bool):
            raise BadValue("jsonl.bad_meta", None, where=where, key=key)
    if not 0 <= meta["i"] < meta["n"] <= 64:
        raise BadValue("jsonl.bad_meta", None, where=where, key="i")
    if not event["topic"].startswith(("pangee:Campaign.", "pangee:Character.")):
        raise BadValue("jsonl.bad_topic", None, where=where, topic=event["topic"][:60])
    if not 1 <= event["version"] <= 10**9 or not 1 <= event["position"] <= 10**15:
        raise BadValue("jsonl.bad_meta", None, where=where, key="version")
    return event


def _check_digest(event: dict, heads: dict, where: dict) -> None:
    """The line is the event as it was written: its digest, and its place in its stream."""
    meta = event["meta"]
    try:
        digest = event_digest(event["topic"], event["stream"], event["version"],
                              event["timestamp"], event["facts"], event["outcome"], meta)
    except UnicodeEncodeError:  # a lone surrogate: no text a command could have recorded
        raise BadValue("jsonl.edited", None, where=where) from None
    if meta.get("digest") != digest:
        raise BadValue("jsonl.edited", None, where=where)
    version, prev = heads.get(event["stream"], (0, None))
    if event["version"] != version + 1 or meta.get("prev") != prev:
        raise BadValue("jsonl.stream_broken", None, where=where, version=event["version"],
                       expected=version + 1)
    heads[event["stream"]] = (event["version"], digest)


def _close(command: ExportedCommand, source: str) -> None:
    if len(command.lines) != command.first.meta["n"]:
        raise BadValue("jsonl.command_cut", None, where=_where(source, command.first.number),
                       have=len(command.lines), size=command.first.meta["n"])


# -- restoring -----------------------------------------------------------------------------
def restore(ledger, commands: list[ExportedCommand], source: str, progress=None):
    """Record the exported commands again, in order, all or nothing, into an empty store:
    shape 2 as they were (verbatim), shape 1 migrated."""
    if commands[0].fact["kind"] != "init":
        raise BadValue("jsonl.no_init", None, where=_where(source, commands[0].first.number))
    migrate = any(c.shape == 1 for c in commands)

    def add_all(batch) -> None:
        chain = GENESIS
        numbers: dict[int, int] = {}  # source position of a command's last event -> number
        for done, command in enumerate(commands, 1):
            if progress:
                progress(done, len(commands))
            where = _where(source, command.first.number)
            try:
                if migrate:
                    chain = _migrate(batch, command, chain, numbers, where)
                else:
                    _verbatim(batch, command, where)
            except Problem as error:
                raise StepError(where, error) from None
    return ledger.restore(add_all)


def _verbatim(batch, command: ExportedCommand, where: dict) -> None:
    """A shape-2 command, checked (number, chain, fact, outcome) and recorded as it was."""
    validate_recorded(command.fact, batch.state)
    batch.add_verbatim([line.event for line in command.lines])


def _migrate(batch, command: ExportedCommand, chain: str, numbers: dict, where: dict) -> str:
    """A shape-1 command recorded again in shape 2, the migration noted in its meta."""
    for line in command.lines:
        chain = chain_next(chain, line.meta["digest"])
    state = {"fact": json.loads(json.dumps(command.fact)), "meta": {}}
    upcast_v1_v2(state)  # what the first release meant, in this release's shape
    fact = state["fact"]
    args = fact.get("args", {})
    if fact["kind"] == "void":
        position = args.pop("event_position", None)
        if position not in numbers:
            raise BadValue("jsonl.void_target", None, position=position)
        args["number"] = numbers[position]
    validate_recorded(fact, batch.state, legacy=True)
    last = command.lines[-1].event["position"]
    batch.add_fact(fact, command.first.event["timestamp"], command.first.meta["cmd"],
                   {"migrated": {"shape": 1, "position": last, "chain": chain}}, lenient=True)
    numbers[last] = batch.number
    return chain


__all__ = ["parse_export", "restore", "looks_like_jsonl", "CampaignState", "fold_history"]
