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


def history(items: list[dict]) -> dict:
    """A character's consequences (Queries.history) sorted into its fatigue, its wounds (each
    from the command that caused it, by that command's number) and its Constitution."""
    fatigue, constitution, wounds = [], [], {}
    for item in items:
        code = item["code"]
        if code in FATIGUE_CODES:
            fatigue.append(item)
        if code in CON_CODES:
            constitution.append(item)
        if code in WOUND_CODES:
            origin = item["position"] if code == "wound.created" else item["params"].get("origin")
            wounds.setdefault(origin, []).append(item)
    return {"fatigue": fatigue, "constitution": constitution,
            "wounds": [{"origin": origin, "story": story} for origin, story in wounds.items()]}


def explanation(state: CampaignState, sheet: Sheet, told: list[dict], notes: list[dict],
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
    past = history(told)
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
        "notes": notes,
        "rulings": rulings_in_force(state),
    }
