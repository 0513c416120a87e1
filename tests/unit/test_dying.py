"""Hit points, dropping to 0, death saves and instant death: BASE-DYING (with WOUND-1 for
the survivals, which tests/unit/test_wounds.py follows further)."""

from dataclasses import replace

import pytest

from ledger.rules import dying
from ledger.rules.errors import MissingRoll, RuleRefusal
from ledger.rules.sheet import new_sheet

from .support import party


def arin():
    return new_sheet("Arin", con=14, hp_max=45, level=5)


# --- damage ----------------------------------------------------------------------------------

@pytest.mark.parametrize("hp, amount, after, condition", [
    (45, 12, 33, "conscious"),
    (45, 44, 1, "conscious"),
    (45, 45, 0, "dying"),      # exactly to 0: leftover 0
    (45, 50, 0, "dying"),      # leftover 5
    (45, 89, 0, "dying"),      # leftover 44 < 45
    (45, 90, 0, "dead"),       # leftover 45 = HP maximum: instant death
    (10, 54, 0, "dying"),      # leftover 44
    (10, 55, 0, "dead"),       # leftover 45
    (10, 200, 0, "dead"),
])
def test_BASE_DYING_damage_drop_to_0_and_instant_death(hp, amount, after, condition):
    sheet, effects = dying.take_damage(replace(arin(), hp=hp), amount, "épée à deux mains",
                                       "2d6", False, False, 7)
    assert (sheet.hp, sheet.condition) == (after, condition)
    assert all("BASE-DYING" in rules for _, rules in effects)


def test_BASE_DYING_drop_to_0_records_the_cause_of_the_wound_to_come():
    sheet, effects = dying.take_damage(arin(), 50, "épée à deux mains", "2d6", False, False, 7)
    assert sheet.drop.cause == "épée à deux mains"
    assert sheet.drop.dice == "2d6"
    assert sheet.drop.position == 7
    assert (sheet.successes, sheet.failures) == (0, 0)
    assert effects == [("Arin drops to 0 HP (épée à deux mains) and is dying",
                        ("BASE-DYING", "RULING-DROP-CAUSE"))]


def test_BASE_DYING_instant_death_names_the_leftover_and_the_maximum():
    sheet, effects = dying.take_damage(arin(), 90, "géant", None, False, False, 3)
    assert sheet.condition == "dead"
    assert sheet.drop is None
    assert effects == [("Arin dies: 45 damage beyond 0 HP ≥ HP maximum 45: instant death",
                        ("BASE-DYING",))]


@pytest.mark.parametrize("amount, critical, condition, failures", [
    (5, False, "dying", 1),     # damage at 0 HP: one failure
    (5, True, "dying", 2),      # from a critical hit: two
    (44, False, "dying", 1),
    (45, False, "dead", 0),     # damage at 0 HP ≥ HP maximum: instant death
    (60, True, "dead", 0),
])
def test_BASE_DYING_damage_at_0_HP(amount, critical, condition, failures):
    table = party()
    table.do("damage", "Arin", amount=45, cause="épée à deux mains", dice="2d6")
    result = table.do("damage", "Arin", amount=amount, cause="dague", dice="1d4",
                      critical=critical)
    assert table.condition("Arin") == condition
    assert table["Arin"].failures == failures
    assert result.outcome == condition
    assert result.rules == ["BASE-DYING"]


@pytest.mark.parametrize("hits, condition", [
    ([False, False], "dying"),
    ([False, False, False], "dead"),   # three failures
    ([True, False], "dead"),           # 2 + 1
    ([False, True], "dead"),           # 1 + 2
    ([True], "dying"),
])
def test_BASE_DYING_damage_at_0_HP_counts_towards_three_failures(hits, condition):
    table = party()
    table.do("damage", "Arin", amount=45, cause="épée à deux mains", dice="2d6")
    for critical in hits:
        table.do("damage", "Arin", amount=3, cause="dague", dice="1d4", critical=critical)
    assert table.condition("Arin") == condition


def test_BASE_DYING_damage_at_0_HP_makes_a_stable_character_dying_again():
    table = party()
    table.do("damage", "Arin", amount=45, cause="épée à deux mains", dice="2d6")
    table.do("stabilize", "Arin", by="Brune", wound_roll=3)
    assert table.condition("Arin") == "stable"
    table.do("damage", "Arin", amount=2, cause="dague", dice="1d4")
    assert (table.condition("Arin"), table["Arin"].failures) == ("dying", 1)


def test_BASE_DYING_the_dead_take_no_more_damage():
    table = party()
    table.do("damage", "Arin", amount=90, cause="géant", dice="3d12")
    with pytest.raises(RuleRefusal, match="Arin is dead: damage has no effect") as refusal:
        table.do("damage", "Arin", amount=1, cause="dague", dice="1d4")
    assert refusal.value.rule == "BASE-DYING"


# --- death saving throws -------------------------------------------------------------------

@pytest.mark.parametrize("faces, outcomes, condition, successes, failures, hp", [
    ([10], ["success"], "dying", 1, 0, 0),
    ([15], ["success"], "dying", 1, 0, 0),
    ([9], ["failure"], "dying", 0, 1, 0),
    ([2], ["failure"], "dying", 0, 1, 0),
    ([1], ["critical-failure"], "dying", 0, 2, 0),             # two failures
    ([20], ["critical-success"], "conscious", 0, 0, 1),        # regains 1 HP
    ([10, 12, 19], ["success"] * 3, "stable", 0, 0, 0),        # three successes
    ([9, 5, 2], ["failure"] * 3, "dead", 0, 0, 0),             # three failures
    ([1, 9], ["critical-failure", "failure"], "dead", 0, 0, 0),
    ([9, 1], ["failure", "critical-failure"], "dead", 0, 0, 0),
    ([10, 9, 10, 9, 11], ["success", "failure", "success", "failure", "success"],
     "stable", 0, 0, 0),
    ([9, 9, 20], ["failure", "failure", "critical-success"], "conscious", 0, 0, 1),
])
def test_BASE_DYING_death_saves(faces, outcomes, condition, successes, failures, hp):
    table = party()
    table.do("damage", "Arin", amount=50, cause="épée à deux mains", dice="2d6")
    seen = [table.do("death-save", "Arin", d20=face, wound_roll=4).outcome for face in faces]
    assert seen == outcomes
    sheet = table["Arin"]
    assert (sheet.condition, sheet.successes, sheet.failures, sheet.hp) == (
        condition, successes, failures, hp)


@pytest.mark.parametrize("setup, message", [
    ([], "Arin is conscious at 45 HP: only a dying character"),
    ([("damage", {"amount": 45, "cause": "hache", "dice": "1d12"}),
      ("stabilize", {"wound_roll": 2})], "Arin is stable at 0 HP: only a dying character"),
    ([("damage", {"amount": 90, "cause": "hache", "dice": "1d12"})],
     "Arin is dead: only a dying character"),
])
def test_BASE_DYING_only_the_dying_make_death_saves(setup, message):
    table = party()
    for kind, args in setup:
        table.do(kind, "Arin", **args)
    with pytest.raises(RuleRefusal, match=message):
        table.do("death-save", "Arin", d20=12)


def test_BASE_DYING_a_death_save_without_its_d20_asks_the_edge_to_roll():
    table = party()
    table.do("damage", "Arin", amount=45, cause="hache", dice="1d12")
    with pytest.raises(MissingRoll) as missing:
        table.do("death-save", "Arin")
    assert (missing.value.field, missing.value.sides, missing.value.rule) == ("d20", 20, "BASE-DYING")


# --- stabilizing -------------------------------------------------------------------------------

def test_BASE_DYING_stabilize_a_dying_character():
    table = party()
    table.do("damage", "Arin", amount=50, cause="épée à deux mains", dice="2d6")
    table.do("death-save", "Arin", d20=3)
    result = table.do("stabilize", "Arin", by="Brune", wound_roll=5)
    sheet = table["Arin"]
    assert (sheet.condition, sheet.hp, sheet.successes, sheet.failures) == ("stable", 0, 0, 0)
    assert result.outcome == "stable"
    assert result.effects[-1] == {"text": "Arin is stabilized by Brune at 0 HP",
                                  "rules": ["BASE-DYING"]}


@pytest.mark.parametrize("amount, condition", [(0, "conscious"), (90, "dead")])
def test_BASE_DYING_only_the_dying_can_be_stabilized(amount, condition):
    table = party()
    if amount:
        table.do("damage", "Arin", amount=amount, cause="géant", dice="3d12")
    with pytest.raises(RuleRefusal, match=f"Arin is {condition} at .* HP, not dying"):
        table.do("stabilize", "Arin", by="Brune", wound_roll=1)


# --- healing -----------------------------------------------------------------------------------

@pytest.mark.parametrize("damage, heal, after", [
    (10, 5, 40),
    (10, 10, 45),
    (10, 50, 45),    # capped at the HP maximum
    (44, 100, 45),
    (10, 0, 35),
])
def test_BASE_DYING_heal_capped_at_the_maximum(damage, heal, after):
    table = party()
    table.do("damage", "Arin", amount=damage, cause="dague", dice="1d4")
    table.do("heal", "Arin", amount=heal)
    assert table.hp("Arin") == after


def test_BASE_FATIGUE_heal_capped_at_the_effective_maximum_at_fatigue_4():
    table = party()
    table.do("fatigue", "Arin", delta=4, cause="marche forcée")
    assert (table.max("Arin"), table.effective_max("Arin"), table.hp("Arin")) == (45, 22, 22)
    table.do("damage", "Arin", amount=20, cause="dague", dice="1d4")
    table.do("heal", "Arin", amount=30)
    assert table.hp("Arin") == 22


def test_BASE_DYING_healing_from_0_HP_brings_the_character_back_conscious():
    table = party()
    table.do("damage", "Arin", amount=50, cause="épée à deux mains", dice="2d6")
    result = table.do("heal", "Arin", amount=8, cause="potion", wound_roll=2)
    assert (table.condition("Arin"), table.hp("Arin")) == ("conscious", 8)
    assert result.outcome == "conscious"


def test_BASE_DYING_healing_a_dead_character_is_refused():
    table = party()
    table.do("damage", "Arin", amount=90, cause="géant", dice="3d12")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("heal", "Arin", amount=10, wound_roll=1)
    assert "Arin is dead: healing has no effect" in str(refusal.value)
    assert "resurrection" in str(refusal.value)
    assert refusal.value.rule == "BASE-DYING"
    assert table.condition("Arin") == "dead"


@pytest.mark.parametrize("fatigue, hp, amount, condition", [
    (0, 45, 90, "dead"),     # leftover 45 ≥ 45
    (4, 22, 43, "dying"),    # leftover 21 < 22, the halved maximum
    (4, 22, 44, "dead"),     # leftover 22 ≥ 22: the HP maximum is halved at fatigue 4
])
def test_BASE_DYING_instant_death_against_the_halved_maximum_at_fatigue_4(fatigue, hp, amount,
                                                                       condition):
    table = party()
    if fatigue:
        table.do("fatigue", "Arin", delta=fatigue, cause="marche forcée")
    assert table.hp("Arin") == hp
    table.do("damage", "Arin", amount=amount, cause="géant", dice="3d12")
    assert table.condition("Arin") == condition
