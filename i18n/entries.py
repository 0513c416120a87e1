"""A log entry in words: its first line (what was done, with the numbers the rules turned
on), the consequences as indented lines with their rule ids, the GM's notes, and what later
corrections changed. Used alike by `log`, `explain`, the write commands' echo and the exports.
"""

from .render import name_of, render, term


class Line:
    """One line of words and the rule ids that decided it."""

    __slots__ = ("text", "rules")

    def __init__(self, text: str, rules: list[str] | None = None):
        self.text = text
        self.rules = list(rules or [])


class Entry:
    """A log entry in words (`status`: voided, without effect, changed since a correction)."""

    __slots__ = ("number", "headline", "rules", "lines", "notes", "status", "voided_by")

    def __init__(self, number: int, headline: str, rules: list[str], lines: list[Line],
                 notes: list[Line], status: list[Line], voided_by: int | None = None):
        self.number, self.headline, self.rules = number, headline, rules
        self.lines, self.notes, self.status, self.voided_by = lines, notes, status, voided_by


def _signed(value) -> str:
    return f"{value:+d}" if isinstance(value, int) else str(value)


def _who(fact: dict) -> str:
    return ", ".join(fact.get("who", []))


def _spell(args: dict) -> dict:
    spell = args.get("spell") or {}
    if isinstance(spell, str):
        return {"text": spell}
    return {"text": spell.get("fr") or spell.get("name") or "", "en": spell.get("en")}


def _cause(args: dict) -> dict:
    return {"text": args.get("cause", ""), "en": args.get("cause_en")}


def headline(fact: dict, result: dict | None) -> str:
    """The entry's first line (without its outcome)."""
    kind, args = fact["kind"], fact.get("args", {})
    details = (result or {}).get("details") or {}
    who = _who(fact)
    p = {"who": who, **{k: v for k, v in args.items() if not isinstance(v, (dict, list))}}
    code = f"head.{kind}"
    if kind == "character add":
        p["level"] = args.get("level") or 1
        if args.get("level") is None:
            code += ".assumed"
    elif kind == "session start":
        p["number"] = details.get("session", "?")
        if args.get("title"):
            code += ".title"
    elif kind == "session end":
        p["number"] = details.get("session", "?")
    elif kind in ("attack", "check", "save"):
        p.update(bonus=details.get("bonus", args.get("bonus", 0)),
                 total=details.get("total", "?"), margin=_signed(details.get("margin", "?")))
        extra = {"attack": "target", "check": "skill", "save": "ability"}[kind]
        if args.get(extra):
            code += f".{extra}"
    elif kind == "damage":
        p.update(cause=_cause(args), hp_before=details.get("hp_before", "?"),
                 hp_after=details.get("hp_after", "?"))
        if args.get("critical"):
            code += ".critical"
        elif args.get("dice"):
            code += ".dice"
    elif kind == "heal":
        p.update(hp_before=details.get("hp_before", "?"), hp_after=details.get("hp_after", "?"),
                 cause=_cause(args))
        if args.get("cause"):
            code += ".cause"
    elif kind == "stabilize" and args.get("by"):
        code += ".by"
    elif kind in ("treat", "tend"):
        p.update({k: details.get(k, "?") for k in ("wound", "formula", "d20", "total", "dc",
                                                     "before", "after")})
        p["cause"] = details.get("cause") or "?"
        p["bonus"] = details.get("bonus", args.get("bonus", 0))
    elif kind == "rest night":
        place = ("place.safe_calm" if args.get("safe") and args.get("calm") else
                 "place.safe" if args.get("safe") else "place.calm" if args.get("calm") else
                 "place.none")
        p["place"] = render(place)
        if args.get("watch"):
            p["place"] = render("place.watch", {"place": p["place"]})
    elif kind == "rest long" and args.get("watch"):
        code += ".watch"
    elif kind == "cast":
        p["spell"] = _spell(args)
        for flag in ("ritual", "pact", "arcanum"):
            if args.get(flag) or (flag == "arcanum" and details.get("arcanum")):
                code += f".{flag}"
                break
        text = render(code, p)
        if details.get("dc") is not None and details.get("d20") is not None:
            text += render("head.cast.save", {"d20": details["d20"],
                                              "bonus": details.get("bonus", 0),
                                              "total": details.get("total"), "dc": details["dc"]})
        if args.get("target"):
            text += render("head.cast.target", {"target": args["target"]})
        return text
    elif kind == "fatigue":
        p.update(delta=_signed(args.get("delta")), source=args.get("source", "ordinary"),
                 cause=args.get("cause"))
    elif kind == "improve" and args.get("beyond_cap"):
        code += ".beyond"
    elif kind == "void" and details.get("reinstated"):
        code += ".reinstates"
    return render(code, p)


def entry(row: dict, brief: bool = False) -> Entry:
    """A log row (projections.queries.Queries.log) in words."""
    fact, result = row["fact"], row.get("result")
    text = headline(fact, result)
    if result and result.get("outcome") and fact["kind"] not in ("void", "note"):
        text += render("line.outcome", {"outcome": result["outcome"]})
    if fact.get("rolled"):
        text += render("line.rolled", {"fields": ", ".join(fact["rolled"])})
    if fact.get("args", {}).get("foraging"):
        text += render("line.foraging")
    rules = list((result or {}).get("rules") or [])
    lines = [] if brief else effect_lines(result)
    if not brief and result:
        for name, why in (result.get("skipped") or {}).items():
            lines.append(Line(render("line.part_skipped", {"name": name, "why": why}),
                              [why.get("rule")] if why.get("rule") else []))
    status: list[Line] = []
    note, now = row.get("note"), row.get("now")
    voided_by = None
    if note and note.get("code") == "fold.voided":
        voided_by = note["params"]["by"]
        status.append(Line(render("line.voided", {"by": voided_by})))
    elif note:
        status.append(Line(render(note["code"], note.get("params"))))
    if brief:  # one line per command: what a correction did, said in brackets
        if status:
            text += render("line.brief_status", {"status": status[0].text})
        return Entry(row["position"], text, rules, [], [], [], voided_by)
    if now and not brief:
        status.append(Line(render("line.now", {"outcome": now.get("outcome") or "—"})))
        status += [Line("  " + line.text, line.rules) for line in effect_lines(now)]
        for name, why in (now.get("skipped") or {}).items():
            status.append(Line("  " + render("line.part_skipped", {"name": name, "why": why}),
                               [why.get("rule")] if why.get("rule") else []))
    notes = [Line(render("line.note", n)) for n in row.get("notes", [])]
    return Entry(row["position"], text, rules, lines, notes, status, voided_by)


# consequences the entry's first line already says in full
SAID_BY_HEADLINE = {"character.joined", "session.started", "session.ended", "void.voided",
                    "note.added"}


def effect_lines(result: dict | None) -> list[Line]:
    if not result:
        return []
    if result.get("note") is not None:
        return [Line(render(result["note"]["code"], result["note"].get("params")))]
    return [Line(render(e["code"], e.get("params")), list(e.get("rules") or []))
            for e in result.get("effects", []) if e["code"] not in SAID_BY_HEADLINE]


def session_title(number, title) -> str:
    if number is None:
        return render("section.outside")
    if title:
        return render("section.session.title", {"number": number, "title": title})
    return render("section.session", {"number": number})


__all__ = ["Entry", "Line", "entry", "headline", "effect_lines", "session_title", "name_of",
           "term"]


def local_time(stamp: str | None) -> str:
    """A stored UTC time in the reader's time zone (TZ) and date format."""
    from datetime import datetime

    from . import _

    if not stamp:
        return ""
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    return when.astimezone().strftime(_("%Y-%m-%d %H:%M"))


def entry_json(row: dict, words: Entry) -> dict:
    """A log entry as `log --json` prints it: the contract's keys, then the numbers, each
    consequence as data with its text, the notes, and what corrections changed."""
    result = row.get("result") or {}
    obj = {"position": row["position"], "session": row.get("session"),
           "timestamp": row.get("timestamp"), "characters": row["characters"],
           "kind": row["kind"], "summary": words.headline, "rules": words.rules,
           "outcome": result.get("outcome") if result else None,
           "details": result.get("details", {}) if result else {},
           "effects": [{"character": e.get("character"), "code": e["code"],
                        "params": e.get("params", {}), "text": render(e["code"], e.get("params")),
                        "rules": e.get("rules", [])} for e in result.get("effects", [])],
           "notes": row.get("notes", [])}
    if result.get("outcomes") and len(row["characters"]) > 1:
        obj["outcomes"] = result["outcomes"]
    if row.get("fact", {}).get("rolled"):
        obj["rolled"] = row["fact"]["rolled"]
    note = row.get("note")
    if note:
        obj["voided_by"] = note["params"]["by"] if note.get("code") == "fold.voided" else None
        obj["without_effect"] = {"code": note["code"], "params": note.get("params", {}),
                                 "text": render(note["code"], note.get("params"))}
    if row.get("now"):
        obj["now"] = {"outcome": row["now"].get("outcome"),
                      "effects": [{"character": e.get("character"), "code": e["code"],
                                   "params": e.get("params", {}),
                                   "text": render(e["code"], e.get("params")),
                                   "rules": e.get("rules", [])}
                                  for e in row["now"].get("effects", [])]}
    return obj
