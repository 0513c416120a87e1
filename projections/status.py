"""The status read model: the contract's `status --json` object, from the fold state."""

from ledger.rules.state import CampaignState
from ledger.rules.sheet import (FATIGUE_DEATH, Sheet, con_current, con_lost, effective_max,
                                 fatigue_levels, fatigue_total, hp_max)


def wound_view(wound) -> dict:
    return {"cause": wound.cause, "cause_en": wound.cause_en, "dice": wound.dice,
            "formula": wound.formula,
            "roll": wound.roll, "rests_total": wound.rests_total,
            "rests_remaining": wound.rests_remaining, "treated": wound.treatment == "success"}


def character_view(sheet: Sheet) -> dict:
    condition = "dead" if fatigue_levels(sheet) >= FATIGUE_DEATH else sheet.condition
    return {
        "name": sheet.name,
        "hp": {"current": sheet.hp, "max": hp_max(sheet), "effective_max": effective_max(sheet)},
        "condition": condition,
        "death_saves": {"successes": sheet.successes, "failures": sheet.failures},
        "fatigue": {"total": fatigue_total(sheet), "ordinary": len(sheet.ordinary),
                    "wound": len(sheet.wounds), "magic": len(sheet.magic)},
        "wounds": [wound_view(w) for w in sheet.wounds],
        "constitution": {"base": sheet.con_base, "improvements": sheet.con_improvements,
                         "lost": con_lost(sheet), "current": con_current(sheet)},
        "wilderness_days": sheet.wilderness_days,
    }


def roster_view(sheet: Sheet) -> dict:
    """`character list`: what the sheet says of a character (not how it is now)."""
    return {"name": sheet.name, "level": sheet.level, "con": con_current(sheet),
            "hp_max": hp_max(sheet), "medicine": sheet.medicine, "crit_min": sheet.crit_min,
            "relentless": sheet.relentless, "warlock": sheet.warlock}


def status_object(state: CampaignState, sheets: list[Sheet] | None = None) -> dict:
    """`status --json`: the campaign, the position of the last event included, characters."""
    chosen = list(state.characters.values()) if sheets is None else sheets
    return {"campaign": state.name, "position": state.position,
            "characters": [character_view(s) for s in chosen]}
