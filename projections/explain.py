"""`explain WHO`: where every fatigue level, wound and lost Constitution point came from."""

from ledger.rules.fold import CampaignState
from ledger.rules.rulings import RULINGS
from ledger.rules.sheet import Sheet, con_current, fatigue_total, hp_max


def rulings_in_force(state: CampaignState) -> list[dict]:
    return [{"key": key, "rule": rule, "value": state.rulings.get(key, default),
             "default": default}
            for key, (rule, default, _values) in RULINGS.items()]


def explanation(state: CampaignState, sheet: Sheet, without_effect: list[dict]) -> dict:
    levels = []
    for source, items in (("ordinary", sheet.ordinary), ("magic", sheet.magic)):
        for level in items:
            levels.append({"source": source, "position": level.position, "cause": level.cause,
                           "rules": list(level.rules)})
    for wound in sheet.wounds:
        levels.append({"source": "wound", "position": wound.position, "cause": wound.cause,
                       "rules": ["WOUND-2", "WOUND-7"]})
    wounds = [{"position": w.position, "cause": w.cause, "dice": w.dice, "formula": w.formula,
               "roll": w.roll, "rests_total": w.rests_total,
               "rests_remaining": w.rests_remaining, "treatment": w.treatment,
               "treated_at": w.treated_at,
               "rules": list(w.rules) + (["WOUND-4", "RULING-HALVE", "RULING-TREAT-REMAINING"]
                                         if w.treatment == "success" else [])}
              for w in sheet.wounds]
    losses = [{"position": loss.position, "amount": loss.amount, "spell": loss.spell,
               "rules": list(loss.rules)} for loss in sheet.con_losses]
    return {
        "name": sheet.name, "position": state.position,
        "fatigue": {"total": fatigue_total(sheet), "levels": sorted(
            levels, key=lambda x: (x["position"] is None, x["position"] or 0))},
        "wounds": wounds,
        "constitution": {"base": sheet.con_base, "improvements": sheet.con_improvements,
                         "current": con_current(sheet), "hp_max": hp_max(sheet),
                         "losses": losses},
        "without_effect": without_effect,
        "rulings": rulings_in_force(state),
    }
