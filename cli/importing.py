"""`pangee import FILE`: a campaign script, all or nothing."""

import os

import click

from ledger.scripts import load_yaml, script_steps
from ledger.rules.errors import BadValue

from . import output
from .runner import remove_sqlite

EXAMPLES = "\n\n\b\nExamples:\n"


@click.command("import", help="Import a campaign script (YAML), all or nothing." + EXAMPLES +
               "  pangee --db valmorte.db import sample_campaigns/valmorte.yaml")
@click.argument("file", type=click.Path(dir_okay=False))
@click.pass_obj
def import_(session, file):
    try:
        with open(file, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise BadValue(f"cannot read {file}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise BadValue(f"{file} is not UTF-8 text") from None
    name = os.path.basename(file)
    steps = script_steps(load_yaml(text, name), name)
    target = session.target()
    fresh = target.kind == "sqlite" and not os.path.exists(target.path)
    try:
        ledger = session.ledger(create=True)
        recorded = ledger.record_many(steps)
    except BaseException:
        if fresh:
            session.close()
            remove_sqlite(target.path)
        raise
    last = recorded[-1].position if recorded else None
    output.line(f"imported {len(recorded)} command(s) from {name}; last position {last}")


COMMANDS = [import_]
