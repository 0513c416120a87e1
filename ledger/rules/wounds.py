"""Lingering wounds: WOUND-1..7, RULING-DC-DICE, RULING-HALVE, RULING-TREAT-ONCE,
RULING-TREAT-REMAINING, RULING-TREAT-CHOICE, RULING-EVENING, RULING-WOUND-DICE,
RULING-HEAL-ON-REST."""


from .crit import Roll, resolve_check
from .dice import Dice, healing_time, parse_dice, wound_formula
from .effects import Effects, effect
from .errors import MissingRoll, RuleRefusal
from .sheet import Sheet, Wound, cause_name, evolve

WOUND_RULES = ("WOUND-1", "WOUND-2", "WOUND-3", "RULING-DROP-CAUSE", "RULING-WOUND-DICE")


def wound_cause(sheet: Sheet, wound_dice: str | None) -> Dice:
    """RULING-WOUND-DICE: the dice of the damage that dropped the character, or the GM's
    `--wound-dice`; a cause without dice is refused, never guessed."""
    assert sheet.drop is not None
    text = wound_dice or sheet.drop.dice
    if not text:
        raise RuleRefusal("wound.no_dice", "RULING-WOUND-DICE", name=sheet.name,
                          cause=cause_name(sheet.drop))
    return parse_dice(text)


def suffer_wound(sheet: Sheet, wound_roll: int | None, wound_dice: str | None,
                 position: int | None, how: str, by: str | None = None) -> tuple[Sheet, Effects]:
    """WOUND-1..3: surviving a drop to 0 HP adds one wound, with its own fatigue level, whose
    healing time is one die of the cause plus the number of its dice."""
    if sheet.drop is None:
        return sheet, []
    dice = wound_cause(sheet, wound_dice)
    if wound_roll is None:
        raise MissingRoll("wound_roll", dice.wound_sides, "WOUND-3")
    rests = healing_time(dice, wound_roll)
    drop = sheet.drop
    wound = Wound(cause=drop.cause, dice=_dice_text(dice), formula=wound_formula(dice),
                  roll=rests, rests_total=rests, rests_remaining=rests, treatment=None,
                  position=position, rules=WOUND_RULES, cause_en=drop.cause_en)
    sheet = evolve(sheet, wounds=sheet.wounds + (wound,), drop=None)
    return sheet, [effect(sheet.name, "wound.created", WOUND_RULES, name=sheet.name, how=how,
                          by=by, cause=cause_name(wound), dice=wound.dice,
                          formula=wound.formula, face=wound_roll, rests=rests,
                          fatigue=len(sheet.ordinary) + len(sheet.wounds) + len(sheet.magic))]


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
        raise RuleRefusal("care.no_medicine", rule, healer=healer.name)
    if healer.condition != "conscious":
        raise RuleRefusal("care.healer_down", rule, healer=healer.name,
                          condition=healer.condition)


def chosen_wound(sheet: Sheet, wound_from: int | None, number: int | None,
                 retry: bool) -> int:
    """RULING-TREAT-CHOICE: the wound the healer chose (by the command that caused it, as
    recorded, or by its place in the queue), else the oldest not yet treated."""
    if not sheet.wounds:
        raise RuleRefusal("treat.no_wound", "WOUND-4", name=sheet.name)
    treatable = [i for i, w in enumerate(sheet.wounds)
                 if w.treatment is None or (retry and w.treatment == "failure")]
    if wound_from is not None:
        index = next((i for i, w in enumerate(sheet.wounds) if w.position == wound_from), None)
        if index is None:
            raise RuleRefusal("treat.wound_gone", "RULING-TREAT-CHOICE", name=sheet.name,
                              origin=wound_from)
    elif number is not None:
        if not 1 <= number <= len(sheet.wounds):
            raise RuleRefusal("treat.wound_out_of_queue", "RULING-TREAT-CHOICE",
                              name=sheet.name, wound=number, count=len(sheet.wounds))
        index = number - 1
    else:
        if not treatable:
            raise RuleRefusal("treat.all_treated", "RULING-TREAT-ONCE", name=sheet.name,
                              count=len(sheet.wounds))
        return treatable[0]
    if index not in treatable:
        wound = sheet.wounds[index]
        raise RuleRefusal("treat.already_treated", "RULING-TREAT-ONCE", name=sheet.name,
                          wound=index + 1, cause=cause_name(wound), origin=wound.position)
    return index


def treat(sheet: Sheet, healer: Sheet, d20: int | None, bonus: int, rulings: dict,
          position: int | None, wound_from: int | None = None,
          number: int | None = None) -> tuple[Sheet, Roll, Effects, dict]:
    """WOUND-4: a Medicine check against 10 + die max (+ dice) halves the remaining time of
    the chosen wound (RULING-TREAT-CHOICE, RULING-TREAT-ONCE, RULING-TREAT-REMAINING)."""
    _healer_can_care(healer, "WOUND-4")
    retry = rulings["wound.treatment"] == "retry"
    index = chosen_wound(sheet, wound_from, number, retry)
    wound = sheet.wounds[index]
    if d20 is None:
        raise MissingRoll("d20", 20, "WOUND-4")
    dc = care_dc(wound, 10, rulings["wound.dc_dice_term"])
    roll = resolve_check(d20, bonus, dc, "off")
    rules = ("WOUND-4", "RULING-TREAT-CHOICE", "RULING-DC-DICE", "RULING-TREAT-ONCE")
    before = wound.rests_remaining
    details = {"wound": index + 1, "origin": wound.position, "cause": cause_name(wound),
               "formula": wound.formula, "d20": d20, "bonus": bonus, "total": roll.total,
               "dc": dc, "before": before, "after": before}
    common = dict(name=sheet.name, healer=healer.name, wound=index + 1, origin=wound.position,
                  cause=cause_name(wound), formula=wound.formula, d20=d20, bonus=bonus,
                  total=roll.total, dc=dc, before=before)
    wounds = list(sheet.wounds)
    if roll.outcome != "success":
        wounds[index] = evolve(wound, treatment="failure", treated_at=position)
        return (evolve(sheet, wounds=tuple(wounds)), _roll(roll, rules),
                [effect(sheet.name, "wound.treat_failed", rules, **common)], details)
    after = halve(before, rulings["wound.halving"])
    rules = rules + ("RULING-HALVE", "RULING-TREAT-REMAINING")
    details["after"] = after
    effects = [effect(sheet.name, "wound.treated", rules, after=after, **common)]
    if after == 0:
        del wounds[index]
        effects.append(effect(sheet.name, "wound.healed", ("RULING-HALVE",), name=sheet.name,
                              cause=cause_name(wound), origin=wound.position, why="treatment",
                              fatigue=_levels(sheet) - 1))
    else:
        wounds[index] = evolve(wound, treatment="success", treated_at=position,
                               rests_remaining=after,
                               rests_total=wound.rests_total - (before - after))
    return evolve(sheet, wounds=tuple(wounds)), _roll(roll, rules), effects, details


def tend(sheet: Sheet, healer: Sheet, d20: int | None, bonus: int, rulings: dict,
         position: int | None) -> tuple[Sheet, Roll, Effects, dict]:
    """WOUND-5, RULING-EVENING: an hour of care before a night that is not a long rest counts
    as a long rest for the wound at the head of the queue; once per night."""
    _healer_can_care(healer, "WOUND-5")
    if not sheet.wounds:
        raise RuleRefusal("tend.no_wound", "WOUND-5", name=sheet.name)
    if sheet.evening_care is not None:
        raise RuleRefusal("tend.already_tonight", "RULING-EVENING", name=sheet.name,
                          at=sheet.evening_care_position)
    if d20 is None:
        raise MissingRoll("d20", 20, "WOUND-5")
    head = sheet.wounds[0]
    dc = care_dc(head, 8, rulings["wound.dc_dice_term"])
    roll = resolve_check(d20, bonus, dc, "off")
    rules = ("WOUND-5", "RULING-DC-DICE", "RULING-EVENING", "RULING-TREAT-CHOICE")
    sheet = evolve(sheet, evening_care=roll.outcome, evening_care_position=position)
    code = "wound.tended" if roll.outcome == "success" else "wound.tend_failed"
    details = {"wound": 1, "origin": head.position, "cause": cause_name(head),
               "formula": head.formula, "d20": d20, "bonus": bonus, "total": roll.total,
               "dc": dc, "before": head.rests_remaining}
    return sheet, _roll(roll, rules), [effect(
        sheet.name, code, rules, name=sheet.name, healer=healer.name, cause=cause_name(head),
        origin=head.position, formula=head.formula, d20=d20, bonus=bonus, total=roll.total,
        dc=dc, rests=head.rests_remaining)], details


def _roll(roll: Roll, rules: tuple[str, ...]) -> Roll:
    return Roll(roll.outcome, roll.total, roll.target, rules)


def _levels(sheet: Sheet) -> int:
    return len(sheet.ordinary) + len(sheet.wounds) + len(sheet.magic)


def rest_wound_queue(sheet: Sheet, why: str, rules: tuple[str, ...]) -> tuple[Sheet, Effects]:
    """WOUND-6, RULING-HEAL-ON-REST: one long rest counts for the head of the queue only; the
    wound reaching 0 heals at the end of that rest, its fatigue level with it."""
    if not sheet.wounds:
        return sheet, []
    head = sheet.wounds[0]
    left = head.rests_remaining - 1
    rules = rules + ("WOUND-6", "WOUND-7", "RULING-HEAL-ON-REST")
    if left <= 0:
        healed = evolve(sheet, wounds=sheet.wounds[1:])
        return healed, [effect(sheet.name, "wound.healed", rules, name=sheet.name,
                               cause=cause_name(head), origin=head.position, why=why,
                               fatigue=_levels(healed))]
    return evolve(sheet, wounds=(evolve(head, rests_remaining=left),) + sheet.wounds[1:]), [
        effect(sheet.name, "wound.progress", rules, name=sheet.name, cause=cause_name(head),
               origin=head.position, before=head.rests_remaining, after=left, why=why)]
