"""The campaign as the fold sees it (roster of sheets, rulings, open session, position),
and the result the rules give for one fact."""

from dataclasses import dataclass, field

from ..names import name_key
from .errors import RuleRefusal
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
    position: int = 0
    voided: list[int] = field(default_factory=list)

    def sheet(self, name: str) -> Sheet:
        key = name_key(name)
        if key not in self.characters:
            known = ", ".join(s.name for s in self.characters.values()) or "none yet"
            raise UnknownCharacter(
                f"unknown character '{name}': expected one of {known} "
                "(pangee character add NAME to add one)")
        return self.characters[key]

    def to_dict(self) -> dict:
        return {"name": self.name, "seed": self.seed, "rulings": self.rulings,
                "characters": [to_dict(s) for s in self.characters.values()],
                "session_count": self.session_count, "session": self.session, "position": self.position,
                "voided": self.voided}

    @classmethod
    def from_dict(cls, data: dict) -> "CampaignState":
        return cls(name=data["name"], seed=data["seed"], rulings=dict(data["rulings"]),
                   characters={name_key(v["name"]): from_dict(v) for v in data["characters"]},
                   session_count=data.get("session_count", len(data.get("sessions", []))),
                   session=data["session"],
                   position=data["position"], voided=list(data.get("voided", [])))


class UnknownCharacter(RuleRefusal):
    """A name that is not on the roster (exit 1)."""


@dataclass
class Result:
    """What the rules made of one fact: the outcome for the log, rule ids, consequences."""

    outcome: str | None = None
    rules: list[str] = field(default_factory=list)
    effects: list[dict] = field(default_factory=list)
    details: dict = field(default_factory=dict)

    def add(self, effects) -> None:
        for text, rules in effects:
            self.effects.append({"text": text, "rules": list(rules)})
            for rule in rules:
                if rule not in self.rules:
                    self.rules.append(rule)

    def cite(self, *rules: str) -> None:
        for rule in rules:
            if rule not in self.rules:
                self.rules.append(rule)

    def as_dict(self) -> dict:
        return {"outcome": self.outcome, "rules": self.rules, "effects": self.effects,
                "details": self.details}
