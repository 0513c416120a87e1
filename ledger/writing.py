"""Turning commands into recorded events: the rolls the ledger makes at the edge, the streams
a command touches, its number in the campaign's total order, the hash chains, and the batch
that is saved in one transaction.

Every event carries in `meta`: `cmd` (the command's id), `number` (1, 2, 3… in the total
order), `i`/`n` (its place among the command's events), `session`, `prev` (the digest of the
previous event of its stream), `chain` (the running hash of the whole history before the
command: the digest of every event before it, folded in order) and `digest` (its own, over
its topic, stream, version, timestamp, fact, outcome and meta). So editing, removing,
reordering or inserting any recorded command breaks the chain that verification recomputes
from the stored events alone.
"""

import json
import uuid

from eventsourcing.persistence import StoredEvent
from dataclasses import dataclass
from functools import lru_cache

from .aggregates import (CAMPAIGN_EVENTS, CAMPAIGN_ID, CHARACTER_EVENTS, Campaign, Character,
                         character_id)
from .commands import build_fact
from .corrections import plan_void
from .digests import GENESIS, JSON, canonical, chain_next, digest_v2, event_digest
from .names import name_key
from .rules.errors import BadValue, MissingRoll, RuleRefusal
from .rules.fold import CampaignState, Result, apply_command, apply_recorded, fold_history

SHAPE = 2  # the event shape this release writes (shapes.upcast_v1_v2 reads shape 1)
FLUSH_EVERY = 20_000  # events a long import holds before handing them to the store
NOT_VOIDABLE = ("init", "session start", "session end")


@dataclass
class Recorded:
    """What a write command recorded: its fact, what the rules made of it, its number."""

    fact: dict
    result: Result
    events: int = 0
    position: int | None = None  # the command number
    kind: str = ""
    timestamp: str = ""
    plan: object = None  # a correction's simulation (corrections.VoidPlan)
    session: int | None = None


@lru_cache(maxsize=4096)
def stream_of(name: str) -> uuid.UUID:
    """The stream of a character named as the fact names it (cached: every event needs it,
    and a long import names the same few characters over and over)."""
    return character_id(name_key(name))


def _encode(state: dict) -> bytes:
    return JSON(state).encode("utf-8")


def fill_rolls(state: CampaignState, fact: dict, rng, number: int) -> tuple[CampaignState, Result]:
    """Fold the fact; every die the GM left out is rolled here, at the edge, and recorded."""
    rolled: list[str] = []
    while True:
        try:
            new_state, result = apply_command(state, fact, number)
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

    def __init__(self, state: CampaignState, heads: dict, chain: str, clock, lookup, history,
                 encode=None, keep_results: bool = True, keep_facts: bool = True,
                 sink=None):
        self.state = state
        self.number = state.position
        self.heads = dict(heads)
        self.chain = chain
        self.clock = clock
        self.lookup = lookup  # number -> {"kind", "streams", "fact"} of a recorded command
        self.load_history = history  # () -> [(number, fact)] of every recorded command
        self._history: list | None = None
        self.pending: dict[int, dict] = {}  # commands of this batch, not yet saved
        self.encode = encode or _encode
        self.keep_facts = keep_facts  # a long import without corrections keeps no fact
        self.sink = sink  # where a long import's events go as it folds them (one transaction)
        self.keep_results = keep_results
        self.events: list = []  # stored events (as they go to the recorder) in command order
        self.recorded: list[Recorded] = []

    # -- adding commands ---------------------------------------------------------------------
    def add(self, kind: str, raw: dict, rng, dry_run: bool = False):
        """A command as typed: checked, its missing dice rolled, folded, recorded. A
        correction is first simulated on the whole history (corrections.plan_void); with
        `dry_run` that plan is returned and nothing is added."""
        fact = build_fact(kind, raw, self.state)
        targets: list[str] = []
        plan = None
        if kind in ("void", "note"):
            targets = self._target(fact)
        if kind == "void":
            probe = {**fact, "args": {k: v for k, v in fact["args"].items()
                                      if k not in ("wound_roll", "d20", "save_d20")}}
            apply_command(self.state, probe, self.number + 1)  # refused before simulating
            plan = plan_void(self.history(), fact, self.number + 1, preview=dry_run)
            if dry_run:
                return plan
        new_state, result = fill_rolls(self.state, fact, rng, self.number + 1)
        if plan is not None:
            new_state = plan.after
        recorded = self._append(fact, new_state, result, targets if kind == "void" else [],
                                self.clock().isoformat(), uuid.uuid4().hex)
        recorded.plan = plan
        return recorded

    def add_fact(self, fact: dict, when: str, cmd: str, extra_meta: dict | None = None,
                 lenient: bool = False) -> Recorded:
        """A fact recorded elsewhere (a migrated export), as it was: folded again, never
        re-rolled. A fact the rules refuse here is refused like a typed command, unless
        `lenient` (a migration): then it is recorded without effect, the reason as its
        witness, as a replay of the old history would find it."""
        fact = json.loads(json.dumps(fact))
        targets = self._target(fact) if fact["kind"] in ("void", "note") else []
        number = self.number + 1
        if lenient:
            new_state, result, note = apply_recorded(self.state, fact, number)
            if result is None:
                result = Result(note=note)
        else:
            new_state, result = apply_command(self.state, fact, number)
        if fact["kind"] == "void" and result.note is None:
            new_state = self._refolded(fact, number)
        return self._append(fact, new_state, result, targets if fact["kind"] == "void" else [],
                            when, cmd, extra_meta)

    def add_verbatim(self, events: list[dict]) -> Recorded:
        """A command exported by this release, recorded again exactly as it was: its fact is
        checked by folding it here (its witness must be what the rules give), and each event
        must be the one this batch would write next (stream, topic, version, stream chain,
        number, history chain); then the events are stored with their own meta and digests."""
        first = events[0]
        fact = json.loads(json.dumps(first["facts"]))
        kind = fact["kind"]
        number = self.number + 1
        if first["meta"].get("number") != number:
            raise BadValue("jsonl.number", None, number=first["meta"].get("number"),
                           expected=number)
        targets = self._target(fact) if kind in ("void", "note") else []
        new_state, result = apply_command(self.state, fact, number)
        if kind == "void":
            new_state = self._refolded(fact, number)
        if canonical(result.as_dict()) != canonical(first["outcome"]):
            raise BadValue("jsonl.outcome_differs", None, number=number)
        streams = self._touched(kind, fact, targets if kind == "void" else [])
        if len(streams) != len(events):
            raise BadValue("jsonl.streams_differ", None, number=number)
        chain_before = self.chain
        for (stream_id, cls, event_name, _who), event in zip(streams, events):
            version, prev = self.heads.get(stream_id.hex, [0, None])
            meta = event["meta"]
            if (event["stream"] != stream_id.hex or event["topic"] != getattr(cls, event_name).TOPIC
                    or event["version"] != version + 1 or meta.get("prev") != prev
                    or meta.get("chain") != chain_before or meta.get("number") != number):
                raise BadValue("jsonl.event_unexpected", None, number=number,
                               index=meta.get("i"))
            self.insert(stream_id, cls, event_name, version, fact, event["outcome"], meta,
                        event["timestamp"])
        return self._advance(kind, fact, new_state, result, streams, first["timestamp"])

    def history(self) -> list[tuple[int, dict]]:
        """Every command recorded so far, this batch's included."""
        if self._history is None:
            self._history = list(self.load_history())
        return self._history + [(n, p["fact"]) for n, p in sorted(self.pending.items())]

    def _target(self, fact: dict) -> list[str]:
        """A correction or a note names a recorded command by its number; a correction cannot
        undo the campaign's opening or a session boundary. Returns the target's streams."""
        target = fact["args"]["number"]
        entry = self.pending.get(target) or self.lookup(target)
        if entry is None:
            raise RuleRefusal("command.unknown", None, number=target, last=self.number)
        if fact["kind"] == "void" and entry["kind"] in NOT_VOIDABLE:
            raise RuleRefusal("void.not_voidable", None, number=target, target_kind=entry["kind"])
        return entry["streams"]

    # -- events --------------------------------------------------------------------------------
    def _append(self, fact, new_state, result, void_streams, when: str, cmd: str,
                extra_meta: dict | None = None) -> Recorded:
        kind = fact["kind"]
        number = self.number + 1
        session = new_state.session if kind == "session start" else self.state.session
        streams = self._touched(kind, fact, void_streams)
        fact_json = JSON(fact)  # once per command: each of its events holds the same fact
        chain_before = self.chain
        for index, (stream_id, cls, event_name, _who) in enumerate(streams):
            meta = {"cmd": cmd, "number": number, "i": index, "n": len(streams),
                    "session": session, "shape": SHAPE, "chain": chain_before}
            if fact.get("rolled"):
                meta["rolled"] = fact["rolled"]
            if extra_meta:
                meta.update(extra_meta)
            # the command's witness goes with the campaign's event; a character's event
            # holds the fact and its place in the command
            outcome_json = JSON(result.as_dict()) if index == 0 else "{}"
            self._event(stream_id, cls, event_name, fact_json, outcome_json, meta, when)
        return self._advance(kind, fact, new_state, result, streams, when)

    def _event(self, stream_id, cls, event_name, fact_json: str, outcome_json: str, meta: dict,
               when: str) -> None:
        """One event of the command, next in its stream, its digest computed over the JSON
        it is stored with; the stream's head and the running chain advance."""
        key = stream_id.hex
        version, prev = self.heads.get(key, [0, None])
        event_class = getattr(cls, event_name)
        meta["prev"] = prev
        meta_json = JSON(meta)
        digest = digest_v2(event_class.TOPIC, key, version + 1, when, fact_json, outcome_json,
                           meta_json)
        first = f'"originator_topic":{JSON(cls.TOPIC)},' if version == 0 else ""
        state = (f'{{"timestamp":{{"_type_":"datetime_iso","_data_":{JSON(when)}}},{first}'
                 f'"fact":{fact_json},"outcome":{outcome_json},'
                 f'"meta":{meta_json[:-1]},"digest":"{digest}"}},'
                 f'"class_version":{event_class.class_version}}}')
        self.events.append(StoredEvent(originator_id=stream_id, originator_version=version + 1,
                                       topic=event_class.TOPIC, state=state.encode("utf-8")))
        self.heads[key] = [version + 1, digest]
        self.chain = chain_next(self.chain, digest)

    def flush(self) -> None:
        """Hand the events made so far to the store (within the caller's transaction)."""
        if self.sink is not None and self.events:
            self.sink(self.events)
            self.events = []

    def _advance(self, kind, fact, new_state, result, streams, when: str) -> Recorded:
        if self.sink is not None and len(self.events) >= FLUSH_EVERY:
            self.flush()
        number = self.number + 1
        session = new_state.session if kind == "session start" else self.state.session
        self.state = new_state
        self.number = number
        if self.keep_facts:  # corrections and notes of this batch may name it
            self.pending[number] = {"kind": kind, "fact": fact,
                                    "streams": [sid.hex for sid, _c, _e, _w in streams]}
        recorded = Recorded(fact if self.keep_results else None,
                            result if self.keep_results else None, len(streams), number, kind,
                            when, session=session)
        self.recorded.append(recorded)
        return recorded

    def _refolded(self, fact: dict, number: int) -> CampaignState:
        """The campaign after a correction: the whole history folded again with it."""
        state = CampaignState()
        for _n, _f, state, _r, _note in fold_history(self.history() + [(number, fact)]):
            pass
        return state

    def insert(self, stream_id, cls, event_name, version, fact, outcome, meta, when) -> None:
        """An event restored as it was exported (fact, outcome and meta with its digest), at
        `version + 1` of its stream, in the state the library's mapper reads (see `_event`)."""
        event_class = getattr(cls, event_name)
        state = {"timestamp": {"_type_": "datetime_iso", "_data_": when}}
        if version == 0:
            state["originator_topic"] = cls.TOPIC
        state["fact"], state["outcome"], state["meta"] = fact, outcome, meta
        state["class_version"] = event_class.class_version
        self.events.append(StoredEvent(originator_id=stream_id, originator_version=version + 1,
                                       topic=event_class.TOPIC, state=self.encode(state)))
        self.heads[stream_id.hex] = [version + 1, meta["digest"]]
        self.chain = chain_next(self.chain, meta["digest"])

    def _touched(self, kind: str, fact: dict, void_streams: list[str]):
        """(stream, aggregate class, event name, whose part) of each event, the Campaign's
        first: every command advances the campaign's total order."""
        campaign = [(CAMPAIGN_ID, Campaign, CAMPAIGN_EVENTS[kind], None)]
        if kind in ("init", "session start", "session end", "note"):
            return campaign
        if kind == "character add":
            name = fact["args"]["name"]
            return campaign + [(character_id(name_key(name)), Character, "CharacterAdded", name)]
        if kind == "void":
            others = [uuid.UUID(s) for s in void_streams if s != CAMPAIGN_ID.hex]
            return campaign + [(sid, Character, "CommandVoided", None) for sid in others]
        streams = campaign + [(stream_of(n), Character, CHARACTER_EVENTS[kind], n)
                              for n in fact.get("who", [])]
        target = fact["args"].get("target") if kind == "cast" else None
        if target:
            streams.append((stream_of(target), Character, "BroughtBackToLife", target))
        return streams


__all__ = ["Batch", "Recorded", "BadValue", "event_digest", "chain_next", "GENESIS"]
