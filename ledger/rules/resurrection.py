"""Difficult resurrections: RES-1, RES-2, RULING-CON-ZERO, RULING-DROP-CAUSE."""


from .errors import RuleRefusal
from .sheet import ConLoss, Sheet, con_current, effective_max, evolve, hp_max
from .wounds import Effects

# English spell name -> (Constitution the caster loses, HP the target returns with)
RESURRECTIONS: dict[str, tuple[int, str]] = {
    "revivify": (1, "one"),
    "raise dead": (1, "one"),
    "reincarnate": (1, "one"),
    "resurrection": (2, "full"),
    "true resurrection": (3, "full"),
}


def con_cost(spell_en: str | None) -> int:
    """RES-1: 1 for revivify, raise dead, reincarnate; 2 resurrection; 3 true resurrection."""
    return RESURRECTIONS.get((spell_en or "").casefold(), (0, ""))[0]


def pay_constitution(caster: Sheet, spell: str, amount: int,
                     position: int | None) -> tuple[Sheet, Effects]:
    """RES-1/RES-2: the loss is immediate and permanent; Constitution 0 is recorded as it is,
    with a loud warning (RULING-CON-ZERO)."""
    loss = ConLoss(position=position, amount=amount, spell=spell, rules=("RES-1", "RES-2"))
    caster = evolve(caster, con_losses=caster.con_losses + (loss,))
    effects: Effects = [(f"{caster.name} loses {amount} Constitution for ever casting {spell} "
                         f"→ {con_current(caster)}", ("RES-1", "RES-2"))]
    if con_current(caster) <= 0:
        effects.append((f"WARNING: {caster.name}'s Constitution is {con_current(caster)}: "
                        "recorded as it is; the GM decides what it means", ("RULING-CON-ZERO",)))
    return caster, effects


def bring_back(target: Sheet, spell_en: str, spell: str) -> tuple[Sheet, Effects]:
    """The target returns (1 HP for revivify, raise dead and reincarnate; all HP for
    resurrection and true resurrection); death is not a wound (RULING-DROP-CAUSE)."""
    if target.condition != "dead":
        raise RuleRefusal(f"{target.name} is not dead ({target.condition}, {target.hp} HP): "
                          f"{spell} brings back only the dead (RES-1)", "RES-1")
    hp_rule = RESURRECTIONS[spell_en.casefold()][1]
    target = evolve(target, condition="conscious", successes=0, failures=0, drop=None, hp=1)
    hp = effective_max(target) if hp_rule == "full" else 1
    target = evolve(target, hp=min(hp, hp_max(target)))
    return target, [(f"{target.name} returns to life at {target.hp} HP ({spell}); death is "
                     "not a wound", ("RES-1", "RULING-DROP-CAUSE"))]
