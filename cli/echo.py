"""What a write command prints: the recorded command as its log entry (number, first line
with the numbers and outcome, consequences with their rules), or as one JSON object."""

from i18n.entries import entry, entry_json
from i18n.views import rules_text

from . import output


def recorded_row(item) -> dict:
    """A recorded command as the log shows it (projections.queries.Queries.log rows)."""
    from projections.runner import command_characters

    result = item.result.as_dict() if item.result is not None else None
    return {"position": item.position, "session": item.session, "timestamp": item.timestamp,
            "characters": command_characters(item.fact), "kind": item.kind, "fact": item.fact,
            "result": result, "note": None, "now": None, "notes": []}


def recorded(item, as_json: bool = False) -> None:
    row = recorded_row(item)
    words = entry(row)
    if as_json:
        output.emit_json(entry_json(row, words))
        return
    entry_lines(words)
    for effect in (row["result"] or {}).get("effects", []):
        if effect["code"] == "con.zero":
            from i18n.render import render

            output.warn(render(effect["code"], effect["params"]))


def entry_lines(words, brief: bool = False) -> list[str]:
    """Print one entry: `#N  first line  [rules]`, then its indented lines."""
    texts = entry_texts(words, brief)
    output.lines(texts)
    return texts


def entry_texts(words, brief: bool = False) -> list[str]:
    texts = [f"#{words.number:<5} {words.headline}{rules_text(words.rules)}"]
    if not brief:
        texts += [f"        {line.text}{rules_text(line.rules)}" for line in words.lines]
    texts += [f"        {line.text}{rules_text(line.rules)}" for line in words.status]
    texts += [f"        {line.text}" for line in words.notes]
    return texts
