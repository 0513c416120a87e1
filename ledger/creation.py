"""Creating a campaign store without ever losing one.

A new SQLite store is built aside, in a temporary file of the same folder, and published
under its name only once it is complete, by `os.link(temp, final)`: the link fails when the
final name exists, so when two processes create the same store at once (two `pangee init`,
an `import` racing an `init`) exactly one publishes, the other is refused with
`RuleRefusal("store.exists", None, path=label)` (exit 1) and only its own temporary files are
removed. Nothing here ever deletes a file it did not create itself.

Usage (the exact protocol):

    from ledger.application import CampaignLedger
    from ledger.creation import new_sqlite_store
    from ledger.store import parse_target

    target = parse_target("valmorte.db")            # a SQLite file that does not exist yet
    with new_sqlite_store(target) as temp_target:   # store.exists if it exists already
        ledger = CampaignLedger(temp_target)        # opens the temporary file
        try:
            ledger.record("init", {"name": "Valmorte", "rulings": [], "seed": None})
        finally:
            ledger.close()                          # always, before the block ends
    # the block ended without an exception: valmorte.db exists, complete, no -wal/-shm;
    # it raised: the exception goes on, valmorte.db was not touched, no temporary file is left

`temp_target` is the caller's `Target` with the temporary path (`path`, `SQLITE_DBNAME`);
its `label` is still the final one, so messages name the store the user asked for. The
ledger must be closed inside the block: on leaving it, the WAL is checkpointed into the main
file (refused as a programming error if a connection still holds uncheckpointed pages), the
file is fsynced, linked, and the temporary name removed.

PostgreSQL has no file: a store is created in place (nothing to delete, ever);
`postgres_creation_lock` serialises the first open of a schema by concurrent creators, whose
`CREATE … IF NOT EXISTS` statements can otherwise collide (a duplicate `pg_type` row).
"""

import dataclasses
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

from .rules.errors import BadValue, RuleRefusal
from .store import BUSY_TIMEOUT_S, SQLITE_COMPANIONS, Target, postgres_connect


@contextmanager
def new_sqlite_store(target: Target) -> Iterator[Target]:
    """A temporary SQLite target to build a new store in, published at `target.path` when
    the block ends without an exception (see the module docstring)."""
    if target.kind != "sqlite":
        raise ValueError("new_sqlite_store: a SQLite target is expected")
    final = target.path
    if os.path.lexists(final):
        raise RuleRefusal("store.exists", None, path=target.label)
    temp = _create_temp(final, target.label)
    try:
        yield dataclasses.replace(target, path=temp, env={**target.env, "SQLITE_DBNAME": temp})
        _settle(temp)
        _publish(temp, final, target.label)
    finally:
        _remove(temp)


def temp_name(final: str) -> str:
    """A unique hidden name beside `final` (same folder, so the link stays on one device)."""
    folder, base = os.path.split(final)
    return os.path.join(folder, f".{base[:120]}.{os.getpid()}.{secrets.token_hex(6)}.creating")


def _create_temp(final: str, label: str) -> str:
    """An empty file (SQLite takes it as an empty database), created exclusively, with the
    permissions a new file gets from the umask."""
    while True:
        temp = temp_name(final)
        try:
            os.close(os.open(temp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
            return temp
        except FileExistsError:  # pragma: no cover - 48 random bits
            continue
        except OSError as error:
            raise BadValue("store.cannot_create", None, path=label,
                           reason=error.strerror or type(error).__name__) from None


def _settle(temp: str) -> None:
    """Checkpoint the WAL into the main file, so that the file alone is the whole store."""
    import sqlite3

    conn = sqlite3.connect(temp, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    try:
        busy, log, done = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        conn.close()
    wal = temp + "-wal"
    if busy or log != done or (os.path.exists(wal) and os.path.getsize(wal) > 0):
        raise RuntimeError("new_sqlite_store: the ledger on the temporary store is still open; "
                           "close it inside the with block")
    _fsync(temp)


def _publish(temp: str, final: str, label: str) -> None:
    try:
        os.link(temp, final)
    except FileExistsError:
        raise RuleRefusal("store.exists", None, path=label) from None
    except OSError as error:
        raise BadValue("store.cannot_publish", None, path=label,
                       reason=error.strerror or type(error).__name__) from None
    _fsync(os.path.dirname(final))


def _fsync(path: str) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some file systems cannot sync a folder
        pass
    finally:
        os.close(fd)


def _remove(temp: str) -> None:
    """The temporary name and its companions: only files this process created."""
    for name in (temp, *(temp + suffix for suffix in SQLITE_COMPANIONS)):
        try:
            os.remove(name)
        except FileNotFoundError:
            pass


@contextmanager
def postgres_creation_lock(target: Target) -> Iterator[None]:
    """A session-level advisory lock on the target's schema, held while a creator opens the
    ledger (schema, library tables, projection tables); waits at most BUSY_TIMEOUT_S, then
    raises StoreBusy("store.busy", seconds=BUSY_TIMEOUT_S)."""
    import psycopg

    from .errors import StoreBusy

    key = f"pangee:{target.env['POSTGRES_DBNAME']}:{target.schema}"
    with postgres_connect(target, autocommit=True) as conn:
        conn.execute(f"SET lock_timeout = '{int(BUSY_TIMEOUT_S)}s'")
        try:
            conn.execute("SELECT pg_advisory_lock(hashtext(%s))", (key,))
        except psycopg.errors.LockNotAvailable:
            raise StoreBusy("store.busy", None, seconds=BUSY_TIMEOUT_S) from None
        try:
            yield
        finally:
            try:
                conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", (key,))
            except psycopg.Error:  # the connection is closed below: the lock goes with it
                pass
