"""`pangee export`: the campaign as JSONL, CSV, Markdown or one standalone HTML page."""

import os

import click

from i18n import N_

from . import output
from .help import command, option

FORMATS = ("jsonl", "csv", "md", "html")
EXTENSIONS = {".jsonl": "jsonl", ".csv": "csv", ".md": "md", ".html": "html", ".htm": "html"}


@command("export", help=N_(
    "Export the campaign: jsonl (every stored event, lossless: pangee import restores it into "
    "an empty store with the same checkpoint), csv (the log, one row per command, its numbers "
    "in columns, safe to open in a spreadsheet), md (the chronicle as text) or html (the "
    "chronicle: one self-contained page for the players). Printed on stdout unless -o is "
    "given; with -o, --format may be left to the file's extension."),
    examples="  pangee export --format jsonl -o valmorte.jsonl\n"
             "  pangee --db copy.db import valmorte.jsonl\n"
             "  pangee export --format csv > journal.csv\n"
             "  pangee export --format md -o journal.md\n"
             "  pangee --lang en export -o chronicle.html")
@option("--format", "fmt", type=click.Choice(FORMATS), metavar="jsonl|csv|md|html",
        help=N_("jsonl, csv, md or html (from -o's extension when left out)."))
@option("-o", "--output", "path", type=click.Path(dir_okay=False, allow_dash=True),
        metavar=N_("FILE"), help=N_("Write to FILE instead of stdout (- for stdout)."))
@click.pass_obj
def export(session, fmt, path):
    from ledger.rules.errors import BadValue
    from ledger.store import is_store_file

    fmt = fmt or _format_of(path)
    if path not in (None, "-") and is_store_file(session.target(), path):
        raise BadValue("cli.export_onto_store", None, path=path)
    from ledger.errors import DamagedStore

    ledger = session.reader()
    state = ledger.state()
    try:
        text = render(ledger, state, fmt)
    except DamagedStore as damaged:  # reported by every command from now on
        session.record_damage(damaged)
        raise
    if path is None or path == "-":
        click.echo(text[:-1] if text.endswith("\n") else text)
        return
    _write(path, text)
    from i18n.render import render as words

    output.line(words("export.done", {"format": fmt, "path": path, "number": state.position}))


def render(ledger, state, fmt: str) -> str:
    from projections.exports import stored_events, to_csv, to_jsonl

    if fmt == "jsonl":
        body = ledger.projections.load_body()
        return to_jsonl(stored_events(ledger.db, ledger.recorder, body["last_event"]))
    rows = ledger.queries.log()
    if fmt == "csv":
        from i18n.entries import entry

        return to_csv(rows, [entry(row) for row in rows])
    from projections.chronicle import render_html, render_markdown
    from projections.chronicle_data import chronicle
    from projections.verify import checkpoint_token

    number, chain = ledger.projections.head()
    data = chronicle(state, ledger.queries.sessions(), rows, ledger.queries.facts(),
                     {"number": number, "token": checkpoint_token(number, chain)})
    return render_markdown(data) if fmt == "md" else render_html(data)


def _format_of(path: str | None) -> str:
    from ledger.rules.errors import BadValue

    extension = os.path.splitext(path or "")[1].lower()
    if extension in EXTENSIONS:
        return EXTENSIONS[extension]
    raise BadValue("cli.missing_format", None, formats=list(FORMATS))


def _write(path: str, text: str) -> None:
    """Write the whole rendered export; an unusable path is one line, exit 2."""
    from ledger.rules.errors import BadValue

    try:
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    except OSError as error:
        raise BadValue("cli.cannot_write", None, path=path,
                       reason=error.strerror or type(error).__name__) from None


COMMANDS = [export]
