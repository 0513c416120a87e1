"""Rulings are campaign settings (RULES.md, "Rulings"): their defaults, their checks, and the
same recorded facts folded under other rulings (what `what-if` and `replay` rely on)."""

import pytest

from ledger.rules.errors import BadValue, RuleRefusal
from ledger.rules.fold import CampaignState, apply_command, fold_history
from ledger.rules.rulings import (RULINGS, accepted_keys, default_rulings, parse_assignment,
                                  with_rulings)
from ledger.rules.state import UnknownCharacter

from .support import Table, problem


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


KEYS = ["wound.dc_dice_term", "wound.halving", "wound.treatment", "rest.long_includes_short",
        "crit.nat1", "crit.checks"]


@pytest.mark.parametrize("text, code, params", [
    ("wound.halving", "ruling.not_assignment", {"text": "wound.halving", "expected": KEYS}),
    ("wound.rounding=up", "ruling.unknown", {"key": "wound.rounding", "expected": KEYS}),
    ("wound.halving=nearest", "ruling.bad_value",
     {"key": "wound.halving", "value": "nearest", "expected": ["down", "up"]}),
    ("crit.nat1=fumble", "ruling.bad_value",
     {"key": "crit.nat1", "value": "fumble", "expected": ["miss", "critical-failure"]}),
])
def test_RULINGS_bad_assignment_is_BadValue(text, code, params):
    assert accepted_keys() == KEYS
    with pytest.raises(BadValue) as error:
        parse_assignment(text)
    assert problem(error.value) == (code, None, params)
    assert error.value.exit_code == 2


def test_RULINGS_overrides_are_checked_too():
    with pytest.raises(BadValue) as error:
        with_rulings({}, {"wound.halving": "nearest"})
    assert error.value.code == "ruling.bad_value"


def test_RULINGS_overrides_merge_over_the_campaign_and_the_defaults():
    merged = with_rulings({"wound.halving": "up"}, {"crit.checks": "off"})
    assert merged == dict(default_rulings(), **{"wound.halving": "up", "crit.checks": "off"})


def test_RULINGS_fold_needs_a_campaign_first():
    with pytest.raises(RuleRefusal) as refusal:
        apply_command(CampaignState(), {"kind": "character add",
                                        "args": {"name": "Arin", "con": 14, "hp_max": 45}}, 1)
    assert problem(refusal.value) == ("campaign.none", None, {})


def test_RULINGS_fold_one_campaign_per_ledger():
    table = Table()
    with pytest.raises(RuleRefusal) as refusal:
        table.do("init", name="Autre")
    assert problem(refusal.value) == ("campaign.exists", None, {"name": "L'Âge du Changement"})


def test_RULINGS_fold_an_unknown_kind_is_BadValue():
    with pytest.raises(BadValue) as error:
        Table().do("teleport", "Arin")
    assert problem(error.value) == ("fold.unknown_kind", None, {"kind": "teleport"})


def test_RULINGS_fold_names_an_unknown_character_and_the_known_ones():
    table = Table()
    table.add("Éowyn")
    with pytest.raises(UnknownCharacter) as refusal:
        table.do("damage", "Arin", amount=1, cause="dague", dice="1d4")
    assert problem(refusal.value) == ("character.unknown", None,
                                      {"name": "Arin", "known": ["Éowyn"]})
    assert isinstance(refusal.value, RuleRefusal) and refusal.value.exit_code == 1
    with pytest.raises(RuleRefusal) as refusal:
        table.add("EOWYN")
    assert problem(refusal.value) == ("character.exists", None, {"name": "Éowyn"})
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


def _all_treated(count):
    """The note of a treatment the rules now refuse: no untreated wound left (data)."""
    return {"code": "fold.refused", "params": {"reason": {
        "code": "treat.all_treated", "rule": "RULING-TREAT-ONCE",
        "params": {"name": "Arin", "count": count}}}}


@pytest.mark.parametrize("rulings, rests, treats", [
    # multi: DC 18, the first treatment (18) succeeds, 7 → 3; the second finds no wound left
    ({}, [3], [("success", None), (None, _all_treated(1))]),
    ({"wound.halving": "up"}, [4], [("success", None), (None, _all_treated(1))]),
    # always: DC 19, the first fails and stands …
    ({"wound.dc_dice_term": "always"}, [7], [("failure", None), (None, _all_treated(1))]),
    # … unless retries are allowed: the second (19) succeeds
    ({"wound.dc_dice_term": "always", "wound.treatment": "retry"}, [3],
     [("failure", None), ("success", None)]),
])
def test_RULINGS_the_same_facts_folded_under_other_rulings(rulings, rests, treats):
    state, steps = _fold(rulings)
    assert [w.rests_remaining for w in state.sheet("Arin").wounds] == rests
    assert steps[-2:] == treats
    assert state.rulings == dict(default_rulings(), **rulings)


def test_RULINGS_a_fact_without_its_roll_is_kept_without_effect_with_the_missing_die():
    history = list(enumerate(HISTORY[:4], start=1)) + [
        (5, {"kind": "stabilize", "who": ["Arin"], "args": {"by": "Brune"}})]
    steps = list(fold_history(history))
    assert steps[-1][3] is None
    assert steps[-1][4] == {"code": "fold.missing_roll",
                            "params": {"field": "wound_roll", "rule": "WOUND-3"}}
    assert steps[-1][2].sheet("Arin").condition == "dying"
    assert steps[-1][2].position == 5


def test_RULINGS_rulings_given_to_the_fold_win_over_the_recorded_ones():
    recorded = {"wound.halving": "up", "crit.nat1": "critical-failure"}
    history = [(1, {"kind": "init", "args": {"name": "x", "rulings": recorded}})]
    state = list(fold_history(history, {"wound.halving": "down"}))[-1][2]
    assert state.rulings == dict(default_rulings(), **{"crit.nat1": "critical-failure"})
