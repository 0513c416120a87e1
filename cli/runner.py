"""Running a write command: open the store, record, print; a failed first write leaves no
new file behind."""

import os

from . import output


def run_write(session, kind: str, options: dict, create: bool = False) -> None:
    target = session.target()
    fresh = target.kind == "sqlite" and not os.path.exists(target.path)
    try:
        ledger = session.ledger(create=create)
        recorded = ledger.record(kind, options)
    except BaseException:
        if fresh and create:
            session.close()
            remove_sqlite(target.path)
        raise
    output.recorded(recorded)


def remove_sqlite(path: str) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
