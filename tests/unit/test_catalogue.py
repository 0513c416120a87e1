"""The Héros & Dragons catalogue: spells, weapons and creature attacks by French or English
name without case or accents; upcast dice (RULING-WOUND-DICE) and the wound formula they give
(WOUND-3); near misses refused, never cast for free; listings and completions."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ledger.catalogue as catalogue
from i18n import use
from i18n.render import messages, render_problem
from i18n.tables.catalogue import MESSAGES
from ledger.catalogue import (
    Cause, creature_attacks, find_attack, find_spell, find_spell_strict, find_weapon, listing,
    near_miss_cause, resolve_cause, spell_names, suggest)
from ledger.rules.dice import parse_dice, wound_formula
from ledger.rules.errors import BadValue, RuleRefusal

ROOT = Path(__file__).resolve().parents[2]


# --- weapons -------------------------------------------------------------------------------

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
    ("heavy crossbow", "Arbalète lourde", "1d10"),
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
    assert weapon.as_ref() == {"kind": "weapon", "fr": "Lance", "en": "Spear"}


@pytest.mark.parametrize("typed", ["Filet", "Net", "Sarbacane", "Blowgun"])
def test_RULING_WOUND_DICE_weapons_without_damage_dice(typed):
    assert find_weapon(typed).dice is None


@pytest.mark.parametrize("typed", ["chute", "épée bâtarde", "", "fletrissement"])
def test_RULING_WOUND_DICE_unknown_weapon_names_give_no_dice(typed):
    assert find_weapon(typed) is None


# --- spells --------------------------------------------------------------------------------

@pytest.mark.parametrize("typed, name_fr, name_en, level, ritual, dice, per_slot", [
    ("Flétrissement", "Flétrissement", "Blight", 4, False, "8d8", 1),
    ("FLETRISSEMENT", "Flétrissement", "Blight", 4, False, "8d8", 1),
    ("blight", "Flétrissement", "Blight", 4, False, "8d8", 1),
    ("cone de froid", "Cône de froid", "Cone of Cold", 5, False, "8d8", 1),
    ("CONE OF COLD", "Cône de froid", "Cone of Cold", 5, False, "8d8", 1),
    ("vague tonnante", "Vague tonnante", "Thunderwave", 1, False, "2d8", 1),
    ("Thunderwave", "Vague tonnante", "Thunderwave", 1, False, "2d8", 1),
    ("boule de feu", "Boule de feu", "Fireball", 3, False, "8d6", 1),
    ("eclair", "Éclair", "Lightning Bolt", 3, False, "8d6", 1),
    ("Disintegrate", "Désintégration", "Disintegrate", 6, False, "10d6", 3),  # +40 is no die
    ("tempete de grele", "Tempête de grêle", "Ice Storm", 4, False, "2d8", 1),  # base dice
    ("Meteor Swarm", "Nuée de météores", "Meteor Swarm", 9, False, "20d6", 0),
    ("Scorching Ray", "Rayon ardent", "Scorching Ray", 2, False, "2d6", 0),     # per ray
    ("Magic Missile", "Projectile magique", "Magic Missile", 1, False, "1d4", 0),  # per dart
    ("Eldritch Blast", "Explosion occulte", "Eldritch Blast", 0, False, "1d10", 0),
    ("trait de feu", "Trait de feu", "Fire Bolt", 0, False, "1d10", 0),
    ("Acid Splash", "Aspersion acide", "Acid Splash", 0, False, "1d6", 0),
    ("mur de glace", "Mur de glace", "Wall of Ice", 6, False, "10d6", 2),
    ("Power Word Kill", "Mot de pouvoir mortel", "Power Word Kill", 9, False, None, 0),
    ("Divination", "Divination", "Divination", 4, True, None, 0),
    ("alarme", "Alarme", "Alarm", 1, True, None, 0),
    ("Augure", "Augure", "Augury", 2, False, None, 0),    # not a ritual in H&D
    ("revigorer", "Revigorer", "Revivify", 3, False, None, 0),
    ("Raise Dead", "Rappel à la vie", "Raise Dead", 5, False, None, 0),
    ("résurrection", "Résurrection", "Resurrection", 7, False, None, 0),
    ("resurrection supreme", "Résurrection suprême", "True Resurrection", 9, False, None, 0),
    ("Bestow Curse", "Jeter une malédiction", "Bestow curse", 3, False, "1d8", 0),
    ("fleau", "Fléau", "Bane", 1, False, None, 0),  # the spell; the weapon Fléau is the flail
])
def test_WOUND_3_spells_by_French_or_English_name(typed, name_fr, name_en, level, ritual, dice,
                                                  per_slot):
    found = find_spell(typed)
    assert (found.name_fr, found.name_en, found.level, found.ritual, found.dice,
            found.per_slot) == (name_fr, name_en, level, ritual, dice, per_slot)


@pytest.mark.parametrize("typed, level, dice, per_slot", [
    ("Catalepsie", 3, None, 0),
    ("Aura du héros", 0, None, 0),
    ("éclat de bois", 0, "1d6", 0),
    ("Geyser d'énergie", 1, "3d8", 1),
    ("stalagmites fulgurantes", 2, "4d4", 2),
])
def test_WOUND_3_Heros_et_Dragons_only_spells_have_no_English_name(typed, level, dice, per_slot):
    found = find_spell(typed)
    assert (found.name_en, found.level, found.dice, found.per_slot) == (None, level, dice,
                                                                        per_slot)


def test_WOUND_3_the_whole_Heros_et_Dragons_spell_list():
    rows = listing("spells")
    assert len(rows) == 361
    assert sum(1 for row in rows if row["name_en"] is None) == 42
    assert sum(1 for row in rows if row["ritual"]) == 28


@pytest.mark.parametrize("typed, csv_dice", [
    ("Porte dimensionnelle", "4d6"), ("Dimension Door", "4d6"), ("Téléportation", "3d10"),
    ("Fusion dans la pierre", "6d6"), ("Contacter un autre plan", "6d6"), ("Souhait", "1d10"),
    ("Wish", "1d10"), ("Agrandir/rétrécir", "1d4"), ("enlarge/reduce", "1d4"),
    ("Modifier son apparence", "1d6"),
])
def test_RULING_WOUND_DICE_a_side_effect_is_no_wound_dice(typed, csv_dice):
    spell = find_spell(typed)
    assert (spell.dice, spell.per_slot, spell.dice_at(9)) == (None, 0, None)
    assert resolve_cause(typed).dice is None


@pytest.mark.parametrize("typed", [
    "Cure Wounds", "Soin des blessures", "Healing Word", "guerison", "Mass Cure Wounds",
    "Mot de guérison de groupe", "Guérison de groupe", "Prière de soins", "Régénération",
])
def test_RULING_WOUND_DICE_healing_has_no_damage_dice(typed):
    spell = find_spell(typed)
    assert (spell.dice, spell.per_slot, spell.dice_at(9)) == (None, 0, None)


@pytest.mark.parametrize("typed, dice", [
    ("Arme spirituelle", "1d8"), ("Lame de feu", "3d6"), ("Arme sainte", "1d8"),
    ("Putréfaction", "1d4"), ("Strangulation", "1d6"), ("Transpercer", "1d4"),
])
def test_RULING_WOUND_DICE_non_linear_upcasting_is_never_guessed(typed, dice):
    spell = find_spell(typed)
    assert (spell.dice, spell.per_slot, spell.dice_at(9)) == (dice, 0, dice)


@pytest.mark.parametrize("typed, dice", [
    ("Interdiction", None),            # hd-spells.csv says 5d10; the hand-checked row has none
    ("Contacter un autre plan", None),
    ("Tempête de grêle", "2d8"),       # "2d8 contondant + 4d6 froid": the first dice
    ("Colonne de flamme", "4d6"),
])
def test_RULING_WOUND_DICE_the_hand_checked_row_wins(typed, dice):
    assert find_spell(typed).dice == dice


@pytest.mark.parametrize("typed", ["(none — H&D-original, not SRD)", "épée à deux mains",
                                   "résurection", ""])
def test_RULING_WOUND_DICE_unknown_spell_names_give_no_spell(typed):
    assert find_spell(typed) is None


@pytest.mark.parametrize("typed, slot, dice, formula", [
    ("vague tonnante", 1, "2d8", "1d8+2"),
    ("vague tonnante", 3, "4d8", "1d8+4"),   # RULING-WOUND-DICE example
    ("Thunderwave", 9, "10d8", "1d8+10"),
    ("Blight", 4, "8d8", "1d8+8"),           # WOUND-3 example
    ("fletrissement", 5, "9d8", "1d8+9"),
    ("flétrissement", 6, "10d8", "1d8+10"),  # RULING-WOUND-DICE example
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
    ("stalagmites fulgurantes", 4, "8d4", "1d4+8"),   # H&D-only, +2d4
    ("Cure Wounds", 3, None, None),
])
def test_RULING_WOUND_DICE_upcast_dice(typed, slot, dice, formula):
    found = find_spell(typed)
    assert found.dice_at(slot) == dice
    if dice:
        assert wound_formula(parse_dice(dice)) == formula


@pytest.mark.parametrize("typed, slot, fact", [
    ("fletrissement", 5, {"name": "Flétrissement", "typed": "fletrissement",
                          "fr": "Flétrissement", "en": "Blight", "level": 4, "ritual": False,
                          "dice": "9d8"}),
    ("Thunderwave", 3, {"name": "Vague tonnante", "typed": "Thunderwave",
                        "fr": "Vague tonnante", "en": "Thunderwave", "level": 1,
                        "ritual": False, "dice": "4d8"}),
    ("catalepsie", 3, {"name": "Catalepsie", "typed": "catalepsie", "fr": "Catalepsie",
                       "en": None, "level": 3, "ritual": False, "dice": None}),
    ("Divination", None, {"name": "Divination", "typed": "Divination", "fr": "Divination",
                          "en": "Divination", "level": 4, "ritual": True, "dice": None}),
])
def test_RULING_WOUND_DICE_a_spell_fact_records_the_dice_at_the_slot(typed, slot, fact):
    recorded = find_spell(typed).as_fact(typed, slot)
    assert recorded == fact
    assert json.loads(json.dumps(recorded)) == fact


# --- creature attacks ----------------------------------------------------------------------

@pytest.mark.parametrize("typed, creature_fr, creature_en, attack_fr, dice", [
    ("ogre : massue", "Ogre", "Ogre", "Massue", "2d8"),
    ("Ogre: javeline", "Ogre", "Ogre", "Javeline", "2d6"),
    ("  OGRE   :MASSUE ", "Ogre", "Ogre", "Massue", "2d8"),
    ("Troll: griffe", "Troll", "Troll", "Griffe", "2d6"),
    ("troll:morsure", "Troll", "Troll", "Morsure", "1d6"),
    ("loup: morsure", "Loup", "Wolf", "Morsure", "2d4"),
    ("Wolf : Morsure", "Loup", "Wolf", "Morsure", "2d4"),
    ("aigle geant : serres", "Aigle géant", "Giant Eagle", "Serres", "2d6"),
    ("Giant Eagle: bec", "Aigle géant", "Giant Eagle", "Bec", "1d6"),
    ("ame-en-peine: absorption de vie", "Âme-en-peine", "Wraith", "Absorption de vie", "4d8"),
    ("dragon rouge venerable: morsure", "Dragon rouge vénérable", "Ancient Red Dragon",
     "Morsure", "2d10"),
    ("tarasque : morsure", "Tarasque", "Tarrasque", "Morsure", "4d12"),
    ("orc: hache a deux mains", "Orc", None, "Hache à deux mains", "1d12"),
    # a form note or a weapon bonus may be left out when the attack stays unique
    ("loup-garou: griffes", "Loup-garou", "Werewolf", "Griffes (forme hybride uniquement)",
     "2d4"),
    ("Werewolf: morsure", "Loup-garou", "Werewolf",
     "Morsure (forme hybride ou de loup uniquement)", "1d8"),
    ("diablotin: dard", "Diablotin", "Imp", "Dard (Morsure sous forme de bête)", "1d4"),
    ("Drow, prêtresse: fouet", "Drow, prêtresse", None, "Fouet +1", "1d4"),
    # other ways to write a creature's name
    ("drow pretresse: fouet +1", "Drow, prêtresse", None, "Fouet +1", "1d4"),
    ("succube: griffe", "Succube/Incube", "Succubus", "Griffe (forme de fiélon uniquement)",
     "1d6"),
    ("svirfneblin : pic de guerre", "Gnome des profondeurs (svirfneblin)",
     "Deep Gnome (Svirfneblin)", "Pic de guerre", "1d8"),
])
def test_WOUND_3_creature_attacks(typed, creature_fr, creature_en, attack_fr, dice):
    attack = find_attack(typed)
    assert (attack.creature_fr, attack.creature_en, attack.attack_fr, attack.dice) == (
        creature_fr, creature_en, attack_fr, dice)


@pytest.mark.parametrize("typed, ref", [
    ("ogre : massue", {"kind": "creature", "fr": "Ogre : massue", "en": "Ogre: massue"}),
    ("loup: morsure", {"kind": "creature", "fr": "Loup : morsure", "en": "Wolf: morsure"}),
    ("orc: javeline", {"kind": "creature", "fr": "Orc : javeline", "en": None}),
])
def test_WOUND_3_an_attack_is_named_in_both_languages(typed, ref):
    assert find_attack(typed).as_ref() == ref


def test_WOUND_3_the_whole_bestiary():
    rows = listing("creatures")
    assert len(rows) == 540
    assert len({row["creature_fr"] for row in rows}) == 325


def test_WOUND_3_a_repeated_attack_keeps_its_first_dice():
    rows = [{"creature_fr": "Ogre", "creature_en": "Ogre", "attack_fr": "Massue",
             "damage_dice": "2d8"},
            {"creature_fr": "ogre", "creature_en": "Ogre", "attack_fr": "massue",
             "damage_dice": "3d8"},
            {"creature_fr": "Ogre", "creature_en": "Ogre", "attack_fr": "Javeline",
             "damage_dice": "2d6"}]
    (ogre,) = catalogue._attack_table(rows)
    assert [(a.attack_fr, a.dice) for a in ogre.attacks] == [("Massue", "2d8"),
                                                             ("Javeline", "2d6")]


@pytest.mark.parametrize("typed, code, params", [
    ("troll: hache", "catalogue.unknown_attack",
     {"creature": "Troll", "attack": "hache", "attacks": ["Griffe", "Morsure"]}),
    ("Wolf: griffe", "catalogue.unknown_attack",
     {"creature": "Loup", "attack": "griffe", "attacks": ["Morsure"]}),
    ("ogre:", "catalogue.unknown_attack",
     {"creature": "Ogre", "attack": "", "attacks": ["Javeline", "Massue"]}),
    ("trol: griffe", "catalogue.creature_near_miss", {"typed": "trol", "suggestions": ["Troll"]}),
    ("Ogr : massue", "catalogue.creature_near_miss", {"typed": "Ogr", "suggestions": ["Ogre"]}),
    ("xyzzy: griffe", "catalogue.unknown_creature", {"typed": "xyzzy"}),
    ("piège à ours : mâchoires", "catalogue.unknown_creature", {"typed": "piège à ours"}),
])
def test_WOUND_3_unknown_creatures_and_attacks_are_refused(typed, code, params):
    with pytest.raises(RuleRefusal) as refused:
        resolve_cause(typed)
    assert (refused.value.code, refused.value.rule, refused.value.params) == (code, None, params)


# --- one entry point for damage causes ----------------------------------------------------

@pytest.mark.parametrize("typed, slot, kind, dice, ref, canonical", [
    ("ogre : massue", None, "creature", "2d8",
     {"kind": "creature", "fr": "Ogre : massue", "en": "Ogre: massue"}, "Ogre : massue"),
    ("Troll: griffe", None, "creature", "2d6",
     {"kind": "creature", "fr": "Troll : griffe", "en": "Troll: griffe"}, "Troll : griffe"),
    ("greatsword", None, "weapon", "2d6",
     {"kind": "weapon", "fr": "Épée à deux mains", "en": "Greatsword"}, "Épée à deux mains"),
    ("filet", None, "weapon", None, {"kind": "weapon", "fr": "Filet", "en": "Net"}, "Filet"),
    ("fléau", None, "weapon", "1d8", {"kind": "weapon", "fr": "Fléau", "en": "Flail"}, "Fléau"),
    ("fléau", 1, "spell", None, {"kind": "spell", "fr": "Fléau", "en": "Bane"}, "Fléau"),
    ("cone de froid", None, "spell", "8d8",
     {"kind": "spell", "fr": "Cône de froid", "en": "Cone of Cold"}, "Cône de froid"),
    ("vague tonnante", 3, "spell", "4d8",
     {"kind": "spell", "fr": "Vague tonnante", "en": "Thunderwave"}, "Vague tonnante"),
    ("Blight", 6, "spell", "10d8",
     {"kind": "spell", "fr": "Flétrissement", "en": "Blight"}, "Flétrissement"),
    ("Blight", None, "spell", "8d8",
     {"kind": "spell", "fr": "Flétrissement", "en": "Blight"}, "Flétrissement"),
    ("eclat de bois", 0, "spell", "1d6",
     {"kind": "spell", "fr": "Éclat de bois", "en": None}, "Éclat de bois"),
])
def test_RULING_WOUND_DICE_causes(typed, slot, kind, dice, ref, canonical):
    assert resolve_cause(typed, slot) == Cause(kind, dice, ref, canonical)


@pytest.mark.parametrize("typed", ["chute", "noyade", "lave", "", "   ", "résurection"])
def test_RULING_WOUND_DICE_free_text_is_no_catalogue_cause(typed):
    assert resolve_cause(typed) is None


@pytest.mark.parametrize("typed, slot, error, code, rule, params", [
    ("épée longue", 3, BadValue, "catalogue.slot_not_spell", None, {"cause": "épée longue"}),
    ("ogre : massue", 2, BadValue, "catalogue.slot_not_spell", None,
     {"cause": "ogre : massue"}),
    ("blight", 3, RuleRefusal, "catalogue.slot_too_low", "MAGIC-1",
     {"spell": {"kind": "spell", "fr": "Flétrissement", "en": "Blight"}, "level": 4,
      "slot": 3}),
    ("cone de froid", 0, RuleRefusal, "catalogue.slot_too_low", "MAGIC-1",
     {"spell": {"kind": "spell", "fr": "Cône de froid", "en": "Cone of Cold"}, "level": 5,
      "slot": 0}),
    ("blight", 10, BadValue, "catalogue.bad_slot", None, {"slot": 10}),
    ("blight", -1, BadValue, "catalogue.bad_slot", None, {"slot": -1}),
])
def test_MAGIC_1_a_slot_that_does_not_fit_the_cause_is_refused(typed, slot, error, code, rule,
                                                              params):
    with pytest.raises(error) as refused:
        resolve_cause(typed, slot)
    assert (refused.value.code, refused.value.rule, refused.value.params) == (code, rule, params)


# --- near misses ---------------------------------------------------------------------------

@pytest.mark.parametrize("typed, kinds, suggestions", [
    ("résurection", ("spell",), ["Résurrection"]),
    ("resurection", ("spell",), ["Résurrection"]),
    ("Resurection", ("spell", "weapon", "creature"), ["Résurrection"]),
    ("boule de fue", ("spell",), ["Boule de feu"]),
    ("Firebal", ("spell",), ["Fireball"]),
    ("fletrisement", ("spell",), ["Flétrissement"]),
    ("cone of clod", ("spell",), ["Cone of Cold"]),   # a transposition is one edit
    ("sol", ("spell",), ["Vol"]),                     # short names: one edit only
    ("so", ("spell",), []),
    ("rayon de givrr", ("spell",), ["Rayon de givre"]),
    ("epe longue", ("weapon",), ["Épée longue"]),
    ("trol", ("creature",), ["Troll"]),
    ("trol", ("spell",), []),
    ("fléau", ("spell", "weapon"), []),               # a name itself has no near miss
    ("xyzzy", ("spell", "weapon", "creature"), []),
    ("", ("spell",), []),
])
def test_RULING_WOUND_DICE_near_misses(typed, kinds, suggestions):
    assert suggest(typed, kinds) == suggestions


def test_RULING_WOUND_DICE_at_most_three_suggestions_closest_first():
    found = suggest("dragon rouge adulte", ("creature",))
    assert found == []  # a name of the catalogue
    found = suggest("dragon rouge adulto", ("creature",))
    assert found[0] == "Dragon rouge adulte" and len(found) <= 3


@pytest.mark.parametrize("typed, suggestions", [
    ("résurection", ["Résurrection"]),
    ("Resurection", ["Résurrection"]),
    ("Boule de fue", ["Boule de feu"]),
    ("fireboll", ["Fireball", "Fire Bolt"]),   # closest first
])
def test_RES_1_a_misspelt_spell_is_never_cast_for_free(typed, suggestions):
    with pytest.raises(RuleRefusal) as refused:
        find_spell_strict(typed)
    assert (refused.value.code, refused.value.rule, refused.value.params) == (
        "catalogue.spell_near_miss", None, {"typed": typed, "suggestions": suggestions})


@pytest.mark.parametrize("typed, name_fr", [
    ("résurrection", "Résurrection"), ("Resurrection", "Résurrection"), ("wish", "Souhait")])
def test_RES_1_a_catalogue_spell_is_found_strictly(typed, name_fr):
    assert find_spell_strict(typed).name_fr == name_fr


@pytest.mark.parametrize("typed", ["Chant de Tibérius", "rituel de la lune rousse", "xyzzy"])
def test_RES_1_a_truly_unknown_spell_is_free_text(typed):
    assert find_spell_strict(typed) is None


@pytest.mark.parametrize("typed, suggestions", [
    ("epe a deux mains", ["Épée à deux mains"]),
    ("boule de fue", ["Boule de feu"]),
    ("ogre: masue", ["Ogre : massue"]),
    ("orge : massue", ["Ogre : massue"]),
    ("Wolf: morsur", ["Wolf: morsure"]),
    ("loup:morsur", ["Loup : morsure"]),
    ("greatsord", ["Greatsword"]),
    ("dage", ["Dague"]),
    ("hallebarbe", ["Hallebarde"]),
    ("fireboll", ["Fireball", "Fire Bolt"]),
    ("tempete de grel", ["Tempête de grêle"]),
    ("troll", ["Troll : griffe", "Troll : morsure"]),   # a creature alone: its attacks
    ("Wolf", ["Loup : morsure"]),
    ("trol", []),           # a misspelt creature without its attack is too far
    ("acide", []),          # "Aide" is a spell, but one without damage dice
    ("greatsword", []),     # in the catalogue
    ("ogre: massue", []),
    ("", []),
    # free text two edits from a short name is no typo: one edit up to 6 letters
    ("chute", []), ("noyade", []), ("froid", []), ("piège", []), ("glace", []),
    ("poing", []), ("lame", []), ("coup", []), ("bombe", []), ("arc", []),
])
def test_RULING_WOUND_DICE_near_miss_causes(typed, suggestions):
    assert near_miss_cause(typed) == suggestions


# --- listings and completions --------------------------------------------------------------

def test_catalogue_listing_of_spells_filters_and_sorts_by_French_name():
    assert listing("spells", "FROID") == [
        {"name_fr": "Cône de froid", "name_en": "Cone of Cold", "level": 5, "ritual": False,
         "dice": "8d8", "per_slot": "+1d8", "classes": ["Ensorceleur", "Magicien"]}]
    names = [row["name_fr"] for row in listing("spells", "eclair")]
    assert names == ["Chaîne d'éclairs", "Éclair"]
    assert [row["name_fr"] for row in listing("spells", "thunderwave")] == ["Vague tonnante"]
    everything = [row["name_fr"] for row in listing("spells")]
    assert everything[:3] == ["Agrandir/rétrécir", "Aide", "Alarme"]


def test_catalogue_listing_of_weapons():
    assert listing("weapons", "arbalete") == [
        {"name_fr": "Arbalète de poing", "name_en": "Crossbow, hand", "dice": "1d6"},
        {"name_fr": "Arbalète légère", "name_en": "Crossbow, light", "dice": "1d8"},
        {"name_fr": "Arbalète lourde", "name_en": "Crossbow, heavy", "dice": "1d10"}]
    assert len(listing("weapons")) == 37


@pytest.mark.parametrize("search, rows", [
    ("ogre", [{"creature_fr": "Ogre", "creature_en": "Ogre", "attack": "Javeline",
               "dice": "2d6"},
              {"creature_fr": "Ogre", "creature_en": "Ogre", "attack": "Massue", "dice": "2d8"},
              {"creature_fr": "Zombi ogre", "creature_en": "Ogre Zombie",
               "attack": "Morgenstern", "dice": "2d8"}]),
    ("TIGRE", [{"creature_fr": "Tigre", "creature_en": "Tiger", "attack": "Griffe",
                "dice": "1d8"},
               {"creature_fr": "Tigre", "creature_en": "Tiger", "attack": "Morsure",
                "dice": "1d10"},
               {"creature_fr": "Tigre à dents de sabre", "creature_en": "Saber-Toothed Tiger",
                "attack": "Griffe", "dice": "2d6"},
               {"creature_fr": "Tigre à dents de sabre", "creature_en": "Saber-Toothed Tiger",
                "attack": "Morsure", "dice": "1d10"},
               {"creature_fr": "Tigre-garou", "creature_en": "Weretiger",
                "attack": "Arc long (forme humanoïde ou hybride uniquement)", "dice": "1d8"},
               {"creature_fr": "Tigre-garou", "creature_en": "Weretiger",
                "attack": "Cimeterre (forme humanoïde ou hybride uniquement)", "dice": "1d6"},
               {"creature_fr": "Tigre-garou", "creature_en": "Weretiger",
                "attack": "Griffe (forme hybride ou de tigre uniquement)", "dice": "1d8"},
               {"creature_fr": "Tigre-garou", "creature_en": "Weretiger",
                "attack": "Morsure (forme hybride ou de tigre uniquement)", "dice": "1d10"}]),
    ("dire wolf", [{"creature_fr": "Loup sanguinaire", "creature_en": "Dire Wolf",
                    "attack": "Morsure", "dice": "2d6"}]),
    ("xyzzy", []),
])
def test_catalogue_listing_of_creatures(search, rows):
    assert listing("creatures", search) == rows


def test_catalogue_listing_by_attack_name():
    rows = listing("creatures", "massue")
    assert {row["attack"] for row in rows} == {"Massue"} and len(rows) == 4


def test_catalogue_listing_of_an_unknown_kind_is_refused():
    with pytest.raises(BadValue) as refused:
        listing("potions")
    assert (refused.value.code, refused.value.params) == (
        "catalogue.unknown_kind", {"kind": "potions", "expected": ["spells", "weapons",
                                                                  "creatures"]})


def test_catalogue_completions():
    assert spell_names("boule") == ["Boule de feu", "Boule de feu à explosion retardée"]
    assert spell_names("FIREB") == ["Fireball"]
    assert spell_names("eclai") == ["Éclair"]
    assert len(spell_names("")) == 50
    assert creature_attacks("ogre") == ["Ogre : javeline", "Ogre : massue",
                                        "Ogre Zombie: morgenstern"]
    assert creature_attacks("ogre:ma") == ["Ogre : massue"]
    assert creature_attacks("wolf :") == ["Wolf: morsure"]
    assert creature_attacks("loup: ") == ["Loup : morsure"]


# --- messages and start-up -----------------------------------------------------------------

def test_i18n_every_catalogue_code_has_an_English_template():
    source = (ROOT / "ledger" / "catalogue.py").read_text(encoding="utf-8")
    raised = set(__import__("re").findall(r'"(catalogue\.[a-z_]+)"', source))
    assert raised == set(MESSAGES)
    assert all(code in messages() for code in raised)


@pytest.mark.parametrize("call, text", [
    (lambda: find_spell_strict("résurection"),
     "'résurection' is not in the catalogue: did you mean Résurrection? (--custom records a "
     "spell the catalogue does not have)"),
    (lambda: resolve_cause("troll: hache"),
     "Troll has no attack 'hache' in the catalogue: expected one of Griffe, Morsure"),
    (lambda: resolve_cause("blight", 3),
     "Blight is a level-4 spell: a slot of level 3 is too low"),
    (lambda: listing("potions"),
     "there is no 'potions' catalogue: expected spells, weapons, creatures"),
])
def test_i18n_catalogue_refusals_render_in_English(call, text):
    use("en")
    with pytest.raises((RuleRefusal, BadValue)) as refused:
        call()
    assert render_problem(refused.value) == text


_PROBE = """
import json, sys, time
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
import ledger.catalogue as catalogue
at_import = [path for path in opened if path.endswith(".csv")]
start = time.perf_counter()
catalogue.find_spell("vague tonnante")
first = time.perf_counter() - start
read = sorted({path.rsplit("/", 1)[-1] for path in opened if path.endswith(".csv")})
print(json.dumps({"at_import": at_import, "read": read, "first": first}))
"""


def test_importing_the_catalogue_reads_no_file():
    out = json.loads(subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, check=True,
                                    capture_output=True, text=True).stdout)
    assert out["at_import"] == []
    assert out["read"] == ["hd-spells.csv", "spells.csv"]  # a spell lookup reads only those
    assert out["first"] < 1.0  # measured about 0.01 s; generous against a busy machine


def test_lookups_after_the_first_are_cheap():
    find_spell("blight")
    start = time.perf_counter()
    for _ in range(1000):
        find_spell("vague tonnante")
    assert time.perf_counter() - start < 0.5
