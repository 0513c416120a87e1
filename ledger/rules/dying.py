"""Hit points, dropping to 0 and surviving it: BASE-DYING, WOUND-1, RULING-DROP-CAUSE."""


from .crit import Roll, check_d20
from .errors import MissingRoll, RuleRefusal
from .sheet import Drop, Sheet, effective_max, evolve
from .wounds import Effects, suffer_wound


def _refuse_dead(sheet: Sheet, what: str) -> None:
    if sheet.condition == "dead":
        raise RuleRefusal(
            f"{sheet.name} is dead: {what} has no effect; only a resurrection spell brings "
            "the dead back (BASE-DYING, RES-1)", "BASE-DYING")


def take_damage(sheet: Sheet, amount: int, cause: str, dice: str | None, critical: bool,
                endure: bool, position: int | None) -> tuple[Sheet, Effects]:
    """BASE-DYING: damage, the drop to 0, instant death, failures for damage at 0 HP;
    WOUND-1: Relentless Endurance (`endure`) keeps the character at 1 HP, without a wound."""
    _refuse_dead(sheet, "damage")
    if amount == 0:
        return sheet, [(f"{sheet.name} takes no damage", ("BASE-DYING",))]
    if endure and not sheet.relentless:
        raise RuleRefusal(
            f"{sheet.name} has no Relentless Endurance or similar ability: add the character "
            "with --relentless to use --endure (WOUND-1)", "WOUND-1")
    top = effective_max(sheet)  # the HP maximum, halved from fatigue 4 (BASE-FATIGUE)
    if sheet.hp == 0:
        if amount >= top:
            return _die(sheet, f"{amount} damage at 0 HP ≥ HP maximum {top}: instant death")
        failures = sheet.failures + (2 if critical else 1)
        text = f"{sheet.name} takes {amount} damage at 0 HP: {2 if critical else 1} death save failure(s)"
        sheet = evolve(sheet, failures=failures, condition="dying")
        if failures >= 3:
            return _die(sheet, text + ", the third")
        return sheet, [(text, ("BASE-DYING",))]
    left = sheet.hp - amount
    if left > 0:
        return evolve(sheet, hp=left), [(f"{sheet.name} takes {amount} damage → {left} HP", ("BASE-DYING",))]
    leftover = -left
    if leftover >= top:
        return _die(sheet, f"{leftover} damage beyond 0 HP ≥ HP maximum {top}: instant death")
    if endure:
        if not sheet.relentless:
            raise RuleRefusal(
                f"{sheet.name} has no Relentless Endurance or similar ability: add the character "
                "with --relentless to use --endure (WOUND-1)", "WOUND-1")
        if sheet.endurance_used:
            raise RuleRefusal(
                f"{sheet.name} already used Relentless Endurance since the last long rest "
                "(once per long rest, WOUND-1)", "WOUND-1")
        text = f"{sheet.name} drops to 1 HP instead of 0 (Relentless Endurance): no wound"
        return evolve(sheet, hp=1, endurance_used=True), [(text, ("WOUND-1",))]
    sheet = evolve(sheet, hp=0, condition="dying", successes=0, failures=0,
                    drop=Drop(cause=cause, dice=dice, position=position))
    return sheet, [(f"{sheet.name} drops to 0 HP ({cause}) and is dying", ("BASE-DYING", "RULING-DROP-CAUSE"))]


def _die(sheet: Sheet, why: str) -> tuple[Sheet, Effects]:
    sheet = evolve(sheet, hp=0, condition="dead", drop=None, successes=0, failures=0)
    return sheet, [(f"{sheet.name} dies: {why}", ("BASE-DYING",))]


def _survive(sheet: Sheet, hp: int, condition: str, wound_roll: int | None,
             wound_dice: str | None, position: int | None, how: str) -> tuple[Sheet, Effects]:
    sheet, effects = suffer_wound(sheet, wound_roll, wound_dice, position, how)
    hp = min(hp, effective_max(sheet))
    return evolve(sheet, hp=hp, condition=condition, successes=0, failures=0), effects


def receive_healing(sheet: Sheet, amount: int, wound_roll: int | None, wound_dice: str | None,
                    position: int | None) -> tuple[Sheet, Effects]:
    """Healing up to the (effective) maximum; regaining HP at 0 is a survival (WOUND-1)."""
    _refuse_dead(sheet, "healing")
    if amount == 0:
        return sheet, [(f"{sheet.name} regains no HP", ("BASE-DYING",))]
    if sheet.hp == 0:
        sheet, effects = _survive(sheet, amount, "conscious", wound_roll, wound_dice, position,
                                  "healed")
        return sheet, effects + [(f"{sheet.name} regains consciousness at {sheet.hp} HP", ("BASE-DYING",))]
    hp = min(sheet.hp + amount, effective_max(sheet))
    return evolve(sheet, hp=hp), [(f"{sheet.name} regains {hp - sheet.hp} HP → {hp} HP", ("BASE-DYING",))]


def death_save(sheet: Sheet, d20: int | None, wound_roll: int | None, wound_dice: str | None,
               position: int | None) -> tuple[Sheet, Roll, Effects]:
    """BASE-DYING: 10+ succeeds, 20 regains 1 HP, 1 counts two failures; three successes
    stabilize (a survival: WOUND-1), three failures kill."""
    if sheet.condition != "dying":
        state = f"{sheet.condition} at {sheet.hp} HP" if sheet.condition != "dead" else "dead"
        raise RuleRefusal(
            f"{sheet.name} is {state}: only a dying character (0 HP, not stable) makes death "
            "saves (BASE-DYING)", "BASE-DYING")
    if d20 is None:
        raise MissingRoll("d20", 20, "BASE-DYING")
    check_d20(d20)
    rules = ("BASE-DYING",)
    if d20 == 20:
        sheet, effects = _survive(sheet, 1, "conscious", wound_roll, wound_dice, position,
                                  "natural 20 on a death save")
        return sheet, Roll("critical-success", 20, 10, rules), effects + [
            (f"{sheet.name} rolls a natural 20 and regains 1 HP", rules)]
    if d20 == 1 or d20 < 10:
        failures = sheet.failures + (2 if d20 == 1 else 1)
        outcome = "critical-failure" if d20 == 1 else "failure"
        sheet = evolve(sheet, failures=min(failures, 3))
        if failures >= 3:
            sheet, effects = _die(sheet, "three death save failures")
            return sheet, Roll(outcome, d20, 10, rules), effects
        return sheet, Roll(outcome, d20, 10, rules), [
            (f"{sheet.name} fails a death save ({failures} failure(s))", rules)]
    successes = sheet.successes + 1
    if successes >= 3:
        sheet, effects = _survive(sheet, 0, "stable", wound_roll, wound_dice, position,
                                  "three death save successes")
        return sheet, Roll("success", d20, 10, rules), effects + [
            (f"{sheet.name} is stable at 0 HP", rules)]
    sheet = evolve(sheet, successes=successes)
    return sheet, Roll("success", d20, 10, rules), [
        (f"{sheet.name} succeeds a death save ({successes} success(es))", rules)]


def stabilize(sheet: Sheet, by: str | None, wound_roll: int | None, wound_dice: str | None,
              position: int | None) -> tuple[Sheet, Effects]:
    """BASE-DYING: a dying character stabilized by an ally survives at 0 HP (WOUND-1)."""
    if sheet.condition != "dying":
        raise RuleRefusal(
            f"{sheet.name} is {sheet.condition} at {sheet.hp} HP, not dying: nothing to "
            "stabilize (BASE-DYING)", "BASE-DYING")
    how = f"stabilized by {by}" if by else "stabilized"
    sheet, effects = _survive(sheet, 0, "stable", wound_roll, wound_dice, position, how)
    return sheet, effects + [(f"{sheet.name} is {how} at 0 HP", ("BASE-DYING",))]
