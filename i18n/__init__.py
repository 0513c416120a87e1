"""One language per reader: which language, and the gettext functions that speak it.

French first: `--lang fr|en` wins, then `PANGEE_LANG`, then the locale (the first of
`LC_ALL`, `LC_MESSAGES`, `LANG` that is set, when it starts with `fr` or `en`); anything else
gives French. The catalogues are the gettext `.po` files under `i18n/locale/`, compiled to
`.mo` when pangee is installed (see setup.py); msgids are the English source texts.

Click marks its own messages ("Usage:", "Options:", "No such option…") with the default
gettext domain; `use()` makes the project's domain the default one, so the same catalogues
translate them.

    from i18n import _, ngettext, N_
    use("en")
    _("Fatigue")                      # "Fatigue"
    ngettext("{n} command", "{n} commands", 3).format(n=3)
"""

import gettext as _gettext
import os

DOMAIN = "pangee"
LANGUAGES = ("fr", "en")
DEFAULT = "fr"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")


class UnknownLanguage(ValueError):
    """An unknown value of --lang or PANGEE_LANG (exit 2)."""

    def __init__(self, value: str, source: str):
        super().__init__(value)
        self.value = value
        self.source = source


def from_locale(environ) -> str | None:
    """The language the POSIX locale asks for, if it is one of ours."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = (environ.get(name) or "").strip()
        if value:
            lowered = value.lower()
            return next((lang for lang in LANGUAGES if lowered.startswith(lang)), None)
    return None


def choose(option: str | None, environ=None) -> str:
    """--lang, then PANGEE_LANG, then the locale, then French. Raises UnknownLanguage."""
    environ = os.environ if environ is None else environ
    for value, source in ((option, "--lang"), (environ.get("PANGEE_LANG"), "PANGEE_LANG")):
        if value is None or (source == "PANGEE_LANG" and not value.strip()):
            continue
        lang = value.strip().lower()
        if lang not in LANGUAGES:
            raise UnknownLanguage(value, source)
        return lang
    return from_locale(environ) or DEFAULT


class _Current:
    lang: str = ""
    translation: _gettext.NullTranslations = _gettext.NullTranslations()


_current = _Current()


def translation_for(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of `lang` (a missing one is an installation fault)."""
    try:
        return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    except OSError:
        raise RuntimeError(
            f"the {lang} message catalogue is not compiled ({LOCALE_DIR}/{lang}/LC_MESSAGES/"
            f"{DOMAIN}.mo): reinstall pangee (pip install -e . or bash bin/setup)") from None


def use(lang: str) -> None:
    """Speak `lang` from now on, click's own messages included."""
    if lang == _current.lang:
        return
    _current.translation = translation_for(lang)
    _current.lang = lang
    os.environ["LANGUAGE"] = lang  # click's gettext.gettext reads the default domain's language
    _gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    _gettext.textdomain(DOMAIN)


def current() -> str:
    if not _current.lang:
        use(choose(None))
    return _current.lang


def _(message: str) -> str:
    """The message in the current language."""
    if not _current.lang:
        current()
    return _current.translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for `n`, with the current language's plural rule."""
    if not _current.lang:
        current()
    return _current.translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for extraction; translated later, where it is shown."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular/plural pair for extraction; chosen and translated where shown."""
    return (singular, plural)
