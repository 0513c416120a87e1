"""Properties of the one fold over random histories (hypothesis): it is total, and its
figures always agree with the rules' invariants."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.rules.fold import CampaignState, fold_history
from ledger.rules.sheet import effective_max, fatigue_total

NAMES = ["Arin", "Brune"]

who = st.sampled_from(NAMES)
step = st.one_of(
    st.builds(lambda w, a: {"kind": "damage", "who": [w],
                            "args": {"amount": a, "cause": "dague", "dice": "1d4"}},
              who, st.integers(0, 60)),
    st.builds(lambda w, a, r: {"kind": "heal", "who": [w],
                               "args": {"amount": a, "wound_roll": r}},
              who, st.integers(0, 30), st.integers(1, 4)),
    st.builds(lambda w, d, r: {"kind": "death-save", "who": [w],
                               "args": {"d20": d, "wound_roll": r}},
              who, st.integers(1, 20), st.integers(1, 4)),
    st.builds(lambda w, r: {"kind": "stabilize", "who": [w], "args": {"wound_roll": r}},
              who, st.integers(1, 4)),
    st.builds(lambda w, d: {"kind": "treat", "who": [w], "args": {"by": "Brune", "d20": d}},
              who, st.integers(1, 20)),
    st.builds(lambda w, d: {"kind": "tend", "who": [w], "args": {"by": "Brune", "d20": d}},
              who, st.integers(1, 20)),
    st.builds(lambda s, c, w: {"kind": "rest night", "who": NAMES,
                               "args": {"safe": s, "calm": c, "watch": w}},
              st.booleans(), st.booleans(), st.booleans()),
    st.builds(lambda w: {"kind": "rest short", "who": [w], "args": {}}, who),
    st.builds(lambda w: {"kind": "rest wilderness", "who": [w], "args": {}}, who),
    st.builds(lambda w, n: {"kind": "fatigue", "who": [w], "args": {"delta": n, "cause": "x"}},
              who, st.sampled_from([-1, 1, 2])),
    st.builds(lambda w, s, d: {"kind": "cast", "who": [w], "args": {
        "spell": {"name": "blight", "fr": "Flétrissement", "en": "Blight", "level": 4,
                  "ritual": False, "dice": "8d8"},
        "slot": s, "save_d20": d, "save_bonus": 0}},
        who, st.integers(4, 9), st.integers(1, 20)),
)

OPENING = [
    {"kind": "init", "args": {"name": "Propriétés"}},
    {"kind": "character add", "args": {"name": "Arin", "con": 14, "hp_max": 45, "level": 5}},
    {"kind": "character add", "args": {"name": "Brune", "con": 12, "hp_max": 38,
                                       "medicine": True}},
]


@settings(max_examples=150, deadline=None)
@given(st.lists(step, max_size=60))
def test_the_fold_is_total_and_keeps_its_invariants(steps):
    history = list(enumerate(OPENING + steps, 1))
    state = CampaignState()
    for _pos, _fact, state, _result, note in fold_history(history):
        for sheet in state.characters.values():
            assert 0 <= sheet.hp <= effective_max(sheet)
            assert sheet.condition in ("conscious", "dying", "stable", "dead")
            assert (sheet.hp == 0) or sheet.condition == "conscious"
            if fatigue_total(sheet) >= 6:
                assert sheet.condition == "dead"
            assert all(w.rests_remaining >= 1 for w in sheet.wounds)
            assert 0 <= sheet.successes < 3 and 0 <= sheet.failures <= 3
    assert set(s.name for s in state.characters.values()) == set(NAMES)
