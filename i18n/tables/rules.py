"""The text of every rule id of RULES.md, as a reader of the chronicle reads it.

The ledger cites rule ids (`WOUND-3`, `RULING-HALVE`…) in every explanation; the chronicle's
glossary prints the sentence behind each id in the reader's language. The msgids are the
English of /work/shared/rules/RULES.md (plain text: no Markdown); the French translations quote
or adapt the campaign's own text (age-du-changement.fr.txt) for its house rules, and use the
vocabulary of Héros & Dragons for the base mechanics and the rulings.

    from i18n.tables.rules import rule_text
    rule_text("WOUND-3")        # the rule in the current language
"""

from i18n import N_, _

# In the order of RULES.md (the glossary keeps it).
RULE_TEXTS = {
    # -- BASE: the Héros & Dragons (5e, 2014) mechanics the house rules lean on ------------
    "BASE-FATIGUE": N_(
        "Fatigue levels go from 0 to 6, with cumulative effects: 1, disadvantage on ability "
        "checks; 2, speed halved; 3, disadvantage on attack rolls and saving throws; 4, hit "
        "point maximum halved; 5, speed 0; 6, death. Gaining levels adds to the current total."),
    "BASE-LONG-REST": N_(
        "A long rest lasts 8 hours; at most one long rest per 24 hours; the character needs at "
        "least 1 HP at its start. It restores all HP and removes one ordinary fatigue level "
        "(see FATIGUE-SOURCES)."),
    "BASE-SHORT-REST": N_("A short rest lasts at least 1 hour; hit dice may be spent."),
    "BASE-DYING": N_(
        "At 0 HP a character is unconscious and makes a death saving throw at the start of "
        "each turn: 10 or more is a success, 9 or less a failure; three successes make it "
        "stable, three failures dead. A natural 20 regains 1 HP; a natural 1 counts as two "
        "failures. Damage while at 0 HP is one failure (two if from a critical hit). Damage at "
        "0 HP equal to or above the HP maximum, or leftover damage when dropping to 0 that "
        "equals or exceeds the HP maximum, is instant death. A Wisdom (Medicine) check DC 10, "
        "a use of a healer's kit or spare the dying stabilizes."),
    "BASE-CRIT": N_(
        "On a d20 roll, a natural 1 always fails and a natural 20 is a critical success; a "
        "critical hit doubles the damage dice."),
    # -- REST: short and long rests ---------------------------------------------------------
    "REST-1": N_(
        "A long rest is possible only when both hold: (a) the place is safe and comfortable (a "
        "home, a well-defended inn, a fortified relay, a protected sanctuary…); (b) the night "
        "passes calmly, with no potential threat the character is aware of. If anyone keeps "
        "watch, the place is by definition too dangerous: no long rest. A character on edge "
        "(fear of assassination, even at home) gets no long rest."),
    "REST-2": N_("A night's sleep that is not a long rest gives only the benefits of a short "
                 "rest."),
    "REST-3": N_(
        "With no safe place, seven consecutive days spent doing nothing but resting and finding "
        "food (hunting, fishing, gathering) count as one long rest."),
    # -- WOUND: suffering a wound -----------------------------------------------------------
    "WOUND-1": N_(
        "A character who drops to 0 HP and survives (succeeds at its death saving throws, is "
        "stabilized by an ally, regains HP by magic, a potion or otherwise) suffers a wound. A "
        "half-orc using Relentless Endurance, or any creature using a similar ability that "
        "keeps it above 0 HP, suffers no wound."),
    "WOUND-2": N_("The wound immediately gives one fatigue level, which belongs to that wound."),
    "WOUND-3": N_(
        "Roll the damage die of the weapon or spell that caused the wound: the result is the "
        "number of long rests needed to heal it and lose its fatigue level. If the weapon or "
        "spell rolls several dice, roll one die and add the number of dice: a greatsword 2d6 → "
        "1d6+2; blight 8d8 → 1d8+8. A single die is rolled as it is (1d8 → 1d8)."),
    "WOUND-4": N_(
        "Treating a wound: a character proficient in Medicine may spend 10 minutes and one use "
        "of a healer's kit, then make a Wisdom (Medicine) check against DC 10 + (maximum of the "
        "damage die) + (number of dice). Success halves the healing time."),
    "WOUND-5": N_(
        "Tending the wounds: each evening on which a wounded character cannot take a long "
        "rest, a character proficient in Medicine may spend an hour tending the wounds, with a "
        "Wisdom (Medicine) check against DC 8 + (maximum of the damage die) + (number of "
        "dice). Success: for the healing of the wound, the wounded character counts as having "
        "taken a long rest."),
    "WOUND-6": N_(
        "Wounds are cumulative and heal one after another, in the order received (a queue). "
        "Example: wounds of 5, 3 and 4 rests are gone after 5, 8 and 12 long rests."),
    "WOUND-7": N_(
        "Wound fatigue levels count like any other. Two wounds + one ordinary level = 3; a "
        "third wound → 4; a long rest then removes the ordinary level → 3, and the remaining "
        "three levels go only as the three wounds heal."),
    # -- MAGIC: dying magic -----------------------------------------------------------------
    "MAGIC-1": N_(
        "Casting a spell with a slot of level 4 or higher requires a Constitution saving throw "
        "against DC 6 + slot level. This also applies to spells of level 4 or higher cast as "
        "rituals (no slot: the spell's level counts)."),
    "MAGIC-2": N_("On a failure the caster gains fatigue: slot level 4–7 → 1 level; 8–9 → 2 "
                  "levels."),
    "MAGIC-3": N_("These levels are recovered by short rests, one level per short rest."),
    "MAGIC-4": N_(
        "The warlock makes the save only for the spells of its Mystic Arcanum, never for its "
        "pact-magic slots."),
    "MAGIC-5": N_(
        "The caster may skip the save and instead immediately lose HP equal to twice the slot "
        "level; it may also choose this loss after a failed save, instead of the fatigue."),
    # -- RES: difficult resurrections -------------------------------------------------------
    "RES-1": N_(
        "Whoever casts revivify, raise dead or reincarnate loses 1 point of Constitution at "
        "once; resurrection, 2; true resurrection, 3. (These spells are also subject to "
        "MAGIC-1 when cast with a slot of level 4 or higher.)"),
    "RES-2": N_(
        "This loss cannot be reduced by any spell or magic item, and cannot be restored in any "
        "way, not even by wish. Constitution can still be raised by an ability score "
        "improvement at the proper level."),
    # -- CRIT: critical successes and failures ----------------------------------------------
    "CRIT-1": N_("Base rules unchanged: a natural 1 always fails, a natural 20 is a critical "
                 "success."),
    "CRIT-2": N_(
        "An attack roll whose total beats the target's AC by 10 or more (total ≥ AC + 10) is a "
        "critical hit: the damage dice are doubled."),
    "CRIT-3": N_(
        "An attack roll whose total is 10 or more below the AC (total ≤ AC − 10) is a critical "
        "failure: the opponent may use its reaction to make an opportunity attack."),
    "CRIT-4": N_(
        "The same may apply to ability checks: beating the DC by 10 or more gives an "
        "extraordinary result, missing it by 10 or more the opposite."),
    "CRIT-5": N_(
        "The GM's note: when a feature widens the critical range to 19–20, a margin of 9 or "
        "more (instead of 10) is a critical success."),
    # -- FATIGUE-SOURCES --------------------------------------------------------------------
    "FATIGUE-SOURCES": N_(
        "Three sources of fatigue coexist, each with its own recovery; their total is what the "
        "effects of BASE-FATIGUE use. Ordinary (any other cause: forced march, starvation, "
        "spells…): one level removed per long rest. Wound (WOUND-2): one level per wound, "
        "removed only when that wound heals. Magic (MAGIC-2): one level removed per short rest "
        "(MAGIC-3)."),
    # -- Rulings: where the text is silent --------------------------------------------------
    "RULING-DC-DICE": N_(
        "The “(number of dice)” term of the WOUND-4 and WOUND-5 DCs is added, as in WOUND-3, "
        "only when the cause rolls several dice, so the DC is 10 (or 8) + the maximum healing "
        "time: 2d6 → DC 18 and 16; 1d8 → DC 18 and 16. The alternative setting "
        "(wound.dc_dice_term = always) adds 1 for a single die (1d8 → 19 and 17)."),
    "RULING-HALVE": N_(
        "Halving rounds down, as the game's general rule for division does; a wound whose "
        "remaining time becomes 0 heals at once and its fatigue level goes. Alternative "
        "setting: wound.halving = up."),
    "RULING-TREAT-ONCE": N_(
        "A wound can be treated (WOUND-4) once; the check's result stands. The alternative "
        "setting (wound.treatment = retry) allows new attempts until one succeeds; it never "
        "halves twice."),
    "RULING-TREAT-REMAINING": N_(
        "The halving applies to the wound's remaining time at the moment of treatment."),
    "RULING-EVENING": N_(
        "Evening care (WOUND-5) is recorded before the night it belongs to; it counts as one "
        "long rest for the wound at the head of the queue, and only if that night is not a "
        "long rest. At most one evening care per wounded character per night."),
    "RULING-WOUND-DICE": N_(
        "The dice of a wound's cause are the weapon's or spell's own damage dice as rolled for "
        "that hit — an upcast spell's larger dice count (blight in a 5th-level slot, 9d8 → "
        "1d8+9) — without the doubling of a critical hit and without modifiers. Mixed dice "
        "(1d8 + 2d6 fire) use the weapon's base dice. A cause with no dice (a fall given as a "
        "number, MAGIC-5's HP loss from a spell without damage dice) needs the GM to state the "
        "wound dice: the ledger asks and never guesses."),
    "RULING-DROP-CAUSE": N_(
        "The cause of a wound is the damage that dropped the character to 0. Every survival "
        "after a drop to 0 is one wound (dropped, healed, dropped again, stabilized = two "
        "wounds). Death followed by resurrection is not a wound."),
    "RULING-HEAL-ON-REST": N_(
        "The long rest on which a wound's remaining time reaches 0 heals it and removes its "
        "fatigue level at the end of that rest; the next wound starts counting at the next "
        "long rest (no carry-over)."),
    "RULING-LONG-INCLUDES-SHORT": N_(
        "A long rest also gives the benefits of a short rest, so it removes one magic level as "
        "well as one ordinary level. Alternative setting: rest.long_includes_short = no."),
    "RULING-7-DAYS": N_(
        "Any other activity breaks the REST-3 streak; the long rest is granted at the end of "
        "the seventh day and the streak starts over; each of those nights still gives "
        "short-rest benefits (REST-2)."),
    "RULING-FORAGING": N_(
        "Finding food is part of REST-3, not an interruption: an attack, check or damage that "
        "the GM marks as hunting, fishing or gathering keeps the streak; anything unmarked "
        "still breaks it (RULING-7-DAYS)."),
    "RULING-CRIT-MARGIN": N_(
        "The success margin is 10 − (20 − lowest critical number): 19–20 → 9, 18–20 → 8 "
        "(extending CRIT-5). The failure margin stays 10."),
    "RULING-NAT1": N_(
        "A natural 1 always misses (CRIT-1); it is a critical failure only if the total is "
        "also AC − 10 or lower. A natural 20 is always a critical hit; a natural 1 is never a "
        "hit, whatever the total. Alternative setting: crit.nat1 = critical-failure."),
    "RULING-CHECKS": N_(
        "CRIT-4 applies to ability checks; saving throws have no margin criticals. Alternative "
        "setting: crit.checks = off."),
    "RULING-MAGIC-HP": N_(
        "MAGIC-5's HP loss is damage like any other: if it drops the caster to 0, BASE-DYING "
        "and WOUND-1 apply, with the spell as the cause (RULING-WOUND-DICE)."),
    "RULING-CON-ZERO": N_(
        "Constitution reaching 0 through RES-1 is recorded as it is and the ledger warns "
        "loudly; the GM decides what it means."),
    "RULING-TREAT-CHOICE": N_(
        "WOUND-4 treats one wound, the one the healer chooses (the oldest untreated by "
        "default); its DC and its halving are that wound's. Evening care (WOUND-5) always "
        "helps the wound at the head of the queue, the only one healing."),
    "RULING-STABLE": N_(
        "A stable character at 0 HP regains 1 HP after 1d4 hours (base rule). A night, long "
        "rest or day in the wild that starts while it is stable gives it that 1 HP; since it "
        "was at 0 HP when the rest began, that rest gives it only short-rest benefits. A short "
        "rest (one hour) does not."),
    "RULING-PACT": N_(
        "Pact-magic slots are of level 1 to 5; a warlock's spell of level 6 to 9 is always its "
        "Mystic Arcanum (MAGIC-1 applies), and a ritual never uses a pact slot (MAGIC-1 "
        "applies to a warlock's rituals of level 4 or higher like anyone's)."),
    "RULING-RESTORATION": N_(
        "Magic that removes fatigue levels (greater restoration…) removes ordinary or magic "
        "levels, as the GM states; never a wound's level, which goes only when its wound "
        "heals. The total never shows above 6 (6 is death)."),
    "RULING-FATIGUE-DEATH": N_(
        "A character dead at fatigue 6 comes back only with its total below 6: the GM first "
        "records the magic that removed levels (allowed on the dead); a resurrection that "
        "would leave the target at 6 is refused before the caster pays anything."),
    "RULING-ASI": N_(
        "An ability score improvement raises Constitution by 1 or 2 and never above 20; an "
        "item or boon that lifts the cap is recorded as such, with its cause."),
    "RULING-ENDURE": N_(
        "Relentless Endurance is declared with the damage; it acts only if that damage would "
        "drop the character to 0 and the feature is unspent. Otherwise the damage applies as "
        "usual and the log says the feature did not act."),
}

RULE_ORDER = {rule_id: index for index, rule_id in enumerate(RULE_TEXTS)}


def rule_text(rule_id: str) -> str:
    """The rule's text in the current language; "" for an id RULES.md does not define."""
    text = RULE_TEXTS.get(rule_id)
    return _(text) if text else ""


def rule_sort_key(rule_id: str) -> tuple:
    """Glossary order: the order of RULES.md, unknown ids last (alphabetically)."""
    return (RULE_ORDER.get(rule_id, len(RULE_ORDER)), rule_id)
