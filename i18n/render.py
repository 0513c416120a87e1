"""Message codes rendered in the reader's language.

The rules, the edge checks and the read models hold codes with parameters
(`{"code": "wound.healed", "params": {"name": "Arin", "cause": …}}`); this module is where
they become words. Each table module of `i18n.tables` maps codes to English msgids (marked
with `N_`, or `NN_` plus the parameter that chooses the plural), translated through gettext
when shown. Parameters are localised by kind: catalogue names ({"fr": …, "en": …}) in the
reader's language, enumerated values (conditions, outcomes, sources…) through the terms
table, nested codes rendered in turn, user text as typed.
"""

import importlib
import pkgutil
from functools import lru_cache

from . import _, current, ngettext

# parameter name -> the terms table that names its values (i18n/tables/terms.py)
ENUMERATED = {"condition": "condition", "outcome": "outcome", "source": "source",
              "kind": "kind", "rest": "rest", "treatment": "outcome", "how": "how",
              "before_condition": "condition", "after_condition": "condition", "why": "why",
              "condition_before": "condition", "target_kind": "kind", "command_kind": "kind",
              "what": "what", "field": "field"}
NAMES = ("dying", "dead")  # lists of names said as a sentence says them: "A, B and C"


@lru_cache(maxsize=1)
def messages() -> dict:
    """Every table of every module in `i18n.tables`, merged (codes are unique)."""
    from . import tables

    merged: dict = {}
    for info in pkgutil.iter_modules(tables.__path__):
        module = importlib.import_module(f"{tables.__name__}.{info.name}")
        for code, entry in getattr(module, "MESSAGES", {}).items():
            if code in merged:
                raise AssertionError(f"message code {code} defined twice")
            merged[code] = entry
    return merged


@lru_cache(maxsize=1)
def terms() -> dict:
    from .tables.terms import TERMS

    return TERMS


def term(table: str, value) -> str:
    """An enumerated value (`dying`, `critical-hit`, `ordinary`…) in the reader's words."""
    entry = terms().get(table, {}).get(value)
    return _(entry) if entry else str(value)


def name_of(value) -> str:
    """A catalogue name in the reader's language, or the text as typed."""
    if isinstance(value, dict):
        lang = current()
        return value.get(lang) or value.get("text") or value.get("fr") or value.get("en") or ""
    return "" if value is None else str(value)


def where(value: dict) -> str:
    """Where in a file a problem stands: its line, or its session and step."""
    if value.get("step") is not None:
        return render("where.step", value)
    for key in ("line", "session", "character"):
        if value.get(key) is not None:
            return render(f"where.{key}", value)
    if value.get("campaign"):
        return render("where.campaign", value)
    return render("where.file", value)


def plus_minus(value: int) -> str:
    """A bonus added to a die: `+ 8`, `− 2`."""
    return f"+ {value}" if value >= 0 else f"− {-value}"


def localize(key: str, value) -> str:
    kind = type(value)  # the usual cases first: this runs for every parameter shown
    if kind is str:
        return term(ENUMERATED[key], value) if key in ENUMERATED else value
    if kind is int:
        return plus_minus(value) if key == "bonus" else str(value)
    if key == "bonus" and isinstance(value, int) and not isinstance(value, bool):
        return plus_minus(value)
    if key == "where" and isinstance(value, dict):
        return where(value)
    if isinstance(value, dict):
        if "code" in value:
            return render(value["code"], value.get("params") or {})
        return name_of(value)
    if key in ENUMERATED and isinstance(value, str):
        return term(ENUMERATED[key], value)
    if key == "rules" and isinstance(value, (list, tuple)):
        return ", ".join(value)
    if key in NAMES and isinstance(value, (list, tuple)) and len(value) > 1:
        return render("list.and", {"first": ", ".join(map(str, value[:-1])), "last": value[-1]})
    if isinstance(value, (list, tuple)):
        return ", ".join(localize(key, item) for item in value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return "—"
    return str(value)


class _Localized(dict):
    """Parameters as a template sees them: each value localised when it is used."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(code: str, params: dict | None = None) -> str:
    """The message of `code` with its parameters, in the current language."""
    params = params or {}
    entry = messages().get(code)
    if entry is None:  # a test keeps every code in a table; never crash on an old one
        return f"{code} {params}" if params else code
    if isinstance(entry, tuple):
        (singular, plural), count = entry
        template = ngettext(singular, plural, _count(params.get(count)))
    else:
        template = _(entry)
    values = _Localized({key: localize(key, value) for key, value in params.items()})
    return template.format_map(values)


def _count(value) -> int:
    try:
        return abs(int(value))
    except (TypeError, ValueError):
        return 2


def render_problem(problem) -> str:
    """A refusal or bad value (ledger.rules.errors.Problem) as one line."""
    return render(problem.code, problem.params)
