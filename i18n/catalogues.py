"""Keeping the gettext catalogues in step with the sources (a developer's tool, and the
completeness test's reference).

    .venv/bin/python -m i18n.catalogues          # extract, then update fr and en .po files

Messages are extracted with Babel from pangee's own packages (`_`, `ngettext`, the `N_` and
`NN_` markers of the code tables), its Jinja templates, and click's sources (click marks its
own messages for the default gettext domain, which pangee makes its own). New msgids are
added to both catalogues: the English one gets the msgid itself (the source text is
English), the French one an empty msgstr until it is translated; obsolete ones are dropped.
"""

import os
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "i18n" / "locale"
PACKAGES = ("ledger", "projections", "cli", "i18n")
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NN_": (1, 2)}
METHODS = [("**.py", "python"), ("**/templates/**.html", "jinja2"), ("**/templates/**.js", "ignore")]
OPTIONS = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}


def click_dir() -> str:
    import click

    return os.path.dirname(click.__file__)


def extract() -> Catalog:
    """Every message the program can show, pangee's and click's, in one catalogue."""
    catalog = Catalog(project="pangee", charset="utf-8")
    sources = [(ROOT / p, p) for p in PACKAGES] + [(Path(click_dir()), "click")]
    for folder, label in sources:
        for filename, lineno, message, comments, context in extract_from_dir(
                str(folder), METHODS, OPTIONS, KEYWORDS, strip_comment_tags=True):
            if filename.startswith("catalogues"):
                continue
            catalog.add(message, None, [(f"{label}/{filename}", lineno)],
                        auto_comments=comments, context=context)
    return catalog


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "pangee.po"


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang)


def update(lang: str, template: Catalog) -> tuple[int, int]:
    """Bring one catalogue in step with `template`; returns (added, dropped)."""
    catalog = read(lang)
    known = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
    wanted = {m.id if isinstance(m.id, str) else m.id[0]: m for m in template if m.id}
    added = dropped = 0
    for key, message in wanted.items():
        old = known.get(key)
        if old is not None and isinstance(old.id, tuple) == isinstance(message.id, tuple):
            old.locations = message.locations
            continue
        if old is not None:  # became (or stopped being) a plural: translate it again
            catalog.delete(old.id, context=old.context)
            del known[key]
        string = message.id if lang == "en" else ("" if isinstance(message.id, str)
                                                   else ("", ""))
        catalog.add(message.id, string, message.locations, context=message.context)
        added += 1
    for key, message in list(known.items()):
        if key not in wanted:
            catalog.delete(message.id, context=message.context)
            dropped += 1
    with po_path(lang).open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=False, include_previous=False,
                 omit_header=False)
    return added, dropped


def main() -> int:
    template = extract()
    for lang in ("fr", "en"):
        added, dropped = update(lang, template)
        print(f"{lang}: {added} added, {dropped} dropped ({po_path(lang)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
