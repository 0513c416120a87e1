"""Issue 12 — the second round's rules, one end-to-end test each through the CLI: treatment
of a chosen wound, warlocks' pact and arcanum, foraging, the stable at night, fatigue removed by
magic, resurrection at fatigue 6, ability score improvements, catalogue spells and causes,
Relentless Endurance that does not act, the assumed level, and the refusals' exact words.

Expected values come from RULES.md (the comments say how)."""

import pytest

from .support_cli import block, entry, log, ok, party, refused, sheet

E = " " * 8


def _two_wounds(pangee):
    """Arin: wound 1 from a greatsword (2d6 → 1d6+2, face 5 = 7), wound 2 from a dagger
    (1d4, face 4 = 4); commands #4 to #8."""
    party(pangee)
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")      # 4
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")   # 5: wound 1
    ok(pangee, "heal", "Arin", "10")                                        # 6
    ok(pangee, "damage", "Arin", "20", "--cause", "dague")                  # 7: a new drop to 0
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "4")   # 8: wound 2


# -- WOUND-4 / RULING-TREAT-CHOICE ------------------------------------------------------------

def test_treat_wound_n_uses_that_wounds_dc_RULING_TREAT_CHOICE(pangee_on):
    pangee = pangee_on
    _two_wounds(pangee)
    # the dagger's 1d4: DC 10 + 4 (a single die adds no dice term, RULING-DC-DICE) = 14;
    # 15 + 5 = 20 succeeds: 4 halved → 2 (RULING-HALVE)
    assert ok(pangee, "treat", "Arin", "--by", "Brune", "--wound", "2", "--d20", "15",
              "--bonus", "5").stdout.splitlines()[0] == (
        "#9     Brune treats Arin's wound 2 (Dagger, 1d4): Medicine d20 15 + 5 = 20 against DC "
        "14; 4 → 2 long rests → success  [WOUND-4, RULING-TREAT-CHOICE, RULING-DC-DICE, "
        "RULING-TREAT-ONCE, RULING-HALVE, RULING-TREAT-REMAINING]")
    wounds = sheet(pangee, "Arin")["wounds"]
    assert [(w["formula"], w["rests_remaining"], w["treated"]) for w in wounds] == [
        ("1d6+2", 7, False), ("1d4", 2, True)]
    # without --wound: the oldest not yet treated, wound 1, DC 10 + 6 + 2 = 18
    ok(pangee, "treat", "Arin", "--by", "Brune", "--d20", "10", "--bonus", "5")
    assert (entry(pangee, 10)["details"]["wound"], entry(pangee, 10)["details"]["dc"],
            entry(pangee, 10)["outcome"]) == (1, 18, "failure")


def test_treat_wound_out_of_the_queue_or_already_treated_is_refused_RULING_TREAT_ONCE(pangee):
    _two_wounds(pangee)
    assert refused(pangee, "treat", "Arin", "--by", "Brune", "--wound", "3", "--d20", "15") == (
        "pangee: error: Arin has 2 wounds: --wound 3 is not in the queue (expected 1 to 2; see "
        "pangee status Arin)")
    ok(pangee, "treat", "Arin", "--by", "Brune", "--wound", "2", "--d20", "2")  # a failure
    assert refused(pangee, "treat", "Arin", "--by", "Brune", "--wound", "2", "--d20", "15") == (
        "pangee: error: Arin's wound 2 (Dagger, #8) was already treated: each wound is treated "
        "once (RULING-TREAT-ONCE)")
    assert [e["position"] for e in log(pangee)][-1] == 9


def test_treat_a_character_with_no_wound_says_exactly_that_WOUND_4(pangee):
    party(pangee)
    assert refused(pangee, "treat", "Arin", "--by", "Brune", "--d20", "15") == (
        "pangee: error: Arin has no wound to treat (WOUND-4)")


def test_ledger_rolled_medicine_check_shows_bonus_0(pangee):
    _two_wounds(pangee)
    out = ok(pangee, "treat", "Arin", "--by", "Brune").stdout.splitlines()[0]
    details = entry(pangee, 9)["details"]
    face = details["d20"]
    assert (details["bonus"], details["total"], details["dc"]) == (0, face, 18)
    if face >= 18:  # WOUND-4: DC 10 + 6 + 2
        after, outcome, rules = 3, "success", ", RULING-HALVE, RULING-TREAT-REMAINING"
    else:
        after, outcome, rules = 7, "failure", ""
    assert out == (f"#9     Brune treats Arin's wound 1 (Greatsword, 1d6+2): Medicine d20 {face} "
                   f"+ 0 = {face} against DC 18; 7 → {after} long rests → {outcome} (rolled by "
                   f"the ledger: d20)  [WOUND-4, RULING-TREAT-CHOICE, RULING-DC-DICE, "
                   f"RULING-TREAT-ONCE{rules}]")
    check = ok(pangee, "check", "Brune", "--dc", "15", "--skill", "Médecine").stdout
    rolled = entry(pangee, 10)["details"]["d20"]
    assert check.startswith(f"#10    Brune makes a check (Médecine) against DC 15: d20 {rolled} "
                            f"+ 0 = {rolled}, margin {rolled - 15:+d} → ")


# -- MAGIC-4 / RULING-PACT ----------------------------------------------------------------------

@pytest.fixture
def warlock(pangee):
    party(pangee)
    ok(pangee, "character", "add", "Wil", "--con", "12", "--hp-max", "30", "--level", "9",
       "--warlock")                                                             # 4
    return pangee


def test_pact_slot_above_5_is_refused_pointing_at_arcanum_RULING_PACT(warlock):
    assert refused(warlock, "cast", "Wil", "désintégration", "--slot", "6", "--pact") == (
        "pangee: error: pact slots are of level 1 to 5: --slot 6 with --pact is not one; a "
        "level-6+ spell is the Mystic Arcanum: use --arcanum (RULING-PACT)")


def test_arcanum_below_level_6_is_refused_RULING_PACT(warlock):
    assert refused(warlock, "cast", "Wil", "cône de froid", "--slot", "5", "--arcanum",
                   "--save-bonus", "1") == (
        "pangee: error: the Mystic Arcanum holds spells of level 6 to 9: a level-5 spell is "
        "cast with a pact slot (--pact) (RULING-PACT)")


def test_ritual_with_a_pact_slot_is_refused_RULING_PACT(warlock):
    assert refused(warlock, "cast", "Wil", "contacter un autre plan", "--slot", "5", "--ritual",
                   "--pact") == (
        "pangee: error: a ritual never uses a pact slot: leave out --pact for Wil's ritual (its "
        "level-4+ rituals make the MAGIC-1 save) (RULING-PACT)")


def test_warlock_level_4_ritual_makes_the_save_but_a_pact_slot_does_not_MAGIC_1_MAGIC_4(warlock):
    # a level-5 ritual: DC 6 + 5 = 11 (MAGIC-1, like anyone's: RULING-PACT)
    assert ok(warlock, "cast", "Wil", "contacter un autre plan", "--slot", "5", "--ritual",
              "--save-d20", "10", "--save-bonus", "1").stdout.splitlines()[0] == (
        "#5     Wil casts Contact Other Plane as a ritual (level 5); Constitution save d20 10 + 1 "
        "= 11 against DC 11 → save made  [MAGIC-1, RULING-PACT]")
    # the same spell from a pact slot: no save (MAGIC-4)
    assert ok(warlock, "cast", "Wil", "contacter un autre plan", "--slot", "5",
              "--pact").stdout.splitlines()[0] == (
        "#6     Wil casts Contact Other Plane with a pact slot (level 5) → no save  [MAGIC-4, "
        "RULING-PACT]")
    # a level-6 spell of a warlock is its Arcanum: the save applies, DC 12; 11 fails: 1 level
    ok(warlock, "cast", "Wil", "désintégration", "--slot", "6", "--arcanum", "--save-d20", "10",
       "--save-bonus", "1")
    assert [e["outcome"] for e in log(warlock)[-3:]] == ["saved", "no-save", "fatigue"]
    assert sheet(warlock, "Wil")["fatigue"] == {"total": 1, "ordinary": 0, "wound": 0, "magic": 1}


# -- REST-3 / RULING-FORAGING -------------------------------------------------------------------

def test_foraging_attack_check_and_damage_keep_the_days_in_the_wild_RULING_FORAGING(pangee_on):
    pangee = pangee_on
    party(pangee)
    ok(pangee, "rest", "wilderness", "Arin")                                            # 4
    ok(pangee, "rest", "wilderness", "Arin")                                            # 5
    assert ok(pangee, "attack", "Arin", "--ac", "12", "--d20", "10", "--bonus", "3",
              "--target", "sanglier", "--foraging").stdout.splitlines() == [
        "#6     Arin attacks sanglier (AC 12): d20 10 + 3 = 13, margin +1 → hit (finding food)  "
        "[BASE-CRIT, REST-3, RULING-FORAGING]",
        E + "finding food keeps Arin's days in the wild (2 so far)  [REST-3, RULING-FORAGING]"]
    ok(pangee, "check", "Arin", "--dc", "12", "--d20", "10", "--skill", "pêche", "--foraging")
    ok(pangee, "damage", "Arin", "3", "--cause", "loup : morsure", "--foraging")
    assert sheet(pangee, "Arin")["wilderness_days"] == 2
    ok(pangee, "rest", "wilderness", "Arin")                                            # 9
    assert sheet(pangee, "Arin")["wilderness_days"] == 3
    assert [entry(pangee, n)["rules"][-2:] for n in (7, 8)] == [["REST-3", "RULING-FORAGING"]] * 2


@pytest.mark.parametrize("command", [
    ("attack", "Arin", "--ac", "12", "--d20", "10"),
    ("check", "Arin", "--dc", "12", "--d20", "10"),
    ("damage", "Arin", "3", "--cause", "loup : morsure"),
])
def test_unmarked_attack_check_or_damage_interrupts_the_days_in_the_wild_RULING_7_DAYS(
        pangee, command):
    party(pangee)
    ok(pangee, "rest", "wilderness", "Arin")
    ok(pangee, "rest", "wilderness", "Arin")
    assert ok(pangee, *command).stdout.splitlines()[-1] == (
        E + "Arin's days in the wild are interrupted (2 days lost)  [RULING-7-DAYS]")
    assert sheet(pangee, "Arin")["wilderness_days"] == 0


# -- RULING-STABLE ------------------------------------------------------------------------------

@pytest.mark.parametrize("rest", [("rest", "night", "Arin", "Brune", "--safe", "--calm"),
                                  ("rest", "long", "Arin", "Brune"),
                                  ("rest", "wilderness", "Arin", "Brune")])
def test_stable_character_regains_1_hp_at_night_with_short_rest_benefits_RULING_STABLE(
        pangee, rest):
    party(pangee)
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")      # 4
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")   # 5: 7 rests
    ok(pangee, "rest", "short", "Arin")                                     # 6: an hour: nothing
    assert (sheet(pangee, "Arin")["hp"]["current"], sheet(pangee, "Arin")["condition"]) == (
        0, "stable")
    lines = ok(pangee, *rest).stdout.splitlines()
    assert lines[1] == (E + "Arin, stable at the start of the night, regains 1 HP: this rest "
                            "gives it only a short rest's benefits  [RULING-STABLE, BASE-DYING]")
    arin = sheet(pangee, "Arin")
    # 1 HP and short-rest benefits only: the wound's count does not move
    assert (arin["hp"]["current"], arin["condition"], arin["wounds"][0]["rests_remaining"]) == (
        1, "conscious", 7)
    assert entry(pangee, 7)["outcomes"]["Arin"] == "short"
    # the next night starts at 1 HP: it can be a long rest (REST-1, BASE-LONG-REST)
    ok(pangee, "rest", "long", "Arin", "Brune")
    arin = sheet(pangee, "Arin")
    assert (arin["hp"]["current"], arin["wounds"][0]["rests_remaining"]) == (45, 6)
    assert entry(pangee, 8)["outcomes"] == {"Arin": "long", "Brune": "long"}


# -- FATIGUE-SOURCES / RULING-RESTORATION / RULING-FATIGUE-DEATH --------------------------------

def test_fatigue_removed_by_magic_names_its_source_RULING_RESTORATION(pangee_on):
    pangee = pangee_on
    party(pangee)
    ok(pangee, "fatigue", "Brune", "+2", "--cause", "marche forcée")
    ok(pangee, "cast", "Brune", "flétrissement", "--slot", "5", "--save-d20", "2",
       "--save-bonus", "1")                                                   # magic +1
    assert ok(pangee, "fatigue", "Brune", "-1", "--source", "magic", "--cause",
              "restauration supérieure").stdout.splitlines() == [
        "#6     Brune: fatigue -1 (magic, restauration supérieure)  [RULING-RESTORATION, "
        "FATIGUE-SOURCES, MAGIC-2]",
        E + "Brune loses 1 magic fatigue level (restauration supérieure): fatigue 2  "
            "[RULING-RESTORATION, FATIGUE-SOURCES, MAGIC-2]"]
    ok(pangee, "fatigue", "Brune", "-2", "--source", "ordinary", "--cause",
       "restauration supérieure")
    assert sheet(pangee, "Brune")["fatigue"] == {"total": 0, "ordinary": 0, "wound": 0,
                                                 "magic": 0}


def test_fatigue_wound_source_is_refused_FATIGUE_SOURCES(pangee):
    _two_wounds(pangee)
    message = refused(pangee, "fatigue", "Arin", "-1", "--source", "wound", "--cause", "x",
                      code=2)
    assert message.startswith("pangee: error: Invalid value for '--source': 'wound' is not one "
                              "of 'ordinary', 'magic'.")
    assert refused(pangee, "fatigue", "Arin", "-1", "--source", "magic", "--cause", "x") == (
        "pangee: error: Arin has 0 magic fatigue levels: cannot remove 1 (wound levels: 2, which "
        "go only with their wounds) (FATIGUE-SOURCES)")


def test_fatigue_total_never_shows_above_6_and_magic_removes_levels_of_the_dead_BASE_FATIGUE(
        pangee):
    party(pangee)
    ok(pangee, "fatigue", "Brune", "+4", "--cause", "marche forcée")
    assert ok(pangee, "fatigue", "Brune", "+4", "--cause", "malédiction").stdout.splitlines()[1] \
        == E + ("Brune gains 4 ordinary fatigue levels (malédiction): fatigue 6  "
                "[FATIGUE-SOURCES, BASE-FATIGUE]")
    brune = sheet(pangee, "Brune")
    assert (brune["fatigue"]["total"], brune["condition"], brune["hp"]["current"]) == (
        6, "dead", 0)
    assert "fatigue 6 (" in ok(pangee, "status", "Brune").stdout
    assert "fatigue 7" not in ok(pangee, "log").stdout + ok(pangee, "explain", "Brune").stdout
    assert refused(pangee, "fatigue", "Brune", "+1", "--cause", "x") == (
        "pangee: error: Brune is dead: fatigue can only be removed now, by magic, before a "
        "resurrection (RULING-FATIGUE-DEATH)")
    # allowed on the dead: the total stays 6 until the levels held go under it
    ok(pangee, "fatigue", "Brune", "-1", "--source", "ordinary", "--cause",
       "restauration supérieure")
    assert sheet(pangee, "Brune")["fatigue"]["total"] == 6


def test_death_at_fatigue_6_names_the_character_RULING_FATIGUE_DEATH(pangee):
    party(pangee)
    lines = ok(pangee, "fatigue", "Brune", "+6", "--cause", "malédiction").stdout.splitlines()
    assert lines[-1] == E + ("Brune reaches fatigue 6 and dies  [BASE-FATIGUE, "
                             "RULING-FATIGUE-DEATH]")
    assert E + ("Brune atteint le niveau de fatigue 6 et meurt  [BASE-FATIGUE, "
                "RULING-FATIGUE-DEATH]") in ok(pangee, "log", lang="fr").stdout.splitlines()
    assert "{name}" not in ok(pangee, "explain", "Brune").stdout


def _dead_of_fatigue(pangee):
    party(pangee)
    ok(pangee, "fatigue", "Brune", "+4", "--cause", "marche forcée")          # 4
    ok(pangee, "fatigue", "Brune", "+3", "--cause", "malédiction")            # 5: 7 levels held


def test_resurrection_at_fatigue_6_is_refused_before_the_caster_pays_RULING_FATIGUE_DEATH(
        pangee_on):
    pangee = pangee_on
    _dead_of_fatigue(pangee)
    assert refused(pangee, "cast", "Arin", "rappel à la vie", "--slot", "5", "--save-d20", "15",
                   "--save-bonus", "1", "--target", "Brune") == (
        "pangee: error: Brune died of fatigue (7 levels: ordinary 7, magic 0, wound 0) and would "
        "be at fatigue 6 again: first record the magic that removes at least 2 ordinary or magic "
        "levels (pangee fatigue Brune -N --source ordinary|magic --cause TEXT); nothing was paid "
        "(RULING-FATIGUE-DEATH)")
    arin = sheet(pangee, "Arin")
    assert arin["constitution"] == {"base": 14, "improvements": 0, "lost": 0, "current": 14}
    assert (arin["hp"]["current"], arin["fatigue"]["total"]) == (45, 0)
    assert [e["position"] for e in log(pangee)][-1] == 5


def test_resurrection_after_the_levels_are_removed_is_accepted_RES_1(pangee_on):
    pangee = pangee_on
    _dead_of_fatigue(pangee)
    ok(pangee, "fatigue", "Brune", "-2", "--source", "ordinary", "--cause",
       "restauration supérieure")                                               # 6: 5 levels
    assert ok(pangee, "cast", "Arin", "rappel à la vie", "--slot", "5", "--save-d20", "15",
              "--save-bonus", "1", "--target", "Brune").stdout.splitlines() == [
        "#7     Arin casts Raise Dead (slot 5); Constitution save d20 15 + 1 = 16 against DC 11; "
        "target: Brune → save made  [MAGIC-1, RES-1, RES-2, RULING-DROP-CAUSE]",
        E + "Arin saves against dying magic: Constitution d20 15 + 1 = 16 against DC 11  "
            "[MAGIC-1]",
        E + "Arin loses 1 Constitution for ever casting Raise Dead: 14 → 13; HP maximum 45 → 40  "
            "[RES-1, RES-2]",
        E + "Brune returns to life at 1 HP (Raise Dead); death is not a wound  [RES-1, "
            "RULING-DROP-CAUSE]"]
    brune = sheet(pangee, "Brune")
    # fatigue 5 keeps fatigue 4's halved maximum (BASE-FATIGUE): 38 → 19
    assert (brune["condition"], brune["hp"], brune["fatigue"]["total"], brune["wounds"]) == (
        "conscious", {"current": 1, "max": 38, "effective_max": 19}, 5, [])


# -- RULING-ASI ---------------------------------------------------------------------------------

def test_improve_con_never_above_20_unless_beyond_cap_with_a_cause_RULING_ASI(pangee):
    party(pangee)
    ok(pangee, "character", "add", "Cid", "--con", "19", "--hp-max", "30", "--level", "4")  # 4
    assert refused(pangee, "improve", "Cid", "--con", "2") == (
        "pangee: error: Cid's Constitution is 19: +2 would go above 20 (at most +1); an item or "
        "boon that lifts the cap is recorded with --beyond-cap --cause TEXT (RULING-ASI)")
    assert refused(pangee, "improve", "Cid", "--con", "3", code=2) == (
        "pangee: error: Constitution improvement --con: 3 is out of range: expected 1 to 2")
    # 19 → 20: modifier +4 → +5, level 4: 30 → 34
    assert ok(pangee, "improve", "Cid", "--con", "1").stdout.splitlines() == [
        "#5     Cid: Constitution +1 (ability score improvement)  [RULING-ASI, RES-2]",
        E + "Cid improves Constitution by 1: 19 → 20; HP maximum 30 → 34  [RULING-ASI, RES-2]"]
    assert refused(pangee, "improve", "Cid", "--con", "2", "--beyond-cap", code=2) == (
        "pangee: error: --beyond-cap needs --cause TEXT: the item or boon that lifts the cap "
        "(RULING-ASI)")
    ok(pangee, "improve", "Cid", "--con", "2", "--beyond-cap", "--cause",
       "ceinturon de force des géants")
    assert entry(pangee, 6)["summary"] == (
        "Cid: Constitution +2 beyond the cap (ceinturon de force des géants)")
    cid = sheet(pangee, "Cid")
    assert cid["constitution"] == {"base": 19, "improvements": 3, "lost": 0, "current": 22}
    assert cid["hp"]["max"] == 38  # 22: +6, four levels above +4's 30


# -- the catalogue ------------------------------------------------------------------------------

def test_misspelt_catalogue_spell_is_refused_with_did_you_mean(pangee):
    party(pangee)
    assert refused(pangee, "cast", "Brune", "flétrisement", "--slot", "4", "--pay-hp") == (
        "pangee: error: 'flétrisement' is not in the catalogue: did you mean Flétrissement? "
        "(--custom records a spell the catalogue does not have)")
    assert [e["position"] for e in log(pangee)][-1] == 3


def test_custom_records_a_spell_the_catalogue_does_not_have_MAGIC_1(pangee):
    party(pangee)
    assert ok(pangee, "cast", "Brune", "flétrisement", "--slot", "4", "--custom",
              "--pay-hp").stdout.splitlines()[0] == (
        "#4     Brune casts flétrisement (slot 4) → HP paid  [MAGIC-1, MAGIC-5, RULING-MAGIC-HP, "
        "BASE-DYING]")
    ok(pangee, "cast", "Brune", "chant des brumes", "--slot", "2", "--custom")
    cast = entry(pangee, 5)
    assert (cast["summary"], cast["outcome"]) == ("Brune casts chant des brumes (slot 2) → no save",
                                                  "no-save")
    # a free-text spell never costs Constitution
    assert sheet(pangee, "Brune")["constitution"]["current"] == 12


def test_damage_slot_6_blight_is_10d8_and_its_wound_1d8_plus_10_RULING_WOUND_DICE(pangee_on):
    pangee = pangee_on
    party(pangee)
    assert ok(pangee, "damage", "Arin", "50", "--cause", "flétrissement", "--slot",
              "6").stdout.splitlines()[0] == (
        "#4     Arin takes 50 damage (Blight, 10d8) → dying  [BASE-DYING, RULING-DROP-CAUSE]")
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "4")
    wound, = sheet(pangee, "Arin")["wounds"]
    # blight 8d8 at 4th level, +1d8 per slot above: 10d8 at 6th → one d8 + 10 (WOUND-3)
    assert (wound["dice"], wound["formula"], wound["roll"], wound["rests_total"]) == (
        "10d8", "1d8+10", 14, 14)


# -- RULING-ENDURE ------------------------------------------------------------------------------

def test_endure_on_damage_that_does_not_drop_to_0_applies_it_and_says_so_RULING_ENDURE(pangee):
    party(pangee)
    ok(pangee, "character", "add", "Gorm", "--con", "16", "--hp-max", "50", "--level", "5",
       "--relentless")                                                          # 4
    assert ok(pangee, "damage", "Gorm", "10", "--cause", "dague",
              "--endure").stdout.splitlines() == [
        "#5     Gorm takes 10 damage (Dagger, 1d4) → conscious  [RULING-ENDURE, BASE-DYING]",
        E + "Relentless Endurance does not act: the damage does not drop Gorm to 0 HP  "
            "[RULING-ENDURE]",
        E + "Gorm takes 10 damage: 50 → 40 HP  [BASE-DYING]"]
    # unspent: the next drop to 0 is held at 1 HP, with no wound (WOUND-1)
    ok(pangee, "damage", "Gorm", "60", "--cause", "dague", "--endure")
    gorm = sheet(pangee, "Gorm")
    assert (gorm["hp"]["current"], gorm["condition"], gorm["wounds"]) == (1, "conscious", [])
    assert entry(pangee, 6)["outcome"] == "endured"


# -- the roster and refusals --------------------------------------------------------------------

def test_character_add_without_level_says_level_1_was_assumed(pangee):
    ok(pangee, "init", "Valmorte")
    assert ok(pangee, "character", "add", "Arin", "--con", "14", "--hp-max", "12").stdout == (
        "#2     Arin joins the campaign: Constitution 14, 12 HP, level 1 (assumed: --level not "
        "given)\n")
    assert entry(pangee, 2)["effects"][0]["params"]["assumed"] is True


def test_party_rest_refusal_is_one_sentence_naming_the_dying_BASE_DYING(pangee):
    party(pangee)
    ok(pangee, "character", "add", "Cid", "--con", "16", "--hp-max", "30", "--level", "4")
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")
    assert refused(pangee, "rest", "long", "Arin", "Brune") == (
        "pangee: error: the party cannot rest while Arin is dying: stabilize or heal first "
        "(BASE-DYING)")
    ok(pangee, "damage", "Cid", "30", "--cause", "dague")
    assert refused(pangee, "rest", "night", "Arin", "Brune", "Cid", "--safe", "--calm") == (
        "pangee: error: the party cannot rest while Arin and Cid are dying: stabilize or heal them "
        "first (BASE-DYING)")


def test_stable_night_block_in_the_log_RULING_STABLE(pangee):
    """The log of the party rest where Arin, stable, gets a short rest and Brune a long one."""
    party(pangee)
    ok(pangee, "damage", "Brune", "10", "--cause", "dague")
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")
    ok(pangee, "rest", "long", "Arin", "Brune")
    assert block(ok(pangee, "log").stdout, 7) == [
        "#7     Long rest: Arin, Brune → long rest  [RULING-STABLE, BASE-DYING, REST-1, REST-2, "
        "BASE-LONG-REST]",
        E + "Arin, stable at the start of the night, regains 1 HP: this rest gives it only a "
            "short rest's benefits  [RULING-STABLE, BASE-DYING]",
        E + "Arin gets only a short rest's benefits  [REST-1, REST-2]",
        E + "Brune takes a long rest: 28 → 38 HP  [REST-1, BASE-LONG-REST]"]
