"""`replay --verify`: prove the stored history is the one that was written.

Every event carries the digest of its canonical content and the digest of the previous event
of its stream; the read models keep the running hash of the whole log at every command.
Checking recomputes all of it from the stored rows, and re-derives every recorded outcome
with the rules, naming the first position that fails. A corrupted row is reported, never
a traceback.
"""

import json
from dataclasses import dataclass

from ledger.rules.replay import Replayer
from ledger.writing import event_digest

from .decode import StoredFact, decode
from .runner import GENESIS, chain_next

BATCH = 5000


@dataclass
class Finding:
    position: int
    problem: str

    def __str__(self) -> str:
        return f"position {self.position}: {self.problem}"


def parse_checkpoint(token: str) -> tuple[int, str]:
    from ledger.rules.errors import BadValue

    try:
        position, digest = token.strip().split("-", 1)
        position = int(position)
        int(digest, 16)
    except ValueError:
        raise BadValue(f"'{token}' is not a checkpoint: expected POSITION-HASH as printed by "
                       "pangee checkpoint") from None
    if position < 1 or len(digest) < 8:
        raise BadValue(f"'{token}' is not a checkpoint: expected POSITION-HASH as printed by "
                       "pangee checkpoint")
    return position, digest.lower()


def checkpoint_token(position: int, chain: str) -> str:
    return f"{position}-{chain[:24]}"


def _events(recorder):
    start = 1
    while True:
        batch = recorder.select_notifications(start=start, limit=BATCH)
        if not batch:
            return
        for notification in batch:
            try:
                yield decode(notification), None
            except Exception as error:  # a corrupted row: reported, never raised
                yield None, (notification.id, f"unreadable event ({type(error).__name__})")
        start = batch[-1].id + 1


def verify(recorder, timeline: list[tuple], checkpoint: tuple[int, str] | None = None):
    """Check the stored events against their digests, their streams, the recorded timeline
    (position, cmd, chain per command) and the rules. Returns the first Finding or None."""
    by_position = {row[0]: row for row in timeline}
    heads: dict[str, tuple[int, str | None]] = {}
    chain = GENESIS
    group: list[StoredFact] = []
    replayer = Replayer()
    checkpoint_seen = checkpoint is None
    seen_positions: set[int] = set()
    expected = sorted(by_position)
    next_expected = 0
    for event, broken in _events(recorder):
        if broken:
            return Finding(*broken)
        while next_expected < len(expected) and expected[next_expected] < event.position:
            if expected[next_expected] not in seen_positions:
                return Finding(expected[next_expected], "a recorded command's events were removed")
            next_expected += 1
        problem = _check_event(event, heads)
        if problem:
            return Finding(event.position, problem)
        heads[event.stream] = (event.version, event.meta.get("digest"))
        chain = chain_next(chain, event.meta.get("digest") or "")
        if checkpoint is not None and event.position == checkpoint[0]:
            checkpoint_seen = True
            if not chain.startswith(checkpoint[1]):
                return Finding(event.position, "the history up to this checkpoint was changed "
                                               "since the checkpoint was taken")
        if group and group[0].meta.get("cmd") != event.meta.get("cmd"):
            return Finding(group[-1].position, "an event of this command is missing")
        group.append(event)
        if len(group) < event.meta.get("n", 1):
            continue
        head, group = group[-1], []
        seen_positions.add(head.position)
        problem = _check_command(head, chain, by_position.get(head.position), replayer)
        if problem:
            return Finding(head.position, problem)
    if group:
        return Finding(group[-1].position, "an event of this command is missing")
    if not checkpoint_seen:
        return Finding(checkpoint[0], "the checkpoint's position is no longer in the history")
    missing = sorted(set(by_position) - seen_positions)
    if missing:
        return Finding(missing[0], "a recorded command's events were removed")
    return None


def _check_event(event: StoredFact, heads: dict) -> str | None:
    digest = event_digest(event.topic, event.stream, event.version, event.timestamp,
                          event.fact, event.outcome, event.meta)
    if digest != event.meta.get("digest"):
        return "the stored event was edited after it was written (digest mismatch)"
    version, prev = heads.get(event.stream, (0, None))
    if event.version != version + 1:
        return (f"stream event {event.version} follows event {version}: an event of this "
                "character was removed or reordered")
    if event.meta.get("prev") != prev:
        return "the previous event of this stream was changed, removed or reordered"
    return None


def _check_command(head: StoredFact, chain: str, row, replayer: Replayer) -> str | None:
    if row is not None and row[1] != chain:
        return "the log's order or content differs from when it was recorded (chain mismatch)"
    result, note, _changed = replayer.feed(head.position, head.fact)
    if result is None:
        return f"the recorded fact no longer folds ({note})"
    derived = _comparable(result.as_dict())
    recorded = _comparable(head.outcome)
    if derived != recorded:
        for key in ("outcome", "rules", "details", "effects"):
            if derived[key] != recorded[key]:
                return (f"the recorded {key} {_short(recorded[key])} differs from what the rules "
                        f"give now: {_short(derived[key])}")
    return None


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 160 else text[:157] + "…"


def _comparable(outcome: dict) -> dict:
    return json.loads(json.dumps({k: outcome.get(k) for k in ("outcome", "rules", "details",
                                                              "effects")}))
