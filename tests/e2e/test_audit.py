"""Audit commands end to end: void, as-of, explain, what-if, replay --verify, checkpoint.

Second round: commands are numbered 1, 2, 3… (what `void`, `--as-of` and checkpoints take);
each command is one event on the Campaign stream and one per character it touches, chained;
`status --as-of` shows the past as corrected since, `--as-recorded` as the table saw it."""

import json
import re
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


def _rowids(pangee, number):
    """The store positions (SQLite rowids) of command `number`'s events, from the JSONL
    export: the Campaign's event first, then one per character it touches."""
    lines = pangee("export", "--format", "jsonl").stdout.splitlines()
    return [event["position"] for event in map(json.loads, lines) if event["number"] == number]


def test_void_the_damage_that_dropped_arin_to_0(pangee_on):
    pangee = pangee_on
    _campaign(pangee)
    before = _json(pangee("status", "Arin", "--json"))
    assert before["characters"][0]["wounds"][0]["rests_total"] == 3  # 1d8 face 6, halved
    damage_at = _position_of(pangee, "damage")
    # the stabilize and the treatment lose their effect: the GM must say so (--force)
    result = pangee("void", str(damage_at), "--reason", "wrong target", "--force")
    assert result.exit_code == 0, result.output
    void_at = _position_of(pangee, "void")
    assert void_at == before["position"] + 1  # the next command number
    now = _json(pangee("status", "Arin", "--json"))["characters"][0]
    assert now["wounds"] == [] and now["hp"]["current"] == 45
    assert now["condition"] == "conscious" and now["fatigue"]["total"] == 0
    explained = _json(pangee("explain", "Arin", "--json"))
    notes = {e["kind"]: (e["position"], e["note"], e["text"]) for e in explained["without_effect"]}
    assert notes["damage"] == (damage_at, {"code": "fold.voided", "params": {"by": void_at}},
                               f"voided by #{void_at}")
    position, note, text = notes["stabilize"]
    assert (note["code"], note["params"]["reason"]["code"], note["params"]["reason"]["rule"]) \
        == ("fold.refused", "stabilize.not_dying", "BASE-DYING")
    assert text.startswith("without effect: Arin is conscious at 45 HP, not dying")
    position, note, text = notes["treat"]
    assert (note["code"], note["params"]["reason"]["code"], note["params"]["reason"]["rule"]) \
        == ("fold.refused", "treat.no_wound", "WOUND-4")
    assert text.startswith("without effect: Arin has no wound to treat")
    # history as the table saw it before the correction (second round: --as-recorded; by
    # default the past is shown as corrected since, CHOICES.md "Corrections")
    treat_at = _position_of(pangee, "treat")
    as_recorded = _json(pangee("status", "Arin", "--as-of", str(treat_at), "--as-recorded",
                               "--json"))
    assert as_recorded == before
    as_corrected = _json(pangee("status", "Arin", "--as-of", str(treat_at), "--json"))
    assert as_corrected["position"] == treat_at and as_corrected["characters"] == [now]
    assert pangee("replay", "--verify").exit_code == 0


def test_explain_after_a_void_tells_no_wound_that_never_was(pangee):
    """What a correction left without effect is not told as history: no wound from the
    stabilize, no treatment of it, only the list of commands without effect."""
    _campaign(pangee)
    damage_at = _position_of(pangee, "damage")
    assert pangee("void", str(damage_at), "--reason", "wrong target", "--force").exit_code == 0
    explained = _json(pangee("explain", "Arin", "--json"))
    assert [e["kind"] for e in explained["without_effect"]] == ["damage", "stabilize", "treat"]
    assert explained["fatigue"]["levels"] == []
    assert explained["fatigue"]["history"] == []
    assert explained["wounds"] == []


def test_void_that_leaves_later_commands_without_effect_needs_force(pangee):
    """Second round (commit cb9ed94): a correction never leaves a later command without
    effect unless --force says so; refused, it writes nothing and names the first command it
    would leave without effect; forced, the loss is recorded (`accepted_loss`)."""
    _campaign(pangee)
    damage_at = _position_of(pangee, "damage")
    stabilize_at = _position_of(pangee, "stabilize")
    log_before = pangee("log", "--json").stdout
    refused = pangee("void", str(damage_at), "--reason", "wrong target")
    assert refused.exit_code == 1 and refused.stdout == ""
    assert refused.stderr == (
        f"pangee: error: voiding #{damage_at} would leave 2 later commands without effect, the "
        f"first #{stabilize_at} (stabilization: Arin is conscious at 45 HP, not dying: nothing "
        "to stabilize (BASE-DYING)): accept it with --force (see --dry-run)\n")
    assert pangee("log", "--json").stdout == log_before
    forced = pangee("void", str(damage_at), "--reason", "wrong target", "--force")
    assert forced.exit_code == 0, forced.output
    assert "These commands lost their effect (accepted with --force):" in forced.stdout
    assert f"#{stabilize_at} (stabilization) would have no effect" in forced.stdout
    void = _json(pangee("log", "--json"))[-1]
    assert void["kind"] == "void" and void["details"]["forced"] is True
    export = [json.loads(line) for line in
              pangee("export", "--format", "jsonl").stdout.splitlines()]
    fact = next(line["facts"] for line in export if line["number"] == void["position"])
    assert fact["args"]["accepted_loss"] == [stabilize_at, _position_of(pangee, "treat")]


def test_void_twice_or_a_session_boundary_is_refused(pangee):
    _campaign(pangee)
    damage_at = _position_of(pangee, "damage")
    assert pangee("void", str(damage_at), "--reason", "x", "--force").exit_code == 0
    void_at = _position_of(pangee, "void")
    log_before = pangee("log", "--json").stdout
    again = pangee("void", str(damage_at), "--reason", "x", "--force")
    assert again.exit_code == 1
    # second round: a void may be voided, which reinstates what it voided (CHOICES.md)
    assert again.stderr == (f"pangee: error: command #{damage_at} is already voided by "
                            f"#{void_at}: void #{void_at} to reinstate it\n")
    start = _position_of(pangee, "session start")
    boundary = pangee("void", str(start), "--reason", "x")
    assert boundary.exit_code == 1 and f"command #{start} is a “session start”" in boundary.stderr
    assert "cannot be voided" in boundary.stderr
    opening = pangee("void", "1", "--reason", "x")
    assert opening.exit_code == 1 and "command #1 is a “campaign opening”" in opening.stderr
    nowhere = pangee("void", "999", "--reason", "x")
    assert nowhere.exit_code == 1
    assert f"there is no command #999: the last is #{void_at}" in nowhere.stderr
    assert pangee("log", "--json").stdout == log_before


def test_what_if_flips_a_treatment(pangee):
    _campaign(pangee)
    recorded = _json(pangee("status", "Arin", "--json"))["characters"][0]["wounds"][0]
    assert recorded["treated"] is True  # 13 + 5 = 18 vs DC 10 + 8 = 18
    treat_at = _position_of(pangee, "treat")
    other = _json(pangee("what-if", "wound.dc_dice_term=always", "Arin", "--json"))
    wound = other["characters"][0]["wounds"][0]
    assert wound["treated"] is False and wound["rests_total"] == 6  # DC 19: failure
    assert other["rulings"]["wound.dc_dice_term"] == "always"
    assert other["rulings"]["wound.halving"] == "down"
    # second round: where the two histories part, and how (what-if --json)
    assert other["first_difference"] == treat_at
    change, = other["changes"]
    assert (change["number"], change["kind"], change["change"]) == (treat_at, "treat", "outcome")
    assert (change["before"]["outcome"], change["after"]["outcome"]) == ("success", "failure")
    assert (change["before"]["details"]["dc"], change["after"]["details"]["dc"]) == (18, 19)
    assert other["end"] == [{"name": "Arin", "differences": {"wounds": {"before": [3],
                                                                        "after": [6]}}}]
    text = pangee("what-if", "wound.dc_dice_term=always")
    assert f"#{treat_at} (wound treatment): success → failure" in text.stdout
    # the end, per character (its exact data is `end` above; the list's brackets are words)
    assert re.search(r"^Arin: wounds \(long rests to go\) \[?3\]? → \[?6\]?$", text.stdout,
                     re.M), text.stdout
    assert "Brune: no difference" in text.stdout
    # nothing recorded changed
    assert _json(pangee("status", "Arin", "--json"))["characters"][0]["wounds"][0] == recorded


@pytest.mark.parametrize("arg, message", [
    ("wound.speed=fast", "unknown ruling “wound.speed”: expected one of wound.dc_dice_term, "
                         "wound.halving, wound.treatment, rest.long_includes_short, crit.nat1, "
                         "crit.checks"),
    ("wound.halving=sideways",
     "ruling wound.halving cannot be “sideways”: expected one of down, up"),
])
def test_what_if_refuses_unknown_rulings(pangee, arg, message):
    _campaign(pangee)
    result = pangee("what-if", arg)
    assert result.exit_code == 2 and result.stderr == f"pangee: error: {message}\n"


def _tamper(path, sql):
    con = sqlite3.connect(path)
    con.execute(sql)
    con.commit()
    con.close()


def test_verify_detects_a_changed_die(pangee):
    _campaign(pangee)
    treat_at = _position_of(pangee, "treat")
    rowids = _rowids(pangee, treat_at)
    assert len(rowids) == 2  # the Campaign's event and Arin's
    for rowid in rowids:
        _tamper(pangee.db, "UPDATE stored_events SET state = CAST(replace(CAST(state AS TEXT), "
                           f"'\"d20\":13', '\"d20\":19') AS BLOB) WHERE rowid = {rowid}")
    result = pangee("replay", "--verify")
    assert result.exit_code == 1
    assert result.stderr == (f"pangee: error: verification failed at command #{treat_at}: a "
                             f"stored event (position {rowids[0]}) was edited after it was "
                             "written (digest mismatch)\n")
    assert "Traceback" not in result.output


def test_verify_detects_a_deleted_event(pangee):
    _campaign(pangee)
    heal_at = _position_of(pangee, "heal")
    for rowid in _rowids(pangee, heal_at):  # the whole command
        _tamper(pangee.db, f"DELETE FROM stored_events WHERE rowid = {rowid}")
    result = pangee("replay", "--verify")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"pangee: error: verification failed at command #{heal_at}: ")
    assert "was removed, reordered or edited" in result.stderr


def test_verify_survives_a_corrupted_row(pangee):
    _campaign(pangee)
    _tamper(pangee.db, "UPDATE stored_events SET state = X'00FF' WHERE rowid = 1")
    result = pangee("replay", "--verify")
    assert result.exit_code == 1
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.output
    assert result.stderr.startswith("pangee: error: verification failed at command #1: the "
                                    "event at position 1 cannot be read (")


def test_checkpoint_proves_the_history_is_contained(pangee):
    _campaign(pangee)
    token = pangee("checkpoint").stdout.strip()
    position = int(token.split("-")[0])
    assert position == _json(pangee("status", "--json"))["position"]
    assert re.fullmatch(r"8-[0-9a-f]{24}", token)  # command number, 24 hex digits
    assert pangee("rest", "long", "Arin", "Brune").exit_code == 0
    ok = pangee("replay", "--verify", "--checkpoint", token)
    assert ok.exit_code == 0
    assert f"the history still holds checkpoint {token} unchanged" in ok.stdout
    forged = token[:-4] + ("0000" if not token.endswith("0000") else "1111")
    bad = pangee("replay", "--verify", "--checkpoint", forged)
    assert bad.exit_code == 1
    assert bad.stderr == (f"pangee: error: verification failed at command #{position}: the "
                          "history up to this checkpoint was changed since the checkpoint was "
                          "taken\n")
    malformed = pangee("replay", "--verify", "--checkpoint", "nonsense")
    assert malformed.exit_code == 2 and "“nonsense” is not a checkpoint" in malformed.stderr
    later = pangee("replay", "--verify", "--checkpoint", f"99-{token.split('-')[1]}")
    assert later.exit_code == 1 and "the history now ends at #9" in later.stderr


def test_replay_rebuilds_the_same_digest(pangee_on):
    _campaign(pangee_on)
    first = pangee_on("replay").stdout
    second = pangee_on("replay").stdout
    assert first == second
    assert re.fullmatch(r"replayed 8 commands: digest [0-9a-f]{16}\n", first)


def test_explain_lists_sources_with_positions(pangee):
    _campaign(pangee)
    assert pangee("fatigue", "Arin", "+1", "--cause", "marche forcée").exit_code == 0
    fatigue_at = _position_of(pangee, "fatigue")
    obj = _json(pangee("explain", "arin", "--json"))
    # a catalogue cause by its canonical French name, the English beside (second round)
    sources = [(lvl["source"], lvl["position"], lvl["cause"], lvl["cause_en"])
               for lvl in obj["fatigue"]["levels"]]
    stabilize_at = _position_of(pangee, "stabilize")
    assert sources == [("wound", stabilize_at, "Épée longue", "Longsword"),
                       ("ordinary", fatigue_at, "marche forcée", None)]
    wound, = obj["wounds"]
    assert wound["origin"] == stabilize_at
    story = [(item["position"], item["code"]) for item in wound["story"]]
    assert story == [(stabilize_at, "wound.created"), (_position_of(pangee, "treat"),
                                                       "wound.treated")]
    rules = {rule for item in wound["story"] for rule in item["rules"]}
    assert "RULING-HALVE" in rules and "WOUND-3" in rules
    assert (wound["healing"], wound["rests_total"], wound["rests_remaining"]) == (True, 3, 3)
    assert {r["key"] for r in obj["rulings"]} >= {"wound.halving", "crit.nat1"}
