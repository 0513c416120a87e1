"""The Héros & Dragons catalogue: spells, weapons and creature attacks by French or English
name (case and accents aside), their damage dice, near misses and listings.

Data: `ledger/data/` (hd-spells.csv merged with the hand-checked spells.csv, weapons.csv,
hd-creatures.csv; see shared/reference/SOURCES.md), read lazily on first use.
"""

import csv
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from .names import name_key
from .rules.errors import BadValue, RuleRefusal

KINDS = ("spells", "weapons", "creatures")
_DICE = re.compile(r"(\d+)d(\d+)")
_PER_SLOT = re.compile(r"^\+(\d+)d(\d+)")
_COLON = re.compile(r"\s*:\s*")
_SUGGESTIONS = 3
_COMPLETIONS = 50

# SOURCES.md: a "first damage expression" that is a side effect, not the spell's damage
_SIDE_EFFECT = frozenset(map(name_key, (
    "Porte dimensionnelle", "Téléportation", "Fusion dans la pierre", "Contacter un autre plan",
    "Souhait", "Agrandir/rétrécir", "Modifier son apparence")))
# SOURCES.md: upcasting that is not "+NdM per slot level": never guessed
_NON_LINEAR = frozenset(map(name_key, (
    "Arme spirituelle", "Lame de feu", "Arme sainte", "Putréfaction", "Strangulation",
    "Transpercer")))


@dataclass(frozen=True)
class Weapon:
    """A weapon: French and English names, damage dice (None: no damage die)."""

    name_fr: str
    name_en: str
    dice: str | None

    def as_ref(self) -> dict:
        """The name as a fact records it, rendered in the reader's language."""
        return {"kind": "weapon", "fr": self.name_fr, "en": self.name_en}


@dataclass(frozen=True)
class Spell:
    """A spell: level, ritual tag, base damage dice at its level and extra dice per slot."""

    name_fr: str
    name_en: str | None
    level: int
    ritual: bool
    dice: str | None  # the first damage dice at the spell's level (None: no damage dice)
    per_slot: int  # extra dice of that size per slot level above the spell's (0: none)
    classes: tuple[str, ...] = ()

    def dice_at(self, slot: int | None) -> str | None:
        """RULING-WOUND-DICE: the dice at a slot (blight 8d8, level 4, at slot 6 → 10d8)."""
        if self.dice is None:
            return None
        count, sides = _split(self.dice)
        above = max(0, (self.level if slot is None else slot) - self.level)
        return f"{count + self.per_slot * above}d{sides}"

    def as_ref(self) -> dict:
        """The name as a fact records it, rendered in the reader's language."""
        return {"kind": "spell", "fr": self.name_fr, "en": self.name_en}

    def as_fact(self, typed: str, slot: int | None) -> dict:
        """The JSON-safe spell a cast fact records (a replay never reads the catalogue)."""
        return {"name": self.name_fr, "typed": typed, "fr": self.name_fr, "en": self.name_en,
                "level": self.level, "ritual": self.ritual, "dice": self.dice_at(slot)}


@dataclass(frozen=True)
class Attack:
    """One attack of a creature (hd-creatures.csv) and its damage dice."""

    creature_fr: str
    creature_en: str | None
    attack_fr: str
    dice: str

    @property
    def label(self) -> str:
        """The French label, `Ogre : massue`."""
        return f"{self.creature_fr} : {_lower_first(self.attack_fr)}"

    @property
    def label_en(self) -> str | None:
        """The English label, `Wolf: morsure` (None without an English creature name)."""
        if not self.creature_en:
            return None
        return f"{self.creature_en}: {_lower_first(self.attack_fr)}"

    def labels(self) -> list[str]:
        """The French label, then the English one when it names the creature differently."""
        same = not self.creature_en or name_key(self.creature_en) == name_key(self.creature_fr)
        return [self.label] if same else [self.label, self.label_en]

    def as_ref(self) -> dict:
        """The name as a fact records it, rendered in the reader's language."""
        return {"kind": "creature", "fr": self.label, "en": self.label_en}


@dataclass(frozen=True)
class Creature:
    """A creature of the bestiary and its attacks, in the CSV's order."""

    name_fr: str
    name_en: str | None
    attacks: tuple[Attack, ...]

    def attack(self, typed: str) -> Attack | None:
        """The attack by its name, or by its name without a form note (`Griffes (…)`)."""
        key = name_key(typed)
        exact = [a for a in self.attacks if name_key(a.attack_fr) == key]
        if exact:
            return exact[0]
        short = [a for a in self.attacks if _short_key(a.attack_fr) == key]
        return short[0] if len(short) == 1 else None


@dataclass(frozen=True)
class Cause:
    """A damage cause resolved in the catalogue."""

    kind: str  # "weapon" | "spell" | "creature"
    dice: str | None
    ref: dict = field(hash=False)  # {"kind", "fr", "en"}: the name in the reader's language
    canonical: str  # the French catalogue name or label


class _Name(NamedTuple):
    """A name a reader may type, for near misses (a tuple: cheaper to define at import)."""

    key: str
    name: str
    kind: str  # "spell" | "weapon" | "creature"
    target: object
    has_dice: bool


def _split(dice: str) -> tuple[int, int]:
    count, sides = dice.split("d")
    return int(count), int(sides)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _short_key(attack: str) -> str:
    """`Griffes (forme hybride uniquement)` → `griffes`; `Fouet +1` → `fouet`."""
    return name_key(re.sub(r"\s*(\(.*\)|\+\d+)\s*$", "", attack))


def _label_key(text: str) -> str:
    return _COLON.sub(":", name_key(text))


def _rows(filename: str) -> list[dict]:
    from importlib import resources  # on first use: start-up time matters

    with resources.files("ledger.data").joinpath(filename).open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _first_dice(text: str) -> str | None:
    """The first `NdM` of a damage expression; None for healing (`soin …`) or no dice."""
    if not text or text.strip().lower().startswith("soin"):
        return None
    match = _DICE.search(text)
    return f"{match.group(1)}d{match.group(2)}" if match else None


def _per_slot(text: str, dice: str | None) -> int:
    """`+1d8` → 1 when the die size matches the base dice; anything else → 0."""
    match = _PER_SLOT.match((text or "").strip())
    if not dice or not match or int(match.group(2)) != _split(dice)[1]:
        return 0
    return int(match.group(1))


def _english(name: str) -> str | None:
    name = (name or "").strip()
    return None if not name or name.startswith("(") else name


def _truthy(text: str) -> bool:
    return (text or "").strip().lower() == "true"


@lru_cache(maxsize=1)
def weapons() -> dict[str, Weapon]:
    """Weapons by name key: French names first ("lance" is the H&D spear), then English."""
    rows = _rows("weapons.csv")
    table = {}
    for row in rows:
        dice = row["dice"] if _DICE.fullmatch(row["dice"] or "") else None
        table[name_key(row["name_fr"])] = Weapon(row["name_fr"], row["name_en"], dice)
    for weapon in list(table.values()):
        table.setdefault(name_key(weapon.name_en), weapon)
        if "," in weapon.name_en:  # "Crossbow, light" is also "light crossbow"
            base, kind = (part.strip() for part in weapon.name_en.split(",", 1))
            table.setdefault(name_key(f"{kind} {base}"), weapon)
    return table


@lru_cache(maxsize=1)
def _spell_list() -> tuple[Spell, ...]:
    """hd-spells.csv, the hand-checked spells.csv winning for level/ritual/dice/scaling."""
    checked = {name_key(row["name_fr"]): row for row in _rows("spells.csv")}
    merged = []
    for row in _rows("hd-spells.csv"):
        key = name_key(row["name_fr"])
        base = checked.pop(key, row)
        merged.append(_spell(key, row, base))
    merged.extend(_spell(key, row, row) for key, row in checked.items())
    return tuple(merged)


def _spell(key: str, row: dict, base: dict) -> Spell:
    dice = None if key in _SIDE_EFFECT else _first_dice(base["damage_dice"])
    per_slot = 0 if key in _NON_LINEAR else _per_slot(base["higher_level_dice_per_slot"], dice)
    classes = tuple(c for c in (row.get("classes_fr") or "").split(";") if c)
    return Spell(row["name_fr"], _english(row["name_en"]) or _english(base["name_en"]),
                 int(base["level"]), _truthy(base["ritual"]), dice, per_slot, classes)


@lru_cache(maxsize=1)
def spells() -> dict[str, Spell]:
    """Spells by name key: every French name, then the English names not already taken."""
    table = {name_key(spell.name_fr): spell for spell in _spell_list()}
    for spell in _spell_list():
        if spell.name_en:
            table.setdefault(name_key(spell.name_en), spell)
    return table


def _attack_table(rows: list[dict]) -> tuple[Creature, ...]:
    """Creatures in CSV order; a repeated creature/attack pair keeps its first row (dice)."""
    found: dict[str, tuple[str, str | None, dict[str, Attack]]] = {}
    for row in rows:
        fr, en = row["creature_fr"].strip(), _english(row["creature_en"])
        entry = found.setdefault(name_key(fr), (fr, en, {}))
        attack = Attack(fr, entry[1], row["attack_fr"].strip(), row["damage_dice"].strip())
        entry[2].setdefault(name_key(attack.attack_fr), attack)
    return tuple(Creature(fr, en, tuple(attacks.values()))
                 for fr, en, attacks in found.values())


def _aliases(name: str) -> list[str]:
    """Other ways to write a creature: `Succube/Incube` → succube, incube; `Gobelin, chaman`
    → gobelin chaman; `Gnome des profondeurs (svirfneblin)` → gnome des profondeurs,
    svirfneblin."""
    out = [name.replace(",", " ")]
    out += name.split("/") if "/" in name else []
    match = re.fullmatch(r"(.*?)\s*\((.*)\)", name)
    out += [match.group(1), match.group(2)] if match else []
    return [alias for alias in out if alias.strip()]


@lru_cache(maxsize=1)
def creatures() -> dict[str, Creature]:
    """Creatures by name key: French names, then English names, then aliases not taken."""
    listed = _attack_table(_rows("hd-creatures.csv"))
    table = {name_key(c.name_fr): c for c in listed}
    for creature in listed:
        if creature.name_en:
            table.setdefault(name_key(creature.name_en), creature)
    for creature in listed:
        for name in (creature.name_fr, creature.name_en or ""):
            for alias in _aliases(name):
                table.setdefault(name_key(alias), creature)
    return table


def _creature_list() -> list[Creature]:
    return list({id(c): c for c in creatures().values()}.values())


def find_weapon(name: str) -> Weapon | None:
    """The weapon of that French or English name, or None."""
    return weapons().get(name_key(name))


def find_spell(name: str) -> Spell | None:
    """The spell of that French or English name, or None (never raises)."""
    return spells().get(name_key(name))


def find_creature(name: str) -> Creature | None:
    """The creature of that French or English name, or None."""
    return creatures().get(name_key(name))


def _distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment (Damerau/Levenshtein) distance, or limit + 1 beyond limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    far = limit + 1
    before, previous = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [far] * (len(b) + 1)
        current[0] = i
        for j in range(max(1, i - limit), min(len(b), i + limit) + 1):
            cost = a[i - 1] != b[j - 1]
            best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if before and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, before[j - 2] + 1)
            current[j] = best
        if min(current) > limit:
            return far
        before, previous = previous, current
    return min(previous[len(b)], far)


def _limit(a: str, b: str, short: int) -> int:
    return 1 if min(len(a), len(b)) <= short else 2


@lru_cache(maxsize=1)
def _names() -> tuple[_Name, ...]:
    """Every catalogue name a reader may type (French first), for near misses."""
    out = []
    for spell in _spell_list():
        for name in (spell.name_fr, spell.name_en):
            if name:
                out.append(_Name(name_key(name), name, "spell", spell, spell.dice is not None))
    for weapon in dict.fromkeys(weapons().values()):
        for name in (weapon.name_fr, weapon.name_en):
            out.append(_Name(name_key(name), name, "weapon", weapon, weapon.dice is not None))
    for creature in _creature_list():
        for name in (creature.name_fr, creature.name_en):
            if name:
                out.append(_Name(name_key(name), name, "creature", creature, True))
    return tuple(out)


@lru_cache(maxsize=1)
def _labels() -> tuple[_Name, ...]:
    """Every attack label, French (`Ogre : massue`) then English (`Ogre: massue`)."""
    out = []
    for creature in _creature_list():
        for attack in creature.attacks:
            for label in attack.labels():
                out.append(_Name(_label_key(label), label, "attack", attack, True))
    return tuple(out)


def _closest(key: str, names, short: int = 4) -> list[tuple[int, _Name]]:
    """(distance, name) of the names 1 or 2 edits from `key` (1 when either has `short`
    letters or fewer), the best name per catalogue entry, closest first."""
    best: dict[int, tuple[int, _Name]] = {}
    for entry in names:
        limit = _limit(key, entry.key, short)
        distance = _distance(key, entry.key, limit)
        if not 0 < distance <= limit:
            continue
        if id(entry.target) not in best or distance < best[id(entry.target)][0]:
            best[id(entry.target)] = (distance, entry)
    return sorted(best.values(), key=lambda pair: (pair[0], pair[1].key))


def _unique(names: list[str]) -> list[str]:
    return list(dict.fromkeys(names))[:_SUGGESTIONS]


def suggest(text: str, kinds: tuple[str, ...] = ("spell", "weapon", "creature")) -> list[str]:
    """Catalogue names 1 or 2 edits from `text` (1 for names of 4 letters or fewer),
    closest first, at most 3; none when `text` is itself a name of those kinds."""
    key = name_key(text)
    names = [entry for entry in _names() if entry.kind in kinds]
    if not key or any(entry.key == key for entry in names):
        return []
    return _unique([entry.name for _, entry in _closest(key, names)])


def find_spell_strict(text: str) -> Spell | None:
    """The spell; a near miss of one is refused (a typo is never cast for free); else None."""
    spell = find_spell(text)
    if spell is not None:
        return spell
    suggestions = suggest(text, ("spell",))
    if suggestions:
        raise RuleRefusal("catalogue.spell_near_miss", None, typed=text,
                          suggestions=suggestions)
    return None


def find_attack(text: str) -> Attack:
    """`CREATURE: ATTACK` → the attack; refuses an unknown creature or attack."""
    typed_creature, _, typed_attack = text.partition(":")
    typed_creature, typed_attack = typed_creature.strip(), typed_attack.strip()
    creature = find_creature(typed_creature)
    if creature is None:
        suggestions = suggest(typed_creature, ("creature",))
        if suggestions:
            raise RuleRefusal("catalogue.creature_near_miss", None, typed=typed_creature,
                              suggestions=suggestions)
        raise RuleRefusal("catalogue.unknown_creature", None, typed=typed_creature)
    attack = creature.attack(typed_attack)
    if attack is None:
        key = name_key(typed_attack)
        near = sorted((_distance(key, name_key(a.attack_fr), 2), a.attack_fr)
                      for a in creature.attacks)
        close = [f"{creature.name_fr} : {name}" for distance, name in near if distance <= 2]
        if close:
            raise RuleRefusal("catalogue.attack_near_miss", None, typed=text.strip(),
                              suggestions=close[:3])
        raise RuleRefusal("catalogue.unknown_attack", None, creature=creature.name_fr,
                          attack=typed_attack, attacks=[a.attack_fr for a in creature.attacks])
    return attack


def _check_slot(slot: int | None, typed: str, spell: Spell | None) -> None:
    if slot is None:
        return
    if spell is None:
        raise BadValue("catalogue.slot_not_spell", None, cause=typed)
    if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot <= 9:
        raise BadValue("catalogue.bad_slot", None, slot=slot)
    if slot < spell.level:
        raise RuleRefusal("catalogue.slot_too_low", "MAGIC-1", spell=spell.as_ref(),
                          level=spell.level, slot=slot)


def resolve_cause(text: str, slot: int | None = None) -> Cause | None:
    """A damage cause: `CREATURE: ATTACK`, else a weapon, else a spell (at `slot`; a name of
    both, "Fléau", is the spell when a slot is given); None for free text. Raises on an
    unknown creature or attack and on a slot that cannot be."""
    typed = (text or "").strip()
    if not typed:
        return None
    if ":" in typed:
        attack = find_attack(typed)
        _check_slot(slot, typed, None)
        return Cause("creature", attack.dice, attack.as_ref(), attack.label)
    weapon = find_weapon(typed)
    if weapon is not None and (slot is None or find_spell(typed) is None):  # --slot: a spell
        _check_slot(slot, typed, None)
        return Cause("weapon", weapon.dice, weapon.as_ref(), weapon.name_fr)
    spell = find_spell(typed)
    if spell is None:
        return None
    _check_slot(slot, typed, spell)
    return Cause("spell", spell.dice_at(slot), spell.as_ref(), spell.name_fr)


def near_miss_cause(text: str) -> list[str]:
    """Causes with damage dice that `text` looks like a typo of, at most 3; a bare creature
    name suggests its attacks. Stricter than `suggest` (one edit up to 6 letters), so that
    free text such as "chute" or "froid" is not taken for "Chuul" or "Fronde"."""
    typed = (text or "").strip()
    if ":" in typed:
        key = _label_key(typed)
        if any(entry.key == key for entry in _labels()):
            return []
        return _unique([entry.name for _, entry in _closest(key, _labels(), short=6)])
    if not typed or find_weapon(typed) or find_spell(typed):
        return []
    creature = find_creature(typed)
    if creature is not None:
        return _unique([attack.label for attack in creature.attacks])
    near = _closest(name_key(typed), _names(), short=6)
    return _unique([e.name for _, e in near if e.kind != "creature" and e.has_dice])


def _matches(search: str | None, *names: str | None) -> bool:
    if not search:
        return True
    key = name_key(search)
    return any(key in name_key(name) for name in names if name)


def listing(kind: str, search: str | None = None) -> list[dict]:
    """The rows of `pangee catalogue spells|weapons|creatures [SEARCH]`, by French name."""
    if kind == "spells":
        rows = [{"name_fr": s.name_fr, "name_en": s.name_en, "level": s.level,
                 "ritual": s.ritual, "dice": s.dice,
                 "per_slot": f"+{s.per_slot}d{_split(s.dice)[1]}" if s.per_slot else None,
                 "classes": list(s.classes)}
                for s in _spell_list() if _matches(search, s.name_fr, s.name_en)]
        return sorted(rows, key=lambda row: name_key(row["name_fr"]))
    if kind == "weapons":
        rows = [{"name_fr": w.name_fr, "name_en": w.name_en, "dice": w.dice}
                for w in dict.fromkeys(weapons().values())
                if _matches(search, w.name_fr, w.name_en)]
        return sorted(rows, key=lambda row: name_key(row["name_fr"]))
    if kind == "creatures":
        rows = [{"creature_fr": a.creature_fr, "creature_en": a.creature_en,
                 "attack": a.attack_fr, "dice": a.dice}
                for c in _creature_list() for a in c.attacks
                if _matches(search, c.name_fr, c.name_en, a.attack_fr)]
        return sorted(rows, key=lambda r: (name_key(r["creature_fr"]), name_key(r["attack"])))
    raise BadValue("catalogue.unknown_kind", None, kind=kind, expected=list(KINDS))


def spell_names(prefix: str = "") -> list[str]:
    """French and English spell names starting with `prefix` (case and accents aside), ≤ 50."""
    key = name_key(prefix)
    names = [e.name for e in _names() if e.kind == "spell" and e.key.startswith(key)]
    return sorted(dict.fromkeys(names), key=name_key)[:_COMPLETIONS]


def creature_attacks(prefix: str = "") -> list[str]:
    """Attack labels (`Ogre : massue`, `Ogre: massue`) starting with `prefix`, ≤ 50."""
    key = _label_key(prefix)
    names = [e.name for e in _labels() if e.key.startswith(key)]
    return sorted(dict.fromkeys(names), key=name_key)[:_COMPLETIONS]
