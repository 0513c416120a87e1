"""`pangee import FILE`: a campaign script, all or nothing."""

import os

import click

from ledger import jsonl
from ledger.scripts import load_yaml, script_steps
from ledger.rules.errors import BadValue

from . import output
from .progress import progress_bar, showing_progress
from .runner import remove_sqlite

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
    target = session.target()
    fresh = target.kind == "sqlite" and not os.path.exists(target.path)
    try:
        ledger = session.ledger(create=True)
        with progress_bar(f"Checking {name}") as checking, \
                showing_progress(ledger, f"Importing {name}"):
            recorded = record(ledger, checking)
    except BaseException:
        if fresh:
            session.close()
            remove_sqlite(target.path)
        raise
    last = recorded[-1].position if recorded else None
    output.line(f"imported {len(recorded)} command(s) from {name}; last position {last}")


COMMANDS = [import_]
