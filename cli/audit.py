"""Audit commands: explain, what-if, replay (and verify), checkpoint."""

import click

from ledger.errors import RuleRefusal
from ledger.rules.errors import BadValue
from ledger.rules.rulings import parse_assignment
from projections.explain import explanation
from projections.status import status_object
from projections.verify import checkpoint_token, parse_checkpoint, verify
from projections.whatif import character_differences, fold_under

from . import output
from .options import json_option
from .progress import showing_progress

EXAMPLES = "\n\n\b\nExamples:\n"


@click.command("explain", help="Every fatigue level, wound and Constitution point lost, with "
               "the position and rules that decided it." + EXAMPLES +
               "  pangee explain Arin\n  pangee explain arin --json")
@click.argument("who")
@json_option
@click.pass_obj
def explain(session, who, as_json):
    ledger, state = session.campaign_ledger()
    sheet = state.sheet(who)
    obj = explanation(state, sheet, ledger.queries.without_effect(sheet.name))
    output.emit_json(obj) if as_json else output.explanation(obj)


@click.command("what-if", help="The same events folded under other rulings; nothing is "
               "written." + EXAMPLES + "  pangee what-if wound.halving=up\n"
               "  pangee what-if wound.dc_dice_term=always Arin --json")
@click.argument("args", nargs=-1, required=True)
@json_option
@click.pass_obj
def what_if(session, args, as_json):
    overrides = dict(parse_assignment(a) for a in args if "=" in a)
    names = [a for a in args if "=" not in a]
    if not overrides:
        raise BadValue("what-if needs at least one KEY=VALUE ruling, such as wound.halving=up")
    ledger, state = session.campaign_ledger()
    sheets = [state.sheet(n) for n in names] if names else list(state.characters.values())
    other, rulings = fold_under(ledger.queries.facts(), overrides)
    if as_json:
        chosen = [other.sheet(s.name) for s in sheets if s.name in
                  {x.name for x in other.characters.values()}]
        obj = status_object(other, chosen)
        obj["rulings"] = rulings
        output.emit_json(obj)
        return
    output.what_if(overrides, character_differences(state, other, [s.name for s in sheets]))


@click.command("replay", help="Rebuild every projection from the events and print a digest; "
               "--verify first proves nothing stored was edited, removed or reordered, and "
               "re-derives every outcome." + EXAMPLES + "  pangee replay\n"
               "  pangee replay --verify\n  pangee replay --verify --checkpoint 57-3f2a9c…")
@click.option("--verify", "check", is_flag=True, help="Check digests, streams, order and outcomes.")
@click.option("--checkpoint", help="Also prove the history still contains this checkpoint.")
@click.pass_obj
def replay(session, check, checkpoint):
    if checkpoint and not check:
        raise BadValue("--checkpoint goes with --verify")
    wanted = parse_checkpoint(checkpoint) if checkpoint else None
    ledger = session.ledger()
    if check:
        finding = verify(ledger.recorder, ledger.queries.chains(), wanted)
        if finding is not None:
            raise RuleRefusal(f"verification failed at {finding}")
    ledger.state()
    with showing_progress(ledger, "Replaying"):
        position = ledger.projections.rebuild()
    state = ledger.projections.current()[0]
    if state.name is None:
        raise RuleRefusal("no campaign in this store yet: run pangee init NAME first")
    verified = " (verified" + (f", contains checkpoint {checkpoint}" if checkpoint else "") + ")" if check else ""
    output.line(f"replayed to position {position}: digest {ledger.projections.digest()}{verified}")


@click.command("checkpoint", help="A short digest of the whole history (position and hash) to "
               "share with the players." + EXAMPLES + "  pangee checkpoint")
@click.pass_obj
def checkpoint(session):
    ledger, _state = session.campaign_ledger()
    position, chain = ledger.projections.head()
    output.line(checkpoint_token(position, chain))


COMMANDS = [explain, what_if, replay, checkpoint]
