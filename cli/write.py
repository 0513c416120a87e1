"""Write commands: parse options, hand them to the ledger, print what was recorded."""

import click

from . import output
from .options import dice_options, roll_options
from .runner import run_write

EXAMPLES = "\n\n\b\nExamples:\n"


@click.command("init", help="Open a new campaign in the store." + EXAMPLES +
               "  pangee init \"L'Âge du Changement\" --seed 7\n"
               "  pangee init Valmorte --ruling wound.halving=up")
@click.argument("name")
@click.option("--ruling", "rulings", multiple=True, metavar="KEY=VALUE",
              help="A ruling other than the default (see RULES.md), repeatable.")
@click.option("--seed", type=int, help="Seed for the dice the ledger rolls in scripts.")
@click.pass_obj
def init(session, name, rulings, seed):
    run_write(session, "init", {"name": name, "rulings": list(rulings), "seed": seed}, create=True)


@click.group("character", help="Manage the roster.")
def character():
    pass


@character.command("add", help="Add a character." + EXAMPLES +
                   "  pangee character add Arin --con 14 --hp-max 45 --level 5\n"
                   "  pangee character add Brune --con 12 --hp-max 38 --medicine\n"
                   "  pangee character add Gorm --con 16 --hp-max 52 --relentless --crit-min 19")
@click.argument("name")
@click.option("--con", type=int, required=True, help="Constitution score.")
@click.option("--hp-max", type=int, required=True, help="Hit point maximum.")
@click.option("--level", type=int, help="Character level (1 by default).")
@click.option("--medicine", is_flag=True, help="Proficient in Medicine (WOUND-4/5).")
@click.option("--crit-min", type=int, help="Lowest natural d20 that crits (19 for a Champion).")
@click.option("--relentless", is_flag=True, help="Relentless Endurance or similar (--endure).")
@click.option("--warlock", is_flag=True, help="A warlock (pact slots, Mystic Arcanum: MAGIC-4).")
@click.pass_obj
def character_add(session, **options):
    run_write(session, "character add", options)


@click.group("session", help="Start and end game sessions.")
def game_session():
    pass


@game_session.command("start", help="Start a session." + EXAMPLES + "  pangee session start \"Les ruines de Valmorte\"")
@click.argument("title", required=False)
@click.pass_obj
def session_start(session, title):
    run_write(session, "session start", {"title": title})


@game_session.command("end", help="End the open session." + EXAMPLES + "  pangee session end")
@click.pass_obj
def session_end(session):
    run_write(session, "session end", {})


@click.command("attack", help="An attack roll against an AC (CRIT-1..5)." + EXAMPLES +
               "  pangee attack Arin --ac 15 --d20 14 --bonus 7\n  pangee attack Gorm --ac 12 --bonus 5   # the ledger rolls")
@click.argument("who")
@click.option("--ac", type=int, required=True, help="The target's AC.")
@roll_options
@click.option("--crit-min", type=int, help="Lowest natural d20 that crits for this attack.")
@click.option("--target", help="Who or what is attacked (free text).")
@click.pass_obj
def attack(session, **options):
    run_write(session, "attack", options)


@click.command("check", help="An ability check against a DC (CRIT-4)." + EXAMPLES +
               "  pangee check Brune --dc 15 --d20 12 --bonus 4 --skill Médecine")
@click.argument("who")
@click.option("--dc", type=int, required=True)
@roll_options
@click.option("--skill", help="The skill or ability (free text).")
@click.pass_obj
def check(session, **options):
    run_write(session, "check", options)


@click.command("save", help="A saving throw against a DC." + EXAMPLES +
               "  pangee save Arin --dc 14 --d20 9 --bonus 3 --ability CON")
@click.argument("who")
@click.option("--dc", type=int, required=True)
@roll_options
@click.option("--ability", help="The ability (free text).")
@click.pass_obj
def save(session, **options):
    run_write(session, "save", options)


@click.command("damage", context_settings={"ignore_unknown_options": True},
               help="Damage taken (BASE-DYING; the cause of any wound)." + EXAMPLES +
               "  pangee damage Arin 12 --cause \"épée à deux mains\"\n"
               "  pangee damage Arin 9 --cause chute --dice 3d6\n"
               "  pangee damage Gorm 20 --cause Greataxe --endure")
@click.argument("who")
@click.argument("amount", type=int)
@click.option("--cause", required=True, help="Weapon, spell or free text.")
@click.option("--dice", help="The cause's damage dice (2d6, 1d8+2d6); from the catalogue if known.")
@click.option("--critical", is_flag=True, help="A critical hit (two failures at 0 HP).")
@click.option("--endure", is_flag=True, help="Relentless Endurance: 1 HP instead of 0, no wound.")
@click.pass_obj
def damage(session, **options):
    run_write(session, "damage", options)


@click.command("heal", context_settings={"ignore_unknown_options": True},
               help="Hit points regained; at 0 HP this is a survival (WOUND-1)." + EXAMPLES +
               "  pangee heal Arin 8 --cause \"soin des blessures\" --wound-roll 4")
@click.argument("who")
@click.argument("amount", type=int)
@click.option("--cause", help="Spell, potion… (free text).")
@dice_options
@click.pass_obj
def heal(session, **options):
    run_write(session, "heal", options)


@click.command("death-save", help="A death saving throw (BASE-DYING)." + EXAMPLES +
               "  pangee death-save Arin --d20 14")
@click.argument("who")
@click.option("--d20", type=int, help="Natural d20 face; left out, the ledger rolls.")
@dice_options
@click.pass_obj
def death_save(session, **options):
    run_write(session, "death-save", options)


@click.command("stabilize", help="A dying character stabilized (survives: WOUND-1)." + EXAMPLES +
               "  pangee stabilize Arin --by Brune --wound-roll 3")
@click.argument("who")
@click.option("--by", help="Who stabilized them.")
@dice_options
@click.pass_obj
def stabilize(session, **options):
    run_write(session, "stabilize", options)


@click.command("treat", help="Treat a wound with a healer's kit (WOUND-4)." + EXAMPLES +
               "  pangee treat Arin --by Brune --d20 13 --bonus 5")
@click.argument("who")
@click.option("--by", required=True, help="The healer (proficient in Medicine).")
@roll_options
@click.pass_obj
def treat(session, **options):
    run_write(session, "treat", options)


@click.command("tend", help="Evening care before a night that is not a long rest (WOUND-5)." +
               EXAMPLES + "  pangee tend Arin --by Brune --d20 11 --bonus 5")
@click.argument("who")
@click.option("--by", required=True, help="The healer (proficient in Medicine).")
@roll_options
@click.pass_obj
def tend(session, **options):
    run_write(session, "tend", options)


@click.group("rest", help="Short rests, nights, long rests, days in the wild (REST-1..3).")
def rest():
    pass


@rest.command("short", help="A short rest (one magic fatigue level: MAGIC-3)." + EXAMPLES +
              "  pangee rest short Arin Brune")
@click.argument("who", nargs=-1, required=True)
@click.pass_obj
def rest_short(session, who):
    run_write(session, "rest short", {"who": list(who)})


@rest.command("night", help="A night: long only if --safe --calm and no --watch (REST-1)." +
              EXAMPLES + "  pangee rest night Arin Brune --safe --calm\n  pangee rest night Arin --watch")
@click.argument("who", nargs=-1, required=True)
@click.option("--safe", is_flag=True, help="A safe, comfortable place.")
@click.option("--calm", is_flag=True, help="A calm night, no known threat.")
@click.option("--watch", is_flag=True, help="Someone keeps watch (too dangerous: no long rest).")
@click.pass_obj
def rest_night(session, who, safe, calm, watch):
    run_write(session, "rest night", {"who": list(who), "safe": safe, "calm": calm, "watch": watch})


@rest.command("long", help="A long rest (= rest night --safe --calm)." + EXAMPLES +
              "  pangee rest long Arin Brune")
@click.argument("who", nargs=-1, required=True)
@click.option("--watch", is_flag=True, help="Someone keeps watch (no long rest after all).")
@click.pass_obj
def rest_long(session, who, watch):
    run_write(session, "rest long", {"who": list(who), "watch": watch})


@rest.command("wilderness", help="One day of rest and foraging in the wild (REST-3)." +
              EXAMPLES + "  pangee rest wilderness Arin Brune")
@click.argument("who", nargs=-1, required=True)
@click.pass_obj
def rest_wilderness(session, who):
    run_write(session, "rest wilderness", {"who": list(who)})


@click.command("cast", help="Cast a spell (MAGIC-1..5, RES-1)." + EXAMPLES +
               "  pangee cast Elowen flétrissement --slot 5 --save-d20 8 --save-bonus 2\n"
               "  pangee cast Elowen \"cone of cold\" --slot 5 --pay-hp\n"
               "  pangee cast Brune \"rappel à la vie\" --slot 5 --save-bonus 1 --target Arin")
@click.argument("who")
@click.argument("spell")
@click.option("--slot", type=int, required=True, help="Slot level spent (a ritual: the spell's level).")
@click.option("--ritual", is_flag=True, help="Cast as a ritual.")
@click.option("--pact", is_flag=True, help="A warlock pact-magic slot (no save: MAGIC-4).")
@click.option("--arcanum", is_flag=True, help="A warlock Mystic Arcanum spell (save applies).")
@click.option("--save-d20", type=int, help="Natural d20 of the Constitution save.")
@click.option("--save-bonus", type=int, help="Constitution save bonus.")
@click.option("--pay-hp", is_flag=True, help="Lose 2 × slot HP instead of the save or its fatigue.")
@click.option("--target", help="The character a resurrection spell brings back.")
@click.pass_obj
def cast(session, **options):
    run_write(session, "cast", options)


@click.command("fatigue", context_settings={"ignore_unknown_options": True},
               help="Ordinary fatigue levels gained (+N) or recovered (-N)." + EXAMPLES +
               "  pangee fatigue Arin +1 --cause \"marche forcée\"\n  pangee fatigue Arin -1 --cause \"restauration partielle\"")
@click.argument("who")
@click.argument("delta")
@click.option("--cause", required=True)
@click.pass_obj
def fatigue(session, who, delta, cause):
    run_write(session, "fatigue", {"who": who, "delta": delta, "cause": cause})


@click.command("improve", help="An ability score improvement of Constitution (RES-2)." + EXAMPLES +
               "  pangee improve Brune --con 1")
@click.argument("who")
@click.option("--con", type=int, required=True, help="Points added to Constitution.")
@click.pass_obj
def improve(session, who, con):
    run_write(session, "improve", {"who": who, "con": con})


@click.command("void", help="Correct the record: the command at POSITION stops counting." +
               EXAMPLES + "  pangee void 42 --reason \"mauvais personnage\"")
@click.argument("position", type=int)
@click.option("--reason", required=True, help="Why (kept in the log).")
@click.pass_obj
def void(session, position, reason):
    run_write(session, "void", {"position": position, "reason": reason})


COMMANDS = [init, character, game_session, attack, check, save, damage, heal, death_save,
            stabilize, treat, tend, rest, cast, fatigue, improve, void]

__all__ = ["COMMANDS", "output"]
