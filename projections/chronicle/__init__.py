"""The chronicle: the campaign as one self-contained page (`pangee export --format html`) and as
Markdown, rendered from a data dict the core builds from the ledger.

    from projections.chronicle import render_html, render_markdown
    page = render_html(data)          # str: one HTML page, no network access at all
    text = render_markdown(data)      # str: the same content as Markdown

`data` (every text already in the page's language; ids are language-neutral):

    {"lang": "fr" | "en", "campaign": str, "exported_at": ISO UTC,
     "checkpoint": {"number": int, "token": str} | None,
     "characters": [name, ...],                        # roster order (the filter's options)
     "party": [Card, ...],                             # as the campaign stands now
     "sessions": [Session, ...],                       # in order; number None: outside sessions
     "series": {name: [Point, ...]},                   # per character, one point per change
     "rules": {rule_id: text}}                         # ids missing here: i18n.tables.rules

Card, Session, Entry and Point are described in `page.py`. Template labels are English msgids
translated through pangee's gettext catalogues (`i18n._`, `i18n.ngettext`), in `data["lang"]`.
"""

from .markdown import render_markdown
from .page import render_html

__all__ = ["render_html", "render_markdown"]
