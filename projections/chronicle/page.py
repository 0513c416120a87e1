"""The chronicle page: one self-contained HTML file (no network access at all), rendered by
Jinja2 with autoescaping from `templates/page.html`, its CSS and its one script inlined.

The data (see the package docstring), each part as the page uses it:

    Card    = {"name", "hp": {"current", "max", "effective_max"}, "condition",
               "condition_text", "death_saves": {"successes", "failures"},
               "fatigue": {"total", "ordinary", "wound", "magic"},
               "wounds": [{"cause", "formula", "roll", "rests_remaining", "rests_total",
                           "treated"}],
               "constitution": {"base", "improvements", "lost", "current"},
               "wilderness_days"}
    Session = {"number": int | None, "title", "start", "end", "entries": [Entry],
               "party_at_end": [Card]}
    Entry   = {"number", "timestamp", "kind", "characters": [name], "headline",
               "lines": [{"text", "rules": [id]}], "rules": [id],
               "notes": [{"number", "text"}], "voided_by": int | None,
               "without_effect": str | None}
    Point   = {"number", "session", "hp", "hp_max", "ordinary", "wound", "magic", "con"}

Scale: past `lazy_after` entries, the entries of the closed sessions travel as JSON (escaped
for a script context) and the script builds them when a session is opened; the filter and
the search read that data, not only the page. A chart of more than `summary_after` points is
summarised per session (its figures at each session's end, and the lowest and highest HP in
it), so a long campaign never draws a barcode.

Every piece of user text (names, causes, notes, titles) reaches the page through Jinja's
autoescaping or the script's `textContent`: it is text, never markup. The Content Security
Policy allows nothing remote, the page's own style and script only by their hashes.
"""

import base64
import bisect
import hashlib
import json
import re
from pathlib import Path

import jinja2
from markupsafe import Markup, escape

import i18n
from i18n import NN_
from i18n.tables.rules import RULE_TEXTS, rule_sort_key

from .common import entry_rules, glossary, session_label, speaking, utc_text

TEMPLATES = Path(__file__).resolve().parent / "templates"
LAZY_AFTER = 1500     # entries in the page beyond which closed sessions are built on opening
SUMMARY_AFTER = 300   # points beyond which a chart is summarised per session
FATIGUE_LEVELS = 6    # fatigue 6 is death (BASE-FATIGUE)
SOURCES = ("ordinary", "wound", "magic")


def _gettext(message: str) -> str:
    return i18n._(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return i18n.ngettext(singular, plural, n)


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
        extensions=["jinja2.ext.i18n"], undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True)
    env.policies["ext.i18n.trimmed"] = True  # as Babel extracts them (i18n/catalogues.py)
    env.install_gettext_callables(_gettext, _ngettext, newstyle=True)
    return env


ENV = environment()


def asset(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")


def csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def script_json(value) -> Markup:
    """JSON safe inside a <script> element: no `<`, `>`, `&` or line separator raw."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, code in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                       ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, code)
    return Markup(text)


def name_token(name: str) -> str:
    """A name as one token of `data-character` (space-separated): its own spaces become
    no-break spaces, so `[data-character~="…"]` still finds a name with spaces."""
    return re.sub(r"\s+", "\u00a0", str(name).strip())


class Rules:
    """The rule links of the page; every id linked is in the glossary at its end."""

    def __init__(self):
        self.used: dict[str, None] = {}

    def add(self, ids) -> list[str]:
        for rule in ids:
            self.used.setdefault(rule, None)
        return list(ids)

    def link(self, rule: str) -> Markup:
        self.used.setdefault(rule, None)
        return Markup('<a class="rule" href="#rule-{0}">{0}</a>').format(rule)

    def glossary(self, given: dict | None) -> list[tuple[str, Markup]]:
        """(id, text) of every rule linked, and of every rule their texts cite in turn, each
        text with its own citations linked."""
        known = set(RULE_TEXTS) | set(given or {})
        pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, known), key=len, reverse=True)) + r")\b") \
            if known else None
        done: dict[str, Markup] = {}
        todo = list(self.used)
        while todo:
            rule = todo.pop()
            if rule in done:
                continue
            [(_, text)] = glossary([rule], given)
            parts, at = [], 0
            for match in (pattern.finditer(text) if pattern and text else ()):
                parts += [escape(text[at:match.start()]), self.link(match.group(1))]
                todo.append(match.group(1))
                at = match.end()
            done[rule] = Markup("").join(parts + [escape(text[at:])])
        return [(rule, done[rule]) for rule in sorted(done, key=rule_sort_key)]


# -- the view the template reads -----------------------------------------------------------
def card_view(card: dict) -> dict:
    hp = card.get("hp") or {}
    current, top = int(hp.get("current", 0)), int(hp.get("max", 0))
    effective = int(hp.get("effective_max", top) or top)
    fatigue = card.get("fatigue") or {}
    cells = [source for source in SOURCES for _ in range(int(fatigue.get(source, 0) or 0))]
    cells = (cells + [""] * FATIGUE_LEVELS)[:FATIGUE_LEVELS]
    wounds = [{**w, "head": i == 0} for i, w in enumerate(card.get("wounds") or [])]
    return {**card, "hp_current": current, "hp_max": top, "hp_effective": effective,
            "hp_pct": round(100 * max(0, min(current, effective)) / effective, 1) if effective else 0,
            "fatigue_cells": cells, "fatigue_total": int(fatigue.get("total", 0) or 0),
            "wounds": wounds, "con": card.get("constitution") or {},
            "saves": card.get("death_saves") or {"successes": 0, "failures": 0}}


def back_links(sessions: list[dict]) -> dict[int, dict]:
    """What points back at a command: the corrections that voided something (`voids`) and
    the notes written about something (`note_on`), keyed by the void's or note's number."""
    links: dict[int, dict] = {}
    for session in sessions:
        for entry in session.get("entries") or []:
            if entry.get("voided_by") is not None:
                links.setdefault(entry["voided_by"], {"voids": [], "note_on": []})["voids"].append(entry["number"])
            for note in entry.get("notes") or []:
                if note.get("number") is not None:
                    links.setdefault(note["number"], {"voids": [], "note_on": []})["note_on"].append(entry["number"])
    return links


def entry_view(entry: dict, index: dict[str, int], rules: Rules, links: dict[int, dict]) -> dict:
    names = list(entry.get("characters") or [])
    line_rules = {rule for line in entry.get("lines") or [] for rule in line.get("rules") or []}
    rules.add(entry_rules(entry))
    return {
        "number": entry["number"], "timestamp": entry.get("timestamp") or "",
        "when": utc_text(entry.get("timestamp")), "kind": entry.get("kind") or "",
        "characters": names, "data_character": " ".join(name_token(n) for n in names),
        "ci": " ".join(str(index[n]) for n in names if n in index),
        "headline": entry.get("headline") or "",
        "lines": [{"text": line.get("text") or "", "rules": list(line.get("rules") or [])}
                  for line in entry.get("lines") or []],
        "rules_extra": [r for r in dict.fromkeys(entry.get("rules") or []) if r not in line_rules],
        "notes": list(entry.get("notes") or []),
        "voided_by": entry.get("voided_by"), "without_effect": entry.get("without_effect"),
        **links.get(entry["number"], {"voids": [], "note_on": []}),
    }


def entry_row(e: dict) -> list:
    """An entry as the script builds it (lazy sessions): a compact array."""
    return [e["number"], e["timestamp"], [int(i) for i in e["ci"].split()] if e["ci"] else [],
            e["headline"], [[line["text"], line["rules"]] for line in e["lines"]],
            e["rules_extra"], [[n.get("number"), n.get("text") or ""] for n in e["notes"]],
            e["voided_by"], e["without_effect"], e["voids"], e["note_on"]]


def latest_open(sessions: list[dict]) -> set[int]:
    """The sessions open when the page opens: the latest numbered one, and any commands
    recorded outside sessions after it."""
    numbered = [i for i, s in enumerate(sessions) if s.get("number") is not None]
    first = numbered[-1] if numbered else len(sessions) - 1
    return set(range(max(first, 0), len(sessions)))


def roster(data: dict) -> list[str]:
    """The filter's names: the roster, then anyone else an entry names, in order of appearance."""
    names = list(dict.fromkeys(data.get("characters") or []))
    seen = set(names)
    for session in data.get("sessions") or []:
        for entry in session.get("entries") or []:
            for name in entry.get("characters") or []:
                if name not in seen:
                    seen.add(name)
                    names.append(name)
    return names


def session_views(data: dict, index: dict[str, int], rules: Rules, lazy_after: int) -> list[dict]:
    sessions = data.get("sessions") or []
    opened = latest_open(sessions)
    total = sum(len(s.get("entries") or []) for s in sessions)
    links = back_links(sessions)
    views = []
    for i, session in enumerate(sessions):
        entries = [entry_view(e, index, rules, links) for e in session.get("entries") or []]
        numbers = [e["number"] for e in entries]
        start = session.get("start") if session.get("start") is not None else (min(numbers) if numbers else None)
        end = session.get("end")
        if end is None and session.get("number") is None and numbers:
            end = max(numbers)
        lazy = total > lazy_after and i not in opened
        views.append({
            "id": f"s{i}", "index": i, "number": session.get("number"),
            "title": session.get("title"), "label": session_label(session),
            "start": start, "end": end, "in_progress": session.get("number") is not None and end is None,
            "first": min(numbers) if numbers else start, "last": max(numbers) if numbers else end,
            "count": len(entries), "open": i in opened, "lazy": lazy, "numbers": numbers,
            "entries": [] if lazy else entries, "rows": [entry_row(e) for e in entries] if lazy else None,
            "since": utc_text(entries[0]["timestamp"]) if entries else "",
            "party_at_end": [card_view(c) for c in session.get("party_at_end") or []],
        })
    return views


def session_finder(sessions: list[dict]):
    """number -> the index of the session holding that command (-1: before any)."""
    table = {n: s["index"] for s in sessions for n in s["numbers"]}
    starts = sorted((s["first"], s["index"]) for s in sessions if s["first"] is not None)
    keys = [first for first, _ in starts]

    def find(number: int) -> int:
        if number in table:
            return table[number]
        at = bisect.bisect_right(keys, number) - 1
        return starts[at][1] if at >= 0 else -1

    return find


def point_row(p: dict, sidx: int) -> list:
    return [p["number"], sidx, p.get("hp", 0), p.get("hp_max", 0), p.get("ordinary", 0),
            p.get("wound", 0), p.get("magic", 0), p.get("con", 0)]


def summarise(rows: list[list]) -> list[list]:
    """One point per run of points in the same session: the figures at its last command, the
    lowest and highest HP in it, and the number of its first command."""
    out: list[list] = []
    for row in rows:
        if out and out[-1][1] == row[1]:
            last = out[-1]
            low, high, first = min(last[8], row[2]), max(last[9], row[2]), last[10]
            out[-1] = row[:8] + [low, high, first]
        else:
            out.append(row[:8] + [row[2], row[2], row[0]])
    return out


def chart_views(data: dict, sessions: list[dict], index: dict[str, int], summary_after: int) -> list[dict]:
    find = session_finder(sessions)
    series = data.get("series") or {}
    charts = []
    for name in index:
        points = series.get(name)
        if points is None:
            continue
        rows = [point_row(p, find(p["number"])) for p in points]
        summary = len(rows) > summary_after
        charts.append({"name": name, "ci": index[name], "raw": len(rows), "summary": summary,
                       "points": summarise(rows) if summary else rows})
    return charts


def x_range(sessions: list[dict], data: dict) -> tuple[int, int]:
    numbers = [n for s in sessions for n in (s["first"], s["last"], s["start"], s["end"]) if n is not None]
    numbers += [p["number"] for points in (data.get("series") or {}).values() for p in points[:1] + points[-1:]]
    checkpoint = data.get("checkpoint") or {}
    if checkpoint.get("number") is not None:
        numbers.append(checkpoint["number"])
    return (min(numbers), max(numbers)) if numbers else (0, 1)


def labels() -> dict:
    """The words the script writes (charts, counts), in the page's language."""
    _, ngettext = i18n._, i18n.ngettext

    def plural(forms):
        return {"one": ngettext(*forms, 1), "other": ngettext(*forms, 2)}

    return {
        "hp": _("HP"), "hpMax": _("HP maximum"), "fatigue": _("Fatigue"),
        "ordinary": _("ordinary"), "wound": _("wound"), "magic": _("magic"),
        "con": _("Constitution"), "conShort": _("CON"), "command": _("command number"),
        "sessionShort": _("S{number}"), "outside": _("Outside sessions"),
        "sessionEnd": _("at the end of the session, command #{number}"),
        "hpRange": _("HP from {low} to {high} during the session"),
        "death": _("6: death"), "showInLog": _("Show in the log"),
        "voidedBy": _("Voided by"), "voids": _("Voids"), "noteOn": _("Note on"), "note": _("Note"), "withoutEffect": _("Without effect:"),
        "shownOf": _("of {total}"),
        "matching": plural(NN_("%(num)d matching entry", "%(num)d matching entries")),
        "noMatch": _("No entry matches."),
        "entries": plural(NN_("%(num)d entry", "%(num)d entries")),
        "fatigueValue": _("fatigue {total} (ordinary {ordinary}, wound {wound}, magic {magic})"),
    }


def render_html(data: dict, *, lazy_after: int = LAZY_AFTER, summary_after: int = SUMMARY_AFTER) -> str:
    """The chronicle page of `data`, in `data["lang"]`."""
    with speaking(data.get("lang")):
        return _render(data, lazy_after, summary_after)


def _render(data: dict, lazy_after: int, summary_after: int) -> str:
    names = roster(data)
    index = {name: i for i, name in enumerate(names)}
    rules = Rules()
    sessions = session_views(data, index, rules, lazy_after)
    charts = chart_views(data, sessions, index, summary_after)
    xmin, xmax = x_range(sessions, data)
    script, style = asset("chronicle.js"), asset("chronicle.css")
    payload = {
        "lang": data.get("lang") or i18n.current(), "names": names,
        "tokens": [name_token(n) for n in names], "labels": labels(), "xmin": xmin, "xmax": xmax,
        "sessions": [{"id": s["id"], "n": s["number"], "title": s["title"], "label": s["label"],
                      "start": s["start"], "end": s["end"], "first": s["first"], "last": s["last"],
                      "count": s["count"], "lazy": s["lazy"], "rows": s["rows"]} for s in sessions],
        "charts": charts,
    }
    page = ENV.get_template("page.html")
    total = sum(s["count"] for s in sessions)
    html = page.render(
        data=data, lang=payload["lang"], campaign=data.get("campaign") or "", names=names,
        party=[card_view(c) for c in data.get("party") or []], sessions=sessions,
        charts=charts, total=total, rule=rules.link, exported=utc_text(data.get("exported_at")),
        exported_iso=data.get("exported_at") or "", checkpoint=data.get("checkpoint"),
        payload=script_json(payload), script=Markup(script), style=Markup(style),
        glossary=lambda: rules.glossary(data.get("rules")),
        csp=Markup(f"default-src 'none'; style-src {csp_hash(style)}; script-src {csp_hash(script)}; "
                   "img-src data:; base-uri 'none'; form-action 'none'"),
    )
    return html if html.endswith("\n") else html + "\n"  # Jinja drops the template's last newline
