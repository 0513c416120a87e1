"""Issue 11 — dispute-grade history, end to end through the CLI: command numbers without gaps,
a log that shows the numbers the rules used, `explain` as a character's story, `what-if` in
sentences, corrections (dry runs, supplied dice, --force, voids of voids, party rests), the
past as corrected or as recorded, and notes.

Expected values come from RULES.md (the comments say how), not from the tool's output."""

import pytest

from .support_cli import as_json, block, entry, log, ok, party, refused, sheet, status

RULINGS_LINE = ("Rulings: wound.dc_dice_term=multi (RULING-DC-DICE), wound.halving=down "
                "(RULING-HALVE), wound.treatment=once (RULING-TREAT-ONCE), "
                "rest.long_includes_short=yes (RULING-LONG-INCLUDES-SHORT), crit.nat1=miss "
                "(RULING-NAT1), crit.checks=on (RULING-CHECKS)")
E = " " * 8  # the indentation of a consequence under its command


def head(number: int, text: str) -> str:
    """A command's first line in `log`: its number in a column of 7, then what it was."""
    return f"{'#' + str(number):<7}{text}"


def dispute(pangee) -> None:
    """Twenty commands that put every kind of number in the log (RULES.md arithmetic in the
    comments); the session is command #5."""
    party(pangee)                                                                     # 1-3
    ok(pangee, "character", "add", "Aubin", "--con", "16", "--hp-max", "52", "--level", "5",
       "--crit-min", "19")                                                            # 4
    ok(pangee, "session", "start", "Les ruines de Valmorte")                          # 5
    ok(pangee, "attack", "Arin", "--ac", "15", "--d20", "17", "--bonus", "8")         # 6: 25 ≥ 25
    ok(pangee, "attack", "Aubin", "--ac", "15", "--d20", "10", "--bonus", "14")       # 7: margin 9
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")                # 8: 45 → 0
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")             # 9: 1d6+2 → 7
    ok(pangee, "treat", "Arin", "--by", "Brune", "--d20", "13", "--bonus", "5")       # 10: DC 18
    ok(pangee, "heal", "Arin", "10", "--cause", "potion de soins")                    # 11
    ok(pangee, "fatigue", "Arin", "+1", "--cause", "marche forcée")                   # 12
    ok(pangee, "cast", "Brune", "flétrissement", "--slot", "5", "--save-d20", "2",
       "--save-bonus", "1")                                                           # 13: DC 11
    ok(pangee, "cast", "Brune", "cône de froid", "--slot", "5", "--pay-hp")           # 14: 10 HP
    ok(pangee, "tend", "Arin", "--by", "Brune", "--d20", "14", "--bonus", "2")        # 15: DC 16
    ok(pangee, "rest", "night", "Arin", "Brune", "Aubin", "--watch")                  # 16: short
    ok(pangee, "rest", "long", "Arin", "Brune", "Aubin")                              # 17
    ok(pangee, "rest", "long", "Arin", "Brune", "Aubin")                              # 18
    ok(pangee, "cast", "Brune", "rappel à la vie", "--slot", "5", "--save-d20", "12",
       "--save-bonus", "1")                                                           # 19: −1 Con
    ok(pangee, "session", "end")                                                      # 20


# -- command numbers ----------------------------------------------------------------------------

def test_command_numbers_run_1_2_3_without_gaps_in_echo_log_and_status(pangee_on):
    pangee = pangee_on
    echoes = [ok(pangee, "init", "Valmorte", "--seed", "7").stdout,
              ok(pangee, "character", "add", "Arin", "--con", "14", "--hp-max", "45").stdout,
              ok(pangee, "character", "add", "Brune", "--con", "12", "--hp-max", "38",
                 "--medicine").stdout,
              ok(pangee, "session", "start", "Un").stdout,
              ok(pangee, "attack", "Arin", "--ac", "12", "--d20", "11").stdout,
              ok(pangee, "rest", "long", "Arin", "Brune").stdout,  # a party rest: one number
              ok(pangee, "check", "Brune", "--dc", "10", "--d20", "10").stdout,
              ok(pangee, "session", "end").stdout]
    assert [e.split()[0] for e in echoes] == [f"#{n}" for n in range(1, 9)]
    entries = log(pangee)
    assert [e["position"] for e in entries] == list(range(1, 9))
    assert entries[5]["kind"] == "rest long" and entries[5]["characters"] == ["Arin", "Brune"]
    text = ok(pangee, "log").stdout
    assert [line.split()[0] for line in text.splitlines() if line.startswith("#")] == [
        f"#{n}" for n in range(1, 9)]
    assert status(pangee)["position"] == 8
    assert status(pangee, "--as-of", "5")["position"] == 5
    assert status(pangee, "--session", "1")["position"] == 8


def test_as_of_and_explain_as_of_take_command_numbers(pangee):
    dispute(pangee)
    assert sheet(pangee, "Arin", "--as-of", "8")["hp"]["current"] == 0       # after #8's drop
    assert sheet(pangee, "Arin", "--as-of", "7")["hp"]["current"] == 45
    explained = as_json(pangee, "explain", "Arin", "--as-of", "9")
    assert explained["position"] == 9
    assert explained["now"]["condition"] == "stable"
    assert [w["origin"] for w in explained["wounds"]] == [9]
    assert refused(pangee, "status", "--as-of", "21", code=2) == (
        "pangee: error: --as-of 21: there is no such command: expected 1 to 20")


# -- the log shows the numbers ------------------------------------------------------------------

def test_log_attack_shows_d20_bonus_total_ac_and_margin_CRIT_2(pangee):
    dispute(pangee)
    text = ok(pangee, "log").stdout
    assert block(text, 6) == [head(6, "Arin attacks (AC 15): d20 17 + 8 = 25, margin +10 → "
                                      "critical hit  [CRIT-2]")]
    attack = entry(pangee, 6)
    assert attack["details"] == {"d20": 17, "bonus": 8, "total": 25, "target": 15, "margin": 10,
                                 "crit_min": 20, "crit_margin": 10}
    assert (attack["outcome"], attack["rules"]) == ("critical-hit", ["CRIT-2"])


def test_log_attack_with_crit_min_19_crits_at_margin_9_CRIT_5_RULING_CRIT_MARGIN(pangee):
    dispute(pangee)
    text = ok(pangee, "log").stdout
    # 10 + 14 = 24 = 15 + 9: a margin of 9 crits for a 19–20 range (CRIT-5, RULING-CRIT-MARGIN)
    assert block(text, 7) == [head(7, "Aubin attacks (AC 15): d20 10 + 14 = 24, margin +9 → "
                                      "critical hit  [CRIT-2, CRIT-5, RULING-CRIT-MARGIN]")]
    attack = entry(pangee, 7)
    assert attack["details"]["crit_min"] == 19 and attack["details"]["crit_margin"] == 9
    assert attack["rules"] == ["CRIT-2", "CRIT-5", "RULING-CRIT-MARGIN"]


def test_log_damage_and_heal_show_hp_before_after_and_condition_BASE_DYING(pangee):
    dispute(pangee)
    text = ok(pangee, "log").stdout
    assert block(text, 8) == [
        head(8, "Arin takes 50 damage (Greatsword, 2d6) → dying  [BASE-DYING, RULING-DROP-CAUSE]"),
        E + "Arin takes 50 damage and drops to 0 HP (45 → 0, Greatsword): dying  "
            "[BASE-DYING, RULING-DROP-CAUSE]"]
    assert block(text, 11) == [
        head(11, "Arin regains 10 HP (potion de soins) → conscious  [BASE-DYING]"),
        E + "Arin regains consciousness: 0 → 10 HP  [BASE-DYING]"]
    assert entry(pangee, 8)["details"] == {"hp_before": 45, "hp_after": 0,
                                           "condition_before": "conscious", "condition": "dying"}
    assert entry(pangee, 11)["details"] == {"hp_before": 0, "hp_after": 10,
                                            "condition_before": "stable",
                                            "condition": "conscious"}


def test_log_survival_shows_the_wound_its_roll_and_length_WOUND_3(pangee):
    dispute(pangee)
    # greatsword 2d6 → 1d6+2 (WOUND-3); face 5 → 7 long rests
    assert block(ok(pangee, "log").stdout, 9) == [
        head(9, "Arin is stabilized by Brune → stable  [WOUND-1, WOUND-2, WOUND-3, "
                "RULING-DROP-CAUSE, RULING-WOUND-DICE, BASE-DYING]"),
        E + "Arin survives (stabilized) with a wound from Greatsword: 1d6+2 rolled 5 → 7 long "
            "rests; fatigue 1  [WOUND-1, WOUND-2, WOUND-3, RULING-DROP-CAUSE, RULING-WOUND-DICE]",
        E + "Arin is stabilized at 0 HP (by Brune)  [BASE-DYING]"]
    created = entry(pangee, 9)["effects"][0]
    assert created["code"] == "wound.created"
    assert {k: created["params"][k] for k in ("dice", "formula", "face", "rests", "fatigue")} == {
        "dice": "2d6", "formula": "1d6+2", "face": 5, "rests": 7, "fatigue": 1}


def test_log_treat_and_tend_show_the_wound_dc_and_rests_WOUND_4_WOUND_5(pangee):
    dispute(pangee)
    text = ok(pangee, "log").stdout
    # WOUND-4: DC 10 + 6 + 2 = 18, 13 + 5 = 18 succeeds: 7 halved down → 3 (RULING-HALVE)
    assert block(text, 10)[0] == head(
        10, "Brune treats Arin's wound 1 (Greatsword, 1d6+2): Medicine d20 13 + 5 = 18 against "
            "DC 18; 7 → 3 long rests → success  [WOUND-4, RULING-TREAT-CHOICE, RULING-DC-DICE, "
            "RULING-TREAT-ONCE, RULING-HALVE, RULING-TREAT-REMAINING]")
    assert entry(pangee, 10)["details"] == {
        "wound": 1, "origin": 9, "cause": {"text": "Épée à deux mains", "en": "Greatsword"},
        "formula": "1d6+2", "d20": 13, "bonus": 5, "total": 18, "dc": 18, "before": 7, "after": 3}
    # WOUND-5: DC 8 + 6 + 2 = 16; the night under a watch counts for the wound: 3 → 2
    assert block(text, 15) == [
        head(15, "Brune tends Arin's wounds this evening (Greatsword, 1d6+2): Medicine d20 14 + 2 "
                 "= 16 against DC 16 → success  [WOUND-5, RULING-DC-DICE, RULING-EVENING, "
                 "RULING-TREAT-CHOICE]"),
        E + "Brune tends Arin's wounds this evening (Greatsword, 1d6+2): Medicine d20 14 + 2 = 16 "
            "against DC 16, success: tonight counts as a long rest for this wound  [WOUND-5, "
            "RULING-DC-DICE, RULING-EVENING, RULING-TREAT-CHOICE]"]


def test_log_casts_show_slot_save_and_the_fatigue_or_hp_paid_MAGIC_1_2_5(pangee):
    dispute(pangee)
    text = ok(pangee, "log").stdout
    # slot 5: DC 6 + 5 = 11; 2 + 1 = 3 fails: one magic level (MAGIC-2)
    assert block(text, 13) == [
        head(13, "Brune casts Blight (slot 5); Constitution save d20 2 + 1 = 3 against DC 11 → "
                 "magic fatigue  [MAGIC-1, MAGIC-2, MAGIC-3]"),
        E + "Brune fails against dying magic: Constitution d20 2 + 1 = 3 against DC 11: 1 fatigue "
            "level  [MAGIC-1, MAGIC-2, MAGIC-3]",
        E + "Brune gains 1 magic fatigue level (Blight): fatigue 1  [MAGIC-2]"]
    # MAGIC-5: 2 × 5 = 10 HP instead of the save, damage like any other (RULING-MAGIC-HP)
    assert block(text, 14) == [
        head(14, "Brune casts Cone of Cold (slot 5) → HP paid  [MAGIC-1, MAGIC-5, RULING-MAGIC-HP, "
                 "BASE-DYING]"),
        E + "Brune pays 10 HP for Cone of Cold instead (2 × level 5)  [MAGIC-5, RULING-MAGIC-HP]",
        E + "Brune takes 10 damage: 38 → 28 HP  [BASE-DYING]"]
    assert entry(pangee, 13)["details"] == {"slot": 5, "level": 5, "dc": 11, "d20": 2, "bonus": 1,
                                            "total": 3, "fatigue": 1, "hp_loss": 0,
                                            "arcanum": False}
    assert entry(pangee, 14)["outcome"] == "paid-hp"


def test_log_rests_show_each_characters_rest_wounds_and_levels_by_source(pangee):
    dispute(pangee)
    text = ok(pangee, "log").stdout
    # a night under a watch: short-rest benefits only (REST-1, REST-2); evening care counts for
    # Arin's wound (WOUND-5); Brune's magic level goes with the short rest (MAGIC-3)
    assert block(text, 16) == [
        head(16, "Night (neither safe nor calm, a watch kept): Arin, Brune, Aubin → short rest  "
                 "[REST-1, REST-2, WOUND-5, RULING-EVENING, WOUND-6, WOUND-7, RULING-HEAL-ON-REST, "
                 "MAGIC-3]"),
        E + "Arin gets only a short rest's benefits  [REST-1, REST-2]",
        E + "Arin's wound from Greatsword (#9): 3 → 2 long rests to go (evening care)  [WOUND-5, "
            "RULING-EVENING, WOUND-6, WOUND-7, RULING-HEAL-ON-REST]",
        E + "Brune gets only a short rest's benefits  [REST-1, REST-2]",
        E + "Brune recovers one magic fatigue level (Blight, #13): fatigue 0  [REST-1, REST-2, "
            "MAGIC-3]",
        E + "Aubin gets only a short rest's benefits  [REST-1, REST-2]"]
    # a long rest: all HP, one ordinary level (BASE-LONG-REST), the wound's count 2 → 1
    assert block(text, 17) == [
        head(17, "Long rest: Arin, Brune, Aubin → long rest  [REST-1, BASE-LONG-REST, "
                 "FATIGUE-SOURCES, WOUND-6, WOUND-7, RULING-HEAL-ON-REST]"),
        E + "Arin takes a long rest: 10 → 45 HP  [REST-1, BASE-LONG-REST]",
        E + "Arin recovers one ordinary fatigue level (marche forcée, #12): fatigue 1  "
            "[BASE-LONG-REST, FATIGUE-SOURCES]",
        E + "Arin's wound from Greatsword (#9): 2 → 1 long rest to go (long rest)  [REST-1, "
            "WOUND-6, WOUND-7, RULING-HEAL-ON-REST]",
        E + "Brune takes a long rest: 28 → 38 HP  [REST-1, BASE-LONG-REST]",
        E + "Aubin takes a long rest: 52 → 52 HP  [REST-1, BASE-LONG-REST]"]
    # the wound heals at the end of the next (RULING-HEAL-ON-REST), its level with it (WOUND-7)
    assert E + ("Arin's wound from Greatsword (#9) heals (long rest); its fatigue level goes: "
                "fatigue 0  [REST-1, WOUND-6, WOUND-7, RULING-HEAL-ON-REST]") in block(text, 18)
    assert entry(pangee, 16)["outcomes"] == {"Arin": "short", "Brune": "short", "Aubin": "short"}
    assert entry(pangee, 17)["outcomes"] == {"Arin": "long", "Brune": "long", "Aubin": "long"}


def test_log_resurrection_shows_constitution_lost_and_hp_maximum_RES_1(pangee):
    dispute(pangee)
    # raise dead: −1 Con (RES-1), 12 → 11: modifier +1 → +0, level 5: 38 → 33
    assert block(ok(pangee, "log").stdout, 19) == [
        head(19, "Brune casts Raise Dead (slot 5); Constitution save d20 12 + 1 = 13 against DC 11 "
                 "→ save made  [MAGIC-1, RES-1, RES-2]"),
        E + "Brune saves against dying magic: Constitution d20 12 + 1 = 13 against DC 11  "
            "[MAGIC-1]",
        E + "Brune loses 1 Constitution for ever casting Raise Dead: 12 → 11; HP maximum 38 → 33  "
            "[RES-1, RES-2]"]
    lost = entry(pangee, 19)["effects"][1]
    assert (lost["code"], lost["params"]["before"], lost["params"]["after"],
            lost["params"]["max_before"], lost["params"]["max_after"]) == (
        "con.lost", 12, 11, 38, 33)


def test_log_brief_is_one_line_per_command(pangee):
    dispute(pangee)
    lines = ok(pangee, "log", "--brief").stdout.splitlines()
    assert [line for line in lines if not line.startswith("— ")] == [
        line for line in ok(pangee, "log").stdout.splitlines()
        if line.startswith("#")]
    assert len([line for line in lines if line.startswith("#")]) == 20
    assert not any(line.startswith(" ") for line in lines)


def test_log_brief_is_one_line_per_command_with_notes_and_corrections(pangee):
    _stabilized_then_healed(pangee)                                          # 1-6
    ok(pangee, "note", "4", "Arin conteste les dégâts")                       # 7
    ok(pangee, "void", "5", "--reason", "pas stabilisé", "--force")           # 8
    lines = [line for line in ok(pangee, "log", "--brief").stdout.splitlines()
             if not line.startswith("— ")]
    assert [line.split()[0] for line in lines] == [f"#{n}" for n in range(1, 9)]


def test_log_json_entries_carry_every_key_and_per_character_outcomes_RULING_STABLE(pangee_on):
    pangee = pangee_on
    party(pangee)
    ok(pangee, "damage", "Brune", "10", "--cause", "dague")                 # 4
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")      # 5
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")   # 6
    ok(pangee, "rest", "long", "Arin", "Brune")                             # 7
    rest = entry(pangee, 7)
    assert sorted(rest) == sorted(["position", "session", "timestamp", "characters", "kind",
                                   "summary", "rules", "outcome", "details", "effects", "notes",
                                   "outcomes"])
    # stable at 0 HP when the night began: 1 HP and short-rest benefits only (RULING-STABLE)
    assert rest["outcomes"] == {"Arin": "short", "Brune": "long"}
    assert rest["outcome"] == "long"
    assert [(e["character"], e["code"], e["rules"]) for e in rest["effects"]] == [
        ("Arin", "dying.stable_regains", ["RULING-STABLE", "BASE-DYING"]),
        ("Arin", "rest.short_night", ["REST-1", "REST-2"]),
        ("Brune", "rest.long", ["REST-1", "BASE-LONG-REST"])]
    assert sorted(rest["effects"][2]) == ["character", "code", "params", "rules", "text"]
    assert rest["effects"][2]["params"] == {"name": "Brune", "before": 28, "after": 38}
    assert rest["effects"][2]["text"] == "Brune takes a long rest: 28 → 38 HP"
    single = entry(pangee, 5)
    assert "outcomes" not in single and single["notes"] == []


# -- explain: a character's story ---------------------------------------------------------------

def test_explain_tells_every_level_gained_and_lost_and_the_wound_to_its_healing(pangee):
    dispute(pangee)
    lines = ok(pangee, "explain", "Arin").stdout.splitlines()
    assert lines[0] == "Arin — history up to command #20"
    assert lines[1] == ("Now: 45/45 HP, conscious; fatigue 0 (ordinary 0, wound 0, magic 0); "
                        "Constitution 14")
    stripped = [line.strip() for line in lines]
    fatigue = stripped[stripped.index("Fatigue, level by level:") + 1:
                       stripped.index("Levels held now:")]
    assert fatigue == [
        "#9  Arin survives (stabilized) with a wound from Greatsword: 1d6+2 rolled 5 → 7 long "
        "rests; fatigue 1  [WOUND-1, WOUND-2, WOUND-3, RULING-DROP-CAUSE, RULING-WOUND-DICE]",
        "#12  Arin gains 1 ordinary fatigue level (marche forcée): fatigue 2  [FATIGUE-SOURCES, "
        "BASE-FATIGUE]",
        "#17  Arin recovers one ordinary fatigue level (marche forcée, #12): fatigue 1  "
        "[BASE-LONG-REST, FATIGUE-SOURCES]",
        "#18  Arin's wound from Greatsword (#9) heals (long rest); its fatigue level goes: "
        "fatigue 0  [REST-1, WOUND-6, WOUND-7, RULING-HEAL-ON-REST]"]
    wounds = stripped[stripped.index(
        "Wounds, from the command that caused them to the rest that healed them:") + 1:
        stripped.index("Constitution and HP maximum:")]
    # the healed wound is still told: caused #9, treated #10, tended #15, rests #16-#18
    assert [w.split()[0] for w in wounds] == ["#9", "#10", "#15", "#16", "#17", "#18"]
    assert wounds[-1].endswith("heals (long rest); its fatigue level goes: fatigue 0  [REST-1, "
                               "WOUND-6, WOUND-7, RULING-HEAL-ON-REST]")
    assert lines[-1] == RULINGS_LINE
    story = as_json(pangee, "explain", "Arin")["wounds"]
    assert [(w["origin"], w["healing"]) for w in story] == [(9, False)]
    assert [(s["position"], s["code"]) for s in story[0]["story"]] == [
        (9, "wound.created"), (10, "wound.treated"), (15, "wound.tended"),
        (16, "wound.progress"), (17, "wound.progress"), (18, "wound.healed")]


def test_explain_tells_constitution_changes_with_their_command_RES_1(pangee):
    dispute(pangee)
    stripped = [line.strip() for line in ok(pangee, "explain", "Brune").stdout.splitlines()]
    con = stripped[stripped.index("Constitution and HP maximum:") + 1:-1]
    assert con == ["#3  Brune joins: Constitution 12, 38 HP, level 5",
                   "#19  Brune loses 1 Constitution for ever casting Raise Dead: 12 → 11; HP "
                   "maximum 38 → 33  [RES-1, RES-2]"]
    fatigue = stripped[stripped.index("Fatigue, level by level:") + 1:
                       stripped.index("Levels held now:")]
    assert fatigue == ["#13  Brune gains 1 magic fatigue level (Blight): fatigue 1  [MAGIC-2]",
                       "#16  Brune recovers one magic fatigue level (Blight, #13): fatigue 0  "
                       "[REST-1, REST-2, MAGIC-3]"]
    explained = as_json(pangee, "explain", "Brune")["constitution"]
    assert (explained["base"], explained["current"], explained["hp_max"]) == (12, 11, 33)
    assert [(h["position"], h["code"]) for h in explained["history"]] == [
        (3, "character.joined"), (19, "con.lost")]


def test_explain_as_of_and_session_tell_the_story_up_to_then(pangee):
    dispute(pangee)
    lines = ok(pangee, "explain", "Arin", "--as-of", "16").stdout.splitlines()
    assert lines[0] == "Arin — history up to command #16"
    assert lines[1] == ("Now: 10/45 HP, conscious; fatigue 2 (ordinary 1, wound 1, magic 0); "
                        "Constitution 14")
    assert "  wound level from #9: Greatsword  [WOUND-2, WOUND-7]" in lines
    assert "    still healing: 2 long rests to go" in lines
    by_session = as_json(pangee, "explain", "Arin", "--session", "1")
    assert by_session["position"] == 20 and by_session["fatigue"]["total"] == 0


# -- what-if: sentences, not Python -------------------------------------------------------------

def _retry_campaign(pangee):
    """A first treatment fails, a retry succeeds (wound.treatment=retry), and a natural 1 with
    a total only 4 under the AC is a plain miss (RULING-NAT1 default)."""
    party(pangee, rulings=("wound.treatment=retry",))
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")      # 4
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "6")   # 5: 1d6+2 → 8
    ok(pangee, "treat", "Arin", "--by", "Brune", "--d20", "2", "--bonus", "5")    # 6: failure
    ok(pangee, "treat", "Arin", "--by", "Brune", "--d20", "15", "--bonus", "5")   # 7: 8 → 4
    ok(pangee, "attack", "Arin", "--ac", "15", "--d20", "1", "--bonus", "10")     # 8: miss
    ok(pangee, "heal", "Arin", "10")                                              # 9
    ok(pangee, "rest", "long", "Arin", "Brune")                                   # 10: 4 → 3


def test_what_if_names_the_first_difference_and_tells_each_change_RULING_TREAT_ONCE(pangee):
    _retry_campaign(pangee)
    text = ok(pangee, "what-if", "wound.treatment=once", "crit.nat1=critical-failure").stdout
    lines = text.splitlines()
    assert lines[0] == ("What if wound.treatment=once, crit.nat1=critical-failure (nothing is "
                        "written):")
    assert lines[1] == "The first command whose outcome differs is #7 (wound treatment)."
    assert "#8 (attack): miss → critical failure" in lines
    assert lines[-3:] == ["At the end:", "Arin: wounds (long rests to go) 3 → 7",
                          "Brune: no difference"]
    for python in ("{'", "'}", "None", "[{", "True", "False"):
        assert python not in text


def test_what_if_json_is_the_status_object_with_rulings_and_the_changes(pangee):
    _retry_campaign(pangee)
    found = as_json(pangee, "what-if", "wound.treatment=once", "crit.nat1=critical-failure")
    assert sorted(found) == sorted(["campaign", "position", "characters", "rulings",
                                    "first_difference", "changes", "end"])
    assert found["rulings"] == {"wound.dc_dice_term": "multi", "wound.halving": "down",
                                "wound.treatment": "once", "rest.long_includes_short": "yes",
                                "crit.nat1": "critical-failure", "crit.checks": "on"}
    assert found["first_difference"] == 7
    assert [(c["number"], c["kind"], c["change"]) for c in found["changes"]] == [
        (7, "treat", "lost"), (8, "attack", "outcome"), (10, "rest long", "effects")]
    assert found["changes"][1]["text"] == ["#8 (attack): miss → critical failure"]
    arin = found["characters"][0]
    # untreated under `once`: 1d6+2 face 6 = 8, one long rest → 7
    assert arin["wounds"][0]["rests_remaining"] == 7 and arin["wounds"][0]["treated"] is False
    assert found["end"] == [
        {"name": "Arin", "differences": {"wounds": {"before": [3], "after": [7]}}},
        {"name": "Brune", "differences": {}}]


def test_what_if_for_one_character_names_its_changed_attack_RULING_NAT1(pangee):
    _retry_campaign(pangee)
    result = pangee("what-if", "crit.nat1=critical-failure", "Arin")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:3] == [
        "The first command whose outcome differs is #8 (attack).",
        "#8 (attack): miss → critical failure"]
    found = as_json(pangee, "what-if", "crit.nat1=critical-failure", "Arin")
    assert [c["number"] for c in found["changes"]] == [found["first_difference"]] == [8]


# -- corrections --------------------------------------------------------------------------------

def _stabilized_then_healed(pangee):
    party(pangee)
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")      # 4: dying
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")   # 5: the wound, 7
    ok(pangee, "heal", "Arin", "10", "--cause", "potion de soins")          # 6


def test_void_dry_run_prints_the_changes_and_writes_nothing(pangee_on):
    pangee = pangee_on
    _stabilized_then_healed(pangee)
    before = (ok(pangee, "log", "--json").stdout, ok(pangee, "checkpoint").stdout)
    preview = ok(pangee, "void", "5", "--reason", "pas stabilisé", "--dry-run",
                 "--wound-roll", "3").stdout
    assert preview.splitlines() == [
        "Voiding #5: a preview (nothing is written):",
        "  #6 gets wound roll (--wound-roll) 3 from this correction",
        "  #6: nothing becomes Arin survives (healed at 0 HP) with a wound from Greatsword: "
        "1d6+2 rolled 3 → 5 long rests; fatigue 1",
        "At the end:",
        "  Arin: wounds (long rests to go) 7 → 5",
        "  Brune: no difference"]
    preview_json = as_json(pangee, "void", "5", "--reason", "x", "--dry-run", "--force")
    assert preview_json["target"] == 5 and [c["number"] for c in preview_json["lost"]] == [6]
    assert (ok(pangee, "log", "--json").stdout, ok(pangee, "checkpoint").stdout) == before


def test_voiding_a_stabilization_a_later_heal_needs_is_refused_naming_it_WOUND_3(pangee_on):
    pangee = pangee_on
    _stabilized_then_healed(pangee)
    checkpoint = ok(pangee, "checkpoint").stdout
    assert refused(pangee, "void", "5", "--reason", "pas stabilisé") == (
        "pangee: error: voiding #5 would leave command #6 (healing) without effect: it would "
        "need a die that was never rolled; give it with --wound-roll (pangee void 5 --wound-roll "
        "FACE), or accept the loss with --force (see --dry-run)")
    assert ok(pangee, "checkpoint").stdout == checkpoint


def test_void_with_wound_roll_lets_the_heal_create_the_wound_WOUND_1_WOUND_3(pangee_on):
    pangee = pangee_on
    _stabilized_then_healed(pangee)
    assert ok(pangee, "void", "5", "--reason", "pas stabilisé", "--wound-roll", "3").stdout == (
        "#7     Correction: command #5 voided (pas stabilisé)\n")
    # the heal at 0 HP is now the survival (WOUND-1): 1d6+2, face 3 → 5 rests
    assert sheet(pangee, "Arin")["wounds"] == [{
        "cause": "Épée à deux mains", "cause_en": "Greatsword", "dice": "2d6", "formula": "1d6+2",
        "roll": 5, "rests_total": 5, "rests_remaining": 5, "treated": False}]
    assert block(ok(pangee, "log").stdout, 6)[2:] == [
        E + "since a correction, now: conscious",
        E + "  Arin survives (healed at 0 HP) with a wound from Greatsword: 1d6+2 rolled 3 → 5 "
            "long rests; fatigue 1  [WOUND-1, WOUND-2, WOUND-3, RULING-DROP-CAUSE, "
            "RULING-WOUND-DICE]",
        E + "  Arin regains consciousness: 0 → 10 HP  [BASE-DYING]"]
    assert entry(pangee, 7)["details"] == {"voided": 5, "reinstated": [],
                                           "supplied": {"6": {"wound_roll": 3}},
                                           "forced": False}


def test_void_force_accepts_the_loss_and_lists_what_lost_its_effect(pangee):
    _stabilized_then_healed(pangee)
    assert ok(pangee, "void", "5", "--reason", "pas stabilisé", "--force").stdout.splitlines() == [
        "#7     Correction: command #5 voided (pas stabilisé)",
        "These commands lost their effect (accepted with --force):",
        "  #6 (healing) would have no effect: it needs a wound roll (--wound-roll) that was "
        "never rolled (WOUND-3)"]
    arin = sheet(pangee, "Arin")
    assert (arin["hp"]["current"], arin["condition"], arin["wounds"]) == (0, "dying", [])
    assert block(ok(pangee, "log").stdout, 6)[-1] == (
        E + "without effect: it needs a wound roll (--wound-roll) that was never rolled (WOUND-3)")


def test_void_last_and_a_void_of_a_void_reinstates_the_command(pangee_on):
    pangee = pangee_on
    party(pangee)
    ok(pangee, "damage", "Arin", "10", "--cause", "dague")                  # 4
    ok(pangee, "session", "start", "Deux")                                  # 5
    assert ok(pangee, "void", "--last", "--reason", "mauvais personnage").stdout == (
        "#6     Correction: command #4 voided (mauvais personnage)\n")  # #5 cannot be voided
    assert sheet(pangee, "Arin")["hp"]["current"] == 45
    assert ok(pangee, "void", "6", "--reason", "finalement si").stdout.splitlines() == [
        "#7     Correction: correction #6 voided (finalement si): what it voided counts again",
        "        command #4 counts again (its correction #6 is voided)"]
    assert sheet(pangee, "Arin")["hp"]["current"] == 35
    assert entry(pangee, 7)["details"]["reinstated"] == [4]
    assert block(ok(pangee, "log").stdout, 6)[-1] == E + "voided by #7"


def _party_rest_after_stabilization(pangee):
    party(pangee)
    ok(pangee, "damage", "Brune", "10", "--cause", "dague")                 # 4
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")      # 5
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")   # 6
    ok(pangee, "rest", "long", "Arin", "Brune")                             # 7: Arin short
    ok(pangee, "void", "6", "--reason", "pas stabilisé", "--force")         # 8


def test_voiding_one_stabilization_keeps_the_others_long_rest_RULING_STABLE(pangee_on):
    pangee = pangee_on
    _party_rest_after_stabilization(pangee)
    brune, arin = sheet(pangee, "Brune"), sheet(pangee, "Arin")
    assert brune["hp"]["current"] == 38  # 28 → 38: Brune's part stays a long rest
    assert (arin["hp"]["current"], arin["condition"], arin["wounds"]) == (0, "dying", [])
    rest = entry(pangee, 7)
    assert rest["now"]["outcome"] == "long"
    assert [(e["character"], e["code"]) for e in rest["now"]["effects"]] == [
        ("Brune", "rest.long")]
    assert block(ok(pangee, "log").stdout, 7)[-3:-1] == [
        E + "since a correction, now: long rest",
        E + "  Brune takes a long rest: 28 → 38 HP  [REST-1, BASE-LONG-REST]"]


def test_voided_part_of_a_party_rest_shows_why_in_the_log_BASE_DYING(pangee):
    _party_rest_after_stabilization(pangee)
    assert block(ok(pangee, "log").stdout, 7)[-1] == (
        E + "  Arin's part has no effect: Arin is dying (0 HP, death saves pending): stabilize or "
            "heal before resting (BASE-DYING)  [BASE-DYING]")


def test_void_dry_run_previews_a_correction_that_would_need_a_die_WOUND_3(pangee):
    _stabilized_then_healed(pangee)
    checkpoint = ok(pangee, "checkpoint").stdout
    assert ok(pangee, "void", "5", "--reason", "pas stabilisé",
              "--dry-run").stdout.splitlines() == [
        "Voiding #5: a preview (nothing is written):",
        "  #6 (healing) would have no effect: it needs a wound roll (--wound-roll) that was "
        "never rolled (WOUND-3)",
        "At the end:",
        "  Arin: HP 10 → 0; conscious → dying; fatigue 1 → 0; wounds (long rests to go) 7 → none",
        "  Brune: no difference",
        "Recorded as given, this correction would be refused: voiding #5 would leave command #6 "
        "(healing) without effect: it would need a die that was never rolled; give it with "
        "--wound-roll (pangee void 5 --wound-roll FACE), or accept the loss with --force (see "
        "--dry-run)"]
    assert ok(pangee, "checkpoint").stdout == checkpoint


def test_void_dry_run_shows_the_days_in_the_wild_a_correction_gives_back_RULING_7_DAYS(pangee):
    party(pangee)
    ok(pangee, "rest", "wilderness", "Arin")                                # 4: day 1
    ok(pangee, "check", "Arin", "--dc", "10", "--d20", "12")                # 5: unmarked: broken
    assert sheet(pangee, "Arin")["wilderness_days"] == 0
    assert ok(pangee, "void", "5", "--reason", "chasse", "--dry-run").stdout.splitlines() == [
        "Voiding #5: a preview (nothing is written):",
        "  no later command changes",
        "At the end:",
        "  Arin: days in the wild 0 → 1",
        "  Brune: no difference"]
    ok(pangee, "void", "5", "--reason", "chasse")
    assert sheet(pangee, "Arin")["wilderness_days"] == 1


# -- the past, as corrected or as recorded ------------------------------------------------------

def test_status_as_of_shows_the_past_as_corrected_or_as_recorded_and_says_which(pangee_on):
    pangee = pangee_on
    _party_rest_after_stabilization(pangee)
    corrected = ok(pangee, "status", "--as-of", "7").stdout.splitlines()
    assert corrected[0] == ("L'Âge du Changement — as of command #7, as the record stands now "
                            "(corrections recorded since included)")
    assert corrected[1] == "Arin: 0/45 HP, dying"
    recorded = ok(pangee, "status", "--as-of", "7", "--as-recorded").stdout.splitlines()
    assert recorded[0] == ("L'Âge du Changement — as of command #7, as the table saw it then "
                           "(later corrections left out)")
    assert recorded[1:4] == [
        "Arin: 1/45 HP, conscious",
        "  fatigue 1 (ordinary 0, wound 1, magic 0); Constitution 14 (base 14, +0, −0)",
        "  wound 1: Greatsword (2d6 → 1d6+2 = 7), 7 of 7 long rests to go"]
    assert sheet(pangee, "Arin", "--as-of", "7")["condition"] == "dying"
    assert sheet(pangee, "Arin", "--as-of", "7", "--as-recorded")["condition"] == "conscious"
    assert ok(pangee, "status").stdout.splitlines()[0] == "L'Âge du Changement — command #8"


# -- notes --------------------------------------------------------------------------------------

def test_note_is_shown_under_its_command_in_log_json_and_exports_and_changes_nothing(pangee_on):
    pangee = pangee_on
    _stabilized_then_healed(pangee)
    before_status = status(pangee)["characters"]
    before_log = log(pangee)
    assert ok(pangee, "note", "5", "Brune conteste : DD 16").stdout == (
        "#7     Note on #5: Brune conteste : DD 16\n")
    assert block(ok(pangee, "log").stdout, 5)[-1] == E + "note #7: Brune conteste : DD 16"
    noted = log(pangee)
    assert noted[4]["notes"] == [{"number": 7, "text": "Brune conteste : DD 16"}]
    assert [{k: v for k, v in e.items() if k != "notes"} for e in noted[:6]] == [
        {k: v for k, v in e.items() if k != "notes"} for e in before_log]
    assert status(pangee)["characters"] == before_status
    assert (noted[6]["kind"], noted[6]["outcome"], noted[6]["details"]) == ("note", "noted",
                                                                           {"number": 5})
    markdown = ok(pangee, "export", "--format", "md").stdout
    assert "  - Note #7: Brune conteste : DD 16" in markdown.splitlines()
    csv_rows = ok(pangee, "export", "--format", "csv").stdout.splitlines()
    assert csv_rows[0].split(",")[17] == "notes"
    assert [r for r in csv_rows if r.startswith("5,")][0].count("note #7: Brune conteste : DD 16")


def test_note_is_shown_in_explain(pangee):
    _stabilized_then_healed(pangee)
    ok(pangee, "note", "5", "Brune conteste : DD 16")
    lines = ok(pangee, "explain", "Arin").stdout.splitlines()
    at = lines.index("Notes of the game master:")
    assert lines[at + 1] == "  #5  note #7: Brune conteste : DD 16"
    assert as_json(pangee, "explain", "Arin")["notes"] == [
        {"position": 5, "kind": "stabilize", "number": 7, "text": "Brune conteste : DD 16"}]
    french = ok(pangee, "explain", "Arin", lang="fr").stdout.splitlines()
    assert french[french.index("Notes du meneur de jeu :") + 1] == (
        "  #5  note #7 : Brune conteste : DD 16")
