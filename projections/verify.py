"""`replay --verify`: prove the stored history is the one that was written, from the stored
events alone (no read model is trusted: a plain `replay` can never make tampering pass).

Recomputed for every event, in the store's order: its digest (over its topic, stream, version,
timestamp, fact, outcome and meta, as stored), its place in its stream (version and the
previous event's digest), and the running chain of the whole history. For every command of
the current shape: its number follows the last one, its events carry the chain as it stood
before it (so editing, removing, reordering or inserting any command breaks the next one),
and its recorded outcome is what the rules give when the history is folded again. Commands of
the first release's shape had no chain of their own: the first later command seals them.

What it cannot prove: that nothing was cut off the end (a checkpoint held by the players
does), nor that someone with write access did not append well-formed commands.
"""

import json
from dataclasses import dataclass, field

from ledger.errors import DamagedStore
from ledger.rules.errors import BadValue
from ledger.rules.replay import Replayer
from ledger.digests import GENESIS, chain_next, checkpoint_token, event_digest, parse_checkpoint

from .decode import StoredFact, decode_row

BATCH = 5000


@dataclass
class Finding:
    """The first place where the history is not the one that was written."""

    position: int  # the command number (or, for an unreadable event, its event position)
    code: str
    params: dict = field(default_factory=dict)


@dataclass
class Report:
    finding: Finding | None
    commands: int = 0
    chain: str = GENESIS
    drift: list[dict] = field(default_factory=list)  # first-release witnesses the rules changed
    checkpoint_legacy: bool = False


def _rows(db, recorder):
    table = recorder.events_table_name
    name = f'"{db.schema}"."{table}"' if db.postgres else table
    key = "notification_id" if db.postgres else "rowid"
    after = 0
    while True:
        with db.tx(commit=False) as c:
            rows = c.execute(f"SELECT {key}, originator_id, originator_version, topic, state "
                             f"FROM {name} WHERE {key} > ? ORDER BY {key} LIMIT ?",
                             (after, BATCH)).fetchall()
        if not rows:
            return
        yield from rows
        after = rows[-1][0]


class _Walk:
    """The state of one verification walk through the events."""

    def __init__(self, checkpoint):
        self.heads: dict[str, tuple[int, str | None]] = {}
        self.chain = GENESIS
        self.number = 0
        self.replayer = Replayer()
        self.by_event: dict[int, int] = {}
        self.checkpoint = checkpoint
        self.checkpoint_seen = checkpoint is None
        self.legacy = False
        self.drift: list[dict] = []
        self.command_chain = GENESIS  # the chain as it stood before the current command


def verify(db, recorder, checkpoint: tuple[int, str] | None = None) -> Report:
    """The first Finding, or none; with `checkpoint`, also proves the history still holds,
    unchanged, the history the token named."""
    walk = _Walk(checkpoint)
    group: list[StoredFact] = []
    for row in _rows(db, recorder):
        try:
            event = decode_row(*row)
        except DamagedStore as damaged:
            return Report(Finding(walk.number + 1, "verify.unreadable", damaged.params),
                          walk.number)
        if not group:
            walk.command_chain = walk.chain
        problem = _check_event(event, walk)
        if problem:
            return Report(Finding(walk.number + 1, *problem), walk.number)
        if group and group[0].meta.get("cmd") != event.meta.get("cmd"):
            return Report(Finding(walk.number + 1, "verify.command_cut"), walk.number)
        group.append(event)
        if len(group) < event.meta.get("n", 1):
            continue
        problem = _check_command(group, walk)
        if problem:
            return Report(Finding(walk.number, *problem), walk.number)
        group = []
    if group:
        return Report(Finding(walk.number + 1, "verify.command_cut"), walk.number)
    if not walk.checkpoint_seen:
        return Report(Finding(checkpoint[0], "verify.checkpoint_beyond", {"last": walk.number}),
                      walk.number, walk.chain)
    return Report(None, walk.number, walk.chain, walk.drift, walk.legacy)


def _check_event(event: StoredFact, walk: _Walk):
    fact, outcome, meta = event.raw
    digest = event_digest(event.topic, event.stream, event.version, event.timestamp, fact,
                          outcome, meta)
    if digest != meta.get("digest"):
        return "verify.edited", {"event": event.position}
    version, prev = walk.heads.get(event.stream, (0, None))
    if event.version != version + 1 or meta.get("prev") != prev:
        return "verify.stream_broken", {"event": event.position}
    if event.shape == 2 and meta.get("chain") != walk.command_chain:
        return "verify.chain_broken", {"event": event.position}
    walk.heads[event.stream] = (event.version, digest)
    walk.chain = chain_next(walk.chain, digest)
    _legacy_checkpoint(event, walk)
    return None


def _check_command(group: list[StoredFact], walk: _Walk):
    head = group[0]
    walk.number += 1
    if head.shape == 2:
        if any(e.meta.get("number") != walk.number for e in group):
            return "verify.number", {"stated": head.meta.get("number")}
        if not head.topic.startswith("pangee:Campaign."):
            return "verify.not_ordered", {}
        if any(e.fact != head.fact or e.meta.get("cmd") != head.meta.get("cmd") for e in group):
            return "verify.events_differ", {}
    fact = head.fact
    if fact["kind"] == "void" and "event_position" in fact.get("args", {}):
        args = {k: v for k, v in fact["args"].items() if k != "event_position"}
        args["number"] = walk.by_event.get(fact["args"]["event_position"], 0)
        fact = {**fact, "args": args}
    walk.by_event[group[-1].position] = walk.number
    result, note, _changed = walk.replayer.feed(walk.number, fact)
    problem = _compare(head, result, note, walk)
    if problem:
        return problem
    if walk.checkpoint and walk.checkpoint[0] == walk.number and not walk.checkpoint_seen:
        _match_checkpoint(walk, walk.chain) or _match_migrated(walk, head)
        if not walk.checkpoint_seen:
            return "verify.checkpoint_changed", {}
    return None


def _compare(head: StoredFact, result, note, walk: _Walk):
    witness = head.outcome
    if head.shape == 1:  # English sentences: only the outcome can be compared
        derived = result.outcome if result is not None else None
        if derived != witness.get("outcome"):
            walk.drift.append({"number": walk.number, "kind": head.fact["kind"],
                               "recorded": witness.get("outcome"), "now": derived,
                               "note": note})
        return None
    if result is None:
        if witness.get("note") is not None and witness.get("note") == note:
            return None
        return "verify.no_longer_folds", {"note": note}
    derived = json.loads(json.dumps(result.as_dict()))
    if derived != witness:
        key = next((k for k in ("outcome", "rules", "details", "effects", "outcomes")
                    if derived.get(k) != witness.get(k)), "outcome")
        return "verify.outcome_differs", {"key": key, "recorded": _short(witness.get(key)),
                                          "now": _short(derived.get(key))}
    return None


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "…"


def _match_checkpoint(walk: _Walk, chain: str) -> bool:
    if chain.startswith(walk.checkpoint[1]):
        walk.checkpoint_seen = True
    return walk.checkpoint_seen


def _match_migrated(walk: _Walk, head: StoredFact) -> bool:
    migrated = head.meta.get("migrated") or {}
    return False if not migrated else _match_checkpoint(walk, migrated.get("chain", ""))


def _legacy_checkpoint(event: StoredFact, walk: _Walk) -> None:
    """A token taken by the first release named an event position: still accepted, on the
    store it was taken on (or its migrated copy, see `_migrated_legacy`)."""
    if walk.checkpoint_seen or walk.checkpoint is None:
        return
    position = walk.checkpoint[0]
    migrated = event.meta.get("migrated") or {}
    if event.shape == 1 and event.position == position and walk.chain.startswith(walk.checkpoint[1]):
        walk.checkpoint_seen = walk.legacy = True
    elif migrated.get("position") == position and str(migrated.get("chain", "")).startswith(
            walk.checkpoint[1]):
        walk.checkpoint_seen = walk.legacy = True
