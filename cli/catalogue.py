"""`pangee catalogue spells|weapons|creatures [SEARCH]`: what the catalogue knows, with levels
and dice (the dice a wound from that cause takes, RULING-WOUND-DICE)."""

import click

from i18n import N_

from . import output
from .help import argument, command
from .options import json_option, pager_option

KINDS = ("spells", "weapons", "creatures")


@command("catalogue", help=N_("The catalogue of Héros & Dragons: spells (French and English "
                              "names, level, ritual, dice and dice per slot above), weapons "
                              "and creatures' attacks (a damage cause written CREATURE: ATTACK "
                              "takes their dice). SEARCH keeps the entries whose names hold it, "
                              "accents and case aside."),
         examples="  pangee catalogue spells vague\n  pangee catalogue creatures ogre\n"
                  "  pangee catalogue weapons --json")
@argument("kind", type=click.Choice(KINDS), metavar="spells|weapons|creatures")
@argument("search", required=False, metavar=N_("SEARCH"))
@pager_option
@json_option
@click.pass_obj
def catalogue(session, kind, search, pager, as_json):
    from i18n.views import catalogue_lines
    from ledger.catalogue import listing
    from ledger.text import clean

    if search is not None:
        search = clean(search, "SEARCH", "text")
    rows = listing(kind, search)
    if as_json:
        output.emit_json(rows)
        return
    lines = catalogue_lines(kind, rows)
    if not rows and search:
        from i18n.render import render
        from ledger.catalogue import suggest

        kinds = {"spells": ("spell",), "weapons": ("weapon",), "creatures": ("creature",)}[kind]
        near = suggest(search, kinds)
        if near:
            lines.append(render("catalogue.did_you_mean", {"suggestions": near}))
    output.lines(lines, pager=pager)


COMMANDS = [catalogue]
