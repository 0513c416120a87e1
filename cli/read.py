"""Read commands: status and log (time travel by position or session)."""

import click

from ledger.rules.errors import BadValue
from projections.status import status_object

from . import output
from .options import json_option

EXAMPLES = "\n\n\b\nExamples:\n"


@click.command("status", help="Current HP, fatigue by source, wounds, Constitution." + EXAMPLES +
               "  pangee status\n  pangee status Arin --json\n  pangee status --as-of 57\n"
               "  pangee status --session 2")
@click.argument("who", nargs=-1)
@click.option("--as-of", type=int, help="As it stood when POSITION was the last event.")
@click.option("--session", "session_number", type=int, help="As it stood at the end of session N.")
@json_option
@click.pass_obj
def status(session, who, as_of, session_number, as_json):
    if as_of is not None and session_number is not None:
        raise BadValue("give --as-of or --session, not both")
    ledger, state = session.campaign_ledger()
    if session_number is not None:
        as_of = ledger.queries.session_end(session_number, state)
    if as_of is not None:
        if as_of < 1:
            raise BadValue(f"--as-of {as_of}: expected a position of 1 or more")
        state = ledger.queries.state_as_of(as_of)
    sheets = [state.sheet(name) for name in who] if who else None
    obj = status_object(state, sheets)
    output.emit_json(obj) if as_json else output.status(obj)


@click.command("log", help="The session log: one entry per recorded command." + EXAMPLES +
               "  pangee log\n  pangee log Arin --session 2\n  pangee log --json")
@click.argument("who", nargs=-1)
@click.option("--session", "session_number", type=int, help="Only session N.")
@json_option
@click.pass_obj
def log(session, who, session_number, as_json):
    ledger, state = session.campaign_ledger()
    names = [state.sheet(name).name for name in who]
    if session_number is not None:
        ledger.queries.session_end(session_number, state)
    entries = ledger.queries.log(names, session_number)
    if as_json:
        output.emit_json([{k: e[k] for k in ("position", "session", "timestamp", "characters",
                                             "kind", "summary", "rules", "outcome")}
                          for e in entries])
    else:
        output.log(entries)


COMMANDS = [status, log]
