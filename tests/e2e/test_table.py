"""Issue 14 — at the table: the catalogue and its causes (spells by slot, creature attacks, near
misses), the roster (list, update), --json on every command that records or answers, shell
completion from the store and the catalogue, and plain text off a terminal (colour only on
one, never with NO_COLOR)."""

import json
import os
import pty
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cli.main import cli

from .support_cli import ANSI, PANGEE_EXE, ROOT, as_json, entry, ok, party, refused, sheet

E = " " * 8


# -- the catalogue ------------------------------------------------------------------------------

def test_catalogue_spells_search_lists_level_dice_and_dice_per_slot(pangee):
    assert ok(pangee, "catalogue", "spells", "vague tonnante").stdout == (
        "Vague tonnante (Thunderwave): level 1, dice 2d8, +1d8 per slot above\n1 entry\n")
    assert ok(pangee, "catalogue", "spells", "VAGUE TONNANTE", lang="fr").stdout == (
        "Vague tonnante (Thunderwave) : niveau 1, dés 2d8, +1d8 par niveau d’emplacement "
        "supérieur\n1 entrée\n")
    assert ok(pangee, "catalogue", "spells", "thunderwave").stdout.startswith("Vague tonnante")
    assert as_json(pangee, "catalogue", "spells", "vague tonnante") == [{
        "name_fr": "Vague tonnante", "name_en": "Thunderwave", "level": 1, "ritual": False,
        "dice": "2d8", "per_slot": "+1d8",
        "classes": ["Barde", "Druide", "Ensorceleur", "Magicien"]}]


def test_catalogue_weapons_and_creatures_search(pangee):
    assert as_json(pangee, "catalogue", "weapons", "epee") == [
        {"name_fr": "Épée à deux mains", "name_en": "Greatsword", "dice": "2d6"},
        {"name_fr": "Épée courte", "name_en": "Shortsword", "dice": "1d6"},
        {"name_fr": "Épée longue", "name_en": "Longsword", "dice": "1d8"}]
    assert ok(pangee, "catalogue", "creatures", "troll").stdout.splitlines() == [
        "Troll (Troll), Griffe: 2d6", "Troll (Troll), Morsure: 1d6", "2 entries"]
    assert as_json(pangee, "catalogue", "creatures", "ogre")[:2] == [
        {"creature_fr": "Ogre", "creature_en": "Ogre", "attack": "Javeline", "dice": "2d6"},
        {"creature_fr": "Ogre", "creature_en": "Ogre", "attack": "Massue", "dice": "2d8"}]
    assert len(as_json(pangee, "catalogue", "spells")) == 361


def test_damage_from_vague_tonnante_at_slot_3_records_4d8_RULING_WOUND_DICE(pangee_on):
    pangee = pangee_on
    party(pangee)
    # 2d8 at 1st level, +1d8 per slot above: 4d8 at 3rd; its wound 1d8+4 (WOUND-3)
    assert ok(pangee, "damage", "Arin", "50", "--cause", "vague tonnante", "--slot",
              "3").stdout.splitlines()[0] == (
        "#4     Arin takes 50 damage (Thunderwave, 4d8) → dying  [BASE-DYING, RULING-DROP-CAUSE]")
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "2")
    wound, = sheet(pangee, "Arin")["wounds"]
    assert (wound["dice"], wound["formula"], wound["roll"]) == ("4d8", "1d8+4", 6)


@pytest.mark.parametrize("cause,shown,dice,formula", [
    ("ogre : massue", "Ogre: massue", "2d8", "1d8+2"),
    ("Troll: griffe", "Troll: griffe", "2d6", "1d6+2"),
    ("OGRE:MASSUE", "Ogre: massue", "2d8", "1d8+2"),
])
def test_creature_attack_cause_takes_the_attacks_dice_RULING_WOUND_DICE(pangee, cause, shown,
                                                                        dice, formula):
    party(pangee)
    assert ok(pangee, "damage", "Arin", "50", "--cause", cause).stdout.splitlines()[0] == (
        f"#4     Arin takes 50 damage ({shown}, {dice}) → dying  [BASE-DYING, "
        f"RULING-DROP-CAUSE]")
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "1")
    wound, = sheet(pangee, "Arin")["wounds"]
    assert (wound["dice"], wound["formula"], wound["rests_total"]) == (dice, formula, 3)


def test_near_misses_of_a_cause_get_did_you_mean(pangee):
    party(pangee)
    assert refused(pangee, "damage", "Arin", "9", "--cause", "vague tonante") == (
        "pangee: error: “vague tonante” is not in the catalogue: did you mean Vague tonnante? "
        "(give --dice for a cause the catalogue does not have)")
    assert refused(pangee, "damage", "Arin", "9", "--cause", "ogr : massue") == (
        "pangee: error: 'ogr' is not a creature of the catalogue: did you mean Ogre?")
    assert entry(pangee, 3)["kind"] == "character add"  # nothing was written


def test_near_miss_of_a_creature_attack_gets_did_you_mean(pangee):
    party(pangee)
    assert refused(pangee, "damage", "Arin", "9", "--cause", "ogre : masue") == (
        "pangee: error: “ogre : masue” is not in the catalogue: did you mean Ogre : Massue?")


def test_catalogue_search_near_miss_gets_did_you_mean(pangee):
    assert ok(pangee, "catalogue", "spells", "vague tonante").stdout == (
        "0 entries\nDid you mean Vague tonnante?\n")
    assert ok(pangee, "catalogue", "spells", "vague tonante", lang="fr").stdout == (
        "0 entrée\nVouliez-vous dire Vague tonnante ?\n")
    assert as_json(pangee, "catalogue", "spells", "vague tonante") == []


# -- the roster ---------------------------------------------------------------------------------

def test_character_list_in_the_order_they_joined(pangee_on):
    pangee = pangee_on
    party(pangee)
    ok(pangee, "character", "add", "Wil", "--con", "12", "--hp-max", "30", "--level", "9",
       "--warlock", "--crit-min", "19", "--relentless")
    assert ok(pangee, "character", "list").stdout.splitlines() == [
        "Arin: level 5, Constitution 14, 45 HP maximum, critical from 20",
        "Brune: level 5, Constitution 12, 38 HP maximum, Medicine, critical from 20",
        "Wil: level 9, Constitution 12, 30 HP maximum, Relentless Endurance, warlock, critical "
        "from 19"]
    assert as_json(pangee, "character", "list") == [
        {"name": "Arin", "level": 5, "con": 14, "hp_max": 45, "medicine": False, "crit_min": 20,
         "relentless": False, "warlock": False},
        {"name": "Brune", "level": 5, "con": 12, "hp_max": 38, "medicine": True, "crit_min": 20,
         "relentless": False, "warlock": False},
        {"name": "Wil", "level": 9, "con": 12, "hp_max": 30, "medicine": False, "crit_min": 19,
         "relentless": True, "warlock": True}]


def test_character_update_level_and_hp_max_then_a_constitution_loss_uses_the_new_level_RES_1(
        pangee_on):
    pangee = pangee_on
    party(pangee)
    assert ok(pangee, "character", "update", "Arin", "--level", "6", "--hp-max",
              "54").stdout.splitlines() == [
        "#4     Arin's sheet is updated",
        E + "Arin goes from level 5 to level 6",
        E + "Arin's HP maximum: 45 → 54"]
    assert entry(pangee, 4)["kind"] == "character update"
    # raise dead: 14 → 13, modifier +2 → +1, six levels: 54 → 48 (not five: 49)
    assert ok(pangee, "cast", "Arin", "rappel à la vie", "--slot", "5", "--save-d20", "15",
              "--save-bonus", "1").stdout.splitlines()[2] == (
        E + "Arin loses 1 Constitution for ever casting Raise Dead: 14 → 13; HP maximum 54 → 48  "
            "[RES-1, RES-2]")
    assert sheet(pangee, "Arin")["hp"] == {"current": 45, "max": 48, "effective_max": 48}
    assert as_json(pangee, "character", "list")[0]["level"] == 6
    assert refused(pangee, "character", "update", "Arin", "--level", "6") == (
        "pangee: error: nothing to change for Arin: give --level, --hp-max, "
        "--medicine/--no-medicine or --crit-min with a new value")


def test_character_list_after_another_command_in_the_same_process(tmp_path):
    program = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from cli.main import cli\n"
        "db = sys.argv[1]\n"
        "run = lambda *a: CliRunner().invoke(cli, ['--db', db, '--lang', 'en', *a])\n"
        "assert run('init', 'Valmorte').exit_code == 0\n"
        "assert run('character', 'add', 'Arin', '--con', '14', '--hp-max', '45').exit_code == 0\n"
        "listed = run('character', 'list')\n"
        "print(listed.exit_code, listed.output, end='')\n")
    done = subprocess.run([sys.executable, "-c", program, str(tmp_path / "c.db")], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.stdout == "0 Arin: level 1, Constitution 14, 45 HP maximum, critical from 20\n", (
        done.stdout + done.stderr)


# -- --json everywhere --------------------------------------------------------------------------

WRITES = [
    ("character", "update", "Arin", "--level", "6"),
    ("session", "start", "Un"),
    ("attack", "Arin", "--ac", "12", "--d20", "10"),
    ("check", "Arin", "--dc", "12", "--d20", "10"),
    ("save", "Arin", "--dc", "12", "--d20", "10"),
    ("damage", "Arin", "50", "--cause", "dague"),
    ("death-save", "Arin", "--d20", "12"),
    ("stabilize", "Arin", "--by", "Brune", "--wound-roll", "2"),
    ("treat", "Arin", "--by", "Brune", "--d20", "12"),
    ("tend", "Arin", "--by", "Brune", "--d20", "12"),
    ("heal", "Arin", "5"),
    ("rest", "short", "Arin", "Brune"),
    ("rest", "night", "Arin", "Brune"),
    ("rest", "long", "Arin", "Brune"),
    ("rest", "wilderness", "Arin", "Brune"),
    ("cast", "Brune", "boule de feu", "--slot", "3"),
    ("fatigue", "Arin", "+1", "--cause", "marche"),
    ("improve", "Arin", "--con", "1"),
    ("note", "6", "contesté"),
    ("void", "7", "--reason", "erreur"),
    ("void", "--last", "--reason", "finalement"),
    ("session", "end"),
]


def test_json_on_every_write_command_is_one_document_the_recorded_command(pangee_on, tmp_path):
    pangee = pangee_on
    first = as_json(pangee, "init", "Valmorte", "--seed", "7")
    assert (first["position"], first["kind"]) == (1, "init")
    as_json(pangee, "character", "add", "Arin", "--con", "14", "--hp-max", "45", "--level", "5")
    as_json(pangee, "character", "add", "Brune", "--con", "12", "--hp-max", "38", "--medicine")
    for number, args in enumerate(WRITES, start=4):
        recorded = as_json(pangee, *args)
        assert recorded["position"] == number, args
        grouped = args[0] in ("character", "session", "rest")
        assert recorded["kind"] == (" ".join(args[:2]) if grouped else args[0]), args
    script = tmp_path / "one.yaml"
    script.write_text("sessions:\n  - title: Import\n    steps:\n"
                      "      - check: {who: Arin, dc: 10, d20: 12}\n", encoding="utf-8")
    imported = as_json(pangee, "import", str(script))
    assert isinstance(imported, dict)
    assert as_json(pangee, "status")["position"] == 4 + len(WRITES) + 2


def test_json_on_replay_checkpoint_list_catalogue_and_void_dry_run(pangee):
    party(pangee)
    ok(pangee, "damage", "Arin", "10", "--cause", "dague")
    replayed = as_json(pangee, "replay")
    assert {k: v for k, v in replayed.items() if k != "digest"} == {
        "commands": 4, "verified": False, "checkpoint": None, "drift": []}
    assert len(replayed["digest"]) == 16
    assert as_json(pangee, "replay", "--verify")["verified"] is True
    token = ok(pangee, "checkpoint").stdout.strip()
    shown = as_json(pangee, "checkpoint")
    assert (shown["checkpoint"], shown["number"]) == (token, 4)
    assert [c["name"] for c in as_json(pangee, "character", "list")] == ["Arin", "Brune"]
    assert as_json(pangee, "catalogue", "weapons", "dague") == [
        {"name_fr": "Dague", "name_en": "Dagger", "dice": "1d4"}]
    preview = as_json(pangee, "void", "4", "--reason", "x", "--dry-run")
    assert (preview["target"], preview["changes"], preview["lost"]) == (4, [], [])
    assert preview["end"][0] == {"name": "Arin",
                                 "differences": {"hp": {"before": 35, "after": 45}}}
    assert as_json(pangee, "status")["position"] == 4


# -- shell completion ---------------------------------------------------------------------------

def _complete(db: str, line: str) -> list[str]:
    words = f"pangee --db {db} {line}"
    env = {"_PANGEE_COMPLETE": "bash_complete", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split(" ")) - 1)}
    result = CliRunner().invoke(cli, [], prog_name="pangee", env=env)
    assert result.exit_code == 0, result.output
    return [item.split(",", 1)[1] for item in result.stdout.splitlines()]


def test_completion_of_names_spells_attacks_rulings_and_command_numbers(pangee, sqlite_url):
    party(pangee)
    ok(pangee, "character", "add", "Aubin", "--con", "16", "--hp-max", "52")      # 4
    ok(pangee, "damage", "Arin", "9", "--cause", "dague")                          # 5
    assert _complete(sqlite_url, "damage ") == ["Arin", "Brune", "Aubin"]
    assert _complete(sqlite_url, "damage a") == ["Arin", "Aubin"]
    assert _complete(sqlite_url, "treat Arin --by b") == ["Brune"]
    assert _complete(sqlite_url, "cast Brune flét") == ["Flétrissement"]
    assert _complete(sqlite_url, "cast Brune vague") == ["Vague tonnante"]
    assert _complete(sqlite_url, "damage Arin 5 --cause ogre:") == ["Ogre : javeline",
                                                                     "Ogre : massue"]
    assert _complete(sqlite_url, "what-if wound.h") == ["wound.halving=down", "wound.halving=up"]
    assert _complete(sqlite_url, "what-if crit.nat1=") == ["crit.nat1=miss",
                                                           "crit.nat1=critical-failure"]
    assert _complete(sqlite_url, "note ") == ["5", "4", "3", "2", "1"]
    assert _complete(sqlite_url, "void 5") == ["5"]


def test_void_completion_offers_only_what_a_correction_can_undo(pangee, sqlite_url):
    party(pangee)                                                                  # 1-3
    ok(pangee, "session", "start", "Valmorte")                                     # 4
    ok(pangee, "damage", "Arin", "9", "--cause", "dague")                          # 5
    ok(pangee, "damage", "Brune", "4", "--cause", "dague")                         # 6
    ok(pangee, "void", "5", "--reason", "mauvais personnage")                      # 7
    # not the campaign's opening (1), not a session boundary (4), not the voided #5;
    # the void itself can be voided (which reinstates #5)
    assert _complete(sqlite_url, "void ") == ["7", "6", "3", "2"]
    assert _complete(sqlite_url, "note ") == ["7", "6", "5", "4", "3", "2", "1"]
    assert _complete(sqlite_url, "status --as-of 4") == ["4"]


# -- colour only on a terminal ------------------------------------------------------------------

def _on_a_terminal(args: list[str], extra_env: dict) -> str:
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update({"TERM": "xterm-256color", "PAGER": "cat", **extra_env})
    try:
        done = subprocess.run([str(PANGEE_EXE), *args], stdin=slave, stdout=slave,
                              stderr=subprocess.PIPE, env=env, timeout=60)
    finally:
        os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    assert done.returncode == 0, done.stderr
    return b"".join(chunks).decode()


def test_plain_text_off_a_terminal(pangee, sqlite_url):
    party(pangee)
    ok(pangee, "attack", "Arin", "--ac", "15", "--d20", "17", "--bonus", "8")
    for args in (("status",), ("log",), ("explain", "Arin"), ("catalogue", "spells", "vague")):
        assert not ANSI.search(ok(pangee, *args).stdout)
    piped = subprocess.run([str(PANGEE_EXE), "--db", sqlite_url, "--lang", "en", "log"],
                           capture_output=True, text=True, timeout=60,
                           env={**os.environ, "TERM": "xterm-256color"})
    assert piped.returncode == 0 and not ANSI.search(piped.stdout)
    assert piped.stdout.splitlines()[-1] == ("#4     Arin attacks (AC 15): d20 17 + 8 = 25, "
                                             "margin +10 → critical hit  [CRIT-2]")


def test_colour_on_a_terminal_and_none_with_no_color(pangee, sqlite_url):
    party(pangee)
    ok(pangee, "attack", "Arin", "--ac", "15", "--d20", "17", "--bonus", "8")
    args = ["--db", sqlite_url, "--lang", "en", "log", "--no-pager"]
    coloured = _on_a_terminal(args, {})
    assert ANSI.search(coloured)
    plain = _on_a_terminal(args, {"NO_COLOR": "1"})
    assert not ANSI.search(plain)
    assert plain.replace("\r\n", "\n").splitlines()[-1] == (
        "#4     Arin attacks (AC 15): d20 17 + 8 = 25, margin +10 → critical hit  [CRIT-2]")
    assert json.loads(_on_a_terminal(["--db", sqlite_url, "status", "--json"], {}))[
        "position"] == 4
