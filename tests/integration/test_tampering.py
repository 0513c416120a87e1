"""Verification from the events alone (issue 9), on SQLite and PostgreSQL.

A store of 20 commands is changed behind pangee's back with raw SQL on its events table
(SQLite `stored_events` by rowid, PostgreSQL `pangee_events` by notification_id): a command
deleted from the middle, two rows' contents exchanged, one event's fact edited with its digest
recomputed, a command forged at the end, the tail cut off. A plain `replay` runs first (it
rebuilds the read models from the tampered events: it must not make anything pass), then
`replay --verify` exits 1 in one line naming the first bad command. Only a checkpoint taken
before proves that the tail was cut: `replay --verify --checkpoint TOKEN`.
"""

import pytest

from tests.conftest import Pangee
from tests.support_trust import (CAMPAIGN, RawEvents, build_campaign, campaign_at,
                                 campaign_files, dump, ok, one_line_error,  # noqa: F401
                                 redigest)


@pytest.fixture
def campaign(store_url, campaign_files):
    pangee = campaign_at(store_url, campaign_files)
    token = ok(pangee("checkpoint")).stdout.strip()
    assert token.startswith("20-")
    ok(pangee("replay", "--verify"))
    return pangee, token


def plain_replay_then_verify(pangee, token):
    """`replay` (any outcome but a crash), then `replay --verify` and with the checkpoint."""
    replayed = pangee("replay")
    assert replayed.exit_code in (0, 1), replayed.output
    assert "Traceback" not in replayed.output
    if replayed.exit_code:
        assert len(replayed.stderr.splitlines()) == 1, replayed.stderr
    return pangee("replay", "--verify"), pangee("replay", "--verify", "--checkpoint", token)


# -- the tampering ---------------------------------------------------------------------------
def delete_command_12(raw):
    raw.delete([r.position for r in raw.command(12)])


def swap_rows_of_9_and_12(raw):
    a, b = raw.command(9)[0], raw.command(12)[0]  # both on the Campaign stream
    raw.set_state(a.position, b.state)
    raw.set_state(b.position, a.state)


def swap_character_rows_of_9_and_12(raw):
    a, b = raw.command(9)[1], raw.command(12)[1]  # Arin's stream both
    raw.set_state(a.position, b.state)
    raw.set_state(b.position, a.state)


def edit_campaign_event_of_6(raw):
    """The attack's d20 15 → 3 in its Campaign event, its digest recomputed to match."""
    row = raw.command(6)[0]
    body = row.body
    body["fact"]["args"]["d20"] = 3
    raw.set_state(row.position, dump(redigest(row, body)))


def edit_character_event_of_6(raw):
    row = raw.command(6)[1]
    body = row.body
    body["fact"]["args"]["d20"] = 3
    raw.set_state(row.position, dump(redigest(row, body)))


def edit_outcome_of_18(raw):
    """Carl's critical hit recorded as a miss, in both events, digests recomputed."""
    for row in raw.command(18):
        body = row.body
        body["outcome"]["outcome"] = "miss"
        raw.set_state(row.position, dump(redigest(row, body)))


def _next_versions(raw) -> dict:
    last: dict[str, int] = {}
    for row in raw.rows():
        last[row.stream] = row.version
    return last


def forge_copy_of_19(raw):
    """A copy of #19's events appended with the next versions of their streams."""
    last = _next_versions(raw)
    for row in raw.command(19):
        last[row.stream] += 1
        raw.append(row.stream, last[row.stream], row.topic, row.state)


def forge_renumbered_copy_of_19(raw):
    """The same, numbered 21 and with digests recomputed over the new versions."""
    last = _next_versions(raw)
    for row in raw.command(19):
        last[row.stream] += 1
        body = row.body
        body["meta"]["number"] = 21
        raw.append(row.stream, last[row.stream], row.topic,
                   dump(redigest(row, body, last[row.stream])))


@pytest.mark.parametrize("tamper, first_bad", [
    (delete_command_12, 12),
    (swap_rows_of_9_and_12, 9),
    (swap_character_rows_of_9_and_12, 9),
    (edit_campaign_event_of_6, 6),
    (edit_character_event_of_6, 6),
    (edit_outcome_of_18, 18),
    (forge_copy_of_19, 21),
    (forge_renumbered_copy_of_19, 21),
])
def test_verify_names_the_first_bad_command(campaign, store_url, tamper, first_bad):
    pangee, token = campaign
    with RawEvents(store_url) as raw:
        tamper(raw)
    verified, with_token = plain_replay_then_verify(pangee, token)
    one_line_error(verified, 1, f"command #{first_bad}:")
    one_line_error(with_token, 1, f"command #{first_bad}:")
    # verifying again (the read models rebuilt from what is stored now) still fails
    one_line_error(pangee("replay", "--verify"), 1, f"command #{first_bad}:")


def test_a_cut_tail_is_proved_only_by_a_checkpoint(campaign, store_url):
    pangee, token = campaign
    with RawEvents(store_url) as raw:
        raw.delete([r.position for r in raw.command(20)])
    replayed = ok(pangee("replay"))
    assert "19 commands" in replayed.stdout
    # what the events alone cannot prove (projections/verify.py says so) …
    assert ok(pangee("replay", "--verify")).exit_code == 0
    # … the checkpoint the players hold does
    one_line_error(pangee("replay", "--verify", "--checkpoint", token), 1, "#19", "cut short")
    assert ok(pangee("checkpoint")).stdout.strip().startswith("19-")


def test_a_checkpoint_of_an_earlier_point_proves_its_prefix_only(store_url):
    pangee = Pangee(store_url)
    build_campaign(pangee, CAMPAIGN[:10])
    token = ok(pangee("checkpoint")).stdout.strip()
    build_campaign(pangee, CAMPAIGN[10:])
    ok(pangee("replay", "--verify", "--checkpoint", token))
    with RawEvents(store_url) as raw:
        edit_outcome_of_18(raw)
    # #18 is after the checkpoint: the prefix it names is intact, the whole is not
    one_line_error(pangee("replay", "--verify", "--checkpoint", token), 1, "command #18:")
    with RawEvents(store_url) as raw:
        edit_campaign_event_of_6(raw)
    one_line_error(pangee("replay", "--verify", "--checkpoint", token), 1, "command #6:")


@pytest.mark.parametrize("tamper", [delete_command_12, swap_rows_of_9_and_12])
def test_a_plain_replay_of_a_broken_order_says_where_in_words(campaign, store_url, tamper):
    pangee, _token = campaign
    with RawEvents(store_url) as raw:
        tamper(raw)
        positions = [r.position for r in raw.rows()]
    line = one_line_error(pangee("replay"), 1)
    assert any(f"position {p}" in line for p in positions), line
