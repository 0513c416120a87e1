"""Rulings are campaign settings (RULES.md, "Rulings"): their defaults, their checks, and the
same recorded facts folded under other rulings (what `what-if` and `replay` rely on)."""

import pytest

from ledger.rules.errors import BadValue, RuleRefusal
from ledger.rules.fold import CampaignState, apply_command, fold_history
from ledger.rules.rulings import RULINGS, default_rulings, parse_assignment, with_rulings

from .support import Table


def test_RULINGS_defaults():
    assert default_rulings() == {
        "wound.dc_dice_term": "multi",
        "wound.halving": "down",
        "wound.treatment": "once",
        "rest.long_includes_short": "yes",
        "crit.nat1": "miss",
        "crit.checks": "on",
    }
    assert {rule for rule, _, _ in RULINGS.values()} == {
        "RULING-DC-DICE", "RULING-HALVE", "RULING-TREAT-ONCE", "RULING-LONG-INCLUDES-SHORT",
        "RULING-NAT1", "RULING-CHECKS"}


@pytest.mark.parametrize("text, pair", [
    ("wound.halving=up", ("wound.halving", "up")),
    (" crit.nat1 = critical-failure ", ("crit.nat1", "critical-failure")),
    ("rest.long_includes_short=no", ("rest.long_includes_short", "no")),
])
def test_RULINGS_assignment(text, pair):
    assert parse_assignment(text) == pair


@pytest.mark.parametrize("text, message", [
    ("wound.halving", "is not KEY=VALUE"),
    ("wound.rounding=up", "unknown ruling 'wound.rounding': expected one of wound.dc_dice_term"),
    ("wound.halving=nearest", "ruling wound.halving cannot be 'nearest': expected one of down, up"),
])
def test_RULINGS_bad_assignment_is_BadValue(text, message):
    with pytest.raises(BadValue, match=message):
        parse_assignment(text)


def test_RULINGS_overrides_merge_over_the_campaign_and_the_defaults():
    merged = with_rulings({"wound.halving": "up"}, {"crit.checks": "off"})
    assert merged == dict(default_rulings(), **{"wound.halving": "up", "crit.checks": "off"})


def test_RULINGS_fold_needs_a_campaign_first():
    with pytest.raises(RuleRefusal, match="no campaign here yet: run pangee init NAME first"):
        apply_command(CampaignState(), {"kind": "character add",
                                        "args": {"name": "Arin", "con": 14, "hp_max": 45}}, 1)


def test_RULINGS_fold_names_an_unknown_character_and_the_known_ones():
    table = Table()
    table.add("Éowyn")
    with pytest.raises(RuleRefusal, match="unknown character 'Arin': expected one of Éowyn"):
        table.do("damage", "Arin", amount=1, cause="dague", dice="1d4")
    assert table["eowyn"].name == "Éowyn"     # names match without case or accents


def test_RULINGS_fold_a_refused_fact_leaves_the_state_unchanged():
    table = Table()
    table.add("Arin", hp_max=45)
    before = table.state
    with pytest.raises(RuleRefusal):
        apply_command(before, {"kind": "death-save", "who": ["Arin"], "args": {"d20": 12}}, 9)
    assert table.state is before and table.hp("Arin") == 45


# --- the same facts under other rulings ------------------------------------------------------------

HISTORY = [
    {"kind": "init", "args": {"name": "L'Âge du Changement"}},
    {"kind": "character add", "args": {"name": "Arin", "con": 14, "hp_max": 45, "level": 5}},
    {"kind": "character add", "args": {"name": "Brune", "con": 12, "hp_max": 38, "level": 5,
                                       "medicine": True}},
    {"kind": "damage", "who": ["Arin"], "args": {"amount": 50, "cause": "longsword", "dice": "1d8"}},
    {"kind": "stabilize", "who": ["Arin"], "args": {"by": "Brune", "wound_roll": 7}},
    {"kind": "treat", "who": ["Arin"], "args": {"by": "Brune", "d20": 13, "bonus": 5}},
    {"kind": "treat", "who": ["Arin"], "args": {"by": "Brune", "d20": 14, "bonus": 5}},
]


def _fold(rulings):
    steps = list(fold_history(list(enumerate(HISTORY, start=1)), rulings))
    return steps[-1][2], [(step[3].outcome if step[3] else None, step[4]) for step in steps]


@pytest.mark.parametrize("rulings, rests, treats", [
    # multi: DC 18, the first treatment (18) succeeds, 7 → 3; the second finds no wound left
    ({}, [3], [("success", None), (None, "no wound left")]),
    ({"wound.halving": "up"}, [4], [("success", None), (None, "no wound left")]),
    # always: DC 19, the first fails and stands …
    ({"wound.dc_dice_term": "always"}, [7], [("failure", None), (None, "no wound left")]),
    # … unless retries are allowed: the second (19) succeeds
    ({"wound.dc_dice_term": "always", "wound.treatment": "retry"}, [3],
     [("failure", None), ("success", None)]),
])
def test_RULINGS_the_same_facts_folded_under_other_rulings(rulings, rests, treats):
    state, steps = _fold(rulings)
    assert [w.rests_remaining for w in state.sheet("Arin").wounds] == rests
    seen = [(outcome, note and ("no wound left" if "no wound left" in note else note))
            for outcome, note in steps[-2:]]
    assert seen == treats
    assert state.rulings == dict(default_rulings(), **rulings)
