"""A tiny table for worked examples: folds facts through `apply_command`, numbering the
positions itself, so a test reads like the GM's notes (no I/O, no store); and a recorded
history folded again with `fold_history` (corrections, other rulings).

The rules speak in codes and data: tests assert a consequence's code, its parameters and the
rule ids that decided it, and a refusal's code, rule and parameters, never English text."""

from ledger.rules.effects import effect
from ledger.rules.errors import Problem
from ledger.rules.fold import CampaignState, Result, apply_command, fold_history
from ledger.rules.sheet import Sheet, effective_max, fatigue_total, hp_max

__all__ = ["effect", "spell", "Table", "History", "party", "wounded", "codes", "the",
           "problem", "named"]


def spell(name: str, level: int | None = None, dice: str | None = None, en: str | None = None,
          ritual: bool | None = False) -> dict:
    """A spell as a `cast` fact records it (what ledger/commands.py puts in args['spell'])."""
    return {"name": name, "fr": name, "en": en or name, "level": level, "ritual": ritual,
            "dice": dice}


def named(text: str, en: str | None = None) -> dict:
    """A cause or a spell as an effect names it (`effects.named`)."""
    return {"text": text, "en": en} if en else {"text": text}


def codes(result: Result, character: str | None = None) -> list[str]:
    """The codes of a result's consequences, in order (of one character, if named)."""
    return [e["code"] for e in result.effects if character is None or e["character"] == character]


def the(result: Result, code: str) -> dict:
    """The one consequence of `result` with this code."""
    found = [e for e in result.effects if e["code"] == code]
    assert len(found) == 1, f"{code}: {len(found)} effects in {codes(result)}"
    return found[0]


def problem(error: Problem) -> tuple:
    """A refusal as the data it carries: (code, rule id, parameters)."""
    return error.code, error.rule, error.params


class Table:
    """The campaign state, folded one fact at a time."""

    def __init__(self, rulings: dict[str, str] | None = None):
        self.state = CampaignState()
        self.position = 0
        self.results: list[Result] = []
        self.do("init", name="L'Âge du Changement", rulings=dict(rulings or {}))

    def add(self, name: str, con: int = 10, hp_max: int = 45, **options) -> "Table":
        self.do("character add", name=name, con=con, hp_max=hp_max, **options)
        return self

    def do(self, kind: str, who: str | list[str] | None = None, *, strict: bool = True,
           **args) -> Result:
        """Fold one fact (`strict=False`: as a re-fold does); a refusal leaves the table
        unchanged and propagates."""
        fact = {"kind": kind, "args": args}
        if who is not None:
            fact["who"] = [who] if isinstance(who, str) else list(who)
        self.state, result = apply_command(self.state, fact, self.position + 1, strict)
        self.position += 1
        self.results.append(result)
        return result

    def __getitem__(self, name: str) -> Sheet:
        return self.state.sheet(name)

    # figures of one character -------------------------------------------------------------

    def hp(self, name: str) -> int:
        return self[name].hp

    def condition(self, name: str) -> str:
        return self[name].condition

    def fatigue(self, name: str) -> int:
        return fatigue_total(self[name])

    def max(self, name: str) -> int:
        return hp_max(self[name])

    def effective_max(self, name: str) -> int:
        return effective_max(self[name])

    def rests(self, name: str) -> list[int]:
        """The healing queue, head first: the long rests each wound still needs."""
        return [w.rests_remaining for w in self[name].wounds]


class History:
    """Recorded facts, numbered 1, 2, 3…, folded again by `fold_history` (as the projections,
    `what-if` and a correction's simulation do)."""

    def __init__(self, rulings: dict[str, str] | None = None):
        self.facts: list[tuple[int, dict]] = []
        self.do("init", name="L'Âge du Changement", rulings=dict(rulings or {}))

    def do(self, kind: str, who: str | list[str] | None = None, **args) -> int:
        """Record one fact; returns its number."""
        fact = {"kind": kind, "args": args}
        if who is not None:
            fact["who"] = [who] if isinstance(who, str) else list(who)
        number = len(self.facts) + 1
        self.facts.append((number, fact))
        return number

    def add(self, name: str, con: int = 10, hp_max: int = 45, **options) -> int:
        return self.do("character add", name=name, con=con, hp_max=hp_max, **options)

    def fold(self, rulings: dict | None = None, upto: int | None = None) -> "Folded":
        return Folded(fold_history(self.facts, rulings, upto))


class Folded:
    """What `fold_history` yielded: per number the (fact, state, result, note), and the last
    state."""

    def __init__(self, steps):
        self.steps = {number: (fact, state, result, note)
                      for number, fact, state, result, note in steps}
        self.state = list(self.steps.values())[-1][1] if self.steps else CampaignState()

    def result(self, number: int) -> Result | None:
        return self.steps[number][2]

    def note(self, number: int) -> dict | None:
        return self.steps[number][3]

    def fact(self, number: int) -> dict:
        return self.steps[number][0]

    def __getitem__(self, name: str) -> Sheet:
        return self.state.sheet(name)


def party(rulings: dict[str, str] | None = None) -> Table:
    """Arin (CON 14, 45 HP, level 5) and Brune the healer (CON 12, 38 HP, Medicine)."""
    table = Table(rulings)
    table.add("Arin", con=14, hp_max=45, level=5)
    table.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    return table


def wounded(rolls: list[int], dice: str | list[str] = "1d12",
            rulings: dict[str, str] | None = None) -> Table:
    """Arin with one wound per face in `rolls` (each dropped to 0 and stabilized, then
    healed back to full), in order: a 1d12 cause gives healing times equal to the faces.
    Commands 1–3 open the campaign; the wound of the k-th face (from 0) is created by the
    stabilization at command 5 + 3k."""
    table = party(rulings)
    causes = [dice] * len(rolls) if isinstance(dice, str) else list(dice)
    for face, cause in zip(rolls, causes):
        table.do("damage", "Arin", amount=table.hp("Arin"), cause="hache", dice=cause)
        table.do("stabilize", "Arin", by="Brune", wound_roll=face)
        table.do("heal", "Arin", amount=100)
    return table
