"""Hit points, dropping to 0, death saves and instant death: BASE-DYING (with WOUND-1 for
the survivals, which tests/unit/test_wounds.py follows further)."""

from dataclasses import replace

import pytest

from ledger.rules import dying
from ledger.rules.errors import MissingRoll, RuleRefusal
from ledger.rules.sheet import new_sheet

from .support import codes, effect, named, party, problem, the


def arin():
    return new_sheet("Arin", con=14, hp_max=45, level=5)


# --- damage ----------------------------------------------------------------------------------

@pytest.mark.parametrize("hp, amount, after, condition, code", [
    (45, 12, 33, "conscious", "hp.damaged"),
    (45, 44, 1, "conscious", "hp.damaged"),
    (45, 45, 0, "dying", "hp.dropped"),               # exactly to 0: leftover 0
    (45, 50, 0, "dying", "hp.dropped"),               # leftover 5
    (45, 89, 0, "dying", "hp.dropped"),               # leftover 44 < 45
    (45, 90, 0, "dead", "death.instant_leftover"),    # leftover 45 = HP maximum: instant death
    (10, 54, 0, "dying", "hp.dropped"),               # leftover 44
    (10, 55, 0, "dead", "death.instant_leftover"),    # leftover 45
    (10, 200, 0, "dead", "death.instant_leftover"),
])
def test_BASE_DYING_damage_drop_to_0_and_instant_death(hp, amount, after, condition, code):
    sheet, effects = dying.take_damage(replace(arin(), hp=hp), amount, "épée à deux mains",
                                       "2d6", False, False, 7)
    assert (sheet.hp, sheet.condition) == (after, condition)
    assert [e["code"] for e in effects] == [code]
    assert effects[0]["character"] == "Arin"
    assert effects[0]["params"]["amount"] == amount
    assert effects[0]["params"]["before"] == hp
    assert all("BASE-DYING" in e["rules"] for e in effects)


def test_BASE_DYING_damage_that_leaves_the_character_up_names_before_and_after():
    sheet, effects = dying.take_damage(arin(), 12, "dague", "1d4", False, False, 4)
    assert sheet.hp == 33
    assert effects == [effect("Arin", "hp.damaged", ("BASE-DYING",), name="Arin", amount=12,
                              before=45, after=33)]


def test_BASE_DYING_no_damage_is_no_change():
    sheet, effects = dying.take_damage(arin(), 0, "dague", "1d4", False, False, 4)
    assert sheet == arin()
    assert effects == [effect("Arin", "hp.no_damage", ("BASE-DYING",), name="Arin")]


def test_BASE_DYING_drop_to_0_records_the_cause_of_the_wound_to_come():
    sheet, effects = dying.take_damage(arin(), 50, "épée à deux mains", "2d6", False, False, 7)
    assert sheet.drop.cause == "épée à deux mains"
    assert sheet.drop.dice == "2d6"
    assert sheet.drop.position == 7
    assert (sheet.successes, sheet.failures) == (0, 0)
    assert effects == [effect("Arin", "hp.dropped", ("BASE-DYING", "RULING-DROP-CAUSE"),
                              name="Arin", amount=50, before=45,
                              cause=named("épée à deux mains"))]


def test_RULING_DROP_CAUSE_a_catalogue_cause_keeps_its_English_name():
    sheet, effects = dying.take_damage(arin(), 50, "Épée longue", "1d8", False, False, 7,
                                       cause_en="Longsword")
    assert (sheet.drop.cause, sheet.drop.cause_en) == ("Épée longue", "Longsword")
    assert effects[0]["params"]["cause"] == {"text": "Épée longue", "en": "Longsword"}


def test_BASE_DYING_instant_death_names_the_leftover_and_the_maximum():
    sheet, effects = dying.take_damage(arin(), 90, "géant", None, False, False, 3)
    assert sheet.condition == "dead"
    assert sheet.drop is None
    assert effects == [effect("Arin", "death.instant_leftover", ("BASE-DYING",), name="Arin",
                              amount=90, before=45, leftover=45, max=45)]


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
    assert result.details == {"hp_before": 0, "hp_after": 0, "condition_before": "dying",
                              "condition": condition}
    if condition == "dead":
        assert codes(result) == ["death.instant_at_zero"]
        assert the(result, "death.instant_at_zero")["params"] == {"name": "Arin", "amount": amount,
                                                                  "max": 45}
    else:
        assert codes(result) == ["hp.damage_at_zero"]
        assert the(result, "hp.damage_at_zero")["params"] == {
            "name": "Arin", "amount": amount, "added": failures, "failures": failures,
            "critical": critical}


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
        result = table.do("damage", "Arin", amount=3, cause="dague", dice="1d4",
                          critical=critical)
    assert table.condition("Arin") == condition
    assert ("death.three_failures" in codes(result)) is (condition == "dead")


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
    with pytest.raises(RuleRefusal) as refusal:
        table.do("damage", "Arin", amount=1, cause="dague", dice="1d4")
    assert problem(refusal.value) == ("dead.no_effect", "BASE-DYING",
                                      {"name": "Arin", "what": "damage"})


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


@pytest.mark.parametrize("before, d20, codes_seen, params", [
    ([], 9, ["death_save.failed"],
     {"name": "Arin", "d20": 9, "added": 1, "failures": 1, "successes": 0}),
    ([12], 1, ["death_save.failed"],
     {"name": "Arin", "d20": 1, "added": 2, "failures": 2, "successes": 1}),
    ([3], 15, ["death_save.succeeded"],
     {"name": "Arin", "d20": 15, "successes": 1, "failures": 1}),
    ([], 20, ["wound.created", "death_save.natural_20"], {"name": "Arin"}),
    ([10, 11], 12, ["death_save.succeeded", "wound.created", "dying.stable"], {"name": "Arin"}),
    ([9, 9], 2, ["death_save.failed", "death.three_failures"], {"name": "Arin"}),
])
def test_BASE_DYING_death_save_consequences(before, d20, codes_seen, params):
    table = party()
    table.do("damage", "Arin", amount=50, cause="épée à deux mains", dice="2d6")
    for face in before:
        table.do("death-save", "Arin", d20=face, wound_roll=4)
    result = table.do("death-save", "Arin", d20=d20, wound_roll=4)
    assert codes(result) == codes_seen
    assert result.effects[-1]["params"] == params
    assert all("BASE-DYING" in e["rules"] for e in result.effects if e["code"] != "wound.created")
    assert result.details["d20"] == d20


@pytest.mark.parametrize("setup, condition, hp", [
    ([], "conscious", 45),
    ([("damage", {"amount": 45, "cause": "hache", "dice": "1d12"}),
      ("stabilize", {"wound_roll": 2})], "stable", 0),
    ([("damage", {"amount": 90, "cause": "hache", "dice": "1d12"})], "dead", 0),
])
def test_BASE_DYING_only_the_dying_make_death_saves(setup, condition, hp):
    table = party()
    for kind, args in setup:
        table.do(kind, "Arin", **args)
    with pytest.raises(RuleRefusal) as refusal:
        table.do("death-save", "Arin", d20=12)
    assert problem(refusal.value) == ("death_save.not_dying", "BASE-DYING",
                                      {"name": "Arin", "condition": condition, "hp": hp})


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
    assert result.effects[-1] == effect("Arin", "dying.stabilized", ("BASE-DYING",),
                                        name="Arin", by="Brune")
    assert codes(result) == ["wound.created", "dying.stabilized"]
    assert result.details == {"hp_before": 0, "hp_after": 0, "condition_before": "dying",
                              "condition": "stable"}


@pytest.mark.parametrize("amount, condition, hp", [(0, "conscious", 45), (90, "dead", 0)])
def test_BASE_DYING_only_the_dying_can_be_stabilized(amount, condition, hp):
    table = party()
    if amount:
        table.do("damage", "Arin", amount=amount, cause="géant", dice="3d12")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("stabilize", "Arin", by="Brune", wound_roll=1)
    assert problem(refusal.value) == ("stabilize.not_dying", "BASE-DYING",
                                      {"name": "Arin", "condition": condition, "hp": hp})


def test_BASE_DYING_a_stable_character_cannot_be_stabilized_again():
    table = party()
    table.do("damage", "Arin", amount=45, cause="hache", dice="1d12")
    table.do("stabilize", "Arin", by="Brune", wound_roll=1)
    with pytest.raises(RuleRefusal) as refusal:
        table.do("stabilize", "Arin", by="Brune", wound_roll=1)
    assert problem(refusal.value) == ("stabilize.not_dying", "BASE-DYING",
                                      {"name": "Arin", "condition": "stable", "hp": 0})
    assert len(table["Arin"].wounds) == 1


# --- healing -----------------------------------------------------------------------------------

@pytest.mark.parametrize("damage, heal, after, code", [
    (10, 5, 40, "hp.healed"),
    (10, 10, 45, "hp.healed"),
    (10, 50, 45, "hp.healed"),    # capped at the HP maximum
    (44, 100, 45, "hp.healed"),
    (10, 0, 35, "hp.no_healing"),
])
def test_BASE_DYING_heal_capped_at_the_maximum(damage, heal, after, code):
    table = party()
    table.do("damage", "Arin", amount=damage, cause="dague", dice="1d4")
    result = table.do("heal", "Arin", amount=heal)
    assert table.hp("Arin") == after
    assert codes(result) == [code]
    if heal:
        assert the(result, code)["params"] == {"name": "Arin", "amount": heal,
                                               "gained": after - (45 - damage),
                                               "before": 45 - damage, "after": after}
    assert result.details == {"hp_before": 45 - damage, "hp_after": after,
                              "condition_before": "conscious", "condition": "conscious"}


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
    assert codes(result) == ["wound.created", "hp.revived"]
    assert the(result, "hp.revived")["params"] == {"name": "Arin", "amount": 8, "after": 8}
    assert the(result, "wound.created")["params"]["how"] == "healed"


def test_BASE_DYING_healing_a_dead_character_is_refused():
    table = party()
    table.do("damage", "Arin", amount=90, cause="géant", dice="3d12")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("heal", "Arin", amount=10, wound_roll=1)
    assert problem(refusal.value) == ("dead.no_effect", "BASE-DYING",
                                      {"name": "Arin", "what": "healing"})
    assert refusal.value.exit_code == 1
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
