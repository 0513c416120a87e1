"""`explain WHO`: a character's history as data — every fatigue level gained and lost, every
wound from the command that caused it through its treatment and evening care to the rest that
healed it, every Constitution and HP-maximum change — each with its command number and rule
ids, and the present (fatigue by source, the wounds still healing, Constitution)."""

from ledger.rules.state import CampaignState
from ledger.rules.rulings import RULINGS
from ledger.rules.sheet import Sheet, con_current, fatigue_total, hp_max

from .status import character_view

FATIGUE_CODES = {"fatigue.gained", "fatigue.removed", "fatigue.recovered", "fatigue.death",
                 "wound.created", "wound.healed"}
WOUND_CODES = {"wound.created", "wound.treated", "wound.treat_failed", "wound.tended",
               "wound.tend_failed", "wound.progress", "wound.healed"}
CON_CODES = {"con.lost", "con.zero", "con.improved", "con.improved_beyond", "character.level",
             "character.hp_max", "character.joined"}


def rulings_in_force(state: CampaignState) -> list[dict]:
    return [{"key": key, "rule": rule, "value": state.rulings.get(key, default),
             "default": default}
            for key, (rule, default, _values) in RULINGS.items()]


def _effects(row: dict, name: str) -> list[dict]:
    """The consequences a command had for `name`, as the record now stands."""
    result = row.get("now") or row.get("result") or {}
    return [e for e in result.get("effects", []) if e.get("character") == name]


def history(rows: list[dict], name: str) -> dict:
    """Fatigue, wound and Constitution events of `name` in command order."""
    fatigue, constitution, wounds, notes = [], [], {}, []
    for row in rows:
        for attached in row.get("notes", []):
            notes.append({"position": row["position"], "kind": row["kind"], **attached})
        if row.get("note") and not row.get("now"):
            continue  # voided, or without effect since a correction: nothing of it stands
        for e in _effects(row, name):
            item = {"position": row["position"], "kind": row["kind"], "code": e["code"],
                    "params": e["params"], "rules": e["rules"]}
            if e["code"] in FATIGUE_CODES:
                fatigue.append(item)
            if e["code"] in CON_CODES:
                constitution.append(item)
            if e["code"] in WOUND_CODES:
                origin = row["position"] if e["code"] == "wound.created" else e["params"].get("origin")
                wounds.setdefault(origin, []).append(item)
    return {"fatigue": fatigue, "constitution": constitution, "notes": notes,
            "wounds": [{"origin": origin, "story": story} for origin, story in wounds.items()]}


def explanation(state: CampaignState, sheet: Sheet, rows: list[dict],
                without_effect: list[dict]) -> dict:
    levels = []
    for source, items in (("ordinary", sheet.ordinary), ("magic", sheet.magic)):
        for level in items:
            levels.append({"source": source, "position": level.position, "cause": level.cause,
                           "cause_en": level.cause_en, "rules": list(level.rules)})
    for wound in sheet.wounds:
        levels.append({"source": "wound", "position": wound.position, "cause": wound.cause,
                       "cause_en": wound.cause_en, "rules": ["WOUND-2", "WOUND-7"]})
    healing = {w.position: w for w in sheet.wounds}
    past = history(rows, sheet.name)
    for wound in past["wounds"]:
        now = healing.get(wound["origin"])
        wound["healing"] = now is not None
        wound["rests_remaining"] = now.rests_remaining if now else 0
        wound["rests_total"] = now.rests_total if now else None
    losses = [{"position": loss.position, "amount": loss.amount, "spell": loss.spell,
               "rules": list(loss.rules)} for loss in sheet.con_losses]
    return {
        "name": sheet.name, "position": state.position, "now": character_view(sheet),
        "fatigue": {"total": fatigue_total(sheet), "levels": sorted(
            levels, key=lambda x: (x["position"] is None, x["position"] or 0)),
            "history": past["fatigue"]},
        "wounds": past["wounds"],
        "constitution": {"base": sheet.con_base, "improvements": sheet.con_improvements,
                         "current": con_current(sheet), "hp_max": hp_max(sheet),
                         "losses": losses, "history": past["constitution"]},
        "without_effect": without_effect,
        "notes": past["notes"],
        "rulings": rulings_in_force(state),
    }
