"""Options shared by several commands (like sqlite-utils' shared output options)."""

from i18n import N_

from .help import option


def roll_options(func):
    func = option("--bonus", type=int, metavar="N", help=N_("Everything added to the d20 (0 when left out)."))(func)
    return option("--d20", type=int, metavar="N",
                  help=N_("Natural d20 face (1–20); left out, the ledger rolls."))(func)


def dice_options(func):
    func = option("--wound-dice", metavar=N_("DICE"),
                  help=N_("Dice of a wound's cause when it has none (2d6)."))(func)
    return option("--wound-roll", type=int, metavar="N",
                  help=N_("Face of the die for the wound's healing time (WOUND-3)."))(func)


def json_option(func):
    return option("--json", "as_json", is_flag=True, help=N_("Print JSON (one document on stdout)."))(func)


def pager_option(func):
    return option("--pager/--no-pager", "pager", default=True,
                  help=N_("On a terminal, show long output through a pager."))(func)
