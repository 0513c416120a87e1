"""Audit commands end to end: void, as-of, explain, what-if, replay --verify, checkpoint."""

import json
import sqlite3

import pytest


def _json(result):
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _campaign(pangee):
    for args in (["init", "Valmorte", "--seed", "3"],
                 ["character", "add", "Arin", "--con", "14", "--hp-max", "45", "--level", "5"],
                 ["character", "add", "Brune", "--con", "12", "--hp-max", "38", "--medicine"],
                 ["session", "start", "Les ruines"],
                 ["damage", "Arin", "50", "--cause", "épée longue"],
                 ["stabilize", "Arin", "--by", "Brune", "--wound-roll", "6"],
                 ["heal", "Arin", "10"],
                 ["treat", "Arin", "--by", "Brune", "--d20", "13", "--bonus", "5"]):
        result = pangee(*args)
        assert result.exit_code == 0, result.output


def _position_of(pangee, kind):
    return next(e["position"] for e in _json(pangee("log", "--json")) if e["kind"] == kind)


def test_void_the_damage_that_dropped_arin_to_0(pangee_on):
    pangee = pangee_on
    _campaign(pangee)
    before = _json(pangee("status", "Arin", "--json"))
    assert before["characters"][0]["wounds"][0]["rests_total"] == 3  # 1d8 face 6, halved
    damage_at = _position_of(pangee, "damage")
    result = pangee("void", str(damage_at), "--reason", "wrong target")
    assert result.exit_code == 0, result.output
    now = _json(pangee("status", "Arin", "--json"))["characters"][0]
    assert now["wounds"] == [] and now["hp"]["current"] == 45
    assert now["condition"] == "conscious" and now["fatigue"]["total"] == 0
    explained = _json(pangee("explain", "Arin", "--json"))
    notes = {e["kind"]: e["note"] for e in explained["without_effect"]}
    assert notes["damage"] == f"voided at {_position_of(pangee, 'void')}"
    assert notes["stabilize"].startswith("without effect: Arin is conscious at 45 HP, not dying")
    assert notes["treat"].startswith("without effect: Arin has no wound left to treat")
    # history as it stood before the correction
    as_of = _json(pangee("status", "Arin", "--as-of", str(_position_of(pangee, "treat")), "--json"))
    assert as_of == before
    assert pangee("replay", "--verify").exit_code == 0


def test_void_twice_or_a_session_boundary_is_refused(pangee):
    _campaign(pangee)
    damage_at = _position_of(pangee, "damage")
    assert pangee("void", str(damage_at), "--reason", "x").exit_code == 0
    log_before = pangee("log", "--json").stdout
    again = pangee("void", str(damage_at), "--reason", "x")
    assert again.exit_code == 1 and "already voided" in again.stderr
    start = _position_of(pangee, "session start")
    boundary = pangee("void", str(start), "--reason", "x")
    assert boundary.exit_code == 1 and "'session start'" in boundary.stderr
    nowhere = pangee("void", "999", "--reason", "x")
    assert nowhere.exit_code == 1 and "no recorded command at position 999" in nowhere.stderr
    assert pangee("log", "--json").stdout == log_before


def test_what_if_flips_a_treatment(pangee):
    _campaign(pangee)
    recorded = _json(pangee("status", "Arin", "--json"))["characters"][0]["wounds"][0]
    assert recorded["treated"] is True  # 13 + 5 = 18 vs DC 10 + 8 = 18
    other = _json(pangee("what-if", "wound.dc_dice_term=always", "Arin", "--json"))
    wound = other["characters"][0]["wounds"][0]
    assert wound["treated"] is False and wound["rests_total"] == 6  # DC 19: failure
    assert other["rulings"]["wound.dc_dice_term"] == "always"
    assert other["rulings"]["wound.halving"] == "down"
    text = pangee("what-if", "wound.dc_dice_term=always")
    assert "wounds[0].treated: True → False" in text.stdout
    assert "Brune: no difference" in text.stdout
    # nothing recorded changed
    assert _json(pangee("status", "Arin", "--json"))["characters"][0]["wounds"][0] == recorded


@pytest.mark.parametrize("arg, message", [
    ("wound.speed=fast", "unknown ruling 'wound.speed': expected one of wound.dc_dice_term"),
    ("wound.halving=sideways", "ruling wound.halving cannot be 'sideways': expected one of down, up"),
])
def test_what_if_refuses_unknown_rulings(pangee, arg, message):
    _campaign(pangee)
    result = pangee("what-if", arg)
    assert result.exit_code == 2 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def _tamper(path, sql):
    con = sqlite3.connect(path)
    con.execute(sql)
    con.commit()
    con.close()


def test_verify_detects_a_changed_die(pangee):
    _campaign(pangee)
    treat_at = _position_of(pangee, "treat")
    _tamper(pangee.db, "UPDATE stored_events SET state = CAST(replace(CAST(state AS TEXT), "
                       f"'\"d20\":13', '\"d20\":19') AS BLOB) WHERE rowid = {treat_at}")
    result = pangee("replay", "--verify")
    assert result.exit_code == 1
    assert f"position {treat_at}: the stored event was edited" in result.stderr
    assert "Traceback" not in result.output


def test_verify_detects_a_deleted_event(pangee):
    _campaign(pangee)
    heal_at = _position_of(pangee, "heal")
    _tamper(pangee.db, f"DELETE FROM stored_events WHERE rowid = {heal_at}")
    result = pangee("replay", "--verify")
    assert result.exit_code == 1
    assert f"position {heal_at}: a recorded command's events were removed" in result.stderr


def test_verify_survives_a_corrupted_row(pangee):
    _campaign(pangee)
    _tamper(pangee.db, "UPDATE stored_events SET state = X'00FF' WHERE rowid = 1")
    result = pangee("replay", "--verify")
    assert result.exit_code == 1
    assert result.stderr.strip() == ("pangee: error: verification failed at position 1: "
                                     "unreadable event (JSONDecodeError)")


def test_checkpoint_proves_the_history_is_contained(pangee):
    _campaign(pangee)
    token = pangee("checkpoint").stdout.strip()
    position = int(token.split("-")[0])
    assert position == _json(pangee("status", "--json"))["position"]
    assert pangee("rest", "long", "Arin", "Brune").exit_code == 0
    ok = pangee("replay", "--verify", "--checkpoint", token)
    assert ok.exit_code == 0 and f"contains checkpoint {token}" in ok.stdout
    forged = token[:-4] + ("0000" if not token.endswith("0000") else "1111")
    bad = pangee("replay", "--verify", "--checkpoint", forged)
    assert bad.exit_code == 1 and f"position {position}: the history up to this checkpoint" in bad.stderr
    malformed = pangee("replay", "--verify", "--checkpoint", "nonsense")
    assert malformed.exit_code == 2 and "is not a checkpoint" in malformed.stderr


def test_replay_rebuilds_the_same_digest(pangee_on):
    _campaign(pangee_on)
    first = pangee_on("replay").stdout
    second = pangee_on("replay").stdout
    assert first == second and first.startswith("replayed to position ")


def test_explain_lists_sources_with_positions(pangee):
    _campaign(pangee)
    assert pangee("fatigue", "Arin", "+1", "--cause", "marche forcée").exit_code == 0
    obj = _json(pangee("explain", "arin", "--json"))
    sources = [(lvl["source"], lvl["cause"]) for lvl in obj["fatigue"]["levels"]]
    assert sources == [("wound", "épée longue"), ("ordinary", "marche forcée")]
    wound = obj["wounds"][0]
    assert wound["position"] == _position_of(pangee, "stabilize")
    assert wound["treated_at"] == _position_of(pangee, "treat")
    assert "RULING-HALVE" in wound["rules"] and "WOUND-3" in wound["rules"]
    assert {r["key"] for r in obj["rulings"]} >= {"wound.halving", "crit.nat1"}
