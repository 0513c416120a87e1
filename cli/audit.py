"""Audit commands: explain, what-if, replay (and verify), checkpoint."""

import click

from i18n import N_

from . import completion, output
from .help import argument, command, option
from .options import json_option


@command("explain", help=N_("A character's history: every fatigue level gained and lost, every "
                            "wound from the command that caused it to the rest that healed it, "
                            "every Constitution change, each with its command number and rule "
                            "ids; now, or as of a past command or session."),
         examples="  pangee explain Arin\n  pangee explain arin --as-of 40\n"
                  "  pangee explain Arin --session 2 --json")
@argument("who", metavar=N_("WHO"), shell_complete=completion.characters)
@option("--as-of", type=int, metavar="N", shell_complete=completion.numbers, help=N_("As it stood when command N was the last."))
@option("--session", "session_number", type=int, metavar="N", shell_complete=completion.sessions,
        help=N_("As it stood at the end of session N."))
@json_option
@click.pass_obj
def explain(session, who, as_of, session_number, as_json):
    from i18n.views import explain_lines
    from projections.explain import explanation

    from .read import past

    ledger = session.reader()
    state = ledger.state()
    number = past(ledger, state, as_of, session_number, False)
    if number is not None:
        state = ledger.queries.state_as_of(number)
    sheet = state.sheet(who)
    without = [w for w in ledger.queries.without_effect(sheet.name)
               if number is None or w["position"] <= number]
    obj = explanation(state, sheet, ledger.queries.history(sheet.name, number),
                      ledger.queries.notes_about(sheet.name, number), without)
    if as_json:
        output.emit_json(_json(obj))
    else:
        output.lines(explain_lines(obj))


def _json(obj: dict) -> dict:
    from i18n.render import render

    def texts(items):
        return [{**i, "text": render(i["code"], i["params"])} for i in items]
    return {**obj, "fatigue": {**obj["fatigue"], "history": texts(obj["fatigue"]["history"])},
            "wounds": [{**w, "story": texts(w["story"])} for w in obj["wounds"]],
            "constitution": {**obj["constitution"],
                             "history": texts(obj["constitution"]["history"])},
            "without_effect": [{**w, "text": render(w["note"]["code"], w["note"].get("params"))}
                               for w in obj["without_effect"]]}


@command("what-if", help=N_("The same commands folded under other rulings; nothing is written. "
                            "Names the first command whose outcome differs, says how each "
                            "changes, then the end state of each character."),
         examples="  pangee what-if wound.halving=up\n"
                  "  pangee what-if wound.dc_dice_term=always Arin --json")
@argument("args", nargs=-1, required=True, metavar=N_("KEY=VALUE... [WHO]..."),
          shell_complete=completion.rulings_or_characters)
@json_option
@click.pass_obj
def what_if(session, args, as_json):
    from i18n.views import change_lines, whatif_lines
    from ledger.rules.errors import BadValue
    from ledger.rules.rulings import parse_assignment
    from projections.status import status_object
    from projections.whatif import end_differences, fold_under

    overrides = dict(parse_assignment(a) for a in args if "=" in a)
    names = [a for a in args if "=" not in a]
    if not overrides:
        raise BadValue("cli.whatif_no_ruling", None)
    ledger = session.reader()
    state = ledger.state()
    sheets = [state.sheet(n) for n in names] if names else list(state.characters.values())
    facts = ledger.queries.facts()
    found = fold_under(facts, overrides)
    wanted = {s.name for s in sheets}
    by_number = dict(facts)
    found["changes"] = [c for c in found["changes"]
                        if not names or _touches(c, wanted, by_number)]
    found["first"] = found["changes"][0]["number"] if found["changes"] else None
    found["end"] = end_differences(found["before"], found["after"], [s.name for s in sheets])
    if as_json:
        other = found["after"]
        chosen = [s for s in other.characters.values() if s.name in wanted]
        obj = status_object(other, chosen)
        obj["rulings"] = found["rulings"]
        obj["first_difference"] = found["first"]
        obj["changes"] = [{"number": c["number"], "kind": c["kind"], "change": c["change"],
                           "before": c["before"], "after": c["after"],
                           "text": change_lines(c)} for c in found["changes"]]
        obj["end"] = [{"name": e["name"], "differences": e["differences"]} for e in found["end"]]
        output.emit_json(obj)
        return
    output.lines(whatif_lines(found))


def _touches(change: dict, names: set[str], facts: dict) -> bool:
    from projections.runner import command_characters

    if names & set(command_characters(facts.get(change["number"]) or {"kind": change["kind"]})):
        return True
    for result in (change["before"], change["after"]):
        for effect in (result or {}).get("effects", []):
            if effect.get("character") in names:
                return True
    return False


@command("replay", help=N_("Rebuild every read model from the events and print a digest; "
                           "--verify first proves, from the events alone, that nothing stored was "
                           "edited, removed, reordered or inserted, and re-derives every outcome; "
                           "--checkpoint also proves the history still holds the one a "
                           "checkpoint named (nothing cut off the end)."),
         examples="  pangee replay\n  pangee replay --verify\n"
                  "  pangee replay --verify --checkpoint 57-3f2a9c…")
@option("--verify", "check", is_flag=True, help=N_("Check digests, streams, chain and outcomes."))
@option("--checkpoint", metavar=N_("TOKEN"), help=N_("Also prove the history still holds this checkpoint."))
@json_option
@click.pass_obj
def replay(session, check, checkpoint, as_json):
    from i18n.render import render
    from ledger.rules.errors import BadValue, RuleRefusal
    from projections.verify import parse_checkpoint, verify

    from .progress import showing_progress

    if checkpoint and not check:
        raise BadValue("cli.checkpoint_alone", None)
    wanted = parse_checkpoint(checkpoint) if checkpoint else None
    ledger = session.ledger(caught_up=False)  # verify first, from the events alone
    report = None
    if check:
        report = verify(ledger.db, ledger.recorder, wanted)
        if report.finding is not None:
            finding = report.finding
            if finding.code == "verify.unreadable":  # reported by every command from now on
                from ledger.errors import DamagedStore

                session.record_damage(DamagedStore("store.damaged_event", None,
                                                   **finding.params))
            raise RuleRefusal("verify.failed", None, number=finding.position,
                              problem={"code": finding.code, "params": finding.params})
    with showing_progress(ledger, render("progress.replaying")):
        ledger.projections.rebuild()
    state = ledger.projections.current()[0]
    if state.name is None:
        raise RuleRefusal("campaign.none", None)
    digest = ledger.projections.digest()
    count = state.position
    if as_json:
        output.emit_json({"commands": count, "digest": digest, "verified": bool(check),
                          "checkpoint": checkpoint, "drift": report.drift if report else []})
        return
    if report and report.drift:
        for item in report.drift:
            output.line(render("replay.drift", {**item, "recorded": item["recorded"] or "—",
                                                "now": item["now"] or "—"}))
    if report and report.checkpoint_legacy:
        output.line(render("replay.legacy_checkpoint", {"token": checkpoint}))
    code = ("replay.verified_checkpoint" if checkpoint else
            "replay.verified" if check else "replay.done")
    output.line(render(code, {"count": count, "digest": digest, "token": checkpoint}))


@command("checkpoint", help=N_("A short digest of the whole history so far (command number and "
                               "hash) to share with the players: replay --verify --checkpoint "
                               "proves later that the history still holds it unchanged."),
         examples="  pangee checkpoint\n  pangee checkpoint --json")
@json_option
@click.pass_obj
def checkpoint(session, as_json):
    from ledger.tokens import checkpoint_token

    number, chain = session.reader().head()
    token = checkpoint_token(number, chain)
    if as_json:
        output.emit_json({"checkpoint": token, "number": number, "chain": chain})
    else:
        output.line(token)


COMMANDS = [explain, what_if, replay, checkpoint]
