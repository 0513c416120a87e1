"""Write commands: parse options, hand them to the ledger, print what was recorded (or, with
--json, the recorded command as one JSON object)."""

import click

from i18n import N_

from . import completion
from .help import argument, command, group, option
from .options import dice_options, json_option, roll_options
from .runner import run_write

WHO = N_("WHO")
N = "N"


@command("init", help=N_("Open a new campaign in the store."),
         examples="  pangee init \"L'Âge du Changement\" --seed 7\n"
                  "  pangee init Valmorte --ruling wound.halving=up")
@argument("name", metavar=N_("NAME"))
@option("--ruling", "rulings", multiple=True, metavar="KEY=VALUE", shell_complete=completion.rulings,
        help=N_("A ruling other than the default (see RULES.md), repeatable."))
@option("--seed", type=int, metavar=N, help=N_("Seed for the dice the ledger rolls in scripts."))
@json_option
@click.pass_obj
def init(session, name, rulings, seed, as_json):
    run_write(session, "init", {"name": name, "rulings": list(rulings), "seed": seed},
              create=True, as_json=as_json)


@group("character", help=N_("The roster: add, update and list the characters."))
def character():
    pass


@character.command("add", help=N_("Add a character (level 1 unless --level is given: the HP "
                                  "maximum after a Constitution change depends on it)."),
                   examples="  pangee character add Arin --con 14 --hp-max 45 --level 5\n"
                            "  pangee character add Brune --con 12 --hp-max 38 --medicine\n"
                            "  pangee character add Gorm --con 16 --hp-max 52 --relentless --crit-min 19")
@argument("name", metavar=N_("NAME"))
@option("--con", type=int, required=True, metavar=N, help=N_("Constitution score."))
@option("--hp-max", type=int, required=True, metavar=N, help=N_("Hit point maximum."))
@option("--level", type=int, metavar=N, help=N_("Character level (1 when left out)."))
@option("--medicine", is_flag=True, help=N_("Proficient in Medicine (WOUND-4/5)."))
@option("--crit-min", type=int, metavar=N,
        help=N_("Lowest natural d20 that is a critical hit (19 for a Champion)."))
@option("--relentless", is_flag=True,
        help=N_("Relentless Endurance or a similar feature (damage --endure)."))
@option("--warlock", is_flag=True, help=N_("A warlock (pact slots, Mystic Arcanum: MAGIC-4)."))
@json_option
@click.pass_obj
def character_add(session, as_json, **options):
    run_write(session, "character add", options, as_json=as_json)


@group("session", help=N_("Start and end game sessions."))
def game_session():
    pass


@game_session.command("start", help=N_("Start a session."),
                      examples="  pangee session start \"Les ruines de Valmorte\"")
@argument("title", required=False, metavar=N_("TITLE"))
@json_option
@click.pass_obj
def session_start(session, title, as_json):
    run_write(session, "session start", {"title": title}, as_json=as_json)


@game_session.command("end", help=N_("End the open session."), examples="  pangee session end")
@json_option
@click.pass_obj
def session_end(session, as_json):
    run_write(session, "session end", {}, as_json=as_json)


@command("attack", help=N_("An attack roll against an AC (CRIT-1..5). Left out, the d20 is "
                           "rolled by the ledger."),
         examples="  pangee attack Arin --ac 15 --d20 14 --bonus 7\n"
                  "  pangee attack Gorm --ac 12 --bonus 5\n"
                  "  pangee attack Brune --ac 11 --d20 9 --bonus 4 --target sanglier --foraging")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@option("--ac", type=int, required=True, metavar=N, help=N_("The target's AC."))
@roll_options
@option("--crit-min", type=int, metavar=N, help=N_("Lowest natural d20 that crits for this attack."))
@option("--target", metavar=N_("TEXT"), help=N_("Who or what is attacked (free text)."))
@option("--foraging", is_flag=True,
        help=N_("Hunting, fishing or gathering: keeps the days in the wild (RULING-FORAGING)."))
@json_option
@click.pass_obj
def attack(session, as_json, **options):
    run_write(session, "attack", options, as_json=as_json)


@command("check", help=N_("An ability check against a DC (CRIT-4)."),
         examples="  pangee check Brune --dc 15 --d20 12 --bonus 4 --skill Médecine\n"
                  "  pangee check Gorm --dc 12 --d20 15 --bonus 3 --skill Survie --foraging")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@option("--dc", type=int, required=True, metavar=N, help=N_("The difficulty (DC)."))
@roll_options
@option("--skill", metavar=N_("TEXT"), help=N_("The skill or ability (free text)."))
@option("--foraging", is_flag=True,
        help=N_("Hunting, fishing or gathering: keeps the days in the wild (RULING-FORAGING)."))
@json_option
@click.pass_obj
def check(session, as_json, **options):
    run_write(session, "check", options, as_json=as_json)


@command("save", help=N_("A saving throw against a DC."),
         examples="  pangee save Arin --dc 14 --d20 9 --bonus 3 --ability CON")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@option("--dc", type=int, required=True, metavar=N, help=N_("The difficulty (DC)."))
@roll_options
@option("--ability", metavar=N_("TEXT"), help=N_("The ability (free text)."))
@json_option
@click.pass_obj
def save(session, as_json, **options):
    run_write(session, "save", options, as_json=as_json)


@command("damage", context_settings={"ignore_unknown_options": True},
         help=N_("Damage taken (BASE-DYING; the cause of any wound). A weapon, a spell or a "
                 "creature's attack written CREATURE: ATTACK gives its dice."),
         examples="  pangee damage Arin 12 --cause \"épée à deux mains\"\n"
                  "  pangee damage Arin 9 --cause \"ogre : massue\"\n"
                  "  pangee damage Arin 30 --cause flétrissement --slot 6\n"
                  "  pangee damage Arin 9 --cause chute --dice 3d6\n"
                  "  pangee damage Gorm 20 --cause Greataxe --endure")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@argument("amount", type=int, metavar=N_("AMOUNT"))
@option("--cause", required=True, metavar=N_("TEXT"), shell_complete=completion.causes,
        help=N_("Weapon, spell, CREATURE: ATTACK, or free text."))
@option("--dice", metavar=N_("DICE"),
        help=N_("The cause's damage dice (2d6, 1d8+2d6); from the catalogue if known."))
@option("--slot", type=int, metavar=N,
        help=N_("The slot a catalogue spell was cast with: its dice at that slot."))
@option("--critical", is_flag=True, help=N_("A critical hit (two failures at 0 HP)."))
@option("--endure", is_flag=True,
        help=N_("Relentless Endurance: 1 HP instead of 0, no wound (when it acts)."))
@option("--foraging", is_flag=True,
        help=N_("Taken while hunting, fishing or gathering: keeps the days in the wild."))
@json_option
@click.pass_obj
def damage(session, as_json, **options):
    run_write(session, "damage", options, as_json=as_json)


@command("heal", context_settings={"ignore_unknown_options": True},
         help=N_("Hit points regained; at 0 HP this is a survival (WOUND-1)."),
         examples="  pangee heal Arin 8 --cause \"soin des blessures\" --wound-roll 4")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@argument("amount", type=int, metavar=N_("AMOUNT"))
@option("--cause", metavar=N_("TEXT"), help=N_("Spell, potion… (free text)."))
@dice_options
@json_option
@click.pass_obj
def heal(session, as_json, **options):
    run_write(session, "heal", options, as_json=as_json)


@command("death-save", help=N_("A death saving throw (BASE-DYING)."),
         examples="  pangee death-save Arin --d20 14")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@option("--d20", type=int, metavar=N, help=N_("Natural d20 face; left out, the ledger rolls."))
@dice_options
@json_option
@click.pass_obj
def death_save(session, as_json, **options):
    run_write(session, "death-save", options, as_json=as_json)


@command("stabilize", help=N_("A dying character stabilized (survives: WOUND-1)."),
         examples="  pangee stabilize Arin --by Brune --wound-roll 3")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@option("--by", metavar=N_("NAME"), shell_complete=completion.characters, help=N_("Who stabilized them."))
@dice_options
@json_option
@click.pass_obj
def stabilize(session, as_json, **options):
    run_write(session, "stabilize", options, as_json=as_json)


@command("treat", help=N_("Treat a wound with a healer's kit (WOUND-4): the one the healer "
                          "chooses, by its place in the queue (status lists it), else the "
                          "oldest not yet treated."),
         examples="  pangee treat Arin --by Brune --d20 13 --bonus 5\n"
                  "  pangee treat Arin --by Brune --wound 2 --d20 13 --bonus 5")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@option("--by", required=True, metavar=N_("NAME"), shell_complete=completion.characters,
        help=N_("The healer (proficient in Medicine)."))
@roll_options
@option("--wound", type=int, metavar=N,
        help=N_("The wound's place in the queue, from 1 (RULING-TREAT-CHOICE)."))
@json_option
@click.pass_obj
def treat(session, as_json, **options):
    run_write(session, "treat", options, as_json=as_json)


@command("tend", help=N_("Evening care before a night that is not a long rest (WOUND-5)."),
         examples="  pangee tend Arin --by Brune --d20 11 --bonus 5")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@option("--by", required=True, metavar=N_("NAME"), shell_complete=completion.characters,
        help=N_("The healer (proficient in Medicine)."))
@roll_options
@json_option
@click.pass_obj
def tend(session, as_json, **options):
    run_write(session, "tend", options, as_json=as_json)


@group("rest", help=N_("Short rests, nights, long rests, days in the wild (REST-1..3)."))
def rest():
    pass


@rest.command("short", help=N_("A short rest (one magic fatigue level: MAGIC-3)."),
              examples="  pangee rest short Arin Brune")
@argument("who", nargs=-1, required=True, metavar=WHO, shell_complete=completion.characters)
@json_option
@click.pass_obj
def rest_short(session, who, as_json):
    run_write(session, "rest short", {"who": list(who)}, as_json=as_json)


@rest.command("night", help=N_("A night: a long rest only with --safe and --calm and no --watch "
                               "(REST-1); otherwise a short rest's benefits (REST-2)."),
              examples="  pangee rest night Arin Brune --safe --calm\n"
                       "  pangee rest night Arin --watch")
@argument("who", nargs=-1, required=True, metavar=WHO, shell_complete=completion.characters)
@option("--safe", is_flag=True, help=N_("A safe, comfortable place."))
@option("--calm", is_flag=True, help=N_("A calm night, no known threat."))
@option("--watch", is_flag=True, help=N_("Someone keeps watch (too dangerous: no long rest)."))
@json_option
@click.pass_obj
def rest_night(session, who, safe, calm, watch, as_json):
    run_write(session, "rest night", {"who": list(who), "safe": safe, "calm": calm,
                                      "watch": watch}, as_json=as_json)


@rest.command("long", help=N_("A long rest (= rest night --safe --calm)."),
              examples="  pangee rest long Arin Brune")
@argument("who", nargs=-1, required=True, metavar=WHO, shell_complete=completion.characters)
@option("--watch", is_flag=True, help=N_("Someone keeps watch (no long rest after all)."))
@json_option
@click.pass_obj
def rest_long(session, who, watch, as_json):
    run_write(session, "rest long", {"who": list(who), "watch": watch}, as_json=as_json)


@rest.command("wilderness", help=N_("One day of rest and foraging in the wild (REST-3): the "
                                    "seventh in a row counts as a long rest."),
              examples="  pangee rest wilderness Arin Brune")
@argument("who", nargs=-1, required=True, metavar=WHO, shell_complete=completion.characters)
@json_option
@click.pass_obj
def rest_wilderness(session, who, as_json):
    run_write(session, "rest wilderness", {"who": list(who)}, as_json=as_json)


@command("cast", help=N_("Cast a spell (MAGIC-1..5, RES-1). A name close to a catalogue "
                         "spell's is refused with a suggestion; --custom records a spell the "
                         "catalogue does not have."),
         examples="  pangee cast Elowen flétrissement --slot 5 --save-d20 8 --save-bonus 2\n"
                  "  pangee cast Elowen \"cone of cold\" --slot 5 --pay-hp\n"
                  "  pangee cast Brune \"rappel à la vie\" --slot 5 --save-bonus 1 --target Arin\n"
                  "  pangee cast Ysolde \"chant des brumes\" --slot 2 --custom")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@argument("spell", metavar=N_("SPELL"), shell_complete=completion.spells)
@option("--slot", type=int, required=True, metavar=N,
        help=N_("Slot level spent (a ritual: the spell's level)."))
@option("--ritual", is_flag=True, help=N_("Cast as a ritual."))
@option("--pact", is_flag=True, help=N_("A warlock pact-magic slot, level 1 to 5 (no save: MAGIC-4)."))
@option("--arcanum", is_flag=True, help=N_("A warlock Mystic Arcanum spell, level 6 to 9 (save applies)."))
@option("--save-d20", type=int, metavar=N, help=N_("Natural d20 of the Constitution save."))
@option("--save-bonus", type=int, metavar=N, help=N_("Constitution save bonus."))
@option("--pay-hp", is_flag=True, help=N_("Lose 2 × slot HP instead of the save or its fatigue."))
@option("--target", metavar=N_("NAME"), shell_complete=completion.characters,
        help=N_("The character a resurrection spell brings back."))
@option("--custom", is_flag=True, help=N_("A spell the catalogue does not have (free text)."))
@json_option
@click.pass_obj
def cast(session, as_json, **options):
    run_write(session, "cast", options, as_json=as_json)


@command("fatigue", context_settings={"ignore_unknown_options": True},
         help=N_("Fatigue levels gained (+N) or removed (-N), ordinary by default; magic that "
                 "removes levels (restauration supérieure…) says --source ordinary or magic, "
                 "also on the dead (RULING-RESTORATION)."),
         examples="  pangee fatigue Arin +1 --cause \"marche forcée\"\n"
                  "  pangee fatigue Arin -1 --source magic --cause \"restauration supérieure\"")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@argument("delta", metavar="+N|-N")
@option("--cause", required=True, metavar=N_("TEXT"), help=N_("What caused or removed them."))
@option("--source", type=click.Choice(["ordinary", "magic"]), metavar="ordinary|magic",
        help=N_("Which levels: ordinary (the default) or magic; wound levels go only with their wounds."))
@json_option
@click.pass_obj
def fatigue(session, who, delta, cause, source, as_json):
    run_write(session, "fatigue", {"who": who, "delta": delta, "cause": cause, "source": source},
              as_json=as_json)


@command("improve", help=N_("An ability score improvement of Constitution: +1 or +2, never "
                            "above 20 unless an item or boon lifts the cap (RULING-ASI)."),
         examples="  pangee improve Brune --con 1\n"
                  "  pangee improve Gorm --con 2 --beyond-cap --cause \"ceinturon de force des géants\"")
@argument("who", metavar=WHO, shell_complete=completion.characters)
@option("--con", type=int, required=True, metavar="1|2", help=N_("Points added to Constitution."))
@option("--beyond-cap", is_flag=True, help=N_("An item or boon lifts the cap of 20 (give --cause)."))
@option("--cause", metavar=N_("TEXT"), help=N_("The item or boon."))
@json_option
@click.pass_obj
def improve(session, who, con, beyond_cap, cause, as_json):
    run_write(session, "improve", {"who": who, "con": con, "beyond_cap": beyond_cap,
                                   "cause": cause}, as_json=as_json)


COMMANDS = [init, character, game_session, attack, check, save, damage, heal, death_save,
            stabilize, treat, tend, rest, cast, fatigue, improve]
