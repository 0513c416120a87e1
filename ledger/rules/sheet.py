"""A character's derived state (the sheet) and the figures computed from it.

Frozen dataclasses: every rule returns a new sheet. `to_dict`/`from_dict` give the JSON-safe
form the projections store.
"""

from dataclasses import asdict, dataclass

from .effects import effect

CONDITIONS = ("conscious", "dying", "stable", "dead")
FATIGUE_DEATH = 6  # BASE-FATIGUE: level 6 is death; the total never shows above it
CON_CAP = 20  # RULING-ASI: an ability score improvement never raises Constitution above 20


@dataclass(frozen=True)
class Level:
    """One fatigue level with where it came from (command number, cause, rule ids)."""

    position: int | None
    cause: str
    rules: tuple[str, ...]
    cause_en: str | None = None


@dataclass(frozen=True)
class Wound:
    """A lingering wound in the healing queue (WOUND-1..7)."""

    cause: str
    dice: str
    formula: str
    roll: int
    rests_total: int
    rests_remaining: int
    treatment: str | None  # None, "success" or "failure" (WOUND-4)
    position: int | None
    rules: tuple[str, ...]
    treated_at: int | None = None
    cause_en: str | None = None


@dataclass(frozen=True)
class Drop:
    """The damage that dropped the character to 0 HP: the cause of the wound to come."""

    cause: str
    dice: str | None
    position: int | None
    cause_en: str | None = None


@dataclass(frozen=True)
class ConLoss:
    """Constitution lost for ever to a resurrection spell (RES-1, RES-2)."""

    position: int | None
    amount: int
    spell: str
    rules: tuple[str, ...]
    spell_en: str | None = None


@dataclass(frozen=True)
class Sheet:
    name: str
    con_base: int
    hp_max_base: int
    level: int = 1
    medicine: bool = False
    crit_min: int = 20
    relentless: bool = False
    warlock: bool = False
    hp: int = 0
    condition: str = "conscious"
    successes: int = 0
    failures: int = 0
    drop: Drop | None = None
    ordinary: tuple[Level, ...] = ()
    magic: tuple[Level, ...] = ()
    wounds: tuple[Wound, ...] = ()
    con_improvements: int = 0
    con_losses: tuple[ConLoss, ...] = ()
    wilderness_days: int = 0
    endurance_used: bool = False
    evening_care: str | None = None  # "success"/"failure": WOUND-5 recorded for tonight
    evening_care_position: int | None = None


def evolve(record, **changes):
    """`dataclasses.replace` for the fold's records without re-running `__init__`: the fold
    copies a sheet at every change, and this is its hottest path."""
    new = object.__new__(type(record))
    attrs = new.__dict__
    attrs.update(record.__dict__)
    for key in changes:
        if key not in attrs:
            raise TypeError(f"{type(record).__name__} has no field {key!r}")
    attrs.update(changes)
    return new


def new_sheet(name: str, con: int, hp_max: int, level: int = 1, medicine: bool = False,
              crit_min: int = 20, relentless: bool = False, warlock: bool = False) -> Sheet:
    return Sheet(name=name, con_base=con, hp_max_base=hp_max, level=level, medicine=medicine,
                 crit_min=crit_min, relentless=relentless, warlock=warlock, hp=hp_max)


def modifier(score: int) -> int:
    """The ability modifier of a score (floor division: 9 → −1, 10 → 0)."""
    return (score - 10) // 2


def con_lost(sheet: Sheet) -> int:
    return sum(loss.amount for loss in sheet.con_losses)


def con_current(sheet: Sheet) -> int:
    return sheet.con_base + sheet.con_improvements - con_lost(sheet)


def hp_max(sheet: Sheet) -> int:
    """The HP maximum follows Constitution: level × change of modifier (never below 1)."""
    change = modifier(con_current(sheet)) - modifier(sheet.con_base)
    return max(1, sheet.hp_max_base + sheet.level * change)


def fatigue_levels(sheet: Sheet) -> int:
    """Every level held, by all sources (may exceed 6 on the dead: levels are kept so that
    restoration magic can remove them one by one, RULING-FATIGUE-DEATH)."""
    return len(sheet.ordinary) + len(sheet.wounds) + len(sheet.magic)


def fatigue_total(sheet: Sheet) -> int:
    """BASE-FATIGUE with FATIGUE-SOURCES: ordinary + one per wound + magic, shown at most 6
    (RULING-RESTORATION)."""
    return min(fatigue_levels(sheet), FATIGUE_DEATH)


def effective_max(sheet: Sheet) -> int:
    """BASE-FATIGUE 4: the HP maximum is halved from fatigue level 4."""
    top = hp_max(sheet)
    return top // 2 if fatigue_total(sheet) >= 4 else top


def settle(sheet: Sheet) -> tuple[Sheet, list[dict]]:
    """Apply the standing consequences after any change: HP capped to the effective maximum,
    death at fatigue 6 (BASE-FATIGUE)."""
    effects = []
    cap = effective_max(sheet)
    if sheet.hp > cap:
        sheet = evolve(sheet, hp=cap)
    if fatigue_levels(sheet) >= FATIGUE_DEATH and sheet.condition != "dead":
        sheet = evolve(sheet, condition="dead", hp=0, drop=None, successes=0, failures=0)
        effects.append(effect(sheet.name, "fatigue.death", ("BASE-FATIGUE", "RULING-FATIGUE-DEATH"),
                              name=sheet.name))
    return sheet, effects


def to_dict(sheet: Sheet) -> dict:
    return asdict(sheet)


def _tuple_rules(item: dict) -> dict:
    if "rules" in item:
        item = dict(item, rules=tuple(item["rules"]))
    return item


def from_dict(data: dict) -> Sheet:
    data = dict(data)
    data["drop"] = Drop(**data["drop"]) if data.get("drop") else None
    data["ordinary"] = tuple(Level(**_tuple_rules(x)) for x in data.get("ordinary", ()))
    data["magic"] = tuple(Level(**_tuple_rules(x)) for x in data.get("magic", ()))
    data["wounds"] = tuple(Wound(**_tuple_rules(x)) for x in data.get("wounds", ()))
    data["con_losses"] = tuple(ConLoss(**_tuple_rules(x)) for x in data.get("con_losses", ()))
    return Sheet(**data)


def cause_name(item) -> dict:
    """The cause of a wound, level or drop as the reader sees it (effects.named)."""
    from .effects import named

    return named(item.cause, getattr(item, "cause_en", None))
