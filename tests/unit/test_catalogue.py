"""The weapon and spell catalogue: French (Héros & Dragons) and English names, matched without
case or accents; upcast dice (RULING-WOUND-DICE) and the wound formula they give (WOUND-3)."""

import pytest

from ledger.catalogue import find_spell, find_weapon
from ledger.rules.dice import parse_dice, wound_formula


@pytest.mark.parametrize("typed, name_fr, dice", [
    ("Épée à deux mains", "Épée à deux mains", "2d6"),
    ("epee a deux mains", "Épée à deux mains", "2d6"),
    ("  ÉPÉE   À DEUX MAINS ", "Épée à deux mains", "2d6"),
    ("Greatsword", "Épée à deux mains", "2d6"),
    ("greatsword", "Épée à deux mains", "2d6"),
    ("dague", "Dague", "1d4"),
    ("Dagger", "Dague", "1d4"),
    ("hache a deux mains", "Hache à deux mains", "1d12"),
    ("Crossbow, light", "Arbalète légère", "1d8"),
    ("light crossbow", "Arbalète légère", "1d8"),
    ("arbalete legere", "Arbalète légère", "1d8"),
    ("Merlin", "Merlin", "2d6"),
    ("lance d'arcon", "Lance d'arçon", "1d12"),
    ("Lance d’arçon", "Lance d'arçon", "1d12"),     # typographic apostrophe
    ("Trident", "Trident", "1d6"),
])
def test_WOUND_3_weapons_by_French_or_English_name_without_case_or_accents(typed, name_fr, dice):
    weapon = find_weapon(typed)
    assert (weapon.name_fr, weapon.dice) == (name_fr, dice)


def test_WOUND_3_a_French_name_wins_over_an_English_one():
    # "Lance" is the H&D spear (1d6); the English "Lance" is the "lance d'arçon" (1d12)
    weapon = find_weapon("lance")
    assert (weapon.name_fr, weapon.name_en, weapon.dice) == ("Lance", "Spear", "1d6")
    assert find_weapon("Spear") is weapon


@pytest.mark.parametrize("typed", ["Filet", "Net", "Sarbacane", "Blowgun"])
def test_RULING_WOUND_DICE_weapons_without_damage_dice(typed):
    assert find_weapon(typed).dice is None


@pytest.mark.parametrize("typed", ["chute", "épée bâtarde", "", "fletrissement"])
def test_RULING_WOUND_DICE_unknown_weapon_names_give_no_dice(typed):
    assert find_weapon(typed) is None


@pytest.mark.parametrize("typed, name_fr, name_en, level, ritual, dice", [
    ("Flétrissement", "Flétrissement", "Blight", 4, False, "8d8"),
    ("fletrissement", "Flétrissement", "Blight", 4, False, "8d8"),
    ("FLETRISSEMENT", "Flétrissement", "Blight", 4, False, "8d8"),
    ("Blight", "Flétrissement", "Blight", 4, False, "8d8"),
    ("blight", "Flétrissement", "Blight", 4, False, "8d8"),
    ("boule de feu", "Boule de feu", "Fireball", 3, False, "8d6"),
    ("Fireball", "Boule de feu", "Fireball", 3, False, "8d6"),
    ("eclair", "Éclair", "Lightning Bolt", 3, False, "8d6"),
    ("Disintegrate", "Désintégration", "Disintegrate", 6, False, "10d6"),   # +40 is no die
    ("tempete de grele", "Tempête de grêle", "Ice Storm", 4, False, "2d8"),  # mixed: base dice
    ("Meteor Swarm", "Nuée de météores", "Meteor Swarm", 9, False, "20d6"),
    ("Scorching Ray", "Rayon ardent", "Scorching Ray", 2, False, "2d6"),     # per ray
    ("Eldritch Blast", "Explosion occulte", "Eldritch Blast", 0, False, "1d10"),
    ("Cure Wounds", "Soin des blessures", "Cure Wounds", 1, False, None),    # healing
    ("guerison", "Guérison", "Heal", 6, False, None),
    ("Power Word Kill", "Mot de pouvoir mortel", "Power Word Kill", 9, False, None),
    ("Divination", "Divination", "Divination", 4, True, None),
    ("contacter un autre plan", "Contacter un autre plan", "Contact Other Plane", 5, True, None),
    ("revigorer", "Revigorer", "Revivify", 3, False, None),
    ("Raise Dead", "Rappel à la vie", "Raise Dead", 5, False, None),
    ("resurrection supreme", "Résurrection suprême", "True Resurrection", 9, False, None),
    ("Catalepsie", "Catalepsie", "(none — H&D-original, not SRD)", 3, False, None),
])
def test_WOUND_3_spells_by_French_or_English_name(typed, name_fr, name_en, level, ritual, dice):
    found = find_spell(typed)
    assert (found.name_fr, found.name_en, found.level, found.ritual, found.dice) == (
        name_fr, name_en, level, ritual, dice)


@pytest.mark.parametrize("typed", ["(none — H&D-original, not SRD)", "épée à deux mains", "wish"])
def test_RULING_WOUND_DICE_unknown_spell_names_give_no_dice(typed):
    assert find_spell(typed) is None


@pytest.mark.parametrize("typed, slot, dice, formula", [
    ("Blight", 4, "8d8", "1d8+8"),           # WOUND-3 example
    ("fletrissement", 5, "9d8", "1d8+9"),    # RULING-WOUND-DICE example
    ("Blight", 9, "13d8", "1d8+13"),
    ("Fireball", 3, "8d6", "1d6+8"),
    ("boule de feu", 5, "10d6", "1d6+10"),
    ("Circle of Death", 8, "12d6", "1d6+12"),   # +2d6 per slot
    ("Disintegrate", 7, "13d6", "1d6+13"),      # +3d6 per slot
    ("Ice Storm", 6, "4d8", "1d8+4"),           # +1d8 (bludgeoning only): the base dice grow
    ("Flame Strike", 6, "5d6", "1d6+5"),
    ("Inflict Wounds", 3, "5d10", "1d10+5"),
    ("Finger of Death", 9, "7d8", "1d8+7"),     # no higher-level dice
    ("Sunburst", 9, "12d6", "1d6+12"),
    ("Magic Missile", 3, "1d4", "1d4"),         # one dart: extra darts, not extra dice
    ("Scorching Ray", 4, "2d6", "1d6+2"),       # one ray
    ("Cure Wounds", 3, None, None),
])
def test_RULING_WOUND_DICE_upcast_dice(typed, slot, dice, formula):
    found = find_spell(typed)
    assert found.dice_at(slot) == dice
    if dice:
        assert wound_formula(parse_dice(dice)) == formula


def test_RULING_WOUND_DICE_a_spell_fact_records_the_dice_at_the_slot():
    assert find_spell("fletrissement").as_fact("fletrissement", 5) == {
        "name": "fletrissement", "fr": "Flétrissement", "en": "Blight", "level": 4,
        "ritual": False, "dice": "9d8"}
