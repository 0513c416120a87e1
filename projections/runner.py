"""Catching the read models up with the event log, and rebuilding them from zero.

`ProjectionRunner` refuses SQLite (no subscriptions), so after each command the application
calls `catch_up`: it reads the events after the tracked position, groups them into commands,
numbers them in the campaign's total order, folds them with the same rules as the write side,
and writes the command log, periodic fold snapshots, the current state (stream heads and the
running chain included) and the tracking position together, one transaction per batch (so a
long history is folded in bounded memory). A concurrent catch-up that got there first is
detected on the tracking row, and the work is redone from its position. An event that cannot
be read stops the catch-up with its position (DamagedStore); what was folded before it stays.

`rebuild` folds everything again into tables aside and swaps them in at the end, in one
transaction: a history that cannot be read leaves the read models as they were.
"""

import gc
import hashlib
import json
from contextlib import contextmanager

from ledger.errors import DamagedStore
from ledger.rules.state import CampaignState
from ledger.digests import GENESIS, chain_next

from .decode import StoredFact, group_commands, read_events
from .schema import (HISTORY_PREFIXES, TRACKING_KEY, Tables, create_tables, drop_aside,
                     reset_tables, swap_in)

SNAPSHOT_EVERY = 500
BATCH = 5000

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
    time of a replay. It is paused for the duration and restored after."""
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


EMPTY = {"state": None, "heads": {}, "chain": GENESIS, "number": 0, "last_event": 0}


class Projections:
    def __init__(self, db, recorder, progress=None, suffix: str = ""):
        self.db = db
        self.recorder = recorder
        self.progress = progress
        self.t = Tables(db, suffix)

    def create(self) -> None:
        create_tables(self.db, self.t)

    # -- reading -------------------------------------------------------------------------
    def load(self, c) -> dict:
        c.execute(f"SELECT body FROM {self.t.state} WHERE name = 'current'")
        row = c.fetchone()
        body = json.loads(row[0]) if row else dict(EMPTY)
        if body["state"] is None:
            body["state"] = CampaignState().to_dict()
        return body

    def load_body(self) -> dict:
        with self.db.tx(commit=False) as c:
            return self.load(c)

    def current(self) -> tuple[CampaignState, dict, str]:
        """The folded state, stream heads {stream: [version, digest]}, running chain."""
        with self.db.tx(commit=False) as c:
            body = self.load(c)
        return CampaignState.from_dict(body["state"]), body["heads"], body["chain"]

    def head(self) -> tuple[int, str]:
        """The last command number and the running hash of the history up to it."""
        with self.db.tx(commit=False) as c:
            body = self.load(c)
        return body["number"], body["chain"]

    def digest(self) -> str:
        """A short digest of every read model's content: the fold state and the command log
        (what each command decided), independent of the store it was rebuilt in."""
        with self.db.tx(commit=False) as c:
            body = self.load(c)
            c.execute(f"SELECT number, kind, result, note, now FROM {self.t.commands} "
                      "ORDER BY number")
            rows = c.fetchall()
        text = dumps({"state": body["state"], "log": [list(r) for r in rows]})
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def damage(self) -> dict | None:
        """The damage a catch-up or a replay found ({"code", "params"}), if any: an event that
        cannot be read, or an order that does not follow. Cleared by a replay that succeeds."""
        with self.db.tx(commit=False) as c:
            c.execute(f"SELECT body FROM {self.t.state} WHERE name = 'damaged'")
            row = c.fetchone()
        return json.loads(row[0]) if row else None

    def record_damage(self, damaged) -> None:
        with self.db.tx() as c:
            c.execute(f"DELETE FROM {self.t.state} WHERE name = 'damaged'")
            c.execute(f"INSERT INTO {self.t.state} (name, body) VALUES ('damaged', ?)",
                      (dumps({"code": damaged.code, "params": damaged.params}),))

    def tracked(self, c) -> int:
        c.execute(f"SELECT position FROM {self.t.tracking} WHERE name = ?", (TRACKING_KEY,))
        row = c.fetchone()
        return row[0] if row else 0

    # -- writing -------------------------------------------------------------------------
    def catch_up(self) -> int:
        """Fold every event after the tracked position; returns the last event position."""
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
            except DamagedStore as damaged:  # reported by every command from now on
                self.record_damage(damaged)
                raise

    def rebuild(self) -> int:
        """Fold every event again, aside, then swap the new read models in."""
        aside = Projections(self.db, self.recorder, self.progress, suffix="_rebuild")
        drop_aside(self.db, aside.t)
        aside.create()
        try:
            with self.db.tx() as c:
                reset_tables(c, aside.t)
            aside.catch_up()
            with self.db.tx() as c:
                swap_in(c, self.db, aside.t, self.t)
        except DamagedStore as damaged:
            drop_aside(self.db, aside.t)
            self.record_damage(damaged)
            raise
        except BaseException:
            drop_aside(self.db, aside.t)
            raise
        return self.catch_up()

    def _advance(self, start: int, top: int, body: dict) -> int:
        """Fold the events in (start, top], one batch at a time; each batch's rows, snapshots
        and new state are written with the tracking position in a transaction of their own."""
        from ledger.rules.replay import Replayer

        from .status import status_object

        state = CampaignState.from_dict(body["state"])
        heads, chain = dict(body["heads"]), body["chain"]
        number, last_event = body["number"], body["last_event"]
        pending: list[list] = []
        told: list[tuple] = []  # the characters' histories (explain)
        snapshots: list[tuple[int, str]] = []
        updates: dict[int, tuple] = {}
        by_event: dict[int, int] = {}  # last event position -> number (v1 corrections)

        def history(upto: int):
            with self.db.tx(commit=False) as c:
                c.execute(f"SELECT number, fact, result, note, now FROM {self.t.commands} "
                          "WHERE number < ? ORDER BY number", (upto,))
                rows = c.fetchall()
            done = [(n, json.loads(f), _load(r), _load(now), _load(note))
                    for n, f, r, note, now in rows]
            return done + [(r[0], json.loads(r[9]), _load(r[10]), _load(r[12]), _load(r[11]))
                           for r in pending if r[0] < upto]

        replayer = Replayer(state, history=history)
        carry: list[StoredFact] = []
        while last_event < top:
            batch = read_events(self.db, self.recorder, last_event, top, BATCH)
            if not batch:
                break
            events = carry + batch
            last_event = batch[-1].position
            groups, carry = group_commands(events)
            for group in groups:
                number = self._number(group, number)
                for event in group:
                    heads[event.stream] = [event.version, event.digest]
                    chain = chain_next(chain, event.digest)
                fact = self._fact(group, by_event)
                result, note, changed = replayer.feed(number, fact)
                for pos, (pnote, now) in changed.items():
                    updates[pos] = (_FAST(pnote) if pnote else None, _FAST(now) if now else None)
                head = group[0]
                by_event[group[-1].position] = number
                if result is not None:
                    told += history_rows(number, fact["kind"], result.as_dict())
                pending.append([
                    number, head.position, group[-1].position, head.meta["cmd"],
                    head.meta.get("session"), head.timestamp, fact["kind"],
                    _FAST(command_characters(fact)), plain_list(_streams(group)), _FAST(fact),
                    _FAST(result.as_dict()) if result else None,
                    _FAST(note) if note else None, None, chain, group[0].shape])
                if number % SNAPSHOT_EVERY == 0:
                    snapshots.append((number, dumps(replayer.state.to_dict())))
                if self.progress:
                    self.progress(group[-1].position, top)
            if pending:
                position = pending[-1][2]
                new_body = {"state": replayer.state.to_dict(), "heads": heads, "chain": chain,
                            "number": number, "last_event": position}
                start = self._write(start, position, new_body, pending, snapshots, updates,
                                    status_object(replayer.state), told)
                pending.clear()
                told.clear()
                snapshots.clear()
                updates.clear()
        return start

    @staticmethod
    def _number(group: list[StoredFact], last: int) -> int:
        """The command's number: the next in the total order (a shape-2 command says which it
        is; one that does not follow the last is a damaged order, reported with its place)."""
        stated = group[0].meta.get("number")
        if stated is not None and stated != last + 1:
            raise DamagedStore("store.out_of_order", None, position=group[0].position,
                               number=stated, expected=last + 1)
        return last + 1

    def _fact(self, group: list[StoredFact], by_event: dict[int, int]) -> dict:
        """The command's fact; a first-release correction names an event position, turned
        into the number of the command it ended."""
        fact = group[0].fact
        args = fact.get("args", {})
        if fact["kind"] == "void" and "event_position" in args:
            position = args["event_position"]
            number = by_event.get(position) or self._number_at_event(position)
            rest = {k: v for k, v in args.items() if k != "event_position"}
            fact = {**fact, "args": {**rest, "number": number or 0}}
        return fact

    def _number_at_event(self, position: int) -> int | None:
        with self.db.tx(commit=False) as c:
            c.execute(f"SELECT number FROM {self.t.commands} WHERE last_event = ?", (position,))
            row = c.fetchone()
        return row[0] if row else None

    def _write(self, start, position, body, rows, snapshots, updates, status, history) -> int:
        t = self.t
        with self.db.tx() as c:
            c.execute(f"UPDATE {t.tracking} SET position = ? WHERE position = ? AND name = ?",
                      (position, start, TRACKING_KEY))
            if c.rowcount != 1:
                raise _Raced()
            c.execute(f"DELETE FROM {t.state} WHERE name IN ('current', 'status', 'head')")
            c.execute(f"INSERT INTO {t.state} (name, body) VALUES ('current', ?)", (dumps(body),))
            c.execute(f"INSERT INTO {t.state} (name, body) VALUES ('status', ?)",
                      (dumps(status), ))
            c.execute(f"INSERT INTO {t.state} (name, body) VALUES ('head', ?)",
                      (dumps({"number": body["number"], "chain": body["chain"]}),))
            pending = {r[0]: r for r in rows}
            for number, (note, now) in updates.items():
                if number in pending:
                    pending[number][11], pending[number][12] = note, now
                else:
                    c.execute(f"UPDATE {t.commands} SET note = ?, now = ? WHERE number = ?",
                              (note, now, number))
            c.executemany(f"INSERT INTO {t.commands} VALUES ({', '.join('?' * 15)})", rows)
            c.executemany(f"INSERT INTO {t.history} VALUES (?, ?, ?, ?, ?, ?, ?)", history)
            for number, (note, now) in updates.items():  # what a correction changed
                c.execute(f"DELETE FROM {t.history} WHERE number = ?", (number,))
                if now:
                    effective = json.loads(now)
                elif note:
                    effective = None  # voided or without effect: nothing of it stands
                else:
                    c.execute(f"SELECT kind, result FROM {t.commands} WHERE number = ?", (number,))
                    kind, first = c.fetchone()
                    effective = _load(first)
                if effective:
                    c.execute(f"SELECT kind FROM {t.commands} WHERE number = ?", (number,))
                    kind = c.fetchone()[0]
                    c.executemany(f"INSERT INTO {t.history} VALUES (?, ?, ?, ?, ?, ?, ?)",
                                  history_rows(number, kind, effective))
            c.executemany(f"INSERT INTO {t.snapshots} (number, body) VALUES (?, ?)", snapshots)
        return position


def _load(text):
    return json.loads(text) if text else None


def history_rows(number: int, kind: str, result: dict | None) -> list[tuple]:
    """The consequences of one command that a character's history keeps (explain)."""
    rows = []
    for seq, e in enumerate((result or {}).get("effects", ())):
        if e.get("character") and e["code"].startswith(HISTORY_PREFIXES):
            rows.append((e["character"], number, seq, kind, e["code"], _FAST(e["params"]),
                         plain_list(e["rules"])))
    return rows


def _streams(group: list[StoredFact]) -> list[str]:
    return sorted({e.stream for e in group})


class _Raced(Exception):
    """Another process caught the projections up first."""
