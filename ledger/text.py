"""Clean text at the edge: what a name, a cause, a title or a note may hold.

The same checks for the command line, a YAML script and a JSONL restore: valid UTF-8, NFC
form, no control characters (NUL, newlines, terminal escapes), no bidirectional overrides,
and for names nothing invisible (zero-width spaces would make a second "Arin"); lengths
limited. Refusals are BadValue codes (exit 2).
"""

import unicodedata
from functools import lru_cache

from .rules.errors import BadValue

LIMITS = {"name": 40, "text": 200, "title": 120, "reason": 300, "note": 1000, "campaign": 120}

# bidirectional embeddings, overrides and isolates, marks: they reorder what a reader sees
BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def _code_point(char: str) -> str:
    return f"U+{ord(char):04X}"


def clean(value, what: str, limit: str = "text") -> str:
    """The text as it will be recorded, or BadValue naming what is wrong with it."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise BadValue("text.not_text", None, what=what)
    return _clean(str(value), what, limit)


@lru_cache(maxsize=4096)
def _clean(text: str, what: str, limit: str) -> str:
    """(cached: a long script names the same few characters and causes over and over; a
    refusal is an exception, never cached)"""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadValue("text.not_utf8", None, what=what) from None
    text = unicodedata.normalize("NFC", text)
    for char in text:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs") or char in BIDI:
            raise BadValue("text.control", None, what=what, char=_code_point(char))
        if limit == "name" and (category in ("Cf", "Co", "Cn", "Zl", "Zp")
                                or (category == "Zs" and char != " ")):
            raise BadValue("text.invisible", None, what=what, char=_code_point(char))
    text = text.strip()
    if limit == "name":
        text = " ".join(text.split())
    if not text:
        raise BadValue("text.empty", None, what=what)
    most = LIMITS[limit]
    if len(text) > most:
        raise BadValue("text.too_long", None, what=what, length=len(text), most=most)
    return text
