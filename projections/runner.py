"""Catching the read models up with the event log, and rebuilding them from zero.

`ProjectionRunner` refuses SQLite (no subscriptions), so after each command the application
calls `catch_up`: it reads the notifications after the tracked position, folds them with
the same rules as the write side, and writes the status, the timeline, periodic fold
snapshots and the tracking positions together, one transaction per batch of notifications
(so a long history is folded in bounded memory). A concurrent catch-up that got there first
is detected on the tracking row, and the work is redone from its position.
"""

import gc
import hashlib
import json
from contextlib import contextmanager

from ledger.rules.fold import CampaignState
from ledger.rules.replay import Replayer

from .decode import StoredFact, group_commands, read_events
from .schema import TRACKING_KEYS, reset_tables
from .summaries import summarize

SNAPSHOT_EVERY = 500
BATCH = 5000
GENESIS = "0" * 64


def chain_next(chain: str, digest: str) -> str:
    return hashlib.sha256((chain + digest).encode()).hexdigest()


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode


def dumps(obj) -> str:
    """Canonical JSON (one encoder, built once: several calls per folded command)."""
    return _ENCODE(obj)


_FAST = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def plain_list(items) -> str:
    """JSON of a list of plain identifiers (rule ids, stream hex): no escaping needed."""
    return '["' + '","'.join(items) + '"]' if items else "[]"


@contextmanager
def paused_gc():
    """Folding a long history keeps many small, acyclic objects alive (decoded events, rows,
    sheets): the cyclic garbage collector would scan them over and over, for up to half of the
    time of a replay. It is paused for the duration and restored after (cycles made meanwhile
    are collected later, as usual)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def command_characters(fact: dict) -> list[str]:
    """Everyone a command names: who, the healer (`by`), the resurrection target."""
    names = list(fact.get("who", []))
    args = fact.get("args", {})
    if fact["kind"] == "character add":
        names.append(args["name"])
    target = args.get("target") if fact["kind"] == "cast" else None
    for extra in (args.get("by"), target):
        if extra and extra not in names:
            names.append(extra)
    return names


class Projections:
    def __init__(self, db, recorder, progress=None):
        self.db = db
        self.recorder = recorder
        self.progress = progress

    # -- reading -------------------------------------------------------------------------
    def load(self, c) -> dict:
        c.execute(f"SELECT body FROM {self.db.table('pangee_state')} WHERE name = 'current'")
        row = c.fetchone()
        if row is None:
            return {"state": CampaignState().to_dict(), "heads": {}, "chain": GENESIS}
        return json.loads(row[0])

    def current(self) -> tuple[CampaignState, dict, str]:
        """The status read model: fold state, stream heads {stream: [version, digest]}, chain."""
        with self.db.tx(commit=False) as c:
            body = self.load(c)
        return CampaignState.from_dict(body["state"]), body["heads"], body["chain"]

    def head(self) -> tuple[int, str]:
        """The tracked position and the running hash of the log up to it."""
        with self.db.tx(commit=False) as c:
            return self.tracked(c), self.load(c)["chain"]

    def digest(self) -> str:
        """A short digest of every read model's content: the fold state and the timeline
        (what each command decided), independent of the store it was rebuilt in."""
        with self.db.tx(commit=False) as c:
            body = self.load(c)
            c.execute(f"SELECT position, kind, outcome, rules, note FROM "
                      f"{self.db.table('pangee_timeline')} ORDER BY position")
            timeline = c.fetchall()
        text = dumps({"state": body["state"], "timeline": [list(r) for r in timeline]})
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def tracked(self, c) -> int:
        c.execute(f"SELECT position FROM {self.db.table('pangee_tracking')} WHERE name = ?",
                  (TRACKING_KEYS[0],))
        row = c.fetchone()
        return row[0] if row else 0

    # -- writing -------------------------------------------------------------------------
    def catch_up(self) -> int:
        """Fold every event after the tracked position; returns the new position."""
        while True:
            with self.db.tx(commit=False) as c:
                start = self.tracked(c)
            top = self.recorder.max_notification_id() or 0
            if top <= start:
                return start  # the usual case: nothing to fold, no state to parse
            with self.db.tx(commit=False) as c:  # the state that goes with the position
                start = self.tracked(c)
                body = self.load(c)
            if top <= start:
                return start
            try:
                with paused_gc():
                    return self._advance(start, top, body)
            except _Raced:
                continue

    def rebuild(self) -> int:
        with self.db.tx() as c:
            reset_tables(c, self.db)
        return self.catch_up()

    def _advance(self, start: int, top: int, body: dict) -> int:
        """Fold the events in (start, top], one batch of notifications at a time; each batch's
        rows, snapshots and new state are written with the tracking position in a transaction
        of their own, so a long history is folded in bounded memory."""
        state = CampaignState.from_dict(body["state"])
        heads, chain = dict(body["heads"]), body["chain"]
        pending_rows: list[list] = []
        snapshots: list[tuple[int, str]] = []
        note_updates: dict[int, str | None] = {}
        folded = [0]

        def history(upto: int):
            with self.db.tx(commit=False) as c:
                c.execute(f"SELECT position, fact FROM {self.db.table('pangee_timeline')} "
                          "WHERE position < ? ORDER BY position", (upto,))
                rows = [(p, json.loads(f)) for p, f in c.fetchall()]
            return rows + [(r[0], json.loads(r[11])) for r in pending_rows if r[0] < upto]

        replayer = Replayer(state, history=history)
        carry: list[StoredFact] = []
        position = start
        last_event = start
        while last_event < top:
            batch = read_events(self.db, self.recorder, last_event, top, BATCH)
            if not batch:
                break
            events = carry + batch
            last_event = batch[-1].position
            groups, carry = group_commands(events)
            for group in groups:
                for event in group:
                    heads[event.stream] = [event.version, event.meta.get("digest")]
                    chain = chain_next(chain, event.meta.get("digest") or "")
                head = group[-1]
                fact = head.fact
                result, note, changed = replayer.feed(head.position, fact)
                for pos, pnote in changed.items():
                    note_updates[pos] = pnote
                res = result.as_dict() if result else None
                pending_rows.append([
                    head.position, group[0].position, head.meta.get("cmd", ""),
                    head.meta.get("session"), head.timestamp, fact["kind"],
                    _FAST(command_characters(fact)), plain_list(sorted({e.stream for e in group})),
                    summarize(fact, res, note), plain_list(res["rules"] if res else ()),
                    res["outcome"] if res else None, _FAST(fact), _FAST(res) if res else None,
                    note, chain])
                position = head.position
                folded[0] += 1
                if folded[0] % SNAPSHOT_EVERY == 0:
                    snapshots.append((position, dumps(replayer.state.to_dict())))
                if self.progress:
                    self.progress(position, top)
            if pending_rows:
                new_body = {"state": replayer.state.to_dict(), "heads": heads, "chain": chain}
                start = self._write(start, position, new_body, pending_rows, snapshots,
                                    note_updates)
                pending_rows.clear()
                snapshots.clear()
                note_updates.clear()
        return start

    def _write(self, start, position, body, rows, snapshots, note_updates) -> int:
        t = self.db.table
        with self.db.tx() as c:
            c.execute(f"UPDATE {t('pangee_tracking')} SET position = ? WHERE position = ? "
                      "AND name IN (?, ?)", (position, start) + TRACKING_KEYS)
            if c.rowcount != len(TRACKING_KEYS):
                raise _Raced()
            c.execute(f"DELETE FROM {t('pangee_state')} WHERE name = 'current'")
            c.execute(f"INSERT INTO {t('pangee_state')} (name, body) VALUES ('current', ?)",
                      (dumps(body),))
            pending = {r[0]: r for r in rows}
            for pos, note in note_updates.items():
                if pos in pending:
                    pending[pos][13] = note
                else:
                    c.execute(f"UPDATE {t('pangee_timeline')} SET note = ? WHERE position = ?",
                              (note, pos))
            c.executemany(f"INSERT INTO {t('pangee_timeline')} VALUES "
                          f"({', '.join('?' * 15)})", rows)
            c.executemany(f"INSERT INTO {t('pangee_snapshots')} (position, body) VALUES (?, ?)",
                          snapshots)
        return position


class _Raced(Exception):
    """Another process caught the projections up first."""
