"""Helpers for the trust tests (issue 9): a campaign of about twenty commands, raw SQL on
the events table of either back end, one-line error checks, snapshots of what a store
shows, and the real command line in a subprocess."""

import json
import os
import re
import sqlite3
import subprocess
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PANGEE = [sys.executable, "-c", "from cli.main import main; main()"]

# A campaign of 20 commands: numbers 1..20, several streams, every common kind.
CAMPAIGN = [
    ("init", "Valmorte", "--seed", "7"),
    ("character", "add", "Arin", "--con", "14", "--hp-max", "45", "--level", "5"),
    ("character", "add", "Brune", "--con", "12", "--hp-max", "38", "--level", "5", "--medicine"),
    ("character", "add", "Carl", "--con", "10", "--hp-max", "40", "--level", "9", "--warlock"),
    ("session", "start", "Les ruines"),
    ("attack", "Arin", "--ac", "13", "--d20", "15", "--bonus", "5"),
    ("check", "Brune", "--dc", "12", "--d20", "9", "--bonus", "3"),
    ("damage", "Arin", "50", "--cause", "épée à deux mains"),
    ("death-save", "Arin", "--d20", "14"),
    ("stabilize", "Arin", "--by", "Brune", "--wound-roll", "3"),
    ("treat", "Arin", "--by", "Brune", "--d20", "13", "--bonus", "5"),
    ("heal", "Arin", "10"),
    ("save", "Carl", "--dc", "14", "--d20", "11", "--bonus", "2"),
    ("fatigue", "Carl", "+1", "--cause", "marche forcée"),
    ("session", "end"),
    ("session", "start", "Deux"),
    ("rest", "night", "Arin", "Brune", "Carl", "--safe", "--calm"),
    ("attack", "Carl", "--ac", "15", "--d20", "20", "--bonus", "4"),
    ("damage", "Brune", "5", "--cause", "dague"),
    ("session", "end"),
]


def build_campaign(pangee, commands=CAMPAIGN) -> None:
    for args in commands:
        result = pangee(*args)
        assert result.exit_code == 0, (args, result.output)


# -- results -------------------------------------------------------------------------------
def _short(text: str, most: int = 400) -> str:
    return text if len(text) <= most else text[:most] + f"… ({len(text)} characters)"


def _streams(result) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of a click Result or a CompletedProcess."""
    if isinstance(result, subprocess.CompletedProcess):
        return result.returncode, result.stdout, result.stderr
    return result.exit_code, result.stdout, result.stderr


RAW_CODE = re.compile(r"\b[a-z_]+\.[a-z_]+ \{")  # a message code printed with its parameters


def one_line_error(result, code: int, *words: str) -> str:
    """Refused with `code`: exactly one line on stderr, `pangee: error: …`, naming every
    word, no traceback anywhere, no message code left untranslated, nothing on stdout."""
    exit_code, out, err = _streams(result)
    assert exit_code == code, (exit_code, _short(out), _short(err))
    assert "Traceback" not in out + err, _short(err, 2000)
    lines = err.splitlines()
    assert len(lines) == 1, err
    line = lines[0]
    assert line.startswith("pangee: error: "), line
    assert not RAW_CODE.search(line), f"untranslated message code: {line}"
    assert "\x1b" not in out + err, "a raw terminal escape was printed"
    for word in words:
        assert word.casefold() in line.casefold(), (word, line)
    assert out == "", _short(out)
    return line


def ok(result):
    exit_code, out, err = _streams(result)
    assert exit_code == 0, (exit_code, _short(out), _short(err, 2000))
    return result


def cli(db: str, *args: str, timeout: float = 60, lang: str = "en", env: dict | None = None,
        **kwargs) -> subprocess.CompletedProcess:
    """The real command line in a process of its own."""
    full_env = {**os.environ, **(env or {})}
    full_env.pop("PANGEE_DEBUG", None)
    return subprocess.run(PANGEE + ["--db", db, "--lang", lang, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, env=full_env,
                          **kwargs)


# -- what a store shows ----------------------------------------------------------------------
def shown(pangee) -> dict:
    """What the store shows: its log and status (JSON) and its checkpoint."""
    log, status, token = pangee("log", "--json"), pangee("status", "--json"), pangee("checkpoint")
    for result in (log, status, token):
        ok(result)
    return {"log": json.loads(log.stdout), "status": json.loads(status.stdout),
            "checkpoint": token.stdout.strip()}


# -- raw SQL on the events table -------------------------------------------------------------
@dataclass
class Row:
    position: int
    stream: str  # hex
    version: int
    topic: str
    state: bytes

    @property
    def body(self) -> dict:
        return json.loads(self.state)

    @property
    def meta(self) -> dict:
        return self.body["meta"]


class RawEvents:
    """The stored events of a store, read and changed behind pangee's back (SQLite:
    `stored_events` by rowid; PostgreSQL: `pangee_events` in the test's schema by
    notification_id)."""

    def __init__(self, url: str):
        self.url = url
        self.postgres = url.startswith("postgresql://")
        if self.postgres:
            import psycopg

            from ledger.store import parse_target

            target = parse_target(url)
            base = url.split("?")[0]
            self.conn = psycopg.connect(base, autocommit=True)
            self.table = f'"{target.schema}".pangee_events'
            self.key = "notification_id"
            self.schema = target.schema
        else:
            self.conn = sqlite3.connect(url, timeout=30, isolation_level=None)
            self.table, self.key = "stored_events", "rowid"

    def close(self) -> None:
        self.conn.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def execute(self, sql: str, params=()):
        return self.conn.execute(self._sql(sql), tuple(params))

    def rows(self) -> list[Row]:
        found = self.execute(f"SELECT {self.key}, originator_id, originator_version, topic, "
                             f"state FROM {self.table} ORDER BY {self.key}").fetchall()
        return [Row(p, s.hex if isinstance(s, uuid.UUID) else str(s), v, t, bytes(b))
                for p, s, v, t, b in found]

    def command(self, number: int) -> list[Row]:
        """The rows of command `number` (by the number its events state)."""
        return [r for r in self.rows() if r.meta.get("number") == number]

    def count(self) -> int:
        return self.execute(f"SELECT COUNT(*) FROM {self.table}").fetchone()[0]

    def set_state(self, position: int, state: bytes) -> None:
        self.execute(f"UPDATE {self.table} SET state = ? WHERE {self.key} = ?",
                     (state, position))

    def delete(self, positions) -> None:
        for position in positions:
            self.execute(f"DELETE FROM {self.table} WHERE {self.key} = ?", (position,))

    def append(self, stream: str, version: int, topic: str, state: bytes) -> None:
        originator = uuid.UUID(stream) if self.postgres else stream
        self.execute(f"INSERT INTO {self.table} (originator_id, originator_version, topic, "
                     "state) VALUES (?, ?, ?, ?)", (originator, version, topic, state))


def dump(body: dict) -> bytes:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def redigest(row: Row, body: dict, version: int | None = None) -> dict:
    """`body` with its meta.digest recomputed over its content, as pangee computes it."""
    from ledger.digests import event_digest

    stamp = body["timestamp"]
    stamp = stamp["_data_"] if isinstance(stamp, dict) else stamp
    meta = body["meta"]
    meta["digest"] = event_digest(row.topic, row.stream, version or row.version, stamp,
                                  body["fact"], body["outcome"], meta)
    return body


# -- JSONL exports ---------------------------------------------------------------------------
def export_lines(pangee) -> list[dict]:
    result = ok(pangee("export", "--format", "jsonl"))
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def write_lines(path, lines) -> Path:
    """Events (dicts) or raw strings, one per line."""
    path = Path(path)
    text = "".join((line if isinstance(line, str) else
                    json.dumps(line, ensure_ascii=False, separators=(",", ":"))) + "\n"
                   for line in lines)
    path.write_text(text, encoding="utf-8")
    return path


def reseal(lines: list[dict]) -> list[dict]:
    """Every digest, stream link and history chain recomputed in order, as a forger who
    knows the format would: only the checks of the facts themselves can then refuse it."""
    from ledger.digests import GENESIS, chain_next, event_digest

    heads: dict[str, str | None] = {}
    chain, command_chain, current = GENESIS, GENESIS, None
    for line in lines:
        meta = line["meta"]
        if meta["cmd"] != current:
            current, command_chain = meta["cmd"], chain
        meta["prev"] = heads.get(line["stream"])
        if meta.get("shape") == 2:
            meta["chain"] = command_chain
        meta["digest"] = event_digest(line["topic"], line["stream"], line["version"],
                                      line["timestamp"], line["facts"], line["outcome"], meta)
        heads[line["stream"]] = meta["digest"]
        chain = chain_next(chain, meta["digest"])
    return lines


# -- a base store, copied for each case ------------------------------------------------------
# No session open (a script's sessions can follow); Dora dying from a 1d100 cause (wound faces
# up to 100 are real faces), Eric stable with an untreated wound, Carl a warlock whose
# critical range starts at 19; #10 is an attack any correction may void.
BASE = [
    ("init", "Bornes", "--seed", "3"),
    ("character", "add", "Arin", "--con", "14", "--hp-max", "45", "--level", "5"),
    ("character", "add", "Brune", "--con", "12", "--hp-max", "38", "--level", "5", "--medicine"),
    ("character", "add", "Carl", "--con", "10", "--hp-max", "40", "--level", "9", "--warlock",
     "--crit-min", "19"),
    ("character", "add", "Dora", "--con", "13", "--hp-max", "24"),
    ("character", "add", "Eric", "--con", "13", "--hp-max", "24"),
    ("damage", "Dora", "30", "--cause", "griffes", "--dice", "1d100"),
    ("damage", "Eric", "30", "--cause", "épée à deux mains"),
    ("stabilize", "Eric", "--by", "Brune", "--wound-roll", "3"),
    ("attack", "Arin", "--ac", "12", "--d20", "11"),
]


def copy_store(source: str, target: str) -> str:
    """A consistent copy of a SQLite store (its -wal folded in)."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    return target


def fingerprint(db: str) -> tuple:
    """What must not change when a command is refused: every stored event and the head."""
    if db.startswith("postgresql://"):
        with RawEvents(db) as raw:
            rows = raw.rows()
    elif os.path.exists(db):
        with RawEvents(db) as raw:
            rows = raw.rows()
    else:
        return ()
    return tuple((r.position, r.stream, r.version, r.state) for r in rows)


# -- the campaign built once, then copied (SQLite) or restored from its export (PostgreSQL) -----
@pytest.fixture(scope="session")
def campaign_files(tmp_path_factory) -> dict:
    """The 20-command CAMPAIGN built once through the command line: its SQLite file and its
    JSONL export (import into an empty store restores it with the same digests)."""
    from tests.conftest import Pangee

    folder = tmp_path_factory.mktemp("campaign")
    db = str(folder / "campaign.db")
    pangee = Pangee(db)
    build_campaign(pangee)
    export = folder / "campaign.jsonl"
    ok(pangee("export", "--format", "jsonl", "-o", str(export)))
    return {"db": db, "jsonl": str(export)}


def campaign_at(url: str, files: dict):
    """A store at `url` holding CAMPAIGN (a fresh copy for the test)."""
    from tests.conftest import Pangee

    pangee = Pangee(url)
    if url.startswith("postgresql://"):
        ok(pangee("import", files["jsonl"]))
    else:
        copy_store(files["db"], url)
    return pangee
