"""Shared fixtures: stores on SQLite and PostgreSQL, the CLI through CliRunner, freezegun.

PostgreSQL tests skip only when the server is unreachable and CI is unset; under CI they
fail instead, so a missing database never passes silently.
"""

import os
import uuid

import pytest
from click.testing import CliRunner

from cli.main import cli
from ledger.application import CampaignLedger
from ledger.store import parse_target

PG_URL = os.environ.get("PANGEE_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _pg_reachable() -> bool:
    try:
        import psycopg

        with psycopg.connect(PG_URL, connect_timeout=3):
            return True
    except Exception:
        return False


@pytest.fixture(scope="session")
def pg_available() -> bool:
    ok = _pg_reachable()
    if not ok and os.environ.get("CI"):
        pytest.fail(f"PostgreSQL at {PG_URL} is unreachable under CI: these tests must run")
    return ok


@pytest.fixture
def pg_url(pg_available):
    """A PostgreSQL store in a schema of its own, dropped afterwards."""
    if not pg_available:
        pytest.skip("PostgreSQL unreachable (and CI unset)")
    import psycopg

    schema = "t_" + uuid.uuid4().hex[:12]
    yield f"{PG_URL}?schema={schema}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.fixture
def sqlite_url(tmp_path):
    return str(tmp_path / "campaign.db")


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path):
    """The same test on both back ends."""
    if request.param == "sqlite":
        return str(tmp_path / "campaign.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def ledger_at():
    """Open a CampaignLedger on a --db value; closed at the end of the test."""
    opened = []

    def open_(url, **kwargs):
        app = CampaignLedger(parse_target(url), **kwargs)
        opened.append(app)
        return app
    yield open_
    for app in opened:
        app.close()


class Pangee:
    """Runs the CLI in-process against one store: `pangee("status", "--json")`, in English
    unless another language is asked (`Pangee(db, lang="fr")`, or `lang=None` for the
    default choice from the environment)."""

    def __init__(self, db: str, lang: str | None = "en"):
        self.db = db
        self.lang = lang
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None, lang: str | None = "",
                 env: dict | None = None):
        chosen = self.lang if lang == "" else lang
        language = ["--lang", chosen] if chosen else []
        return self.runner.invoke(cli, ["--db", self.db, *language, *args], input=input,
                                  catch_exceptions=False, env=env)


@pytest.fixture
def pangee(sqlite_url):
    return Pangee(sqlite_url)


@pytest.fixture
def pangee_on(store_url):
    return Pangee(store_url)


def register_fake_datetime() -> None:
    """freezegun + eventsourcing: FakeDatetime needs a transcoding of its own."""
    from eventsourcing.persistence import DatetimeAsISO
    from freezegun.api import FakeDatetime

    class FakeDatetimeAsISO(DatetimeAsISO):
        type = FakeDatetime
        name = "datetime_iso"  # stored exactly as a real datetime

    original = CampaignLedger.register_transcodings

    def register(self, transcoder):
        original(self, transcoder)
        transcoder.register(FakeDatetimeAsISO())
    CampaignLedger.register_transcodings = register


register_fake_datetime()
