"""The chronicle's data (projections/chronicle): the party as it stands, every session with
its entries in words and the party at its end, each character's figures over time, and the
text of every rule the page cites — all in the reader's language. Built from the log rows and
one fold of the history (corrections in force)."""

from datetime import datetime, timezone

from i18n import current
from i18n.entries import entry
from i18n.render import name_of, term
from ledger.rules.fold import CampaignState, effective_voids, fold_history
from ledger.rules.sheet import con_current

from .status import character_view


def card(view: dict) -> dict:
    """A character's card: the status view, with its words."""
    return {**view, "condition_text": term("condition", view["condition"]),
            "wounds": [{**w, "cause": name_of({"text": w["cause"], "en": w.get("cause_en")})}
                       for w in view["wounds"]]}


def entry_data(row: dict) -> dict:
    words = entry(row)
    note = row.get("note")
    without = None
    if note and note.get("code") != "fold.voided":
        without = words.status[0].text if words.status else None
    lines = [{"text": line.text, "rules": line.rules} for line in words.lines]
    if row.get("now"):
        lines += [{"text": line.text, "rules": line.rules} for line in words.status[1:]]
    return {"number": row["position"], "timestamp": row["timestamp"], "kind": row["kind"],
            "characters": row["characters"], "headline": words.headline, "lines": lines,
            "rules": words.rules, "notes": row.get("notes", []), "voided_by": words.voided_by,
            "without_effect": without}


def point(number: int, session, sheet) -> dict:
    view = character_view(sheet)
    return {"number": number, "session": session, "hp": view["hp"]["current"],
            "hp_max": view["hp"]["effective_max"], "ordinary": view["fatigue"]["ordinary"],
            "wound": view["fatigue"]["wound"], "magic": view["fatigue"]["magic"],
            "con": con_current(sheet)}


def chronicle(state: CampaignState, sessions: list[dict], rows: list[dict],
              facts: list[tuple[int, dict]], checkpoint: dict | None) -> dict:
    ends = {s["end"] if s["end"] is not None else state.position: s["number"] for s in sessions}
    session_of = {row["position"]: row["session"] for row in rows}
    series: dict[str, list[dict]] = {}
    last: dict[str, object] = {}
    party_at: dict[int, list[dict]] = {}
    for number, _fact, folded, _result, _note in fold_history(facts, voids=effective_voids(facts)):
        for key, sheet in folded.characters.items():
            if last.get(key) is sheet:
                continue
            last[key] = sheet
            now = point(number, session_of.get(number), sheet)
            points = series.setdefault(sheet.name, [])
            if not points or {k: v for k, v in points[-1].items() if k not in ("number", "session")} != \
                    {k: v for k, v in now.items() if k not in ("number", "session")}:
                points.append(now)
        if number in ends:
            party_at[ends[number]] = [card(character_view(s)) for s in folded.characters.values()]
    grouped: list[dict] = []
    titles = {s["number"]: s for s in sessions}
    for row in rows:
        number = row["session"]
        if not grouped or grouped[-1]["number"] != number:
            info = titles.get(number, {})
            grouped.append({"number": number, "title": info.get("title"),
                            "start": info.get("start"), "end": info.get("end"), "entries": [],
                            "party_at_end": party_at.get(number, []) if number is not None else []})
        grouped[-1]["entries"].append(entry_data(row))
    cited = sorted({r for s in grouped for e in s["entries"]
                    for r in e["rules"] + [x for line in e["lines"] for x in line["rules"]]})
    from i18n.tables.rules import rule_text

    return {"lang": current(), "campaign": state.name,
            "exported_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "checkpoint": checkpoint, "characters": [s.name for s in state.characters.values()],
            "party": [card(character_view(s)) for s in state.characters.values()],
            "sessions": grouped, "series": series,
            "rules": {rule: rule_text(rule) for rule in cited}}
