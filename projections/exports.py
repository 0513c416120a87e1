"""`pangee export`: the campaign as JSONL (every stored event, lossless), CSV (the log, safe to
open in a spreadsheet) and Markdown (the session log). Pure rendering from data read once;
the standalone HTML page is in `export_html`.
"""

import csv
import io
import json
import re

from .decode import StoredFact, decode
from .runner import command_characters

READ_BATCH = 1000

JSONL_KEYS = ("position", "session", "timestamp", "characters", "kind", "facts", "outcome",
              "rules", "cmd", "stream", "version", "topic", "meta")
CSV_COLUMNS = ("position", "session", "timestamp", "characters", "kind", "summary", "outcome",
               "rules", "note")
# A cell a spreadsheet would read as a formula (CSV injection): neutralised with a quote.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def stored_events(recorder, upto: int | None = None) -> list[StoredFact]:
    """Every stored event in global order (up to position `upto`, when given)."""
    events: list[StoredFact] = []
    start = 1
    while True:
        batch = recorder.select_notifications(start, READ_BATCH, stop=upto)
        if not batch:
            return events
        events.extend(decode(n) for n in batch)
        start = batch[-1].id + 1
        if upto is not None and start > upto:
            return events


# -- JSONL ---------------------------------------------------------------------------------
def event_line(event: StoredFact) -> dict:
    """One stored event: what it says for a reader, and all that `import` needs to record
    it again exactly (its fact, outcome witness, command id, stream, version, topic, meta)."""
    fact = event.fact
    return {
        "position": event.position,
        "session": event.meta.get("session"),
        "timestamp": event.timestamp,
        "characters": command_characters(fact),
        "kind": fact.get("kind"),
        "facts": fact,
        "outcome": event.outcome,
        "rules": list(event.outcome.get("rules", [])),
        "cmd": event.meta.get("cmd"),
        "stream": event.stream,
        "version": event.version,
        "topic": event.topic,
        "meta": event.meta,
    }


def to_jsonl(events: list[StoredFact]) -> str:
    """One JSON object per line and per event. Lines are split on "\\n" only (the JSON
    escapes it inside strings; U+2028 may appear raw)."""
    return "".join(json.dumps(event_line(e), ensure_ascii=False, separators=(",", ":")) + "\n"
                   for e in events)


# -- CSV -----------------------------------------------------------------------------------
def safe_cell(value) -> str:
    """The cell's text; one a spreadsheet would run as a formula gets a leading `'`."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def to_csv(entries: list[dict]) -> str:
    """One row per log entry, a header first; every cell formula-safe."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for e in entries:
        row = {**e, "characters": ", ".join(e["characters"]), "rules": " ".join(e["rules"])}
        writer.writerow([safe_cell(row.get(column)) for column in CSV_COLUMNS])
    return buffer.getvalue()


# -- Markdown ------------------------------------------------------------------------------
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~!]|&(?=#?\w+;))")


def md_text(text) -> str:
    """User text made inert in Markdown: punctuation with a meaning (and raw HTML) escaped,
    on one line."""
    flat = " ".join(str(text).split())
    return _MD_SPECIAL.sub(r"\\\1", flat)


def session_heading(number, titles: dict) -> str:
    if number is None:
        return "Hors session"
    title = titles.get(number)
    return f"Session {number}" + (f" — {title}" if title else "")


def session_groups(entries: list[dict]) -> list[tuple[object, list[dict]]]:
    """Consecutive entries of one session (None: outside any session), in log order."""
    groups: list[tuple[object, list[dict]]] = []
    for e in entries:
        if not groups or groups[-1][0] != e["session"]:
            groups.append((e["session"], []))
        groups[-1][1].append(e)
    return groups


def extra_note(entry: dict) -> str | None:
    """The entry's note (voided, without effect) when its summary does not already say it."""
    note = entry.get("note")
    return note if note and note not in (entry.get("summary") or "") else None


def to_markdown(campaign: str, sessions: list[dict], entries: list[dict]) -> str:
    """The session log: a heading per session (with its title), a line per command with its
    position, summary and rule ids."""
    titles = {s["number"]: s.get("title") for s in sessions}
    out = [f"# {md_text(campaign)}", ""]
    for number, group in session_groups(entries):
        heading = session_heading(number, titles)
        out += [f"## {md_text(heading)}", ""]
        for e in group:
            rules = f" — {', '.join(e['rules'])}" if e["rules"] else ""
            note = extra_note(e)
            note = f" _({md_text(note)})_" if note else ""
            out.append(f"- **#{e['position']}** {md_text(e['summary'])}{rules}{note}")
        out.append("")
    return "\n".join(out)
