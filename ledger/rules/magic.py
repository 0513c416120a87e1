"""Dying magic: MAGIC-1..5, RULING-MAGIC-HP and RULING-PACT."""

from dataclasses import dataclass

from .crit import resolve_save
from .errors import BadValue, MissingRoll, RuleRefusal

PACT_MAX = 5  # RULING-PACT: pact-magic slots are of level 1 to 5
ARCANUM_MIN = 6  # the Mystic Arcanum holds spells of level 6 to 9


@dataclass(frozen=True)
class CastDecision:
    """What casting costs: the outcome for the log, the save's numbers, fatigue levels, HP
    lost, rule ids."""

    outcome: str  # no-save, saved, fatigue, paid-hp
    level: int
    dc: int | None
    d20: int | None
    bonus: int | None
    total: int | None
    fatigue: int
    hp_loss: int
    rules: tuple[str, ...]
    arcanum: bool = False

    def details(self, slot: int) -> dict:
        return {"slot": slot, "level": self.level, "dc": self.dc, "d20": self.d20,
                "bonus": self.bonus, "total": self.total, "fatigue": self.fatigue,
                "hp_loss": self.hp_loss, "arcanum": self.arcanum}


def save_level(slot: int, ritual: bool, spell_level: int | None) -> int:
    """MAGIC-1: the slot level, or for a ritual (no slot) the spell's own level."""
    return spell_level if ritual and spell_level is not None else slot


def fatigue_for(level: int) -> int:
    """MAGIC-2: levels 4–7 cost 1 fatigue level, 8–9 cost 2."""
    return 2 if level >= 8 else 1


def check_slot(name: str, slot: int, ritual: bool, spell_level: int | None,
               spell_ritual: bool | None) -> None:
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot <= 9:
        raise BadValue("cast.slot_range", None, slot=slot)
    if spell_level is None:
        return
    if ritual and spell_ritual is False:
        raise RuleRefusal("cast.not_ritual", "MAGIC-1", spell=name)
    if ritual and slot != spell_level:
        raise BadValue("cast.ritual_slot", None, spell=name, level=spell_level, slot=slot)
    if slot < spell_level:
        raise RuleRefusal("cast.slot_too_low", "MAGIC-1", spell=name, level=spell_level,
                          slot=slot)


def decide(caster: str, warlock: bool, slot: int, ritual: bool, spell_level: int | None,
           pact: bool, arcanum: bool, save_d20: int | None, save_bonus: int | None,
           pay_hp: bool) -> CastDecision:
    """MAGIC-1: Constitution save DC 6 + level for slots (or rituals) of level 4+;
    MAGIC-4 and RULING-PACT: a warlock's pact slots (levels 1–5) are exempt, its Mystic
    Arcanum (spells of level 6–9) is not, and a ritual never uses a pact slot;
    MAGIC-5: pay 2 × level HP instead of the save, or instead of a failed save's fatigue."""
    if pact and arcanum:
        raise BadValue("cast.pact_and_arcanum", None)
    if (pact or arcanum) and not warlock:
        raise RuleRefusal("cast.not_warlock", "MAGIC-4", name=caster,
                          flag="--pact" if pact else "--arcanum")
    if pact and ritual:
        raise RuleRefusal("cast.ritual_pact", "RULING-PACT", name=caster)
    level = save_level(slot, ritual, spell_level)
    if pact and slot > PACT_MAX:
        raise RuleRefusal("cast.pact_too_high", "RULING-PACT", name=caster, slot=slot,
                          most=PACT_MAX)
    spell_rank = spell_level if spell_level is not None else slot
    if arcanum and spell_rank < ARCANUM_MIN:
        raise RuleRefusal("cast.arcanum_too_low", "RULING-PACT", name=caster, level=spell_rank,
                          least=ARCANUM_MIN)
    if warlock and not ritual and not pact and spell_rank >= ARCANUM_MIN:
        arcanum = True  # RULING-PACT: a warlock's spell of level 6 to 9 is its Arcanum
    if pact:
        return CastDecision("no-save", level, None, None, None, None, 0, 0,
                            ("MAGIC-4", "RULING-PACT"))
    if level < 4:
        return CastDecision("no-save", level, None, None, None, None, 0, 0, ("MAGIC-1",),
                            arcanum)
    dc = 6 + level
    rules = ("MAGIC-1", "MAGIC-4", "RULING-PACT") if arcanum else ("MAGIC-1",)
    if ritual and warlock:
        rules = ("MAGIC-1", "RULING-PACT")
    if save_bonus is None:
        if pay_hp:
            return CastDecision("paid-hp", level, dc, None, None, None, 0, 2 * level,
                                rules + ("MAGIC-5", "RULING-MAGIC-HP"), arcanum)
        raise RuleRefusal("cast.needs_save", "MAGIC-1", name=caster, level=level, dc=dc,
                          hp=2 * level)
    if save_d20 is None:
        raise MissingRoll("save_d20", 20, "MAGIC-1")
    roll = resolve_save(save_d20, save_bonus, dc)
    if roll.outcome == "success":
        return CastDecision("saved", level, dc, save_d20, save_bonus, roll.total, 0, 0, rules,
                            arcanum)
    if pay_hp:
        return CastDecision("paid-hp", level, dc, save_d20, save_bonus, roll.total, 0,
                            2 * level, rules + ("MAGIC-5", "RULING-MAGIC-HP"), arcanum)
    return CastDecision("fatigue", level, dc, save_d20, save_bonus, roll.total,
                        fatigue_for(level), 0, rules + ("MAGIC-2", "MAGIC-3"), arcanum)
