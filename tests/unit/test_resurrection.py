"""Difficult resurrections: RES-1, RES-2, RULING-CON-ZERO, and the HP maximum following
Constitution (level × change of modifier)."""

from dataclasses import replace

import pytest

from ledger.catalogue import find_spell
from ledger.rules.errors import RuleRefusal
from ledger.rules.resurrection import con_cost
from ledger.rules.sheet import ConLoss, con_current, hp_max, modifier, new_sheet

from .support import Table, spell

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


def test_RES_1_resurrection_spells_are_subject_to_MAGIC_1_too():
    table = _graveyard()
    result = table.do("cast", "Iris", spell=RAISE_DEAD, slot=5, target="Arin", save_d20=2,
                      save_bonus=2)
    assert (result.outcome, table.fatigue("Iris"), con_current(table["Iris"])) == ("fatigue", 1, 13)
    assert table.condition("Arin") == "conscious"


def test_RES_1_revivify_with_a_higher_slot_triggers_MAGIC_1():
    table = _graveyard()
    with pytest.raises(RuleRefusal, match="DC 10"):
        table.do("cast", "Iris", spell=REVIVIFY, slot=4, target="Arin")


def test_RES_1_target_not_dead_refused():
    table = _graveyard()
    with pytest.raises(RuleRefusal, match=r"Brune is not dead \(conscious, 38 HP\): Revigorer brings back only the dead") as refusal:
        table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Brune")
    assert refusal.value.rule == "RES-1"
    assert con_current(table["Iris"]) == 14       # nothing was paid


def test_RES_1_a_target_only_for_resurrection_spells():
    table = _graveyard()
    with pytest.raises(RuleRefusal, match="Boule de feu is not one"):
        table.do("cast", "Iris", spell=spell("Boule de feu", 3, "8d6", "Fireball"), slot=3,
                 target="Arin")


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
    assert result.rules == ["RES-2"]
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
    assert warning == [{"text": f"WARNING: Iris's Constitution is {current}: recorded as it is; "
                                "the GM decides what it means", "rules": ["RULING-CON-ZERO"]}]
    assert table.condition("Iris") == "conscious"       # recorded as it is: the GM decides


def test_RULING_CON_ZERO_no_warning_above_zero():
    table = _graveyard(caster_con=2)
    result = table.do("cast", "Iris", spell=REVIVIFY, slot=3, target="Arin")
    assert "RULING-CON-ZERO" not in result.rules


def test_RES_2_no_ability_score_improvement_for_the_dead():
    table = _graveyard()
    with pytest.raises(RuleRefusal, match="Arin is dead: no ability score improvement") as refusal:
        table.do("improve", "Arin", con=1)
    assert refusal.value.rule == "RES-2"
