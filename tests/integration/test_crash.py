"""A long import killed (SIGKILL) while it writes leaves the store exactly as it was.

The store holds a campaign and a little history; a 20,000-step script is imported into it
by the real command line in a subprocess, which is killed as soon as its transaction has
started writing the events (SQLite: the write-ahead log grows; PostgreSQL: the importer
holds its lock on the events table). Afterwards the events, `status --json` and
`log --json` are what they were, the history verifies, and the store takes new writes.
Killed later, while the committed import's projections are written batch by batch, the
next command finishes the catch-up to exactly what a rebuild from zero gives.

Second round: `status` and `log` count commands (numbers 1, 2, 3…), the store counts events
(each command writes the Campaign's event and one per character it touches); the command
line runs in English here (`--lang en`), French being its default.
"""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks.synth import write_script

ROOT = Path(__file__).resolve().parents[2]
STEPS = 20_000
PANGEE = [sys.executable, "-c", "from cli.main import main; main()", "--lang", "en"]


@pytest.fixture(scope="module")
def scripts(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("scripts")
    party, long = folder / "party.yaml", folder / "long.yaml"
    write_script(0, party)  # the campaign and its party, unhurt
    write_script(STEPS, long, preamble=False)  # sessions only, valid on that party
    return {"party": party, "long": long}


def pangee(db: str, *args: str) -> str:
    done = subprocess.run(PANGEE + ["--db", db, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    return done.stdout


def prepare(db: str, party: Path) -> None:
    pangee(db, "import", str(party))
    pangee(db, "session", "start", "Prologue")
    pangee(db, "attack", "Arin", "--ac", "13", "--d20", "15", "--bonus", "5")
    pangee(db, "check", "Brune", "--dc", "12", "--d20", "9", "--bonus", "3")
    pangee(db, "session", "end")


def stored(db: str) -> tuple[list, int]:
    """Every stored event (as bytes) and the last event position."""
    from ledger.application import CampaignLedger
    from ledger.store import parse_target

    ledger = CampaignLedger(parse_target(db))
    try:
        events = ledger.recorder.select_notifications(start=1, limit=10**9)
        found = [(e.id, str(e.originator_id), e.originator_version, e.topic, bytes(e.state))
                 for e in events]
        top = ledger.recorder.max_notification_id()
    finally:
        ledger.close()
    return found, top


def snapshot(db: str) -> dict:
    events, top = stored(db)
    return {"events": events, "max": top, "status": json.loads(pangee(db, "status", "--json")),
            "log": json.loads(pangee(db, "log", "--json"))}


def kill_while_writing(db: str, script: Path, writing, timeout: float = 120) -> None:
    """Start the import; SIGKILL it the moment `writing()` says its transaction writes."""
    proc = subprocess.Popen(PANGEE + ["--db", db, "import", str(script)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + timeout
    try:
        while not writing():
            assert proc.poll() is None, (
                f"the import ended (exit {proc.returncode}) before it was seen writing: "
                f"{proc.stderr.read().decode()[-500:]}")
            assert time.monotonic() < deadline, "the import never started writing"
            time.sleep(0.001)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.communicate()
    assert proc.returncode == -signal.SIGKILL


def check_unchanged(db: str, before: dict) -> None:
    after = snapshot(db)
    assert after["max"] == before["max"]
    assert len(after["events"]) == len(before["events"])
    assert after["events"] == before["events"]
    assert after["status"] == before["status"]
    assert after["log"] == before["log"]
    assert pangee(db, "replay", "--verify").startswith(
        f"replayed {len(before['log'])} commands: digest ")
    assert after["status"] == json.loads(pangee(db, "status", "--json"))
    # the store is neither locked nor damaged: the next command is recorded after the rest,
    # with the next command number
    out = json.loads(pangee(db, "attack", "Arin", "--ac", "12", "--d20", "11", "--json"))
    assert (out["position"], out["kind"]) == (len(before["log"]) + 1, "attack")
    assert stored(db)[1] == before["max"] + 2  # the Campaign's event and Arin's


def test_sqlite_import_killed_midway_writes_nothing(tmp_path, scripts):
    db = str(tmp_path / "campaign.db")
    prepare(db, scripts["party"])
    before = snapshot(db)
    wal = Path(db + "-wal")
    start = wal.stat().st_size if wal.exists() else 0

    def writing() -> bool:
        try:
            return wal.stat().st_size > start + 64 * 1024
        except FileNotFoundError:
            return False

    kill_while_writing(db, scripts["long"], writing)
    check_unchanged(db, before)


def test_postgres_import_killed_midway_writes_nothing(pg_url, scripts):
    import psycopg

    from ledger.store import parse_target

    db = pg_url
    prepare(db, scripts["party"])
    before = snapshot(db)
    env = parse_target(db).env
    schema = env["POSTGRES_SCHEMA"]
    server = psycopg.connect(host=env["POSTGRES_HOST"], port=env["POSTGRES_PORT"],
                             dbname=env["POSTGRES_DBNAME"], user=env["POSTGRES_USER"],
                             autocommit=True)
    locked = ("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
              "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s "
              "AND c.relname LIKE %s AND l.mode = 'ExclusiveLock' AND l.granted")

    def writing() -> bool:
        return server.execute(locked, (schema, "%events")).fetchone()[0] > 0

    try:
        kill_while_writing(db, scripts["long"], writing)
        deadline = time.monotonic() + 30  # the server notices the lost client and rolls back
        while writing():
            assert time.monotonic() < deadline, "the killed import's transaction lingers"
            time.sleep(0.05)
    finally:
        server.close()
    check_unchanged(db, before)


def test_sqlite_import_killed_while_catching_up_resumes_to_the_same_read_models(tmp_path,
                                                                                 scripts):
    """Killed after its events were committed, while the projections were being written
    batch by batch: the import stands whole, and the next command finishes the catch-up to
    exactly what a rebuild from zero gives."""
    import sqlite3

    db = str(tmp_path / "campaign.db")
    prepare(db, scripts["party"])
    before = snapshot(db)

    def tracked() -> int:
        with sqlite3.connect(db, timeout=30) as conn:
            return conn.execute("SELECT position FROM pangee_tracking").fetchone()[0]

    kill_while_writing(db, scripts["long"], lambda: tracked() > before["max"])
    middle = tracked()
    with sqlite3.connect(db, timeout=30) as conn:
        top = conn.execute("SELECT MAX(rowid) FROM stored_events").fetchone()[0]
    assert before["max"] < middle < top  # caught between two batches of the catch-up
    resumed = {"status": json.loads(pangee(db, "status", "--json")),
               "log": json.loads(pangee(db, "log", "--json"))}
    lines = scripts["long"].read_text(encoding="utf-8").splitlines()
    steps = sum(line.startswith("      - ") for line in lines)
    sessions = sum(line.startswith("  - title:") for line in lines)
    commands = len(before["log"]) + steps + 2 * sessions
    # every command of the import, caught up to its last (positions are command numbers)
    assert resumed["status"]["position"] == commands
    assert [e["position"] for e in resumed["log"]] == list(range(1, commands + 1))
    assert pangee(db, "replay", "--verify").startswith(f"replayed {commands} commands: digest ")
    assert json.loads(pangee(db, "status", "--json")) == resumed["status"]
    assert json.loads(pangee(db, "log", "--json")) == resumed["log"]
