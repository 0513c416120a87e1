"""Corrections and notes: `void N|--last` (previewed with --dry-run, refused when it would
silently leave a later command without a roll it needs) and `note N TEXT`."""

import click

from i18n import N_

from . import completion, output
from .help import argument, command, option
from .options import json_option


def _plan_data(plan, names: list[str]) -> dict:
    from projections.whatif import end_differences

    return {"target": plan.target, "changes": plan.changes, "lost": plan.lost,
            "supply": plan.supply, "end": end_differences(plan.before, plan.after, names),
            "refusal": plan.refusal}


def _last_voidable(ledger) -> int:
    from ledger.rules.errors import RuleRefusal

    state = ledger.state()
    for number in range(state.position, 0, -1):
        entry = ledger.queries.command_at(number)
        if entry and entry["kind"] not in ("init", "session start", "session end") \
                and number not in state.voids:
            return number
    raise RuleRefusal("cli.void_nothing", None)


@command("void", help=N_("Correct the record: command N (or the last one, --last) stops "
                         "counting, and what came after is folded again without it. Voiding a "
                         "correction reinstates what it voided. A correction that would leave a "
                         "later command without a die it now needs is refused unless it gives "
                         "that die (--wound-roll, --d20, --save-d20) or --force accepts the loss."),
         examples="  pangee void 42 --reason \"mauvais personnage\" --dry-run\n"
                  "  pangee void 42 --reason \"mauvais personnage\"\n"
                  "  pangee void 12 --reason \"pas stabilisé\" --wound-roll 4\n"
                  "  pangee void --last --reason \"saisie en double\"")
@argument("number", type=int, required=False, metavar="N", shell_complete=completion.voidable)
@option("--last", is_flag=True, help=N_("Void the last command that can be voided."))
@option("--reason", required=True, metavar=N_("TEXT"), help=N_("Why (kept in the log)."))
@option("--dry-run", is_flag=True, help=N_("Show what would change; write nothing."))
@option("--wound-roll", type=int, metavar="N", help=N_("A wound roll a later command now needs."))
@option("--d20", type=int, metavar="N", help=N_("A d20 a later command now needs."))
@option("--save-d20", type=int, metavar="N", help=N_("A save's d20 a later command now needs."))
@option("--force", is_flag=True, help=N_("Accept that later commands lose their effect."))
@json_option
@click.pass_obj
def void(session, number, last, reason, dry_run, wound_roll, d20, save_d20, force, as_json):
    from i18n.views import void_lines
    from ledger.rules.errors import BadValue

    from .echo import recorded

    if number is None and not last:
        raise BadValue("cli.void_target", None)
    if number is not None and last:
        raise BadValue("cli.void_both", None)
    ledger, state = session.campaign_ledger()
    if last:
        number = _last_voidable(ledger)
    options = {"number": number, "reason": reason, "wound_roll": wound_roll, "d20": d20,
               "save_d20": save_d20, "force": force}
    names = [s.name for s in state.characters.values()]
    if dry_run:
        plan = ledger.record("void", options, dry_run=True)
        data = _plan_data(plan, names)
        if as_json:
            output.emit_json(_json_plan(data))
        else:
            output.lines(void_lines(data, dry=True))
        return
    item = ledger.record("void", options)
    recorded(item, as_json)
    if not as_json and item.plan is not None:
        output.lines(void_lines(_plan_data(item.plan, names), dry=False))


def _json_plan(data: dict) -> dict:
    from i18n.views import change_lines

    return {"target": data["target"], "supply": data["supply"], "refusal": data["refusal"],
            "changes": [{**c, "text": change_lines(c)} for c in data["changes"]],
            "lost": data["lost"], "end": [{"name": e["name"], "differences": e["differences"]}
                                          for e in data["end"]]}


@command("note", help=N_("Attach a note to command N (a player's objection, the ruling given): "
                         "shown under it in log, explain and the exports; it changes no outcome."),
         examples="  pangee note 20 \"Brune conteste : la CA était 14\"")
@argument("number", type=int, metavar="N", shell_complete=completion.numbers)
@argument("text", metavar=N_("TEXT"))
@json_option
@click.pass_obj
def note(session, number, text, as_json):
    from .runner import run_write

    run_write(session, "note", {"number": number, "text": text}, as_json=as_json)


COMMANDS = [void, note]
