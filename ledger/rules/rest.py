"""Short and long rests: REST-1..3, BASE-LONG-REST, BASE-SHORT-REST, REST-2, RULING-7-DAYS,
RULING-LONG-INCLUDES-SHORT, RULING-EVENING."""


from .errors import RuleRefusal
from .fatigue import recover_magic, recover_ordinary
from .sheet import Sheet, effective_max, evolve
from .wounds import Effects, rest_wound_queue

WILDERNESS_DAYS = 7


def night_is_long(safe: bool, calm: bool, watch: bool) -> bool:
    """REST-1: a long rest needs a safe place and a calm night; a watch means danger."""
    return safe and calm and not watch


def can_rest(sheet: Sheet) -> None:
    """The dead do not rest; a dying character must be stabilized or healed first."""
    if sheet.condition == "dead":
        raise RuleRefusal(f"{sheet.name} is dead and cannot rest", "BASE-DYING")
    if sheet.condition == "dying":
        raise RuleRefusal(
            f"{sheet.name} is dying (0 HP, death saves pending): stabilize or heal before "
            "resting (BASE-DYING)", "BASE-DYING")


def short_rest(sheet: Sheet, rules: tuple[str, ...] = ("BASE-SHORT-REST",)) -> tuple[Sheet, Effects]:
    """BASE-SHORT-REST and MAGIC-3: one magic level recovered."""
    can_rest(sheet)
    return recover_magic(sheet, rules)


def long_rest(sheet: Sheet, rulings: dict, rules: tuple[str, ...]) -> tuple[Sheet, Effects]:
    """BASE-LONG-REST: one ordinary level, the head wound's rest, a magic level too
    (RULING-LONG-INCLUDES-SHORT), all HP; evening care adds nothing (RULING-EVENING)."""
    effects: Effects = []
    sheet, e = recover_ordinary(sheet)
    effects += e
    if rulings["rest.long_includes_short"] == "yes":
        sheet, e = recover_magic(sheet, ("RULING-LONG-INCLUDES-SHORT",))
        effects += e
    sheet, e = rest_wound_queue(sheet, "long rest", rules)
    effects += e
    if sheet.evening_care == "success":
        effects.append((f"evening care of {sheet.name} adds nothing to a real long rest",
                        ("RULING-EVENING",)))
    sheet = evolve(sheet, hp=0, endurance_used=False, successes=0, failures=0,
                    evening_care=None, evening_care_position=None)
    sheet = evolve(sheet, hp=effective_max(sheet))
    effects.append((f"{sheet.name} takes a long rest: {sheet.hp} HP", rules + ("BASE-LONG-REST",)))
    return sheet, effects


def short_night(sheet: Sheet, rules: tuple[str, ...]) -> tuple[Sheet, Effects]:
    """REST-2: a night that is not a long rest gives a short rest's benefits; successful
    evening care counts as a long rest for the head wound (WOUND-5, RULING-EVENING)."""
    sheet, effects = recover_magic(sheet, rules + ("REST-2",))
    if sheet.evening_care == "success":
        sheet, e = rest_wound_queue(sheet, "evening care", ("WOUND-5", "RULING-EVENING"))
        effects += e
    sheet = evolve(sheet, evening_care=None, evening_care_position=None)
    effects.append((f"{sheet.name} gets only a short rest's benefits", rules + ("REST-2",)))
    return sheet, effects


def night(sheet: Sheet, long: bool, rulings: dict, rules: tuple[str, ...]) -> tuple[Sheet, str, Effects]:
    """A night for one character: long only if the place allows it and the character has at
    least 1 HP at its start (BASE-LONG-REST); a stable character at 0 HP gets a short rest."""
    can_rest(sheet)
    sheet = evolve(sheet, wilderness_days=0)
    if long and sheet.hp >= 1:
        sheet, effects = long_rest(sheet, rulings, rules)
        return sheet, "long", effects
    extra: Effects = []
    if long:
        extra = [(f"{sheet.name} is at 0 HP and cannot start a long rest", ("BASE-LONG-REST",))]
    sheet, effects = short_night(sheet, rules)
    return sheet, "short", extra + effects


def wilderness_day(sheet: Sheet, rulings: dict) -> tuple[Sheet, str, Effects]:
    """REST-3, RULING-7-DAYS: the seventh consecutive day of rest and foraging ends with a
    long rest and the streak starts over; the other nights give short-rest benefits."""
    can_rest(sheet)
    days = sheet.wilderness_days + 1
    rules = ("REST-3", "RULING-7-DAYS")
    if days >= WILDERNESS_DAYS:
        sheet = evolve(sheet, wilderness_days=0)
        if sheet.hp >= 1:
            sheet, effects = long_rest(sheet, rulings, rules)
            return sheet, "long", [(f"{sheet.name}: seventh day in the wild counts as a long rest", rules)] + effects
        sheet, effects = short_night(sheet, rules)
        return sheet, "short", [(f"{sheet.name} is at 0 HP on the seventh day: no long rest", ("BASE-LONG-REST",))] + effects
    sheet = evolve(sheet, wilderness_days=days)
    sheet, effects = short_night(sheet, rules)
    return sheet, "short", [(f"{sheet.name}: day {days} of {WILDERNESS_DAYS} in the wild", rules)] + effects
