"""The roster: a character joining, and `character update` (a level-up or a change of the
sheet). The HP maximum given is the new maximum as it stands; later Constitution changes count
with the level in force (level × change of modifier, RES-1, RES-2, RULING-ASI)."""

import pytest

from ledger.rules.errors import RuleRefusal
from ledger.rules.sheet import con_current

from .support import Table, codes, effect, problem, spell

REVIVIFY = spell("Revigorer", 3, None, "Revivify")


@pytest.mark.parametrize("level, shown, assumed", [(None, 1, True), (5, 5, False)])
def test_CHARACTER_joining_the_roster(level, shown, assumed):
    table = Table()
    options = {} if level is None else {"level": level}
    table.add("Iris", con=10, hp_max=40, **options)
    result = table.results[-1]
    assert result.effects == [effect("Iris", "character.joined", (), name="Iris", con=10,
                                     hp_max=40, level=shown, assumed=assumed)]
    assert (table.hp("Iris"), table["Iris"].level) == (40, shown)


def _iris(con=10, hp_max=40, level=5):
    """Iris the cleric, and Arin dead so that she may cast revivify (RES-1: −1 Constitution)."""
    table = Table()
    table.add("Iris", con=con, hp_max=hp_max, level=level)
    table.add("Arin", con=14, hp_max=45, level=5)
    table.do("damage", "Arin", amount=100, cause="géant", dice="3d12")
    return table


def _revive(table):
    table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Arin")
    table.do("damage", "Arin", amount=100, cause="géant", dice="3d12")    # for the next one


def test_CHARACTER_UPDATE_level_up_then_a_Constitution_loss_counts_the_new_level():
    table = _iris()
    result = table.do("character update", "Iris", level=6, hp_max=46)
    assert result.effects == [
        effect("Iris", "character.level", (), name="Iris", before=5, after=6),
        effect("Iris", "character.hp_max", (), name="Iris", before=40, after=46)]
    assert (table.max("Iris"), table.hp("Iris")) == (46, 40)    # the maximum rises, HP do not
    cast = table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Arin")
    lost = [e for e in cast.effects if e["code"] == "con.lost"][0]["params"]
    assert (lost["before"], lost["after"]) == (10, 9)
    assert (lost["max_before"], lost["max_after"]) == (46, 40)  # level 6 × −1, not level 5's −5
    assert table.max("Iris") == 40


def test_CHARACTER_UPDATE_the_maximum_given_is_the_maximum_as_it_stands_after_a_loss():
    table = _iris()
    _revive(table)
    assert (con_current(table["Iris"]), table.max("Iris")) == (9, 35)
    table.do("character update", "Iris", level=6, hp_max=42)
    assert table.max("Iris") == 42                     # as given, not 42 − the loss again
    table.do("improve", "Iris", con=1)                 # 9 → 10: the modifier comes back
    assert table.max("Iris") == 48                     # + level 6 × 1
    _revive(table)                                     # 10 → 9 again
    assert table.max("Iris") == 42


def test_CHARACTER_UPDATE_a_lower_maximum_caps_the_current_HP():
    table = _iris()
    result = table.do("character update", "Iris", hp_max=30)
    assert codes(result) == ["character.hp_max"]
    assert (table.max("Iris"), table.hp("Iris")) == (30, 30)


@pytest.mark.parametrize("args", [{}, {"level": 5}, {"hp_max": 40}, {"level": 5, "hp_max": 40},
                                  {"medicine": False}, {"crit_min": 20}])
def test_CHARACTER_UPDATE_nothing_that_changes_is_refused(args):
    table = _iris()
    with pytest.raises(RuleRefusal) as refusal:
        table.do("character update", "Iris", **args)
    assert problem(refusal.value) == ("character.no_change", None, {"name": "Iris"})


def test_CHARACTER_UPDATE_Medicine_learnt_lets_the_character_treat():
    table = _iris()
    result = table.do("character update", "Iris", medicine=True)
    assert result.effects == [effect("Iris", "character.medicine", (), name="Iris", value=True)]
    assert table["Iris"].medicine is True


def test_CHARACTER_UPDATE_CRIT_5_a_wider_critical_range():
    table = _iris()
    result = table.do("character update", "Iris", crit_min=19)
    assert result.effects == [effect("Iris", "character.crit_min", ("CRIT-5",), name="Iris",
                                     before=20, after=19)]
    assert table.do("attack", "Iris", ac=30, d20=19).outcome == "critical-hit"


def test_CHARACTER_UPDATE_a_maximum_given_at_the_floor_of_1_HP():
    table = _iris(hp_max=3)
    _revive(table)                                     # 3 + 5 × (−1) → 1 (never below 1)
    assert table.max("Iris") == 1
    table.do("character update", "Iris", hp_max=2)
    assert table.max("Iris") == 2
