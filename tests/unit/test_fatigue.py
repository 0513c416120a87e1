"""Fatigue by source: FATIGUE-SOURCES and BASE-FATIGUE (4: HP maximum halved; 6: death),
RULING-RESTORATION (magic that removes levels: ordinary or magic, never a wound's; the total
never shows above 6) and RULING-FATIGUE-DEATH (levels may be removed from the dead)."""

from dataclasses import replace

import pytest

from ledger.rules.errors import BadValue, RuleRefusal
from ledger.rules.fatigue import change
from ledger.rules.sheet import (Level, effective_max, fatigue_levels, fatigue_total, hp_max,
                                new_sheet)

from .support import codes, effect, named, party, problem, spell, the, wounded

ORDINARY = ("FATIGUE-SOURCES", "BASE-FATIGUE")
MAGIC = ("FATIGUE-SOURCES", "MAGIC-2")


@pytest.mark.parametrize("deltas, ordinary", [
    ([1], 1),
    ([2], 2),
    ([3, -1], 2),
    ([1, 1, -2], 0),
    ([2, -1, 1], 2),
])
def test_FATIGUE_SOURCES_ordinary_plus_and_minus_N(deltas, ordinary):
    table = party()
    for delta in deltas:
        result = table.do("fatigue", "Arin", delta=delta, cause="marche forcée")
        if delta > 0:
            assert result.rules == list(ORDINARY)
            assert codes(result) == ["fatigue.gained"]
        else:  # RULING-RESTORATION: whatever removes levels names the source it removes
            assert result.rules == ["RULING-RESTORATION", *ORDINARY]
            assert codes(result) == ["fatigue.removed"]
    assert len(table["Arin"].ordinary) == ordinary
    assert table.fatigue("Arin") == ordinary


def test_FATIGUE_SOURCES_plus_N_names_the_source_the_cause_and_the_new_total():
    sheet, effects = change(new_sheet("Arin", 14, 45), 2, "ordinary", "marche forcée", 3)
    assert [(level.cause, level.position, level.rules) for level in sheet.ordinary] == [
        ("marche forcée", 3, ORDINARY)] * 2
    assert effects == [effect("Arin", "fatigue.gained", ORDINARY, name="Arin", source="ordinary",
                              levels=2, cause=named("marche forcée"), total=2)]


def test_FATIGUE_SOURCES_minus_N_removes_the_oldest_ordinary_levels_first():
    sheet = new_sheet("Arin", 14, 45)
    sheet, _ = change(sheet, 1, "ordinary", "marche forcée", 3)
    sheet, _ = change(sheet, 1, "ordinary", "faim", 4)
    sheet, _ = change(sheet, 1, "ordinary", "froid", 5)
    sheet, effects = change(sheet, -2, "ordinary", "repos au relais", 6)
    assert [(level.cause, level.position) for level in sheet.ordinary] == [("froid", 5)]
    assert effects == [effect("Arin", "fatigue.removed", ("RULING-RESTORATION", *ORDINARY),
                              name="Arin", source="ordinary", levels=2,
                              cause=named("repos au relais"), total=1)]


@pytest.mark.parametrize("ordinary, delta", [(0, -1), (1, -2), (2, -3)])
def test_FATIGUE_SOURCES_minus_N_beyond_ordinary_levels_refused(ordinary, delta):
    table = wounded([5, 5])                 # two wound levels …
    if ordinary:
        table.do("fatigue", "Arin", delta=ordinary, cause="marche forcée")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("fatigue", "Arin", delta=delta, cause="potion")
    assert problem(refusal.value) == ("fatigue.not_enough", "FATIGUE-SOURCES", {
        "name": "Arin", "source": "ordinary", "held": ordinary, "asked": -delta, "wound": 2})
    assert table.fatigue("Arin") == 2 + ordinary   # … which an ordinary −N never touches


def _mira_after_a_failed_cone_of_cold():
    table = party()
    table.add("Mira", con=12, hp_max=30, level=9)
    table.do("cast", "Mira", spell=spell("Cône de froid", 5, "8d8", "Cone of Cold"), slot=5,
             save_d20=2, save_bonus=0)
    assert [level.cause for level in table["Mira"].magic] == ["Cône de froid"]
    return table


def test_FATIGUE_SOURCES_magic_levels_are_not_removed_by_an_ordinary_minus_N():
    table = _mira_after_a_failed_cone_of_cold()
    with pytest.raises(RuleRefusal) as refusal:
        table.do("fatigue", "Mira", delta=-1, cause="potion")
    assert problem(refusal.value) == ("fatigue.not_enough", "FATIGUE-SOURCES", {
        "name": "Mira", "source": "ordinary", "held": 0, "asked": 1, "wound": 0})
    assert table.fatigue("Mira") == 1


def test_RULING_RESTORATION_magic_levels_removed_when_the_GM_names_the_magic_source():
    table = _mira_after_a_failed_cone_of_cold()
    result = table.do("fatigue", "Mira", delta=-1, source="magic",
                      cause="restauration supérieure")
    assert (table.fatigue("Mira"), table["Mira"].magic) == (0, ())
    assert result.effects == [effect("Mira", "fatigue.removed",
                                     ("RULING-RESTORATION", *MAGIC), name="Mira",
                                     source="magic", levels=1,
                                     cause=named("restauration supérieure"), total=0)]


def test_RULING_RESTORATION_magic_levels_added_by_the_GM_are_recovered_by_short_rests():
    table = party()
    result = table.do("fatigue", "Arin", delta=2, source="magic", cause="malédiction")
    assert result.rules == list(MAGIC)
    assert (len(table["Arin"].magic), len(table["Arin"].ordinary)) == (2, 0)
    table.do("rest short", ["Arin"])
    assert table.fatigue("Arin") == 1


@pytest.mark.parametrize("delta", [1, -1])
def test_RULING_RESTORATION_a_wound_level_is_never_removed_nor_added_by_hand(delta):
    table = wounded([5])
    with pytest.raises(RuleRefusal) as refusal:
        table.do("fatigue", "Arin", delta=delta, source="wound", cause="restauration supérieure")
    assert problem(refusal.value) == ("fatigue.wound_source", "RULING-RESTORATION",
                                      {"name": "Arin"})
    assert (table.fatigue("Arin"), table.rests("Arin")) == (1, [5])


@pytest.mark.parametrize("delta, source, code, params", [
    (1, "exhaustion", "fatigue.unknown_source",
     {"source": "exhaustion", "expected": ["ordinary", "magic"]}),
    (0, "ordinary", "fatigue.delta_range", {"delta": 0, "most": 6}),
    (7, "ordinary", "fatigue.delta_range", {"delta": 7, "most": 6}),
    (-7, "magic", "fatigue.delta_range", {"delta": -7, "most": 6}),
])
def test_RULING_RESTORATION_malformed_fatigue_changes_are_BadValue(delta, source, code, params):
    with pytest.raises(BadValue) as error:
        party().do("fatigue", "Arin", delta=delta, source=source, cause="x")
    assert problem(error.value) == (code, None, params)
    assert error.value.exit_code == 2


def test_RULING_RESTORATION_six_levels_at_once_either_way():
    table = party()
    table.do("fatigue", "Arin", delta=6, cause="marche forcée")
    assert (table.fatigue("Arin"), table.condition("Arin")) == (6, "dead")
    result = table.do("fatigue", "Arin", delta=-6, cause="souhait")
    assert (table.fatigue("Arin"), table.condition("Arin")) == (0, "dead")
    assert the(result, "fatigue.removed")["params"]["levels"] == 6


def test_FATIGUE_SOURCES_the_total_is_the_sum_of_the_three_sources():
    sheet = replace(new_sheet("Arin", 14, 45),
                    ordinary=(Level(1, "faim", ()),),
                    magic=(Level(2, "a", ()), Level(3, "b", ())))
    assert fatigue_total(sheet) == 3
    table = wounded([4])
    table.do("fatigue", "Arin", delta=2, cause="marche forcée")
    assert table.fatigue("Arin") == 3


@pytest.mark.parametrize("ordinary, magic, levels, total", [
    (5, 0, 5, 5),
    (6, 0, 6, 6),
    (6, 1, 7, 6),     # the levels are kept, the total never shows above 6
    (4, 5, 9, 6),
])
def test_RULING_RESTORATION_the_total_never_shows_above_6(ordinary, magic, levels, total):
    sheet = replace(new_sheet("Arin", 14, 45),
                    ordinary=tuple(Level(i, "faim", ()) for i in range(ordinary)),
                    magic=tuple(Level(10 + i, "a", ()) for i in range(magic)))
    assert (fatigue_levels(sheet), fatigue_total(sheet)) == (levels, total)


def test_RULING_RESTORATION_levels_beyond_6_are_kept_and_shown_as_6():
    table = wounded([3, 3, 3])
    result = table.do("fatigue", "Arin", delta=5, cause="froid")
    assert (table.condition("Arin"), table.fatigue("Arin")) == ("dead", 6)
    assert fatigue_levels(table["Arin"]) == 8
    assert the(result, "fatigue.gained")["params"]["total"] == 6
    table.do("fatigue", "Arin", delta=-2, cause="restauration supérieure")
    assert (fatigue_levels(table["Arin"]), table.fatigue("Arin")) == (6, 6)   # still 6 shown
    table.do("fatigue", "Arin", delta=-1, cause="restauration supérieure")
    assert (fatigue_levels(table["Arin"]), table.fatigue("Arin")) == (5, 5)
    assert table.condition("Arin") == "dead"         # removing levels brings no one back


@pytest.mark.parametrize("hp_max_base, fatigue, effective", [
    (45, 0, 45),
    (45, 3, 45),
    (45, 4, 22),     # halved, rounded down
    (45, 5, 22),
    (38, 4, 19),
    (1, 4, 0),
])
def test_BASE_FATIGUE_effective_max_halved_at_4(hp_max_base, fatigue, effective):
    sheet = replace(new_sheet("Arin", 14, hp_max_base),
                    ordinary=tuple(Level(i, "faim", ()) for i in range(fatigue)))
    assert hp_max(sheet) == hp_max_base
    assert effective_max(sheet) == effective


def test_BASE_FATIGUE_reaching_4_caps_current_HP_and_going_back_to_3_does_not_restore_it():
    table = party()
    table.do("fatigue", "Arin", delta=4, cause="marche forcée")
    assert (table.hp("Arin"), table.effective_max("Arin")) == (22, 22)
    table.do("fatigue", "Arin", delta=-1, cause="potion")
    assert (table.hp("Arin"), table.effective_max("Arin")) == (22, 45)


@pytest.mark.parametrize("wounds, ordinary, condition", [
    ([], 5, "conscious"),
    ([], 6, "dead"),
    ([3, 3, 3], 2, "conscious"),
    ([3, 3, 3], 3, "dead"),          # wound levels count like any other (WOUND-7)
])
def test_BASE_FATIGUE_dead_at_6(wounds, ordinary, condition):
    table = wounded(wounds)
    result = table.do("fatigue", "Arin", delta=ordinary, cause="marche forcée")
    assert table.condition("Arin") == condition
    died = effect("Arin", "fatigue.death", ("BASE-FATIGUE", "RULING-FATIGUE-DEATH"), name="Arin")
    assert (died in result.effects) is (condition == "dead")
    if condition == "dead":
        assert (table.hp("Arin"), table["Arin"].drop) == (0, None)


def test_BASE_FATIGUE_dying_magic_can_reach_6():
    table = party()
    table.add("Mira", con=12, hp_max=30, level=17)
    table.do("fatigue", "Mira", delta=4, cause="marche forcée")
    result = table.do("cast", "Mira", spell=spell("Souhait", 9, None, "Wish"), slot=9,
                      save_d20=3, save_bonus=2)
    assert (table.fatigue("Mira"), table.condition("Mira")) == (6, "dead")
    assert codes(result)[-2:] == ["fatigue.gained", "fatigue.death"]


def test_RULING_FATIGUE_DEATH_the_dead_gain_no_fatigue_but_may_lose_it():
    """Changed on purpose: removal is allowed on the dead (restoration magic recorded before a
    resurrection); adding is still refused."""
    table = party()
    table.do("fatigue", "Arin", delta=6, cause="marche forcée")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("fatigue", "Arin", delta=1, cause="froid")
    assert problem(refusal.value) == ("fatigue.dead_gains", "BASE-FATIGUE", {"name": "Arin"})
    result = table.do("fatigue", "Arin", delta=-1, cause="restauration supérieure")
    assert (table.fatigue("Arin"), table.condition("Arin"), table.hp("Arin")) == (5, "dead", 0)
    assert codes(result) == ["fatigue.removed"]
    assert "fatigue.death" not in codes(result)


def test_RULING_FATIGUE_DEATH_the_dead_lose_magic_levels_too_but_never_a_wound_level():
    table = wounded([4])
    table.do("fatigue", "Arin", delta=3, cause="marche forcée")
    table.do("fatigue", "Arin", delta=2, source="magic", cause="malédiction")
    assert table.condition("Arin") == "dead"
    table.do("fatigue", "Arin", delta=-2, source="magic", cause="restauration supérieure")
    assert (len(table["Arin"].magic), table.fatigue("Arin")) == (0, 4)
    with pytest.raises(RuleRefusal) as refusal:
        table.do("fatigue", "Arin", delta=-1, source="wound", cause="restauration supérieure")
    assert refusal.value.code == "fatigue.wound_source"
