"""Dice notation (`NdM`, sums such as `1d8+2d6`, modifiers) and the wound formula (WOUND-3).

The wound dice of a cause are its first dice term, without modifiers (RULING-WOUND-DICE).
"""

import re
from dataclasses import dataclass

from .errors import BadValue

_TERM = re.compile(r"^(\d*)d(\d+)$|^(\d+)$")
MAX_TEXT = 40  # longer than any real dice expression


@dataclass(frozen=True)
class Dice:
    """A parsed dice expression: terms (count, sides) in order, plus a flat modifier."""

    terms: tuple[tuple[int, int], ...]
    modifier: int = 0

    @property
    def wound_count(self) -> int:
        return self.terms[0][0]

    @property
    def wound_sides(self) -> int:
        return self.terms[0][1]

    def text(self) -> str:
        out = "+".join(f"{n}d{s}" for n, s in self.terms)
        if self.modifier:
            out += f"{self.modifier:+d}"
        return out


def parse_dice(text: str) -> Dice:
    """Parse `2d6`, `d8`, `1d8+2d6`, `2d6+3`, `8d8-1`; raise BadValue with the accepted forms."""
    if not isinstance(text, str) or not text.strip():
        raise BadValue("dice.empty", None)
    if len(text) > MAX_TEXT:
        raise BadValue("dice.too_long", None, most=MAX_TEXT)
    compact = text.replace(" ", "").lower()
    parts = re.split(r"(?=[+-])", compact)
    terms: list[tuple[int, int]] = []
    modifier = 0
    for raw in parts:
        if not raw:
            continue
        sign = -1 if raw[0] == "-" else 1
        body = raw.lstrip("+-")
        match = _TERM.match(body)
        if not match:
            raise BadValue("dice.not_notation", None, text=text)
        if match.group(3) is not None:
            if len(match.group(3)) > 4:
                raise BadValue("dice.impossible_term", None, text=text, term=body)
            modifier += sign * int(match.group(3))
            continue
        if len(match.group(1) or "") > 3 or len(match.group(2)) > 3:
            raise BadValue("dice.impossible_term", None, text=text, term=body)
        count = int(match.group(1) or 1)
        sides = int(match.group(2))
        if sign < 0 or count < 1 or sides < 2 or count > 100 or sides > 100:
            raise BadValue("dice.impossible_term", None, text=text, term=body)
        terms.append((count, sides))
    if not terms:
        raise BadValue("dice.no_term", None, text=text)
    return Dice(tuple(terms), modifier)


def wound_formula(dice: Dice) -> str:
    """WOUND-3: several dice roll one die plus their number (2d6 → 1d6+2); one die as it is."""
    count, sides = dice.terms[0]
    return f"1d{sides}+{count}" if count > 1 else f"1d{sides}"


def healing_time(dice: Dice, face: int) -> int:
    """WOUND-3: the number of long rests a wound needs, from the face of its single die."""
    if not 1 <= face <= dice.wound_sides:
        raise BadValue("dice.wound_face", None, face=face, sides=dice.wound_sides)
    count = dice.wound_count
    return face + (count if count > 1 else 0)
