"""Name matching: case- and accent-insensitive, apostrophes and spaces folded."""

import unicodedata
from functools import lru_cache

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'"})


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """The comparison key of a name: `Éowyn`, `eowyn` and ` EOWYN ` share one key."""
    text = unicodedata.normalize("NFKD", name.translate(_APOSTROPHES))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.casefold().split())
