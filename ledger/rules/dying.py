"""Hit points, dropping to 0 and surviving it: BASE-DYING, WOUND-1, RULING-DROP-CAUSE,
RULING-ENDURE, RULING-STABLE."""


from .crit import Roll, check_d20
from .effects import Effects, effect, named
from .errors import MissingRoll, RuleRefusal
from .sheet import Drop, Sheet, effective_max, evolve
from .wounds import suffer_wound

DYING = ("BASE-DYING",)


def _refuse_dead(sheet: Sheet, what: str) -> None:
    if sheet.condition == "dead":
        raise RuleRefusal("dead.no_effect", "BASE-DYING", name=sheet.name, what=what)


def take_damage(sheet: Sheet, amount: int, cause: str, dice: str | None, critical: bool,
                endure: bool, position: int | None,
                cause_en: str | None = None) -> tuple[Sheet, Effects]:
    """BASE-DYING: damage, the drop to 0, instant death, failures for damage at 0 HP;
    WOUND-1 and RULING-ENDURE: Relentless Endurance keeps the character at 1 HP, without a
    wound, when the damage would drop it to 0 and the feature is unspent."""
    _refuse_dead(sheet, "damage")
    name = sheet.name
    if endure and not sheet.relentless:
        raise RuleRefusal("endure.no_feature", "WOUND-1", name=name)
    not_needed = [effect(name, "endure.not_needed", ("RULING-ENDURE",), name=name,
                         why="stays-up")] if endure else []
    if amount == 0:
        return sheet, not_needed + [effect(name, "hp.no_damage", DYING, name=name)]
    top = effective_max(sheet)  # the HP maximum, halved from fatigue 4 (BASE-FATIGUE)
    before = sheet.hp
    effects: Effects = []
    if sheet.hp == 0:
        if endure:
            effects.append(effect(name, "endure.not_needed", ("RULING-ENDURE",), name=name,
                                  why="at-zero"))
        if amount >= top:
            return _die(sheet, effects + [effect(name, "death.instant_at_zero", DYING, name=name,
                                                 amount=amount, max=top)])
        added = 2 if critical else 1
        failures = sheet.failures + added
        sheet = evolve(sheet, failures=min(failures, 3), condition="dying")
        effects.append(effect(name, "hp.damage_at_zero", DYING, name=name, amount=amount,
                              added=added, failures=min(failures, 3), critical=critical))
        if failures >= 3:
            return _die(sheet, effects + [effect(name, "death.three_failures", DYING, name=name)])
        return sheet, effects
    left = sheet.hp - amount
    if left > 0:
        if endure:
            effects.append(effect(name, "endure.not_needed", ("RULING-ENDURE",), name=name,
                                  why="stays-up"))
        return evolve(sheet, hp=left), effects + [effect(
            name, "hp.damaged", DYING, name=name, amount=amount, before=before, after=left)]
    leftover = -left
    if leftover >= top:
        return _die(sheet, [effect(name, "endure.too_much", ("RULING-ENDURE",), name=name)]
                    * bool(endure) + [effect(name, "death.instant_leftover", DYING, name=name,
                                             amount=amount, before=before, leftover=leftover,
                                             max=top)])
    if endure:
        if not sheet.endurance_used:
            return evolve(sheet, hp=1, endurance_used=True), [effect(
                name, "endure.held", ("WOUND-1", "RULING-ENDURE"), name=name, amount=amount,
                before=before)]
        effects.append(effect(name, "endure.spent", ("RULING-ENDURE",), name=name))
    sheet = evolve(sheet, hp=0, condition="dying", successes=0, failures=0,
                   drop=Drop(cause=cause, dice=dice, position=position, cause_en=cause_en))
    return sheet, effects + [effect(name, "hp.dropped", ("BASE-DYING", "RULING-DROP-CAUSE"),
                                    name=name, amount=amount, before=before,
                                    cause=named(cause, cause_en))]


def _die(sheet: Sheet, effects: Effects) -> tuple[Sheet, Effects]:
    sheet = evolve(sheet, hp=0, condition="dead", drop=None, successes=0, failures=0)
    return sheet, effects


def _survive(sheet: Sheet, hp: int, condition: str, wound_roll: int | None,
             wound_dice: str | None, position: int | None, how: str,
             by: str | None = None) -> tuple[Sheet, Effects]:
    sheet, effects = suffer_wound(sheet, wound_roll, wound_dice, position, how, by)
    hp = min(hp, effective_max(sheet))
    return evolve(sheet, hp=hp, condition=condition, successes=0, failures=0), effects


def receive_healing(sheet: Sheet, amount: int, wound_roll: int | None, wound_dice: str | None,
                    position: int | None) -> tuple[Sheet, Effects]:
    """Healing up to the (effective) maximum; regaining HP at 0 is a survival (WOUND-1)."""
    _refuse_dead(sheet, "healing")
    name = sheet.name
    if amount == 0:
        return sheet, [effect(name, "hp.no_healing", DYING, name=name)]
    if sheet.hp == 0:
        sheet, effects = _survive(sheet, amount, "conscious", wound_roll, wound_dice, position,
                                  "healed")
        return sheet, effects + [effect(name, "hp.revived", DYING, name=name, amount=amount,
                                        after=sheet.hp)]
    hp = min(sheet.hp + amount, effective_max(sheet))
    return evolve(sheet, hp=hp), [effect(name, "hp.healed", DYING, name=name, amount=amount,
                                         gained=hp - sheet.hp, before=sheet.hp, after=hp)]


def death_save(sheet: Sheet, d20: int | None, wound_roll: int | None, wound_dice: str | None,
               position: int | None) -> tuple[Sheet, Roll, Effects]:
    """BASE-DYING: 10+ succeeds, 20 regains 1 HP, 1 counts two failures; three successes
    stabilize (a survival: WOUND-1), three failures kill."""
    name = sheet.name
    if sheet.condition != "dying":
        raise RuleRefusal("death_save.not_dying", "BASE-DYING", name=name,
                          condition=sheet.condition, hp=sheet.hp)
    if d20 is None:
        raise MissingRoll("d20", 20, "BASE-DYING")
    check_d20(d20)
    if d20 == 20:
        sheet, effects = _survive(sheet, 1, "conscious", wound_roll, wound_dice, position,
                                  "natural-20")
        return sheet, Roll("critical-success", 20, 10, DYING), effects + [
            effect(name, "death_save.natural_20", DYING, name=name)]
    if d20 < 10:
        added = 2 if d20 == 1 else 1
        failures = sheet.failures + added
        outcome = "critical-failure" if d20 == 1 else "failure"
        sheet = evolve(sheet, failures=min(failures, 3))
        effects = [effect(name, "death_save.failed", DYING, name=name, d20=d20, added=added,
                          failures=min(failures, 3), successes=sheet.successes)]
        if failures >= 3:
            sheet, effects = _die(sheet, effects + [effect(name, "death.three_failures", DYING,
                                                           name=name)])
        return sheet, Roll(outcome, d20, 10, DYING), effects
    successes = sheet.successes + 1
    effects = [effect(name, "death_save.succeeded", DYING, name=name, d20=d20,
                      successes=successes, failures=sheet.failures)]
    if successes >= 3:
        sheet, wound = _survive(sheet, 0, "stable", wound_roll, wound_dice, position,
                                "three-successes")
        return sheet, Roll("success", d20, 10, DYING), effects + wound + [
            effect(name, "dying.stable", DYING, name=name)]
    return evolve(sheet, successes=successes), Roll("success", d20, 10, DYING), effects


def stabilize(sheet: Sheet, by: str | None, wound_roll: int | None, wound_dice: str | None,
              position: int | None) -> tuple[Sheet, Effects]:
    """BASE-DYING: a dying character stabilized by an ally survives at 0 HP (WOUND-1)."""
    if sheet.condition != "dying":
        raise RuleRefusal("stabilize.not_dying", "BASE-DYING", name=sheet.name,
                          condition=sheet.condition, hp=sheet.hp)
    sheet, effects = _survive(sheet, 0, "stable", wound_roll, wound_dice, position,
                              "stabilized", by)
    if by:
        return sheet, effects + [effect(sheet.name, "dying.stabilized", DYING, name=sheet.name,
                                        by=by)]
    return sheet, effects + [effect(sheet.name, "dying.stable", DYING, name=sheet.name)]


def regain_from_stable(sheet: Sheet) -> tuple[Sheet, Effects]:
    """RULING-STABLE: a night, long rest or day in the wild that starts while the character is
    stable gives it the 1 HP a stable character regains after 1d4 hours."""
    if sheet.condition != "stable":
        return sheet, []
    sheet = evolve(sheet, condition="conscious", hp=1, successes=0, failures=0)
    return sheet, [effect(sheet.name, "dying.stable_regains", ("RULING-STABLE", "BASE-DYING"),
                          name=sheet.name)]
