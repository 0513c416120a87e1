"""Lingering wounds: WOUND-1..7 with RULING-DROP-CAUSE, RULING-WOUND-DICE, RULING-DC-DICE,
RULING-HALVE, RULING-TREAT-ONCE, RULING-TREAT-REMAINING, RULING-TREAT-CHOICE, RULING-EVENING,
RULING-HEAL-ON-REST, RULING-ENDURE."""

import pytest

from ledger.rules.errors import BadValue, MissingRoll, RuleRefusal
from ledger.rules.sheet import Wound
from ledger.rules.wounds import care_dc, halve

from .support import History, codes, effect, named, party, problem, the, wounded

WOUND_RULES = ["WOUND-1", "WOUND-2", "WOUND-3", "RULING-DROP-CAUSE", "RULING-WOUND-DICE"]


def _drop(table, cause="épée à deux mains", dice="2d6", **extra):
    return table.do("damage", "Arin", amount=table.hp("Arin") + 5, cause=cause, dice=dice, **extra)


# --- WOUND-1..3: every survival after a drop to 0 is one wound -----------------------------

SURVIVALS = {
    "stabilized": [("stabilize", {"by": "Brune", "wound_roll": 5})],
    "three successes": [("death-save", {"d20": 10}), ("death-save", {"d20": 14}),
                        ("death-save", {"d20": 18, "wound_roll": 5})],
    "natural 20": [("death-save", {"d20": 20, "wound_roll": 5})],
    "healed from 0": [("heal", {"amount": 10, "cause": "potion", "wound_roll": 5})],
    "failures then healed": [("death-save", {"d20": 4}), ("death-save", {"d20": 12}),
                             ("death-save", {"d20": 9}),
                             ("heal", {"amount": 10, "wound_roll": 5})],
}


@pytest.mark.parametrize("path, condition, hp", [
    ("stabilized", "stable", 0),
    ("three successes", "stable", 0),
    ("natural 20", "conscious", 1),
    ("healed from 0", "conscious", 10),
    ("failures then healed", "conscious", 10),
])
def test_WOUND_1_every_survival_path_creates_exactly_one_wound(path, condition, hp):
    table = party()
    _drop(table)
    for kind, args in SURVIVALS[path]:
        result = table.do(kind, "Arin", **args)
    sheet = table["Arin"]
    assert (sheet.condition, sheet.hp) == (condition, hp)
    assert len(sheet.wounds) == 1
    wound = sheet.wounds[0]
    assert (wound.cause, wound.dice, wound.formula) == ("épée à deux mains", "2d6", "1d6+2")
    assert (wound.roll, wound.rests_total, wound.rests_remaining) == (7, 7, 7)  # face 5 + 2 dice
    assert wound.treatment is None
    assert list(wound.rules) == WOUND_RULES
    assert all(rule in result.rules for rule in WOUND_RULES)
    assert table.fatigue("Arin") == 1  # WOUND-2
    assert sheet.drop is None
    created = the(result, "wound.created")
    assert created["rules"] == WOUND_RULES
    assert {k: v for k, v in created["params"].items() if k not in ("how", "by")} == {
        "name": "Arin", "cause": named("épée à deux mains"), "dice": "2d6", "formula": "1d6+2",
        "face": 5, "rests": 7, "fatigue": 1}
    assert created["params"]["how"] == HOW[path]


HOW = {"stabilized": "stabilized", "three successes": "three-successes",
       "natural 20": "natural-20", "healed from 0": "healed", "failures then healed": "healed"}


def test_WOUND_1_the_wound_is_recorded_at_the_survival_with_its_position():
    table = party()
    _drop(table)
    table.do("stabilize", "Arin", by="Brune", wound_roll=5)
    assert table["Arin"].wounds[0].position == table.position


def test_WOUND_2_each_wound_brings_its_own_fatigue_level():
    table = wounded([4, 2, 3])
    assert table.fatigue("Arin") == 3
    sheet = table["Arin"]
    assert (len(sheet.ordinary), len(sheet.wounds), len(sheet.magic)) == (0, 3, 0)


def test_WOUND_1_healing_after_stabilizing_is_not_a_second_wound():
    table = party()
    _drop(table)
    table.do("stabilize", "Arin", by="Brune", wound_roll=5)
    result = table.do("heal", "Arin", amount=12)
    assert (table.condition("Arin"), table.hp("Arin")) == ("conscious", 12)
    assert len(table["Arin"].wounds) == 1
    assert "WOUND-1" not in result.rules
    assert table.fatigue("Arin") == 1


def test_RULING_DROP_CAUSE_dropped_healed_dropped_again_stabilized_is_two_wounds():
    table = party()
    _drop(table, cause="épée à deux mains", dice="2d6")
    table.do("heal", "Arin", amount=5, wound_roll=1)
    _drop(table, cause="flétrissement", dice="8d8")
    table.do("stabilize", "Arin", by="Brune", wound_roll=2)
    wounds = table["Arin"].wounds
    assert [(w.cause, w.formula, w.rests_total) for w in wounds] == [
        ("épée à deux mains", "1d6+2", 3), ("flétrissement", "1d8+8", 10)]
    assert table.fatigue("Arin") == 2


def test_RULING_DROP_CAUSE_the_cause_is_the_damage_that_dropped_the_character():
    table = party()
    table.do("damage", "Arin", amount=40, cause="dague", dice="1d4")
    table.do("damage", "Arin", amount=10, cause="hache à deux mains", dice="1d12")
    table.do("damage", "Arin", amount=2, cause="dague", dice="1d4")  # at 0: a failure only
    table.do("stabilize", "Arin", by="Brune", wound_roll=9)
    wound = table["Arin"].wounds[0]
    assert (wound.cause, wound.dice, wound.formula, wound.rests_total) == (
        "hache à deux mains", "1d12", "1d12", 9)


def test_RULING_DROP_CAUSE_death_is_not_a_wound():
    table = party()
    _drop(table)
    for face in (3, 4, 5):
        table.do("death-save", "Arin", d20=face)
    assert table.condition("Arin") == "dead"
    assert table["Arin"].wounds == ()
    assert table["Arin"].drop is None


# --- WOUND-1 and RULING-ENDURE: Relentless Endurance ---------------------------------------------

def _grosh(table=None):
    table = table or party()
    table.add("Grosh", con=16, hp_max=30, relentless=True)
    return table


def test_WOUND_1_relentless_endurance_keeps_1_HP_without_a_wound():
    table = _grosh()
    result = table.do("damage", "Grosh", amount=35, cause="épée à deux mains", dice="2d6",
                      endure=True)
    sheet = table["Grosh"]
    assert (sheet.hp, sheet.condition, sheet.wounds, sheet.endurance_used) == (1, "conscious", (), True)
    assert result.outcome == "endured"
    assert result.rules == ["WOUND-1", "RULING-ENDURE"]
    assert result.effects == [effect("Grosh", "endure.held", ("WOUND-1", "RULING-ENDURE"),
                                     name="Grosh", amount=35, before=30)]
    assert table.fatigue("Grosh") == 0
    assert sheet.drop is None


def test_RULING_ENDURE_still_refused_for_a_character_without_the_feature():
    table = party()
    with pytest.raises(RuleRefusal) as refusal:
        _drop(table, endure=True)
    assert problem(refusal.value) == ("endure.no_feature", "WOUND-1", {"name": "Arin"})
    assert table.hp("Arin") == 45


@pytest.mark.parametrize("amount, hp, why", [
    (10, 20, "stays-up"),
    (29, 1, "stays-up"),
])
def test_RULING_ENDURE_damage_that_does_not_drop_to_0_applies_and_the_feature_does_not_act(
        amount, hp, why):
    table = _grosh()
    result = table.do("damage", "Grosh", amount=amount, cause="hache", dice="1d12", endure=True)
    sheet = table["Grosh"]
    assert (sheet.hp, sheet.condition, sheet.endurance_used) == (hp, "conscious", False)
    assert codes(result) == ["endure.not_needed", "hp.damaged"]
    assert the(result, "endure.not_needed") == effect(
        "Grosh", "endure.not_needed", ("RULING-ENDURE",), name="Grosh", why=why)
    assert result.outcome == "conscious"
    assert table.do("damage", "Grosh", amount=hp + 5, cause="hache", dice="1d12",
                    endure=True).outcome == "endured"     # still unspent


def test_RULING_ENDURE_damage_at_0_HP_is_a_failure_and_the_feature_does_not_act():
    table = _grosh()
    table.do("damage", "Grosh", amount=35, cause="hache", dice="1d12")
    result = table.do("damage", "Grosh", amount=3, cause="dague", dice="1d4", endure=True)
    assert (table.condition("Grosh"), table["Grosh"].failures) == ("dying", 1)
    assert codes(result) == ["endure.not_needed", "hp.damage_at_zero"]
    assert the(result, "endure.not_needed")["params"] == {"name": "Grosh", "why": "at-zero"}
    assert table["Grosh"].endurance_used is False


def test_RULING_ENDURE_once_per_long_rest_when_spent_the_damage_drops_the_character():
    """Changed on purpose: --endure once the feature is spent is no longer refused; the damage
    applies as usual (a drop to 0, a wound to come) and the log says the feature did not act."""
    table = _grosh()
    table.do("damage", "Grosh", amount=35, cause="hache", dice="1d12", endure=True)
    table.do("heal", "Grosh", amount=29)
    result = table.do("damage", "Grosh", amount=35, cause="hache", dice="1d12", endure=True)
    assert (table.hp("Grosh"), table.condition("Grosh")) == (0, "dying")
    assert codes(result) == ["endure.spent", "hp.dropped"]
    assert the(result, "endure.spent") == effect("Grosh", "endure.spent", ("RULING-ENDURE",),
                                                 name="Grosh")
    assert result.outcome == "dying"
    assert table["Grosh"].drop.cause == "hache"
    table.do("stabilize", "Grosh", by="Brune", wound_roll=6)
    assert table.rests("Grosh") == [6]                     # WOUND-1: the wound this time
    table.do("rest night", ["Grosh"], safe=True, calm=False)     # RULING-STABLE: 1 HP, short
    assert (table.hp("Grosh"), table["Grosh"].endurance_used) == (1, True)
    table.do("rest long", ["Grosh"])
    assert table["Grosh"].endurance_used is False
    assert table.do("damage", "Grosh", amount=40, cause="hache", dice="1d12",
                    endure=True).outcome == "endured"


def test_WOUND_1_relentless_endurance_does_not_prevent_instant_death():
    table = _grosh()
    result = table.do("damage", "Grosh", amount=60, cause="géant", dice="3d12", endure=True)
    assert table.condition("Grosh") == "dead"
    assert "death.instant_leftover" in codes(result)
    assert "endure.held" not in codes(result)


@pytest.mark.parametrize("amount", [0, 60])
def test_RULING_ENDURE_the_log_says_the_feature_did_not_act_for_every_damage(amount):
    table = _grosh()
    result = table.do("damage", "Grosh", amount=amount, cause="géant", dice="3d12", endure=True)
    assert table["Grosh"].endurance_used is False
    assert {"endure.not_needed", "endure.spent", "endure.too_much"} & set(codes(result))


def test_WOUND_1_without_endure_a_relentless_character_drops_and_is_wounded():
    table = _grosh()
    table.do("damage", "Grosh", amount=35, cause="hache", dice="1d12")
    table.do("stabilize", "Grosh", by="Brune", wound_roll=6)
    assert [w.rests_total for w in table["Grosh"].wounds] == [6]


# --- RULING-WOUND-DICE ------------------------------------------------------------------------

@pytest.mark.parametrize("kind, args", [
    ("stabilize", {"by": "Brune", "wound_roll": 3}),
    ("heal", {"amount": 5, "wound_roll": 3}),
    ("death-save", {"d20": 20, "wound_roll": 3}),
])
def test_RULING_WOUND_DICE_cause_without_dice_refused_naming_wound_dice(kind, args):
    table = party()
    table.do("damage", "Arin", amount=50, cause="chute")
    with pytest.raises(RuleRefusal) as refusal:
        table.do(kind, "Arin", **args)
    assert problem(refusal.value) == ("wound.no_dice", "RULING-WOUND-DICE",
                                      {"name": "Arin", "cause": named("chute")})
    assert (table.condition("Arin"), table["Arin"].wounds) == ("dying", ())  # nothing changed


@pytest.mark.parametrize("kind, args", [
    ("stabilize", {"by": "Brune", "wound_roll": 3, "wound_dice": "2d6"}),
    ("heal", {"amount": 5, "wound_roll": 3, "wound_dice": "2d6"}),
    ("death-save", {"d20": 20, "wound_roll": 3, "wound_dice": "2d6"}),
])
def test_RULING_WOUND_DICE_cause_without_dice_accepted_with_wound_dice(kind, args):
    table = party()
    table.do("damage", "Arin", amount=50, cause="chute")
    table.do(kind, "Arin", **args)
    wound = table["Arin"].wounds[0]
    assert (wound.cause, wound.dice, wound.formula, wound.rests_total) == ("chute", "2d6", "1d6+2", 5)


@pytest.mark.parametrize("dice, face, wound_dice, formula, rests", [
    ("1d8+2d6", 6, "1d8", "1d8", 6),        # mixed dice: the weapon's base dice
    ("2d6+3", 6, "2d6", "1d6+2", 8),        # modifiers ignored
    ("8d8", 1, "8d8", "1d8+8", 9),
    ("9d8", 3, "9d8", "1d8+9", 12),         # an upcast spell's larger dice count
    ("d10", 10, "1d10", "1d10", 10),
])
def test_RULING_WOUND_DICE_the_causes_own_dice(dice, face, wound_dice, formula, rests):
    table = party()
    _drop(table, cause="coup", dice=dice)
    table.do("stabilize", "Arin", by="Brune", wound_roll=face)
    wound = table["Arin"].wounds[0]
    assert (wound.dice, wound.formula, wound.roll, wound.rests_total) == (
        wound_dice, formula, rests, rests)


def test_RULING_WOUND_DICE_a_critical_hit_does_not_double_the_wound_dice():
    table = party()
    _drop(table, cause="épée à deux mains", dice="2d6", critical=True)
    table.do("stabilize", "Arin", by="Brune", wound_roll=6)
    assert table["Arin"].wounds[0].rests_total == 8


def test_WOUND_3_the_wound_roll_is_asked_of_the_edge_with_the_cause_die():
    table = party()
    _drop(table, cause="flétrissement", dice="8d8")
    with pytest.raises(MissingRoll) as missing:
        table.do("stabilize", "Arin", by="Brune")
    assert (missing.value.field, missing.value.sides, missing.value.rule) == ("wound_roll", 8, "WOUND-3")


def test_WOUND_3_a_wound_roll_that_is_not_a_face_of_the_die_is_refused():
    table = party()
    _drop(table, cause="épée à deux mains", dice="2d6")
    with pytest.raises(BadValue) as error:
        table.do("stabilize", "Arin", by="Brune", wound_roll=7)
    assert problem(error.value) == ("dice.wound_face", None, {"face": 7, "sides": 6})
    assert table.condition("Arin") == "dying"


# --- WOUND-4 / WOUND-5 difficulty (RULING-DC-DICE) --------------------------------------------------

def _wound(dice: str, rests: int = 5) -> Wound:
    return Wound(cause="x", dice=dice, formula="", roll=rests, rests_total=rests,
                 rests_remaining=rests, treatment=None, position=1, rules=())


@pytest.mark.parametrize("dice, term, treat_dc, tend_dc", [
    ("2d6", "multi", 18, 16),
    ("2d6", "always", 18, 16),
    ("1d8", "multi", 18, 16),
    ("1d8", "always", 19, 17),
    ("8d8", "multi", 26, 24),
    ("8d8", "always", 26, 24),
    ("1d12", "multi", 22, 20),
    ("1d4", "always", 15, 13),
])
def test_RULING_DC_DICE_treat_DC_10_and_tend_DC_8_plus_max_plus_dice(dice, term, treat_dc, tend_dc):
    assert care_dc(_wound(dice), 10, term) == treat_dc
    assert care_dc(_wound(dice), 8, term) == tend_dc


@pytest.mark.parametrize("dice, term, d20, bonus, outcome", [
    ("2d6", "multi", 13, 5, "success"),   # 18 vs DC 18: the CONTRACT example
    ("2d6", "multi", 12, 5, "failure"),   # 17
    ("1d8", "multi", 13, 5, "success"),   # 18 vs 18
    ("1d8", "always", 13, 5, "failure"),  # 18 vs 19
    ("1d8", "always", 14, 5, "success"),  # 19 vs 19
    ("2d6", "multi", 20, 30, "success"),  # never "extraordinary": a plain Medicine check
])
def test_WOUND_4_treat_check_against_the_DC(dice, term, d20, bonus, outcome):
    table = wounded([6], dice=dice, rulings={"wound.dc_dice_term": term})
    result = table.do("treat", "Arin", by="Brune", d20=d20, bonus=bonus)
    assert result.outcome == outcome
    wound = table["Arin"].wounds[0]
    dc = care_dc(wound, 10, term)
    after = wound.rests_remaining
    before = 6 + (2 if dice == "2d6" else 0)          # face 6 (+ 2 dice)
    assert result.details == {"wound": 1, "origin": 5, "cause": named("hache"),
                              "formula": wound.formula, "d20": d20, "bonus": bonus,
                              "total": d20 + bonus, "dc": dc, "before": before, "after": after}
    assert result.rules[:4] == ["WOUND-4", "RULING-TREAT-CHOICE", "RULING-DC-DICE",
                                "RULING-TREAT-ONCE"]
    assert codes(result) == ["wound.treated" if outcome == "success" else "wound.treat_failed"]
    assert wound.treatment == outcome


# --- WOUND-4 halving (RULING-HALVE, RULING-TREAT-REMAINING) ------------------------------------------

@pytest.mark.parametrize("remaining, halving, after", [
    (7, "down", 3), (7, "up", 4),
    (8, "down", 4), (8, "up", 4),
    (3, "down", 1), (3, "up", 2),
    (2, "down", 1), (2, "up", 1),
    (1, "down", 0), (1, "up", 1),
])
def test_RULING_HALVE_rounding(remaining, halving, after):
    assert halve(remaining, halving) == after


@pytest.mark.parametrize("face, halving, total, remaining", [
    (5, "down", 3, 3),   # 2d6 face 5 → 7 rests → 3
    (5, "up", 4, 4),     # 7 → 4
    (6, "down", 4, 4),   # 8 → 4
])
def test_WOUND_4_successful_treatment_halves_the_healing_time(face, halving, total, remaining):
    table = wounded([face], dice="2d6", rulings={"wound.halving": halving})
    result = table.do("treat", "Arin", by="Brune", d20=13, bonus=5)
    wound = table["Arin"].wounds[0]
    assert (wound.roll, wound.rests_total, wound.rests_remaining, wound.treatment) == (
        face + 2, total, remaining, "success")
    assert wound.treated_at == table.position
    assert "RULING-HALVE" in result.rules and "RULING-TREAT-REMAINING" in result.rules


def test_RULING_TREAT_REMAINING_halves_what_is_left_at_the_time():
    table = wounded([5], dice="2d6")          # 7 rests
    table.do("rest long", ["Arin"])
    table.do("rest long", ["Arin"])           # 5 left
    table.do("treat", "Arin", by="Brune", d20=15, bonus=5)
    wound = table["Arin"].wounds[0]
    assert (wound.rests_remaining, wound.rests_total) == (2, 4)   # 5 → 2; 7 − 3


@pytest.mark.parametrize("halving, rests, fatigue", [("down", [], 0), ("up", [1], 1)])
def test_RULING_HALVE_1_to_0_heals_at_once(halving, rests, fatigue):
    table = wounded([1], dice="1d8", rulings={"wound.halving": halving})   # 1 rest
    result = table.do("treat", "Arin", by="Brune", d20=15, bonus=5)        # 20 vs DC 18
    assert result.outcome == "success"
    assert table.rests("Arin") == rests
    assert table.fatigue("Arin") == fatigue
    if not rests:
        assert codes(result) == ["wound.treated", "wound.healed"]
        assert the(result, "wound.treated")["params"]["after"] == 0
        assert the(result, "wound.healed") == effect(
            "Arin", "wound.healed", ("RULING-HALVE",), name="Arin", cause=named("hache"),
            origin=5, why="treatment", fatigue=0)
    else:
        assert codes(result) == ["wound.treated"]


# --- RULING-TREAT-ONCE --------------------------------------------------------------------------------

def test_RULING_TREAT_ONCE_a_failed_treatment_stands():
    table = wounded([5], dice="2d6")
    assert table.do("treat", "Arin", by="Brune", d20=2, bonus=5).outcome == "failure"
    with pytest.raises(RuleRefusal) as refusal:
        table.do("treat", "Arin", by="Brune", d20=20, bonus=5)
    assert problem(refusal.value) == ("treat.all_treated", "RULING-TREAT-ONCE",
                                      {"name": "Arin", "count": 1})
    assert table.rests("Arin") == [7]


def test_RULING_TREAT_ONCE_retry_until_success_never_halves_twice():
    table = wounded([5], dice="2d6", rulings={"wound.treatment": "retry"})
    assert table.do("treat", "Arin", by="Brune", d20=2, bonus=5).outcome == "failure"
    assert table.do("treat", "Arin", by="Brune", d20=3, bonus=5).outcome == "failure"
    assert table.do("treat", "Arin", by="Brune", d20=13, bonus=5).outcome == "success"
    assert table.rests("Arin") == [3]
    with pytest.raises(RuleRefusal) as refusal:
        table.do("treat", "Arin", by="Brune", d20=20, bonus=5)
    assert problem(refusal.value) == ("treat.all_treated", "RULING-TREAT-ONCE",
                                      {"name": "Arin", "count": 1})
    assert table.rests("Arin") == [3]


@pytest.mark.parametrize("treatment", ["once", "retry"])
def test_RULING_TREAT_ONCE_a_treated_wound_is_never_halved_twice(treatment):
    table = wounded([6], dice="2d6", rulings={"wound.treatment": treatment})    # 8 rests
    table.do("treat", "Arin", by="Brune", d20=15, bonus=5)
    assert table.rests("Arin") == [4]
    with pytest.raises(RuleRefusal) as refusal:
        table.do("treat", "Arin", by="Brune", d20=15, bonus=5)
    assert refusal.value.code == "treat.all_treated"
    with pytest.raises(RuleRefusal) as refusal:        # chosen by hand: the same refusal
        table.do("treat", "Arin", by="Brune", d20=15, bonus=5, wound=1)
    assert problem(refusal.value) == ("treat.already_treated", "RULING-TREAT-ONCE", {
        "name": "Arin", "wound": 1, "cause": named("hache"), "origin": 5})
    assert table.rests("Arin") == [4]


def test_RULING_TREAT_ONCE_the_next_treatment_goes_to_the_next_untreated_wound():
    table = wounded([5, 6], dice="2d6")        # 7 and 8 rests
    table.do("treat", "Arin", by="Brune", d20=2, bonus=5)     # the first: failure, it stands
    table.do("treat", "Arin", by="Brune", d20=13, bonus=5)    # the second: 8 → 4
    assert [(w.rests_remaining, w.treatment) for w in table["Arin"].wounds] == [
        (7, "failure"), (4, "success")]


def test_WOUND_4_treat_without_Medicine_is_refused():
    table = wounded([5], dice="2d6")
    table.add("Cael")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("treat", "Arin", by="Cael", d20=20, bonus=5)
    assert problem(refusal.value) == ("care.no_medicine", "WOUND-4", {"healer": "Cael"})


def test_WOUND_4_an_unconscious_healer_cannot_treat():
    table = wounded([5], dice="2d6")
    table.do("damage", "Brune", amount=40, cause="dague", dice="1d4")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("treat", "Arin", by="Brune", d20=20, bonus=5)
    assert problem(refusal.value) == ("care.healer_down", "WOUND-4",
                                      {"healer": "Brune", "condition": "dying"})


def test_WOUND_4_a_healer_proficient_in_Medicine_may_treat_itself():
    table = party()
    table.do("damage", "Brune", amount=40, cause="épée à deux mains", dice="2d6")
    table.do("heal", "Brune", amount=10, wound_roll=5)
    assert table.do("treat", "Brune", by="Brune", d20=13, bonus=5).outcome == "success"
    assert table.rests("Brune") == [3]


def test_WOUND_4_nothing_to_treat_without_a_wound():
    with pytest.raises(RuleRefusal) as refusal:
        party().do("treat", "Arin", by="Brune", d20=15, bonus=5)
    assert problem(refusal.value) == ("treat.no_wound", "WOUND-4", {"name": "Arin"})


# --- RULING-TREAT-CHOICE: the healer chooses the wound; the oldest untreated by default ----------

def _two_wounds(rulings=None):
    """Arin with a 2d6 wound of 7 rests (from command 5) and one of 8 (from command 8)."""
    table = wounded([5, 6], dice="2d6", rulings=rulings)
    assert [(w.position, w.rests_remaining) for w in table["Arin"].wounds] == [(5, 7), (8, 8)]
    return table


@pytest.mark.parametrize("choice", [{"wound": 2}, {"wound_from": 8},
                                    {"wound": 1, "wound_from": 8}])   # the recorded origin wins
def test_RULING_TREAT_CHOICE_the_healer_chooses_the_wound(choice):
    table = _two_wounds()
    result = table.do("treat", "Arin", by="Brune", d20=13, bonus=5, **choice)   # 18 vs DC 18
    assert result.outcome == "success"
    assert table.rests("Arin") == [7, 4]
    assert [w.treatment for w in table["Arin"].wounds] == [None, "success"]
    assert result.details == {"wound": 2, "origin": 8, "cause": named("hache"),
                              "formula": "1d6+2", "d20": 13, "bonus": 5, "total": 18, "dc": 18,
                              "before": 8, "after": 4}
    assert the(result, "wound.treated")["params"] == {
        "name": "Arin", "healer": "Brune", "wound": 2, "origin": 8, "cause": named("hache"),
        "formula": "1d6+2", "d20": 13, "bonus": 5, "total": 18, "dc": 18, "before": 8, "after": 4}
    # the default is then the oldest wound not yet treated
    assert table.do("treat", "Arin", by="Brune", d20=13, bonus=5).details["wound"] == 1
    assert table.rests("Arin") == [3, 4]


def test_RULING_TREAT_CHOICE_the_DC_is_the_chosen_wounds():
    table = wounded([12, 5], dice=["1d12", "2d6"])            # DC 22 and DC 18
    second = table.do("treat", "Arin", by="Brune", d20=13, bonus=5, wound=2)
    first = table.do("treat", "Arin", by="Brune", d20=13, bonus=5)
    assert (second.outcome, second.details["dc"]) == ("success", 18)
    assert (first.outcome, first.details["dc"]) == ("failure", 22)
    assert table.rests("Arin") == [12, 3]


@pytest.mark.parametrize("choice, code, rule, params", [
    ({"wound": 3}, "treat.wound_out_of_queue", "RULING-TREAT-CHOICE",
     {"name": "Arin", "wound": 3, "count": 2}),
    ({"wound": 0}, "treat.wound_out_of_queue", "RULING-TREAT-CHOICE",
     {"name": "Arin", "wound": 0, "count": 2}),
    ({"wound_from": 99}, "treat.wound_gone", "RULING-TREAT-CHOICE",
     {"name": "Arin", "origin": 99}),
    ({"wound_from": 6}, "treat.wound_gone", "RULING-TREAT-CHOICE",     # a heal, not a wound
     {"name": "Arin", "origin": 6}),
])
def test_RULING_TREAT_CHOICE_a_wound_that_is_not_in_the_queue_is_refused(choice, code, rule,
                                                                        params):
    table = _two_wounds()
    with pytest.raises(RuleRefusal) as refusal:
        table.do("treat", "Arin", by="Brune", d20=20, bonus=5, **choice)
    assert problem(refusal.value) == (code, rule, params)
    assert table.rests("Arin") == [7, 8]


@pytest.mark.parametrize("choice", [{}, {"wound": 1}, {"wound_from": 5}])
def test_RULING_TREAT_CHOICE_no_wound_at_all(choice):
    with pytest.raises(RuleRefusal) as refusal:
        party().do("treat", "Arin", by="Brune", d20=15, bonus=5, **choice)
    assert problem(refusal.value) == ("treat.no_wound", "WOUND-4", {"name": "Arin"})


def test_RULING_TREAT_CHOICE_a_healed_wound_is_gone():
    table = wounded([1, 5])                          # 1d12: 1 and 5 rests
    table.do("rest long", ["Arin"])
    assert table.rests("Arin") == [5]
    with pytest.raises(RuleRefusal) as refusal:
        table.do("treat", "Arin", by="Brune", d20=20, bonus=5, wound_from=5)
    assert problem(refusal.value) == ("treat.wound_gone", "RULING-TREAT-CHOICE",
                                      {"name": "Arin", "origin": 5})
    assert table.do("treat", "Arin", by="Brune", d20=20, bonus=5,
                    wound_from=8).details == {
        "wound": 1, "origin": 8, "cause": named("hache"), "formula": "1d12", "d20": 20,
        "bonus": 5, "total": 25, "dc": 22, "before": 5, "after": 2}


@pytest.mark.parametrize("treatment, second", [("once", None), ("retry", "success")])
def test_RULING_TREAT_CHOICE_with_RULING_TREAT_ONCE_a_chosen_failed_wound(treatment, second):
    table = _two_wounds({"wound.treatment": treatment})
    assert table.do("treat", "Arin", by="Brune", d20=2, bonus=5, wound=2).outcome == "failure"
    if second is None:
        with pytest.raises(RuleRefusal) as refusal:
            table.do("treat", "Arin", by="Brune", d20=13, bonus=5, wound=2)
        assert problem(refusal.value) == ("treat.already_treated", "RULING-TREAT-ONCE", {
            "name": "Arin", "wound": 2, "cause": named("hache"), "origin": 8})
        assert table.rests("Arin") == [7, 8]
    else:
        assert table.do("treat", "Arin", by="Brune", d20=13, bonus=5,
                        wound_from=8).outcome == second
        assert table.rests("Arin") == [7, 4]


def test_RULING_TREAT_CHOICE_evening_care_always_helps_the_head_of_the_queue():
    table = _two_wounds()
    table.do("treat", "Arin", by="Brune", d20=13, bonus=5, wound=2)     # [7, 4]
    result = table.do("tend", "Arin", by="Brune", d20=11, bonus=5)     # 16 vs DC 16
    assert (result.details["wound"], result.details["origin"]) == (1, 5)
    table.do("rest night", ["Arin", "Brune"], calm=True)
    assert table.rests("Arin") == [6, 4]


def _treat_by_origin(treat_args):
    """A dagger wound of 1 rest (command 5), an axe wound of 9 (command 8); the first
    treatment (10) halves the dagger wound, the second (11) is recorded with `treat_args`."""
    history = History()
    history.add("Arin", con=14, hp_max=45, level=5)
    history.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    history.do("damage", "Arin", amount=50, cause="dague", dice="1d8")       # 4
    history.do("stabilize", "Arin", by="Brune", wound_roll=1)                # 5: 1 rest
    history.do("heal", "Arin", amount=100)                                   # 6
    history.do("damage", "Arin", amount=50, cause="hache", dice="1d12")      # 7
    history.do("stabilize", "Arin", by="Brune", wound_roll=9)                # 8: 9 rests
    history.do("heal", "Arin", amount=100)                                   # 9
    history.do("treat", "Arin", by="Brune", d20=13, bonus=5)                 # 10: 18 vs DC 18
    history.do("treat", "Arin", by="Brune", d20=17, bonus=5, **treat_args)   # 11: 22 vs DC 22
    return history


@pytest.mark.parametrize("halving, queue", [
    ("down", [4]),        # the dagger wound's 1 → 0: healed, the axe wound is the only one left
    ("up", [1, 5]),       # 1 → 1: it stays at the head, the axe wound is second
])
def test_RULING_TREAT_CHOICE_wound_from_keeps_the_roll_on_its_wound_under_other_rulings(halving,
                                                                                       queue):
    folded = _treat_by_origin({"wound_from": 8}).fold({"wound.halving": halving})
    assert folded.note(11) is None
    assert folded.result(11).details["origin"] == 8
    assert folded.result(11).details["cause"] == named("hache")
    assert [w.rests_remaining for w in folded["Arin"].wounds] == queue


@pytest.mark.parametrize("halving, note, queue", [
    ("down", None, [4]),
    ("up", {"code": "treat.already_treated", "rule": "RULING-TREAT-ONCE", "params": {
        "name": "Arin", "wound": 1, "cause": named("dague"), "origin": 5}}, [1, 9]),
])
def test_RULING_TREAT_CHOICE_a_place_in_the_queue_alone_would_not_keep_it(halving, note, queue):
    folded = _treat_by_origin({"wound": 1}).fold({"wound.halving": halving})
    expected = None if note is None else {"code": "fold.refused", "params": {"reason": note}}
    assert folded.note(11) == expected
    assert [w.rests_remaining for w in folded["Arin"].wounds] == queue


def test_RULING_TREAT_CHOICE_wound_from_keeps_the_roll_on_its_wound_after_a_correction():
    history = _treat_by_origin({"wound_from": 8})
    history.do("void", number=10, reason="the kit was empty")               # 12
    folded = history.fold()
    assert folded.note(10) == {"code": "fold.voided", "params": {"by": 12}}
    assert folded.result(11).details == {
        "wound": 2, "origin": 8, "cause": named("hache"), "formula": "1d12", "d20": 17,
        "bonus": 5, "total": 22, "dc": 22, "before": 9, "after": 4}
    assert [w.rests_remaining for w in folded["Arin"].wounds] == [1, 4]


# --- WOUND-5 evening care (RULING-EVENING) ---------------------------------------------------------

NIGHTS = {
    "calm camp": ("rest night", {"safe": False, "calm": True}),
    "watched inn": ("rest night", {"safe": True, "calm": True, "watch": True}),
    "wilderness day": ("rest wilderness", {}),
    "inn": ("rest night", {"safe": True, "calm": True}),
    "rest long": ("rest long", {}),
}


@pytest.mark.parametrize("night, d20, rests, kind", [
    ("calm camp", 11, [4, 3], "short"),      # 16 vs DC 16: counts as a long rest for the head
    ("watched inn", 11, [4, 3], "short"),
    ("wilderness day", 11, [4, 3], "short"),
    ("calm camp", 10, [5, 3], "short"),      # 15: failure, nothing
    ("inn", 11, [4, 3], "long"),             # a real long rest: care adds nothing more
    ("rest long", 11, [4, 3], "long"),
    ("inn", 10, [4, 3], "long"),
])
def test_WOUND_5_RULING_EVENING_care_counts_only_on_a_night_that_is_not_a_long_rest(night, d20,
                                                                                  rests, kind):
    table = wounded([3, 1], dice="2d6")        # 5 and 3 rests; tend DC 8 + 6 + 2 = 16
    result = table.do("tend", "Arin", by="Brune", d20=d20, bonus=5)
    success = d20 + 5 >= 16
    assert result.outcome == ("success" if success else "failure")
    assert result.details == {"wound": 1, "origin": 5, "cause": named("hache"),
                              "formula": "1d6+2", "d20": d20, "bonus": 5, "total": d20 + 5,
                              "dc": 16, "before": 5}
    assert result.rules == ["WOUND-5", "RULING-DC-DICE", "RULING-EVENING", "RULING-TREAT-CHOICE"]
    assert codes(result) == ["wound.tended" if success else "wound.tend_failed"]
    command, args = NIGHTS[night]
    rest = table.do(command, ["Arin", "Brune"], **args)
    assert rest.outcomes["Arin"] == kind
    assert table.rests("Arin") == rests
    assert table["Arin"].evening_care is None
    wasted = effect("Arin", "care.wasted", ("RULING-EVENING",), name="Arin")
    assert (wasted in rest.effects) is (kind == "long" and success)


def test_RULING_EVENING_care_that_heals_the_head_wound_takes_its_fatigue_level():
    table = wounded([1], dice="1d8")           # 1 rest; tend DC 16
    table.do("tend", "Arin", by="Brune", d20=15, bonus=5)
    result = table.do("rest night", ["Arin", "Brune"], calm=True)
    assert table.rests("Arin") == []
    assert table.fatigue("Arin") == 0
    assert "RULING-EVENING" in result.rules and "WOUND-5" in result.rules


@pytest.mark.parametrize("first_d20", [15, 2])
def test_RULING_EVENING_second_care_the_same_night_refused(first_d20):
    table = wounded([5], dice="2d6")
    table.do("tend", "Arin", by="Brune", d20=first_d20, bonus=5)
    first = table.position
    with pytest.raises(RuleRefusal) as refusal:
        table.do("tend", "Arin", by="Brune", d20=20, bonus=5)
    assert problem(refusal.value) == ("tend.already_tonight", "RULING-EVENING",
                                      {"name": "Arin", "at": first})
    table.do("rest night", ["Arin", "Brune"], calm=True)
    assert table.do("tend", "Arin", by="Brune", d20=15, bonus=5).outcome == "success"


def test_WOUND_5_tend_without_Medicine_or_without_a_wound_is_refused():
    table = wounded([5], dice="2d6")
    table.add("Cael")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("tend", "Arin", by="Cael", d20=20, bonus=5)
    assert problem(refusal.value) == ("care.no_medicine", "WOUND-5", {"healer": "Cael"})
    with pytest.raises(RuleRefusal) as refusal:
        table.do("tend", "Brune", by="Brune", d20=20, bonus=5)
    assert problem(refusal.value) == ("tend.no_wound", "WOUND-5", {"name": "Brune"})


# --- WOUND-6: the queue -------------------------------------------------------------------------------

@pytest.mark.parametrize("long_rests, rests, fatigue", [
    (0, [5, 3, 4], 3),
    (1, [4, 3, 4], 3),
    (4, [1, 3, 4], 3),
    (5, [3, 4], 2),      # the first wound heals after 5 long rests
    (6, [2, 4], 2),      # no carry-over: the second starts at the next rest
    (8, [4], 1),         # the second after 8
    (11, [1], 1),
    (12, [], 0),         # the third after 12
    (13, [], 0),
])
def test_WOUND_6_queue_FIFO_the_rules_text_example_5_3_4(long_rests, rests, fatigue):
    table = wounded([5, 3, 4])
    for _ in range(long_rests):
        table.do("rest long", ["Arin", "Brune"])
    assert table.rests("Arin") == rests
    assert table.fatigue("Arin") == fatigue


def test_RULING_HEAL_ON_REST_the_healing_rest_cites_the_queue_rules():
    table = wounded([1, 2])
    result = table.do("rest long", ["Arin"])
    healed = [e for e in result.effects if e["code"] == "wound.healed"]
    assert healed == [effect("Arin", "wound.healed",
                             ("REST-1", "WOUND-6", "WOUND-7", "RULING-HEAL-ON-REST"), name="Arin",
                             cause=named("hache"), origin=5, why="long-rest", fatigue=1)]
    assert "wound.progress" not in codes(result)          # no carry-over to the next wound
    assert table.rests("Arin") == [2]
    result = table.do("rest long", ["Arin"])
    assert the(result, "wound.progress") == effect(
        "Arin", "wound.progress", ("REST-1", "WOUND-6", "WOUND-7", "RULING-HEAL-ON-REST"),
        name="Arin", cause=named("hache"), origin=8, before=2, after=1, why="long-rest")


def test_WOUND_6_a_short_night_without_care_does_not_advance_the_queue():
    table = wounded([5, 3, 4])
    for _ in range(3):
        table.do("rest night", ["Arin"], safe=True, calm=False)
    table.do("rest short", ["Arin"])
    assert table.rests("Arin") == [5, 3, 4]


# --- WOUND-7 ------------------------------------------------------------------------------------------

def test_WOUND_7_two_wounds_plus_one_ordinary_is_3_a_third_wound_4_a_long_rest_3():
    table = wounded([5, 3])
    assert table.fatigue("Arin") == 2
    table.do("fatigue", "Arin", delta=1, cause="marche forcée")
    assert table.fatigue("Arin") == 3
    table.do("damage", "Arin", amount=45, cause="hache", dice="1d12")
    table.do("stabilize", "Arin", by="Brune", wound_roll=4)
    assert table.fatigue("Arin") == 4
    assert table.effective_max("Arin") == 22          # BASE-FATIGUE 4
    table.do("heal", "Arin", amount=45)
    assert table.hp("Arin") == 22
    table.do("rest long", ["Arin", "Brune"])
    sheet = table["Arin"]
    assert table.fatigue("Arin") == 3
    assert (len(sheet.ordinary), len(sheet.wounds), len(sheet.magic)) == (0, 3, 0)
    assert table.rests("Arin") == [4, 3, 4]
    assert (table.hp("Arin"), table.effective_max("Arin")) == (45, 45)
    # the remaining three levels go only as the three wounds heal
    for _ in range(4):
        table.do("rest long", ["Arin"])
    assert table.fatigue("Arin") == 2
