"""Every refusal: the exit code (1 a rule or an unknown name, 2 malformed input), one line
on stderr starting `pangee: error: ` that names the problem, no traceback, and a store left
exactly as it was (its log, its status and its count of stored events).

Second round: refusals are codes rendered through gettext, French by default; these tests run
the command line in English (tests/conftest.py) and match the English wording."""

import json
import os
import sqlite3
import textwrap

import pytest

from tests.conftest import Pangee


def events_in(db: str) -> int:
    """The number of events stored in a SQLite campaign file (0 when there is no file)."""
    if not os.path.exists(db):
        return 0
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT COUNT(*) FROM stored_events").fetchone()[0]


def snapshot(pangee) -> tuple:
    log = pangee("log", "--json")
    status = pangee("status", "--json")
    assert log.exit_code == 0 and status.exit_code == 0, log.output + status.output
    return json.loads(log.stdout), json.loads(status.stdout), events_in(pangee.db)


def assert_error(result, code: int, *words: str) -> str:
    """One line on stderr naming the problem (every word in it), nothing on stdout."""
    assert result.exit_code == code, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert line.startswith("pangee: error: "), line
    for word in words:
        assert word.casefold() in line.casefold(), (word, line)
    assert result.stdout == ""
    return line


def refused(pangee, args, code: int, *words: str) -> str:
    """The command is refused and the store is unchanged."""
    before = snapshot(pangee)
    line = assert_error(pangee(*args), code, *words)
    assert snapshot(pangee) == before
    return line


def ok(pangee, *args):
    result = pangee(*args)
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def party(pangee):
    """Arin (half-orc: relentless), Brune (healer), Carl (warlock), Dora (no Medicine)."""
    ok(pangee, "init", "L'Âge du Changement", "--seed", "7")
    ok(pangee, "character", "add", "Arin", "--con", "14", "--hp-max", "30", "--level", "5",
       "--relentless")
    ok(pangee, "character", "add", "Brune", "--con", "12", "--hp-max", "20", "--medicine")
    ok(pangee, "character", "add", "Carl", "--con", "10", "--hp-max", "40", "--level", "9",
       "--warlock")
    ok(pangee, "character", "add", "Dora", "--con", "13", "--hp-max", "24")
    ok(pangee, "session", "start", "Refus")
    return pangee


def wounded(pangee, who="Arin", roll="3"):
    """`who` drops to 0 from a greatsword (2d6 → 1d6+2), is stabilized and healed to 5."""
    hp = {"Arin": "30", "Dora": "24", "Carl": "40", "Brune": "20"}[who]
    ok(pangee, "damage", who, str(int(hp) + 5), "--cause", "épée à deux mains")
    ok(pangee, "stabilize", who, "--by", "Brune", "--wound-roll", roll)
    ok(pangee, "heal", who, "5")


# -- names -----------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("attack", "Zed", "--ac", "12", "--d20", "10"),
    ("damage", "Zed", "3", "--cause", "dague"),
    ("rest", "short", "Arin", "Zed"),
    ("treat", "Arin", "--by", "Zed", "--d20", "10"),
    ("cast", "Brune", "revigorer", "--slot", "3", "--target", "Zed"),
    ("status", "Zed"),
    ("log", "Zed"),
])
def test_unknown_character_name(party, args):
    refused(party, args, 1, "unknown character", "“Zed”", "Arin", "Brune", "Carl", "Dora",
            "pangee character add NAME")


def test_duplicate_character_case_and_accents_folded(party):
    refused(party, ("character", "add", "arin", "--con", "10", "--hp-max", "5"), 1,
            "Arin", "already exists")
    refused(party, ("character", "add", "BRÛNE", "--con", "10", "--hp-max", "5"), 1,
            "Brune", "already exists")


# -- malformed values ------------------------------------------------------------------------

@pytest.mark.parametrize("face", ["0", "21"])
@pytest.mark.parametrize("command", [
    ("attack", "Arin", "--ac", "12"),
    ("check", "Arin", "--dc", "12"),
    ("save", "Arin", "--dc", "12"),
])
def test_d20_outside_1_to_20(party, command, face):
    refused(party, (*command, "--d20", face), 2, "--d20", face, "1 to 20")


def test_death_save_d20_outside_1_to_20(party):
    ok(party, "damage", "Arin", "35", "--cause", "épée à deux mains")
    refused(party, ("death-save", "Arin", "--d20", "21"), 2, "--d20", "21", "1 to 20")
    refused(party, ("death-save", "Arin", "--d20", "0"), 2, "--d20", "0", "1 to 20")


@pytest.mark.parametrize("args", [
    ("damage", "Arin", "-3", "--cause", "dague"),
    ("heal", "Arin", "-3"),
])
def test_negative_amount(party, args):
    # second round: every number has its documented bounds (CHOICES.md: damage and healing
    # 0–10,000), and the refusal names them
    refused(party, args, 2, args[0], "amount", "-3", "out of range", "expected 0 to 10000")


# -- the store -------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [("status",), ("log",), ("init", "Valmorte"),
                                  ("character", "add", "Arin", "--con", "14", "--hp-max", "3")])
def test_store_in_a_missing_folder(tmp_path, args):
    db = tmp_path / "nowhere" / "campaign.db"
    result = Pangee(str(db))(*args)
    assert_error(result, 2, str(db.parent), "does not exist")
    assert not db.parent.exists()


@pytest.mark.parametrize("args", [("status",), ("init", "Valmorte")])
def test_store_that_is_a_directory(tmp_path, args):
    result = Pangee(str(tmp_path))(*args)
    assert_error(result, 2, "is a directory")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("args", [("status",), ("status", "--json"), ("log", "--json"),
                                  ("status", "Arin")])
def test_reading_before_init_creates_nothing(pangee, args):
    assert_error(pangee(*args), 1, "no campaign", "pangee init")
    assert not os.path.exists(pangee.db)


def test_writing_before_init_creates_nothing(pangee):
    assert_error(pangee("character", "add", "Arin", "--con", "14", "--hp-max", "3"), 1,
                 "no campaign", "init")
    assert not os.path.exists(pangee.db)


def test_second_init(party):
    refused(party, ("init", "Autre campagne"), 1, "already holds", "L'Âge du Changement")


# -- campaign scripts ------------------------------------------------------------------------

def script(tmp_path, text: str, name="script.yaml") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


MALFORMED = """\
campaign: Cassée
characters:
  - {name: Arin, con: 14, hp_max: 30
sessions: []
"""

MIDDLE = """\
campaign: Milieu
characters:
  - {name: Arin, con: 14, hp_max: 30}
  - {name: Brune, con: 12, hp_max: 20, medicine: true}
sessions:
  - title: Un
    steps:
      - damage: {who: Arin, amount: 3, cause: dague}
  - title: Deux
    steps:
      - damage: {who: Arin, amount: 3, cause: dague}
      - attack: {who: Brune, ac: 12, d20: 14}
      - death-save: {who: Arin, d20: 12}
      - damage: {who: Arin, amount: 3, cause: dague}
"""


def test_malformed_yaml_import_creates_nothing(pangee, tmp_path):
    path = script(tmp_path, MALFORMED, "cassee.yaml")
    line = assert_error(pangee("import", path), 2, "cassee.yaml", "malformed YAML")
    assert "line" in line
    assert not os.path.exists(pangee.db)


def test_malformed_yaml_import_into_a_campaign_changes_nothing(party, tmp_path):
    refused(party, ("import", script(tmp_path, MALFORMED, "cassee.yaml")), 2, "malformed YAML")


def test_bad_step_in_the_middle_imports_nothing(pangee, tmp_path):
    path = script(tmp_path, MIDDLE, "milieu.yaml")
    assert_error(pangee("import", path), 1, "milieu.yaml", "session 2, step 3",
                 "only a dying character", "BASE-DYING")
    assert not os.path.exists(pangee.db)


def test_bad_step_in_the_middle_of_a_script_for_an_existing_campaign(party, tmp_path):
    text = MIDDLE.replace("campaign: Milieu\n", "").replace(
        "  - {name: Arin, con: 14, hp_max: 30}\n  - {name: Brune, con: 12, hp_max: 20, "
        "medicine: true}\n", "  - {name: Émile, con: 11, hp_max: 9}\n")
    ok(party, "session", "end")
    refused(party, ("import", script(tmp_path, text)), 1, "session 2, step 3", "dying")


def test_script_session_while_a_session_is_open(party, tmp_path):
    text = "sessions:\n  - title: Deux\n    steps: []\n"
    refused(party, ("import", script(tmp_path, text)), 1, "session 1", "still open")


def test_malformed_value_in_a_step_is_exit_2_with_its_place(pangee, tmp_path):
    text = MIDDLE.replace("{who: Brune, ac: 12, d20: 14}", "{who: Brune, ac: 12, d20: 21}")
    assert_error(pangee("import", script(tmp_path, text)), 2, "session 2, step 2", "--d20",
                 "1 to 20")
    assert not os.path.exists(pangee.db)


def test_unknown_name_in_a_step_is_exit_1_with_its_place(pangee, tmp_path):
    text = MIDDLE.replace("{who: Brune, ac: 12, d20: 14}", "{who: Zed, ac: 12, d20: 14}")
    assert_error(pangee("import", script(tmp_path, text)), 1, "session 2, step 2",
                 "unknown character “Zed”", "expected one of Arin, Brune")
    assert not os.path.exists(pangee.db)


def test_second_campaign_import_into_one_store(party, tmp_path):
    path = script(tmp_path, MIDDLE.replace("      - death-save: {who: Arin, d20: 12}\n", ""))
    refused(party, ("import", path), 1, "campaign", "already holds", "L'Âge du Changement")


def test_second_import_of_the_same_campaign(pangee, tmp_path):
    path = script(tmp_path, MIDDLE.replace("      - death-save: {who: Arin, d20: 12}\n", ""))
    ok(pangee, "import", path)
    refused(pangee, ("import", path), 1, "already holds", "Milieu")


def test_import_of_a_missing_file(party, tmp_path):
    refused(party, ("import", str(tmp_path / "absente.yaml")), 2, "absente.yaml")


# -- wounds ----------------------------------------------------------------------------------

def test_treating_twice_after_a_success(party):
    wounded(party)
    ok(party, "treat", "Arin", "--by", "Brune", "--d20", "18", "--bonus", "2")  # 20 ≥ 18
    refused(party, ("treat", "Arin", "--by", "Brune", "--d20", "20", "--bonus", "5"), 1,
            "RULING-TREAT-ONCE", "Arin")


def test_treating_twice_after_a_failure(party):
    wounded(party)
    ok(party, "treat", "Arin", "--by", "Brune", "--d20", "2")  # fails: the result stands
    refused(party, ("treat", "Arin", "--by", "Brune", "--d20", "20", "--bonus", "5"), 1,
            "RULING-TREAT-ONCE", "once")


def test_treating_without_medicine(party):
    wounded(party)
    refused(party, ("treat", "Arin", "--by", "Dora", "--d20", "15"), 1, "Dora", "Medicine",
            "WOUND-4")


def test_tending_without_medicine(party):
    wounded(party)
    refused(party, ("tend", "Arin", "--by", "Carl", "--d20", "15"), 1, "Carl", "Medicine",
            "WOUND-5")


def test_second_evening_care_the_same_night(party):
    wounded(party)
    ok(party, "tend", "Arin", "--by", "Brune", "--d20", "3")  # fails
    refused(party, ("tend", "Arin", "--by", "Brune", "--d20", "19"), 1, "Arin",
            "already tended", "RULING-EVENING")
    ok(party, "rest", "night", "Arin", "Brune", "--watch")  # the next evening: allowed again
    ok(party, "tend", "Arin", "--by", "Brune", "--d20", "19")


def test_endure_without_relentless(party):
    refused(party, ("damage", "Dora", "30", "--cause", "hache à deux mains", "--endure"), 1,
            "Dora", "--relentless", "WOUND-1")


def test_endure_twice_before_a_long_rest_does_not_act(party):
    """Once per long rest. Second round (RULING-ENDURE, CHOICES.md "Wounds"): declaring it
    again before a long rest is no longer refused; the damage applies as usual and the log
    says the feature did not act."""
    ok(party, "damage", "Arin", "35", "--cause", "hache à deux mains", "--endure")
    ok(party, "heal", "Arin", "29")
    ok(party, "rest", "night", "Arin", "--watch")  # not a long rest
    ok(party, "damage", "Arin", "35", "--cause", "hache à deux mains", "--endure")
    spent = json.loads(party("log", "--json").stdout)[-1]
    assert spent["outcome"] == "dying" and "RULING-ENDURE" in spent["rules"]
    assert [(e["code"], e["params"]) for e in spent["effects"]] == [
        ("endure.spent", {"name": "Arin"}),
        ("hp.dropped", {"name": "Arin", "amount": 35, "before": 30,
                        "cause": {"text": "Hache à deux mains", "en": "Greataxe"}})]
    ok(party, "heal", "Arin", "30", "--wound-roll", "4")  # a survival: a wound (WOUND-1)
    ok(party, "rest", "long", "Arin")  # the feature is back
    ok(party, "damage", "Arin", "35", "--cause", "hache à deux mains", "--endure")
    held = json.loads(party("log", "--json").stdout)[-1]
    assert held["outcome"] == "endured" and held["rules"] == ["WOUND-1", "RULING-ENDURE"]
    arin = json.loads(party("status", "Arin", "--json").stdout)["characters"][0]
    assert (arin["hp"]["current"], arin["condition"], len(arin["wounds"])) == (1, "conscious", 1)


@pytest.mark.parametrize("survival", [
    ("heal", "Dora", "4"),
    ("stabilize", "Dora", "--by", "Brune"),
    ("stabilize", "Dora", "--by", "Brune", "--wound-roll", "3"),
    ("death-save", "Dora", "--d20", "20"),
])
def test_cause_without_dice_needs_wound_dice(party, survival):
    ok(party, "damage", "Dora", "30", "--cause", "chute")
    refused(party, survival, 1, "Dora", "chute", "--wound-dice", "RULING-WOUND-DICE")
    ok(party, *survival, "--wound-dice", "2d6", "--wound-roll", "3")


def test_third_death_save_success_with_a_cause_without_dice(party):
    ok(party, "damage", "Dora", "30", "--cause", "chute")
    ok(party, "death-save", "Dora", "--d20", "11")
    ok(party, "death-save", "Dora", "--d20", "12")
    refused(party, ("death-save", "Dora", "--d20", "13"), 1, "--wound-dice",
            "RULING-WOUND-DICE")


# -- dying -----------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [("death-save", "Arin", "--d20", "12"), ("death-save", "Arin")])
def test_death_save_by_a_conscious_character(party, args):
    refused(party, args, 1, "Arin", "conscious", "only a dying character", "BASE-DYING")


def test_death_save_by_a_stable_character(party):
    ok(party, "damage", "Arin", "35", "--cause", "épée à deux mains")
    ok(party, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "2")
    refused(party, ("death-save", "Arin", "--d20", "12"), 1, "stable", "BASE-DYING")


# -- magic -----------------------------------------------------------------------------------

@pytest.mark.parametrize("extra", [(), ("--save-d20", "12")])
def test_cast_needing_a_save_without_save_bonus_or_pay_hp(party, extra):
    line = refused(party, ("cast", "Brune", "cône de froid", "--slot", "5", *extra), 1,
                   "--save-bonus", "--pay-hp", "MAGIC-1", "DC 11")
    assert "10 HP" in line


def test_arcanum_needing_a_save_without_save_bonus_or_pay_hp(party):
    refused(party, ("cast", "Carl", "cercle de mort", "--slot", "6", "--arcanum"), 1,
            "--save-bonus", "--pay-hp", "MAGIC-1")


@pytest.mark.parametrize("flag", ["--pact", "--arcanum"])
def test_warlock_slots_on_a_non_warlock(party, flag):
    refused(party, ("cast", "Brune", "cercle de mort", "--slot", "6", flag, "--save-bonus", "2",
                    "--save-d20", "15"), 1, "Brune", "not a warlock", flag, "MAGIC-4")


def test_fatigue_minus_beyond_ordinary_levels(party):
    wounded(party)  # a wound level
    ok(party, "cast", "Arin", "flétrissement", "--slot", "5", "--save-d20", "2",
       "--save-bonus", "0")  # a magic level
    ok(party, "fatigue", "Arin", "+1", "--cause", "marche forcée")
    refused(party, ("fatigue", "Arin", "-2", "--cause", "restauration"), 1, "Arin",
            "1 ordinary", "cannot remove 2", "FATIGUE-SOURCES")
    ok(party, "fatigue", "Arin", "-1", "--cause", "restauration")
    refused(party, ("fatigue", "Arin", "-1", "--cause", "restauration"), 1, "0 ordinary",
            "FATIGUE-SOURCES")


@pytest.mark.parametrize("spell,slot,extra", [
    ("revigorer", "3", ()),
    ("rappel à la vie", "5", ("--save-d20", "15", "--save-bonus", "2")),
    ("résurrection", "7", ("--pay-hp",)),
])
def test_resurrection_of_a_living_character(party, spell, slot, extra):
    refused(party, ("cast", "Brune", spell, "--slot", slot, "--target", "Arin", *extra), 1,
            "Arin", "not dead", "RES-1")


def test_resurrection_of_a_dying_character(party):
    ok(party, "damage", "Arin", "35", "--cause", "épée à deux mains")
    refused(party, ("cast", "Brune", "revigorer", "--slot", "3", "--target", "Arin"), 1,
            "not dead", "dying", "RES-1")


def test_store_that_is_not_a_database(tmp_path):
    db = tmp_path / "notes.db"
    db.write_text("pas une base de données\n", encoding="utf-8")
    for args in (("status",), ("init", "Valmorte"), ("log", "--json")):
        assert_error(Pangee(str(db))(*args), 2, "notes.db")
    assert db.read_text(encoding="utf-8") == "pas une base de données\n"
    assert sorted(os.listdir(tmp_path)) == ["notes.db"]


# -- time travel -----------------------------------------------------------------------------

@pytest.mark.parametrize("args,words", [
    # second round: --as-of takes a command number, one that exists (CHOICES.md "Bounds")
    (("--as-of", "0"), ("--as-of 0", "no such command", "expected 1 to 6")),
    (("--as-of", "7"), ("--as-of 7", "no such command", "expected 1 to 6")),
    (("--session", "9"), ("no session 9", "1")),
    (("--as-of", "3", "--session", "1"), ("--as-of", "--session")),
])
def test_status_at_an_impossible_moment(party, args, words):
    refused(party, ("status", *args), 2, *words)


def test_log_of_a_session_that_does_not_exist(party):
    refused(party, ("log", "--session", "4"), 2, "no session 4")
