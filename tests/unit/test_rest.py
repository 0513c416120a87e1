"""Short and long rests: REST-1..3, BASE-LONG-REST, BASE-SHORT-REST, RULING-7-DAYS,
RULING-FORAGING, RULING-LONG-INCLUDES-SHORT, RULING-STABLE; party rests folded per character."""

from dataclasses import replace

import pytest

from ledger.rules import dying, rest
from ledger.rules.errors import RuleRefusal
from ledger.rules.rulings import default_rulings
from ledger.rules.sheet import Level, fatigue_total, new_sheet

from .support import codes, effect, named, party, problem, spell, the


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
    assert result.outcomes == {"Arin": result.outcome, "Brune": result.outcome}
    assert result.details == {"long_possible": long}
    assert result.skipped == {}
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
    cited = {rule for e in effects for rule in e["rules"]}
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
    assert effects == [
        effect("Arin", "rest.short", ("BASE-SHORT-REST",), name="Arin"),
        effect("Arin", "fatigue.recovered", ("BASE-SHORT-REST", "MAGIC-3"), name="Arin",
               source="magic", cause=named("cône de froid"), origin=10, total=2)]


def test_BASE_LONG_REST_resets_the_death_save_counters_and_relentless_endurance():
    sheet = replace(tired(), endurance_used=True, successes=1, failures=2)
    sheet, _ = rest.long_rest(sheet, default_rulings(), ("REST-1",))
    assert (sheet.endurance_used, sheet.successes, sheet.failures) == (False, 0, 0)


# --- BASE-LONG-REST: 1 HP at the start; the dying and the dead do not rest -------------------------

def test_RULING_STABLE_a_stable_character_in_a_party_long_rest_regains_1_HP_and_a_short_rest():
    """Changed on purpose (RULING-STABLE): the stable character no longer stays at 0 HP; it
    regains the 1 HP of a stable character, and since it was at 0 HP when the rest began, it
    gets only short-rest benefits."""
    table = party()
    table.do("damage", "Arin", amount=50, cause="hache", dice="1d12")
    table.do("stabilize", "Arin", by="Brune", wound_roll=5)
    table.do("damage", "Brune", amount=10, cause="dague", dice="1d4")
    result = table.do("rest long", ["Arin", "Brune"])
    assert result.outcome == "long"
    assert result.outcomes == {"Arin": "short", "Brune": "long"}
    assert (table.hp("Arin"), table.condition("Arin")) == (1, "conscious")
    assert table.rests("Arin") == [5]          # no long rest for the wound either
    assert table.hp("Brune") == 38
    assert codes(result, "Arin")[:2] == ["dying.stable_regains", "rest.short_night"]
    assert the(result, "dying.stable_regains") == effect(
        "Arin", "dying.stable_regains", ("RULING-STABLE", "BASE-DYING"), name="Arin")
    assert "rest.zero_hp" not in codes(result)
    assert "RULING-STABLE" in result.rules
    assert result.details == {"long_possible": True}


@pytest.mark.parametrize("command, args", [
    ("rest long", {}),
    ("rest night", {"calm": True}),
    ("rest short", {}),
    ("rest wilderness", {}),
])
def test_BASE_DYING_a_dying_character_cannot_rest(command, args):
    """Changed on purpose: a party rest with a dying member is refused whole at the edge with
    one party code (rest.party_dying; rest.party_dead; rest.party_refused when both) naming
    every member who cannot rest."""
    table = party()
    table.do("damage", "Arin", amount=50, cause="hache", dice="1d12")
    table.do("damage", "Brune", amount=10, cause="dague", dice="1d4")
    with pytest.raises(RuleRefusal) as refusal:
        table.do(command, ["Brune", "Arin"], **args)
    assert problem(refusal.value) == ("rest.party_dying", "BASE-DYING",
                                      {"dying": ["Arin"], "dead": [], "count": 1})
    assert table.hp("Brune") == 28        # the whole party rest is refused


def test_BASE_DYING_the_dead_do_not_rest():
    table = party()
    table.do("damage", "Arin", amount=90, cause="géant", dice="3d12")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("rest long", ["Arin"])
    assert problem(refusal.value) == ("rest.party_dead", "BASE-DYING",
                                      {"dying": [], "dead": ["Arin"], "count": 1})


def test_BASE_DYING_a_party_rest_refusal_names_the_dying_and_the_dead():
    table = party()
    table.add("Cael")
    table.do("damage", "Arin", amount=90, cause="géant", dice="3d12")
    table.do("damage", "Cael", amount=50, cause="hache", dice="1d12")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("rest night", ["Arin", "Brune", "Cael"], calm=True)
    assert problem(refusal.value) == ("rest.party_refused", "BASE-DYING",
                                      {"dying": ["Cael"], "dead": ["Arin"], "count": 2})


@pytest.mark.parametrize("condition, code", [("dying", "rest.dying"), ("dead", "rest.dead")])
def test_BASE_DYING_one_characters_own_rest_refusal(condition, code):
    sheet = replace(tired(hp=0), condition=condition)
    for rest_of_one in (lambda: rest.short_rest(sheet),
                        lambda: rest.night(sheet, True, default_rulings(), ("REST-1",)),
                        lambda: rest.wilderness_day(sheet, default_rulings())):
        with pytest.raises(RuleRefusal) as refusal:
            rest_of_one()
        assert problem(refusal.value) == (code, "BASE-DYING", {"name": "Arin"})


# --- a party rest folded again: each character's part on its own ------------------------------

@pytest.mark.parametrize("command, args, kind", [
    ("rest long", {}, "long"),
    ("rest night", {"calm": True}, "short"),
    ("rest short", {}, "short"),
    ("rest wilderness", {}, "short"),
])
def test_BASE_DYING_in_a_refold_the_dying_members_part_is_skipped_the_others_rest(command, args,
                                                                                 kind):
    table = party()
    table.do("damage", "Arin", amount=50, cause="hache", dice="1d12")
    table.do("damage", "Brune", amount=10, cause="dague", dice="1d4")
    result = table.do(command, ["Brune", "Arin"], strict=False, **args)
    assert result.skipped == {"Arin": {"code": "rest.dying", "rule": "BASE-DYING",
                                       "params": {"name": "Arin"}}}
    assert result.outcomes == {"Brune": kind, "Arin": None}
    assert (table.condition("Arin"), table.hp("Arin")) == ("dying", 0)
    assert table.hp("Brune") == (38 if kind == "long" else 28)
    assert all(e["character"] == "Brune" for e in result.effects)


def test_BASE_DYING_in_a_refold_a_party_rest_nobody_can_take_is_refused():
    table = party()
    table.do("damage", "Arin", amount=50, cause="hache", dice="1d12")
    with pytest.raises(RuleRefusal) as refusal:
        table.do("rest long", ["Arin"], strict=False)
    assert problem(refusal.value) == ("rest.dying", "BASE-DYING", {"name": "Arin"})


def test_RULING_STABLE_a_short_rest_leaves_a_stable_character_at_0_HP():
    table = party()
    table.do("damage", "Arin", amount=50, cause="hache", dice="1d12")
    table.do("stabilize", "Arin", by="Brune", wound_roll=5)
    result = table.do("rest short", ["Arin"])
    assert result.outcome == "short"
    assert result.outcomes == {"Arin": "short"}
    assert (table.hp("Arin"), table.condition("Arin")) == (0, "stable")   # one hour is not enough
    assert "dying.stable_regains" not in codes(result)


# --- RULING-STABLE: a night, long rest or wilderness day that starts while stable ---------------

def _stable_arin(ordinary=1):
    """Arin stable at 0 HP with a wound of 5 rests, an ordinary level and a magic one."""
    table = party()
    table.do("fatigue", "Arin", delta=ordinary, cause="marche forcée")
    table.do("fatigue", "Arin", delta=1, source="magic", cause="malédiction")
    table.do("damage", "Arin", amount=50, cause="hache", dice="1d12")
    table.do("stabilize", "Arin", by="Brune", wound_roll=5)
    assert (table.condition("Arin"), table.hp("Arin"), table.fatigue("Arin")) == ("stable", 0, 3)
    return table


STARTS = {
    "rest long": ("rest long", {}),
    "safe calm night": ("rest night", {"safe": True, "calm": True}),
    "calm camp": ("rest night", {"calm": True}),
    "watched night": ("rest night", {"safe": True, "calm": True, "watch": True}),
    "wilderness day": ("rest wilderness", {}),
}


@pytest.mark.parametrize("start", list(STARTS))
def test_RULING_STABLE_a_rest_starting_stable_gives_1_HP_and_short_rest_benefits_only(start):
    table = _stable_arin()
    command, args = STARTS[start]
    result = table.do(command, ["Arin"], **args)
    sheet = table["Arin"]
    assert (sheet.hp, sheet.condition, sheet.successes, sheet.failures) == (1, "conscious", 0, 0)
    assert result.outcomes == {"Arin": "short"}
    assert table.rests("Arin") == [5]                   # no long rest for the wound
    assert (len(sheet.ordinary), len(sheet.magic)) == (1, 0)   # a short rest's benefits only
    assert codes(result)[0] == "dying.stable_regains"
    assert {"RULING-STABLE", "BASE-DYING"} <= set(result.rules)
    assert "BASE-LONG-REST" not in result.rules


@pytest.mark.parametrize("start", list(STARTS))
def test_RULING_STABLE_the_next_night_can_be_long(start):
    table = _stable_arin()
    command, args = STARTS[start]
    table.do(command, ["Arin"], **args)
    result = table.do("rest long", ["Arin"])
    assert result.outcomes == {"Arin": "long"}
    assert (table.hp("Arin"), table.condition("Arin")) == (45, "conscious")
    assert table.rests("Arin") == [4]
    assert (len(table["Arin"].ordinary), table.fatigue("Arin")) == (0, 1)


def test_RULING_STABLE_evening_care_still_counts_on_the_stable_night():
    table = _stable_arin()
    table.do("tend", "Arin", by="Brune", d20=15, bonus=5)      # 20 vs DC 20 (1d12)
    result = table.do("rest night", ["Arin", "Brune"], calm=True)
    assert result.outcomes == {"Arin": "short", "Brune": "short"}
    assert table.rests("Arin") == [4]                  # WOUND-5: counts for the head wound
    assert table.hp("Arin") == 1


def test_RULING_STABLE_a_wilderness_day_starting_stable_continues_the_streak():
    table = party()
    for _ in range(3):
        table.do("rest wilderness", ["Arin"])
    table.do("damage", "Arin", amount=50, cause="sanglier", dice="1d6", foraging=True)
    table.do("stabilize", "Arin", by="Brune", wound_roll=2)
    assert table["Arin"].wilderness_days == 3           # the hunt kept it (RULING-FORAGING)
    result = table.do("rest wilderness", ["Arin"])
    assert (table.hp("Arin"), table["Arin"].wilderness_days) == (1, 4)
    assert codes(result)[:2] == ["dying.stable_regains", "wild.day"]
    outcomes = [table.do("rest wilderness", ["Arin"]).outcome for _ in range(3)]
    assert outcomes == ["short", "short", "long"]


def test_RULING_STABLE_a_conscious_character_regains_nothing():
    sheet = tired()
    assert dying.regain_from_stable(sheet) == (sheet, [])


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


def _five_days_in_the_wild():
    table = party()
    table.add("Mira", con=12, hp_max=30, level=9)
    for _ in range(5):
        table.do("rest wilderness", ["Arin", "Mira"])
    return table


ACTIVITIES = [
    ("attack", "Arin", {"ac": 15, "d20": 12}),
    ("check", "Arin", {"dc": 12, "d20": 12, "skill": "Survie"}),
    ("damage", "Arin", {"amount": 3, "cause": "loup", "dice": "2d4"}),
    ("cast", "Mira", {"spell": spell("Boule de feu", 3, "8d6", "Fireball"), "slot": 3}),
]


@pytest.mark.parametrize("kind, who, args", ACTIVITIES)
def test_RULING_7_DAYS_other_activities_break_the_streak(kind, who, args):
    """Changed on purpose for checks (RULING-FORAGING): an unmarked check now breaks the
    streak like an attack, damage or a spell."""
    table = _five_days_in_the_wild()
    result = table.do(kind, who, **args)
    assert table[who].wilderness_days == 0
    assert "RULING-7-DAYS" in result.rules
    assert the(result, "wild.interrupted") == effect(who, "wild.interrupted", ("RULING-7-DAYS",),
                                                     name=who, days=5)
    other = "Mira" if who == "Arin" else "Arin"
    assert table[other].wilderness_days == 5             # only the one who acted
    outcomes = [table.do("rest wilderness", [who]).outcome for _ in range(7)]
    assert outcomes == ["short"] * 6 + ["long"]


@pytest.mark.parametrize("kind, who, args", ACTIVITIES[:3])
def test_RULING_FORAGING_hunting_fishing_gathering_keeps_the_streak(kind, who, args):
    table = _five_days_in_the_wild()
    result = table.do(kind, who, foraging=True, **args)
    assert table[who].wilderness_days == 5
    assert the(result, "wild.foraging") == effect(who, "wild.foraging",
                                                  ("REST-3", "RULING-FORAGING"), name=who, days=5)
    assert "wild.interrupted" not in codes(result)
    assert {"REST-3", "RULING-FORAGING"} <= set(result.rules)
    outcomes = [table.do("rest wilderness", [who]).outcome for _ in range(2)]
    assert outcomes == ["short", "long"]                 # the seventh day comes on time


@pytest.mark.parametrize("kind, args", [
    ("save", {"dc": 12, "d20": 3, "ability": "CON"}),
    ("heal", {"amount": 5}),
    ("fatigue", {"delta": 1, "cause": "faim"}),
])
def test_RULING_FORAGING_what_is_no_activity_leaves_the_streak(kind, args):
    table = _five_days_in_the_wild()
    result = table.do(kind, "Arin", **args)
    assert table["Arin"].wilderness_days == 5
    assert not {"wild.interrupted", "wild.foraging"} & set(codes(result))


@pytest.mark.parametrize("foraging", [False, True])
def test_RULING_FORAGING_outside_a_streak_an_activity_says_nothing_of_it(foraging):
    table = party()
    result = table.do("check", "Arin", dc=12, d20=12, foraging=foraging)
    assert table["Arin"].wilderness_days == 0
    assert result.effects == []


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
    assert result.outcomes == {"Arin": "long", "Brune": "short"}
    assert the(result, "wild.seventh_day")["params"] == {"name": "Arin", "day": 7, "of": 7}
    assert the(result, "wild.day")["params"] == {"name": "Brune", "day": 1, "of": 7}


def test_RULING_STABLE_seventh_day_starting_stable_is_no_long_rest():
    """Changed on purpose (RULING-STABLE): the stable character regains its 1 HP as the day
    starts, but the rest began at 0 HP: short-rest benefits only, and the streak starts over."""
    sheet = replace(tired(hp=0), condition="stable", wilderness_days=6)
    sheet, kind, effects = rest.wilderness_day(sheet, default_rulings())
    assert (kind, sheet.hp, sheet.condition, sheet.wilderness_days) == ("short", 1, "conscious", 0)
    assert [e["code"] for e in effects] == ["dying.stable_regains", "wild.seventh_day",
                                            "rest.short_night", "fatigue.recovered"]
    assert effects[1]["params"] == {"name": "Arin", "day": 7, "of": 7}
    assert fatigue_total(sheet) == 2    # one magic level recovered, the ordinary one stays
