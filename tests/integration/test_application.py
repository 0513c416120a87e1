"""The application on SQLite and PostgreSQL: writes, projections, refusals, time."""

import json

import pytest
from freezegun import freeze_time

from ledger.errors import BadValue, RuleRefusal
from projections.status import status_object


def _arin(app):
    app.record("init", {"name": "L'Âge du Changement", "seed": 7})
    app.record("character add", {"name": "Arin", "con": 14, "hp_max": 45, "level": 5})
    app.record("character add", {"name": "Brune", "con": 12, "hp_max": 38, "level": 5,
                                 "medicine": True})


def test_contract_example_wound_on_both_stores(store_url, ledger_at):
    app = ledger_at(store_url)
    _arin(app)
    app.record("damage", {"who": "Arin", "amount": 50, "cause": "épée à deux mains"})
    app.record("death-save", {"who": "Arin", "d20": 14})
    app.record("stabilize", {"who": "Arin", "by": "Brune", "wound_roll": 5})
    app.record("heal", {"who": "Arin", "amount": 12})
    app.record("treat", {"who": "Arin", "by": "Brune", "d20": 13, "bonus": 5})
    app.record("rest night", {"who": ["Arin", "Brune"], "safe": True, "calm": True})
    arin = status_object(app.state())["characters"][0]
    # second round: a catalogue cause is recorded by its canonical French name, the English
    # one beside it (`cause_en`)
    assert arin["wounds"] == [{"cause": "Épée à deux mains", "cause_en": "Greatsword",
                               "dice": "2d6", "formula": "1d6+2", "roll": 7, "rests_total": 3,
                               "rests_remaining": 2, "treated": True}]
    assert arin["hp"] == {"current": 45, "max": 45, "effective_max": 45}
    assert arin["fatigue"] == {"total": 1, "ordinary": 0, "wound": 1, "magic": 0}


def test_refusal_writes_nothing(store_url, ledger_at):
    app = ledger_at(store_url)
    _arin(app)
    before = app.recorder.max_notification_id()
    # second round: refusals are codes with parameters (the words are the presentation's)
    with pytest.raises(RuleRefusal) as refused:
        app.record("death-save", {"who": "Arin", "d20": 12})
    assert (refused.value.code, refused.value.rule, refused.value.params) == (
        "death_save.not_dying", "BASE-DYING", {"name": "Arin", "condition": "conscious", "hp": 45})
    with pytest.raises(BadValue) as malformed:
        app.record("attack", {"who": "Arin", "ac": 12, "d20": 0})
    assert (malformed.value.code, malformed.value.params) == (
        "value.out_of_range", {"kind": "attack", "option": "--d20", "value": "0", "low": 1,
                               "high": 20})
    assert app.recorder.max_notification_id() == before


def test_projections_rebuild_to_the_same_state(store_url, ledger_at):
    app = ledger_at(store_url)
    _arin(app)
    app.record("damage", {"who": "Arin", "amount": 10, "cause": "dague"})
    before = json.dumps(status_object(app.state()))
    app.projections.rebuild()
    assert json.dumps(status_object(app.state())) == before


def test_frozen_clock_timestamps_the_log(sqlite_url, ledger_at):
    with freeze_time("2026-03-14 20:30:00"):
        app = ledger_at(sqlite_url)
        _arin(app)
    assert app.queries.log()[0]["timestamp"].startswith("2026-03-14T20:30:00")
