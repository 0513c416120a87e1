"""Dice notation and the wound formula (WOUND-3, RULING-WOUND-DICE)."""

import pytest

from ledger.rules.dice import Dice, healing_time, parse_dice, wound_formula
from ledger.rules.errors import BadValue

from .support import problem


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


@pytest.mark.parametrize("text, code, params", [
    ("", "dice.empty", {}),
    ("   ", "dice.empty", {}),
    ("deux d6", "dice.not_notation", {"text": "deux d6"}),
    ("2x6", "dice.not_notation", {"text": "2x6"}),
    ("2d", "dice.not_notation", {"text": "2d"}),
    ("0d6", "dice.impossible_term", {"text": "0d6", "term": "0d6"}),
    ("2d1", "dice.impossible_term", {"text": "2d1", "term": "2d1"}),
    ("2d0", "dice.impossible_term", {"text": "2d0", "term": "2d0"}),
    ("1d8-1d6", "dice.impossible_term", {"text": "1d8-1d6", "term": "1d6"}),
    ("101d6", "dice.impossible_term", {"text": "101d6", "term": "101d6"}),
    ("1d101", "dice.impossible_term", {"text": "1d101", "term": "1d101"}),
    ("1000d6", "dice.impossible_term", {"text": "1000d6", "term": "1000d6"}),
    ("1d6+12345", "dice.impossible_term", {"text": "1d6+12345", "term": "12345"}),
    ("+3", "dice.no_term", {"text": "+3"}),
    ("5", "dice.no_term", {"text": "5"}),
    ("1d4+" * 10 + "1", "dice.too_long", {"most": 40}),
])
def test_RULING_WOUND_DICE_dice_notation_errors_are_BadValue_with_the_accepted_forms(text, code,
                                                                                    params):
    with pytest.raises(BadValue) as error:
        parse_dice(text)
    assert problem(error.value) == (code, None, params)


@pytest.mark.parametrize("text", [None, 26])
def test_RULING_WOUND_DICE_dice_that_are_not_text_are_empty(text):
    with pytest.raises(BadValue) as error:
        parse_dice(text)
    assert problem(error.value) == ("dice.empty", None, {})


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


@pytest.mark.parametrize("cause, face, sides", [
    ("2d6", 0, 6),
    ("2d6", 7, 6),
    ("1d8", 9, 8),
    ("8d8", -1, 8),
])
def test_WOUND_3_wound_roll_face_out_of_range_is_refused(cause, face, sides):
    with pytest.raises(BadValue) as error:
        healing_time(parse_dice(cause), face)
    assert problem(error.value) == ("dice.wound_face", None, {"face": face, "sides": sides})
    assert error.value.exit_code == 2


def test_RULING_WOUND_DICE_a_face_of_the_base_die_of_mixed_dice_is_accepted():
    assert healing_time(parse_dice("1d8+2d6"), 7) == 7     # 7 is a face of the base d8
