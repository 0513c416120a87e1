"""Short and long rests: REST-1..3, BASE-LONG-REST, BASE-SHORT-REST, REST-2, RULING-7-DAYS,
RULING-FORAGING, RULING-LONG-INCLUDES-SHORT, RULING-EVENING, RULING-STABLE."""


from .dying import regain_from_stable
from .effects import Effects, effect
from .errors import RuleRefusal
from .fatigue import recover_magic, recover_ordinary
from .sheet import Sheet, effective_max, evolve
from .wounds import rest_wound_queue

WILDERNESS_DAYS = 7


def night_is_long(safe: bool, calm: bool, watch: bool) -> bool:
    """REST-1: a long rest needs a safe place and a calm night; a watch means danger."""
    return safe and calm and not watch


def can_rest(sheet: Sheet) -> None:
    """The dead do not rest; a dying character must be stabilized or healed first."""
    if sheet.condition == "dead":
        raise RuleRefusal("rest.dead", "BASE-DYING", name=sheet.name)
    if sheet.condition == "dying":
        raise RuleRefusal("rest.dying", "BASE-DYING", name=sheet.name)


def short_rest(sheet: Sheet, rules: tuple[str, ...] = ("BASE-SHORT-REST",)) -> tuple[Sheet, Effects]:
    """BASE-SHORT-REST and MAGIC-3: one magic level recovered (a stable character stays at
    0 HP: one hour is not enough, RULING-STABLE)."""
    can_rest(sheet)
    sheet, effects = recover_magic(sheet, rules)
    return sheet, [effect(sheet.name, "rest.short", rules, name=sheet.name)] + effects


def long_rest(sheet: Sheet, rulings: dict, rules: tuple[str, ...]) -> tuple[Sheet, Effects]:
    """BASE-LONG-REST: one ordinary level, the head wound's rest, a magic level too
    (RULING-LONG-INCLUDES-SHORT), all HP; evening care adds nothing (RULING-EVENING)."""
    before = sheet.hp
    effects: Effects = []
    sheet, e = recover_ordinary(sheet)
    effects += e
    if rulings["rest.long_includes_short"] == "yes":
        sheet, e = recover_magic(sheet, ("RULING-LONG-INCLUDES-SHORT",))
        effects += e
    sheet, e = rest_wound_queue(sheet, "long-rest", rules)
    effects += e
    if sheet.evening_care == "success":
        effects.append(effect(sheet.name, "care.wasted", ("RULING-EVENING",), name=sheet.name))
    sheet = evolve(sheet, hp=0, endurance_used=False, successes=0, failures=0,
                   evening_care=None, evening_care_position=None)
    sheet = evolve(sheet, hp=effective_max(sheet))
    head = [effect(sheet.name, "rest.long", rules + ("BASE-LONG-REST",), name=sheet.name,
                   before=before, after=sheet.hp)]
    return sheet, head + effects


def short_night(sheet: Sheet, rules: tuple[str, ...]) -> tuple[Sheet, Effects]:
    """REST-2: a night that is not a long rest gives a short rest's benefits; successful
    evening care counts as a long rest for the head wound (WOUND-5, RULING-EVENING)."""
    effects = [effect(sheet.name, "rest.short_night", rules + ("REST-2",), name=sheet.name)]
    sheet, e = recover_magic(sheet, rules + ("REST-2",))
    effects += e
    if sheet.evening_care == "success":
        sheet, e = rest_wound_queue(sheet, "evening-care", ("WOUND-5", "RULING-EVENING"))
        effects += e
    sheet = evolve(sheet, evening_care=None, evening_care_position=None)
    return sheet, effects


def _begin_night(sheet: Sheet) -> tuple[Sheet, bool, Effects]:
    """The character's state as the night starts: a stable character regains 1 HP, and
    since it was at 0 HP when the rest began it gets only short-rest benefits
    (RULING-STABLE, BASE-LONG-REST)."""
    can_rest(sheet)
    if sheet.condition == "stable":
        sheet, effects = regain_from_stable(sheet)
        return sheet, False, effects
    if sheet.hp < 1:
        return sheet, False, [effect(sheet.name, "rest.zero_hp", ("BASE-LONG-REST",),
                                     name=sheet.name)]
    return sheet, True, []


def night(sheet: Sheet, long: bool, rulings: dict, rules: tuple[str, ...]) -> tuple[Sheet, str, Effects]:
    """A night for one character: long only if the place allows it and the character has at
    least 1 HP at its start (BASE-LONG-REST)."""
    sheet, can_be_long, effects = _begin_night(sheet)
    sheet = evolve(sheet, wilderness_days=0)
    if long and can_be_long:
        sheet, e = long_rest(sheet, rulings, rules)
        return sheet, "long", effects + e
    if not long:
        effects = [e for e in effects if e["code"] != "rest.zero_hp"]
    sheet, e = short_night(sheet, rules)
    return sheet, "short", effects + e


def wilderness_day(sheet: Sheet, rulings: dict) -> tuple[Sheet, str, Effects]:
    """REST-3, RULING-7-DAYS: the seventh consecutive day of rest and foraging ends with a
    long rest and the streak starts over; the other nights give short-rest benefits."""
    sheet, can_be_long, effects = _begin_night(sheet)
    days = sheet.wilderness_days + 1
    rules = ("REST-3", "RULING-7-DAYS")
    if days >= WILDERNESS_DAYS:
        sheet = evolve(sheet, wilderness_days=0)
        effects = effects + [effect(sheet.name, "wild.seventh_day", rules, name=sheet.name,
                                    day=days, of=WILDERNESS_DAYS)]
        if can_be_long:
            sheet, e = long_rest(sheet, rulings, rules)
            return sheet, "long", effects + e
        sheet, e = short_night(sheet, rules)
        return sheet, "short", effects + e
    effects = [e for e in effects if e["code"] != "rest.zero_hp"]
    sheet = evolve(sheet, wilderness_days=days)
    sheet, e = short_night(sheet, rules)
    return sheet, "short", effects + [effect(sheet.name, "wild.day", rules, name=sheet.name,
                                             day=days, of=WILDERNESS_DAYS)] + e
