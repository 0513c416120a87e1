"""The roster: `character list` and `character update` (level-up, new HP maximum…)."""

import click

from i18n import N_

from . import completion, output
from .help import argument, option
from .options import json_option
from .write import character


@character.command("list", help=N_("The characters, in the order they joined: level, "
                                   "Constitution, HP maximum, Medicine, features."),
                   examples="  pangee character list\n  pangee character list --json")
@json_option
@click.pass_obj
def character_list(session, as_json):
    from i18n.views import roster_lines
    from projections.status import roster_view

    state = session.reader().state()
    characters = [roster_view(s) for s in state.characters.values()]
    if as_json:
        output.emit_json(characters)
    else:
        output.lines(roster_lines(characters))


@character.command("update", help=N_("Record a change of a character's sheet: a level-up with "
                                     "its new HP maximum (as it stands now), Medicine, the "
                                     "critical range. Later Constitution changes count with "
                                     "the level in force."),
                   examples="  pangee character update Arin --level 6 --hp-max 52\n"
                            "  pangee character update Brune --no-medicine\n"
                            "  pangee character update Gorm --crit-min 19")
@argument("who", metavar=N_("WHO"), shell_complete=completion.characters)
@option("--level", type=int, metavar="N", help=N_("The new level."))
@option("--hp-max", type=int, metavar="N", help=N_("The new HP maximum, as it stands now."))
@option("--medicine/--no-medicine", default=None, help=N_("Proficient in Medicine or not."))
@option("--crit-min", type=int, metavar="N", help=N_("Lowest natural d20 that is a critical hit."))
@json_option
@click.pass_obj
def character_update(session, as_json, **options):
    from .runner import run_write

    run_write(session, "character update", options, as_json=as_json)


COMMANDS = [character]  # its subcommands list and update are added above
