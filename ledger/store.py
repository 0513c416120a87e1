"""Where a campaign lives: a SQLite file (default `campaign.db`) or a PostgreSQL URL.

`store_env` turns a --db target into the eventsourcing environment; psycopg is imported only
for PostgreSQL targets. `Db` gives the projections plain SQL on the same store, with `?`
placeholders on both back ends.
"""

import os
import re
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

from .rules.errors import BadValue

DEFAULT_TARGET = "campaign.db"


@dataclass(frozen=True)
class Target:
    kind: str  # "sqlite" or "postgres"
    env: dict
    label: str  # printable: never a password
    path: str | None = None
    schema: str | None = None


def parse_target(target: str | None) -> Target:
    """Read a --db/PANGEE_DB value; refuse a malformed URL or an unusable path (exit 2)."""
    target = target or DEFAULT_TARGET
    if re.match(r"^postgres(ql)?://", target):
        return _postgres(target)
    if "://" in target:
        raise BadValue(f"unsupported store '{target.split('://')[0]}://': expected a SQLite file "
                       "path or a postgresql://user[:password]@host[:port]/dbname URL")
    path = os.path.abspath(target)
    folder = os.path.dirname(path)
    if os.path.isdir(path):
        raise BadValue(f"store path {target} is a directory: expected a SQLite file path")
    if not os.path.isdir(folder):
        raise BadValue(f"store path {target}: folder {folder} does not exist")
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        raise BadValue(f"store path {target} cannot be read and written: check its permissions")
    if not os.path.exists(path) and not os.access(folder, os.W_OK):
        raise BadValue(f"store path {target}: folder {folder} is not writable")
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path,
           "SQLITE_LOCK_TIMEOUT": "60"}
    return Target("sqlite", env, target, path=path)


def _postgres(url: str) -> Target:
    parts = urlsplit(url)
    dbname = parts.path.lstrip("/")
    if not parts.hostname or not dbname:
        raise BadValue("malformed PostgreSQL URL: expected "
                       "postgresql://user[:password]@host[:port]/dbname")
    try:
        port = parts.port or 5432
    except ValueError:
        raise BadValue("malformed PostgreSQL URL: the port must be a number") from None
    schema = parse_qs(parts.query).get("schema", [""])[0]
    if schema and not re.match(r"^[a-z_][a-z0-9_]{0,40}$", schema):
        raise BadValue(f"schema '{schema}' is not a plain lower-case identifier")
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": parts.hostname,
        "POSTGRES_PORT": str(port),
        "POSTGRES_USER": unquote(parts.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "POSTGRES_CONNECT_TIMEOUT": "5",
        "POSTGRES_POOL_SIZE": "2",
        "POSTGRES_LOCK_TIMEOUT": "30",
        "APPLICATION_RECORDER_TOPIC": "ledger.pgrecorder:UnpipelinedRecorder",
    }
    if schema:
        env["POSTGRES_SCHEMA"] = schema
    user = unquote(parts.username or "postgres")
    label = f"postgresql://{user}{':***' if parts.password else ''}@{parts.hostname}:{port}/{dbname}"
    return Target("postgres", env, label + (f"?schema={schema}" if schema else ""),
                  schema=schema or "public")


def ensure_schema(target: Target) -> None:
    """Create the PostgreSQL schema a URL names, if it is not `public`."""
    if target.kind != "postgres" or target.schema == "public":
        return
    import psycopg  # only for PostgreSQL targets

    env = target.env
    with psycopg.connect(host=env["POSTGRES_HOST"], port=env["POSTGRES_PORT"],
                         dbname=env["POSTGRES_DBNAME"], user=env["POSTGRES_USER"],
                         password=env["POSTGRES_PASSWORD"] or None, connect_timeout=5,
                         autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{target.schema}"')


def is_store_error(error: BaseException) -> bool:
    """A failure of the store itself (connection, file, locking), not of the ledger."""
    import sqlite3

    from eventsourcing.persistence import PersistenceError

    return (isinstance(error, (PersistenceError, sqlite3.Error, OSError))
            or type(error).__module__.startswith("psycopg"))


class Cursor:
    """A cursor with `?` placeholders and tuple rows on SQLite and PostgreSQL alike."""

    def __init__(self, raw, postgres: bool):
        self.raw = getattr(raw, "sqlite_cursor", raw)
        self.postgres = postgres

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def execute(self, sql: str, params=()) -> "Cursor":
        self.raw.execute(self._sql(sql), tuple(params))
        return self

    def executemany(self, sql: str, rows) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            self.raw.executemany(self._sql(sql), rows)

    def fetchone(self):
        row = self.raw.fetchone()
        return None if row is None else _tuple(row)

    def fetchall(self) -> list[tuple]:
        return [_tuple(r) for r in self.raw.fetchall()]

    @property
    def rowcount(self) -> int:
        return self.raw.rowcount


def _tuple(row) -> tuple:
    return tuple(row.values()) if isinstance(row, dict) else tuple(row)


class Db:
    """Plain SQL on the campaign's store, for the projections (same file, same server)."""

    def __init__(self, datastore, target: Target):
        self.datastore = datastore
        self.postgres = target.kind == "postgres"
        self.schema = target.schema

    def table(self, name: str) -> str:
        return f'"{self.schema}".{name}' if self.postgres else name

    @contextmanager
    def tx(self, commit: bool = True):
        with self.datastore.transaction(commit=commit) as raw:
            yield Cursor(raw, self.postgres)
