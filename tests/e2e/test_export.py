"""`pangee export` end to end: JSONL (lossless, restored by `import` on SQLite and PostgreSQL),
CSV (formula-safe), Markdown (the session log) and one standalone, escaped HTML page."""

import csv
import io
import json
import os
import re

import pytest

from projections.exports import to_csv
from tests.conftest import Pangee

SCRIPT = "<script>alert(1)</script>"
CAMPAIGN = "L'Âge & <Changement>"
JSONL_KEYS = {"position", "session", "timestamp", "characters", "kind", "facts", "outcome",
              "rules", "cmd", "stream", "version", "topic", "meta"}
CSV_COLUMNS = ["position", "session", "timestamp", "characters", "kind", "summary", "outcome",
               "rules", "note"]
FORMULA = ("=", "+", "-", "@", "\t", "\r")


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


# -- JSONL ---------------------------------------------------------------------------------
def test_jsonl_is_one_object_per_stored_event(pangee, sqlite_url, ledger_at):
    _campaign(pangee)
    text = _export(pangee, "jsonl")
    lines = _lines(text)
    events = _events(ledger_at, sqlite_url)
    assert len(text.splitlines()) == len(lines) == len(events) == 27
    assert [line["position"] for line in lines] == [n.id for n in events]
    for line, note in zip(lines, events):
        assert set(line) == JSONL_KEYS
        assert line["stream"] == note.originator_id.hex and line["version"] == note.originator_version
        assert line["topic"] == note.topic and line["kind"] == line["facts"]["kind"]
        assert line["cmd"] == line["meta"]["cmd"] and line["rules"] == line["outcome"]["rules"]
        assert line["session"] == line["meta"]["session"]
    log = _json(pangee("log", "--json"))
    assert len({line["cmd"] for line in lines}) == len(log) == 21
    by_position = {line["position"]: line for line in lines}
    for entry in log:  # a command's last event carries the log's position
        line = by_position[entry["position"]]
        assert line["kind"] == entry["kind"] and line["characters"] == entry["characters"]
        assert line["timestamp"] == entry["timestamp"] and line["session"] == entry["session"]
    damage = next(line for line in lines if line["kind"] == "damage")
    assert damage["facts"]["args"]["cause"] == SCRIPT and damage["outcome"]["outcome"] == "dying"
    attack = next(line for line in lines if line["kind"] == "attack")
    assert attack["facts"]["rolled"] == ["d20"] and attack["meta"]["rolled"] == ["d20"]
    party_rest = [line for line in lines if line["kind"] == "rest night"]
    assert [(line["meta"]["i"], line["meta"]["n"]) for line in party_rest] == [(0, 3), (1, 3), (2, 3)]


def test_jsonl_to_a_file_is_what_stdout_prints(pangee, tmp_path):
    _campaign(pangee)
    path = tmp_path / "out.jsonl"
    result = _ok(pangee("export", "--format", "jsonl", "-o", str(path)))
    assert result.stdout == f"exported jsonl to {path} (up to position 27)\n"
    assert path.read_text(encoding="utf-8") == _export(pangee, "jsonl")


def _restorable(line):
    """An event as a restore must reproduce it: all but the command id and the hash chain."""
    meta = {k: v for k, v in line["meta"].items() if k not in ("cmd", "digest", "prev")}
    return {**{k: v for k, v in line.items() if k != "cmd"}, "meta": meta}


def _round_trip(pangee, target_url, tmp_path):
    _campaign(pangee)
    path = tmp_path / "valmorte.jsonl"
    _ok(pangee("export", "--format", "jsonl", "-o", str(path)))
    copy = Pangee(target_url)
    imported = _ok(copy("import", str(path)))
    assert imported.stdout == "imported 21 command(s) from valmorte.jsonl; last position 27\n"
    source_replay = _ok(pangee("replay")).stdout
    assert source_replay.startswith("replayed to position 27: digest ")
    assert _ok(copy("replay")).stdout == source_replay
    assert _json(copy("status", "--json")) == _json(pangee("status", "--json"))
    assert _json(copy("log", "--json")) == _json(pangee("log", "--json"))
    assert _ok(copy("replay", "--verify")).exit_code == 0
    assert [_restorable(line) for line in _lines(_export(copy, "jsonl"))] == \
        [_restorable(line) for line in _lines(path.read_text(encoding="utf-8"))]
    for fmt in ("csv", "md", "html"):
        assert _export(copy, fmt) == _export(pangee, fmt)
    return copy


def test_jsonl_round_trip_sqlite_to_sqlite(pangee, tmp_path):
    copy = _round_trip(pangee, str(tmp_path / "copy.db"), tmp_path)
    arin = _json(copy("status", "Arin & Co", "--json"))["characters"][0]
    assert arin["wounds"][0]["cause"] == SCRIPT and arin["wounds"][0]["rests_remaining"] == 2
    # the restored campaign goes on like the original
    assert _ok(copy("session", "start", "Trois")).stdout.startswith("#28 session start")


def test_jsonl_round_trip_sqlite_to_postgres(pangee, pg_url, tmp_path):
    _round_trip(pangee, pg_url, tmp_path)


def test_jsonl_into_a_store_that_holds_a_campaign_is_refused(pangee, tmp_path, sqlite_url,
                                                              ledger_at):
    _campaign(pangee)
    path = tmp_path / "valmorte.jsonl"
    _ok(pangee("export", "--format", "jsonl", "-o", str(path)))
    before = len(_events(ledger_at, sqlite_url))
    again = pangee("import", str(path))
    assert again.exit_code == 1
    assert again.stderr.startswith("pangee: error: valmorte.jsonl line 1: this store already "
                                   "holds the campaign")
    assert len(_events(ledger_at, sqlite_url)) == before


def _corrupt_line_5(lines):
    lines[4] = '{"position": 5, "timestamp": '
    return lines, "line 5: malformed JSON"


def _drop_an_event_of_a_command(lines):
    del lines[2]  # the second event of the first `character add` (lines 2-3)
    return lines, "line 2: command "


def _naive_timestamp(lines):
    event = json.loads(lines[6])
    event["timestamp"] = event["timestamp"][:19]
    lines[6] = json.dumps(event)
    return lines, "line 7: timestamp"


def _not_an_object(lines):
    lines[0] = "[1, 2]"
    return lines, "line 1: expected a JSON object"


def _missing_facts(lines):
    event = json.loads(lines[3])
    del event["facts"]
    lines[3] = json.dumps(event)
    return lines, "line 4: 'facts' missing"


def _out_of_order(lines):
    lines[7], lines[8] = lines[8], lines[7]
    return lines, "line 9: position 8 does not follow position 9"


@pytest.mark.parametrize("corrupt", [_corrupt_line_5, _drop_an_event_of_a_command,
                                     _naive_timestamp, _not_an_object, _missing_facts,
                                     _out_of_order])
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
    assert result.exit_code == 2 and "campagne line 27: malformed JSON" in result.stderr
    refused = target("status")
    assert refused.exit_code == 1 and "no campaign" in refused.stderr


def test_a_rule_the_restored_fact_breaks_is_refused_whole(pangee, tmp_path):
    _campaign(pangee)
    lines = _lines(_export(pangee, "jsonl"))
    for line in lines:  # the first death save now needs a dying character that is not
        if line["kind"] == "death-save":
            line["facts"]["who"] = ["Brune"]
    path = tmp_path / "edited.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    target = tmp_path / "copy.db"
    result = Pangee(str(target))("import", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith("pangee: error: edited.jsonl line 10: ")
    assert not target.exists()


# -- CSV -----------------------------------------------------------------------------------
def _rows(text):
    return list(csv.reader(io.StringIO(text, newline="")))


def test_csv_is_the_log_one_row_per_command(pangee):
    _campaign(pangee)
    text = _export(pangee, "csv")
    assert text.startswith(",".join(CSV_COLUMNS) + "\r\n")
    header, *rows = _rows(text)
    log = _json(pangee("log", "--json"))
    assert header == CSV_COLUMNS and len(rows) == len(log) == 21
    for row, entry in zip(rows, log):
        cells = dict(zip(header, row))
        assert cells["position"] == str(entry["position"]) and cells["kind"] == entry["kind"]
        assert cells["rules"] == " ".join(entry["rules"])
        assert cells["outcome"] == (entry["outcome"] or "")
        assert cells["timestamp"] == entry["timestamp"]
    cells = {row[0]: dict(zip(header, row)) for row in rows}
    treat = next(c for c in cells.values() if c["kind"] == "treat")
    assert treat["characters"] == "Arin & Co, Brune" and treat["outcome"] == "success"
    voided = [c for c in cells.values() if c["note"].startswith("voided at ")]
    assert len(voided) == 1 and voided[0]["summary"] == "Brune subit 2 dégâts (@dard, 1d4) → conscient"
    fatigue = next(c for c in cells.values() if c["kind"] == "fatigue")
    assert fatigue["summary"] == "Brune : fatigue +1 (=1+1)"


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
        ("'=1+1", "'=1+1 subit 3 dégâts (=1+1, 1d4) → conscient"),
        ("'+Bob", "'+Bob subit 3 dégâts (+, 1d4) → conscient"),
        ("'-Eve", "'-Eve subit 3 dégâts (-, 1d4) → conscient"),
        ("'@Zed", "'@Zed subit 25 dégâts (@, 1d4) → mourant")]
    stabilize = next(dict(zip(header, row)) for row in rows if row[4] == "stabilize")
    assert stabilize["characters"] == "'@Zed, =1+1"


def test_csv_neutralises_tab_and_carriage_return_starts_too():
    entry = {"position": 1, "session": None, "timestamp": "2026-03-14T20:30:00+00:00",
             "characters": ["-Eve"], "kind": "damage", "summary": "\t=1+1", "outcome": "=x",
             "rules": [], "note": "\r@y"}
    header, row = _rows(to_csv([entry]))
    assert dict(zip(header, row)) == {
        "position": "1", "session": "", "timestamp": "2026-03-14T20:30:00+00:00",
        "characters": "'-Eve", "kind": "damage", "summary": "'\t=1+1", "outcome": "'=x",
        "rules": "", "note": "'\r@y"}


# -- Markdown ------------------------------------------------------------------------------
def test_markdown_is_the_session_log(pangee):
    _campaign(pangee)
    text = _export(pangee, "md")
    lines = text.splitlines()
    assert lines[0] == r"# L'Âge & \<Changement\>"
    assert [line for line in lines if line.startswith("## ")] == [
        "## Hors session", r"## Session 1 — Les ruines \<de\> Valmorte", "## Session 2 — Deuxième"]
    log = _json(pangee("log", "--json"))
    commands = [line for line in lines if line.startswith("- **#")]
    assert [int(re.match(r"- \*\*#(\d+)\*\*", c).group(1)) for c in commands] == \
        [e["position"] for e in log]
    treat = next(c for c in commands if "soigne" in c)
    assert treat.endswith(" — WOUND-4, RULING-DC-DICE, RULING-TREAT-ONCE, RULING-HALVE, "
                          "RULING-TREAT-REMAINING")
    assert r"(\<script\>alert(1)\</script\>, 2d6)" in text and "<script>" not in text
    voided = next(c for c in commands if "@dard" in c)
    assert voided.endswith("_(voided at 25)_")


# -- HTML ----------------------------------------------------------------------------------
def _article(page, name):
    start = page.index(f"<h3>{name}</h3>")
    return page[start:page.index("</article>", start)]


def test_html_is_one_standalone_escaped_page(pangee, tmp_path):
    _campaign(pangee)
    path = tmp_path / "campagne.html"
    result = _ok(pangee("export", "-o", str(path)))  # the format from the extension
    assert result.stdout.startswith("exported html to ")
    page = path.read_text(encoding="utf-8")
    assert page == _export(pangee, "html")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    lowered = page.lower()
    for banned in ("<script", "<link", "http:", "https:", "src=", "url(", "@import", "<img",
                   "<iframe", "<object", "<embed", "@font-face", "javascript:"):
        assert banned not in lowered, banned
    assert "<style>" in page  # inline CSS only
    assert SCRIPT not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Arin & Co" not in page and "Arin &amp; Co" in page
    assert "<h1>L&#x27;Âge &amp; &lt;Changement&gt;</h1>" in page
    assert "<h3>Session 1 — Les ruines &lt;de&gt; Valmorte</h3>" in page
    assert page.count("<h3>Session ") == 2
    for entry in _json(pangee("log", "--json")):
        assert f'<td class="pos">#{entry["position"]}</td>' in page


def test_html_has_each_characters_fatigue_and_wounds_over_positions(pangee):
    _campaign(pangee)
    page = _export(pangee, "html")
    assert page.count('<article class="character"') == 3 and page.count("<svg") == 3
    arin = _article(page, "Arin &amp; Co")
    rows = re.findall(r'<tr><td class="pos">#(\d+)</td><td>(\d)</td><td>(\d)</td><td>(\d)</td>'
                      r"<td>(\d)</td><td>(.*?)</td><td>(\d+/\d+)</td><td>(.*?)</td></tr>", arin)
    wound = "&lt;script&gt;alert(1)&lt;/script&gt;"
    assert rows == [
        ("3", "0", "0", "0", "0", "—", "45/45", "conscient"),
        ("9", "0", "0", "0", "0", "—", "0/45", "mourant"),
        ("11", "0", "1", "0", "1", f"{wound} (7/7)", "0/45", "stable"),
        ("12", "0", "1", "0", "1", f"{wound} (7/7)", "12/45", "conscient"),
        ("13", "0", "1", "0", "1", f"{wound} (3/3)", "12/45", "conscient"),
        ("18", "0", "1", "0", "1", f"{wound} (2/3)", "45/45", "conscient")]
    assert '<rect class="wound"' in arin and '<rect class="magic"' not in arin
    elowen = _article(page, "Elowen")
    assert '<rect class="magic"' in elowen and "<title>#14 : 1 niveau(x) magie</title>" in elowen
    brune = _article(page, "Brune")
    assert '<rect class="ordinary"' in brune
    # the voided damage (2 HP at #23) counts for nothing: Brune ends at 30/38
    assert re.findall(r"<td>(\d+/38)</td>", brune)[-1] == "30/38"


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
