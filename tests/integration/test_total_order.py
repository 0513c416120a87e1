"""One total order, checked at every write (issue 9), on SQLite and PostgreSQL.

The case found: `treat Arin --by Brune` is folded while Brune is conscious; a `damage Brune`
that drops her to 0 commits in between; the treatment used to be recorded anyway, and
`replay --verify` then failed on an untampered store. Here the interloper is made to commit
exactly between the treatment's fold and its insert (a hook on `Batch.add`, which returns
after the fold and before `_commit` inserts), by another process or another thread: the
treatment must be folded again on the new state and refused (Brune is down: exit 1,
care.healer_down), or recorded after the interloper when it still holds, and the history
must verify.
"""

import json
import os
import subprocess
import sys
import threading
import time

import pytest

from ledger import writing
from ledger.errors import RuleRefusal
from tests.conftest import Pangee
from tests.support_trust import PANGEE, ROOT, cli, ok, one_line_error

SETUP = [
    ("init", "Ordre"),
    ("character", "add", "Arin", "--con", "14", "--hp-max", "30"),
    ("character", "add", "Brune", "--con", "12", "--hp-max", "20", "--medicine"),
    ("session", "start", "Course"),
    ("damage", "Arin", "35", "--cause", "épée à deux mains"),
    ("stabilize", "Arin", "--by", "Brune", "--wound-roll", "3"),  # #6: a wound to treat
]
TREAT = ("treat", "Arin", "--by", "Brune", "--d20", "15", "--bonus", "5")
DROP_BRUNE = ("damage", "Brune", "25", "--cause", "dague")  # 20 HP → 0: dying


@pytest.fixture
def party(pangee_on):
    for args in SETUP:
        ok(pangee_on(*args))
    return pangee_on


def interleave(monkeypatch, kind: str, interloper) -> list[str]:
    """The first time a `kind` command has been folded (Batch.add returned) and before it is
    inserted, run `interloper()`; returns the kinds folded, in order, attempts included."""
    original = writing.Batch.add
    folded: list[str] = []

    def add(self, kind_, raw, rng, dry_run=False):
        result = original(self, kind_, raw, rng, dry_run)
        folded.append(kind_)
        if kind_ == kind and folded.count(kind) == 1:
            interloper()
        return result
    monkeypatch.setattr(writing.Batch, "add", add)
    return folded


def other_process(db: str, *args: str) -> None:
    done = cli(db, *args)
    assert done.returncode == 0, done.stderr


def log_of(pangee) -> list[dict]:
    return json.loads(ok(pangee("log", "--json")).stdout)


def verified(pangee) -> None:
    result = ok(pangee("replay", "--verify"))
    assert "verified" in result.stdout


def test_a_treatment_folded_before_its_healer_drops_is_folded_again_and_refused(
        party, monkeypatch):
    attempts = interleave(monkeypatch, "treat", lambda: other_process(party.db, *DROP_BRUNE))
    result = party(*TREAT)
    one_line_error(result, 1, "Brune is dying and cannot give care", "WOUND-4")
    monkeypatch.undo()
    assert attempts == ["treat"]  # folded once on the old state; folded again, refused
    log = log_of(party)
    assert [e["position"] for e in log] == list(range(1, 8))
    assert log[-1]["kind"] == "damage" and log[-1]["characters"] == ["Brune"]
    assert all(e["kind"] != "treat" for e in log)
    arin = json.loads(ok(party("status", "Arin", "--json")).stdout)["characters"][0]
    assert arin["wounds"][0]["treated"] is False
    verified(party)


def test_a_treatment_still_valid_after_the_interloper_is_recorded_after_it(party, monkeypatch):
    check = ("check", "Brune", "--dc", "10", "--d20", "12", "--skill", "perception")
    interleave(monkeypatch, "treat", lambda: other_process(party.db, *check))
    result = ok(party(*TREAT))
    monkeypatch.undo()
    assert result.stdout.startswith("#8 ")
    log = log_of(party)
    assert [(e["position"], e["kind"]) for e in log[-2:]] == [(7, "check"), (8, "treat")]
    assert log[-1]["outcome"] == "success"
    verified(party)
    # the chain of #8 is the history with #7 in it: a checkpoint taken now proves both
    token = ok(party("checkpoint")).stdout.strip()
    assert token.startswith("8-")
    ok(party("replay", "--verify", "--checkpoint", token))


def test_a_paused_write_in_one_thread_loses_to_another_ledger(store_url, ledger_at, monkeypatch):
    """The same race through the application: two ledgers on one store, the treatment's
    thread paused after its fold until the other ledger's damage is committed."""
    pangee = Pangee(store_url)
    for args in SETUP:
        ok(pangee(*args))
    first, second = ledger_at(store_url), ledger_at(store_url)
    folded, go = threading.Event(), threading.Event()
    original = writing.Batch.add
    treating = []

    def add(self, kind, raw, rng, dry_run=False):
        result = original(self, kind, raw, rng, dry_run)
        if kind == "treat":
            treating.append(threading.current_thread().name)
            if len(treating) == 1:
                folded.set()
                assert go.wait(30), "never released"
        return result
    monkeypatch.setattr(writing.Batch, "add", add)
    outcome: dict = {}

    def treat():
        try:
            outcome["recorded"] = first.record("treat", {"who": "Arin", "by": "Brune",
                                                         "d20": 15, "bonus": 5})
        except Exception as error:  # noqa: BLE001 - reported to the test below
            outcome["error"] = error
    thread = threading.Thread(target=treat, name="treat")
    thread.start()
    try:
        assert folded.wait(30), "the treatment was never folded"
        damage = second.record("damage", {"who": "Brune", "amount": 25, "cause": "dague"})
        assert damage.position == 7
    finally:
        go.set()
        thread.join(60)
    monkeypatch.undo()
    assert not thread.is_alive()
    error = outcome.get("error")
    assert isinstance(error, RuleRefusal), outcome
    assert error.code == "care.healer_down"
    assert treating == ["treat"]  # the second fold refused before it returned
    assert first.state().position == 7
    verified(pangee)


TREAT_AFTER_FOLD = """
import os, sys
from ledger import writing
from cli.main import main
signal = sys.argv.pop(1)
original = writing.Batch.add

def add(self, kind, raw, rng, dry_run=False):
    result = original(self, kind, raw, rng, dry_run)
    open(signal, "a").write(kind + "\\n")  # folded: the test may let the damage commit
    return result

writing.Batch.add = add
main()
"""


def hold_inside_the_write(ledger, inside: threading.Event, go: threading.Event) -> None:
    """`ledger`'s next insert pauses after its rows are written, its transaction open and the
    store's write lock held (SQLite: the inserts; PostgreSQL: the EXCLUSIVE table lock)."""
    recorder = ledger.recorder
    name = "_insert_stored_events" if ledger.target.kind == "postgres" else "_insert_events"
    original = getattr(recorder, name)

    def paused(*args, **kwargs):
        result = original(*args, **kwargs)
        inside.set()
        assert go.wait(30), "never released"
        return result
    setattr(recorder, name, paused)


def test_a_treatment_folded_while_a_drop_holds_the_write_lock_is_refused_after_it(
        store_url, ledger_at, tmp_path):
    """Another process folds the treatment while this one is inside the write of the drop,
    holding the store's write lock; the drop commits only once the treatment was folded on
    the old state. The treatment's insert then waits for the lock, conflicts, is folded again
    on the new state and refused, in one line."""
    pangee = Pangee(store_url)
    for args in SETUP:
        ok(pangee(*args))
    dropper = ledger_at(store_url)
    inside, go = threading.Event(), threading.Event()
    hold_inside_the_write(dropper, inside, go)
    done: dict = {}

    def drop():
        try:
            done["recorded"] = dropper.record("damage", {"who": "Brune", "amount": 25,
                                                         "cause": "dague"})
        except Exception as error:  # noqa: BLE001 - reported below
            done["error"] = error
    thread = threading.Thread(target=drop)
    thread.start()
    signal = tmp_path / "folded"
    try:
        assert inside.wait(30), "the drop never reached its insert"
        treat = subprocess.Popen([sys.executable, "-c", TREAT_AFTER_FOLD, str(signal),
                                  "--db", store_url, "--lang", "en", *TREAT], cwd=ROOT,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 8
        while not signal.exists() and treat.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        folded_first = signal.exists()
    finally:
        go.set()
        thread.join(60)
    out, err = treat.communicate(timeout=60)
    assert folded_first, f"the treatment was not folded while the lock was held: {err}"
    assert done["recorded"].position == 7, done
    assert treat.returncode == 1, (out, err)
    assert err.strip() == "pangee: error: Brune is dying and cannot give care (WOUND-4, WOUND-5)"
    assert signal.read_text().split() == ["treat"]  # folded once; the second fold refused
    log = log_of(pangee)
    assert [e["kind"] for e in log[-2:]] == ["stabilize", "damage"] and len(log) == 7
    verified(pangee)


# -- many writers at once --------------------------------------------------------------------
WRITERS = 8
WORKER = """
import os, sys, time
from cli.main import cli
go, db, who = sys.argv[1], sys.argv[2], sys.argv[3]
open(go + "." + who, "w").close()
while not os.path.exists(go):
    time.sleep(0.001)
sys.exit(cli.main(["--db", db, "--lang", "en", "attack", who, "--ac", "12"],
                  prog_name="pangee", standalone_mode=False))
"""


def test_writers_started_together_get_consecutive_numbers(store_url, tmp_path):
    """N processes, each one `attack`, released at the same instant: exactly N commands,
    numbered one after the other after the setup, and a history that verifies."""
    pangee = Pangee(store_url)
    ok(pangee("init", "Mêlée"))
    for index in range(WRITERS):
        ok(pangee("character", "add", f"W{index}", "--con", "12", "--hp-max", "20"))
    base = len(log_of(pangee))
    go = str(tmp_path / "go")
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, go, store_url, f"W{index}"],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
             for index in range(WRITERS)]
    deadline = time.monotonic() + 60
    while sum(os.path.exists(f"{go}.W{i}") for i in range(WRITERS)) < WRITERS:
        assert time.monotonic() < deadline, "the writers never got ready"
        time.sleep(0.005)
    open(go, "w").close()  # the barrier: every writer starts now
    results = [(proc, *proc.communicate(timeout=120)) for proc in procs]
    for proc, out, err in results:
        assert proc.returncode == 0, err
        assert "Traceback" not in err and err == ""
        assert out.startswith("#")
    log = log_of(pangee)
    assert [e["position"] for e in log] == list(range(1, base + WRITERS + 1))
    attacks = log[base:]
    assert sorted(e["characters"][0] for e in attacks) == [f"W{i}" for i in range(WRITERS)]
    assert all(e["kind"] == "attack" for e in attacks)
    numbers = sorted(int(out.split()[0][1:]) for _proc, out, _err in results)
    assert numbers == list(range(base + 1, base + WRITERS + 1))  # each was told its own
    verified(pangee)


def test_racing_treatments_and_drops_never_leave_a_history_that_fails_to_verify(pangee_on):
    """Not scheduled: a treatment and the healer's drop started together, a few times. Either
    order may win; whichever does, the treatment is recorded only before the drop, a refused
    one says why in one line, and the history verifies."""
    for args in SETUP[:4]:
        ok(pangee_on(*args))
    for round_ in range(3):
        for args in (("damage", "Arin", "35", "--cause", "épée à deux mains"),
                     ("stabilize", "Arin", "--by", "Brune", "--wound-roll", "3")):
            ok(pangee_on(*args))
        cmds = [TREAT, DROP_BRUNE]
        procs = [subprocess.Popen(PANGEE + ["--db", pangee_on.db, "--lang", "en", *args],
                                  cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True) for args in cmds]
        (treat_out, treat_err), (drop_out, drop_err) = [p.communicate(timeout=60) for p in procs]
        assert procs[1].returncode == 0, drop_err
        log = log_of(pangee_on)
        kinds = [e["kind"] for e in log[-2:]]
        if procs[0].returncode == 0:
            assert kinds == ["treat", "damage"], kinds
        else:
            assert procs[0].returncode == 1 and "Traceback" not in treat_err
            assert len(treat_err.splitlines()) == 1 and "cannot give care" in treat_err
            assert log[-1]["kind"] == "damage"
        verified(pangee_on)
        # Brune back on her feet, Arin healed, for the next round
        ok(pangee_on("heal", "Brune", "20", "--wound-roll", "1"))
        ok(pangee_on("heal", "Arin", "30"))
        ok(pangee_on("rest", "long", "Arin", "Brune"))
    verified(pangee_on)
