"""Turning commands into recorded events: the rolls the ledger makes at the edge, the streams
a command touches, the hash chain, and the batch that is saved in one transaction."""

import hashlib
import json
import uuid
from dataclasses import dataclass
from functools import lru_cache

from .aggregates import (CAMPAIGN_EVENTS, CAMPAIGN_ID, CHARACTER_EVENTS, Campaign, Character,
                         character_id)
from .commands import build_fact
from .names import name_key
from .rules.errors import BadValue, MissingRoll, RuleRefusal
from .rules.fold import CampaignState, Result, apply_command


@dataclass
class Recorded:
    """What a write command recorded: its fact, what the rules made of it, its position."""

    fact: dict
    result: Result
    events: int = 0
    position: int | None = None


def event_digest(topic: str, stream: str, version: int, timestamp: str, fact: dict,
                 outcome: dict, meta: dict) -> str:
    """The hash of an event's canonical content (its own digest left out)."""
    body = {"topic": topic, "stream": stream, "version": version, "timestamp": timestamp,
            "fact": fact, "outcome": outcome,
            "meta": {k: v for k, v in meta.items() if k != "digest"}}
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@lru_cache(maxsize=4096)
def stream_of(name: str) -> uuid.UUID:
    """The stream of a character named as the fact names it (cached: every event needs it,
    and a long import names the same few characters over and over)."""
    return character_id(name_key(name))


def fill_rolls(state: CampaignState, fact: dict, rng) -> tuple[CampaignState, Result]:
    """Fold the fact; every die the GM left out is rolled here, at the edge, and recorded."""
    rolled: list[str] = []
    while True:
        try:
            new_state, result = apply_command(state, fact, None)
        except MissingRoll as missing:
            if missing.field in fact["args"] or len(rolled) > 4:
                raise
            fact["args"][missing.field] = rng.randint(1, missing.sides)
            rolled.append(missing.field)
            continue
        if rolled:
            fact["rolled"] = rolled
        return new_state, result


class Batch:
    """Commands folded one after another on an in-memory state, their events kept in command
    order, saved together (all or nothing)."""

    def __init__(self, state: CampaignState, heads: dict, clock, lookup_command,
                 base_position: int = 0, to_stored=None, keep_results: bool = True):
        self.state = state
        self.heads = dict(heads)
        self.clock = clock
        self.stored_command = lookup_command
        self.next_position = base_position
        self.pending: dict[int, tuple[str, list[str]]] = {}  # commands not yet saved
        self.streams: dict[str, object] = {}
        self.to_stored = to_stored
        self.keep_results = keep_results
        self.events: list = []  # stored events (as they go to the recorder) in command order
        self.recorded: list[Recorded] = []

    def add(self, kind: str, raw: dict, rng) -> Recorded:
        """A command as typed: checked, its missing dice rolled, folded, recorded."""
        fact = build_fact(kind, raw, self.state)
        targets = self._void_targets(fact) if kind == "void" else []
        new_state, result = fill_rolls(self.state, fact, rng)
        return self._append(fact, new_state, result, targets, self.clock())

    def add_fact(self, fact: dict, when) -> Recorded:
        """A fact recorded elsewhere (a JSONL export), as it was: folded again, never
        re-rolled; a fact the rules refuse here is refused like a typed command."""
        fact = json.loads(json.dumps(fact))
        targets = self._void_targets(fact) if fact["kind"] == "void" else []
        new_state, result = apply_command(self.state, fact, None)
        return self._append(fact, new_state, result, targets, when)

    def _append(self, fact, new_state, result, targets, when) -> Recorded:
        kind = fact["kind"]
        session = new_state.session if kind == "session start" else self.state.session
        streams = self._touched(kind, fact, targets)
        cmd = uuid.uuid4().hex
        outcome = result.as_dict()
        for index, (stream_id, cls, event_name) in enumerate(streams):
            key = stream_id.hex
            version, prev = self.heads.get(key, [0, None])
            meta = {"cmd": cmd, "i": index, "n": len(streams), "session": session, "prev": prev}
            if fact.get("rolled"):
                meta["rolled"] = fact["rolled"]
            topic = getattr(cls, event_name).TOPIC
            meta["digest"] = event_digest(topic, key, version + 1, when.isoformat(), fact,
                                          outcome, meta)
            stream = self.streams.get(key)
            if stream is None and version == 0:
                stream = cls.start(stream_id, event_name, fact, outcome, meta, when)
                self.streams[key] = stream
            else:
                if stream is None:
                    stream = cls.at_version(stream_id, version, when)
                    self.streams[key] = stream
                stream.record(event_name, fact, outcome, meta, when)
            self.events.extend(map(self.to_stored, stream.collect_events()) if self.to_stored
                               else stream.collect_events())
            self.heads[key] = [version + 1, meta["digest"]]
        self.state = new_state
        self.next_position += len(streams)
        self.pending[self.next_position] = (kind, [sid.hex for sid, _c, _e in streams])
        if not self.keep_results:  # a long import keeps only what places its commands
            fact, result = None, None
        recorded = Recorded(fact, result, len(streams))
        self.recorded.append(recorded)
        return recorded

    def _void_targets(self, fact: dict) -> list[str]:
        """A correction names a recorded command; it cannot undo the campaign's opening, a
        session boundary or another correction."""
        target = fact["args"]["position"]
        entry = self.stored_command(target) if target not in self.pending else dict(
            zip(("kind", "streams"), self.pending[target]))
        if entry is None:
            raise RuleRefusal(f"no recorded command at position {target}: "
                              "see pangee log for the positions")
        if entry["kind"] in ("init", "session start", "session end", "void"):
            raise RuleRefusal(f"position {target} is a '{entry['kind']}': only game facts "
                              "(rolls, damage, rests, casts, …) can be voided")
        return entry["streams"]

    def _touched(self, kind: str, fact: dict, void_streams: list[str]):
        if kind in ("init", "session start", "session end"):
            return [(CAMPAIGN_ID, Campaign, CAMPAIGN_EVENTS[kind])]
        if kind == "character add":
            key = name_key(fact["args"]["name"])
            return [(character_id(key), Character, "CharacterAdded"),
                    (CAMPAIGN_ID, Campaign, "CharacterEnrolled")]
        if kind == "void":
            others = [uuid.UUID(s) for s in void_streams if s != CAMPAIGN_ID.hex]
            return [(CAMPAIGN_ID, Campaign, "CommandVoided")] + [
                (sid, Character, "CommandVoided") for sid in others]
        streams = [(stream_of(n), Character, CHARACTER_EVENTS[kind])
                   for n in fact.get("who", [])]
        target = fact["args"].get("target") if kind == "cast" else None
        if target:
            streams.append((stream_of(target), Character, "BroughtBackToLife"))
        return streams


__all__ = ["Batch", "Recorded", "BadValue", "event_digest"]
