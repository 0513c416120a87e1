"""One corrupted row in the events table (issue 9), on SQLite and PostgreSQL.

Garbage bytes or invalid JSON in one row's `state`: every command (status, log, attack,
replay, replay --verify, export) reports it in one line naming its position, exit 1, no
traceback; a plain `replay` leaves the read models as they were (what the store shows once
the row is repaired is what it showed before).
"""

import pytest
from eventsourcing.persistence import OperationalError

from tests.support_trust import (RawEvents, campaign_at, campaign_files, ok,  # noqa: F401
                                 one_line_error, shown)

CORRUPTIONS = {"garbage": b"\x00\xff\xfegarbage\x1b[31m", "invalid-json": b'{"timestamp": '}

COMMANDS = {
    "status": ["status"],
    "status-json": ["status", "--json"],
    "log": ["log"],
    "log-json": ["log", "--json"],
    "attack": ["attack", "Arin", "--ac", "12", "--d20", "11"],
    "replay": ["replay"],
    "verify": ["replay", "--verify"],
    "export": ["export", "--format", "jsonl"],
}

# A row damaged after the read models folded it is found by the commands that read the
# events (replay, replay --verify, export --format jsonl, a catch-up); from then on every
# command reports it (test_once_…_found_it_every_command_reports_it). Status, log and a
# write answer from the read models, which do not re-read a history already folded (their
# time must not grow with it): they report the damage once it was found, not before.
READS_THE_EVENTS = ("replay", "verify", "export")


@pytest.fixture
def campaign(store_url, campaign_files):
    return campaign_at(store_url, campaign_files)


def corrupt(url: str, number: int, how: str) -> tuple[int, bytes]:
    """The first event of command `number` damaged; returns its position and its bytes."""
    with RawEvents(url) as raw:
        row = raw.command(number)[0]
        raw.set_state(row.position, CORRUPTIONS[how])
    return row.position, row.state


def repair(url: str, position: int, state: bytes) -> None:
    with RawEvents(url) as raw:
        raw.set_state(position, state)


def middle_cases():
    """Every command that reads the events, with each kind of damage."""
    for name in READS_THE_EVENTS:
        for how in CORRUPTIONS:
            yield pytest.param(COMMANDS[name], how, id=f"{name}-{how}")


@pytest.mark.parametrize("argv, how", list(middle_cases()))
def test_a_damaged_row_in_the_middle_is_reported_by_every_command(campaign, argv, how):
    position, _state = corrupt(campaign.db, 12, how)
    before = _count(campaign.db)
    one_line_error(campaign(*argv), 1, f"position {position}")
    assert _count(campaign.db) == before  # nothing recorded on a damaged history


def _count(url: str) -> int:
    with RawEvents(url) as raw:
        return raw.count()


@pytest.fixture
def unfolded(campaign, ledger_at):
    """#21 committed by a writer that stopped before catching the read models up (as a
    process killed between its insert and its catch-up would), then damaged."""
    ledger = ledger_at(campaign.db)
    real = ledger.projections.catch_up
    calls = []

    def catch_up():
        calls.append(1)
        if len(calls) > 1:
            raise OperationalError("stopped before the catch-up")
        return real()
    ledger.projections.catch_up = catch_up
    recorded = ledger.record("attack", {"who": "Carl", "ac": 12, "d20": 9})
    assert recorded.position == 21
    ledger.close()
    return campaign


@pytest.mark.parametrize("argv", list(COMMANDS.values()), ids=list(COMMANDS))
def test_a_damaged_row_not_yet_folded_is_reported_by_every_command(unfolded, argv):
    position, _state = corrupt(unfolded.db, 21, "garbage")
    before = _count(unfolded.db)
    one_line_error(unfolded(*argv), 1, f"position {position}")
    assert _count(unfolded.db) == before


def read_models(url: str) -> dict:
    """Every row of the read models (the pangee_* tables), the damage mark left out."""
    with RawEvents(url) as raw:
        if raw.postgres:
            names = [n for (n,) in raw.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = ?",
                (raw.schema,)).fetchall()]
            qualified = {n: f'"{raw.schema}".{n}' for n in names}
        else:
            names = [n for (n,) in raw.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()]
            qualified = {n: n for n in names}
        rows = {}
        for name in sorted(n for n in names if n.startswith("pangee_") and n != "pangee_events"):
            found = raw.execute(f"SELECT * FROM {qualified[name]}").fetchall()
            rows[name] = sorted((tuple(map(str, r)) for r in found
                                 if not (name == "pangee_state" and r[0] == "damaged")))
    return rows


@pytest.mark.parametrize("how", list(CORRUPTIONS))
def test_a_failed_replay_leaves_the_read_models_as_they_were(campaign, how):
    before, models = shown(campaign), read_models(campaign.db)
    position, state = corrupt(campaign.db, 12, how)
    one_line_error(campaign("replay"), 1, f"position {position}")
    assert read_models(campaign.db) == models  # nothing swapped in, nothing half-built
    repair(campaign.db, position, state)
    ok(campaign("replay"))  # as the message says: repair it, then replay
    assert shown(campaign) == before
    ok(campaign("replay", "--verify"))
    assert shown(campaign) == before


@pytest.mark.parametrize("argv", list(COMMANDS.values()), ids=list(COMMANDS))
def test_once_a_replay_found_it_every_command_reports_it_until_a_replay(campaign, argv):
    position, state = corrupt(campaign.db, 12, "garbage")
    one_line_error(campaign("replay"), 1, f"position {position}")
    before = _count(campaign.db)
    one_line_error(campaign(*argv), 1, f"position {position}")
    assert _count(campaign.db) == before
    repair(campaign.db, position, state)
    ok(campaign("replay"))
    assert campaign(*argv).exit_code == 0


@pytest.mark.parametrize("argv", [COMMANDS[name] for name in ("status", "status-json", "log",
                                                            "log-json", "attack")],
                         ids=["status", "status-json", "log", "log-json", "attack"])
@pytest.mark.parametrize("finder", [["replay"], ["replay", "--verify"],
                                    ["export", "--format", "jsonl"]],
                         ids=["replay", "verify", "export"])
def test_once_verify_or_export_found_it_every_command_reports_it(campaign, finder, argv):
    position, _state = corrupt(campaign.db, 12, "garbage")
    one_line_error(campaign(*finder), 1, f"position {position}")
    before = _count(campaign.db)
    one_line_error(campaign(*argv), 1, f"position {position}")
    assert _count(campaign.db) == before


def test_no_rebuild_tables_are_left_behind(campaign):
    position, state = corrupt(campaign.db, 12, "garbage")
    assert campaign("replay").exit_code == 1
    repair(campaign.db, position, state)
    with RawEvents(campaign.db) as raw:
        if raw.postgres:
            names = [n for (n,) in raw.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = ?",
                (raw.schema,)).fetchall()]
        else:
            names = [n for (n,) in raw.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()]
    assert not [n for n in names if "rebuild" in n], names


def test_verify_names_the_command_an_unreadable_row_belongs_to(campaign):
    position, _state = corrupt(campaign.db, 12, "invalid-json")
    assert position != 12
    line = one_line_error(campaign("replay", "--verify"), 1, f"position {position}")
    assert "command #" not in line or "command #12" in line, line


def test_a_damaged_row_with_a_checkpoint_is_one_line_too(campaign):
    token = ok(campaign("checkpoint")).stdout.strip()
    position, _state = corrupt(campaign.db, 5, "garbage")
    one_line_error(campaign("replay", "--verify", "--checkpoint", token), 1,
                   f"position {position}")
