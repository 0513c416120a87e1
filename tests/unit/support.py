"""A tiny table for worked examples: folds facts through `apply_command`, numbering the
positions itself, so a test reads like the GM's notes (no I/O, no store)."""

from ledger.rules.fold import CampaignState, Result, apply_command
from ledger.rules.sheet import Sheet, effective_max, fatigue_total, hp_max


def spell(name: str, level: int | None = None, dice: str | None = None, en: str | None = None,
          ritual: bool | None = False) -> dict:
    """A spell as a `cast` fact records it (what ledger/commands.py puts in args['spell'])."""
    return {"name": name, "fr": name, "en": en or name, "level": level, "ritual": ritual,
            "dice": dice}


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

    def do(self, kind: str, who: str | list[str] | None = None, **args) -> Result:
        """Fold one fact; a refusal leaves the table unchanged and propagates."""
        fact = {"kind": kind, "args": args}
        if who is not None:
            fact["who"] = [who] if isinstance(who, str) else list(who)
        self.state, result = apply_command(self.state, fact, self.position + 1)
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


def party(rulings: dict[str, str] | None = None) -> Table:
    """Arin (CON 14, 45 HP, level 5) and Brune the healer (CON 12, 38 HP, Medicine)."""
    table = Table(rulings)
    table.add("Arin", con=14, hp_max=45, level=5)
    table.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    return table


def wounded(rolls: list[int], dice: str = "1d12",
            rulings: dict[str, str] | None = None) -> Table:
    """Arin with one wound per face in `rolls` (each dropped to 0 and stabilized, then
    healed back to full), in order: a 1d12 cause gives healing times equal to the faces."""
    table = party(rulings)
    for face in rolls:
        table.do("damage", "Arin", amount=table.hp("Arin"), cause="hache", dice=dice)
        table.do("stabilize", "Arin", by="Brune", wound_roll=face)
        table.do("heal", "Arin", amount=100)
    return table
