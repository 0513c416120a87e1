"""Options shared by several commands (like sqlite-utils' shared output options)."""

import click


def roll_options(func):
    func = click.option("--bonus", type=int, help="Everything added to the d20.")(func)
    return click.option("--d20", type=int, help="Natural d20 face (1–20); left out, the ledger rolls.")(func)


def dice_options(func):
    func = click.option("--wound-dice", help="Dice of a wound's cause when it has none (2d6).")(func)
    return click.option("--wound-roll", type=int,
                        help="Face of the die for the wound's healing time (WOUND-3).")(func)


def json_option(func):
    return click.option("--json", "as_json", is_flag=True, help="Print JSON.")(func)
