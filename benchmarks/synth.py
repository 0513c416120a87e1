"""Synthetic campaign scripts (CONTRACT.md's YAML) of any length, valid step by step.

A party of four fights, casts, gets hurt, drops, survives with wounds, is treated and rests.
Every die is given explicitly, so nothing depends on the ledger's own rolls. The generator
keeps itself honest with the real fold: each step is checked and applied with
`build_fact` + `apply_command` while it is written, so a step the rules would refuse fails
here, at generation, never in the middle of a benchmark.

    python benchmarks/synth.py 10000 -o /tmp/10k.yaml [--seed 1]
"""

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ledger.commands import build_fact  # noqa: E402
from ledger.rules.fold import CampaignState, apply_command  # noqa: E402
from ledger.rules.sheet import effective_max, fatigue_total  # noqa: E402

CAMPAIGN = "L'Âge du Changement (synthétique)"
PARTY = [
    {"name": "Arin", "con": 14, "hp_max": 45, "level": 5, "crit_min": 19},
    {"name": "Brune", "con": 12, "hp_max": 38, "level": 5, "medicine": True},
    {"name": "Cael", "con": 13, "hp_max": 32, "level": 5, "warlock": True},
    {"name": "Dara", "con": 16, "hp_max": 52, "level": 5, "relentless": True},
]
NAMES = [c["name"] for c in PARTY]
HEALER = "Brune"
WEAPONS = ["Hachette", "Dague", "Massue", "épée à deux mains", "griffes du loup"]
LOW_SPELLS = [("Projectile magique", 1), ("Boule de feu", 3), ("Éclair", 3)]
HIGH_SPELLS = [("Cône de froid", 5), ("Flétrissement", 4)]
SKILLS = ["Athlétisme", "Discrétion", "Perception", "Survie", "Arcanes"]
ABILITIES = ["Dextérité", "Sagesse", "Force", "Constitution"]


class Synth:
    """Writes steps while folding them, so it always knows who can do what."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.state = CampaignState()
        self.steps_in_session: list[dict] = []
        self.pending: list[tuple[str, dict]] = []  # forced follow-ups (dying, evening care)
        self.apply("init", {"name": CAMPAIGN, "seed": seed})
        for character in PARTY:
            self.apply("character add", character)

    # -- folding ---------------------------------------------------------------------------
    def apply(self, kind: str, args: dict) -> None:
        fact = build_fact(kind, json.loads(json.dumps(args)), self.state)
        self.state, _result = apply_command(self.state, fact, None)

    def step(self, kind: str, args: dict) -> None:
        self.apply(kind, args)
        self.steps_in_session.append({kind: args})

    def sheet(self, name: str):
        return self.state.sheet(name)

    def up(self) -> list[str]:
        return [n for n in NAMES if self.sheet(n).condition == "conscious"]

    # -- choosing the next step ------------------------------------------------------------
    def next_step(self) -> None:
        if self.pending:
            kind, args = self.pending.pop(0)
            self.step(kind, args)
            return
        r = self.rng
        standing = self.up()
        worst = max(fatigue_total(self.sheet(n)) for n in NAMES)
        if len(standing) < len(NAMES) or worst >= 3:
            self.recover()
            return
        roll = r.random()
        who = r.choice(standing)
        if roll < 0.28:
            self.step("attack", {"who": who, "ac": r.randint(11, 18), "d20": r.randint(1, 20),
                                 "bonus": r.randint(3, 8)})
        elif roll < 0.40:
            self.step("check", {"who": who, "dc": r.choice([10, 12, 15, 18]),
                                "d20": r.randint(1, 20), "bonus": r.randint(0, 6),
                                "skill": r.choice(SKILLS)})
        elif roll < 0.50:
            self.step("save", {"who": who, "dc": r.choice([11, 13, 15]),
                               "d20": r.randint(1, 20), "bonus": r.randint(0, 5),
                               "ability": r.choice(ABILITIES)})
        elif roll < 0.66:
            self.hurt(who)
        elif roll < 0.74:
            self.heal(who)
        elif roll < 0.84:
            self.cast(who)
        elif roll < 0.88:
            self.step("rest short", {"who": list(NAMES)})
        elif roll < 0.91:
            self.step("rest long", {"who": list(NAMES)})
        elif roll < 0.93:
            self.evening()
        elif roll < 0.95:
            self.ordinary_fatigue(who)
        elif roll < 0.98:
            self.treat()
        else:
            self.drop(who)

    def hurt(self, who: str) -> None:
        sheet = self.sheet(who)
        if sheet.hp <= 2:
            self.heal(who)
            return
        amount = self.rng.randint(1, max(1, min(sheet.hp - 1, 14)))
        cause = self.rng.choice(WEAPONS)
        args = {"who": who, "amount": amount, "cause": cause}
        if cause == "griffes du loup":  # not in the catalogue: dice given
            args["dice"] = "2d4"
        if self.rng.random() < 0.1:
            args["critical"] = True
        self.step("damage", args)

    def heal(self, who: str) -> None:
        sheet = self.sheet(who)
        missing = effective_max(sheet) - sheet.hp
        self.step("heal", {"who": who, "amount": max(1, min(missing, self.rng.randint(4, 20))),
                           "cause": "potion de soins"})

    def cast(self, who: str) -> None:
        r = self.rng
        sheet = self.sheet(who)
        if sheet.warlock and r.random() < 0.5:
            spell, _level = r.choice(HIGH_SPELLS)
            self.step("cast", {"who": who, "spell": spell, "slot": 5, "pact": True})
            return
        if r.random() < 0.6 or fatigue_total(sheet) >= 2:
            spell, level = r.choice(LOW_SPELLS)
            self.step("cast", {"who": who, "spell": spell, "slot": r.randint(level, 3)})
            return
        spell, level = r.choice(HIGH_SPELLS)
        args = {"who": who, "spell": spell, "slot": 5, "save_d20": r.randint(1, 20),
                "save_bonus": 3}
        if args["save_d20"] + 3 < 11 and sheet.hp > 12 and r.random() < 0.5:
            args["pay_hp"] = True  # 10 HP instead of the fatigue
        self.step("cast", args)

    def evening(self) -> None:
        """WOUND-5: evening care of a wounded character, then a night that is not long."""
        wounded = [n for n in self.up() if self.sheet(n).wounds and
                   self.sheet(n).evening_care is None]
        if wounded and self.sheet(HEALER).condition == "conscious":
            self.step("tend", {"who": self.rng.choice(wounded), "by": HEALER,
                               "d20": self.rng.randint(1, 20), "bonus": 5})
        self.step("rest night", {"who": list(NAMES), "safe": True, "watch": True})

    def ordinary_fatigue(self, who: str) -> None:
        sheet = self.sheet(who)
        if sheet.ordinary:
            self.step("fatigue", {"who": who, "delta": -1, "cause": "une bonne nuit"})
        else:
            self.step("fatigue", {"who": who, "delta": 1, "cause": "marche forcée"})

    def treat(self) -> None:
        untreated = [n for n in NAMES if any(w.treatment is None for w in self.sheet(n).wounds)]
        if not untreated or self.sheet(HEALER).condition != "conscious":
            self.step("check", {"who": HEALER, "dc": 12, "d20": self.rng.randint(1, 20),
                                "bonus": 5, "skill": "Médecine"})
            return
        self.step("treat", {"who": self.rng.choice(untreated), "by": HEALER,
                            "d20": self.rng.randint(1, 20), "bonus": 5})

    def drop(self, who: str) -> None:
        """Down to 0 HP, then saved: death saves, a stabilisation or healing (WOUND-1..3)."""
        r = self.rng
        sheet = self.sheet(who)
        if len(sheet.wounds) >= 2 or fatigue_total(sheet) >= 2 or who == HEALER:
            self.hurt(who)
            return
        if sheet.relentless and not sheet.endurance_used and r.random() < 0.5:
            self.step("damage", {"who": who, "amount": sheet.hp + 3, "cause": "Hachette",
                                 "endure": True})
            return
        self.step("damage", {"who": who, "amount": sheet.hp, "cause": "Massue"})  # 1d8
        way = r.random()
        if way < 0.4:
            self.pending += [("death-save", {"who": who, "d20": r.randint(10, 19)}),
                             ("stabilize", {"who": who, "by": HEALER, "wound_roll": r.randint(1, 8)}),
                             ("heal", {"who": who, "amount": r.randint(5, 15)})]
        elif way < 0.7:
            self.pending += [("death-save", {"who": who, "d20": r.randint(2, 9)}),
                             ("heal", {"who": who, "amount": r.randint(5, 15),
                                       "wound_roll": r.randint(1, 8)})]
        else:
            self.pending += [("death-save", {"who": who, "d20": 20, "wound_roll": r.randint(1, 8)}),
                             ("heal", {"who": who, "amount": r.randint(5, 15)})]

    def recover(self) -> None:
        """Someone is down or tired: heal who is at 0 HP, then rest."""
        for name in NAMES:
            sheet = self.sheet(name)
            if sheet.condition == "stable":
                self.step("heal", {"who": name, "amount": 10})
                return
        self.step("rest long", {"who": list(NAMES)})
        if any(self.sheet(n).magic for n in NAMES):
            self.step("rest short", {"who": list(NAMES)})


def generate(steps: int, seed: int = 1, session_size: tuple[int, int] = (60, 160)) -> dict:
    """A campaign script (as the YAML mapping) with exactly `steps` session steps."""
    synth = Synth(seed)
    sessions = []
    written = 0
    while written < steps:
        size = min(steps - written, synth.rng.randint(*session_size))
        synth.apply("session start", {"title": f"Séance {len(sessions) + 1}"})
        synth.steps_in_session = []
        while len(synth.steps_in_session) < size or synth.pending:
            synth.next_step()
        synth.apply("session end", {})
        sessions.append({"title": f"Séance {len(sessions) + 1}", "steps": synth.steps_in_session})
        written += len(synth.steps_in_session)
    return {"campaign": CAMPAIGN, "seed": seed, "characters": PARTY, "sessions": sessions}


def _scalar(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML scalar


def _flow(mapping: dict) -> str:
    return "{" + ", ".join(f"{k}: {_scalar(v)}" for k, v in mapping.items()) + "}"


def to_yaml(script: dict, preamble: bool = True) -> str:
    """Block style at the top, one flow mapping per step (as the contract's example).
    Without the preamble (campaign, seed, characters), the sessions alone: a script to import
    into a store that already holds the campaign and its party, unhurt."""
    lines = []
    if preamble:
        lines += [f"campaign: {_scalar(script['campaign'])}", f"seed: {script['seed']}",
                  "characters:"]
        lines += [f"  - {_flow(c)}" for c in script["characters"]]
    lines.append("sessions:")
    for session in script["sessions"]:
        lines.append(f"  - title: {_scalar(session['title'])}")
        lines.append("    steps:")
        for step in session["steps"]:
            (kind, args), = step.items()
            lines.append(f"      - {kind}: {_flow(args)}")
    return "\n".join(lines) + "\n"


def write_script(steps: int, path: Path, seed: int = 1, preamble: bool = True) -> dict:
    script = generate(steps, seed)
    path.write_text(to_yaml(script, preamble), encoding="utf-8")
    return script


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("steps", type=int)
    parser.add_argument("-o", "--output", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    script = write_script(args.steps, args.output, args.seed)
    print(f"{args.output}: {sum(len(s['steps']) for s in script['sessions'])} steps in "
          f"{len(script['sessions'])} session(s)")


if __name__ == "__main__":
    main()
