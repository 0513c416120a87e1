"""`pangee import FILE`: a campaign script (YAML) or a JSONL export, all or nothing.

The store is opened with `Session.creating()`: into a SQLite file that does not exist yet the
import is built aside and published whole, so a failed import or one that lost a race against
another `init`/`import` leaves nothing behind and never deletes a store."""

import os

import click

from i18n import N_

from . import output
from .help import argument, command
from .options import json_option
from .progress import progress_bar, showing_progress


@command("import", help=N_("Import a campaign script (YAML), or a JSONL export into an empty "
                           "store (the same campaign, the same checkpoint), all or nothing. "
                           "The first bad step or line is reported with where it stands, and "
                           "nothing is written."),
         examples="  pangee --db valmorte.db import sample_campaigns/valmorte.yaml\n"
                  "  pangee --db copy.db import valmorte.jsonl")
@argument("file", type=click.Path(dir_okay=False), metavar=N_("FILE"))
@json_option
@click.pass_obj
def import_(session, file, as_json):
    from i18n.render import render
    from ledger import jsonl
    from ledger.scripts import load_yaml, read_script, script_steps

    text = read_script(file)
    name = os.path.basename(file)
    if jsonl.looks_like_jsonl(name, text):  # a JSONL export: the same campaign again
        exported = jsonl.parse_export(text, name)
        record = lambda ledger, progress: jsonl.restore(ledger, exported, name, progress)  # noqa: E731
    else:
        steps = script_steps(load_yaml(text, name), name)
        record = lambda ledger, progress: ledger.record_many(steps, progress=progress)  # noqa: E731
    del text  # a long script: keep only its steps
    quiet = as_json
    with session.creating() as ledger, \
            progress_bar(render("progress.checking", {"file": name}), not quiet) as checking, \
            showing_progress(ledger, render("progress.importing", {"file": name}), not quiet):
        recorded = record(ledger, checking)
    last = recorded[-1].position if recorded else None
    if as_json:
        output.emit_json({"file": name, "commands": len(recorded), "last": last})
    else:
        output.line(render("import.done", {"count": len(recorded), "file": name, "last": last}))


COMMANDS = [import_]
