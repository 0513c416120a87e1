"""Dying magic: MAGIC-1..5, RULING-MAGIC-HP and RULING-PACT."""

import pytest

from ledger.catalogue import find_spell
from ledger.rules.errors import BadValue, MissingRoll, RuleRefusal
from ledger.rules.magic import check_slot, decide, fatigue_for

from .support import Table, codes, effect, named, problem, spell, the


def cast(slot, save_d20=None, save_bonus=None, pay_hp=False, warlock=False, pact=False,
         arcanum=False, ritual=False, spell_level=None):
    return decide("Mira", warlock, slot, ritual, spell_level, pact, arcanum, save_d20,
                  save_bonus, pay_hp)


def figures(decision):
    return (decision.outcome, decision.level, decision.dc, decision.total, decision.fatigue,
            decision.hp_loss)


# --- MAGIC-1 / MAGIC-2 ---------------------------------------------------------------------------

@pytest.mark.parametrize("slot, d20, bonus, expected", [
    (4, 8, 2, ("saved", 4, 10, 10, 0, 0)),        # DC 10 met exactly
    (4, 7, 2, ("fatigue", 4, 10, 9, 1, 0)),
    (5, 9, 2, ("saved", 5, 11, 11, 0, 0)),
    (7, 12, 0, ("fatigue", 7, 13, 12, 1, 0)),      # 4–7: one level
    (8, 10, 3, ("fatigue", 8, 14, 13, 2, 0)),      # 8–9: two levels
    (8, 11, 3, ("saved", 8, 14, 14, 0, 0)),
    (9, 20, -6, ("fatigue", 9, 15, 14, 2, 0)),     # a natural 20 is no automatic save
    (9, 1, 14, ("saved", 9, 15, 15, 0, 0)),        # nor a natural 1 an automatic failure
])
def test_MAGIC_1_MAGIC_2_constitution_save_DC_6_plus_slot(slot, d20, bonus, expected):
    decision = cast(slot, d20, bonus)
    assert figures(decision) == expected
    if decision.outcome == "saved":
        assert decision.rules == ("MAGIC-1",)
    else:
        assert decision.rules == ("MAGIC-1", "MAGIC-2", "MAGIC-3")


@pytest.mark.parametrize("slot", [0, 1, 2, 3])
def test_MAGIC_1_slots_below_4_need_no_save(slot):
    decision = cast(slot)
    assert figures(decision) == ("no-save", slot, None, None, 0, 0)
    assert decision.rules == ("MAGIC-1",)


@pytest.mark.parametrize("level, levels", [(4, 1), (5, 1), (6, 1), (7, 1), (8, 2), (9, 2)])
def test_MAGIC_2_fatigue_by_slot_level(level, levels):
    assert fatigue_for(level) == levels


@pytest.mark.parametrize("spell_level, d20, expected", [
    (4, 8, ("saved", 4, 10, 10, 0, 0)),      # a level-4 ritual needs the save (no slot)
    (4, 3, ("fatigue", 4, 10, 5, 1, 0)),
    (5, 3, ("fatigue", 5, 11, 5, 1, 0)),
    (3, None, ("no-save", 3, None, None, 0, 0)),
])
def test_MAGIC_1_level_4_ritual_needs_the_save(spell_level, d20, expected):
    decision = cast(spell_level, d20, 2 if d20 else None, ritual=True, spell_level=spell_level)
    assert figures(decision) == expected


def test_MAGIC_1_ritual_through_the_fold():
    table = Table()
    table.add("Mira", con=12, hp_max=30, level=9)
    divination = spell("Divination", 4, None, "Divination", ritual=True)
    result = table.do("cast", "Mira", spell=divination, slot=4, ritual=True, save_d20=5, save_bonus=1)
    assert (result.outcome, result.details["dc"], result.details["fatigue"]) == ("fatigue", 10, 1)
    assert table.fatigue("Mira") == 1


# --- MAGIC-4: the warlock ------------------------------------------------------------------------

@pytest.mark.parametrize("slot, pact, arcanum, d20, expected, rules", [
    (5, True, False, None, ("no-save", 5, None, None, 0, 0), ("MAGIC-4", "RULING-PACT")),
    (6, False, True, 5, ("fatigue", 6, 12, 7, 1, 0),
     ("MAGIC-1", "MAGIC-4", "RULING-PACT", "MAGIC-2", "MAGIC-3")),
    (9, False, True, 13, ("saved", 9, 15, 15, 0, 0), ("MAGIC-1", "MAGIC-4", "RULING-PACT")),
    (4, False, False, 5, ("fatigue", 4, 10, 7, 1, 0), ("MAGIC-1", "MAGIC-2", "MAGIC-3")),  # not pact
])
def test_MAGIC_4_warlock_pact_slot_exempt_arcanum_not(slot, pact, arcanum, d20, expected, rules):
    decision = cast(slot, d20, 2 if d20 else None, warlock=True, pact=pact, arcanum=arcanum)
    assert figures(decision) == expected
    assert decision.rules == rules
    assert decision.arcanum is arcanum


@pytest.mark.parametrize("pact, arcanum", [(True, False), (False, True)])
def test_MAGIC_4_pact_and_arcanum_need_a_warlock(pact, arcanum):
    flag = "--pact" if pact else "--arcanum"
    with pytest.raises(RuleRefusal) as refusal:
        cast(5, 10, 2, pact=pact, arcanum=arcanum)
    assert problem(refusal.value) == ("cast.not_warlock", "MAGIC-4", {"name": "Mira",
                                                                     "flag": flag})


def test_MAGIC_4_pact_and_arcanum_exclude_each_other():
    with pytest.raises(BadValue) as error:
        cast(5, 10, 2, warlock=True, pact=True, arcanum=True)
    assert problem(error.value) == ("cast.pact_and_arcanum", None, {})
    assert error.value.exit_code == 2


def test_MAGIC_4_through_the_fold():
    table = Table()
    table.add("Zed", con=12, hp_max=40, level=11, warlock=True)
    bolt = spell("Cône de froid", 5, "8d8", "Cone of Cold")
    result = table.do("cast", "Zed", spell=bolt, slot=5, pact=True)
    assert result.outcome == "no-save"
    assert result.effects == [effect("Zed", "cast.pact", ("MAGIC-4", "RULING-PACT"), name="Zed",
                                     spell=named("Cône de froid", "Cone of Cold"), level=5,
                                     slot=5)]
    with pytest.raises(RuleRefusal) as refusal:
        table.do("cast", "Zed", spell=bolt, slot=5)
    assert problem(refusal.value) == ("cast.needs_save", "MAGIC-1",
                                      {"name": "Zed", "level": 5, "dc": 11, "hp": 10})
    assert table.fatigue("Zed") == 0


# --- MAGIC-5: paying HP ------------------------------------------------------------------------------

@pytest.mark.parametrize("slot, d20, bonus, expected", [
    (4, None, None, ("paid-hp", 4, 10, None, 0, 8)),     # skip the save: 2 × slot HP
    (9, None, None, ("paid-hp", 9, 15, None, 0, 18)),
    (6, 3, 2, ("paid-hp", 6, 12, 5, 0, 12)),             # after a failed save, instead of fatigue
    (8, 3, 2, ("paid-hp", 8, 14, 5, 0, 16)),
    (6, 12, 2, ("saved", 6, 12, 14, 0, 0)),              # a saved cast costs nothing
])
def test_MAGIC_5_pay_hp_both_ways(slot, d20, bonus, expected):
    decision = cast(slot, d20, bonus, pay_hp=True)
    assert figures(decision) == expected
    if decision.outcome == "paid-hp":
        assert decision.rules[-2:] == ("MAGIC-5", "RULING-MAGIC-HP")


def test_MAGIC_5_pay_hp_on_a_slot_below_4_costs_nothing():
    assert figures(cast(3, pay_hp=True)) == ("no-save", 3, None, None, 0, 0)


@pytest.mark.parametrize("d20, bonus, hp, fatigue, outcome", [
    (None, None, 20, 0, "paid-hp"),    # 30 − 2 × 5
    (4, 2, 20, 0, "paid-hp"),
    (10, 2, 30, 0, "saved"),
])
def test_MAGIC_5_pay_hp_through_the_fold(d20, bonus, hp, fatigue, outcome):
    table = Table()
    table.add("Mira", con=12, hp_max=30, level=9)
    args = {"save_d20": d20, "save_bonus": bonus} if bonus is not None else {}
    result = table.do("cast", "Mira", spell=spell("Cône de froid", 5, "8d8", "Cone of Cold"),
                      slot=5, pay_hp=True, **args)
    assert result.outcome == outcome
    assert (table.hp("Mira"), table.fatigue("Mira")) == (hp, fatigue)


def test_MAGIC_1_save_needed_without_save_values_nor_pay_hp_refused():
    with pytest.raises(RuleRefusal) as refusal:
        cast(6)
    # the code names both ways out: a save against DC 12, or MAGIC-5's 12 HP
    assert problem(refusal.value) == ("cast.needs_save", "MAGIC-1",
                                      {"name": "Mira", "level": 6, "dc": 12, "hp": 12})
    assert refusal.value.exit_code == 1


def test_MAGIC_1_save_bonus_without_the_d20_asks_the_edge_to_roll():
    with pytest.raises(MissingRoll) as missing:
        cast(6, None, 3)
    assert (missing.value.field, missing.value.sides, missing.value.rule) == ("save_d20", 20, "MAGIC-1")


def test_RULING_MAGIC_HP_pay_hp_dropping_the_caster_to_0_makes_the_spell_the_wound_cause():
    blight = find_spell("fletrissement").as_fact("flétrissement", 5)
    assert blight["dice"] == "9d8"
    table = Table()
    table.add("Mira", con=12, hp_max=30, level=9)
    table.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    table.do("damage", "Mira", amount=22, cause="dague", dice="1d4")        # 8 HP left
    result = table.do("cast", "Mira", spell=blight, slot=5, pay_hp=True)   # 10 HP
    assert (table.hp("Mira"), table.condition("Mira")) == (0, "dying")
    assert result.outcome == "paid-hp"
    assert {"BASE-DYING", "MAGIC-5", "RULING-MAGIC-HP", "RULING-DROP-CAUSE"} <= set(result.rules)
    # the cause is the catalogue's spell (its French name, and its English one for the reader)
    drop = table["Mira"].drop
    assert (drop.cause, drop.cause_en, drop.dice) == ("Flétrissement", "Blight", "9d8")
    assert the(result, "cast.paid_hp")["params"] == {
        "name": "Mira", "spell": named("Flétrissement", "Blight"), "level": 5, "slot": 5,
        "hp": 10, "saved": False, "d20": None, "bonus": None, "total": None, "dc": 11}
    assert the(result, "hp.dropped")["params"]["cause"] == named("Flétrissement", "Blight")
    table.do("stabilize", "Mira", by="Brune", wound_roll=3)
    wound = table["Mira"].wounds[0]
    assert (wound.cause, wound.cause_en, wound.dice, wound.formula, wound.rests_total) == (
        "Flétrissement", "Blight", "9d8", "1d8+9", 12)


def test_RULING_MAGIC_HP_a_spell_without_damage_dice_needs_wound_dice():
    table = Table()
    table.add("Mira", con=12, hp_max=30, level=9)
    table.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    table.do("damage", "Mira", amount=25, cause="dague", dice="1d4")
    table.do("cast", "Mira", spell=spell("Contacter un autre plan", 5, None, "Contact Other Plane",
                                         ritual=True), slot=5, ritual=True, pay_hp=True)
    with pytest.raises(RuleRefusal) as refusal:
        table.do("stabilize", "Mira", by="Brune", wound_roll=3)
    assert problem(refusal.value) == ("wound.no_dice", "RULING-WOUND-DICE", {
        "name": "Mira", "cause": named("Contacter un autre plan", "Contact Other Plane")})
    table.do("stabilize", "Mira", by="Brune", wound_roll=3, wound_dice="1d6")
    assert table.rests("Mira") == [3]


def test_RULING_MAGIC_HP_pay_hp_can_kill_outright():
    table = Table()
    table.add("Mira", con=12, hp_max=15, level=9)
    table.do("damage", "Mira", amount=12, cause="dague", dice="1d4")        # 3 HP left
    table.do("cast", "Mira", spell=spell("Éclat du soleil", 8, "12d6", "Sunburst"), slot=9,
             pay_hp=True)                                                  # 18: leftover 15
    assert table.condition("Mira") == "dead"


# --- MAGIC-3: recovery ---------------------------------------------------------------------------

def test_MAGIC_3_magic_levels_recovered_one_per_short_rest():
    table = Table()
    table.add("Mira", con=12, hp_max=30, level=17)
    result = table.do("cast", "Mira", spell=spell("Éclat du soleil", 8, "12d6", "Sunburst"), slot=8,
                      save_d20=9, save_bonus=4)                            # 13 vs DC 14
    assert (result.outcome, result.details) == ("fatigue", {
        "slot": 8, "level": 8, "dc": 14, "d20": 9, "bonus": 4, "total": 13, "fatigue": 2,
        "hp_loss": 0, "arcanum": False})
    assert codes(result) == ["cast.failed", "fatigue.gained"]
    assert the(result, "cast.failed")["params"] == {
        "name": "Mira", "spell": named("Éclat du soleil", "Sunburst"), "level": 8, "slot": 8,
        "d20": 9, "bonus": 4, "total": 13, "dc": 14, "levels": 2}
    assert [len(table["Mira"].magic), table.fatigue("Mira")] == [2, 2]
    table.do("rest short", ["Mira"])
    assert table.fatigue("Mira") == 1
    table.do("rest short", ["Mira"])
    assert table.fatigue("Mira") == 0
    table.do("rest short", ["Mira"])
    assert table.fatigue("Mira") == 0


def test_MAGIC_3_ordinary_levels_are_not_recovered_by_a_short_rest():
    table = Table()
    table.add("Mira", con=12, hp_max=30, level=17)
    table.do("fatigue", "Mira", delta=1, cause="faim")
    table.do("cast", "Mira", spell=spell("Cône de froid", 5, "8d8", "Cone of Cold"), slot=5,
             save_d20=1, save_bonus=0)
    table.do("rest short", ["Mira"])
    sheet = table["Mira"]
    assert (len(sheet.ordinary), len(sheet.magic)) == (1, 0)


# --- casting refusals ----------------------------------------------------------------------------

@pytest.mark.parametrize("slot, ritual, spell_level, spell_ritual, error, code, rule, params", [
    (10, False, None, None, BadValue, "cast.slot_range", None, {"slot": 10}),
    (-1, False, None, None, BadValue, "cast.slot_range", None, {"slot": -1}),
    (True, False, None, None, BadValue, "cast.slot_range", None, {"slot": True}),
    (3, False, 4, False, RuleRefusal, "cast.slot_too_low", "MAGIC-1",
     {"spell": "Flétrissement", "level": 4, "slot": 3}),
    (4, True, 4, False, RuleRefusal, "cast.not_ritual", "MAGIC-1", {"spell": "Flétrissement"}),
    (5, True, 4, True, BadValue, "cast.ritual_slot", None,
     {"spell": "Flétrissement", "level": 4, "slot": 5}),
])
def test_MAGIC_1_slot_checks(slot, ritual, spell_level, spell_ritual, error, code, rule, params):
    with pytest.raises(error) as raised:
        check_slot("Flétrissement", slot, ritual, spell_level, spell_ritual)
    assert type(raised.value) is error
    assert problem(raised.value) == (code, rule, params)


@pytest.mark.parametrize("slot, ritual, spell_level, spell_ritual", [
    (4, False, 4, False), (9, False, 4, False), (0, False, None, None), (4, True, 4, True),
])
def test_MAGIC_1_slot_checks_accept_the_spell_at_its_level_or_higher(slot, ritual, spell_level,
                                                                     spell_ritual):
    assert check_slot("Flétrissement", slot, ritual, spell_level, spell_ritual) is None


def test_MAGIC_1_a_caster_who_is_not_conscious_cannot_cast():
    table = Table()
    table.add("Mira", con=12, hp_max=30, level=9)
    table.do("damage", "Mira", amount=30, cause="dague", dice="1d4")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("cast", "Mira", spell=spell("Boule de feu", 3, "8d6", "Fireball"), slot=3)
    assert problem(refusal.value) == ("cast.caster_down", "BASE-DYING",
                                      {"name": "Mira", "condition": "dying"})


# --- RULING-PACT: pact slots 1–5, the Mystic Arcanum 6–9, no ritual in a pact slot -------------

@pytest.mark.parametrize("slot", [1, 2, 3, 4, 5])
def test_RULING_PACT_pact_slots_of_level_1_to_5_need_no_save(slot):
    decision = cast(slot, warlock=True, pact=True, spell_level=slot)
    assert figures(decision) == ("no-save", slot, None, None, 0, 0)
    assert (decision.rules, decision.arcanum) == (("MAGIC-4", "RULING-PACT"), False)


@pytest.mark.parametrize("slot, spell_level", [(6, None), (6, 6), (7, 5), (9, 9)])
def test_RULING_PACT_a_pact_slot_above_5_is_refused(slot, spell_level):
    with pytest.raises(RuleRefusal) as refusal:
        cast(slot, 15, 2, warlock=True, pact=True, spell_level=spell_level)
    assert problem(refusal.value) == ("cast.pact_too_high", "RULING-PACT",
                                      {"name": "Mira", "slot": slot, "most": 5})


@pytest.mark.parametrize("slot, spell_level, level", [
    (5, 5, 5),
    (5, None, 5),      # a spell outside the catalogue: its slot is its level
    (9, 5, 5),         # an upcast level-5 spell is still no Arcanum spell
    (4, 1, 1),
])
def test_RULING_PACT_arcanum_on_a_spell_below_level_6_is_refused(slot, spell_level, level):
    with pytest.raises(RuleRefusal) as refusal:
        cast(slot, 15, 2, warlock=True, arcanum=True, spell_level=spell_level)
    assert problem(refusal.value) == ("cast.arcanum_too_low", "RULING-PACT",
                                      {"name": "Mira", "level": level, "least": 6})


def test_RULING_PACT_a_ritual_never_uses_a_pact_slot():
    with pytest.raises(RuleRefusal) as refusal:
        cast(4, 15, 2, warlock=True, pact=True, ritual=True, spell_level=4)
    assert problem(refusal.value) == ("cast.ritual_pact", "RULING-PACT", {"name": "Mira"})


@pytest.mark.parametrize("spell_level, slot, d20, expected", [
    (6, 6, 10, ("saved", 6, 12, 12, 0, 0)),
    (6, 6, 9, ("fatigue", 6, 12, 11, 1, 0)),
    (7, 7, 9, ("fatigue", 7, 13, 11, 1, 0)),
    (9, 9, 13, ("saved", 9, 15, 15, 0, 0)),
    (8, 8, 4, ("fatigue", 8, 14, 6, 2, 0)),
    (None, 6, 9, ("fatigue", 6, 12, 11, 1, 0)),   # no catalogue level: the slot counts
])
def test_RULING_PACT_a_warlocks_spell_of_level_6_to_9_is_always_its_Arcanum(spell_level, slot,
                                                                           d20, expected):
    decision = cast(slot, d20, 2, warlock=True, spell_level=spell_level)   # no --arcanum given
    assert figures(decision) == expected
    assert decision.arcanum is True
    assert decision.rules[:3] == ("MAGIC-1", "MAGIC-4", "RULING-PACT")


def test_RULING_PACT_the_Arcanum_needs_the_save_or_the_HP():
    with pytest.raises(RuleRefusal) as refusal:
        cast(6, warlock=True, spell_level=6)
    assert problem(refusal.value) == ("cast.needs_save", "MAGIC-1",
                                      {"name": "Mira", "level": 6, "dc": 12, "hp": 12})
    paid = cast(6, warlock=True, spell_level=6, pay_hp=True)
    assert figures(paid) == ("paid-hp", 6, 12, None, 0, 12)
    assert paid.rules == ("MAGIC-1", "MAGIC-4", "RULING-PACT", "MAGIC-5", "RULING-MAGIC-HP")


@pytest.mark.parametrize("spell_level, d20, expected, rules", [
    (4, 8, ("saved", 4, 10, 10, 0, 0), ("MAGIC-1", "RULING-PACT")),
    (4, 7, ("fatigue", 4, 10, 9, 1, 0), ("MAGIC-1", "RULING-PACT", "MAGIC-2", "MAGIC-3")),
    (5, 3, ("fatigue", 5, 11, 5, 1, 0), ("MAGIC-1", "RULING-PACT", "MAGIC-2", "MAGIC-3")),
    (3, None, ("no-save", 3, None, None, 0, 0), ("MAGIC-1",)),
])
def test_RULING_PACT_a_warlocks_ritual_of_level_4_or_more_needs_the_save(spell_level, d20,
                                                                        expected, rules):
    decision = cast(spell_level, d20, 2 if d20 else None, warlock=True, ritual=True,
                    spell_level=spell_level)
    assert figures(decision) == expected
    assert (decision.rules, decision.arcanum) == (rules, False)


@pytest.mark.parametrize("spell_level", [6, 9])
def test_RULING_PACT_only_a_warlocks_high_spells_are_Arcanum(spell_level):
    decision = cast(spell_level, 20, 0, spell_level=spell_level)    # not a warlock
    assert (decision.arcanum, decision.rules) == (False, ("MAGIC-1",))


def test_RULING_PACT_through_the_fold():
    table = Table()
    table.add("Zed", con=12, hp_max=40, level=17, warlock=True)
    dominate = spell("Domination", 8, None, "Dominate Monster")
    result = table.do("cast", "Zed", spell=dominate, slot=8, save_d20=9, save_bonus=2)
    assert (result.outcome, result.details["arcanum"], result.details["dc"]) == (
        "fatigue", True, 14)
    assert {"MAGIC-1", "MAGIC-4", "RULING-PACT", "MAGIC-2"} <= set(result.rules)
    assert table.fatigue("Zed") == 2
    with pytest.raises(RuleRefusal) as refusal:
        table.do("cast", "Zed", spell=dominate, slot=8, pact=True)
    assert refusal.value.code == "cast.pact_too_high"
    with pytest.raises(RuleRefusal) as refusal:
        table.do("cast", "Zed", spell=spell("Cône de froid", 5, "8d8", "Cone of Cold"), slot=5,
                 arcanum=True)
    assert refusal.value.code == "cast.arcanum_too_low"
    assert table.fatigue("Zed") == 2            # nothing changed by the refused casts
