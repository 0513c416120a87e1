"""Corrections (`void`) folded again: the corrections in force (a void of a void reinstates
its first target), the dice a correction supplies to later commands, and a party rest folded
per character, so that one character's correction never cancels another's rest."""

import pytest

from ledger.rules.errors import RuleRefusal
from ledger.rules.fold import effective_voids, supplies

from .support import History, codes, effect, party, problem


def _voids(*targets):
    """Commands 1–9 of any kind, then one void per target, numbered 10, 11, …"""
    commands = [(n, {"kind": "note", "args": {"number": 1, "text": "x"}}) for n in range(1, 10)]
    commands += [(10 + i, {"kind": "void", "args": {"number": t, "reason": "r"}})
                 for i, t in enumerate(targets)]
    return commands


@pytest.mark.parametrize("targets, in_force", [
    ([5], {5: 10}),
    ([5, 6], {5: 10, 6: 11}),
    ([5, 10], {10: 11}),                  # a void of a void reinstates 5
    ([5, 10, 11], {5: 10, 11: 12}),       # voiding that void voids 5 again
    ([5, 10, 11, 12], {10: 11, 12: 13}),  # 13 voids 12: 11 is back, so 10 is out, 5 counts
    ([5, 5], {5: 11}),                    # the later of two voids of the same command
    ([5, 10, 5], {10: 11, 5: 12}),        # voided, reinstated, voided again
])
def test_VOID_effective_voids(targets, in_force):
    assert effective_voids(_voids(*targets)) == in_force


def _damaged():
    """Arin (45 HP) takes 10 (command 4) then 5 (command 5)."""
    history = History()
    history.add("Arin", con=14, hp_max=45, level=5)
    history.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    history.do("damage", "Arin", amount=10, cause="dague", dice="1d4")      # 4
    history.do("damage", "Arin", amount=5, cause="dague", dice="1d4")       # 5
    return history


def test_VOID_the_voided_command_stops_counting():
    history = _damaged()
    history.do("void", number=4, reason="the blow missed")                 # 6
    folded = history.fold()
    assert folded["Arin"].hp == 40
    assert (folded.result(4), folded.note(4)) == (None, {"code": "fold.voided",
                                                         "params": {"by": 6}})
    result = folded.result(6)
    assert result.outcome == "voided"
    assert result.effects == [effect(None, "void.voided", (), number=4, reason="the blow missed")]
    assert result.details == {"voided": 4, "reinstated": [], "supplied": {}, "forced": False}
    assert folded.state.voids == {4: 6}


def test_VOID_a_void_of_a_void_reinstates_the_first_target():
    history = _damaged()
    history.do("void", number=4, reason="the blow missed")                 # 6
    history.do("void", number=6, reason="it did hit after all")            # 7
    folded = history.fold()
    assert folded["Arin"].hp == 30                        # both blows count again
    assert folded.note(4) is None and folded.result(4) is not None
    assert folded.note(6) == {"code": "fold.voided", "params": {"by": 7}}
    assert folded.state.voids == {6: 7}
    assert history.fold(upto=6)["Arin"].hp == 40          # the record as it stood then


def test_VOID_voiding_the_void_of_a_void_voids_the_first_target_again():
    history = _damaged()
    history.do("void", number=4, reason="a")                                # 6
    history.do("void", number=6, reason="b")                                # 7
    history.do("void", number=7, reason="c")                                # 8
    folded = history.fold()
    assert folded["Arin"].hp == 40
    assert folded.note(4) == {"code": "fold.voided", "params": {"by": 6}}
    assert folded.note(7) == {"code": "fold.voided", "params": {"by": 8}}
    assert folded.state.voids == {4: 6, 7: 8}


def test_VOID_the_void_handler_reinstates_what_the_voided_void_voided():
    table = party()
    table.do("damage", "Arin", amount=10, cause="dague", dice="1d4")        # 4
    table.do("void", number=4, reason="a")                                  # 5
    result = table.do("void", number=5, reason="b")                         # 6
    assert codes(result) == ["void.voided", "void.reinstated"]
    assert result.effects[1] == effect(None, "void.reinstated", (), number=4, by=5)
    assert result.details == {"voided": 5, "reinstated": [4], "supplied": {}, "forced": False}
    assert table.state.voids == {5: 6}


def test_VOID_a_command_already_voided_is_refused():
    table = party()
    table.do("damage", "Arin", amount=10, cause="dague", dice="1d4")        # 4
    table.do("void", number=4, reason="a")                                  # 5
    with pytest.raises(RuleRefusal) as refusal:
        table.do("void", number=4, reason="again")
    assert problem(refusal.value) == ("void.already", None, {"number": 4, "by": 5})


def test_VOID_the_running_state_agrees_with_the_corrections_in_force_after_a_chain():
    table = party()
    table.do("damage", "Arin", amount=10, cause="dague", dice="1d4")        # 4
    table.do("void", number=4, reason="a")                                  # 5
    table.do("void", number=5, reason="b")                                  # 6
    table.do("void", number=6, reason="c")                                  # 7
    assert table.state.voids == {4: 5, 6: 7}


# --- supplies: the dice a correction gives to the commands it changes -----------------------------

def _stabilized_then_healed():
    """Arin dropped (4), stabilized (5: the wound), healed (6: no wound roll needed then)."""
    history = History()
    history.add("Arin", con=14, hp_max=45, level=5)
    history.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    history.do("damage", "Arin", amount=50, cause="hache", dice="1d12")     # 4
    history.do("stabilize", "Arin", by="Brune", wound_roll=3)               # 5
    history.do("heal", "Arin", amount=10)                                   # 6
    folded = history.fold()
    assert [(w.position, w.rests_remaining) for w in folded["Arin"].wounds] == [(5, 3)]
    return history


def test_VOID_without_supply_a_heal_that_now_needs_a_wound_roll_has_no_effect():
    history = _stabilized_then_healed()
    history.do("void", number=5, reason="nobody reached him")               # 7
    folded = history.fold()
    assert folded.result(6) is None
    assert folded.note(6) == {"code": "fold.missing_roll",
                              "params": {"field": "wound_roll", "rule": "WOUND-3"}}
    arin = folded["Arin"]
    assert (arin.condition, arin.hp, arin.wounds) == ("dying", 0, ())


def test_VOID_with_supply_the_heal_becomes_the_survival_with_the_supplied_roll():
    history = _stabilized_then_healed()
    history.do("void", number=5, reason="nobody reached him",
               supply={"6": {"wound_roll": 7}})                             # 7
    folded = history.fold()
    assert folded.note(6) is None
    assert codes(folded.result(6)) == ["wound.created", "hp.revived"]
    assert folded.fact(6)["args"] == {"amount": 10, "wound_roll": 7}
    arin = folded["Arin"]
    assert (arin.condition, arin.hp) == ("conscious", 10)
    assert [(w.position, w.rests_remaining, w.cause) for w in arin.wounds] == [(6, 7, "hache")]
    assert folded.result(7).details["supplied"] == {"6": {"wound_roll": 7}}


def test_VOID_a_supply_never_overrides_a_recorded_roll():
    history = History()
    history.add("Arin", con=14, hp_max=45, level=5)
    history.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    history.do("damage", "Arin", amount=50, cause="hache", dice="1d12")     # 4
    history.do("stabilize", "Arin", by="Brune", wound_roll=3)               # 5
    history.do("heal", "Arin", amount=10, wound_roll=2)                     # 6: rolled, unused
    history.do("void", number=5, reason="x", supply={"6": {"wound_roll": 9}})   # 7
    commands = history.facts
    assert supplies(commands, effective_voids(commands)) == {6: {"wound_roll": 9}}
    folded = history.fold()
    assert folded.fact(6)["args"]["wound_roll"] == 2
    assert [(w.position, w.rests_remaining) for w in folded["Arin"].wounds] == [(6, 2)]


def test_VOID_a_voided_correction_supplies_nothing_and_its_target_counts_again():
    history = _stabilized_then_healed()
    history.do("void", number=5, reason="nobody reached him",
               supply={"6": {"wound_roll": 7}})                             # 7
    history.do("void", number=7, reason="Brune did reach him")              # 8
    commands = history.facts
    assert supplies(commands, effective_voids(commands)) == {}
    folded = history.fold()
    assert folded.fact(6)["args"] == {"amount": 10}
    assert [(w.position, w.rests_remaining) for w in folded["Arin"].wounds] == [(5, 3)]
    assert folded["Arin"].hp == 10


# --- a party rest folded per character -----------------------------------------------------------

def _party_rest_after_a_stabilization():
    """Arin dropped (4) and stabilized (5); Brune hurt (6) and tired (7);
    the party's long rest (8)."""
    history = History()
    history.add("Arin", con=14, hp_max=45, level=5)
    history.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    history.do("damage", "Arin", amount=50, cause="hache", dice="1d12")     # 4
    history.do("stabilize", "Arin", by="Brune", wound_roll=5)               # 5
    history.do("damage", "Brune", amount=20, cause="dague", dice="1d4")     # 6
    history.do("fatigue", "Brune", delta=1, cause="marche forcée")          # 7
    history.do("rest long", ["Arin", "Brune"])                              # 8
    return history


def test_VOID_voiding_one_characters_stabilization_never_cancels_anothers_long_rest():
    history = _party_rest_after_a_stabilization()
    before = history.fold()
    assert before.result(8).outcomes == {"Arin": "short", "Brune": "long"}    # RULING-STABLE
    history.do("void", number=5, reason="nobody reached him")               # 9
    folded = history.fold()
    assert folded.note(8) is None                      # the rest still has effect …
    rest = folded.result(8)
    assert rest.outcomes == {"Arin": None, "Brune": "long"}
    assert rest.skipped == {"Arin": {"code": "rest.dying", "rule": "BASE-DYING",
                                     "params": {"name": "Arin"}}}
    assert rest.as_dict()["skipped"] == rest.skipped
    brune = folded["Brune"]
    assert (brune.hp, brune.ordinary) == (38, ())      # … Brune's long rest stands
    arin = folded["Arin"]
    assert (arin.condition, arin.hp, arin.wounds) == ("dying", 0, ())   # Arin's part had none
    assert all(e["character"] == "Brune" for e in rest.effects)
    assert rest.part_of("Arin") == {"outcome": None, "effects": []}
    assert rest.part_of("Brune")["outcome"] == "long"


def test_VOID_a_party_rest_nobody_can_take_any_more_is_kept_without_effect():
    history = History()
    history.add("Arin", con=14, hp_max=45, level=5)
    history.add("Brune", con=12, hp_max=38, level=5, medicine=True)
    history.do("damage", "Arin", amount=50, cause="hache", dice="1d12")     # 4
    history.do("stabilize", "Arin", by="Brune", wound_roll=5)               # 5
    history.do("rest short", ["Arin"])                                      # 6
    history.do("void", number=5, reason="nobody reached him")               # 7
    folded = history.fold()
    assert folded.result(6) is None
    assert folded.note(6) == {"code": "fold.refused", "params": {"reason": {
        "code": "rest.dying", "rule": "BASE-DYING", "params": {"name": "Arin"}}}}
