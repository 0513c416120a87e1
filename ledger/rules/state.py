"""The campaign as the fold sees it (roster of sheets, rulings, open session, command number,
corrections in force), and the result the rules give for one fact."""

from dataclasses import dataclass, field

from ..names import name_key
from .errors import RuleRefusal, UnknownCharacter
from .rulings import default_rulings
from .sheet import Sheet, from_dict, to_dict


@dataclass
class CampaignState:
    name: str | None = None
    seed: int | None = None
    rulings: dict = field(default_factory=default_rulings)
    characters: dict[str, Sheet] = field(default_factory=dict)
    session_count: int = 0  # sessions started so far (their list is a read model)
    session: int | None = None  # the open session's number
    position: int = 0  # the number of the last command folded (1, 2, 3… in the total order)
    voids: dict[int, int] = field(default_factory=dict)  # voided command -> the void in force
    void_log: dict[int, int] = field(default_factory=dict)  # every correction -> its target

    def sheet(self, name: str) -> Sheet:
        key = name_key(name)
        if key not in self.characters:
            raise UnknownCharacter("character.unknown", None, name=name,
                                   known=[s.name for s in self.characters.values()])
        return self.characters[key]

    def to_dict(self) -> dict:
        return {"name": self.name, "seed": self.seed, "rulings": self.rulings,
                "characters": [to_dict(s) for s in self.characters.values()],
                "session_count": self.session_count, "session": self.session,
                "position": self.position,
                "voids": [[target, by] for target, by in self.voids.items()],
                "void_log": [[by, target] for by, target in self.void_log.items()]}

    @classmethod
    def from_dict(cls, data: dict) -> "CampaignState":
        return cls(name=data["name"], seed=data["seed"], rulings=dict(data["rulings"]),
                   characters={name_key(v["name"]): from_dict(v) for v in data["characters"]},
                   session_count=data.get("session_count", len(data.get("sessions", []))),
                   session=data["session"], position=data["position"],
                   voids={int(t): int(b) for t, b in data.get("voids", [])},
                   void_log={int(b): int(t) for b, t in data.get("void_log", [])})


@dataclass
class Result:
    """What the rules made of one fact: the outcome for the log, rule ids, consequences
    (codes with parameters), the numbers they turned on, and each character's own outcome
    for commands touching several (a party rest)."""

    outcome: str | None = None
    rules: list[str] = field(default_factory=list)
    effects: list[dict] = field(default_factory=list)
    details: dict = field(default_factory=dict)
    outcomes: dict = field(default_factory=dict)
    skipped: dict = field(default_factory=dict)  # character -> why its part had no effect
    note: dict | None = None  # a migrated fact without effect: why (see ledger/jsonl.py)

    def add(self, effects) -> None:
        for item in effects:
            self.effects.append(item)
            self.cite(*item["rules"])

    def cite(self, *rules: str) -> None:
        for rule in rules:
            if rule not in self.rules:
                self.rules.append(rule)

    def as_dict(self) -> dict:
        out = {"outcome": self.outcome, "rules": self.rules, "effects": self.effects,
               "details": self.details, "outcomes": self.outcomes}
        if self.skipped:
            out["skipped"] = self.skipped
        if self.note is not None:
            out["note"] = self.note
        return out

    def part_of(self, name: str) -> dict:
        """One character's share of the result (what its own stream records)."""
        return {"outcome": self.outcomes.get(name, self.outcome),
                "effects": [e for e in self.effects if e.get("character") == name]}
