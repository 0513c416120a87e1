"""Dice notation and the wound formula (WOUND-3, RULING-WOUND-DICE)."""

import pytest

from ledger.rules.dice import Dice, healing_time, parse_dice, wound_formula
from ledger.rules.errors import BadValue


@pytest.mark.parametrize("text, terms, modifier, normalised", [
    ("2d6", ((2, 6),), 0, "2d6"),
    ("8d8", ((8, 8),), 0, "8d8"),
    ("d8", ((1, 8),), 0, "1d8"),
    ("1d8", ((1, 8),), 0, "1d8"),
    ("1D12", ((1, 12),), 0, "1d12"),
    ("1d8+2d6", ((1, 8), (2, 6)), 0, "1d8+2d6"),
    ("1d8 + 2d6", ((1, 8), (2, 6)), 0, "1d8+2d6"),
    ("2d6+3", ((2, 6),), 3, "2d6+3"),
    ("8d8-1", ((8, 8),), -1, "8d8-1"),
    ("1d10+2d6+4", ((1, 10), (2, 6)), 4, "1d10+2d6+4"),
    ("3+1d4", ((1, 4),), 3, "1d4+3"),
    ("10d6+40", ((10, 6),), 40, "10d6+40"),
])
def test_RULING_WOUND_DICE_dice_notation_NdM_sums_and_modifiers(text, terms, modifier, normalised):
    dice = parse_dice(text)
    assert dice == Dice(terms, modifier)
    assert dice.text() == normalised


@pytest.mark.parametrize("text, message", [
    ("", "empty dice"),
    ("   ", "empty dice"),
    ("deux d6", "is not dice notation"),
    ("2x6", "is not dice notation"),
    ("2d", "is not dice notation"),
    ("0d6", "impossible dice term '0d6'"),
    ("2d1", "impossible dice term '2d1'"),
    ("2d0", "impossible dice term '2d0'"),
    ("1d8-1d6", "impossible dice term '1d6'"),
    ("101d6", "impossible dice term '101d6'"),
    ("+3", "has no dice term"),
    ("5", "has no dice term"),
])
def test_RULING_WOUND_DICE_dice_notation_errors_are_BadValue_with_the_accepted_forms(text, message):
    with pytest.raises(BadValue) as error:
        parse_dice(text)
    assert message in str(error.value)
    if text.strip():
        assert "expected dice such as 2d6, 1d8+2d6 or 2d6+3" in str(error.value)


def test_RULING_WOUND_DICE_dice_notation_error_exits_2_not_1():
    with pytest.raises(BadValue) as error:
        parse_dice("épée")
    assert error.value.exit_code == 2


@pytest.mark.parametrize("cause, formula", [
    ("2d6", "1d6+2"),         # WOUND-3 greatsword example
    ("8d8", "1d8+8"),         # WOUND-3 blight example
    ("1d8", "1d8"),           # a single die is rolled as it is
    ("d8", "1d8"),
    ("9d8", "1d8+9"),         # RULING-WOUND-DICE: blight upcast to slot 5
    ("1d8+2d6", "1d8"),       # RULING-WOUND-DICE: mixed dice use the base dice
    ("2d6+3", "1d6+2"),       # modifiers ignored
    ("1d12+5", "1d12"),
])
def test_WOUND_3_wound_formula(cause, formula):
    assert wound_formula(parse_dice(cause)) == formula


@pytest.mark.parametrize("cause, face, rests", [
    ("2d6", 1, 3),
    ("2d6", 5, 7),            # CONTRACT: 2d6 cause, face 5 → 7 rests
    ("2d6", 6, 8),
    ("8d8", 1, 9),
    ("8d8", 8, 16),
    ("1d8", 1, 1),
    ("1d8", 8, 8),
    ("1d8+2d6", 8, 8),        # the base die only: one d8, no dice added
    ("2d6+3", 4, 6),          # the modifier is not part of the healing time
    ("9d8", 3, 12),
])
def test_WOUND_3_healing_time_is_one_die_plus_the_number_of_dice(cause, face, rests):
    assert healing_time(parse_dice(cause), face) == rests


@pytest.mark.parametrize("cause, face, expected", [
    ("2d6", 0, "wound roll 0 is not a face of a d6: expected 1 to 6"),
    ("2d6", 7, "wound roll 7 is not a face of a d6: expected 1 to 6"),
    ("1d8", 9, "wound roll 9 is not a face of a d8: expected 1 to 8"),
    ("1d8+2d6", 7, None),     # 7 is a face of the base d8: accepted
])
def test_WOUND_3_wound_roll_face_out_of_range_is_refused(cause, face, expected):
    if expected is None:
        assert healing_time(parse_dice(cause), face) == 7
        return
    with pytest.raises(BadValue, match=expected):
        healing_time(parse_dice(cause), face)
