"""Running a write command: open the store, record, print.

`init` (create=True) goes through `Session.creating()`: a new SQLite store is built aside
and published whole (ledger.creation), so a failed or lost race leaves nothing behind and
never deletes a store; the result is printed only once the store holds it."""

from .echo import recorded as echo


def run_write(session, kind: str, options: dict, create: bool = False,
              as_json: bool = False) -> None:
    if create:
        with session.creating() as ledger:
            recorded = ledger.record(kind, options)
    else:
        recorded = session.ledger().record(kind, options)
    echo(recorded, as_json)
