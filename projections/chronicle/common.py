"""What the HTML page and the Markdown text share: the language they are written in, session
headings, times, and the rule texts behind the ids they cite."""

from contextlib import contextmanager
from datetime import datetime, timezone

from i18n import LANGUAGES, _, current, use
from i18n.tables.rules import rule_sort_key, rule_text


@contextmanager
def speaking(lang: str | None):
    """Render in `lang` (the data's language), then speak as before."""
    before = current()
    if lang in LANGUAGES and lang != before:
        use(lang)
    try:
        yield
    finally:
        if current() != before:
            use(before)


def parse_time(iso: str | None) -> datetime | None:
    if not iso:
        return None
    try:
        moment = datetime.fromisoformat(str(iso))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def utc_text(iso: str | None) -> str:
    """`2026-11-30 13:17 UTC` (what the page shows before its script localises the time)."""
    moment = parse_time(iso)
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else (str(iso) if iso else "")


def session_label(session: dict) -> str:
    number, title = session.get("number"), session.get("title")
    if number is None:
        return _("Outside sessions")
    if title:
        return _("Session {number} — {title}").format(number=number, title=title)
    return _("Session {number}").format(number=number)


def entry_rules(entry: dict) -> list[str]:
    """Every rule id an entry cites (its own list, then its lines'), once each, in order."""
    seen: dict[str, None] = {}
    for rule in entry.get("rules") or []:
        seen.setdefault(rule, None)
    for line in entry.get("lines") or []:
        for rule in line.get("rules") or []:
            seen.setdefault(rule, None)
    return list(seen)


def glossary(ids, given: dict | None) -> list[tuple[str, str]]:
    """(id, text) for each id, in the order of RULES.md; the data's text first, else the
    table's, else "" (an id RULES.md does not define)."""
    given = given or {}
    return [(rule, given.get(rule) or rule_text(rule)) for rule in sorted(set(ids), key=rule_sort_key)]
