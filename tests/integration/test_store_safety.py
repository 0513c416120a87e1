"""A store that cannot be lost, bricked by a race, or touched when it is not ours.

The command line runs in separate processes (`python -c "from cli.main import main; main()"`
from the project root: the code of this tree, whatever is installed). Races start their
processes together: two racer processes load everything once; for each round, each says it
is ready, waits for the round's start file, then forks the process that runs its command.
Assertions are on exit codes, one line on stderr without a traceback, the store's state and
substrings (the store's label, a table's name) that survive wording changes.
"""

import functools
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from ledger.store import (EMPTY, FOREIGN, MAX_WRITE_WAIT_S, MISSING, NOT_DATABASE, PANGEE,
                          StoreUnreadable, attempts, inspect_store, is_store_file,
                          parse_target)
from ledger.rules.errors import BadValue, RuleRefusal
from tests.conftest import PG_URL

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-c", "from cli.main import main; main()"]
ROUNDS = 10
SCRIPT = ROOT / "sample_campaigns" / "file-de-blessures.yaml"
SCRIPT_CAMPAIGN = "La file de blessures"

RACER = """\
import json, os, sys, time
from cli.main import main
import ledger.application, ledger.creation, ledger.scripts  # loaded once, before any round
plan, index, folder = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(plan) as handle:
    rounds = json.load(handle)


def wait_for(path):
    limit = time.monotonic() + 60
    while not os.path.exists(path):
        if time.monotonic() > limit:
            sys.exit(3)
        time.sleep(0.0005)


for n, commands in enumerate(rounds):
    base = os.path.join(folder, f"r{n}-{index}")
    open(base + ".ready", "w").close()
    wait_for(os.path.join(folder, f"r{n}.go"))
    pid = os.fork()  # a fresh process per command, started without the import time
    if pid == 0:
        for fd, suffix in ((1, ".out"), (2, ".err")):
            os.dup2(os.open(base + suffix, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), fd)
        sys.argv = ["pangee", *commands[index]]
        code = 0
        try:
            main()
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (done.code is not None)
        except BaseException:
            import traceback
            traceback.print_exc()
            code = 99
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    with open(base + ".tmp", "w") as handle:
        handle.write(str(os.waitstatus_to_exitcode(status)))
    os.rename(base + ".tmp", base + ".code")
"""


@functools.lru_cache(maxsize=1)
def lang() -> list[str]:
    """`--lang en` once the command line has it."""
    shown = subprocess.run(CLI + ["--help"], cwd=ROOT, capture_output=True, text=True,
                           timeout=60).stdout
    return ["--lang", "en"] if "--lang" in shown else []


def pangee(db: str, *args: str, timeout: float = 60, env=None) -> subprocess.CompletedProcess:
    done = subprocess.run(CLI + lang() + ["--db", db, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, env=env)
    assert "Traceback" not in done.stderr, done.stderr
    return done


def one_line(done: subprocess.CompletedProcess) -> str:
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    return lines[0]


def races(folder: Path, rounds: list[list[list[str]]]):
    """Each round's commands run in separate processes started together; yields each round's
    results (CompletedProcess: exit code, stdout, stderr), the next round starting only when
    asked for. Two racer processes load everything once, then fork one child per command
    when the round's start file appears."""
    folder.mkdir(exist_ok=True)
    plan = folder / "plan.json"
    plan.write_text(json.dumps([[[*lang(), *command] for command in commands]
                                for commands in rounds]))
    width = len(rounds[0])
    racers = [subprocess.Popen([sys.executable, "-c", RACER, str(plan), str(i), str(folder)],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True) for i in range(width)]
    try:
        for n, commands in enumerate(rounds):
            wait_for([folder / f"r{n}-{i}.ready" for i in range(width)], racers)
            (folder / f"r{n}.go").touch()
            wait_for([folder / f"r{n}-{i}.code" for i in range(width)], racers)
            yield [subprocess.CompletedProcess(
                commands[i], int((folder / f"r{n}-{i}.code").read_text()),
                (folder / f"r{n}-{i}.out").read_text(), (folder / f"r{n}-{i}.err").read_text())
                for i in range(width)]
        for racer in racers:
            racer.communicate(timeout=30)
            assert racer.returncode == 0, racer.stderr
    finally:
        for racer in racers:
            if racer.poll() is None:
                racer.kill()
                racer.communicate()


def wait_for(paths: list[Path], racers) -> None:
    limit = time.monotonic() + 60
    while not all(p.exists() for p in paths):
        # a racer that failed before its round (one that ended well has written its files)
        ended = [r for r in racers if r.poll() is not None and r.returncode != 0]
        if ended and not all(p.exists() for p in paths):
            assert False, ended[0].communicate()[1]
        assert time.monotonic() < limit, f"no {paths}"
        time.sleep(0.001)


def campaign_name(db: str) -> str:
    """The campaign `status` shows (in process: the racers were the separate processes)."""
    from tests.conftest import Pangee

    result = Pangee(db)("status", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["campaign"]


def leftovers(folder: Path, db: Path) -> list[str]:
    """Files beside the store that no one should have left: temporary stores, journals."""
    return sorted(p.name for p in folder.iterdir()
                  if p.name != db.name and (p.name.startswith(f".{db.name}.")
                                            or p.name.startswith(db.name)))


# -- creation races -----------------------------------------------------------------------

def test_two_inits_of_one_new_sqlite_store_one_wins_and_its_campaign_stays(tmp_path):
    dbs = [tmp_path / f"round{n}" / "campaign.db" for n in range(ROUNDS)]
    for db in dbs:
        db.parent.mkdir()
    rounds = [[["--db", str(db), "init", f"Alpha{n}"], ["--db", str(db), "init", f"Beta{n}"]]
              for n, db in enumerate(dbs)]
    for n, results in enumerate(races(tmp_path / "racers", rounds)):
        codes = [r.returncode for r in results]
        assert sorted(codes) == [0, 1], [(r.returncode, r.stderr) for r in results]
        winner = [f"Alpha{n}", f"Beta{n}"][codes.index(0)]
        loser = results[codes.index(1)]
        one_line(loser)
        assert loser.stdout == ""
        assert campaign_name(str(dbs[n])) == winner
        assert leftovers(dbs[n].parent, dbs[n]) == []


def test_an_import_racing_an_init_one_wins_and_its_campaign_stays(tmp_path):
    script = tmp_path / "script.yaml"
    shutil.copy(SCRIPT, script)
    dbs = [tmp_path / f"round{n}" / "campaign.db" for n in range(ROUNDS)]
    for db in dbs:
        db.parent.mkdir()
    rounds = [[["--db", str(db), "import", str(script)], ["--db", str(db), "init", f"Init{n}"]]
              for n, db in enumerate(dbs)]
    for n, results in enumerate(races(tmp_path / "racers", rounds)):
        codes = [r.returncode for r in results]
        assert sorted(codes) == [0, 1], [(r.returncode, r.stderr) for r in results]
        one_line(results[codes.index(1)])
        if codes[0] == 0:
            assert results[0].stdout.strip()  # what was imported
            assert campaign_name(str(dbs[n])) == SCRIPT_CAMPAIGN
        else:
            assert campaign_name(str(dbs[n])) == f"Init{n}"
        assert leftovers(dbs[n].parent, dbs[n]) == [], n


def test_two_inits_into_one_fresh_postgres_schema_one_wins(pg_available, tmp_path):
    if not pg_available:
        pytest.skip("PostgreSQL unreachable (and CI unset)")
    import psycopg

    urls = [f"{PG_URL}?schema=t_race_{uuid.uuid4().hex[:10]}" for _ in range(ROUNDS)]
    rounds = [[["--db", url, "init", f"Alpha{n}"], ["--db", url, "init", f"Beta{n}"]]
              for n, url in enumerate(urls)]
    try:
        for n, results in enumerate(races(tmp_path / "racers", rounds)):
            codes = [r.returncode for r in results]
            assert sorted(codes) == [0, 1], [(r.returncode, r.stderr) for r in results]
            one_line(results[codes.index(1)])
            assert campaign_name(urls[n]) == [f"Alpha{n}", f"Beta{n}"][codes.index(0)]
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            for url in urls:
                conn.execute(f'DROP SCHEMA IF EXISTS "{url.rsplit("=", 1)[1]}" CASCADE')


# -- the creation protocol itself (in process) --------------------------------------------

def test_a_new_sqlite_store_is_published_whole_and_only_then(tmp_path):
    from ledger.application import CampaignLedger
    from ledger.creation import new_sqlite_store

    db = tmp_path / "new.db"
    target = parse_target(str(db))
    with new_sqlite_store(target) as temp_target:
        assert temp_target.label == target.label and temp_target.path != target.path
        assert Path(temp_target.path).parent == tmp_path
        ledger = CampaignLedger(temp_target)
        try:
            ledger.record("init", {"name": "Publiée", "rulings": [], "seed": None})
        finally:
            ledger.close()
        assert not db.exists()  # not before the block ends
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.db"]  # no -wal, -shm, temp
    assert inspect_store(target).state == PANGEE
    assert campaign_name(str(db)) == "Publiée"


def test_a_failed_creation_leaves_nothing_and_a_lost_race_keeps_the_winner(tmp_path):
    from ledger.application import CampaignLedger
    from ledger.creation import new_sqlite_store

    db = tmp_path / "new.db"
    target = parse_target(str(db))
    with pytest.raises(ZeroDivisionError):
        with new_sqlite_store(target) as temp_target:
            ledger = CampaignLedger(temp_target)
            ledger.close()
            1 / 0
    assert list(tmp_path.iterdir()) == []

    with pytest.raises(RuleRefusal) as refused:
        with new_sqlite_store(target) as temp_target:
            ledger = CampaignLedger(temp_target)
            ledger.record("init", {"name": "Perdante", "rulings": [], "seed": None})
            ledger.close()
            db.write_bytes(b"the winner's store")  # another process published first
    assert refused.value.code == "store.exists" and refused.value.params["path"] == str(db)
    assert db.read_bytes() == b"the winner's store"
    assert [p.name for p in tmp_path.iterdir()] == ["new.db"]

    with pytest.raises(RuleRefusal) as refused:  # it exists: refused before anything is made
        with new_sqlite_store(target):
            pytest.fail("the block must not run")
    assert refused.value.code == "store.exists"


# -- someone else's database --------------------------------------------------------------

def foreign_file(path: Path) -> bytes:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.execute("INSERT INTO notes VALUES ('not a campaign')")
    conn.commit()
    conn.close()
    return path.read_bytes()


def journal_mode(path: Path) -> str:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize("command", [["status"], ["log"], ["checkpoint"],
                                     ["export", "--format", "jsonl"], ["replay"],
                                     ["init", "Intruse"]])
def test_a_foreign_sqlite_file_is_refused_and_left_byte_for_byte(tmp_path, command):
    db = tmp_path / "notes.db"
    before = foreign_file(db)
    mtime = db.stat().st_mtime_ns
    done = pangee(str(db), *command)
    assert done.returncode == 1, done.stderr
    line = one_line(done)
    assert str(db) in line and "notes" in line
    assert done.stdout == ""
    assert db.read_bytes() == before and db.stat().st_mtime_ns == mtime
    assert journal_mode(db) == "delete"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.db"]


def test_an_empty_file_reads_as_no_campaign_and_a_text_file_is_refused(tmp_path):
    empty = tmp_path / "empty.db"
    empty.touch()
    done = pangee(str(empty), "status")
    assert done.returncode == 1 and str(empty) in one_line(done)
    assert empty.read_bytes() == b""
    text = tmp_path / "notes.txt"
    text.write_text("shopping list\n")
    for command in (["status"], ["init", "Intruse"]):
        done = pangee(str(text), *command)
        assert done.returncode == 2 and str(text) in one_line(done)  # not a database at all
    assert text.read_text() == "shopping list\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db", "notes.txt"]


def test_what_a_store_holds_is_read_without_changing_it(tmp_path, pg_available):
    assert inspect_store(parse_target(str(tmp_path / "none.db"))).state == MISSING
    (tmp_path / "zero.db").touch()
    assert inspect_store(parse_target(str(tmp_path / "zero.db"))).state == EMPTY
    foreign_file(tmp_path / "notes.db")
    found = inspect_store(parse_target(str(tmp_path / "notes.db")))
    assert (found.state, found.foreign) == (FOREIGN, ("notes",))
    (tmp_path / "text.db").write_text("x" * 200)
    assert inspect_store(parse_target(str(tmp_path / "text.db"))).state == NOT_DATABASE
    store = tmp_path / "store.db"
    assert pangee(str(store), "init", "Ici").returncode == 0
    assert inspect_store(parse_target(str(store))).state == PANGEE
    conn = sqlite3.connect(store)
    conn.execute("CREATE TABLE extra (x)")
    conn.commit()
    conn.close()
    found = inspect_store(parse_target(str(store)))
    assert (found.state, found.foreign) == (FOREIGN, ("extra",))
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "notes.db", "store.db", "text.db", "zero.db"]  # no -wal/-shm left by a look
    if not pg_available:
        return
    import psycopg

    schema = f"t_look_{uuid.uuid4().hex[:10]}"
    url = f"{PG_URL}?schema={schema}"
    try:
        assert inspect_store(parse_target(url)).state == MISSING
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
        assert inspect_store(parse_target(url)).state == EMPTY
        assert pangee(url, "init", "Ici").returncode == 0
        assert inspect_store(parse_target(url)).state == PANGEE
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f'CREATE TABLE "{schema}".invoices (x int)')
        found = inspect_store(parse_target(url))
        assert (found.state, found.foreign) == (FOREIGN, ("invoices",))
        done = pangee(url, "status")
        assert done.returncode == 1 and "invoices" in one_line(done)
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def test_init_into_a_postgres_schema_with_other_tables_writes_nothing(pg_available):
    if not pg_available:
        pytest.skip("PostgreSQL unreachable (and CI unset)")
    import psycopg

    schema = f"t_other_{uuid.uuid4().hex[:10]}"
    try:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
            conn.execute(f'CREATE TABLE "{schema}".invoices (x int)')
        done = pangee(f"{PG_URL}?schema={schema}", "init", "Intruse")
        assert done.returncode == 1
        assert "invoices" in one_line(done) and schema in one_line(done)
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            rows = conn.execute("SELECT relname FROM pg_class c JOIN pg_namespace n "
                                "ON n.oid = c.relnamespace WHERE nspname = %s",
                                (schema,)).fetchall()
            types = conn.execute("SELECT count(*) FROM pg_proc p JOIN pg_namespace n "
                                 "ON n.oid = p.pronamespace WHERE nspname = %s",
                                 (schema,)).fetchone()
        assert {r[0] for r in rows} <= {"invoices"} and types[0] == 0
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


# -- secrets ------------------------------------------------------------------------------

PASSWORD_PARTS = ("Zq9x", "Kw7v")
MALFORMED = [
    "postgresql://gm:Zq9x/Kw7v@127.0.0.1:1/campaign",  # unencoded /
    "postgresql://gm:Zq9x?Kw7v@127.0.0.1:1/campaign",  # unencoded ?
    "postgresql://gm:Zq9x#Kw7v@127.0.0.1:1/campaign",  # unencoded #
    "postgresql://gm:Zq9x@Kw7v@127.0.0.1:1/campaign",  # unencoded @
    "postgresql://gm:Zq9x:Kw7v@127.0.0.1:1/campaign",  # a colon in the password
    "postgresql://gm:Zq9x/Kw7v@127.0.0.1:port/campaign",  # a port that is not a number
    "postgresql://gm:Zq9x/Kw7v@/campaign",  # no host
    "postgresql://gm:Zq9x?Kw7v@127.0.0.1:1",  # no database
    "postgresql://gm:Zq9x%2FKw7v@127.0.0.1:1/campaign?schema=Bad-Schema",
    "postgresql://gm:Zq9x/Kw7v@127.0.0.1:1/campaign?sslmode=off&password=Zq9x/Kw7v",
    "postgres://gm:Zq9x/Kw7v@[::1/campaign",  # an unbalanced IPv6 bracket
    "postgresql://gm:Zq9x Kw7v@127.0.0.1:1/campaign#Zq9x",  # a space, a fragment
    "postgresql://:Zq9x/Kw7v@127.0.0.1:1/campaign",  # no user
    "mysql://gm:Zq9x/Kw7v@127.0.0.1/campaign",  # not ours
    "gm:Zq9x/Kw7v@127.0.0.1://campaign",  # not even a scheme
]


def assert_no_secret(text: str) -> None:
    lowered = text.lower()
    for part in PASSWORD_PARTS:
        assert part.lower() not in lowered, text


@pytest.mark.parametrize("url", MALFORMED)
def test_no_error_shows_any_part_of_the_password(url):
    from click.testing import CliRunner

    from cli.main import cli

    try:
        target = parse_target(url)
    except BadValue as bad:
        assert_no_secret(str(bad) + repr(bad.params))
        _assert_rendered_without_secret(bad)
    else:
        assert_no_secret(target.label + repr(target))
    for command in (["status"], ["init", "Secret"]):
        result = CliRunner().invoke(cli, [*lang(), "--db", url, *command])
        shown = result.output  # stdout and stderr, as a terminal shows them
        assert result.exit_code == 2, shown
        assert "Traceback" not in shown and len(shown.strip().splitlines()) == 1, shown
        assert_no_secret(shown)


def _assert_rendered_without_secret(problem) -> None:
    try:
        from i18n import use
        from i18n.render import render_problem
    except ImportError:  # the presentation is not there yet
        return
    use("en")
    assert_no_secret(render_problem(problem))


def test_the_password_is_never_printed_by_the_command_line(tmp_path):
    for url in MALFORMED[:5]:
        done = pangee(url, "status", timeout=10)
        assert done.returncode == 2
        one_line(done)
        assert_no_secret(done.stdout + done.stderr)


# -- bounded waits ------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["status"], ["init", "Loin"]])
def test_a_refused_postgres_port_is_reported_at_once(command):
    url = "postgresql://postgres@127.0.0.1:1/test"
    started = time.monotonic()
    done = pangee(url, *command, timeout=30)
    elapsed = time.monotonic() - started
    assert done.returncode == 2, done.stderr
    assert "127.0.0.1:1" in one_line(done)
    assert elapsed < 5, elapsed


def test_retries_keep_to_their_deadline():
    now = [0.0]
    slept = []

    def sleep(seconds):
        slept.append(seconds)
        now[0] += seconds + 1.0  # each attempt takes a second as well

    seen = list(attempts(5, clock=lambda: now[0], sleep=sleep))
    assert seen[0] == 1 and len(seen) >= 2
    assert now[0] <= 5 + 1.0 + 0.5 * 2
    assert list(attempts(0, clock=lambda: now[0], sleep=sleep)) == [1]


def test_a_write_that_never_gets_the_lock_ends_in_one_line_having_written_nothing(tmp_path):
    db = tmp_path / "busy.db"
    assert pangee(str(db), "init", "Occupée").returncode == 0
    assert pangee(str(db), "character", "add", "Arin", "--con", "14",
                  "--hp-max", "20").returncode == 0
    before = pangee(str(db), "log", "--json").stdout
    holder = sqlite3.connect(db, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # SQLite's write lock, held
        started = time.monotonic()
        done = pangee(str(db), "damage", "Arin", "3", "--cause", "jamais",
                      timeout=MAX_WRITE_WAIT_S + 30)
        elapsed = time.monotonic() - started
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert done.returncode == 1, done.stderr
    one_line(done)
    assert elapsed < MAX_WRITE_WAIT_S + 5, elapsed  # the documented bound, plus start-up
    assert pangee(str(db), "log", "--json").stdout == before


def test_a_postgres_events_table_that_stays_locked_ends_in_one_line(pg_url):
    """A write waits for the events table within the documented bound (a lock_timeout on
    every connection, shortened here through PGOPTIONS, kept by
    ledger.store.bound_postgres_waits), then ends in one line having written nothing; the
    open itself no longer runs the library's DDL on a complete store."""
    import psycopg

    schema = pg_url.rsplit("schema=", 1)[1]
    assert pangee(pg_url, "init", "Occupée").returncode == 0
    assert pangee(pg_url, "character", "add", "Arin", "--con", "14",
                  "--hp-max", "20").returncode == 0
    before = pangee(pg_url, "log", "--json").stdout
    env = {**os.environ, "PGOPTIONS": "-c lock_timeout=1500"}
    with psycopg.connect(PG_URL) as holder:
        holder.execute(f'LOCK TABLE "{schema}".pangee_events IN EXCLUSIVE MODE')
        started = time.monotonic()
        done = pangee(pg_url, "damage", "Arin", "3", "--cause", "jamais", env=env, timeout=60)
        elapsed = time.monotonic() - started
        holder.rollback()
    assert done.returncode == 1, done.stderr
    one_line(done)
    assert elapsed < MAX_WRITE_WAIT_S + 5, elapsed  # the documented bound, plus start-up
    assert pangee(pg_url, "log", "--json").stdout == before


# -- outputs ------------------------------------------------------------------------------

def test_an_output_path_that_is_the_store_is_recognised(tmp_path, monkeypatch):
    db = tmp_path / "campaign.db"
    assert pangee(str(db), "init", "Ici").returncode == 0
    target = parse_target(str(db))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    os.symlink(db, tmp_path / "link.db")
    os.link(db, tmp_path / "hard.db")
    for same in ("campaign.db", "./sub/../campaign.db", str(db), "link.db", "hard.db",
                 "campaign.db-wal", "campaign.db-shm", "campaign.db-journal"):
        assert is_store_file(target, same), same
    for other in ("campaign.jsonl", "campaign.db.bak", "sub", "other.db", ""):
        assert not is_store_file(target, other), other
    assert not is_store_file(parse_target(PG_URL), "campaign.db")


def test_an_unreadable_store_is_one_error_not_a_crash(tmp_path):
    with pytest.raises(StoreUnreadable):
        inspect_store(parse_target("postgresql://postgres:Zq9x/Kw7v@127.0.0.1:1/test"))
