"""Difficult resurrections: RES-1, RES-2, RULING-CON-ZERO, RULING-DROP-CAUSE,
RULING-FATIGUE-DEATH, RULING-ASI."""


from .effects import Effects, effect, named
from .errors import BadValue, RuleRefusal
from .sheet import (CON_CAP, FATIGUE_DEATH, ConLoss, Sheet, con_current, effective_max, evolve,
                    fatigue_levels, hp_max)

# English spell name -> (Constitution the caster loses, HP the target returns with)
RESURRECTIONS: dict[str, tuple[int, str]] = {
    "revivify": (1, "one"),
    "raise dead": (1, "one"),
    "reincarnate": (1, "one"),
    "resurrection": (2, "full"),
    "true resurrection": (3, "full"),
}
ASI_STEPS = (1, 2)  # RULING-ASI: an ability score improvement raises a score by 1 or 2


def con_cost(spell_en: str | None) -> int:
    """RES-1: 1 for revivify, raise dead, reincarnate; 2 resurrection; 3 true resurrection."""
    return RESURRECTIONS.get((spell_en or "").casefold(), (0, ""))[0]


def can_bring_back(target: Sheet, spell: dict) -> None:
    """Checked before the caster pays anything: only the dead come back, and not at fatigue 6
    (RULING-FATIGUE-DEATH: record the magic that removes levels first)."""
    if target.condition != "dead":
        raise RuleRefusal("res.not_dead", "RES-1", name=target.name, condition=target.condition,
                          hp=target.hp, spell=named(spell["name"], spell.get("en")))
    if fatigue_levels(target) >= FATIGUE_DEATH:
        raise RuleRefusal("res.fatigue_six", "RULING-FATIGUE-DEATH", name=target.name,
                          levels=fatigue_levels(target), ordinary=len(target.ordinary),
                          magic=len(target.magic), wound=len(target.wounds),
                          remove=fatigue_levels(target) - FATIGUE_DEATH + 1)


def pay_constitution(caster: Sheet, spell: str, amount: int, position: int | None,
                     spell_en: str | None = None) -> tuple[Sheet, Effects]:
    """RES-1/RES-2: the loss is immediate and permanent; Constitution 0 is recorded as it is,
    with a loud warning (RULING-CON-ZERO)."""
    before, max_before = con_current(caster), hp_max(caster)
    loss = ConLoss(position=position, amount=amount, spell=spell, rules=("RES-1", "RES-2"),
                   spell_en=spell_en)
    caster = evolve(caster, con_losses=caster.con_losses + (loss,))
    effects: Effects = [effect(caster.name, "con.lost", ("RES-1", "RES-2"), name=caster.name,
                               amount=amount, spell=named(spell, spell_en), before=before,
                               after=con_current(caster), max_before=max_before,
                               max_after=hp_max(caster))]
    if con_current(caster) <= 0:
        effects.append(effect(caster.name, "con.zero", ("RULING-CON-ZERO",), name=caster.name,
                              con=con_current(caster)))
    return caster, effects


def bring_back(target: Sheet, spell_en: str, spell: str) -> tuple[Sheet, Effects]:
    """The target returns (1 HP for revivify, raise dead and reincarnate; all HP for
    resurrection and true resurrection); death is not a wound (RULING-DROP-CAUSE)."""
    hp_rule = RESURRECTIONS[spell_en.casefold()][1]
    target = evolve(target, condition="conscious", successes=0, failures=0, drop=None, hp=1)
    hp = effective_max(target) if hp_rule == "full" else 1
    target = evolve(target, hp=min(hp, hp_max(target)))
    return target, [effect(target.name, "res.returned", ("RES-1", "RULING-DROP-CAUSE"),
                           name=target.name, hp=target.hp, spell=named(spell, spell_en))]


def improve(sheet: Sheet, amount: int, beyond_cap: bool, cause: str | None) -> tuple[Sheet, Effects]:
    """RULING-ASI and RES-2: an improvement of 1 or 2, never above 20 unless an item or boon
    lifting the cap is recorded with its cause; the lost points stay lost."""
    if sheet.condition == "dead":
        raise RuleRefusal("improve.dead", "RES-2", name=sheet.name)
    if amount not in ASI_STEPS:
        raise BadValue("improve.step", None, amount=amount)
    if beyond_cap and not cause:
        raise BadValue("improve.cap_needs_cause", None)
    before, max_before = con_current(sheet), hp_max(sheet)
    if before + amount > CON_CAP and not beyond_cap:
        raise RuleRefusal("improve.cap", "RULING-ASI", name=sheet.name, con=before,
                          amount=amount, cap=CON_CAP, most=max(0, CON_CAP - before))
    sheet = evolve(sheet, con_improvements=sheet.con_improvements + amount)
    rules = ("RULING-ASI", "RES-2")
    code = "con.improved_beyond" if beyond_cap else "con.improved"
    return sheet, [effect(sheet.name, code, rules, name=sheet.name, amount=amount,
                          before=before, after=con_current(sheet), max_before=max_before,
                          max_after=hp_max(sheet), beyond_cap=beyond_cap,
                          cause=named(cause) if cause else None)]
