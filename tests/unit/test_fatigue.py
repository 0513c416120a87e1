"""Fatigue by source: FATIGUE-SOURCES and BASE-FATIGUE (4: HP maximum halved; 6: death)."""

from dataclasses import replace

import pytest

from ledger.rules.errors import RuleRefusal
from ledger.rules.fatigue import change_ordinary
from ledger.rules.sheet import Level, effective_max, fatigue_total, hp_max, new_sheet

from .support import party, spell, wounded


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
        assert result.rules == ["FATIGUE-SOURCES", "BASE-FATIGUE"]
    assert len(table["Arin"].ordinary) == ordinary
    assert table.fatigue("Arin") == ordinary


def test_FATIGUE_SOURCES_minus_N_removes_the_oldest_ordinary_levels_first():
    sheet = new_sheet("Arin", 14, 45)
    sheet, _ = change_ordinary(sheet, 1, "marche forcée", 3)
    sheet, _ = change_ordinary(sheet, 1, "faim", 4)
    sheet, _ = change_ordinary(sheet, 1, "froid", 5)
    sheet, effects = change_ordinary(sheet, -2, "repos au relais", 6)
    assert [(level.cause, level.position) for level in sheet.ordinary] == [("froid", 5)]
    assert effects == [("Arin loses 2 ordinary fatigue level(s) (repos au relais)",
                        ("FATIGUE-SOURCES", "BASE-FATIGUE"))]


@pytest.mark.parametrize("ordinary, delta", [(0, -1), (1, -2), (2, -3)])
def test_FATIGUE_SOURCES_minus_N_beyond_ordinary_levels_refused(ordinary, delta):
    table = wounded([5, 5])                 # two wound levels …
    if ordinary:
        table.do("fatigue", "Arin", delta=ordinary, cause="marche forcée")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("fatigue", "Arin", delta=delta, cause="potion")
    assert (f"Arin has {ordinary} ordinary fatigue level(s): cannot remove {-delta}; wound and "
            "magic levels go only by their own recoveries") in str(refusal.value)
    assert refusal.value.rule == "FATIGUE-SOURCES"
    assert table.fatigue("Arin") == 2 + ordinary   # … which an ordinary −N never touches


def test_FATIGUE_SOURCES_magic_levels_are_not_removed_by_minus_N():
    table = party()
    table.add("Mira", con=12, hp_max=30, level=9)
    table.do("cast", "Mira", spell=spell("Cône de froid", 5, "8d8", "Cone of Cold"), slot=5,
             save_d20=2, save_bonus=0)
    with pytest.raises(RuleRefusal, match="Mira has 0 ordinary fatigue level"):
        table.do("fatigue", "Mira", delta=-1, cause="potion")


def test_FATIGUE_SOURCES_the_total_is_the_sum_of_the_three_sources():
    sheet = replace(new_sheet("Arin", 14, 45),
                    ordinary=(Level(1, "faim", ()),),
                    magic=(Level(2, "a", ()), Level(3, "b", ())))
    assert fatigue_total(sheet) == 3
    table = wounded([4])
    table.do("fatigue", "Arin", delta=2, cause="marche forcée")
    assert table.fatigue("Arin") == 3


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
    died = {"text": "Arin reaches fatigue 6 and dies", "rules": ["BASE-FATIGUE"]}
    assert (died in result.effects) is (condition == "dead")


def test_BASE_FATIGUE_dying_magic_can_reach_6():
    table = party()
    table.add("Mira", con=12, hp_max=30, level=17)
    table.do("fatigue", "Mira", delta=4, cause="marche forcée")
    table.do("cast", "Mira", spell=spell("Souhait", 9, None, "Wish"), slot=9,
             save_d20=3, save_bonus=2)
    assert (table.fatigue("Mira"), table.condition("Mira")) == (6, "dead")


def test_BASE_FATIGUE_the_dead_gain_or_lose_no_more_fatigue():
    table = party()
    table.do("fatigue", "Arin", delta=6, cause="marche forcée")
    with pytest.raises(RuleRefusal, match="Arin is dead: fatigue no longer changes") as refusal:
        table.do("fatigue", "Arin", delta=-1, cause="potion")
    assert refusal.value.rule == "BASE-FATIGUE"
