"""JSONL copies that can be trusted (issue 9).

An export re-imported into an empty store gives the same checkpoint and the same `replay`
digest (SQLite → SQLite, SQLite → PostgreSQL, PostgreSQL with gaps in its positions →
SQLite). What is refused, in one line naming the line, with nothing written: an import into
a store that holds a campaign, a file without its `init`, hand-edited lines (a d20 changed
without its digest, with its digest but not the chain, a line deleted, two lines exchanged,
a command number changed), facts outside the bounds even with every digest and chain
recomputed (refused as the command line refuses them), and malformed input of every kind
(exit 2). Exports never overwrite the store.
"""

import copy
import hashlib
import json
import os
import resource
import subprocess

import pytest

from tests.conftest import Pangee
from tests.support_trust import (CAMPAIGN, PANGEE, ROOT, campaign_at,  # noqa: F401
                                 campaign_files, export_lines, fingerprint, ok, one_line_error,
                                 reseal, shown, write_lines)


@pytest.fixture
def source(sqlite_url, campaign_files):
    return campaign_at(sqlite_url, campaign_files)


def replay_digest(pangee) -> str:
    return ok(pangee("replay")).stdout.strip()


def round_trip(source: Pangee, target_url: str, tmp_path) -> Pangee:
    path = tmp_path / "copie.jsonl"
    ok(source("export", "--format", "jsonl", "-o", str(path)))
    copy_ = Pangee(target_url)
    imported = ok(copy_("import", str(path)))
    assert "imported 20 commands" in imported.stdout
    assert ok(copy_("checkpoint")).stdout == ok(source("checkpoint")).stdout
    assert replay_digest(copy_) == replay_digest(source)
    ok(copy_("replay", "--verify", "--checkpoint", ok(source("checkpoint")).stdout.strip()))
    assert shown(copy_)["status"] == shown(source)["status"]
    return copy_


def test_sqlite_to_sqlite(source, tmp_path):
    copy_ = round_trip(source, str(tmp_path / "copie.db"), tmp_path)
    # the copy goes on as the original would
    assert ok(copy_("session", "start", "Trois")).stdout.startswith("#21 ")
    ok(copy_("replay", "--verify"))


def test_sqlite_to_postgres(source, pg_url, tmp_path):
    round_trip(source, pg_url, tmp_path)


def test_postgres_with_gaps_to_sqlite(pg_url, tmp_path, monkeypatch):
    """Positions with gaps: sequence values consumed by transactions rolled back (a
    write that lost a conflict, and bare nextval calls)."""
    from ledger import writing
    from tests.support_trust import RawEvents, cli

    pangee = Pangee(pg_url)
    with RawEvents(pg_url) as raw:
        sequence = f'"{raw.schema}".pangee_events_notification_id_seq'
        for index, args in enumerate(CAMPAIGN):
            if args[0] == "heal":  # loses its first insert to another process's check
                original = writing.Batch.add
                state = {"done": False}

                def add(self, kind, raw_args, rng, dry_run=False, original=original,
                        state=state):
                    result = original(self, kind, raw_args, rng, dry_run)
                    if kind == "heal" and not state["done"]:
                        state["done"] = True
                        done = cli(pg_url, "check", "Carl", "--dc", "5", "--d20", "10")
                        assert done.returncode == 0, done.stderr
                    return result
                monkeypatch.setattr(writing.Batch, "add", add)
                ok(pangee(*args))
                monkeypatch.undo()
            else:
                ok(pangee(*args))
            if index % 6 == 2:
                raw.execute(f"SELECT nextval('{sequence}')")
                raw.execute(f"SELECT nextval('{sequence}')")
        positions = [r.position for r in raw.rows()]
    assert positions != list(range(1, len(positions) + 1))  # there are gaps
    path = tmp_path / "trous.jsonl"
    ok(pangee("export", "--format", "jsonl", "-o", str(path)))
    copy_ = Pangee(str(tmp_path / "copie.db"))
    ok(copy_("import", str(path)))
    assert ok(copy_("checkpoint")).stdout == ok(pangee("checkpoint")).stdout
    assert ok(copy_("checkpoint")).stdout.startswith("21-")
    assert replay_digest(copy_) == replay_digest(pangee)
    ok(copy_("replay", "--verify"))


def test_an_export_of_the_copy_is_the_export_of_the_source(source, tmp_path):
    copy_ = round_trip(source, str(tmp_path / "copie.db"), tmp_path)
    keep = ("facts", "outcome", "meta", "stream", "version", "topic", "timestamp")
    assert ([{k: e[k] for k in keep} for e in export_lines(copy_)] ==
            [{k: e[k] for k in keep} for e in export_lines(source)])


# -- refused whole ---------------------------------------------------------------------------
def test_into_a_store_that_holds_a_campaign(source, tmp_path):
    path = tmp_path / "copie.jsonl"
    ok(source("export", "--format", "jsonl", "-o", str(path)))
    other = Pangee(str(tmp_path / "autre.db"))
    ok(other("init", "Autre"))
    for target in (source, other):
        before = fingerprint(target.db)
        one_line_error(target("import", str(path)), 1, "empty store")
        assert fingerprint(target.db) == before


def test_into_a_postgres_store_that_holds_a_campaign(source, pg_url, tmp_path):
    path = tmp_path / "copie.jsonl"
    ok(source("export", "--format", "jsonl", "-o", str(path)))
    target = Pangee(pg_url)
    ok(target("init", "Autre"))
    before = fingerprint(pg_url)
    one_line_error(target("import", str(path)), 1, "empty store")
    assert fingerprint(pg_url) == before


def imported(tmp_path, lines, name="copie.jsonl"):
    """Import `lines` into a new store; returns the result and whether the store exists."""
    path = write_lines(tmp_path / name, lines)
    target = tmp_path / "copie.db"
    result = Pangee(str(target))("import", str(path))
    return result, target.exists()


def test_without_its_init(source, tmp_path):
    lines = export_lines(source)[1:]
    result, written = imported(tmp_path, lines)
    one_line_error(result, 2, "copie.jsonl line 1")
    assert not written


def test_without_its_init_even_with_the_campaign_stream_renumbered(source, tmp_path):
    lines = export_lines(source)
    campaign_stream = lines[0]["stream"]
    lines = lines[1:]
    for line in lines:
        if line["stream"] == campaign_stream:
            line["version"] -= 1
        line["meta"]["number"] -= 1
    result, written = imported(tmp_path, reseal(lines))
    one_line_error(result, 2, "copie.jsonl line 1", "init")
    assert not written


def _index(lines, kind: str, nth: int = 0) -> int:
    return [i for i, line in enumerate(lines) if line["kind"] == kind][nth]


def _redigest(line) -> None:
    from ledger.digests import event_digest

    line["meta"]["digest"] = event_digest(line["topic"], line["stream"], line["version"],
                                          line["timestamp"], line["facts"], line["outcome"],
                                          line["meta"])


def d20_without_digest(lines):
    i = _index(lines, "attack")
    lines[i]["facts"]["args"]["d20"] = 3
    return lines, i + 1


def d20_with_digest_but_not_chain(lines):
    """Both events of the attack, digests recomputed: the next link of the Campaign stream
    (the next command's first event) still names the old digest."""
    i = _index(lines, "attack")
    for j in (i, i + 1):
        lines[j]["facts"]["args"]["d20"] = 3
        _redigest(lines[j])
    return lines, i + 3


def d20_of_one_event_with_digest(lines):
    i = _index(lines, "attack")
    lines[i + 1]["facts"]["args"]["d20"] = 3
    _redigest(lines[i + 1])
    return lines, i + 2


def d20_resealed(lines):
    """Every digest and chain recomputed: only the re-derived outcome can tell."""
    i = _index(lines, "attack")
    for j in (i, i + 1):
        lines[j]["facts"]["args"]["d20"] = 3
    return reseal(lines), i + 1


def line_deleted(lines):
    i = _index(lines, "heal")
    del lines[i + 1]
    return lines, i + 1


def lines_exchanged(lines):
    i = _index(lines, "heal")
    lines[i], lines[i + 2] = lines[i + 2], lines[i]
    return lines, None  # refused at one of the lines exchanged or the one after


def number_changed(lines):
    i = _index(lines, "heal")
    for j in (i, i + 1):
        lines[j]["meta"]["number"] = 99
    return lines, i + 1


def number_changed_resealed(lines):
    i = _index(lines, "heal")
    for j in (i, i + 1):
        lines[j]["meta"]["number"] = 99
    return reseal(lines), i + 1


@pytest.mark.parametrize("edit", [d20_without_digest, d20_with_digest_but_not_chain,
                                  d20_of_one_event_with_digest, d20_resealed, line_deleted,
                                  lines_exchanged, number_changed, number_changed_resealed])
def test_hand_edited_lines_are_refused_naming_the_line(source, tmp_path, edit):
    lines, line_number = edit(export_lines(source))
    result, written = imported(tmp_path, lines)
    line = one_line_error(result, 2, "copie.jsonl line")
    if line_number is not None:
        assert f"line {line_number}:" in line, line
    assert not written


# Facts outside the bounds, every digest and chain recomputed: refused as the command line
# refuses the same values.
def _set(kind: str, key: str, value, nth: int = 0):
    def edit(lines):
        i = _index(lines, kind, nth)
        for line in lines:
            if line["meta"]["cmd"] == lines[i]["meta"]["cmd"]:
                line["facts"]["args"][key] = value
        return reseal(lines), i + 1
    return edit


BEYOND = [
    ("constitution 99", _set("character add", "con", 99),
     ["character", "add", "Zed", "--con", "99", "--hp-max", "10"]),
    ("hp max -5", _set("character add", "hp_max", -5),
     ["character", "add", "Zed", "--con", "10", "--hp-max", "-5"]),
    ("damage -1000", _set("damage", "amount", -1000), ["damage", "Arin", "-1000", "--cause", "x"]),
    ("ac 10**30", _set("attack", "ac", 10**30), ["attack", "Arin", "--ac", str(10**30)]),
    ("bonus 61", _set("check", "bonus", 61), ["check", "Brune", "--dc", "10", "--bonus", "61"]),
    ("d20 21", _set("death-save", "d20", 21), ["death-save", "Arin", "--d20", "21"]),
    ("wound roll 0", _set("stabilize", "wound_roll", 0),
     ["stabilize", "Arin", "--wound-roll", "0"]),
    ("delta 7", _set("fatigue", "delta", 7), ["fatigue", "Carl", "7", "--cause", "x"]),
    ("unknown option", _set("attack", "sneaky", True), None),
    ("a name that is not text", _set("character add", "name", ["Arin"]), None),
    ("a boolean for a number", _set("attack", "ac", True), None),
    ("a float for a number", _set("attack", "ac", 12.5), None),
]


@pytest.mark.parametrize("name, edit, argv", BEYOND, ids=[b[0] for b in BEYOND])
def test_facts_beyond_the_bounds_are_refused_like_the_command_line(source, tmp_path, name,
                                                                     edit, argv):
    lines, line_number = edit(export_lines(source))
    result, written = imported(tmp_path, lines)
    line = one_line_error(result, 2, f"copie.jsonl line {line_number}:")
    assert not written
    if argv is not None:  # the same words as the command line's refusal
        said = one_line_error(source(*argv), 2)
        assert line.endswith(said.removeprefix("pangee: error: ")), (line, said)


# -- malformed input ---------------------------------------------------------------------------
def _first(lines) -> dict:
    return copy.deepcopy(lines[0])


MALFORMED = {
    "not json": lambda lines: ["hello, world"],
    "a json array": lambda lines: ["[1, 2, 3]"],
    "a json string": lambda lines: ['"an event"'],
    "missing keys": lambda lines: ['{"position": 1}'],
    "a wrong type": lambda lines: [json.dumps({**_first(lines), "version": "1"})],
    "meta not an object": lambda lines: [json.dumps({**_first(lines), "meta": [1]})],
    "facts without kind": lambda lines: [json.dumps({**_first(lines), "facts": {"args": {}}})],
    "a 30-digit version": lambda lines: [json.dumps({**_first(lines), "version": 10**30})],
    "a 5000-digit version": lambda lines: [json.dumps(_first(lines)).replace(
        '"version": 1', '"version": ' + "9" * 5000)],
    "a 5000-digit d20": lambda lines: [json.dumps(_first(lines)).replace(
        '"args": {', '"args": {"d20": ' + "9" * 5000 + ", ")],
    "1e400": lambda lines: [json.dumps(_first(lines)).replace('"version": 1', '"version": 1e400')],
    "NaN": lambda lines: [json.dumps(_first(lines)).replace('"version": 1', '"version": NaN')],
    "deep nesting": lambda lines: ["[" * 100_000 + "]" * 100_000],
    "deep objects": lambda lines: ['{"a": ' * 50_000 + "1" + "}" * 50_000],
    "a lone surrogate": lambda lines: [json.dumps(_first(lines)).replace(
        '"kind": "init"', '"kind": "init\\ud800"')],
    "nothing": lambda lines: [],
    "a cut line": lambda lines: [json.dumps(_first(lines))[:40]],
}
@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_jsonl_is_one_line_exit_2_and_nothing_written(source, tmp_path, name):
    lines = MALFORMED[name](export_lines(source))
    result, written = imported(tmp_path, lines)
    one_line_error(result, 2, "copie.jsonl")
    assert not written


def test_malformed_jsonl_writes_nothing_on_postgres(source, pg_url, tmp_path):
    lines = export_lines(source)
    lines[-1] = json.dumps(lines[-1])[:-3]
    path = write_lines(tmp_path / "coupe.jsonl", lines)
    target = Pangee(pg_url)
    one_line_error(target("import", str(path)), 2, f"coupe.jsonl line {len(lines)}")
    one_line_error(target("status"), 1, "no campaign")


def run_limited(args, timeout=30) -> subprocess.CompletedProcess:
    """The command line in a process of its own, its memory bounded (1.5 GB): a door that
    reads without limit fails here instead of exhausting the machine."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (1536 * 2**20, 1536 * 2**20))
    return subprocess.run(PANGEE + list(args), cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=limit)


def test_import_of_dev_zero_is_refused_at_once(tmp_path):
    target = tmp_path / "copie.db"
    result = run_limited(["--db", str(target), "--lang", "en", "import", "/dev/zero"])
    one_line_error(result, 2, "/dev/zero")
    assert not target.exists()


@pytest.mark.parametrize("suffix", [".jsonl", ".yaml"])
def test_a_70_mb_file_is_refused_unread(tmp_path, suffix):
    big = tmp_path / f"enorme{suffix}"
    with open(big, "wb") as handle:
        handle.write(b"{" if suffix == ".jsonl" else b"campaign: x\n")
        handle.truncate(70 * 2**20)  # sparse: 70 MB of NULs after the first bytes
    target = tmp_path / "copie.db"
    result = run_limited(["--db", str(target), "--lang", "en", "import", str(big)])
    one_line_error(result, 2, "enorme", "MB")
    assert not target.exists()


@pytest.mark.parametrize("content", [b'{"position": 1, "kind": "\xe9t\xe9"}\n',
                                     "campaign: Éowyn\n".encode("latin-1"),
                                     b"\xff\xfe{\x00}\x00"])
def test_a_file_that_is_not_utf8_is_refused(tmp_path, content):
    path = tmp_path / "latin.jsonl"
    path.write_bytes(content)
    target = tmp_path / "copie.db"
    one_line_error(Pangee(str(target))("import", str(path)), 2, "latin.jsonl", "UTF-8")
    assert not target.exists()


# -- outputs never overwrite the store ---------------------------------------------------------
def _digest(path: str) -> str:
    return hashlib.sha256(open(path, "rb").read()).hexdigest() if os.path.exists(path) else ""


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "md", "html"])
@pytest.mark.parametrize("which", ["store", "wal", "shm", "symlink", "relative"])
def test_export_never_overwrites_the_store(source, tmp_path, monkeypatch, fmt, which):
    db = source.db
    before = shown(source)
    files = {suffix: _digest(db + suffix) for suffix in ("", "-wal", "-shm")}
    if which == "symlink":
        output = str(tmp_path / "lien.out")
        os.symlink(db, output)
    elif which == "relative":
        monkeypatch.chdir(os.path.dirname(db))
        output = os.path.basename(db)
    else:
        output = db + {"store": "", "wal": "-wal", "shm": "-shm"}[which]
    result = source("export", "--format", fmt, "-o", output)
    one_line_error(result, 2, "store")
    assert _digest(db) == files[""]
    assert shown(source) == before
    ok(source("replay", "--verify"))


def test_an_export_can_still_be_written_beside_the_store(source, tmp_path):
    output = tmp_path / "campaign.db.jsonl"
    ok(source("export", "--format", "jsonl", "-o", str(output)))
    assert output.read_text(encoding="utf-8").count("\n") == len(export_lines(source))
