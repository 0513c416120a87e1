"""Consequences as data: what a rule did to whom, as a message code with parameters and the
rule ids that decided it. Words come later, in the reader's language (i18n)."""

Effect = dict  # {"character": name or None, "code": str, "params": dict, "rules": [ids]}
Effects = list[Effect]


def effect(character: str | None, code: str, rules, **params) -> Effect:
    """One consequence: `effect("Arin", "hp.damaged", ("BASE-DYING",), amount=5, …)`."""
    return {"character": character, "code": code, "params": params, "rules": list(rules)}


def named(text: str, english: str | None = None) -> dict:
    """A name as the reader should see it: a catalogue entry's English name in English,
    otherwise the canonical (French or typed) text."""
    return {"text": text, "en": english} if english else {"text": text}
