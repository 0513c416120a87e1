"""Where a campaign lives: a SQLite file (default `campaign.db`) or a PostgreSQL URL.

`parse_target` turns a --db value into a `Target`: the eventsourcing environment and a
printable label that never shows any part of a password, even for a malformed URL.
`inspect_store` says what a target holds (missing, empty, a pangee store, someone else's
tables) without changing it, so that nothing is opened, switched to WAL or given tables when
it is not ours. `is_store_file` tells an output path that would overwrite the store. `Db`
gives the projections plain SQL on the same store, with `?` placeholders on both back ends.

Only the standard library is imported here (sqlite3 lazily, psycopg only for PostgreSQL
targets, eventsourcing only by `is_store_error`).

Waiting is bounded (all in seconds):

- `BUSY_TIMEOUT_S`: how long one statement waits for a lock held by another writer (SQLite's
  busy timeout; PostgreSQL's `lock_timeout`, on every connection: `bound_postgres_waits`)
  before failing with an OperationalError.
- `CONNECT_TIMEOUT_S`: how long a connection to PostgreSQL may take (the preflight connection
  of `inspect_store`, and the library's pool: `POSTGRES_CONNECT_TIMEOUT` is how long it waits
  for a connection before giving up). A refused port is reported at once by the preflight.
- `WRITE_DEADLINE_S`: how long a write command goes on retrying (a concurrent writer got to a
  stream first, or the store stayed busy); no attempt starts after it, so a write that never
  gets the lock ends after at most `MAX_WRITE_WAIT_S` with nothing written.
- `OPEN_DEADLINE_S`: the same for the first open of a store (tables being created by another
  process at the same time).

`attempts(deadline_s)` is the retry loop that keeps to these budgets:

    for _ in attempts(WRITE_DEADLINE_S):
        try:
            ...                     # one attempt
            break
        except (IntegrityError, OperationalError):
            continue                # attempts() sleeps (jittered backoff) before the next
    else:
        raise StoreBusy(...)        # the deadline passed: nothing was written
"""

import os
import re
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from .rules.errors import BadValue

DEFAULT_TARGET = "campaign.db"

BUSY_TIMEOUT_S = 10
CONNECT_TIMEOUT_S = 3
WRITE_DEADLINE_S = 10
OPEN_DEADLINE_S = 2
MAX_WRITE_WAIT_S = WRITE_DEADLINE_S + BUSY_TIMEOUT_S

# Tables a pangee store may hold: the library's events table (SQLite names it
# `stored_events`; on PostgreSQL it is `pangee_events`, after the application's name) and the
# projections' `pangee_*` tables (projections/schema.py). SQLite's own `sqlite_*` tables
# (sqlite_sequence, sqlite_stat1…) are ignored.
LIBRARY_TABLES = frozenset({"stored_events"})
PANGEE_PREFIX = "pangee_"
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")
SQLITE_HEADER = b"SQLite format 3\x00"
SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,40}$")
URL_PARAMETERS = ("schema",)


@dataclass(frozen=True)
class Target:
    kind: str  # "sqlite" or "postgres"
    env: dict = field(repr=False)  # holds the password: never shown
    label: str = ""  # printable: never any part of a password
    path: str | None = None
    schema: str | None = None


def parse_target(target: str | None) -> Target:
    """Read a --db/PANGEE_DB value; refuse a malformed URL or an unusable path (exit 2)."""
    target = target or DEFAULT_TARGET
    scheme, sep, _rest = target.partition("://")
    if sep and re.fullmatch(r"postgres(ql)?", scheme, re.IGNORECASE):
        return _postgres(target)
    if sep:
        shown = scheme if re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]{0,30}", scheme) else "?"
        raise BadValue("store.unsupported_scheme", None, scheme=shown)
    label = printable(target)
    path = os.path.abspath(target)
    folder = os.path.dirname(path)
    if os.path.isdir(path):
        raise BadValue("store.is_directory", None, path=label)
    if not os.path.isdir(folder):
        raise BadValue("store.no_folder", None, path=label, folder=printable(folder))
    if os.path.exists(path) and not os.access(path, os.R_OK | os.W_OK):
        raise BadValue("store.not_accessible", None, path=label)
    if not os.path.exists(path) and not os.access(folder, os.W_OK):
        raise BadValue("store.folder_not_writable", None, path=label, folder=printable(folder))
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path,
           "SQLITE_LOCK_TIMEOUT": str(BUSY_TIMEOUT_S)}
    return Target("sqlite", env, label, path=path)


def printable(text: str) -> str:
    """One line whatever a path holds: control characters are shown escaped."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _postgres(url: str) -> Target:
    """postgresql://user[:password]@host[:port]/dbname[?schema=name].

    The credentials end at the LAST `@`: a password holding an unencoded `/`, `?`, `#` or `@`
    stays in them (a standard URL parser would cut it into the host, path or query, and show
    it). The label is built from the parts that were understood, never from the raw text.
    """
    from urllib.parse import parse_qs, unquote, urlsplit

    scheme, _sep, rest = url.partition("://")
    userinfo, at, hostpart = rest.rpartition("@")
    user_text, colon, password = userinfo.partition(":")
    user = unquote(user_text) or "postgres"
    try:
        parts = urlsplit("postgresql://" + hostpart)
        host = parts.hostname or ""
    except ValueError:  # an unbalanced [ or ] around the host
        raise BadValue("store.bad_url", None, url=f"postgresql://{printable(user)}"
                       f"{':***' if colon else ''}@?") from None
    try:
        port = parts.port or 5432
        port_ok = True
    except ValueError:
        port, port_ok = 5432, False
    dbname = unquote(parts.path.lstrip("/"))
    query = parse_qs(parts.query, keep_blank_values=True)
    schema = (query.get("schema") or [""])[0]

    shown_host = printable(host) if host else "?"
    if ":" in shown_host:
        shown_host = f"[{shown_host}]"
    shown_port = f":{port}" if port_ok else ":?"
    shown_schema = schema if SCHEMA_NAME.match(schema) else "?"
    label = (f"postgresql://{printable(user)}{':***' if colon else ''}@{shown_host}{shown_port}"
             f"/{printable(dbname)}" + (f"?schema={shown_schema}" if schema else ""))

    if not host or not dbname or parts.fragment or "#" in hostpart:
        raise BadValue("store.bad_url", None, url=label)
    if not port_ok:
        raise BadValue("store.bad_port", None, url=label)
    unknown = sorted(printable(name) for name in query if name not in URL_PARAMETERS)
    if unknown:
        raise BadValue("store.bad_url_parameter", None, url=label, parameters=unknown)
    if schema and not SCHEMA_NAME.match(schema):
        raise BadValue("store.bad_schema", None, url=label, schema=printable(schema))
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": host,
        "POSTGRES_PORT": str(port),
        "POSTGRES_USER": user,
        "POSTGRES_PASSWORD": unquote(password),
        # the pool's wait for a connection (psycopg_pool `timeout`), per attempt
        "POSTGRES_CONNECT_TIMEOUT": str(CONNECT_TIMEOUT_S),
        "POSTGRES_POOL_SIZE": "2",
        "POSTGRES_MAX_OVERFLOW": "4",
        # `SET LOCAL lock_timeout` before the table lock every insert takes
        "POSTGRES_LOCK_TIMEOUT": str(BUSY_TIMEOUT_S),
        "APPLICATION_RECORDER_TOPIC": "ledger.pgrecorder:UnpipelinedRecorder",
    }
    if schema:
        env["POSTGRES_SCHEMA"] = schema
    return Target("postgres", env, label, schema=schema or "public")


def scrub(text: str, target: Target) -> str:
    """`text` (an error's detail) with the target's password masked, should it hold it."""
    password = target.env.get("POSTGRES_PASSWORD") or ""
    from urllib.parse import quote

    for secret in {password, quote(password, safe="")}:
        if len(secret) >= 3:
            text = text.replace(secret, "***")
    return text


def error_detail(error: BaseException, target: Target) -> str:
    """The first line of an error, for one-line messages, password masked."""
    text = str(error).strip()
    first = text.splitlines()[0].strip() if text else ""
    name = type(error).__name__
    return scrub(f"{name}: {first}" if first and first != name else name, target)


def postgres_connect(target: Target, **kwargs):
    """A plain psycopg connection to a PostgreSQL target, bounded by CONNECT_TIMEOUT_S."""
    import psycopg  # only for PostgreSQL targets

    env = target.env
    return psycopg.connect(host=env["POSTGRES_HOST"], port=env["POSTGRES_PORT"],
                           dbname=env["POSTGRES_DBNAME"], user=env["POSTGRES_USER"],
                           password=env["POSTGRES_PASSWORD"] or None,
                           connect_timeout=CONNECT_TIMEOUT_S, **kwargs)


def bound_postgres_waits(environ=None) -> None:
    """Make every PostgreSQL connection of this process wait at most BUSY_TIMEOUT_S for a lock.

    The library sets `lock_timeout` only (SET LOCAL) before the table lock of its inserts; the
    DDL it runs on every open (CREATE INDEX IF NOT EXISTS… needs a SHARE lock on the events
    table) and the projections' statements would otherwise wait as long as another process
    holds the table (a long import): for ever. Its pool takes no connection options, so the
    bound goes through libpq's PGOPTIONS; a lock_timeout already there is kept."""
    environ = os.environ if environ is None else environ
    current = environ.get("PGOPTIONS", "")
    if "lock_timeout" not in current:
        environ["PGOPTIONS"] = f"{current} -c lock_timeout={int(BUSY_TIMEOUT_S * 1000)}".strip()


def ensure_schema(target: Target) -> None:
    """Before the library opens a PostgreSQL target: bound its lock waits
    (`bound_postgres_waits`) and create the schema the URL names, if it is not `public`."""
    if target.kind != "postgres":
        return
    bound_postgres_waits()
    if target.schema == "public":
        return
    import psycopg

    with postgres_connect(target, autocommit=True) as conn:
        try:
            conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{target.schema}"')
        except psycopg.errors.UniqueViolation:  # created at the same moment by another process
            pass


# -- what a target holds ------------------------------------------------------------------

MISSING, EMPTY, PANGEE, FOREIGN, NOT_DATABASE = (
    "missing", "empty", "pangee", "foreign", "not_database")


@dataclass(frozen=True)
class StoreContents:
    """What `inspect_store` found.

    state: MISSING (no file / no schema), EMPTY (no tables), PANGEE (only a pangee store's
    tables), FOREIGN (other tables too: `foreign` names them) or NOT_DATABASE (a file that is
    not a SQLite database).
    """

    state: str
    tables: tuple[str, ...] = ()
    foreign: tuple[str, ...] = ()


class StoreUnreadable(Exception):
    """The target could not be inspected (server down, file locked or damaged…).

    `detail` is one line with the password masked; `error` is the original exception.
    """

    def __init__(self, detail: str, error: BaseException):
        super().__init__(detail)
        self.detail = detail
        self.error = error


def is_pangee_table(name: str) -> bool:
    return name in LIBRARY_TABLES or name.startswith(PANGEE_PREFIX)


def classify(tables) -> StoreContents:
    tables = tuple(sorted(t for t in tables if not t.startswith("sqlite_")))
    if not tables:
        return StoreContents(EMPTY)
    foreign = tuple(t for t in tables if not is_pangee_table(t))
    return StoreContents(FOREIGN if foreign else PANGEE, tables, foreign)


def inspect_store(target: Target) -> StoreContents:
    """What the target holds, read without changing anything (raises StoreUnreadable)."""
    if target.kind == "postgres":
        return _inspect_postgres(target)
    return inspect_sqlite(target.path)


def inspect_sqlite(path: str) -> StoreContents:
    """A SQLite file, read-only: a file in rollback-journal mode (someone else's, say) keeps
    its bytes and its journal mode; a WAL file with no -wal beside it is read as immutable, so
    no -wal/-shm is left behind either."""
    import sqlite3

    try:
        with open(path, "rb") as handle:
            header = handle.read(100)
    except FileNotFoundError:
        return StoreContents(MISSING)
    except OSError as error:
        raise StoreUnreadable(error_detail(error, _NO_SECRET), error) from None
    if not header:
        return StoreContents(EMPTY)  # SQLite treats an empty file as an empty database
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        return StoreContents(NOT_DATABASE)
    wal = header[18] == 2 and header[19] == 2
    # a file: URI: what SQLite reads as its own syntax is percent-encoded
    uri = "file:" + path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    modes = ["?mode=ro&immutable=1", "?mode=ro"] if wal and not os.path.exists(path + "-wal") \
        else ["?mode=ro"]
    for attempt, mode in enumerate(modes, 1):
        try:
            conn = sqlite3.connect(uri + mode, uri=True, timeout=BUSY_TIMEOUT_S,
                                   isolation_level=None)
            try:
                rows = conn.execute("SELECT name FROM sqlite_master WHERE type IN "
                                    "('table', 'view')").fetchall()
            finally:
                conn.close()
            return classify(name for (name,) in rows)
        except sqlite3.DatabaseError as error:
            if attempt < len(modes):  # immutable read torn by a concurrent checkpoint
                continue
            if "not a database" in str(error) or "malformed" in str(error):
                return StoreContents(NOT_DATABASE)
            raise StoreUnreadable(error_detail(error, _NO_SECRET), error) from None
    raise AssertionError("unreachable")


def _inspect_postgres(target: Target) -> StoreContents:
    """The schema's tables, views and foreign tables from pg_catalog (information_schema only
    lists what the user may read)."""
    try:
        with postgres_connect(target, autocommit=True) as conn:
            found = conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s",
                                 (target.schema,)).fetchone()
            if not found:
                return StoreContents(MISSING)
            rows = conn.execute(
                "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE n.nspname = %s AND c.relkind IN ('r', 'p', 'v', 'm', 'f')",
                (target.schema,)).fetchall()
    except Exception as error:
        if not type(error).__module__.startswith("psycopg"):
            raise
        raise StoreUnreadable(error_detail(error, target), error) from None
    return classify(name for (name,) in rows)


_NO_SECRET = Target("sqlite", {}, "")


# -- outputs ------------------------------------------------------------------------------

def is_store_file(target: Target, path: str) -> bool:
    """True when writing `path` would write the SQLite store itself or one of its -wal, -shm
    or -journal companions (symlinks, relative paths and hard links resolved)."""
    if target.kind != "sqlite" or not path:
        return False
    candidate = os.path.abspath(path)
    resolved = os.path.realpath(candidate)
    names = set()
    for base in {target.path, os.path.realpath(target.path)}:
        names.update(base + suffix for suffix in ("", *SQLITE_COMPANIONS))
    if candidate in names or resolved in names:
        return True
    try:
        mine = os.stat(candidate)
    except OSError:
        return False
    if not stat.S_ISREG(mine.st_mode):
        return False
    for name in names:
        try:
            other = os.stat(name)
        except OSError:
            continue
        if (other.st_dev, other.st_ino) == (mine.st_dev, mine.st_ino):
            return True
    return False


# -- retrying within a budget -------------------------------------------------------------

def attempts(deadline_s: float, first_delay: float = 0.01, max_delay: float = 0.5,
             clock=time.monotonic, sleep=time.sleep) -> Iterator[int]:
    """Attempt numbers (1, 2, …) until `deadline_s` has passed since the first: the first
    always comes; before each next one a jittered, doubling delay (capped at `max_delay`,
    never past the deadline) is slept. No attempt starts after the deadline."""
    start = clock()
    delay = first_delay
    number = 1
    yield number
    while True:
        left = deadline_s - (clock() - start)
        if left <= 0:
            return
        import random

        sleep(min(delay + random.random() * delay, left))
        if clock() - start >= deadline_s:
            return
        delay = min(delay * 2, max_delay)
        number += 1
        yield number


def is_busy_error(error: BaseException) -> bool:
    """A lock another process held past BUSY_TIMEOUT_S (SQLite busy/locked, PostgreSQL lock
    timeout), seen through the library's wrapping of the driver's error."""
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if getattr(error, "sqlstate", None) == "55P03":  # PostgreSQL lock_not_available
            return True
        text = str(error).lower()
        if type(error).__name__ == "OperationalError" and (
                "database is locked" in text or "database is busy" in text
                or "lock timeout" in text):
            return True
        error = error.__cause__ or error.__context__
    return False


def is_store_error(error: BaseException) -> bool:
    """A failure of the store itself (connection, file, locking), not of the ledger."""
    import sqlite3

    from eventsourcing.persistence import PersistenceError

    return (isinstance(error, (PersistenceError, sqlite3.Error, OSError, StoreUnreadable))
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
