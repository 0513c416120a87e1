"""Difficult resurrections: RES-1, RES-2, RULING-CON-ZERO, RULING-FATIGUE-DEATH, RULING-ASI, and
the HP maximum following Constitution (level × change of modifier)."""

from dataclasses import replace

import pytest

from ledger.catalogue import find_spell
from ledger.rules.errors import BadValue, RuleRefusal
from ledger.rules.resurrection import con_cost
from ledger.rules.sheet import ConLoss, con_current, fatigue_levels, hp_max, modifier, new_sheet

from .support import Table, codes, effect, named, problem, spell, the

REVIVIFY = spell("Revigorer", 3, None, "Revivify")
RAISE_DEAD = spell("Rappel à la vie", 5, None, "Raise Dead")
REINCARNATE = spell("Réincarnation", 5, None, "Reincarnate")
RESURRECTION = spell("Résurrection", 7, None, "Resurrection")
TRUE_RESURRECTION = spell("Résurrection suprême", 9, None, "True Resurrection")


@pytest.mark.parametrize("spell_en, cost", [
    ("Revivify", 1), ("Raise Dead", 1), ("Reincarnate", 1),
    ("Resurrection", 2), ("True Resurrection", 3),
    ("raise dead", 1), ("Fireball", 0), (None, 0),
])
def test_RES_1_constitution_costs(spell_en, cost):
    assert con_cost(spell_en) == cost


def _graveyard(caster_con=14, caster_level=9, caster_hp=40):
    """Iris the cleric and Arin, dead of a greatsword, with one older wound."""
    table = Table()
    table.add("Iris", con=caster_con, hp_max=caster_hp, level=caster_level)
    table.add("Arin", con=14, hp_max=45, level=5)
    table.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    table.do("damage", "Arin", amount=50, cause="hache", dice="1d12")
    table.do("stabilize", "Arin", by="Brune", wound_roll=6)
    table.do("heal", "Arin", amount=45)
    table.do("damage", "Arin", amount=100, cause="épée à deux mains", dice="2d6")
    assert table.condition("Arin") == "dead"
    return table


@pytest.mark.parametrize("the_spell, slot, save, cost, hp", [
    (REVIVIFY, 3, {}, 1, 1),
    (RAISE_DEAD, 5, {"save_d20": 15, "save_bonus": 2}, 1, 1),
    (REINCARNATE, 5, {"save_d20": 15, "save_bonus": 2}, 1, 1),
    (RESURRECTION, 7, {"save_d20": 15, "save_bonus": 2}, 2, 45),
    (TRUE_RESURRECTION, 9, {"save_d20": 15, "save_bonus": 2}, 3, 45),
])
def test_RES_1_costs_and_the_target_brought_back_at_1_HP_or_full(the_spell, slot, save, cost, hp):
    table = _graveyard()
    result = table.do("cast", "Iris", spell=the_spell, slot=slot, target="Arin", **save)
    assert con_current(table["Iris"]) == 14 - cost
    assert [(loss.amount, loss.spell, loss.position) for loss in table["Iris"].con_losses] == [
        (cost, the_spell["name"], table.position)]
    arin = table["Arin"]
    assert (arin.condition, arin.hp) == ("conscious", hp)
    assert [w.cause for w in arin.wounds] == ["hache"]        # death is not a wound
    assert table.fatigue("Arin") == 1
    assert {"RES-1", "RES-2", "RULING-DROP-CAUSE"} <= set(result.rules)
    label = named(the_spell["name"], the_spell["en"])
    assert the(result, "con.lost") == effect(
        "Iris", "con.lost", ("RES-1", "RES-2"), name="Iris", amount=cost, spell=label,
        before=14, after=14 - cost, max_before=40, max_after=hp_max(table["Iris"]))
    assert the(result, "res.returned") == effect(
        "Arin", "res.returned", ("RES-1", "RULING-DROP-CAUSE"), name="Arin", hp=hp, spell=label)
    assert result.outcomes == {"Iris": result.outcome, "Arin": "conscious"}


def test_RES_1_resurrection_spells_are_subject_to_MAGIC_1_too():
    table = _graveyard()
    result = table.do("cast", "Iris", spell=RAISE_DEAD, slot=5, target="Arin", save_d20=2,
                      save_bonus=2)
    assert (result.outcome, table.fatigue("Iris"), con_current(table["Iris"])) == ("fatigue", 1, 13)
    assert table.condition("Arin") == "conscious"


def test_RES_1_revivify_with_a_higher_slot_triggers_MAGIC_1():
    table = _graveyard()
    with pytest.raises(RuleRefusal) as refusal:
        table.do("cast", "Iris", spell=REVIVIFY, slot=4, target="Arin")
    assert problem(refusal.value) == ("cast.needs_save", "MAGIC-1",
                                      {"name": "Iris", "level": 4, "dc": 10, "hp": 8})
    assert (con_current(table["Iris"]), table.condition("Arin")) == (14, "dead")


def test_RES_1_target_not_dead_refused():
    table = _graveyard()
    with pytest.raises(RuleRefusal) as refusal:
        table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Brune")
    assert problem(refusal.value) == ("res.not_dead", "RES-1", {
        "name": "Brune", "condition": "conscious", "hp": 38,
        "spell": named("Revigorer", "Revivify")})
    assert con_current(table["Iris"]) == 14       # nothing was paid


def test_RES_1_a_target_only_for_resurrection_spells():
    table = _graveyard()
    with pytest.raises(RuleRefusal) as refusal:
        table.do("cast", "Iris", spell=spell("Boule de feu", 3, "8d6", "Fireball"), slot=3,
                 target="Arin")
    assert problem(refusal.value) == ("cast.target_not_resurrection", "RES-1",
                                      {"spell": named("Boule de feu", "Fireball")})


def test_RES_1_no_caster_brings_itself_back():
    table = _graveyard()
    with pytest.raises(RuleRefusal) as refusal:
        table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Iris")
    assert problem(refusal.value) == ("cast.self_resurrection", "RES-1", {"name": "Iris"})


def test_RES_1_the_cost_is_paid_even_without_a_target():
    table = _graveyard()
    table.do("cast", "Iris", spell=REVIVIFY, slot=3)
    assert con_current(table["Iris"]) == 13


def test_RES_2_the_loss_is_never_restored_by_rest():
    table = _graveyard()
    table.do("cast", "Iris", spell=RESURRECTION, slot=7, target="Arin", save_d20=15, save_bonus=2)
    for _ in range(3):
        table.do("rest long", ["Iris"])
    assert con_current(table["Iris"]) == 12


def test_RES_1_catalogue_names_cost_the_same():
    table = _graveyard()
    revive = find_spell("revigorer").as_fact("revigorer", 3)
    table.do("cast", "Iris", spell=revive, slot=3, target="Arin")
    assert (con_current(table["Iris"]), table.hp("Arin")) == (13, 1)


# --- the HP maximum follows Constitution -------------------------------------------------------------

@pytest.mark.parametrize("score, mod", [(0, -5), (1, -5), (2, -4), (8, -1), (9, -1), (10, 0),
                                        (11, 0), (12, 1), (13, 1), (14, 2)])
def test_RES_1_constitution_modifier(score, mod):
    assert modifier(score) == mod


@pytest.mark.parametrize("con, level, hp_max_base, lost, after", [
    (10, 5, 40, 1, 35),     # 10 → 9: modifier 0 → −1, level 5: −5
    (14, 9, 60, 1, 51),     # 14 → 13: +2 → +1, level 9: −9
    (13, 9, 60, 1, 60),     # 13 → 12: the modifier stays +1
    (11, 4, 30, 2, 26),     # 11 → 9: 0 → −1
    (12, 3, 25, 3, 19),     # 12 → 9: +1 → −1, level 3: −6
    (10, 1, 8, 1, 7),       # level 1 unless given
    (3, 5, 20, 1, 20),      # 3 → 2: the modifier stays −4
    (2, 5, 3, 1, 1),        # 2 → 1: −4 → −5, but never below 1 HP
])
def test_RES_1_constitution_change_changes_hp_max_by_level_times_modifier_change(con, level,
                                                                               hp_max_base, lost,
                                                                               after):
    sheet = replace(new_sheet("Iris", con, hp_max_base, level),
                    con_losses=(ConLoss(3, lost, "Revigorer", ("RES-1",)),))
    assert hp_max(sheet) == after


def test_RES_1_CON_10_to_9_at_level_5_costs_5_HP_max_and_caps_current_HP():
    table = _graveyard(caster_con=10, caster_level=5, caster_hp=40)
    assert (table.hp("Iris"), table.max("Iris")) == (40, 40)
    table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Arin")
    assert (con_current(table["Iris"]), table.max("Iris"), table.hp("Iris")) == (9, 35, 35)


def test_RES_2_ability_score_improvement_raises_constitution_and_hp_max():
    table = _graveyard(caster_con=10, caster_level=5, caster_hp=40)
    table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Arin")
    result = table.do("improve", "Iris", con=1)
    sheet = table["Iris"]
    assert (con_current(sheet), sheet.con_improvements, table.max("Iris")) == (10, 1, 40)
    assert table.hp("Iris") == 35                      # the maximum rises, current HP do not
    assert result.rules == ["RULING-ASI", "RES-2"]
    assert result.effects == [effect("Iris", "con.improved", ("RULING-ASI", "RES-2"), name="Iris",
                                     amount=1, before=9, after=10, max_before=35, max_after=40,
                                     beyond_cap=False, cause=None)]
    table.do("improve", "Iris", con=2)
    assert (con_current(table["Iris"]), table.max("Iris")) == (12, 45)
    assert sum(loss.amount for loss in table["Iris"].con_losses) == 1   # still lost for ever


@pytest.mark.parametrize("con, the_spell, slot, current", [
    (1, REVIVIFY, 3, 0),
    (3, TRUE_RESURRECTION, 9, 0),
    (2, TRUE_RESURRECTION, 9, -1),
])
def test_RULING_CON_ZERO_warning_effect(con, the_spell, slot, current):
    table = _graveyard(caster_con=con, caster_level=17, caster_hp=60)
    save = {"save_d20": 20, "save_bonus": 5} if slot >= 4 else {}
    result = table.do("cast", "Iris", spell=the_spell, slot=slot, target="Arin", **save)
    assert con_current(table["Iris"]) == current
    warning = [e for e in result.effects if "RULING-CON-ZERO" in e["rules"]]
    assert warning == [effect("Iris", "con.zero", ("RULING-CON-ZERO",), name="Iris",
                              con=current)]
    assert codes(result).index("con.zero") == codes(result).index("con.lost") + 1
    assert table.condition("Iris") == "conscious"       # recorded as it is: the GM decides


def test_RULING_CON_ZERO_no_warning_above_zero():
    table = _graveyard(caster_con=2)
    result = table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Arin")
    assert "RULING-CON-ZERO" not in result.rules
    assert "con.zero" not in codes(result)
    assert con_current(table["Iris"]) == 1


def test_RES_2_no_ability_score_improvement_for_the_dead():
    table = _graveyard()
    with pytest.raises(RuleRefusal) as refusal:
        table.do("improve", "Arin", con=1)
    assert problem(refusal.value) == ("improve.dead", "RES-2", {"name": "Arin"})


# --- RULING-ASI: +1 or +2, never above 20 unless a recorded item or boon lifts the cap ------------

@pytest.mark.parametrize("amount", [3, 0, -1, 4])
def test_RULING_ASI_an_improvement_is_of_1_or_2(amount):
    """Changed on purpose: an improvement of 3 (or any other step) is refused."""
    table = Table()
    table.add("Iris", con=12, hp_max=40, level=8)
    with pytest.raises(BadValue) as error:
        table.do("improve", "Iris", con=amount)
    assert problem(error.value) == ("improve.step", None, {"amount": amount})
    assert error.value.exit_code == 2
    assert con_current(table["Iris"]) == 12


@pytest.mark.parametrize("con, lost, amount, after", [
    (18, 0, 2, 20),
    (19, 0, 1, 20),
    (20, 1, 1, 20),      # the cap counts the current score, after RES-1's loss
    (12, 0, 2, 14),
])
def test_RULING_ASI_up_to_20(con, lost, amount, after):
    table = Table()
    table.add("Iris", con=con, hp_max=40, level=8)
    table.add("Arin", con=14, hp_max=45, level=5)
    if lost:
        table.do("damage", "Arin", amount=100, cause="géant", dice="3d12")
        table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Arin")
    table.do("improve", "Iris", con=amount)
    assert con_current(table["Iris"]) == after


@pytest.mark.parametrize("con, amount, most", [(19, 2, 1), (20, 1, 0), (20, 2, 0), (21, 1, 0)])
def test_RULING_ASI_never_above_20(con, amount, most):
    table = Table()
    table.add("Iris", con=con, hp_max=40, level=8)
    with pytest.raises(RuleRefusal) as refusal:
        table.do("improve", "Iris", con=amount)
    assert problem(refusal.value) == ("improve.cap", "RULING-ASI", {
        "name": "Iris", "con": con, "amount": amount, "cap": 20, "most": most})
    assert con_current(table["Iris"]) == con


def test_RULING_ASI_an_item_lifting_the_cap_is_recorded_with_its_cause():
    table = Table()
    table.add("Iris", con=20, hp_max=40, level=8)
    with pytest.raises(BadValue) as error:
        table.do("improve", "Iris", con=2, beyond_cap=True)
    assert problem(error.value) == ("improve.cap_needs_cause", None, {})
    result = table.do("improve", "Iris", con=2, beyond_cap=True,
                      cause="Manuel de santé corporelle")
    assert (con_current(table["Iris"]), table.max("Iris")) == (22, 48)    # +1 modifier × 8
    assert result.effects == [effect(
        "Iris", "con.improved_beyond", ("RULING-ASI", "RES-2"), name="Iris", amount=2, before=20,
        after=22, max_before=40, max_after=48, beyond_cap=True,
        cause=named("Manuel de santé corporelle"))]


# --- RULING-FATIGUE-DEATH: back only below fatigue 6, refused before the caster pays -------------

def _dead_of_fatigue():
    """Arin dead of fatigue: two wounds, three ordinary levels and a magic one (6 levels)."""
    table = _graveyard()
    table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Arin")   # back, with one wound
    table.do("damage", "Arin", amount=5, cause="épée à deux mains", dice="2d6")
    table.do("stabilize", "Arin", by="Brune", wound_roll=4)
    table.do("fatigue", "Arin", delta=3, cause="marche forcée")
    table.do("fatigue", "Arin", delta=1, source="magic", cause="malédiction")
    sheet = table["Arin"]
    assert (sheet.condition, fatigue_levels(sheet), table.fatigue("Arin")) == ("dead", 6, 6)
    assert con_current(table["Iris"]) == 13
    return table


@pytest.mark.parametrize("the_spell, slot, save", [
    (REVIVIFY, 3, {}),
    (RAISE_DEAD, 5, {"save_d20": 15, "save_bonus": 2}),
    (RESURRECTION, 7, {"pay_hp": True}),
    (TRUE_RESURRECTION, 9, {"save_d20": 2, "save_bonus": 0}),
])
def test_RULING_FATIGUE_DEATH_a_resurrection_at_fatigue_6_is_refused_before_the_caster_pays(
        the_spell, slot, save):
    table = _dead_of_fatigue()
    iris = table["Iris"]
    with pytest.raises(RuleRefusal) as refusal:
        table.do("cast", "Iris", spell=the_spell, slot=slot, target="Arin", **save)
    assert problem(refusal.value) == ("res.fatigue_six", "RULING-FATIGUE-DEATH", {
        "name": "Arin", "levels": 6, "ordinary": 3, "magic": 1, "wound": 2, "remove": 1})
    assert table["Iris"] == iris                 # no Constitution, HP nor fatigue paid
    assert table.condition("Arin") == "dead"


def test_RULING_FATIGUE_DEATH_the_dead_gain_no_level_and_come_back_once_below_6():
    table = _dead_of_fatigue()
    table.do("fatigue", "Arin", delta=-1, source="magic", cause="restauration supérieure")
    with pytest.raises(RuleRefusal) as refusal:                 # the dead gain none
        table.do("fatigue", "Arin", delta=1, cause="froid")
    assert refusal.value.code == "fatigue.dead_gains"
    table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Arin")
    assert (table.condition("Arin"), table.hp("Arin"), table.fatigue("Arin")) == ("conscious", 1, 5)


@pytest.mark.parametrize("removed, source, the_spell, slot, save, hp", [
    (1, "magic", REVIVIFY, 3, {}, 1),
    (1, "ordinary", REVIVIFY, 3, {}, 1),
    (2, "ordinary", RESURRECTION, 7, {"save_d20": 15, "save_bonus": 2}, 22),   # fatigue 4: 45 // 2
    (3, "ordinary", RESURRECTION, 7, {"save_d20": 15, "save_bonus": 2}, 45),   # fatigue 3
])
def test_RULING_FATIGUE_DEATH_removing_levels_from_the_dead_first_allows_the_resurrection(
        removed, source, the_spell, slot, save, hp):
    table = _dead_of_fatigue()
    table.do("fatigue", "Arin", delta=-removed, source=source, cause="restauration supérieure")
    assert table.condition("Arin") == "dead"
    result = table.do("cast", "Iris", spell=the_spell, slot=slot, target="Arin", **save)
    assert (table.condition("Arin"), table.hp("Arin")) == ("conscious", hp)
    assert table.fatigue("Arin") == 6 - removed
    assert len(table["Arin"].wounds) == 2                 # wound levels stay with their wounds
    assert "fatigue.death" not in codes(result)


@pytest.mark.parametrize("levels, remove", [(7, 2), (9, 4)])
def test_RULING_FATIGUE_DEATH_the_refusal_names_how_many_levels_to_remove(levels, remove):
    table = Table()
    table.add("Iris", con=14, hp_max=40, level=9)
    table.add("Arin", con=14, hp_max=45, level=5)
    table.do("fatigue", "Arin", delta=levels - 6, source="magic", cause="malédiction")
    table.do("fatigue", "Arin", delta=6, cause="marche forcée")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Arin")
    assert refusal.value.params["levels"] == levels
    assert refusal.value.params["remove"] == remove
