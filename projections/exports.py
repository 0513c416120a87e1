"""`pangee export`: the campaign as JSONL (every stored event, lossless: `import` restores it
with the same digests, chain and checkpoint) and CSV (the log, one row per command, its numbers
in columns, safe to open in a spreadsheet). Markdown and HTML are the chronicle
(projections/chronicle)."""

import csv
import io
import json

from .decode import StoredFact, decode_row
from .runner import command_characters

READ_BATCH = 1000

CSV_COLUMNS = ("number", "session", "timestamp", "characters", "kind", "summary", "outcome",
               "d20", "bonus", "total", "target", "margin", "amount", "hp_before", "hp_after",
               "rules", "consequences", "notes", "voided_by", "without_effect")
# A cell a spreadsheet would read as a formula (CSV injection): neutralised with a quote.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def stored_events(db, recorder, upto: int | None = None):
    """Every stored event in the store's order (up to event position `upto`)."""
    table = recorder.events_table_name
    name = f'"{db.schema}"."{table}"' if db.postgres else table
    key = "notification_id" if db.postgres else "rowid"
    after = 0
    while True:
        with db.tx(commit=False) as c:
            rows = c.execute(f"SELECT {key}, originator_id, originator_version, topic, state "
                             f"FROM {name} WHERE {key} > ? AND {key} <= ? ORDER BY {key} LIMIT ?",
                             (after, upto if upto is not None else 2**62, READ_BATCH)).fetchall()
        if not rows:
            return
        for row in rows:
            yield decode_row(*row)
        after = rows[-1][0]


# -- JSONL ---------------------------------------------------------------------------------
def event_line(event: StoredFact) -> dict:
    """One stored event as stored (fact, outcome and meta before any upcasting: what its
    digest covers), with what a reader needs beside it."""
    fact, outcome, meta = event.raw
    return {"position": event.position, "number": meta.get("number"),
            "session": meta.get("session"), "timestamp": event.timestamp,
            "characters": command_characters(fact), "kind": fact.get("kind"), "facts": fact,
            "outcome": outcome, "rules": list(outcome.get("rules", [])), "cmd": meta.get("cmd"),
            "stream": event.stream, "version": event.version, "topic": event.topic,
            "meta": meta}


def to_jsonl(events) -> str:
    """One JSON object per line and per event. Lines are split on "\\n" only (the JSON
    escapes it inside strings; U+2028 may appear raw)."""
    return "".join(json.dumps(event_line(e), ensure_ascii=False, separators=(",", ":")) + "\n"
                   for e in events)


# -- CSV -----------------------------------------------------------------------------------
def safe_cell(value) -> str:
    """The cell's text; one a spreadsheet would run as a formula gets a leading `'`."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def _cell(value) -> str:
    """Numbers as numbers (a spreadsheet sums them); text made formula-safe."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return safe_cell(value)


def csv_row(row: dict, words) -> dict:
    result = row.get("result") or {}
    details = result.get("details") or {}
    args = row["fact"].get("args", {})
    return {"number": row["position"], "session": row["session"], "timestamp": row["timestamp"],
            "characters": ", ".join(row["characters"]), "kind": row["kind"],
            "summary": words.headline, "outcome": result.get("outcome"),
            "d20": details.get("d20", args.get("d20")), "bonus": details.get("bonus"),
            "total": details.get("total"), "target": details.get("target", details.get("dc")),
            "margin": details.get("margin"), "amount": args.get("amount"),
            "hp_before": details.get("hp_before"), "hp_after": details.get("hp_after"),
            "rules": " ".join(words.rules),
            "consequences": " | ".join(line.text for line in words.lines),
            "notes": " | ".join(line.text for line in words.notes),
            "voided_by": words.voided_by,
            "without_effect": " | ".join(line.text for line in words.status)}


def to_csv(rows: list[dict], entries: list) -> str:
    """One row per command, a header first; every cell formula-safe."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row, words in zip(rows, entries):
        cells = csv_row(row, words)
        writer.writerow([_cell(cells.get(column)) for column in CSV_COLUMNS])
    return buffer.getvalue()
