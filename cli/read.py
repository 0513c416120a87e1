"""Read commands: status and log (time travel by command number or session)."""

import click

from i18n import N_

from . import completion, output
from .help import argument, command, option
from .options import json_option, pager_option

WHO = N_("WHO")


def past(ledger, state, as_of, session_number, as_recorded):
    """The command number a read looks back to (None: now), checked."""
    from ledger.bounds import INT_RANGES
    from ledger.rules.errors import BadValue

    if as_of is not None and session_number is not None:
        raise BadValue("cli.as_of_and_session", None)
    if as_recorded and as_of is None and session_number is None:
        raise BadValue("cli.as_recorded_alone", None)
    if session_number is not None:
        if not 1 <= session_number <= INT_RANGES["number"][1]:
            raise BadValue("session.unknown", None, number=session_number,
                           known=[s["number"] for s in ledger.queries.sessions()])
        return ledger.queries.session_end(session_number, state.position)
    if as_of is not None:
        ledger.queries.check_number(as_of)
    return as_of


@command("status", help=N_("HP, condition, fatigue by source, the healing queue and "
                           "Constitution of each character, now or as of a past command "
                           "(--as-of N, --session N): by default as the record stands now "
                           "(corrections recorded since apply), with --as-recorded as the "
                           "table saw it then."),
         examples="  pangee status\n  pangee status Arin --json\n  pangee status --as-of 57\n"
                  "  pangee status --session 2 --as-recorded")
@argument("who", nargs=-1, metavar=WHO, shell_complete=completion.characters)
@option("--as-of", type=int, metavar="N", shell_complete=completion.numbers, help=N_("As it stood when command N was the last."))
@option("--session", "session_number", type=int, metavar="N", shell_complete=completion.sessions,
        help=N_("As it stood at the end of session N."))
@option("--as-recorded", is_flag=True,
        help=N_("As the table saw it then (corrections recorded later left out)."))
@json_option
@click.pass_obj
def status(session, who, as_of, session_number, as_recorded, as_json):
    from i18n.views import status_lines

    ledger = session.reader()
    number = None
    if as_of is None and session_number is None and not as_recorded:
        obj = _chosen(ledger.status_json(), who)
    else:
        from projections.status import status_object

        state = ledger.state()
        number = past(ledger, state, as_of, session_number, as_recorded)
        state = ledger.queries.state_as_of(number, as_recorded)
        obj = status_object(state, [state.sheet(name) for name in who] if who else None)
    if as_json:
        output.emit_json(obj)
        return
    mode = None if number is None else ("recorded" if as_recorded else "corrected")
    if output.stream_is_terminal() and obj["characters"]:
        from i18n.views import status_table

        title, headers, rows, wounds = status_table(obj, mode)
        output.lines([title])
        click.echo("\n".join(output.table(headers, rows)))
        output.lines(wounds)
        return
    output.lines(status_lines(obj, mode))


@command("log", help=N_("The session log: one entry per recorded command, its number, what "
                        "was rolled and decided, and its consequences as indented lines with "
                        "their rule ids (--brief: one line each)."),
         examples="  pangee log\n  pangee log Arin --session 2\n  pangee log --brief\n"
                  "  pangee log --json")
@argument("who", nargs=-1, metavar=WHO, shell_complete=completion.characters)
@option("--session", "session_number", type=int, metavar="N", shell_complete=completion.sessions,
        help=N_("Only session N."))
@option("--brief", is_flag=True, help=N_("One line per command."))
@pager_option
@json_option
@click.pass_obj
def log(session, who, session_number, brief, pager, as_json):
    from i18n.entries import entry, entry_json, local_time, session_title

    from .echo import entry_texts

    ledger = session.reader()
    names = [_known(ledger.status_json(), name)["name"] for name in who]
    if session_number is not None:
        ledger.queries.session_end(session_number)
    rows = ledger.queries.log(names, session_number)
    if as_json:
        output.emit_json([entry_json(row, entry(row, brief)) for row in rows])
        return
    titles = {s["number"]: s.get("title") for s in ledger.queries.sessions()}
    texts, current = [], object()
    for row in rows:
        if row["session"] != current:
            current = row["session"]
            texts.append(f"— {session_title(current, titles.get(current))} "
                         f"({local_time(row['timestamp'])}) —")
        texts += entry_texts(entry(row, brief), brief)
    output.lines(texts, pager=pager)


def _known(status: dict, name: str) -> dict:
    """The character of `status --json` a name designates (case and accents aside)."""
    from ledger.names import name_key
    from ledger.rules.errors import UnknownCharacter

    for character in status["characters"]:
        if name_key(character["name"]) == name_key(name):
            return character
    raise UnknownCharacter("character.unknown", None, name=name,
                           known=[c["name"] for c in status["characters"]])


def _chosen(status: dict, who) -> dict:
    if not who:
        return status
    return {**status, "characters": [_known(status, name) for name in who]}


COMMANDS = [status, log]
