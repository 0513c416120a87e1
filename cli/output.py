"""Everything the command line prints goes through here: text, tables, JSON, errors."""

import json
import sys

import click

from projections.summaries import OUTCOMES_FR


def error(message: str) -> None:
    """One line on stderr: what is wrong and what would be accepted."""
    click.echo(f"pangee: error: {message}", err=True)


def warn(message: str) -> None:
    click.secho(f"pangee: {message}", err=True, fg="yellow", bold=True)


def line(text: str = "") -> None:
    click.echo(text)


def emit_json(obj) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))


def rules_text(rules) -> str:
    return f"  [{', '.join(rules)}]" if rules else ""


def recorded(item) -> None:
    """A write command's echo: its position, outcome and every consequence with its rules."""
    result = item.result
    outcome = f" → {result.outcome}" if result.outcome else ""
    rolled = f" (rolled by the ledger: {', '.join(item.fact['rolled'])})" if item.fact.get("rolled") else ""
    line(f"#{item.position} {item.fact['kind']}{outcome}{rolled}{rules_text(result.rules)}")
    details = result.details
    if details.get("total") is not None and details.get("target") is not None:
        line(f"  total {details['total']} vs {details['target']}")
    for effect in result.effects:
        line(f"  {effect['text']}{rules_text(effect['rules'])}")
        if effect["text"].startswith("WARNING"):
            warn(effect["text"])


def status(obj: dict) -> None:
    line(f"{obj['campaign']} — position {obj['position']}")
    for c in obj["characters"]:
        hp = c["hp"]
        eff = f" (effective max {hp['effective_max']})" if hp["effective_max"] != hp["max"] else ""
        f = c["fatigue"]
        con = c["constitution"]
        saves = c["death_saves"]
        line(f"{c['name']}: {hp['current']}/{hp['max']} HP{eff}, {c['condition']}"
             + (f" (death saves {saves['successes']}✓ {saves['failures']}✗)" if c["condition"] == "dying" else ""))
        line(f"  fatigue {f['total']} (ordinary {f['ordinary']}, wound {f['wound']}, magic {f['magic']})"
             f"; Constitution {con['current']} (base {con['base']}, +{con['improvements']}, −{con['lost']})"
             + (f"; {c['wilderness_days']} day(s) in the wild" if c["wilderness_days"] else ""))
        for i, w in enumerate(c["wounds"], 1):
            treated = ", treated" if w["treated"] else ""
            line(f"  wound {i}: {w['cause']} ({w['dice']} → {w['formula']} = {w['roll']}), "
                 f"{w['rests_remaining']}/{w['rests_total']} long rests to go{treated}")


def log(entries: list[dict]) -> None:
    session = object()
    for e in entries:
        if e["session"] != session:
            session = e["session"]
            line(f"— session {session} —" if session is not None else "— outside sessions —")
        note = f"  ({e['note']})" if e.get("note") and e.get("result") is not None else ""
        line(f"#{e['position']:<5} {e['summary']}{rules_text(e['rules'])}{note}")


def explanation(obj: dict) -> None:
    line(f"{obj['name']} — as of position {obj['position']}")
    fatigue = obj["fatigue"]
    line(f"Fatigue {fatigue['total']}:")
    for level in fatigue["levels"]:
        line(f"  {level['source']:<8} #{level['position']}  {level['cause']}{rules_text(level['rules'])}")
    line(f"Wounds ({len(obj['wounds'])}, healing head first):")
    for w in obj["wounds"]:
        treated = f", treated at #{w['treated_at']} ({w['treatment']})" if w["treatment"] else ""
        line(f"  #{w['position']}  {w['cause']} {w['dice']} → {w['formula']} = {w['roll']}: "
             f"{w['rests_remaining']}/{w['rests_total']} long rests to go{treated}{rules_text(w['rules'])}")
    con = obj["constitution"]
    line(f"Constitution {con['current']} (base {con['base']}, improvements +{con['improvements']}), HP max {con['hp_max']}:")
    for loss in con["losses"]:
        line(f"  #{loss['position']}  −{loss['amount']} ({loss['spell']}){rules_text(loss['rules'])}")
    if obj["without_effect"]:
        line("Without effect:")
        for item in obj["without_effect"]:
            line(f"  #{item['position']}  {item['summary']} ({item['note']})")
    line("Rulings: " + ", ".join(f"{r['key']}={r['value']} ({r['rule']})" for r in obj["rulings"]))


def what_if(overrides: dict, diffs: dict) -> None:
    line("What if " + ", ".join(f"{k}={v}" for k, v in overrides.items()) + " (nothing is written):")
    for name, changes in diffs.items():
        if not changes:
            line(f"{name}: no difference")
            continue
        line(f"{name}:")
        for path, before, after in changes:
            line(f"  {path}: {before} → {after}")


def outcome_fr(outcome: str | None) -> str:
    return OUTCOMES_FR.get(outcome or "", outcome or "")


def stream_is_terminal() -> bool:
    return sys.stdout.isatty()
