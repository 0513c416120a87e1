"""Properties of the one fold over random histories (hypothesis): it is total, its figures
always agree with the rules' invariants, and what it says of a fact left without effect is
data (a code with parameters)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.rules.fold import CampaignState, fold_history
from ledger.rules.sheet import FATIGUE_DEATH, effective_max, fatigue_total

NAMES = ["Arin", "Brune"]
NOTES = {"fold.voided", "fold.missing_roll", "fold.refused"}

who = st.sampled_from(NAMES)
step = st.one_of(
    st.builds(lambda w, a, e, f: {"kind": "damage", "who": [w],
                                  "args": {"amount": a, "cause": "dague", "dice": "1d4",
                                           "endure": e, "foraging": f}},
              who, st.integers(0, 60), st.booleans(), st.booleans()),
    st.builds(lambda w, a, r: {"kind": "heal", "who": [w],
                               "args": {"amount": a, "wound_roll": r}},
              who, st.integers(0, 30), st.integers(1, 4)),
    st.builds(lambda w, d, r: {"kind": "death-save", "who": [w],
                               "args": {"d20": d, "wound_roll": r}},
              who, st.integers(1, 20), st.integers(1, 4)),
    st.builds(lambda w, r: {"kind": "stabilize", "who": [w], "args": {"wound_roll": r}},
              who, st.integers(1, 4)),
    st.builds(lambda w, d, n: {"kind": "treat", "who": [w],
                               "args": {"by": "Brune", "d20": d, **n}},
              who, st.integers(1, 20),
              st.one_of(st.just({}), st.builds(lambda k: {"wound": k}, st.integers(1, 3)),
                        st.builds(lambda k: {"wound_from": k}, st.integers(4, 60)))),
    st.builds(lambda w, d: {"kind": "tend", "who": [w], "args": {"by": "Brune", "d20": d}},
              who, st.integers(1, 20)),
    st.builds(lambda s, c, w: {"kind": "rest night", "who": NAMES,
                               "args": {"safe": s, "calm": c, "watch": w}},
              st.booleans(), st.booleans(), st.booleans()),
    st.builds(lambda w: {"kind": "rest short", "who": [w], "args": {}}, who),
    st.builds(lambda w: {"kind": "rest wilderness", "who": w, "args": {}},
              st.sampled_from([["Arin"], ["Brune"], NAMES])),
    st.builds(lambda w, d, f: {"kind": "check", "who": [w],
                               "args": {"dc": 12, "d20": d, "foraging": f}},
              who, st.integers(1, 20), st.booleans()),
    st.builds(lambda w, d: {"kind": "save", "who": [w], "args": {"dc": 12, "d20": d}},
              who, st.integers(1, 20)),
    st.builds(lambda w, n, s: {"kind": "fatigue", "who": [w],
                               "args": {"delta": n, "cause": "x", "source": s}},
              who, st.sampled_from([-2, -1, 1, 2]), st.sampled_from(["ordinary", "magic"])),
    st.builds(lambda w, n: {"kind": "improve", "who": [w], "args": {"con": n}},
              who, st.sampled_from([1, 2])),
    st.builds(lambda w, s, d, p: {"kind": "cast", "who": [w], "args": {
        "spell": {"name": "blight", "fr": "Flétrissement", "en": "Blight", "level": 4,
                  "ritual": False, "dice": "8d8"},
        "slot": s, "save_d20": d, "save_bonus": 0, "pay_hp": p}},
        who, st.integers(4, 9), st.integers(1, 20), st.booleans()),
    st.builds(lambda s: {"kind": "cast", "who": ["Brune"], "args": {
        "spell": {"name": "x", "fr": "X", "en": "X", "level": s, "ritual": False, "dice": None},
        "slot": s, "pact": True}}, st.integers(1, 5)),
    st.builds(lambda back: {"kind": "void", "args": {"back": back, "reason": "x"}},
              st.integers(1, 8)),
)

OPENING = [
    {"kind": "init", "args": {"name": "Propriétés"}},
    {"kind": "character add", "args": {"name": "Arin", "con": 14, "hp_max": 45, "level": 5,
                                       "relentless": True}},
    {"kind": "character add", "args": {"name": "Brune", "con": 12, "hp_max": 38,
                                       "medicine": True, "warlock": True}},
]


def _history(steps):
    """Number the facts; a void names a command `back` steps before it (never the opening)."""
    history = []
    for fact in OPENING + steps:
        number = len(history) + 1
        if fact["kind"] == "void":
            target = number - fact["args"]["back"]
            if target <= len(OPENING):
                continue
            fact = {"kind": "void", "args": {"number": target, "reason": "x"}}
        history.append((number, fact))
    return history


@settings(max_examples=200, deadline=None)
@given(st.lists(step, max_size=60))
def test_the_fold_is_total_and_keeps_its_invariants(steps):
    history = _history(steps)
    state = CampaignState()
    for _pos, fact, state, result, note in fold_history(history):
        assert (result is None) != (note is None)
        if note is not None:
            assert note["code"] in NOTES
            if note["code"] == "fold.refused":
                assert set(note["params"]["reason"]) == {"code", "rule", "params"}
        else:
            for item in result.effects:
                assert set(item) == {"character", "code", "params", "rules"}
                assert isinstance(item["code"], str) and isinstance(item["params"], dict)
            assert set(result.skipped) <= set(fact.get("who", []))
            assert all(result.outcomes[name] is None for name in result.skipped)
        for sheet in state.characters.values():
            assert 0 <= sheet.hp <= effective_max(sheet)
            assert sheet.condition in ("conscious", "dying", "stable", "dead")
            assert (sheet.hp == 0) or sheet.condition == "conscious"
            assert sheet.condition != "dead" or sheet.hp == 0
            assert fatigue_total(sheet) <= FATIGUE_DEATH
            if fatigue_total(sheet) >= FATIGUE_DEATH:
                assert sheet.condition == "dead"
            assert all(w.rests_remaining >= 1 for w in sheet.wounds)
            assert 0 <= sheet.successes < 3 and 0 <= sheet.failures <= 3
            assert sheet.wilderness_days < 7
    assert set(s.name for s in state.characters.values()) == set(NAMES)


@settings(max_examples=100, deadline=None)
@given(st.lists(step.filter(lambda f: f["kind"] != "void"), min_size=1, max_size=40),
       st.data())
def test_a_void_folds_as_if_the_command_had_been_a_mere_note(steps, data):
    history = _history(steps)
    target = data.draw(st.integers(len(OPENING) + 1, len(history)))
    voided = history + [(len(history) + 1, {"kind": "void",
                                            "args": {"number": target, "reason": "x"}})]
    noted = [(n, {"kind": "note", "args": {"number": 1, "text": "x"}} if n == target else f)
             for n, f in history]
    after_void = list(fold_history(voided))[-1][2]
    as_note = list(fold_history(noted))[-1][2]
    assert after_void.characters == as_note.characters
    assert after_void.voids == {target: len(history) + 1}
