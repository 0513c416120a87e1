"""`pangee export`: the campaign as JSONL, CSV, Markdown or one standalone HTML page."""

import os

import click

from ledger.rules.errors import BadValue
from projections.export_html import character_timelines, to_html
from projections.exports import stored_events, to_csv, to_jsonl, to_markdown

from . import output

EXAMPLES = "\n\n\b\nExamples:\n"
FORMATS = ("jsonl", "csv", "md", "html")
EXTENSIONS = {".jsonl": "jsonl", ".csv": "csv", ".md": "md", ".html": "html", ".htm": "html"}


@click.command("export", help=(
    "Export the campaign: jsonl (every stored event, lossless: pangee import restores it into "
    "an empty store), csv (the log, one row per command, safe to open in a spreadsheet), md "
    "(the session log) or html (one standalone page: the log and each character's fatigue "
    "and wounds over time). Printed on stdout unless -o is given; with -o, --format may be "
    "left to the file's extension." + EXAMPLES +
    "  pangee export --format jsonl -o valmorte.jsonl\n"
    "  pangee --db copy.db import valmorte.jsonl\n"
    "  pangee export --format csv > journal.csv\n"
    "  pangee export --format md -o journal.md\n"
    "  pangee export -o campagne.html"))
@click.option("--format", "fmt", type=click.Choice(FORMATS),
              help="jsonl, csv, md or html (from -o's extension when left out).")
@click.option("-o", "--output", "path", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write to FILE instead of stdout (- for stdout).")
@click.pass_obj
def export(session, fmt, path):
    fmt = fmt or _format_of(path)
    ledger, state = session.campaign_ledger()
    position = state.position
    if fmt == "jsonl":
        text = to_jsonl(stored_events(ledger.recorder, position))
    else:
        entries = [e for e in ledger.queries.log() if e["position"] <= position]
        if fmt == "csv":
            text = to_csv(entries)
        elif fmt == "md":
            text = to_markdown(state.name, ledger.queries.sessions(), entries)
        else:
            timelines = character_timelines(ledger.queries.facts(upto=position))
            text = to_html(state.name, ledger.queries.sessions(), entries, timelines, position)
    if path is None or path == "-":
        output.line(text[:-1] if text.endswith("\n") else text)
        return
    _write(path, text)
    output.line(f"exported {fmt} to {path} (up to position {position})")


def _format_of(path: str | None) -> str:
    extension = os.path.splitext(path or "")[1].lower()
    if extension in EXTENSIONS:
        return EXTENSIONS[extension]
    raise click.UsageError("missing --format: expected one of " + ", ".join(FORMATS) +
                           " (or an -o FILE ending in .jsonl, .csv, .md or .html)")


def _write(path: str, text: str) -> None:
    """Write the whole rendered export; an unusable path is one line, exit 2."""
    try:
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise BadValue(f"cannot write the export to {path}: {reason} "
                       "(expected a writable file path)") from None


COMMANDS = [export]
