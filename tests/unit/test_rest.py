"""Short and long rests: REST-1..3, BASE-LONG-REST, BASE-SHORT-REST, RULING-7-DAYS,
RULING-LONG-INCLUDES-SHORT."""

from dataclasses import replace

import pytest

from ledger.rules import rest
from ledger.rules.errors import RuleRefusal
from ledger.rules.rulings import default_rulings
from ledger.rules.sheet import Level, fatigue_total, new_sheet

from .support import party, spell


def tired(hp=20, ordinary=1, magic=2):
    """Arin (45 HP) hurt, with ordinary and magic fatigue levels."""
    sheet = new_sheet("Arin", con=14, hp_max=45, level=5)
    return replace(sheet, hp=hp,
                   ordinary=tuple(Level(i, "marche forcée", ()) for i in range(ordinary)),
                   magic=tuple(Level(10 + i, "cône de froid", ()) for i in range(magic)))


def exhausted_table():
    """Arin at 20 HP with 1 ordinary and 2 magic fatigue levels, through the fold."""
    table = party()
    table.add("Mira", con=12, hp_max=30, level=9)
    table.do("fatigue", "Arin", delta=1, cause="marche forcée")
    table.do("damage", "Arin", amount=25, cause="dague", dice="1d4")
    table.do("cast", "Mira", spell=spell("Éclat du soleil", 8, "12d6", "Sunburst"), slot=8,
             save_d20=2, save_bonus=1)
    return table


# --- REST-1: when a night is a long rest ------------------------------------------------------------

@pytest.mark.parametrize("safe, calm, watch, long", [
    (True, True, False, True),
    (True, True, True, False),     # a watch means the place is too dangerous
    (True, False, False, False),   # on edge, even at home
    (False, True, False, False),
    (False, False, False, False),
    (False, True, True, False),
])
def test_REST_1_long_only_with_safe_and_calm_and_no_watch(safe, calm, watch, long):
    assert rest.night_is_long(safe, calm, watch) is long
    table = party()
    result = table.do("rest night", ["Arin", "Brune"], safe=safe, calm=calm, watch=watch)
    assert result.outcome == ("long" if long else "short")
    assert result.details["per_character"] == {"Arin": result.outcome, "Brune": result.outcome}
    assert "REST-1" in result.rules
    assert ("BASE-LONG-REST" in result.rules) is long
    assert ("REST-2" in result.rules) is not long


@pytest.mark.parametrize("watch, outcome", [(False, "long"), (True, "short")])
def test_REST_1_rest_long_is_a_safe_calm_night_unless_watched(watch, outcome):
    assert party().do("rest long", ["Arin"], watch=watch).outcome == outcome


def test_BASE_LONG_REST_restores_all_HP_one_ordinary_level_and_one_magic_level():
    table = exhausted_table()
    sheet = table["Arin"]
    assert (sheet.hp, len(sheet.ordinary)) == (20, 1)
    assert len(table["Mira"].magic) == 2
    table.do("rest long", ["Arin", "Mira"])
    assert (table.hp("Arin"), table.fatigue("Arin")) == (45, 0)
    assert len(table["Mira"].magic) == 1     # RULING-LONG-INCLUDES-SHORT: one, not all


def test_REST_2_a_watched_night_gives_short_rest_benefits_only():
    table = exhausted_table()
    result = table.do("rest night", ["Arin", "Mira"], safe=True, calm=True, watch=True)
    assert result.outcome == "short"
    assert (table.hp("Arin"), len(table["Arin"].ordinary)) == (20, 1)   # no HP, no ordinary level
    assert len(table["Mira"].magic) == 1                               # one magic level
    assert "MAGIC-3" in result.rules and "REST-2" in result.rules


@pytest.mark.parametrize("long, hp, ordinary, magic", [
    (True, 45, 0, 1),
    (False, 20, 1, 1),
])
def test_REST_2_night_benefits(long, hp, ordinary, magic):
    sheet, kind, _ = rest.night(tired(), long, default_rulings(), ("REST-1",))
    assert kind == ("long" if long else "short")
    assert (sheet.hp, len(sheet.ordinary), len(sheet.magic)) == (hp, ordinary, magic)


@pytest.mark.parametrize("includes, magic, ordinary", [("yes", 1, 0), ("no", 2, 0)])
def test_RULING_LONG_INCLUDES_SHORT(includes, magic, ordinary):
    rulings = dict(default_rulings(), **{"rest.long_includes_short": includes})
    sheet, effects = rest.long_rest(tired(), rulings, ("REST-1",))
    assert (len(sheet.magic), len(sheet.ordinary), sheet.hp) == (magic, ordinary, 45)
    cited = {rule for _, rules in effects for rule in rules}
    assert ("RULING-LONG-INCLUDES-SHORT" in cited) is (includes == "yes")


@pytest.mark.parametrize("includes, magic", [("yes", 1), ("no", 2)])
def test_RULING_LONG_INCLUDES_SHORT_through_the_fold(includes, magic):
    table = party({"rest.long_includes_short": includes})
    table.add("Mira", con=12, hp_max=30, level=9)
    table.do("cast", "Mira", spell=spell("Éclat du soleil", 8, "12d6", "Sunburst"), slot=8,
             save_d20=2, save_bonus=1)
    table.do("rest long", ["Mira"])
    assert len(table["Mira"].magic) == magic


def test_BASE_SHORT_REST_one_magic_level_nothing_else():
    sheet, effects = rest.short_rest(tired())
    assert (sheet.hp, len(sheet.ordinary), len(sheet.magic)) == (20, 1, 1)
    assert effects == [("Arin recovers a magic fatigue level (cône de froid)",
                        ("BASE-SHORT-REST", "MAGIC-3"))]


def test_BASE_LONG_REST_resets_the_death_save_counters_and_relentless_endurance():
    sheet = replace(tired(), endurance_used=True, successes=1, failures=2)
    sheet, _ = rest.long_rest(sheet, default_rulings(), ("REST-1",))
    assert (sheet.endurance_used, sheet.successes, sheet.failures) == (False, 0, 0)


# --- BASE-LONG-REST: 1 HP at the start; the dying and the dead do not rest -------------------------

def test_BASE_LONG_REST_a_stable_character_at_0_HP_in_a_party_long_rest_gets_a_short_rest():
    table = party()
    table.do("damage", "Arin", amount=50, cause="hache", dice="1d12")
    table.do("stabilize", "Arin", by="Brune", wound_roll=5)
    table.do("damage", "Brune", amount=10, cause="dague", dice="1d4")
    result = table.do("rest long", ["Arin", "Brune"])
    assert result.outcome == "long"
    assert result.details["per_character"] == {"Arin": "short", "Brune": "long"}
    assert (table.hp("Arin"), table.condition("Arin")) == (0, "stable")
    assert table.rests("Arin") == [5]          # no long rest for the wound either
    assert table.hp("Brune") == 38
    assert {"text": "Arin is at 0 HP and cannot start a long rest",
            "rules": ["BASE-LONG-REST"]} in result.effects


@pytest.mark.parametrize("command, args", [
    ("rest long", {}),
    ("rest night", {"calm": True}),
    ("rest short", {}),
    ("rest wilderness", {}),
])
def test_BASE_DYING_a_dying_character_cannot_rest(command, args):
    table = party()
    table.do("damage", "Arin", amount=50, cause="hache", dice="1d12")
    table.do("damage", "Brune", amount=10, cause="dague", dice="1d4")
    with pytest.raises(RuleRefusal, match="Arin is dying .*: stabilize or heal before resting") as refusal:
        table.do(command, ["Brune", "Arin"], **args)
    assert refusal.value.rule == "BASE-DYING"
    assert table.hp("Brune") == 28        # the whole party rest is refused


def test_BASE_DYING_the_dead_do_not_rest():
    table = party()
    table.do("damage", "Arin", amount=90, cause="géant", dice="3d12")
    with pytest.raises(RuleRefusal, match="Arin is dead and cannot rest"):
        table.do("rest long", ["Arin"])


def test_BASE_SHORT_REST_a_stable_character_may_take_a_short_rest():
    table = party()
    table.do("damage", "Arin", amount=50, cause="hache", dice="1d12")
    table.do("stabilize", "Arin", by="Brune", wound_roll=5)
    assert table.do("rest short", ["Arin"]).outcome == "short"


# --- REST-3 and RULING-7-DAYS ----------------------------------------------------------------------

def test_REST_3_the_seventh_wilderness_day_is_a_long_rest_and_the_streak_restarts():
    table = exhausted_table()
    outcomes, streaks, hps = [], [], []
    for _ in range(8):
        outcomes.append(table.do("rest wilderness", ["Arin"]).outcome)
        streaks.append(table["Arin"].wilderness_days)
        hps.append(table.hp("Arin"))
    assert outcomes == ["short"] * 6 + ["long", "short"]
    assert streaks == [1, 2, 3, 4, 5, 6, 0, 1]
    assert hps == [20] * 6 + [45, 45]
    assert len(table["Arin"].ordinary) == 0


def test_RULING_7_DAYS_each_wilderness_night_gives_short_rest_benefits():
    table = exhausted_table()
    table.do("rest wilderness", ["Mira"])
    assert len(table["Mira"].magic) == 1
    result = table.do("rest wilderness", ["Mira"])
    assert len(table["Mira"].magic) == 0
    assert "REST-3" in result.rules and "RULING-7-DAYS" in result.rules


@pytest.mark.parametrize("kind, who, args", [
    ("attack", "Arin", {"ac": 15, "d20": 12}),
    ("damage", "Arin", {"amount": 3, "cause": "loup", "dice": "2d4"}),
    ("cast", "Mira", {"spell": spell("Boule de feu", 3, "8d6", "Fireball"), "slot": 3}),
])
def test_RULING_7_DAYS_other_activities_break_the_streak(kind, who, args):
    table = party()
    table.add("Mira", con=12, hp_max=30, level=9)
    for _ in range(5):
        table.do("rest wilderness", ["Arin", "Mira"])
    result = table.do(kind, who, **args)
    assert table[who].wilderness_days == 0
    assert "RULING-7-DAYS" in result.rules
    outcomes = [table.do("rest wilderness", [who]).outcome for _ in range(7)]
    assert outcomes == ["short"] * 6 + ["long"]


def test_RULING_7_DAYS_a_night_elsewhere_breaks_the_streak():
    table = party()
    for _ in range(6):
        table.do("rest wilderness", ["Arin"])
    table.do("rest night", ["Arin"], calm=True)
    assert table["Arin"].wilderness_days == 0
    assert table.do("rest wilderness", ["Arin"]).outcome == "short"


def test_RULING_7_DAYS_a_party_whose_streaks_differ_is_long_for_the_log():
    table = party()
    for _ in range(6):
        table.do("rest wilderness", ["Arin"])
    result = table.do("rest wilderness", ["Arin", "Brune"])
    assert result.outcome == "long"
    assert result.details["per_character"] == {"Arin": "long", "Brune": "short"}


def test_REST_3_seventh_day_at_0_HP_is_no_long_rest():
    sheet = replace(tired(hp=0), condition="stable", wilderness_days=6)
    sheet, kind, effects = rest.wilderness_day(sheet, default_rulings())
    assert (kind, sheet.hp, sheet.wilderness_days) == ("short", 0, 0)
    assert effects[0] == ("Arin is at 0 HP on the seventh day: no long rest", ("BASE-LONG-REST",))
    assert fatigue_total(sheet) == 2    # one magic level recovered, the ordinary one stays
