"""A real browser for the chronicle's tests: Debian's Chromium driven by Playwright.

Never downloads a browser (no `playwright install`): /usr/bin/chromium is installed with
apt-get when it is missing and the tests run as root (bin/setup-browser does the same for
CI); otherwise the tests skip, or fail under CI. Screenshots go to $PANGEE_ARTEFACTS (or a
temporary folder), never into the repository.
"""

import gettext
import io
import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest

import i18n

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
FRAGMENT = ROOT / "i18n" / "pending" / "chronicle.fr.po"


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: runs a real browser (Chromium, via Playwright)")


def _unavailable(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: the browser tests must run)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium() -> str:
    """The path of Debian's Chromium, installed with apt-get when missing (as root)."""
    if not os.path.exists(CHROMIUM):
        if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
            env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
            subprocess.run(["apt-get", "update", "-qq"], check=False, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not os.path.exists(CHROMIUM):
            _unavailable(f"{CHROMIUM} is missing (apt-get install -y chromium, or bin/setup-browser)")
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install playwright)")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=chromium, args=ARGS)
        yield instance
        instance.close()


@pytest.fixture(scope="session")
def artefacts(tmp_path_factory) -> Path:
    folder = os.environ.get("PANGEE_ARTEFACTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("artefacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


# -- French with the chronicle's pending messages ------------------------------------------
def french_with_fragment() -> gettext.GNUTranslations:
    """pangee's French catalogue with i18n/pending/chronicle.fr.po merged in (what the core
    engineer's merge gives; the fragment wins where both translate a msgid), compiled in
    memory."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    if not FRAGMENT.exists():  # merged and removed: the catalogue alone
        return i18n.translation_for("fr")
    with open(Path(i18n.LOCALE_DIR) / "fr" / "LC_MESSAGES" / "pangee.po", "rb") as handle:
        catalog = read_po(handle, locale="fr")
    with open(FRAGMENT, "rb") as handle:
        fragment = read_po(handle, locale="fr")
    for message in fragment:
        if not message.id:
            continue
        known = catalog.get(message.id)
        if known is None:
            catalog[message.id] = message
        else:  # the pending French is the newer one
            known.string = message.string
            known.flags.discard("fuzzy")
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@contextmanager
def speaking(lang: str):
    """`i18n.use(lang)` for the block; French with the chronicle's pending messages."""
    saved = (i18n._current.lang, i18n._current.translation)
    i18n.use(lang)
    if lang == "fr":
        i18n._current.translation = french_with_fragment()
    try:
        yield
    finally:
        i18n._current.lang, i18n._current.translation = saved
