"""Dying magic: MAGIC-1..5 and RULING-MAGIC-HP."""

from dataclasses import dataclass

from .crit import resolve_save
from .errors import BadValue, MissingRoll, RuleRefusal


@dataclass(frozen=True)
class CastDecision:
    """What casting costs: the outcome for the log, fatigue levels, HP lost, rule ids."""

    outcome: str  # no-save, saved, fatigue, paid-hp
    level: int
    dc: int | None
    total: int | None
    fatigue: int
    hp_loss: int
    rules: tuple[str, ...]


def save_level(slot: int, ritual: bool, spell_level: int | None) -> int:
    """MAGIC-1: the slot level, or for a ritual (no slot) the spell's own level."""
    return spell_level if ritual and spell_level is not None else slot


def fatigue_for(level: int) -> int:
    """MAGIC-2: levels 4–7 cost 1 fatigue level, 8–9 cost 2."""
    return 2 if level >= 8 else 1


def check_slot(name: str, slot: int, ritual: bool, spell_level: int | None,
               spell_ritual: bool | None) -> None:
    if not isinstance(slot, int) or not 0 <= slot <= 9:
        raise BadValue(f"--slot {slot!r} is not a spell level: expected 0 to 9")
    if spell_level is None:
        return
    if ritual and spell_ritual is False:
        raise RuleRefusal(f"{name} is not a ritual spell: cast it with a slot, without --ritual",
                          "MAGIC-1")
    if ritual and slot != spell_level:
        raise BadValue(f"--ritual casts {name} at its own level: give --slot {spell_level}")
    if slot < spell_level:
        raise RuleRefusal(f"{name} is a level-{spell_level} spell: --slot {slot} is too low "
                          f"(expected {spell_level} to 9)", "MAGIC-1")


def decide(caster: str, warlock: bool, slot: int, ritual: bool, spell_level: int | None,
           pact: bool, arcanum: bool, save_d20: int | None, save_bonus: int | None,
           pay_hp: bool) -> CastDecision:
    """MAGIC-1: Constitution save DC 6 + level for slots (or rituals) of level 4+;
    MAGIC-4: a warlock's pact slots are exempt, its Mystic Arcanum is not;
    MAGIC-5: pay 2 × level HP instead of the save, or instead of a failed save's fatigue."""
    if pact and arcanum:
        raise BadValue("--pact and --arcanum exclude each other: a spell uses a pact slot "
                       "or the Mystic Arcanum")
    if (pact or arcanum) and not warlock:
        flag = "--pact" if pact else "--arcanum"
        raise RuleRefusal(f"{caster} is not a warlock: {flag} needs a character added with "
                          "--warlock (MAGIC-4)", "MAGIC-4")
    level = save_level(slot, ritual, spell_level)
    if pact:
        return CastDecision("no-save", level, None, None, 0, 0, ("MAGIC-4",))
    if level < 4:
        return CastDecision("no-save", level, None, None, 0, 0, ("MAGIC-1",))
    dc = 6 + level
    rules = ("MAGIC-1", "MAGIC-4") if arcanum else ("MAGIC-1",)
    if save_bonus is None:
        if pay_hp:
            return CastDecision("paid-hp", level, dc, None, 0, 2 * level,
                                rules + ("MAGIC-5", "RULING-MAGIC-HP"))
        raise RuleRefusal(
            f"a level-{level} cast by {caster} needs a Constitution save against DC {dc} "
            f"(MAGIC-1): give --save-bonus (and --save-d20, or let the ledger roll it), or "
            f"--pay-hp to lose {2 * level} HP instead (MAGIC-5)", "MAGIC-1")
    if save_d20 is None:
        raise MissingRoll("save_d20", 20, "MAGIC-1")
    roll = resolve_save(save_d20, save_bonus, dc)
    if roll.outcome == "success":
        return CastDecision("saved", level, dc, roll.total, 0, 0, rules)
    if pay_hp:
        return CastDecision("paid-hp", level, dc, roll.total, 0, 2 * level,
                            rules + ("MAGIC-5", "RULING-MAGIC-HP"))
    return CastDecision("fatigue", level, dc, roll.total, fatigue_for(level), 0,
                        rules + ("MAGIC-2", "MAGIC-3"))
