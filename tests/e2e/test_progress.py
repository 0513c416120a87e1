"""Progress of long imports and replays: a bar on a terminal, nothing anywhere else."""

import io
import re

from benchmarks.synth import write_script
from cli.progress import progress_bar, showing_progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_progress_output_when_not_a_terminal(pangee, tmp_path):
    script = tmp_path / "long.yaml"
    write_script(2500, script)  # long enough for a bar (see MIN_EVENTS), were it a terminal
    imported = pangee("import", str(script))
    assert imported.exit_code == 0, imported.output
    # second round: commands are counted by number (1, 2, 3…), not by event position
    found = re.fullmatch(r"imported (\d+) commands from long\.yaml; last command #(\d+)\n",
                         imported.stdout)
    assert found and found.group(1) == found.group(2), imported.stdout
    assert imported.stderr == ""
    replayed = pangee("replay")
    assert replayed.exit_code == 0, replayed.output
    assert re.fullmatch(rf"replayed {found.group(1)} commands: digest [0-9a-f]{{16}}\n",
                        replayed.stdout), replayed.stdout
    assert replayed.stderr == ""
    for text in (imported.output, replayed.output):
        assert "[#" not in text and "Replaying" not in text and "Importing" not in text


def test_the_callback_does_nothing_off_a_terminal_or_with_json(monkeypatch):
    monkeypatch.setattr("sys.stdout", Terminal())
    quiet = io.StringIO()
    with progress_bar("Replaying", file=quiet) as report:
        report(1, 10_000)
        report(10_000, 10_000)
    assert quiet.getvalue() == ""
    terminal = Terminal()
    with progress_bar("Replaying", enabled=False, file=terminal) as report:  # --json
        report(10_000, 10_000)
    assert terminal.getvalue() == ""


def test_a_bar_on_a_terminal(monkeypatch):
    monkeypatch.setattr("sys.stdout", Terminal())
    terminal = Terminal()
    with progress_bar("Replaying", file=terminal) as report:
        for position in range(1, 5001):
            report(position, 5000)
    drawn = terminal.getvalue()
    assert "Replaying" in drawn and "5000/5000" in drawn


def test_short_catch_ups_draw_nothing(monkeypatch):
    monkeypatch.setattr("sys.stdout", Terminal())
    terminal = Terminal()
    with progress_bar("Replaying", file=terminal) as report:
        report(101, 102)  # one command after another: no bar for that
        report(102, 102)
    assert terminal.getvalue() == ""


def test_projections_report_every_command_up_to_the_top(sqlite_url, ledger_at, monkeypatch):
    calls = []
    app = ledger_at(sqlite_url, progress=lambda position, top: calls.append((position, top)))
    app.record("init", {"name": "Progrès"})
    app.record("character add", {"name": "Arin", "con": 14, "hp_max": 45})
    app.record("attack", {"who": "Arin", "ac": 12, "d20": 14})
    calls.clear()
    top = app.projections.rebuild()
    positions = [p for p, _ in calls]
    assert positions == sorted(positions) and positions[-1] == top
    assert {t for _, t in calls} == {top}
    # showing_progress plugs a bar in for the block only, and puts back what was there
    monkeypatch.setattr("sys.stdout", Terminal())
    terminal = Terminal()
    before = app.projections.progress
    with showing_progress(app, "Replaying", file=terminal):
        assert app.projections.progress is not before
        app.projections.rebuild()
    assert app.projections.progress is before
