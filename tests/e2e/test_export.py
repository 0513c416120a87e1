"""`pangee export` end to end: JSONL (lossless, restored by `import` on SQLite and PostgreSQL
with the same checkpoint), CSV (the log with its numbers in columns, formula-safe), and the
chronicle as Markdown and as one self-contained, escaped HTML page (kept light here: the
browser tests are in tests/browser).

Second round: every command writes an event on the Campaign stream first (the total order),
then one per character it touches; the log's `position` is the command number; JSONL lines
carry the command's `number` and the digests and chains that make a copy verifiable."""

import base64
import csv
import hashlib
import io
import json
import os
import re

import pytest

from i18n.entries import Entry, Line
from ledger.digests import GENESIS, chain_next, event_digest
from projections.exports import to_csv
from tests.conftest import Pangee

SCRIPT = "<script>alert(1)</script>"
CAMPAIGN = "L'Âge & <Changement>"
JSONL_KEYS = {"position", "number", "session", "timestamp", "characters", "kind", "facts",
              "outcome", "rules", "cmd", "stream", "version", "topic", "meta"}
CSV_COLUMNS = ["number", "session", "timestamp", "characters", "kind", "summary", "outcome",
               "d20", "bonus", "total", "target", "margin", "amount", "hp_before", "hp_after",
               "rules", "consequences", "notes", "voided_by", "without_effect"]
FORMULA = ("=", "+", "-", "@", "\t", "\r")
COMMANDS = 21  # the commands of _campaign
EVENTS = 39  # one on the Campaign stream per command, one per character a command touches


def _ok(result):
    assert result.exit_code == 0, result.output
    return result


def _json(result):
    return json.loads(_ok(result).stdout)


def _run(pangee, *commands):
    for args in commands:
        _ok(pangee(*args))


def _campaign(pangee):
    """Two sessions: a wound (dice, death save, stabilize, treat), magic and ordinary fatigue,
    a long rest, damage with formula-like causes, a correction and a roll the ledger made."""
    _run(pangee,
         ["init", CAMPAIGN, "--seed", "7"],
         ["character", "add", "Arin & Co", "--con", "14", "--hp-max", "45", "--level", "5"],
         ["character", "add", "Brune", "--con", "12", "--hp-max", "38", "--level", "5",
          "--medicine"],
         ["character", "add", "Elowen", "--con", "13", "--hp-max", "30", "--level", "9"],
         ["session", "start", "Les ruines <de> Valmorte"],
         ["damage", "Arin & Co", "50", "--cause", SCRIPT, "--dice", "2d6"],
         ["death-save", "arin & co", "--d20", "14"],
         ["stabilize", "Arin & Co", "--by", "Brune", "--wound-roll", "5"],
         ["heal", "Arin & Co", "12"],
         ["treat", "Arin & Co", "--by", "Brune", "--d20", "13", "--bonus", "5"],
         ["cast", "Elowen", "cone of cold", "--slot", "5", "--save-d20", "3", "--save-bonus", "1"],
         ["fatigue", "Brune", "+1", "--cause", "=1+1"],
         ["rest", "night", "Arin & Co", "Brune", "Elowen", "--safe", "--calm"],
         ["session", "end"],
         ["session", "start", "Deuxième"],
         ["damage", "Brune", "5", "--cause", "+2 dague", "--dice", "1d4"],
         ["damage", "Brune", "3", "--cause", "-3 piège", "--dice", "1d6"],
         ["damage", "Brune", "2", "--cause", "@dard", "--dice", "1d4"])
    last_damage = _json(pangee("log", "--json"))[-1]["position"]
    assert last_damage == 18
    _run(pangee,
         ["void", str(last_damage), "--reason", "=erreur"],
         ["attack", "Elowen", "--ac", "12", "--target", "gobelin & co"],  # the ledger rolls
         ["session", "end"])


def _events(ledger_at, url):
    app = ledger_at(url)
    return app.recorder.select_notifications(1, 100_000)


def _export(pangee, fmt):
    return _ok(pangee("export", "--format", fmt)).stdout_bytes.decode("utf-8")  # as printed


def _lines(text):
    return [json.loads(line) for line in text.split("\n") if line]


def _without_export_time(text):
    """The chronicle says when it was exported (to the minute): left out to compare two."""
    text = re.sub(r'exported <time datetime="[^"]+">[^<]+</time>', "exported", text)
    return re.sub(r"exported \d{4}-\d\d-\d\d \d\d:\d\d UTC", "exported", text)


# -- JSONL ---------------------------------------------------------------------------------
def test_jsonl_is_one_object_per_stored_event(pangee, sqlite_url, ledger_at):
    _campaign(pangee)
    text = _export(pangee, "jsonl")
    lines = _lines(text)
    events = _events(ledger_at, sqlite_url)
    assert len(text.splitlines()) == len(lines) == len(events) == EVENTS
    assert [line["position"] for line in lines] == [n.id for n in events]
    campaign_stream = lines[0]["stream"]
    for line, note in zip(lines, events):
        assert set(line) == JSONL_KEYS
        assert line["stream"] == note.originator_id.hex and line["version"] == note.originator_version
        assert line["topic"] == note.topic and line["kind"] == line["facts"]["kind"]
        assert line["cmd"] == line["meta"]["cmd"] and line["number"] == line["meta"]["number"]
        assert line["session"] == line["meta"]["session"]
        # each command's first event is on the Campaign stream and holds its witness
        first = line["meta"]["i"] == 0
        assert (line["stream"] == campaign_stream) == first
        assert line["topic"].startswith("pangee:Campaign." if first else "pangee:Character.")
        if first:
            assert line["rules"] == line["outcome"]["rules"]
    log = _json(pangee("log", "--json"))
    assert len({line["cmd"] for line in lines}) == len(log) == COMMANDS
    # the Campaign stream is the total order: its events are the commands, numbered 1, 2, 3…
    assert [line["number"] for line in lines if line["meta"]["i"] == 0] == \
        list(range(1, COMMANDS + 1))
    assert [line["version"] for line in lines if line["stream"] == campaign_stream] == \
        list(range(1, COMMANDS + 1))
    for entry in log:  # every event of a command carries the log's position, its number
        of_command = [line for line in lines if line["number"] == entry["position"]]
        assert of_command and [line["meta"]["i"] for line in of_command] == \
            list(range(of_command[0]["meta"]["n"]))
        for line in of_command:
            assert line["kind"] == entry["kind"] and line["characters"] == entry["characters"]
            assert line["timestamp"] == entry["timestamp"] and line["session"] == entry["session"]
    damage = next(line for line in lines if line["kind"] == "damage")
    assert damage["facts"]["args"]["cause"] == SCRIPT and damage["outcome"]["outcome"] == "dying"
    attack = next(line for line in lines if line["kind"] == "attack")
    assert attack["facts"]["rolled"] == ["d20"] and attack["meta"]["rolled"] == ["d20"]
    party_rest = [line for line in lines if line["kind"] == "rest night"]
    # the Campaign's event, then one per resting character
    assert [(line["meta"]["i"], line["meta"]["n"]) for line in party_rest] == \
        [(0, 4), (1, 4), (2, 4), (3, 4)]
    assert party_rest[0]["stream"] == campaign_stream
    assert len({line["stream"] for line in party_rest}) == 4


def test_jsonl_to_a_file_is_what_stdout_prints(pangee, tmp_path):
    _campaign(pangee)
    path = tmp_path / "out.jsonl"
    result = _ok(pangee("export", "--format", "jsonl", "-o", str(path)))
    assert result.stdout == f"exported jsonl to {path} (up to command #{COMMANDS})\n"
    assert path.read_text(encoding="utf-8") == _export(pangee, "jsonl")


def _restorable(line):
    """An event as a restore must reproduce it: everything (its command id, number, digests
    and chains included) but its position in the store, which the target store assigns."""
    return {k: v for k, v in line.items() if k != "position"}


def _round_trip(pangee, target_url, tmp_path):
    _campaign(pangee)
    path = tmp_path / "valmorte.jsonl"
    _ok(pangee("export", "--format", "jsonl", "-o", str(path)))
    copy = Pangee(target_url)
    imported = _ok(copy("import", str(path)))
    assert imported.stdout == f"imported {COMMANDS} commands from valmorte.jsonl; " \
                              f"last command #{COMMANDS}\n"
    source_replay = _ok(pangee("replay")).stdout
    assert source_replay.startswith(f"replayed {COMMANDS} commands: digest ")
    assert _ok(copy("replay")).stdout == source_replay
    # the same checkpoint: the copy proves the same history
    token = _ok(pangee("checkpoint")).stdout.strip()
    assert re.fullmatch(rf"{COMMANDS}-[0-9a-f]{{24}}", token)
    assert _ok(copy("checkpoint")).stdout.strip() == token
    verified = _ok(copy("replay", "--verify", "--checkpoint", token))
    assert f"the history still holds checkpoint {token} unchanged" in verified.stdout
    assert _json(copy("status", "--json")) == _json(pangee("status", "--json"))
    assert _json(copy("log", "--json")) == _json(pangee("log", "--json"))
    assert [_restorable(line) for line in _lines(_export(copy, "jsonl"))] == \
        [_restorable(line) for line in _lines(path.read_text(encoding="utf-8"))]
    assert _export(copy, "csv") == _export(pangee, "csv")
    for fmt in ("md", "html"):
        assert _without_export_time(_export(copy, fmt)) == \
            _without_export_time(_export(pangee, fmt))
    return copy


def test_jsonl_round_trip_sqlite_to_sqlite(pangee, tmp_path):
    copy = _round_trip(pangee, str(tmp_path / "copy.db"), tmp_path)
    arin = _json(copy("status", "Arin & Co", "--json"))["characters"][0]
    assert arin["wounds"][0]["cause"] == SCRIPT and arin["wounds"][0]["rests_remaining"] == 2
    # the restored campaign goes on like the original: the next command number
    started = _json(copy("session", "start", "Trois", "--json"))
    assert (started["position"], started["kind"], started["session"]) == \
        (COMMANDS + 1, "session start", 3)


def test_jsonl_round_trip_sqlite_to_postgres(pangee, pg_url, tmp_path):
    _round_trip(pangee, pg_url, tmp_path)


def test_jsonl_into_a_store_that_holds_a_campaign_is_refused(pangee, tmp_path, sqlite_url,
                                                              ledger_at):
    _campaign(pangee)
    path = tmp_path / "valmorte.jsonl"
    _ok(pangee("export", "--format", "jsonl", "-o", str(path)))
    before = len(_events(ledger_at, sqlite_url))
    again = pangee("import", str(path))
    assert again.exit_code == 1 and again.stdout == ""
    assert again.stderr == ("pangee: error: a JSONL export is restored only into an empty "
                            f"store: this one holds “{CAMPAIGN}” (use another --db)\n")
    assert len(_events(ledger_at, sqlite_url)) == before


def _corrupt_line_5(lines):
    lines[4] = '{"position": 5, "timestamp": '
    return lines, "line 5: malformed JSON"


def _drop_an_event_of_a_command(lines):
    del lines[2]  # the second event of the first `character add` (lines 2-3)
    return lines, "line 2: the command has 1 of its 2 events"


def _naive_timestamp(lines):
    event = json.loads(lines[6])
    event["timestamp"] = event["timestamp"][:19]
    lines[6] = json.dumps(event)
    # second round: the digest covers the time, so the edit is caught as such
    return lines, "line 7: this event was edited after it was written"


def _not_an_object(lines):
    lines[0] = "[1, 2]"
    return lines, "line 1: expected a JSON object"


def _missing_facts(lines):
    event = json.loads(lines[3])
    del event["facts"]
    lines[3] = json.dumps(event)
    return lines, "line 4: “facts” is missing"


def _out_of_order(lines):
    lines[7], lines[8] = lines[8], lines[7]
    # second round: each stream is chained, so the first swapped line already breaks the
    # Campaign stream's order (session start is its event 5, the damage its event 6)
    return lines, "line 8: event 6 of its stream does not follow the previous one (expected 5)"


def _position_goes_back(lines):
    event = json.loads(lines[8])
    event["position"] = 8  # the same as the line before
    lines[8] = json.dumps(event)
    return lines, "line 9: position 8 does not follow position 8"


@pytest.mark.parametrize("corrupt", [_corrupt_line_5, _drop_an_event_of_a_command,
                                     _naive_timestamp, _not_an_object, _missing_facts,
                                     _out_of_order, _position_goes_back])
def test_malformed_jsonl_is_refused_naming_the_line(pangee, tmp_path, corrupt):
    _campaign(pangee)
    lines = _export(pangee, "jsonl").split("\n")
    lines, message = corrupt(lines)
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join(lines), encoding="utf-8")
    target = tmp_path / "copy.db"
    result = Pangee(str(target))("import", str(path))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"pangee: error: broken.jsonl {message}")
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""
    assert not target.exists()  # nothing written, not even an empty store


def test_malformed_jsonl_writes_nothing_on_postgres(pangee, pg_url, tmp_path):
    _campaign(pangee)
    lines = _export(pangee, "jsonl").split("\n")
    lines[-2] = lines[-2].replace('"kind":"session end"', '"kind":"session end"}}')
    path = tmp_path / "campagne"  # no extension: recognised by its first character
    path.write_text("\n".join(lines), encoding="utf-8")
    target = Pangee(pg_url)
    result = target("import", str(path))
    assert result.exit_code == 2 and f"campagne line {EVENTS}: malformed JSON" in result.stderr
    refused = target("status")
    assert refused.exit_code == 1 and "no campaign" in refused.stderr


def _redigest(lines):
    """A forged export: after an edit, every digest, stream link and the command chain
    recomputed as pangee computes them, so that only the rules can catch it."""
    heads, chain, command, chain_before = {}, GENESIS, None, GENESIS
    for line in lines:
        meta = line["meta"]
        if meta["cmd"] != command:
            command, chain_before = meta["cmd"], chain
        meta["chain"] = chain_before
        meta["prev"] = heads.get(line["stream"])
        meta.pop("digest")
        meta["digest"] = event_digest(line["topic"], line["stream"], line["version"],
                                      line["timestamp"], line["facts"], line["outcome"], meta)
        heads[line["stream"]] = meta["digest"]
        chain = chain_next(chain, meta["digest"])
    return lines


def test_a_rule_the_restored_fact_breaks_is_refused_whole(pangee, tmp_path):
    _campaign(pangee)
    lines = _lines(_export(pangee, "jsonl"))
    assert _redigest(json.loads(json.dumps(lines))) == lines  # the forger's tool is exact
    for line in lines:  # the first death save now needs a dying character that is not
        if line["kind"] == "death-save":
            line["facts"]["who"] = ["Brune"]
    target = tmp_path / "copy.db"
    # as edited, the digests give it away (exit 2: the file is not what pangee wrote)
    edited = tmp_path / "edited.jsonl"
    edited.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = Pangee(str(target))("import", str(edited))
    assert result.exit_code == 2
    assert result.stderr.startswith("pangee: error: edited.jsonl line 11: this event was edited")
    # forged with fresh digests, the rules refuse it (exit 1), naming the command's first line
    forged = tmp_path / "forged.jsonl"
    forged.write_text("".join(json.dumps(line) + "\n" for line in _redigest(lines)),
                      encoding="utf-8")
    result = Pangee(str(target))("import", str(forged))
    assert result.exit_code == 1
    assert result.stderr == ("pangee: error: forged.jsonl line 11: Brune is conscious at 38 HP: "
                             "only a dying character (0 HP, not stable) makes death saving "
                             "throws (BASE-DYING)\n")
    assert not target.exists()


# -- CSV -----------------------------------------------------------------------------------
def _rows(text):
    return list(csv.reader(io.StringIO(text, newline="")))


def _numbers(entry, amount):
    """The numeric columns (d20 … hp_after) a log entry should fill: the numbers its rules
    used, and the amount of a damage or a healing."""
    details = entry["details"]
    return {"d20": details.get("d20"), "bonus": details.get("bonus"),
            "total": details.get("total"), "target": details.get("target", details.get("dc")),
            "margin": details.get("margin"), "amount": amount,
            "hp_before": details.get("hp_before"), "hp_after": details.get("hp_after")}


AMOUNTS = {6: 50, 9: 12, 16: 5, 17: 3, 18: 2}  # the damage and healing of _campaign
# consequences the entry's first line already says: `log` prints no line under it for them
HEADLINE_ONLY = {"character.joined", "session.started", "session.ended", "void.voided"}


def test_csv_is_the_log_one_row_per_command(pangee):
    _campaign(pangee)
    text = _export(pangee, "csv")
    assert text.startswith(",".join(CSV_COLUMNS) + "\r\n")
    header, *rows = _rows(text)
    log = _json(pangee("log", "--json"))
    assert header == CSV_COLUMNS and len(rows) == len(log) == COMMANDS
    for row, entry in zip(rows, log):
        cells = dict(zip(header, row))
        assert cells["number"] == str(entry["position"]) and cells["kind"] == entry["kind"]
        assert cells["rules"] == " ".join(entry["rules"])
        assert cells["outcome"] == (entry["outcome"] or "")
        assert cells["timestamp"] == entry["timestamp"]
        assert cells["summary"] == entry["summary"]
        assert cells["consequences"] == " | ".join(
            e["text"] for e in entry["effects"] if e["code"] not in HEADLINE_ONLY)
        assert cells["session"] == ("" if entry["session"] is None else str(entry["session"]))
        # numeric columns hold the numbers themselves (second round: CHOICES.md)
        for column, value in _numbers(entry, AMOUNTS.get(entry["position"])).items():
            assert cells[column] == ("" if value is None else str(value)), (column, entry)
    cells = {row[0]: dict(zip(header, row)) for row in rows}
    treat = next(c for c in cells.values() if c["kind"] == "treat")
    assert treat["characters"] == "Arin & Co, Brune" and treat["outcome"] == "success"
    # 13 + 5 = 18 against DC 10 + 6 + 2 = 18 (WOUND-4)
    assert [treat[c] for c in ("d20", "bonus", "total", "target")] == ["13", "5", "18", "18"]
    damage = cells["6"]
    assert [damage[c] for c in ("amount", "hp_before", "hp_after")] == ["50", "45", "0"]
    voided = [c for c in cells.values() if c["voided_by"]]
    assert len(voided) == 1 and voided[0]["number"] == "18" and voided[0]["voided_by"] == "19"
    assert voided[0]["summary"] == "Brune takes 2 damage (@dard, 1d4) → conscious"
    assert voided[0]["without_effect"] == "voided by #19"
    fatigue = next(c for c in cells.values() if c["kind"] == "fatigue")
    assert fatigue["summary"] == "Brune: fatigue +1 (ordinary, =1+1)"
    assert fatigue["consequences"] == "Brune gains 1 ordinary fatigue level (=1+1): fatigue 1"


def test_csv_negative_numbers_stay_numbers(pangee):
    """A number the rules computed cannot be a formula: a negative one is written as it is,
    without the quote that neutralises text cells (the column stays numeric)."""
    _campaign(pangee)
    header, *rows = _rows(_export(pangee, "csv"))
    attack = next(dict(zip(header, row)) for row in rows if row[4] == "attack")
    entry = next(e for e in _json(pangee("log", "--json")) if e["kind"] == "attack")
    assert entry["details"]["margin"] < 0  # the ledger's d20 missed AC 12 with a bonus of 0
    assert attack["margin"] == str(entry["details"]["margin"])
    _run(pangee, ["check", "Brune", "--dc", "10", "--d20", "8", "--bonus", "-2"])
    header, *rows = _rows(_export(pangee, "csv"))
    check = next(dict(zip(header, row)) for row in rows if row[4] == "check")
    assert [check[c] for c in ("d20", "bonus", "total", "target", "margin")] == \
        ["8", "-2", "6", "10", "-4"]


def test_csv_cells_never_start_a_formula(pangee):
    _run(pangee,
         ["init", "=1+1"],
         ["character", "add", "=1+1", "--con", "10", "--hp-max", "20"],
         ["character", "add", "+Bob", "--con", "10", "--hp-max", "20"],
         ["character", "add", "--con", "10", "--hp-max", "20", "--", "-Eve"],
         ["character", "add", "@Zed", "--con", "10", "--hp-max", "20"],
         ["session", "start", "=HYPERLINK(\"x\")"],
         ["damage", "=1+1", "3", "--cause", "=1+1", "--dice", "1d4"],
         ["damage", "+Bob", "3", "--cause", "+", "--dice", "1d4"],
         ["damage", "--cause", "-", "--dice", "1d4", "--", "-Eve", "3"],
         ["damage", "@Zed", "25", "--cause", "@", "--dice", "1d4"],
         ["stabilize", "@Zed", "--by", "=1+1", "--wound-roll", "2"],
         ["session", "end"])
    header, *rows = _rows(_export(pangee, "csv"))
    for row in rows:
        for cell in row:
            assert not cell.startswith(FORMULA), row
    damages = [dict(zip(header, row)) for row in rows if row[4] == "damage"]
    assert [(d["characters"], d["summary"]) for d in damages] == [
        ("'=1+1", "'=1+1 takes 3 damage (=1+1, 1d4) → conscious"),
        ("'+Bob", "'+Bob takes 3 damage (+, 1d4) → conscious"),
        ("'-Eve", "'-Eve takes 3 damage (-, 1d4) → conscious"),
        ("'@Zed", "'@Zed takes 25 damage (@, 1d4) → dying")]
    assert [d["consequences"] for d in damages][:1] == ["'=1+1 takes 3 damage: 20 → 17 HP"]
    stabilize = next(dict(zip(header, row)) for row in rows if row[4] == "stabilize")
    assert stabilize["characters"] == "'@Zed, =1+1"


def test_csv_neutralises_tab_and_carriage_return_starts_too():
    row = {"position": 1, "session": None, "timestamp": "2026-03-14T20:30:00+00:00",
           "characters": ["-Eve"], "kind": "damage",
           "fact": {"kind": "damage", "args": {"amount": 3}, "who": ["-Eve"]},
           "result": {"outcome": "=x", "details": {"hp_before": 5, "hp_after": 2}}}
    words = Entry(1, "\t=1+1", [], [Line("\r@y")], [Line("+note")], [Line("-gone")], 2)
    header, line = _rows(to_csv([row], [words]))
    assert dict(zip(header, line)) == {
        "number": "1", "session": "", "timestamp": "2026-03-14T20:30:00+00:00",
        "characters": "'-Eve", "kind": "damage", "summary": "'\t=1+1", "outcome": "'=x",
        "d20": "", "bonus": "", "total": "", "target": "", "margin": "", "amount": "3",
        "hp_before": "5", "hp_after": "2", "rules": "", "consequences": "'\r@y",
        "notes": "'+note", "voided_by": "2", "without_effect": "'-gone"}


# -- the chronicle: Markdown -----------------------------------------------------------------
def test_markdown_is_the_session_log(pangee):
    _campaign(pangee)
    text = _export(pangee, "md")
    lines = text.splitlines()
    assert lines[0] == r"# L'Âge & \<Changement\>"
    assert [line for line in lines if line.startswith("## ")] == [
        "## The party", "## Outside sessions", r"## Session 1 — Les ruines \<de\> Valmorte",
        "## Session 2 — Deuxième", "## Rules"]
    token = _ok(pangee("checkpoint")).stdout.strip()
    assert f"Checkpoint `{token}` — covers the log up to command #{COMMANDS}" in lines
    log = _json(pangee("log", "--json"))
    commands = [line for line in lines if re.match(r"- (~~)?\*\*#\d+\*\*", line)]
    assert [int(re.match(r"- (?:~~)?\*\*#(\d+)\*\*", c).group(1)) for c in commands] == \
        [e["position"] for e in log]
    treat = lines.index(next(c for c in commands if c.startswith("- **#10** ")))
    assert lines[treat].endswith("→ success")
    assert lines[treat + 1].endswith(" — WOUND-4, RULING-TREAT-CHOICE, RULING-DC-DICE, "
                                     "RULING-TREAT-ONCE, RULING-HALVE, RULING-TREAT-REMAINING")
    assert r"(\<script\>alert(1)\</script\>, 2d6)" in text and "<script>" not in text
    voided = lines.index(next(c for c in commands if "@dard" in c))
    assert lines[voided].startswith("- ~~**#18**") and lines[voided].endswith("~~")
    assert lines[voided + 2] == "  - _Voided by #19_"
    # the party's table at the end: Brune's voided 2 HP count for nothing (30/38)
    assert "| Brune | 30 / 38 | conscious | 0 (0 / 0 / 0) | — | 12 |" in lines


# -- the chronicle: HTML ---------------------------------------------------------------------
def _chronicle_data(page):
    found = re.search(r'<script type="application/json" id="chronicle-data">(.*?)</script>',
                      page, re.S)
    return json.loads(found.group(1))


def test_html_is_one_standalone_escaped_page(pangee, tmp_path):
    _campaign(pangee)
    path = tmp_path / "campagne.html"
    result = _ok(pangee("export", "-o", str(path)))  # the format from the extension
    assert result.stdout.startswith("exported html to ")
    page = path.read_text(encoding="utf-8")
    # the file is what stdout prints, down to its one final line end
    assert _without_export_time(page) == _without_export_time(_export(pangee, "html"))
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>\n")
    lowered = page.lower()
    for banned in ("https:", "src=", "url(", "@import", "<img", "<iframe", "<object",
                   "<embed", "@font-face", "javascript:"):
        assert banned not in lowered, banned
    # it fetches nothing: its one link is an empty data: icon (no request for /favicon.ico),
    # and the only http: is the SVG namespace its script names
    assert re.findall(r"<link[^>]*>", page) == ['<link rel="icon" href="data:,">']
    assert set(re.findall(r"http:[^\"' ]*", page)) <= {"http://www.w3.org/2000/svg"}
    # second round: inline CSS and one inline script, both pinned by the page's CSP
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">',
                    page).group(1)
    assert csp.startswith("default-src 'none';")
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(styles) == len(scripts) == 1 and page.count("<script") == 2  # + the data
    for kind, body in (("style-src", styles[0]), ("script-src", scripts[0])):
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"{kind} 'sha256-{digest}'" in csp, kind
    assert SCRIPT not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Arin & Co" not in page and "Arin &amp; Co" in page
    assert "<h1>L&#39;Âge &amp; &lt;Changement&gt;</h1>" in page
    assert '<span class="s-label">Session 1 — Les ruines &lt;de&gt; Valmorte</span>' in page
    assert page.count('<details class="session"') == 3  # outside sessions, 1, 2
    for entry in _json(pangee("log", "--json")):
        number = entry["position"]
        assert f'id="cmd-{number}" data-number="{number}"' in page
    assert '<li class="entry voided" id="cmd-18"' in page
    assert 'Voided by <a href="#cmd-19">#19</a>' in page


def test_html_has_each_characters_fatigue_and_wounds_over_positions(pangee):
    _campaign(pangee)
    page = _export(pangee, "html")
    assert page.count('<article class="card') == 3
    data = _chronicle_data(page)
    assert data["names"] == ["Arin & Co", "Brune", "Elowen"]
    assert (data["xmin"], data["xmax"]) == (1, COMMANDS)
    charts = {chart["name"]: chart["points"] for chart in data["charts"]}
    # [command, session, HP, HP maximum, ordinary, wound, magic, Constitution], at each command
    # that changed one of them
    assert charts["Arin & Co"] == [
        [2, 0, 45, 45, 0, 0, 0, 14],
        [6, 1, 0, 45, 0, 0, 0, 14],   # 50 damage: 0 HP, dying
        [8, 1, 0, 45, 0, 1, 0, 14],   # stabilized: a wound and its level (WOUND-1, WOUND-2)
        [9, 1, 12, 45, 0, 1, 0, 14],  # healed 12
        [13, 1, 45, 45, 0, 1, 0, 14]]  # long rest: full HP, the wound still healing
    assert charts["Elowen"] == [
        [4, 0, 30, 30, 0, 0, 0, 13],
        [11, 1, 30, 30, 0, 0, 1, 13],  # failed MAGIC-1 save at slot 5: one magic level
        [13, 1, 30, 30, 0, 0, 0, 13]]  # the long rest includes a short one (MAGIC-3)
    # the voided damage (2 HP at #18) counts for nothing: Brune ends at 30/38
    assert charts["Brune"] == [
        [3, 0, 38, 38, 0, 0, 0, 12],
        [12, 1, 38, 38, 1, 0, 0, 12],
        [13, 1, 38, 38, 0, 0, 0, 12],
        [16, 2, 33, 38, 0, 0, 0, 12],
        [17, 2, 30, 38, 0, 0, 0, 12]]


# -- usage ---------------------------------------------------------------------------------
def test_export_usage_errors(pangee, tmp_path):
    _campaign(pangee)
    unknown = pangee("export", "--format", "xml")
    assert unknown.exit_code == 2 and "'xml' is not one of" in unknown.stderr
    missing = pangee("export")
    assert missing.exit_code == 2 and "missing --format" in missing.stderr
    for bad in (str(tmp_path / "no" / "such" / "dir.csv"), str(tmp_path)):
        result = pangee("export", "--format", "csv", "-o", bad)
        assert result.exit_code == 2, bad
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    read_only = tmp_path / "locked.md"
    read_only.write_text("old", encoding="utf-8")
    os.chmod(read_only, 0o444)
    if not os.access(read_only, os.W_OK):  # root can write anyway
        result = pangee("export", "--format", "md", "-o", str(read_only))
        assert result.exit_code == 2
        assert result.stderr == (f"pangee: error: cannot write the export to {read_only}: "
                                 "Permission denied (expected a writable file path)\n")
    help_text = _ok(pangee("export", "--help")).stdout
    assert "pangee export --format jsonl -o valmorte.jsonl" in help_text


def test_export_without_a_campaign_is_refused(tmp_path):
    result = Pangee(str(tmp_path / "none.db"))("export", "--format", "csv")
    assert result.exit_code == 1 and "no campaign" in result.stderr
    assert not (tmp_path / "none.db").exists()
