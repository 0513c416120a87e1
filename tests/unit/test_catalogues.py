"""The gettext catalogues are complete, faithful and compiled.

Every message the program can show (pangee's `_`, `ngettext`, `N_`/`NN_` markers and Jinja
templates, and click's own messages: `i18n.catalogues.extract()`) has a translation in both
`i18n/locale/{fr,en}/LC_MESSAGES/pangee.po`; each translation keeps its msgid's placeholders;
the compiled `.mo` files say what the `.po` files say; French never writes "(s)" or "(x)";
every code of the code tables renders in both languages.

When a message is added to the sources, this test fails with the list of what is missing.
The fix:

    .venv/bin/python -m i18n.catalogues               # adds the new msgids to both .po files
    # translate the empty msgstr of i18n/locale/fr/LC_MESSAGES/pangee.po (docs/GLOSSAIRE.md)
    .venv/bin/pip install -q -e '.[postgres,test]'    # compiles the .mo files
"""

import functools
import re
import string

import pytest
from babel.messages.mofile import read_mo

import i18n
from i18n import catalogues
from i18n.render import messages, render, term, terms

LANGS = ("fr", "en")
FIX = ("run `.venv/bin/python -m i18n.catalogues`, translate the empty msgstr of "
       "i18n/locale/fr/LC_MESSAGES/pangee.po (vocabulary: docs/GLOSSAIRE.md), then "
       "`.venv/bin/pip install -q -e '.[postgres,test]'` to compile")


def key(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


@functools.lru_cache(maxsize=1)
def extracted() -> dict:
    """msgid (the singular for a plural pair) -> the extracted message."""
    return {key(m): m for m in catalogues.extract() if m.id}


@functools.lru_cache(maxsize=None)
def po(lang: str):
    return catalogues.read(lang)


def po_messages(lang: str) -> dict:
    return {key(m): m for m in po(lang) if m.id}


def forms(message) -> list[tuple[str, str]]:
    """(source text, translation) pairs: one for a plain message, one per plural form
    (French and English both have two forms: the singular msgid for n ≤ 1, the plural
    msgid otherwise)."""
    if isinstance(message.id, str):
        return [(message.id, message.string or "")]
    strings = tuple(message.string or ())
    strings += ("",) * (len(message.id) - len(strings))
    return list(zip(message.id, strings))


def show(msgid: str) -> str:
    return repr(msgid if len(msgid) <= 110 else msgid[:107] + "...")


# -- (a) complete: every extracted msgid translated, nothing obsolete or fuzzy -------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang):
    have = po_messages(lang)
    absent, untranslated = [], []
    for msgid, wanted in extracted().items():
        message = have.get(msgid)
        if message is None:
            absent.append(msgid)
        elif (not isinstance(wanted.id, str)) != (not isinstance(message.id, str)) or (
                not isinstance(wanted.id, str) and tuple(wanted.id) != tuple(message.id)):
            untranslated.append(f"{show(msgid)} (its plural form changed)")
        elif any(not text.strip() for _, text in forms(message)):
            untranslated.append(show(msgid))
    problems = [f"not in the catalogue: {show(m)}" for m in absent] + [
        f"no translation: {m}" for m in untranslated]
    assert not problems, (f"{len(problems)} message(s) of {lang}.po missing ({FIX}):\n  "
                          + "\n  ".join(problems))


@pytest.mark.parametrize("lang", LANGS)
def test_no_obsolete_or_fuzzy_entry(lang):
    catalog = po(lang)
    wanted = extracted()
    stale = [show(msgid) for msgid in po_messages(lang) if msgid not in wanted]
    fuzzy = [show(key(m)) for m in catalog if m.id and m.fuzzy]
    obsolete = [show(msgid if isinstance(msgid, str) else msgid[0])
                for msgid in catalog.obsolete]
    assert not (stale or fuzzy or obsolete), (
        f"{lang}.po: {len(stale)} msgid(s) no source uses any more, {len(fuzzy)} fuzzy, "
        f"{len(obsolete)} obsolete (#~) ({FIX}):\n  "
        + "\n  ".join([f"unused: {m}" for m in stale] + [f"fuzzy: {m}" for m in fuzzy]
                      + [f"obsolete: {m}" for m in obsolete]))


def test_plural_rules():
    assert po("fr").plural_expr.replace(" ", "") == "(n>1)" and po("fr").num_plurals == 2
    assert po("en").num_plurals == 2


def test_english_says_the_msgid():
    """The msgids are the English texts: the English catalogue repeats them."""
    differing = [show(msgid) for msgid, message in po_messages("en").items()
                 if any(text != source for source, text in forms(message))]
    assert not differing, "en.po translations that differ from their msgid:\n  " + \
        "\n  ".join(differing)


# -- (b) faithful: the same placeholders -----------------------------------------------------

BRACE = re.compile(r"\{[^{}]*\}")
PERCENT = re.compile(r"%\(\w+\)[a-z]")


def placeholders(text: str) -> set[str]:
    """`{name}`, `{name!r}`, `{name:>3}` (escaped `{{ }}` aside) and `%(name)s` fields."""
    unescaped = text.replace("{{", "").replace("}}", "")
    return set(BRACE.findall(unescaped)) | set(PERCENT.findall(text))


def formats_cleanly(text: str) -> bool:
    try:
        list(string.Formatter().parse(text))
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_their_placeholders(lang):
    wrong = []
    for msgid, message in po_messages(lang).items():
        for source, text in forms(message):
            if not text:
                continue  # reported by test_every_message_is_translated
            if placeholders(source) != placeholders(text):
                wrong.append(f"{show(source)}: {sorted(placeholders(source))} != "
                             f"{sorted(placeholders(text))} in {text!r}")
            elif formats_cleanly(source) and not formats_cleanly(text):
                wrong.append(f"{show(source)}: unbalanced braces in {text!r}")
    assert not wrong, f"{lang}.po translations that change their placeholders:\n  " + \
        "\n  ".join(wrong)


# -- (c) compiled: the .mo files are those of today's .po files --------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalogue_is_up_to_date(lang):
    mo_path = catalogues.po_path(lang).with_suffix(".mo")
    assert mo_path.exists(), f"{mo_path} is missing: {FIX}"
    with mo_path.open("rb") as handle:
        compiled = {key(m): m for m in read_mo(handle) if m.id}
    stale = []
    for msgid, message in po_messages(lang).items():
        binary = compiled.get(msgid)
        if binary is None:
            stale.append(f"missing: {show(msgid)}")
            continue
        source = [text for _, text in forms(message)]
        built = [text for _, text in forms(binary)]
        if source != built:
            stale.append(f"differs: {show(msgid)}")
    extra = [show(msgid) for msgid in compiled if msgid not in po_messages(lang)]
    stale += [f"only in the .mo: {m}" for m in extra]
    assert not stale, (f"{mo_path.name} of {lang} is stale ({len(stale)} message(s)): "
                       f"reinstall (`.venv/bin/pip install -q -e '.[postgres,test]'` or "
                       f"`bash bin/setup`):\n  " + "\n  ".join(stale[:40]))


@pytest.mark.parametrize("lang", LANGS)
def test_gettext_reads_the_compiled_catalogue(lang):
    """What the program loads (i18n.translation_for) answers as the .po says, plurals too."""
    translation = i18n.translation_for(lang)
    sample = list(po_messages(lang).values())
    wrong = []
    for message in sample:
        if isinstance(message.id, str):
            if translation.gettext(message.id) != message.string:
                wrong.append(show(message.id))
        else:
            singular, plural = message.id
            if (translation.ngettext(singular, plural, 1), translation.ngettext(singular, plural, 2)) \
                    != tuple(message.string):
                wrong.append(show(singular))
    assert not wrong, f"gettext ({lang}) disagrees with {lang}.po:\n  " + "\n  ".join(wrong[:40])


# -- (d) French plurals are real plurals --------------------------------------------------------

def test_french_never_hedges_plurals():
    hedged = [f"{show(msgid)}: {text!r}" for msgid, message in po_messages("fr").items()
              for _, text in forms(message) if "(s)" in text or "(x)" in text]
    assert not hedged, ("French messages with \"(s)\" or \"(x)\": use ngettext/NN_ and "
                        "both msgstr forms instead:\n  " + "\n  ".join(hedged))


# -- (e) every code renders in both languages --------------------------------------------------

DUMMY = {"name": "Arin", "who": "Arin", "healer": "Brune", "by": "Brune", "bonus": 5,
         "cause": "épée longue", "condition": "dying", "source": "wound", "how": "stabilized",
         "why": "long-rest", "outcome": "critical-hit", "kind": "attack", "rest": "long",
         "where": {"file": "valmorte.yaml", "line": 12}, "rules": ["WOUND-3", "MAGIC-1"]}
LEFTOVER = re.compile(r"\{[A-Za-z_]\w*\}")


def fields(template: str) -> set[str]:
    return {re.split(r"[!:.\[]", field)[0] for _, field, _, _ in string.Formatter().parse(template)
            if field}


@pytest.fixture
def language():
    """Switch languages inside a test, and give the next test the language it had."""
    before = i18n.current()
    yield i18n.use
    i18n.use(before)


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_renders(lang, language):
    language(lang)
    failures = []
    for code, entry in sorted(messages().items()):
        templates = entry[0] if isinstance(entry, tuple) else (entry,)
        names = set().union(*(fields(t) for t in templates))
        counts = (1, 2) if isinstance(entry, tuple) else (2,)
        for count in counts:
            params = {field: DUMMY.get(field, 3) for field in names}
            if isinstance(entry, tuple):
                params[entry[1]] = count
            try:
                text = render(code, params)
            except Exception as error:  # noqa: BLE001 - listed below, with the code
                failures.append(f"{code} ({count}): {type(error).__name__}: {error}")
                continue
            if not text.strip() or LEFTOVER.search(text):
                failures.append(f"{code} ({count}): {text!r}")
    assert not failures, f"codes that do not render in {lang}:\n  " + "\n  ".join(failures)


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_renders(lang, language):
    language(lang)
    missing = [f"{table}.{value}" for table, values in terms().items() for value in values
               if not term(table, value).strip()]
    assert not missing, f"terms without words in {lang}: {missing}"


def test_french_is_french(language):
    """A spot check that the French catalogue is the one in use (and says the glossary's
    words)."""
    language("fr")
    assert term("condition", "dying") == "à l’agonie"
    assert term("condition", "dead") == "mort·e"
    assert term("kind", "fatigue") == "fatigue"
    assert render("rest.long", {"name": "Arin", "before": 12, "after": 45}) == \
        "Arin prend un repos long : 12 → 45 PV"
    assert render("wound.treated", {"healer": "Brune", "name": "Arin", "wound": 1,
                                    "cause": "hache", "formula": "1d12", "d20": 14, "bonus": 5,
                                    "total": 19, "dc": 22, "before": 8, "after": 4}) == (
        "Brune soigne Arin (blessure 1, hache, 1d12) : Médecine d20 14 + 5 = 19 contre DD 22, "
        "réussite : 8 → 4 repos longs")
    language("en")
    assert term("condition", "dying") == "dying"
