"""Attack rolls, ability checks and saving throws: BASE-CRIT, CRIT-1..5,
RULING-CRIT-MARGIN, RULING-NAT1, RULING-CHECKS."""

from dataclasses import dataclass

from .errors import BadValue


@dataclass(frozen=True)
class Roll:
    """The outcome of one d20 roll against a target number, with the rules that decided it."""

    outcome: str
    total: int
    target: int
    rules: tuple[str, ...]

    def as_dict(self) -> dict:
        return {"outcome": self.outcome, "total": self.total, "target": self.target,
                "rules": list(self.rules)}

    def numbers(self, d20: int, bonus: int) -> dict:
        """What the log shows: face + bonus = total against the target, and the margin."""
        return {"d20": d20, "bonus": bonus, "total": self.total, "target": self.target,
                "margin": self.total - self.target}


def check_d20(face: int, what: str = "d20") -> None:
    if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 20:
        raise BadValue("roll.not_d20", None, what=what, value=str(face))


def check_crit_min(crit_min: int) -> None:
    if not isinstance(crit_min, int) or not 2 <= crit_min <= 20:
        raise BadValue("roll.crit_min_range", None, value=str(crit_min))


def crit_margin(crit_min: int) -> int:
    """RULING-CRIT-MARGIN (extending CRIT-5): 10 − (20 − lowest critical number)."""
    return 10 - (20 - crit_min)


def resolve_attack(d20: int, bonus: int, ac: int, crit_min: int, nat1: str) -> Roll:
    """CRIT-1..3 and CRIT-5: critical hit on a natural crit_min+ or a margin, critical failure
    at AC − 10 or lower, a natural 1 never hits (RULING-NAT1)."""
    check_d20(d20)
    check_crit_min(crit_min)
    total = d20 + bonus
    if d20 == 1:
        if nat1 == "critical-failure" or total <= ac - 10:
            return Roll("critical-failure", total, ac, ("CRIT-1", "CRIT-3", "RULING-NAT1"))
        return Roll("miss", total, ac, ("CRIT-1", "RULING-NAT1"))
    if d20 >= crit_min:
        rules = ("BASE-CRIT", "CRIT-1") if crit_min == 20 else ("BASE-CRIT", "CRIT-5")
        return Roll("critical-hit", total, ac, rules)
    margin = crit_margin(crit_min)
    if total >= ac + margin:
        rules = ("CRIT-2",) if crit_min == 20 else ("CRIT-2", "CRIT-5", "RULING-CRIT-MARGIN")
        return Roll("critical-hit", total, ac, rules)
    if total >= ac:
        return Roll("hit", total, ac, ("BASE-CRIT",))
    if total <= ac - 10:
        return Roll("critical-failure", total, ac, ("CRIT-3",))
    return Roll("miss", total, ac, ("BASE-CRIT",))


def resolve_check(d20: int, bonus: int, dc: int, checks: str) -> Roll:
    """CRIT-4 with RULING-CHECKS: beating the DC by 10+ is extraordinary, missing by 10+ too."""
    check_d20(d20)
    total = d20 + bonus
    if checks == "on":
        if total >= dc + 10:
            return Roll("extraordinary-success", total, dc, ("CRIT-4", "RULING-CHECKS"))
        if total <= dc - 10:
            return Roll("extraordinary-failure", total, dc, ("CRIT-4", "RULING-CHECKS"))
    if total >= dc:
        return Roll("success", total, dc, ("CRIT-4",) if checks == "on" else ("RULING-CHECKS",))
    return Roll("failure", total, dc, ("CRIT-4",) if checks == "on" else ("RULING-CHECKS",))


def resolve_save(d20: int, bonus: int, dc: int) -> Roll:
    """A saving throw: total ≥ DC succeeds; no margin criticals (RULING-CHECKS)."""
    check_d20(d20)
    total = d20 + bonus
    return Roll("success" if total >= dc else "failure", total, dc, ("RULING-CHECKS",))
