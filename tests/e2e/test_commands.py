"""Command-line behaviours from CONTRACT.md: names, signed numbers, dice left to the ledger,
status and log (now, as of a command, by session), help texts, the store option.

Second round (CONTRACT.md, "Second round extensions"): positions are command numbers (1, 2,
3… with no gaps), consequences are codes with parameters (`effects` in `log --json`), the
command line speaks French unless told otherwise (these tests ask for English)."""

import json
import re
import sqlite3
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cli.main import cli
from tests.conftest import Pangee

SAMPLES_DIR = Path(__file__).resolve().parents[2] / "sample_campaigns"
LOG_KEYS = ["position", "session", "timestamp", "characters", "kind", "summary", "rules",
            "outcome"]
# second round: every entry adds these (CONTRACT.md "Log"); some entries add more, below
LOG_KEYS_2 = ["details", "effects", "notes"]
# only when they apply: several characters, a die the ledger rolled, a later correction
LOG_KEYS_WHEN = {"outcomes", "rolled", "voided_by", "without_effect", "now"}
EFFECT_KEYS = ["character", "code", "params", "text", "rules"]


def ok(pangee, *args):
    result = pangee(*args)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def status(pangee, *args) -> dict:
    return json.loads(ok(pangee, "status", *args, "--json").stdout)


def by_name(shown: dict) -> dict:
    """`status --json` with its characters in name order: what it shows, whatever the order."""
    return {**shown, "characters": sorted(shown["characters"], key=lambda c: c["name"])}


def log(pangee, *args) -> list[dict]:
    return json.loads(ok(pangee, "log", *args, "--json").stdout)


def character(pangee, name, *args) -> dict:
    found, = status(pangee, name, *args)["characters"]
    return found


def events_in(db: str) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT COUNT(*) FROM stored_events").fetchone()[0]


def effects(entry: dict) -> list[tuple]:
    """The consequences of a log entry as data: (character, code, params)."""
    return [(e["character"], e["code"], e["params"]) for e in entry["effects"]]


@pytest.fixture
def party(pangee):
    ok(pangee, "init", "L'Âge du Changement", "--seed", "7")
    ok(pangee, "character", "add", "Éowyn", "--con", "14", "--hp-max", "30", "--level", "5")
    ok(pangee, "character", "add", "Brune", "--con", "12", "--hp-max", "20", "--medicine")
    ok(pangee, "character", "add", "Arin", "--con", "10", "--hp-max", "25")
    ok(pangee, "session", "start", "Les ruines de Valmorte")
    return pangee


# -- names -----------------------------------------------------------------------------------

@pytest.mark.parametrize("spelling", ["éowyn", "Eowyn", "EOWYN", "ÉOWYN", "  eowyn "])
def test_names_are_case_and_accent_insensitive(party, spelling):
    ok(party, "damage", spelling, "4", "--cause", "dague")
    assert character(party, spelling)["name"] == "Éowyn"
    assert character(party, "Éowyn")["hp"]["current"] == 26
    entry = log(party, spelling)[-1]
    assert entry["characters"] == ["Éowyn"]  # the roster's spelling is recorded


def test_names_everywhere_a_character_is_named(party):
    ok(party, "damage", "EOWYN", "35", "--cause", "épée à deux mains")
    ok(party, "stabilize", "eowyn", "--by", "BRUNE", "--wound-roll", "3")
    ok(party, "heal", "eowyn", "5")
    ok(party, "treat", "Eowyn", "--by", "brune", "--d20", "15", "--bonus", "3")
    ok(party, "rest", "night", "éowyn", "brune", "ARIN", "--watch")
    entries = log(party)
    assert entries[-1]["characters"] == ["Éowyn", "Brune", "Arin"]
    assert entries[-2]["characters"] == ["Éowyn", "Brune"]
    eowyn = character(party, "eowyn")
    assert eowyn["wounds"][0]["treated"] is True


def test_spells_and_weapons_by_french_or_english_name(party):
    ok(party, "damage", "Arin", "30", "--cause", "Greatsword")
    ok(party, "stabilize", "Arin", "--wound-roll", "1")
    ok(party, "damage", "Brune", "25", "--cause", "ÉPÉE LONGUE")
    ok(party, "stabilize", "Brune", "--wound-roll", "8")
    assert character(party, "Arin")["wounds"][0]["formula"] == "1d6+2"
    assert character(party, "Brune")["wounds"][0]["formula"] == "1d8"
    ok(party, "cast", "Éowyn", "Blight", "--slot", "4", "--pay-hp")
    ok(party, "cast", "Éowyn", "fletrissement", "--slot", "4", "--pay-hp")
    assert [e["outcome"] for e in log(party)[-2:]] == ["paid-hp", "paid-hp"]
    assert character(party, "Éowyn")["hp"]["current"] == 30 - 8 - 8


# -- signed numbers --------------------------------------------------------------------------

def test_negative_fatigue_delta_typed_as_is(party):
    ok(party, "fatigue", "Arin", "+2", "--cause", "marche forcée")
    ok(party, "fatigue", "Arin", "-1", "--cause", "potion de vigueur")
    assert character(party, "Arin")["fatigue"] == {"total": 1, "ordinary": 1, "wound": 0,
                                                   "magic": 0}
    gained, removed = log(party, "Arin")[-2:]
    # second round: the consequence is a code with its numbers (the first release stored a
    # French sentence); the headline keeps the sign as typed
    assert effects(gained) == [("Arin", "fatigue.gained", {
        "name": "Arin", "source": "ordinary", "levels": 2, "cause": {"text": "marche forcée"},
        "total": 2})]
    assert effects(removed) == [("Arin", "fatigue.removed", {
        "name": "Arin", "source": "ordinary", "levels": 1,
        "cause": {"text": "potion de vigueur"}, "total": 1})]
    assert "RULING-RESTORATION" in removed["rules"]  # removed levels: oldest ordinary first
    assert [e["summary"] for e in (gained, removed)] == [
        "Arin: fatigue +2 (ordinary, marche forcée)",
        "Arin: fatigue -1 (ordinary, potion de vigueur)"]


def test_negative_bonus(party):
    ok(party, "attack", "Arin", "--ac", "10", "--d20", "12", "--bonus", "-2")
    ok(party, "check", "Arin", "--dc", "10", "--d20", "11", "--bonus", "-2")
    ok(party, "save", "Arin", "--dc", "10", "--d20", "2", "--bonus", "-3")
    attack, check, save = log(party)[-3:]
    assert (attack["outcome"], check["outcome"], save["outcome"]) == ("hit", "failure", "failure")
    # the numbers the rules used (second round: `details`), the sign kept
    assert attack["details"] == {"d20": 12, "bonus": -2, "total": 10, "target": 10, "margin": 0,
                                 "crit_min": 20, "crit_margin": 10}
    assert check["details"] == {"d20": 11, "bonus": -2, "total": 9, "target": 10, "margin": -1}
    assert save["details"] == {"d20": 2, "bonus": -3, "total": -1, "target": 10, "margin": -11}
    assert "d20 12 − 2 = 10" in attack["summary"]


# -- dice left to the ledger ------------------------------------------------------------------

def _rolled_campaign(pangee):
    ok(pangee, "init", "Dés", "--seed", "42")
    ok(pangee, "character", "add", "Arin", "--con", "14", "--hp-max", "30")
    outputs = [ok(pangee, "attack", "Arin", "--ac", "12", "--bonus", "3").stdout,
               ok(pangee, "check", "Arin", "--dc", "12").stdout,
               ok(pangee, "save", "Arin", "--dc", "12").stdout]
    ok(pangee, "damage", "Arin", "35", "--cause", "épée à deux mains")
    outputs.append(ok(pangee, "death-save", "Arin").stdout)
    return outputs


def test_left_out_d20_is_rolled_recorded_and_seeded(pangee, tmp_path):
    outputs = _rolled_campaign(pangee)
    for out in outputs:
        assert "rolled by the ledger: d20" in out
    entries = log(pangee)
    for kind in ("attack", "check", "save", "death-save"):
        entry, = [e for e in entries if e["kind"] == kind]
        # recorded as rolled by the ledger (second round: `rolled`; the summary is rendered
        # in the reader's language, English here)
        assert entry["rolled"] == ["d20"]
        assert "(rolled by the ledger: d20)" in entry["summary"]
        face = entry["details"]["d20"]
        assert 1 <= face <= 20 and f"d20 {face}" in entry["summary"]
    other = Pangee(str(tmp_path / "same-seed.db"))
    assert _rolled_campaign(other) == outputs

    def without_time(items):
        return [{k: v for k, v in e.items() if k != "timestamp"} for e in items]
    assert without_time(log(other)) == without_time(entries)
    assert status(other) == status(pangee)


def test_recorded_rolls_are_not_rolled_again(pangee):
    _rolled_campaign(pangee)
    before = log(pangee)
    ok(pangee, "replay", "--verify")
    assert log(pangee) == before


def test_left_out_wound_roll_is_rolled_and_recorded(party):
    ok(party, "damage", "Arin", "30", "--cause", "épée à deux mains")
    out = ok(party, "stabilize", "Arin", "--by", "Brune").stdout
    assert "rolled by the ledger: wound_roll" in out
    wound, = character(party, "Arin")["wounds"]
    assert 3 <= wound["roll"] <= 8 and wound["formula"] == "1d6+2"


# -- status ------------------------------------------------------------------------------------

def test_status_who(party):
    ok(party, "damage", "Brune", "5", "--cause", "dague")
    only = status(party, "brune")
    assert [c["name"] for c in only["characters"]] == ["Brune"]
    assert only["characters"][0]["hp"]["current"] == 15
    both = status(party, "Arin", "Brune")
    assert [c["name"] for c in both["characters"]] == ["Arin", "Brune"]
    everyone = status(party)
    assert {c["name"] for c in everyone["characters"]} == {"Éowyn", "Brune", "Arin"}
    assert only["position"] == everyone["position"] == log(party)[-1]["position"]
    text = ok(party, "status", "Brune").stdout
    assert "Brune" in text and "Arin" not in text and "15/20" in text


STEPS = [
    ("damage", "Arin", "30", "--cause", "épée à deux mains"),
    ("death-save", "Arin", "--d20", "14"),
    ("stabilize", "Arin", "--by", "Brune", "--wound-roll", "4"),
    ("heal", "Arin", "5"),
    ("treat", "Arin", "--by", "Brune", "--d20", "19"),
    ("fatigue", "Brune", "+2", "--cause", "faim"),
    ("cast", "Éowyn", "cône de froid", "--slot", "5", "--save-d20", "3", "--save-bonus", "1"),
    ("rest", "night", "Arin", "Brune", "Éowyn", "--watch"),
    ("session", "end"),
    ("session", "start", "Deux"),
    ("tend", "Arin", "--by", "Brune", "--d20", "17"),
    ("rest", "long", "Arin", "Brune", "Éowyn"),
    ("void", "{treat}", "--reason", "le jet était raté"),
    ("fatigue", "Arin", "+1", "--cause", "froid"),
    ("improve", "Éowyn", "--con", "2"),
    ("session", "end"),
]


def test_status_as_of_and_session_show_what_status_showed_then(party):
    shown = {}
    ends = {}
    treat_at = None
    for step in STEPS:
        if "{treat}" in step:
            step = tuple(str(treat_at) if a == "{treat}" else a for a in step)
        ok(party, *step)
        now = status(party)
        assert now["position"] == log(party)[-1]["position"]
        shown[now["position"]] = now
        if step[0] == "treat":
            treat_at = now["position"]
        if step[:2] == ("session", "end"):
            ends[len(ends) + 1] = now
    assert treat_at is not None
    assert sorted(shown) == list(range(6, 6 + len(STEPS)))  # command numbers, no gaps
    # --as-recorded: the past as the table saw it then, exactly what status showed
    for position, then in shown.items():
        assert status(party, "--as-of", str(position), "--as-recorded") == then, position
        for who in then["characters"]:
            assert status(party, who["name"], "--as-of", str(position),
                          "--as-recorded")["characters"] == [who]
    for number, then in ends.items():
        assert status(party, "--session", str(number), "--as-recorded") == then, number
    # the correction counts from its position on: the treated wound before, untreated after
    arin_then = next(c for c in shown[treat_at]["characters"] if c["name"] == "Arin")
    assert arin_then["wounds"][0]["treated"] is True
    assert status(party, "Arin")["characters"][0]["wounds"][0]["treated"] is False
    # without --as-recorded the past is shown as the record stands now (CHOICES.md,
    # "Corrections"): the voided treatment never halved the wound. 1d6+2 face 4 = 6 rests
    # (WOUND-3); recorded, 19 ≥ DC 18 halved it to 3 (WOUND-4, RULING-HALVE); as corrected it
    # stays 6, and every rest counted since takes the same from both.
    void_at = next(e["position"] for e in log(party) if e["kind"] == "void")
    for position, then in shown.items():
        corrected = status(party, "--as-of", str(position))
        if not treat_at <= position < void_at:  # before the treatment, or once voided
            assert corrected == then, position
            continue
        expected = json.loads(json.dumps(then))
        arin = next(c for c in expected["characters"] if c["name"] == "Arin")
        wound = arin["wounds"][0]
        assert (wound["roll"], wound["rests_total"], wound["treated"]) == (6, 3, True)
        wound.update(rests_total=6, rests_remaining=wound["rests_remaining"] + 3,
                     treated=False)
        assert corrected == expected, position
    assert status(party, "--session", "1") == status(party, "--as-of", str(ends[1]["position"]))
    assert status(party, "--session", "2") == status(party)


def test_status_session_of_the_open_session_is_now(party):
    ok(party, "damage", "Arin", "3", "--cause", "dague")
    assert by_name(status(party, "--session", "1")) == by_name(status(party))


def test_status_as_of_lists_characters_in_the_same_order_as_status(party):
    ok(party, "damage", "Arin", "3", "--cause", "dague")
    now = status(party)
    assert status(party, "--as-of", str(now["position"])) == now
    assert status(party, "--session", "1") == now


# -- log --------------------------------------------------------------------------------------

def test_log_json_keys_exactly(party):
    ok(party, "attack", "Arin", "--ac", "12", "--d20", "12")
    ok(party, "rest", "short", "Arin", "Brune")
    entries = log(party)
    assert entries
    for entry in entries:
        # the contract's keys in its order, then the second round's, then those that apply
        assert list(entry)[:len(LOG_KEYS)] == LOG_KEYS
        assert list(entry)[len(LOG_KEYS):len(LOG_KEYS) + 3] == LOG_KEYS_2
        extra = set(list(entry)[len(LOG_KEYS) + 3:])
        assert extra <= LOG_KEYS_WHEN, extra
        assert ("outcomes" in entry) == (len(entry["characters"]) > 1)
        assert isinstance(entry["position"], int)
        assert isinstance(entry["characters"], list) and isinstance(entry["rules"], list)
        assert isinstance(entry["summary"], str) and entry["summary"]
        assert isinstance(entry["details"], dict) and entry["notes"] == []
        for effect in entry["effects"]:
            assert list(effect) == EFFECT_KEYS and effect["text"]
        assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", entry["timestamp"])
    # command numbers: 1, 2, 3… with no gaps (second round)
    assert [e["position"] for e in entries] == list(range(1, len(entries) + 1))
    assert entries[0]["kind"] == "init" and entries[0]["session"] is None
    attack = entries[-2]
    assert (attack["kind"], attack["session"], attack["outcome"]) == ("attack", 1, "hit")
    assert attack["characters"] == ["Arin"]
    assert "rolled" not in attack  # the d20 was given
    rest = entries[-1]
    assert rest["outcomes"] == {"Arin": "short", "Brune": "short"}
    assert effects(rest) == [("Arin", "rest.short", {"name": "Arin"}),
                             ("Brune", "rest.short", {"name": "Brune"})]


def test_log_by_session_and_character(party):
    ok(party, "attack", "Arin", "--ac", "12", "--d20", "12")
    ok(party, "session", "end")
    ok(party, "session", "start", "Deux")
    ok(party, "check", "Brune", "--dc", "12", "--d20", "12")
    ok(party, "attack", "Arin", "--ac", "12", "--d20", "2", "--bonus", "5")
    assert [e["kind"] for e in log(party, "--session", "2")] == ["session start", "check",
                                                                 "attack"]
    assert [e["kind"] for e in log(party, "arin")] == ["character add", "attack", "attack"]
    assert [e["outcome"] for e in log(party, "Arin", "--session", "2")] == ["miss"]


@pytest.mark.parametrize("kind,args,outcome", [
    ("rest short", (), "short"),
    ("rest night", ("--safe", "--calm"), "long"),
    ("rest night", ("--safe",), "short"),
    ("rest long", (), "long"),
    ("rest long", ("--watch",), "short"),
    ("rest wilderness", (), "short"),
])
def test_party_rest_is_one_log_entry_naming_everyone(party, kind, args, outcome):
    before = len(log(party))
    events = events_in(party.db)
    ok(party, *kind.split(), "Arin", "éowyn", "Brune", *args)
    entries = log(party)
    assert len(entries) == before + 1
    rest = entries[-1]
    assert rest["kind"] == kind
    assert rest["characters"] == ["Arin", "Éowyn", "Brune"]
    assert rest["outcome"] == outcome
    assert rest["outcomes"] == {"Arin": outcome, "Éowyn": outcome, "Brune": outcome}
    # its position is its command number (second round: no gaps), what status shows after it
    assert rest["position"] == status(party)["position"]
    assert rest["position"] - entries[-2]["position"] == 1
    # one event on the Campaign stream (the total order), one per character
    assert events_in(party.db) - events == 1 + 3


def test_attack_target_is_not_a_character_in_the_log(party):
    ok(party, "attack", "Arin", "--ac", "12", "--d20", "12", "--target", "capitaine squelette")
    assert log(party)[-1]["characters"] == ["Arin"]


# -- help ------------------------------------------------------------------------------------

def _commands(group: click.Group) -> dict:
    """A group's commands as it lists them (cli/main.py loads each module when asked)."""
    ctx = click.Context(group)
    return {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}


def _leaf_commands(group: click.Group, prefix=()):
    for name, command in sorted(_commands(group).items()):
        if isinstance(command, click.Group):
            yield from _leaf_commands(command, prefix + (name,))
        else:
            yield prefix + (name,)


LEAVES = list(_leaf_commands(cli))
GROUPS = [(name,) for name, c in _commands(cli).items() if isinstance(c, click.Group)]


def test_every_contract_command_exists():
    names = {" ".join(leaf) for leaf in LEAVES}
    assert names >= {
        "init", "character add", "session start", "session end", "attack", "check", "save",
        "damage", "heal", "death-save", "stabilize", "treat", "tend", "rest short",
        "rest night", "rest long", "rest wilderness", "cast", "fatigue", "improve", "void",
        "import", "status", "log", "explain", "replay", "checkpoint", "what-if", "export",
        # second round extensions
        "note", "character list", "character update", "catalogue"}
    assert {g for g, in GROUPS} == {"character", "session", "rest"}


@pytest.mark.parametrize("command", LEAVES, ids=" ".join)
def test_help_exits_0_and_shows_an_example(command, tmp_path):
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "x.db"), "--lang", "en", *command,
                                      "--help"])
    assert result.exit_code == 0, result.output
    assert "Examples:" in result.stdout
    example = re.search(rf"^\s+pangee .*{re.escape(command[-1])}", result.stdout, re.M)
    assert example, result.stdout
    assert not (tmp_path / "x.db").exists()


@pytest.mark.parametrize("command", [(), *GROUPS], ids=lambda c: " ".join(c) or "pangee")
def test_group_help_exits_0(command):
    result = CliRunner().invoke(cli, ["--lang", "en", *command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Commands:" in result.stdout


# -- the store ---------------------------------------------------------------------------------

def test_pangee_db_environment_variable(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "env.db"
    runner = CliRunner(env={"PANGEE_DB": str(db), "PANGEE_LANG": "en"})
    for args in (["init", "Par l'environnement"],
                 ["character", "add", "Arin", "--con", "14", "--hp-max", "30"]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 0, result.output
    assert db.exists() and not (tmp_path / "campaign.db").exists()
    shown = json.loads(runner.invoke(cli, ["status", "--json"]).stdout)
    assert shown["campaign"] == "Par l'environnement"
    assert [c["name"] for c in shown["characters"]] == ["Arin"]
    # --db wins over the variable
    other = runner.invoke(cli, ["--db", str(tmp_path / "other.db"), "status"])
    assert other.exit_code == 1 and "no campaign" in other.stderr
    assert not (tmp_path / "other.db").exists()


def test_default_store_is_campaign_db_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PANGEE_DB", raising=False)
    result = CliRunner().invoke(cli, ["init", "Ici"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "campaign.db").exists()


@pytest.mark.postgres
def test_postgresql_run_of_a_sample_gives_the_same_status_and_log(pangee_on, tmp_path):
    sample = SAMPLES_DIR / "valmorte.yaml"
    ok(pangee_on, "import", str(sample))
    sqlite = Pangee(str(tmp_path / "reference.db"))
    ok(sqlite, "import", str(sample))
    assert status(pangee_on) == status(sqlite)
    for number in (1, 2, 3):
        assert status(pangee_on, "--session", str(number)) == status(sqlite, "--session",
                                                                     str(number))

    def without_time(items):
        return [{k: v for k, v in e.items() if k != "timestamp"} for e in items]
    assert without_time(log(pangee_on)) == without_time(log(sqlite))
