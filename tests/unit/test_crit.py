"""Attacks, checks and saves: BASE-CRIT, CRIT-1..5, RULING-CRIT-MARGIN, RULING-NAT1,
RULING-CHECKS."""

import pytest

from ledger.rules.crit import crit_margin, resolve_attack, resolve_check, resolve_save
from ledger.rules.errors import BadValue, MissingRoll

from .support import Table, problem

NAT1 = ("miss", "critical-failure")


# --- attacks ------------------------------------------------------------------------------

@pytest.mark.parametrize("nat1", NAT1)
@pytest.mark.parametrize("bonus, ac", [(0, 15), (5, 30), (-5, 5), (0, 40)])
def test_BASE_CRIT_CRIT_1_natural_20_is_always_a_critical_hit(nat1, bonus, ac):
    roll = resolve_attack(20, bonus, ac, 20, nat1)
    assert (roll.outcome, roll.total, roll.target) == ("critical-hit", 20 + bonus, ac)
    assert roll.rules == ("BASE-CRIT", "CRIT-1")


@pytest.mark.parametrize("nat1, bonus, ac, outcome, rules", [
    # RULING-NAT1 = miss: a natural 1 misses even when the total beats the AC…
    ("miss", 20, 10, "miss", ("CRIT-1", "RULING-NAT1")),
    ("miss", 14, 15, "miss", ("CRIT-1", "RULING-NAT1")),
    # …and is a critical failure only when the total is also AC − 10 or lower
    ("miss", 4, 15, "critical-failure", ("CRIT-1", "CRIT-3", "RULING-NAT1")),
    ("miss", 0, 11, "critical-failure", ("CRIT-1", "CRIT-3", "RULING-NAT1")),
    ("miss", 0, 10, "miss", ("CRIT-1", "RULING-NAT1")),
    # RULING-NAT1 = critical-failure: every natural 1 is one, never a hit
    ("critical-failure", 20, 10, "critical-failure", ("CRIT-1", "CRIT-3", "RULING-NAT1")),
    ("critical-failure", 14, 15, "critical-failure", ("CRIT-1", "CRIT-3", "RULING-NAT1")),
    ("critical-failure", 4, 15, "critical-failure", ("CRIT-1", "CRIT-3", "RULING-NAT1")),
])
def test_RULING_NAT1_natural_1_never_hits(nat1, bonus, ac, outcome, rules):
    roll = resolve_attack(1, bonus, ac, 20, nat1)
    assert roll.outcome == outcome
    assert roll.total == 1 + bonus
    assert roll.rules == rules


@pytest.mark.parametrize("crit_min", [20, 19, 18])
def test_RULING_NAT1_natural_1_never_hits_even_with_a_wide_critical_range(crit_min):
    assert resolve_attack(1, 30, 12, crit_min, "miss").outcome == "miss"


@pytest.mark.parametrize("d20, bonus, ac, outcome", [
    (15, 10, 15, "critical-hit"),   # 25 = AC + 10
    (19, 6, 15, "critical-hit"),    # 25 = AC + 10
    (14, 10, 15, "hit"),            # 24 = AC + 9: not enough without a wider range
    (10, 5, 15, "hit"),             # 15 = AC
    (9, 5, 15, "miss"),             # 14
    (6, 0, 15, "miss"),             # 6 = AC − 9
    (5, 0, 15, "critical-failure"),  # 5 = AC − 10
    (2, 0, 15, "critical-failure"),
    (19, 0, 15, "hit"),             # natural 19 is no critical with the default range
])
def test_CRIT_2_CRIT_3_margins_of_10_with_the_default_range(d20, bonus, ac, outcome):
    assert resolve_attack(d20, bonus, ac, 20, "miss").outcome == outcome


def test_CRIT_2_margin_of_10_is_critical_hit():
    roll = resolve_attack(12, 13, 15, 20, "miss")
    assert (roll.outcome, roll.total, roll.target, roll.rules) == (
        "critical-hit", 25, 15, ("CRIT-2",))


def test_CRIT_3_total_10_below_AC_is_critical_failure():
    roll = resolve_attack(3, 2, 15, 20, "miss")
    assert (roll.outcome, roll.total, roll.rules) == ("critical-failure", 5, ("CRIT-3",))


@pytest.mark.parametrize("d20, bonus, ac, outcome, rules", [
    (19, 0, 25, "critical-hit", ("BASE-CRIT", "CRIT-5")),   # natural 19 crits, whatever the AC
    (20, 0, 25, "critical-hit", ("BASE-CRIT", "CRIT-5")),
    (14, 10, 15, "critical-hit", ("CRIT-2", "CRIT-5", "RULING-CRIT-MARGIN")),  # 24 = AC + 9
    (13, 10, 15, "hit", ("BASE-CRIT",)),                     # 23 = AC + 8
    (5, 0, 15, "critical-failure", ("CRIT-3",)),             # the failure margin stays 10
    (6, 0, 15, "miss", ("BASE-CRIT",)),
])
def test_CRIT_5_crit_min_19_margin_of_9_and_natural_19_crit(d20, bonus, ac, outcome, rules):
    roll = resolve_attack(d20, bonus, ac, 19, "miss")
    assert (roll.outcome, roll.rules) == (outcome, rules)


@pytest.mark.parametrize("d20, bonus, ac, outcome", [
    (18, 0, 30, "critical-hit"),    # natural 18
    (17, 6, 15, "critical-hit"),    # 23 = AC + 8
    (17, 5, 15, "hit"),             # 22 = AC + 7
    (5, 0, 15, "critical-failure"),  # 5 = AC − 10
    (6, 0, 15, "miss"),             # AC − 9: no wider failure margin
])
def test_RULING_CRIT_MARGIN_crit_min_18_margin_of_8(d20, bonus, ac, outcome):
    assert resolve_attack(d20, bonus, ac, 18, "miss").outcome == outcome


@pytest.mark.parametrize("crit_min, margin", [(20, 10), (19, 9), (18, 8), (17, 7)])
def test_RULING_CRIT_MARGIN_is_10_minus_the_widening(crit_min, margin):
    assert crit_margin(crit_min) == margin


@pytest.mark.parametrize("resolve", [
    lambda d20: resolve_attack(d20, 0, 15, 20, "miss"),
    lambda d20: resolve_check(d20, 0, 15, "on"),
    lambda d20: resolve_save(d20, 0, 15),
], ids=["attack", "check", "save"])
@pytest.mark.parametrize("d20, shown", [(0, "0"), (21, "21"), (-1, "-1"), (True, "True"),
                                        ("12", "12")])
def test_BASE_CRIT_d20_face_out_of_range_is_BadValue(resolve, d20, shown):
    with pytest.raises(BadValue) as error:
        resolve(d20)
    assert problem(error.value) == ("roll.not_d20", None, {"what": "d20", "value": shown})
    assert error.value.exit_code == 2


@pytest.mark.parametrize("crit_min", [1, 21, 0])
def test_CRIT_5_crit_min_out_of_range_is_BadValue(crit_min):
    with pytest.raises(BadValue) as error:
        resolve_attack(10, 0, 15, crit_min, "miss")
    assert problem(error.value) == ("roll.crit_min_range", None, {"value": str(crit_min)})
    assert error.value.exit_code == 2


@pytest.mark.parametrize("crit_min", [2, 20])
def test_CRIT_5_crit_min_bounds_2_and_20_are_accepted(crit_min):
    assert resolve_attack(crit_min, 0, 30, crit_min, "miss").outcome == "critical-hit"


# --- attacks through the fold --------------------------------------------------------------

@pytest.mark.parametrize("character_crit_min, attack_crit_min, d20, bonus, outcome", [
    (20, None, 19, 0, "hit"),
    (19, None, 19, 0, "critical-hit"),            # the character's own Champion range
    (19, None, 14, 10, "critical-hit"),           # and its margin of 9 (24 vs AC 15)
    (20, 19, 14, 10, "critical-hit"),             # --crit-min on the attack itself
    (19, 20, 19, 0, "hit"),                       # the attack's value wins
])
def test_CRIT_5_crit_min_from_character_or_attack(character_crit_min, attack_crit_min, d20,
                                                 bonus, outcome):
    table = Table()
    table.add("Guido", crit_min=character_crit_min)
    args = {"ac": 15, "d20": d20, "bonus": bonus}
    if attack_crit_min is not None:
        args["crit_min"] = attack_crit_min
    result = table.do("attack", "Guido", **args)
    assert result.outcome == outcome
    crit_min = attack_crit_min or character_crit_min
    assert result.details == {"d20": d20, "bonus": bonus, "total": d20 + bonus, "target": 15,
                              "margin": d20 + bonus - 15, "crit_min": crit_min,
                              "crit_margin": 10 - (20 - crit_min)}


@pytest.mark.parametrize("nat1, outcome", [("miss", "miss"),
                                           ("critical-failure", "critical-failure")])
def test_RULING_NAT1_campaign_setting_reaches_the_attack(nat1, outcome):
    table = Table({"crit.nat1": nat1})
    table.add("Guido")
    result = table.do("attack", "Guido", ac=12, d20=1, bonus=8)
    assert result.outcome == outcome
    assert "RULING-NAT1" in result.rules


# --- ability checks (CRIT-4, RULING-CHECKS) ----------------------------------------------------

@pytest.mark.parametrize("d20, bonus, dc, outcome, rules", [
    (20, 5, 15, "extraordinary-success", ("CRIT-4", "RULING-CHECKS")),  # 25 = DC + 10
    (19, 5, 15, "success", ("CRIT-4",)),                                 # 24
    (10, 5, 15, "success", ("CRIT-4",)),                                 # 15 = DC
    (9, 5, 15, "failure", ("CRIT-4",)),                                  # 14
    (1, 5, 15, "failure", ("CRIT-4",)),                                  # 6 = DC − 9
    (1, 4, 15, "extraordinary-failure", ("CRIT-4", "RULING-CHECKS")),    # 5 = DC − 10
])
def test_CRIT_4_checks_extraordinary_at_10_either_side(d20, bonus, dc, outcome, rules):
    roll = resolve_check(d20, bonus, dc, "on")
    assert (roll.outcome, roll.total, roll.target, roll.rules) == (outcome, d20 + bonus, dc, rules)


@pytest.mark.parametrize("d20, bonus, dc, outcome", [
    (20, 5, 15, "success"),
    (10, 5, 15, "success"),
    (9, 5, 15, "failure"),
    (1, 4, 15, "failure"),
])
def test_RULING_CHECKS_off_no_extraordinary_results(d20, bonus, dc, outcome):
    roll = resolve_check(d20, bonus, dc, "off")
    assert (roll.outcome, roll.rules) == (outcome, ("RULING-CHECKS",))


@pytest.mark.parametrize("checks, outcome", [("on", "extraordinary-success"), ("off", "success")])
def test_RULING_CHECKS_campaign_setting_reaches_the_check(checks, outcome):
    table = Table({"crit.checks": checks})
    table.add("Guido")
    result = table.do("check", "Guido", dc=10, d20=15, bonus=5, skill="Athlétisme")
    assert result.outcome == outcome
    assert result.details == {"d20": 15, "bonus": 5, "total": 20, "target": 10, "margin": 10}
    assert result.rules == (["CRIT-4", "RULING-CHECKS"] if checks == "on" else ["RULING-CHECKS"])


# --- saving throws: no margin criticals ------------------------------------------------------

@pytest.mark.parametrize("d20, bonus, dc, outcome", [
    (20, 10, 10, "success"),   # 30 = DC + 20: still a plain success
    (10, 0, 10, "success"),
    (9, 0, 10, "failure"),
    (1, 0, 15, "failure"),     # DC − 14: a plain failure
])
def test_RULING_CHECKS_saves_have_no_margin_criticals(d20, bonus, dc, outcome):
    roll = resolve_save(d20, bonus, dc)
    assert (roll.outcome, roll.total, roll.rules) == (outcome, d20 + bonus, ("RULING-CHECKS",))


def test_RULING_CHECKS_saves_through_the_fold():
    table = Table()
    table.add("Guido")
    saved = table.do("save", "Guido", dc=12, d20=20, bonus=5, ability="DEX")
    assert (saved.outcome, saved.rules) == ("success", ["RULING-CHECKS"])
    assert saved.details == {"d20": 20, "bonus": 5, "total": 25, "target": 12, "margin": 13}
    failed = table.do("save", "Guido", dc=12, d20=1, bonus=0, ability="DEX")
    assert (failed.outcome, failed.details["margin"]) == ("failure", -11)
    assert saved.effects == failed.effects == []


@pytest.mark.parametrize("kind, args, field, rule", [
    ("attack", {"ac": 15}, "d20", "BASE-CRIT"),
    ("check", {"dc": 15}, "d20", "CRIT-4"),
    ("save", {"dc": 15}, "d20", "RULING-CHECKS"),
])
def test_BASE_CRIT_a_roll_without_its_d20_asks_the_edge_to_roll(kind, args, field, rule):
    table = Table()
    table.add("Guido")
    with pytest.raises(MissingRoll) as missing:
        table.do(kind, "Guido", **args)
    assert (missing.value.field, missing.value.sides, missing.value.rule) == (field, 20, rule)
