"""The chronicle's words (no browser needed): every rule id of RULES.md has its text, and every
message of the chronicle (templates, renderer, rule texts) has a French translation, in
i18n/pending/chronicle.fr.po until the core merges it into the catalogue, with the same
placeholders as its English msgid."""

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import i18n
from i18n.catalogues import KEYWORDS, METHODS, OPTIONS
from i18n.tables.rules import RULE_TEXTS, rule_sort_key, rule_text

from .conftest import FRAGMENT, ROOT, french_with_fragment

RULES_MD = Path("/work/shared/rules/RULES.md")


def chronicle_messages() -> set:
    found = set()
    for folder in ("projections/chronicle", "i18n/tables"):
        for filename, _line, message, _comments, _context in extract_from_dir(
                str(ROOT / folder), METHODS, OPTIONS, KEYWORDS):
            if folder == "i18n/tables" and not filename.startswith("rules"):
                continue
            found.add(message if isinstance(message, str) else tuple(message))
    return found


def test_every_rule_id_of_rules_md_has_its_text():
    if not RULES_MD.exists():
        pytest.skip(f"{RULES_MD} is not here")
    text = RULES_MD.read_text(encoding="utf-8")
    ids = set(re.findall(r"`((?:BASE|REST|WOUND|MAGIC|RES|CRIT|RULING)-[A-Z0-9-]+)`", text))
    ids |= set(re.findall(r"^## (FATIGUE-SOURCES)\b", text, re.M))
    assert ids - set(RULE_TEXTS) == set()
    assert set(RULE_TEXTS) - ids == set()
    assert [r for r in RULE_TEXTS if r.startswith("RULING-")] == sorted(
        (r for r in RULE_TEXTS if r.startswith("RULING-")), key=text.index)


def test_rule_texts_are_plain_text_and_in_order():
    for rule, message in RULE_TEXTS.items():
        assert "*" not in message and "`" not in message, rule
    assert sorted(["RULING-ASI", "BASE-DYING", "WOUND-3", "UNKNOWN-1"], key=rule_sort_key) == [
        "BASE-DYING", "WOUND-3", "RULING-ASI", "UNKNOWN-1"]
    assert rule_text("UNKNOWN-1") == ""


def _fields(text: str) -> set:
    brace = {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}
    return brace | set(re.findall(r"%\((\w+)\)[sd]", text))


def test_every_chronicle_message_has_its_french_with_the_same_placeholders():
    if FRAGMENT.exists():
        with open(FRAGMENT, "rb") as handle:
            fragment = read_po(handle, locale="fr")
        assert fragment.num_plurals == 2 and fragment.plural_expr == "(n > 1)"
    messages = chronicle_messages()
    assert len(messages) > len(RULE_TEXTS)
    translated = french_with_fragment()
    for message in messages:
        if isinstance(message, tuple):
            forms = [translated.ngettext(message[0], message[1], n) for n in (1, 2)]
            assert forms != list(message) or message[0].startswith("%(num)d session"), message
            for form in forms:
                assert _fields(form) == _fields(message[0]), message
        else:
            french = translated.gettext(message)
            assert french, message
            assert _fields(french) == _fields(message), message
            if message not in ("Constitution", "Fatigue", "Note", "base", "CON", "S{number}",
                               "Session {number}", "Session {number} — {title}"):
                assert french != message, message


def test_rule_text_speaks_the_readers_language(monkeypatch):
    saved = (i18n._current.lang, i18n._current.translation)
    try:
        i18n.use("en")
        assert rule_text("WOUND-3").startswith("Roll the damage die")
        i18n._current.lang, i18n._current.translation = "fr", french_with_fragment()
        assert rule_text("WOUND-3").startswith("Jeter le dé de dégâts")
        assert "acharnement" in rule_text("WOUND-1") and "Arcanum mystique" in rule_text("MAGIC-4")
        assert "DD" in rule_text("WOUND-4") and "CA" in rule_text("CRIT-2")
    finally:
        i18n._current.lang, i18n._current.translation = saved
