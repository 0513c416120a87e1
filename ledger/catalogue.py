"""The weapon and spell catalogue (French Héros & Dragons and English names), built from the
reference tables in `ledger/data/` (copied from shared/reference)."""

import csv
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .names import name_key
from .rules.dice import parse_dice

_DICE = re.compile(r"(\d+)d(\d+)")


@dataclass(frozen=True)
class Weapon:
    name_fr: str
    name_en: str
    dice: str | None


@dataclass(frozen=True)
class Spell:
    name_fr: str
    name_en: str
    level: int
    ritual: bool
    dice: str | None  # the first damage dice term at the spell's level (None: no damage dice)
    per_slot: int  # extra dice of that size per slot level above the spell's

    def dice_at(self, slot: int) -> str | None:
        """RULING-WOUND-DICE: an upcast spell's larger dice (blight at 5th level → 9d8)."""
        if self.dice is None:
            return None
        count, sides = parse_dice(self.dice).terms[0]
        return f"{count + self.per_slot * max(0, slot - self.level)}d{sides}"

    def as_fact(self, typed: str, slot: int) -> dict:
        return {"name": typed, "fr": self.name_fr, "en": self.name_en, "level": self.level,
                "ritual": self.ritual, "dice": self.dice_at(slot)}


def _rows(filename: str) -> list[dict]:
    with resources.files("ledger.data").joinpath(filename).open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _first_dice(text: str) -> str | None:
    if not text or text.strip().lower().startswith("soin"):
        return None  # healing, not damage
    match = _DICE.search(text)
    return f"{match.group(1)}d{match.group(2)}" if match else None


def _per_slot(text: str, dice: str | None) -> int:
    if not dice or not text:
        return 0
    match = re.match(r"^\+(\d+)d(\d+)", text.strip())
    if match and f"d{match.group(2)}" == "d" + dice.split("d")[1]:
        return int(match.group(1))
    return 0


@lru_cache(maxsize=1)
def weapons() -> dict[str, Weapon]:
    table = {}
    rows = _rows("weapons.csv")
    french = {name_key(row["name_fr"]) for row in rows}
    for row in rows:
        dice = row["dice"] if _DICE.fullmatch(row["dice"] or "") else None
        weapon = Weapon(row["name_fr"], row["name_en"], dice)
        table[name_key(row["name_fr"])] = weapon
        if name_key(row["name_en"]) not in french:  # "Lance" is the H&D spear, not the lance
            table[name_key(row["name_en"])] = weapon
        if "," in row["name_en"]:  # "Crossbow, light" is also "light crossbow"
            base, kind = (p.strip() for p in row["name_en"].split(",", 1))
            table[name_key(f"{kind} {base}")] = weapon
    return table


@lru_cache(maxsize=1)
def spells() -> dict[str, Spell]:
    table = {}
    for row in _rows("spells.csv"):
        dice = _first_dice(row["damage_dice"])
        spell = Spell(row["name_fr"], row["name_en"], int(row["level"]),
                      row["ritual"].strip().lower() == "true", dice,
                      _per_slot(row["higher_level_dice_per_slot"], dice))
        table[name_key(row["name_fr"])] = spell
        if not row["name_en"].startswith("("):
            table[name_key(row["name_en"])] = spell
    return table


def find_weapon(name: str) -> Weapon | None:
    return weapons().get(name_key(name))


def find_spell(name: str) -> Spell | None:
    return spells().get(name_key(name))
