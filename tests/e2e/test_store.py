"""Choosing the store: psycopg stays unloaded for SQLite, passwords are never printed."""

import subprocess
import sys


def test_sqlite_runs_never_import_psycopg(pangee):
    assert pangee("init", "Valmorte").exit_code == 0
    code = ("import sys; from click.testing import CliRunner; from cli.main import cli; "
            f"r = CliRunner().invoke(cli, ['--db', {pangee.db!r}, 'status']); "
            "assert r.exit_code == 0, r.output; "
            "print(sorted(m for m in sys.modules if m.startswith('psycopg')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_unreachable_server_is_one_line_without_the_password(pangee):
    result = pangee.runner.invoke(
        __import__("cli.main", fromlist=["cli"]).cli,
        ["--db", "postgresql://gm:s3cr3t-word@127.0.0.1:1/campaign", "status"])
    assert result.exit_code == 2
    assert "s3cr3t-word" not in result.output
    assert result.stderr.startswith(
        "pangee: error: cannot open the campaign store postgresql://gm:***@127.0.0.1:1/campaign")
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_postgres_campaign_shows_its_url_without_the_password(pg_url):
    from tests.conftest import Pangee

    url = pg_url.replace("postgres@", "postgres:unused-secret@")
    pangee = Pangee(url)
    result = pangee("status")
    assert result.exit_code == 1
    assert "unused-secret" not in result.output and "postgres:***@" in result.stderr
