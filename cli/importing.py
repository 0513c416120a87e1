"""`pangee import FILE`: a campaign script, all or nothing.

The store is opened with `Session.creating()`: into a SQLite file that does not exist yet the
import is built aside and published whole, so a failed import or one that lost a race against
another `init`/`import` leaves nothing behind and never deletes a store."""

import os

import click

from ledger import jsonl
from ledger.scripts import load_yaml, script_steps
from ledger.rules.errors import BadValue

from . import output
from .progress import progress_bar, showing_progress

EXAMPLES = "\n\n\b\nExamples:\n"


@click.command("import", help="Import a campaign script (YAML), or a JSONL export into an "
               "empty store, all or nothing." + EXAMPLES +
               "  pangee --db valmorte.db import sample_campaigns/valmorte.yaml\n"
               "  pangee --db copy.db import valmorte.jsonl")
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
    if jsonl.looks_like_jsonl(name, text):  # a JSONL export: the same campaign again
        exported = jsonl.parse_export(text, name)
        record = lambda ledger, progress: jsonl.restore(ledger, exported, name, progress)  # noqa: E731
    else:
        steps = script_steps(load_yaml(text, name), name)
        del text  # a long script: keep only its steps
        record = lambda ledger, progress: ledger.record_many(steps, progress=progress)  # noqa: E731
    with session.creating() as ledger, progress_bar(f"Checking {name}") as checking, \
            showing_progress(ledger, f"Importing {name}"):
        recorded = record(ledger, checking)
    last = recorded[-1].position if recorded else None
    output.line(f"imported {len(recorded)} command(s) from {name}; last position {last}")


COMMANDS = [import_]
