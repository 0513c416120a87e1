"""The chronicle as Markdown: the party as it stands, then per session a section with its log
(each entry `**#N**`, its headline and consequences with their rule ids, voided entries struck
through with the voiding command's number, notes) and the party's state at its end, then the
rules cited. Every piece of user text is made inert (`md_text`)."""

import re

from i18n import _, ngettext

from .common import entry_rules, glossary, session_label, speaking, utc_text

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~!]|&(?=#?\w+;))")
_LIST_START = re.compile(r"^(\d+)([.)])|^([-+=])")


def md_text(text) -> str:
    """User text made inert in Markdown, on one line: punctuation with a meaning (and raw
    HTML, entities) escaped, and a leading list marker too (it follows a `- ` of ours)."""
    flat = " ".join(str("" if text is None else text).split())
    flat = _MD_SPECIAL.sub(r"\\\1", flat)
    return _LIST_START.sub(lambda m: (f"{m.group(1)}\\{m.group(2)}" if m.group(1) else f"\\{m.group(3)}"), flat)


def _rules(ids) -> str:
    return f" — {', '.join(ids)}" if ids else ""


def party_table(cards: list[dict]) -> list[str]:
    head = [_("Character"), _("HP"), _("Condition"), _("Fatigue (ordinary / wound / magic)"),
            _("Wounds (long rests to go)"), _("Constitution")]
    out = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for card in cards:
        hp, fatigue = card.get("hp") or {}, card.get("fatigue") or {}
        wounds = "; ".join(f"{md_text(w.get('cause'))} ({w.get('rests_remaining')}/{w.get('rests_total')})"
                           for w in card.get("wounds") or []) or "—"
        cells = [md_text(card.get("name")),
                 f"{hp.get('current', 0)} / {hp.get('effective_max', hp.get('max', 0))}",
                 md_text(card.get("condition_text") or card.get("condition") or ""),
                 f"{fatigue.get('total', 0)} ({fatigue.get('ordinary', 0)} / {fatigue.get('wound', 0)}"
                 f" / {fatigue.get('magic', 0)})",
                 wounds, str((card.get("constitution") or {}).get("current", ""))]
        out.append("| " + " | ".join(cells) + " |")
    return out


def entry_lines(entry: dict) -> list[str]:
    line_rules = {r for line in entry.get("lines") or [] for r in line.get("rules") or []}
    extra = [r for r in dict.fromkeys(entry.get("rules") or []) if r not in line_rules]
    voided = entry.get("voided_by") is not None
    head = f"**#{entry['number']}** {md_text(entry.get('headline'))}".rstrip()
    out = [f"- {'~~' + head + '~~' if voided else head}{_rules(extra)}"]
    for line in entry.get("lines") or []:
        text = md_text(line.get("text"))
        out.append(f"  - {'~~' + text + '~~' if voided and text else text}{_rules(line.get('rules') or [])}")
    if voided:
        out.append(f"  - _{_('Voided by')} #{entry['voided_by']}_")
    if entry.get("without_effect"):
        out.append("  - _" + _("Without effect:") + " " + md_text(entry["without_effect"]) + "_")
    for note in entry.get("notes") or []:
        out.append("  - " + _("Note #{number}: {text}").format(number=note.get("number"),
                                                                 text=md_text(note.get("text"))))
    return out


def render_markdown(data: dict) -> str:
    """The chronicle of `data` as Markdown, in `data["lang"]`."""
    with speaking(data.get("lang")):
        return _render(data)


def _render(data: dict) -> str:
    sessions = data.get("sessions") or []
    total = sum(len(s.get("entries") or []) for s in sessions)
    numbered = sum(1 for s in sessions if s.get("number") is not None)
    out = [f"# {md_text(data.get('campaign') or '')}", ""]
    facts = [ngettext("%(num)d command", "%(num)d commands", total) % {"num": total},
             ngettext("%(num)d session", "%(num)d sessions", numbered) % {"num": numbered},
             _("exported") + " " + utc_text(data.get("exported_at"))]
    out.append(_("Campaign chronicle") + " · " + " · ".join(facts))
    checkpoint = data.get("checkpoint")
    if checkpoint:
        token = str(checkpoint.get("token"))
        token = f"`{token}`" if re.fullmatch(r"[\w.-]+", token) else md_text(token)
        covers = _("covers the log up to command #%(number)s") % {"number": checkpoint.get("number")}
        out += ["", f"{_('Checkpoint')} {token} — {covers}"]
    out += ["", f"## {_('The party')}", ""]
    out += party_table(data.get("party") or []) if data.get("party") else [_("No character yet.")]
    used: list[str] = []
    for session in sessions:
        entries = session.get("entries") or []
        out += ["", f"## {md_text(session_label(session))}", ""]
        numbers = [e["number"] for e in entries]
        start = session.get("start") if session.get("start") is not None else (min(numbers) if numbers else None)
        end = session.get("end") if session.get("end") is not None else (
            max(numbers) if numbers and session.get("number") is None else None)
        if start is None:
            span = ""
        elif end is None:
            span = f"#{start}– ({_('in progress')})"
        else:
            span = f"#{start}" if end == start else f"#{start}–#{end}"
        count = ngettext("%(num)d entry", "%(num)d entries", len(entries)) % {"num": len(entries)}
        out += [f"_{' · '.join(part for part in (span, count) if part)}_", ""]
        for entry in entries:
            out += entry_lines(entry)
            used += entry_rules(entry)
        if session.get("party_at_end"):
            heading = (_("The party at the end of this session") if session.get("number") is not None
                       else _("The party after these commands"))
            out += ["", f"### {heading}", ""] + party_table(session["party_at_end"])
    rules = glossary(used, data.get("rules"))
    if rules:
        out += ["", f"## {_('Rules')}", ""]
        out += [f"- **{rule}** — {md_text(text) if text else _('No text is known for this rule id.')}"
                for rule, text in rules]
    return "\n".join(out) + "\n"
