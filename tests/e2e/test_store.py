"""Choosing the store: psycopg stays unloaded for SQLite, passwords are never printed, a
failed creation leaves nothing behind, an empty file is written in place."""

import subprocess
import sys

from cli.main import cli
from ledger.store import parse_target


def test_sqlite_runs_never_import_psycopg(pangee):
    assert pangee("init", "Valmorte").exit_code == 0
    code = ("import sys; from click.testing import CliRunner; from cli.main import cli; "
            f"r = CliRunner().invoke(cli, ['--db', {pangee.db!r}, 'status']); "
            "assert r.exit_code == 0, r.output; "
            f"r = CliRunner().invoke(cli, ['--db', {pangee.db + '.new'!r}, 'init', 'N']); "
            "assert r.exit_code == 0, r.output; "
            "print(sorted(m for m in sys.modules if m.startswith('psycopg')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_unreachable_server_is_one_line_without_the_password(pangee):
    result = pangee.runner.invoke(
        cli, ["--db", "postgresql://gm:s3cr3t-word@127.0.0.1:1/campaign", "status"])
    assert result.exit_code == 2
    assert "s3cr3t-word" not in result.output
    assert "postgresql://gm:***@127.0.0.1:1/campaign" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_postgres_campaign_shows_its_url_without_the_password(pg_url):
    from tests.conftest import Pangee

    url = pg_url.replace("postgres@", "postgres:unused-secret@")
    pangee = Pangee(url)
    result = pangee("status")
    assert result.exit_code == 1
    assert "unused-secret" not in result.output and "postgres:***@" in result.stderr


def test_a_password_is_read_whole_even_unencoded_and_never_labelled():
    target = parse_target("postgresql://gm:pa/ss?w#o@rd@db.example:6543/campagne?schema=ici")
    env = target.env
    assert (env["POSTGRES_USER"], env["POSTGRES_PASSWORD"]) == ("gm", "pa/ss?w#o@rd")
    assert (env["POSTGRES_HOST"], env["POSTGRES_PORT"]) == ("db.example", "6543")
    assert (env["POSTGRES_DBNAME"], target.schema) == ("campagne", "ici")
    assert target.label == "postgresql://gm:***@db.example:6543/campagne?schema=ici"
    assert "pa/ss" not in repr(target)
    encoded = parse_target("postgresql://gm:pa%2Fss@db.example/campagne")
    assert encoded.env["POSTGRES_PASSWORD"] == "pa/ss"
    assert encoded.label == "postgresql://gm:***@db.example:5432/campagne"


def test_a_failed_creation_leaves_no_file(tmp_path):
    from tests.conftest import Pangee

    script = tmp_path / "bad.yaml"
    script.write_text("campaign: Ratée\nsessions:\n  - title: Une\n    steps:\n"
                      "      - damage: {who: Personne, amount: 3, cause: rien}\n")
    db = tmp_path / "campaign.db"
    result = Pangee(str(db))("import", str(script))
    assert result.exit_code in (1, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml"]


def test_an_empty_file_is_a_store_to_init_in_place(tmp_path):
    from tests.conftest import Pangee

    db = tmp_path / "campaign.db"
    db.touch()
    pangee = Pangee(str(db))
    assert pangee("status").exit_code == 1  # no campaign yet
    assert db.read_bytes() == b""
    assert pangee("init", "Ici").exit_code == 0
    assert pangee("status").exit_code == 0
