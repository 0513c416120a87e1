"""Several OS processes recording into one store at once, on SQLite and PostgreSQL.

Four processes each run 40 commands through the real command line (`cli.main`, one fresh
store connection per command, as separate `pangee` runs would), damaging and healing their
own character and also wounding a shared one. Every command must be recorded exactly once,
with unique positions and exact hit points, no traceback, and a history that replays and
verifies. Run as a script, this file is the worker: `python test_concurrency.py DB INDEX N`.

Second round: each command is numbered in the campaign's total order (the Campaign stream),
so the numbers are 1, 2, 3… with no gap however the writers interleave; each command writes
the Campaign's event and one per character it touches.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 4
COMMANDS = 40
HP_OWN, HP_SHARED = 200, 100


def worker_commands(index: int, count: int) -> list[list[str]]:
    """Per group of four: two hits on its own character, a heal, a hit on the shared one."""
    own = f"W{index}"
    commands = []
    for k in range(count):
        cause = f"c{index}-{k}"  # unique: proves each command is recorded exactly once
        step = k % 4
        if step in (0, 1):
            commands.append(["damage", own, "3", "--cause", cause])
        elif step == 2:
            commands.append(["heal", own, "1", "--cause", cause])
        else:
            commands.append(["damage", "Shared", "1", "--cause", cause])
    return commands


def expected_hp(count: int) -> tuple[int, int]:
    hits = sum(1 for k in range(count) if k % 4 in (0, 1))
    heals = sum(1 for k in range(count) if k % 4 == 2)
    shared_hits = sum(1 for k in range(count) if k % 4 == 3)
    return HP_OWN - 3 * hits + heals, HP_SHARED - WORKERS * shared_hits


def pangee(db: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-c", "from cli.main import main; main()",
                           "--db", db, "--lang", "en", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    if check:
        assert done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stderr}"
    assert "Traceback" not in done.stderr, done.stderr
    return done


def run_together(db: str) -> list[subprocess.CompletedProcess]:
    procs = [subprocess.Popen([sys.executable, __file__, db, str(i), str(COMMANDS)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for i in range(WORKERS)]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=180)
        results.append(subprocess.CompletedProcess(proc.args, proc.returncode, out, err))
    return results


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_four_processes_record_every_command_exactly_once(backend, tmp_path, request):
    db = str(tmp_path / "campaign.db") if backend == "sqlite" else request.getfixturevalue("pg_url")
    pangee(db, "init", "Concurrence")
    for i in range(WORKERS):
        pangee(db, "character", "add", f"W{i}", "--con", "14", "--hp-max", str(HP_OWN))
    pangee(db, "character", "add", "Shared", "--con", "14", "--hp-max", str(HP_SHARED))
    setup_entries = len(json.loads(pangee(db, "log", "--json").stdout))

    started = time.perf_counter()
    results = run_together(db)
    elapsed = time.perf_counter() - started
    for result in results:
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr, result.stderr
    assert elapsed < 90, f"{WORKERS}×{COMMANDS} commands took {elapsed:.1f}s"

    log = json.loads(pangee(db, "log", "--json").stdout)
    positions = [entry["position"] for entry in log]
    assert len(positions) == len(set(positions)) == setup_entries + WORKERS * COMMANDS
    assert positions == list(range(1, len(log) + 1))  # command numbers: no gap, no repeat

    from ledger.application import CampaignLedger
    from ledger.store import parse_target

    ledger = CampaignLedger(parse_target(db))
    try:
        causes = [e["fact"]["args"]["cause"] for e in ledger.queries.log()
                  if e["kind"] in ("damage", "heal")]
        wanted = {f"c{i}-{k}" for i in range(WORKERS) for k in range(COMMANDS)}
        assert sorted(causes) == sorted(wanted)  # every command once, none twice
        events = ledger.recorder.select_notifications(start=1, limit=10_000)
        # init: the Campaign's event; every other command: the Campaign's and its character's
        # (the first release wrote no Campaign event for a damage or a heal)
        assert len(events) == 1 + 2 * (WORKERS + 1) + 2 * WORKERS * COMMANDS
        assert len({e.id for e in events}) == len(events)
        campaign = [e for e in events if e.topic.startswith("pangee:Campaign.")]
        assert [e.originator_version for e in campaign] == list(range(1, len(log) + 1))
    finally:
        ledger.close()

    status = json.loads(pangee(db, "status", "--json").stdout)
    hp = {c["name"]: c["hp"]["current"] for c in status["characters"]}
    own, shared = expected_hp(COMMANDS)
    assert hp == {**{f"W{i}": own for i in range(WORKERS)}, "Shared": shared}

    replayed = pangee(db, "replay", "--verify")
    assert replayed.stdout.startswith(f"replayed {len(log)} commands: digest ")
    assert "(verified" in replayed.stdout
    assert json.loads(pangee(db, "status", "--json").stdout) == status


def _work(db: str, index: int, count: int) -> int:
    """The worker: each command through the real CLI entry point, as `pangee` would run it."""
    from cli.main import cli

    failures = 0
    for args in worker_commands(index, count):
        code = cli.main(["--db", db, "--lang", "en", *args], prog_name="pangee",
                        standalone_mode=False)
        if code:
            failures += 1
            print(f"pangee {' '.join(args)}: exit {code}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    sys.exit(_work(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
