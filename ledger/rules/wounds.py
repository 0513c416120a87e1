"""Lingering wounds: WOUND-1..7, RULING-DC-DICE, RULING-HALVE, RULING-TREAT-ONCE,
RULING-TREAT-REMAINING, RULING-EVENING, RULING-WOUND-DICE, RULING-HEAL-ON-REST."""


from .crit import Roll, resolve_check
from .dice import Dice, healing_time, parse_dice, wound_formula
from .errors import MissingRoll, RuleRefusal
from .sheet import Sheet, Wound, evolve

Effects = list[tuple[str, tuple[str, ...]]]


def wound_cause(sheet: Sheet, wound_dice: str | None) -> tuple[str, Dice]:
    """RULING-WOUND-DICE: the dice of the damage that dropped the character, or the GM's
    `--wound-dice`; a cause without dice is refused, never guessed."""
    assert sheet.drop is not None
    text = wound_dice or sheet.drop.dice
    if not text:
        raise RuleRefusal(
            f"the wound of {sheet.name} comes from '{sheet.drop.cause}', which has no damage "
            "dice: give --wound-dice (such as 1d6 or 2d6) (RULING-WOUND-DICE)",
            "RULING-WOUND-DICE",
        )
    return sheet.drop.cause, parse_dice(text)


def suffer_wound(sheet: Sheet, wound_roll: int | None, wound_dice: str | None,
                 position: int | None, how: str) -> tuple[Sheet, Effects]:
    """WOUND-1..3: surviving a drop to 0 HP adds one wound, with its own fatigue level, whose
    healing time is one die of the cause plus the number of its dice."""
    if sheet.drop is None:
        return sheet, []
    cause, dice = wound_cause(sheet, wound_dice)
    if wound_roll is None:
        raise MissingRoll("wound_roll", dice.wound_sides, "WOUND-3")
    rests = healing_time(dice, wound_roll)
    rules = ("WOUND-1", "WOUND-2", "WOUND-3", "RULING-DROP-CAUSE", "RULING-WOUND-DICE")
    wound = Wound(cause=cause, dice=_dice_text(dice), formula=wound_formula(dice),
                  roll=rests, rests_total=rests, rests_remaining=rests, treatment=None,
                  position=position, rules=rules)
    sheet = evolve(sheet, wounds=sheet.wounds + (wound,), drop=None)
    text = (f"{sheet.name} survives ({how}) with a wound from {cause}: {wound.formula} "
            f"rolled {wound_roll} → {rests} long rests, +1 fatigue level")
    return sheet, [(text, rules)]


def _dice_text(dice: Dice) -> str:
    """The wound's own dice: the cause's base dice, without modifiers (RULING-WOUND-DICE)."""
    return f"{dice.wound_count}d{dice.wound_sides}"


def care_dc(wound: Wound, base: int, dc_dice_term: str) -> int:
    """WOUND-4/5 with RULING-DC-DICE: base + largest face + number of dice (several dice
    only, unless `always`)."""
    dice = parse_dice(wound.dice)
    count, sides = dice.terms[0]
    term = count if (count > 1 or dc_dice_term == "always") else 0
    return base + sides + term


def halve(remaining: int, halving: str) -> int:
    """RULING-HALVE: round down by default, up as the alternative."""
    return remaining // 2 if halving == "down" else (remaining + 1) // 2


def _healer_can_care(healer: Sheet, rule: str) -> None:
    if not healer.medicine:
        raise RuleRefusal(
            f"{healer.name} is not proficient in Medicine, which {rule} requires: choose a "
            "healer added with --medicine", rule)
    if healer.condition != "conscious":
        raise RuleRefusal(f"{healer.name} is {healer.condition} and cannot give care ({rule})", rule)


def treat(sheet: Sheet, healer: Sheet, d20: int | None, bonus: int, rulings: dict,
          position: int | None) -> tuple[Sheet, Roll, Effects]:
    """WOUND-4: a Medicine check against 10 + die max (+ dice) halves the remaining time of
    the oldest wound not yet treated (RULING-TREAT-ONCE, RULING-TREAT-REMAINING)."""
    _healer_can_care(healer, "WOUND-4")
    retry = rulings["wound.treatment"] == "retry"
    index = next((i for i, w in enumerate(sheet.wounds)
                  if w.treatment is None or (retry and w.treatment == "failure")), None)
    if index is None:
        raise RuleRefusal(
            f"{sheet.name} has no wound left to treat: each wound is treated once "
            "(WOUND-4, RULING-TREAT-ONCE)", "RULING-TREAT-ONCE")
    wound = sheet.wounds[index]
    if d20 is None:
        raise MissingRoll("d20", 20, "WOUND-4")
    dc = care_dc(wound, 10, rulings["wound.dc_dice_term"])
    roll = resolve_check(d20, bonus, dc, "off")
    rules = ("WOUND-4", "RULING-DC-DICE", "RULING-TREAT-ONCE")
    if roll.outcome != "success":
        wounds = list(sheet.wounds)
        wounds[index] = evolve(wound, treatment="failure", treated_at=position)
        text = f"{healer.name} fails to treat {sheet.name}'s wound ({wound.cause}): {roll.total} vs DC {dc}"
        return evolve(sheet, wounds=tuple(wounds)), _roll(roll, rules), [(text, rules)]
    after = halve(wound.rests_remaining, rulings["wound.halving"])
    rules = rules + ("RULING-HALVE", "RULING-TREAT-REMAINING")
    treated = evolve(wound, treatment="success", treated_at=position, rests_remaining=after,
                      rests_total=wound.rests_total - (wound.rests_remaining - after))
    wounds = list(sheet.wounds)
    text = (f"{healer.name} treats {sheet.name}'s wound ({wound.cause}): {roll.total} vs DC {dc}, "
            f"{wound.rests_remaining} → {after} long rests")
    if after == 0:
        del wounds[index]
        text += "; the wound heals at once and its fatigue level goes"
    else:
        wounds[index] = treated
    return evolve(sheet, wounds=tuple(wounds)), _roll(roll, rules), [(text, rules)]


def tend(sheet: Sheet, healer: Sheet, d20: int | None, bonus: int, rulings: dict,
         position: int | None) -> tuple[Sheet, Roll, Effects]:
    """WOUND-5, RULING-EVENING: an hour of care before a night that is not a long rest counts
    as a long rest for the wound at the head of the queue; once per night."""
    _healer_can_care(healer, "WOUND-5")
    if not sheet.wounds:
        raise RuleRefusal(f"{sheet.name} has no wound to tend (WOUND-5)", "WOUND-5")
    if sheet.evening_care is not None:
        raise RuleRefusal(
            f"{sheet.name}'s wounds were already tended this evening: at most one evening care "
            "per night (RULING-EVENING)", "RULING-EVENING")
    if d20 is None:
        raise MissingRoll("d20", 20, "WOUND-5")
    head = sheet.wounds[0]
    dc = care_dc(head, 8, rulings["wound.dc_dice_term"])
    roll = resolve_check(d20, bonus, dc, "off")
    rules = ("WOUND-5", "RULING-DC-DICE", "RULING-EVENING")
    sheet = evolve(sheet, evening_care=roll.outcome, evening_care_position=position)
    verb = "tends" if roll.outcome == "success" else "fails to tend"
    text = f"{healer.name} {verb} {sheet.name}'s wounds tonight: {roll.total} vs DC {dc}"
    return sheet, _roll(roll, rules), [(text, rules)]


def _roll(roll: Roll, rules: tuple[str, ...]) -> Roll:
    return Roll(roll.outcome, roll.total, roll.target, rules)


def rest_wound_queue(sheet: Sheet, why: str, rules: tuple[str, ...]) -> tuple[Sheet, Effects]:
    """WOUND-6, RULING-HEAL-ON-REST: one long rest counts for the head of the queue only; the
    wound reaching 0 heals at the end of that rest, its fatigue level with it."""
    if not sheet.wounds:
        return sheet, []
    head = sheet.wounds[0]
    left = head.rests_remaining - 1
    rules = rules + ("WOUND-6", "WOUND-7", "RULING-HEAL-ON-REST")
    if left <= 0:
        text = f"{sheet.name}'s wound from {head.cause} heals ({why}); its fatigue level goes"
        return evolve(sheet, wounds=sheet.wounds[1:]), [(text, rules)]
    text = f"{sheet.name}'s wound from {head.cause}: {left} long rest(s) to go ({why})"
    return evolve(sheet, wounds=(evolve(head, rests_remaining=left),) + sheet.wounds[1:]), [(text, rules)]
