"""Helpers shared by the end-to-end CLI tests of the second round (history, rules through the
CLI, language, at the table): run a command and insist on its exit code, read JSON, build a
small party, run the installed `pangee` in a real process when the test needs one (a time
zone, a terminal)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES_DIR = ROOT / "sample_campaigns"
V1_DIR = ROOT / "tests" / "fixtures" / "v1"
PANGEE_EXE = Path(sys.executable).parent / "pangee"

# The locale variables a language choice reads; None unsets them for a CliRunner call.
NO_LOCALE = {"LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "PANGEE_LANG": None}

ANSI = re.compile(r"\x1b\[")


def ok(pangee, *args, **kwargs):
    """Run a command that must succeed: exit 0, nothing on stderr, no traceback."""
    result = pangee(*args, **kwargs)
    assert result.exit_code == 0, (args, result.output)
    assert result.stderr == "", (args, result.stderr)
    assert "Traceback" not in result.output
    return result


def refused(pangee, *args, code: int = 1, **kwargs) -> str:
    """Run a command that must be refused: the exit code, nothing on stdout, one line on
    stderr (returned without its trailing newline)."""
    result = pangee(*args, **kwargs)
    assert result.exit_code == code, (args, result.exit_code, result.output)
    assert result.stdout == "", (args, result.stdout)
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, (args, result.stderr)
    return lines[0]


def as_json(pangee, *args, **kwargs):
    """A command with --json: one JSON document on stdout and nothing else."""
    return json.loads(ok(pangee, *args, "--json", **kwargs).stdout)


def status(pangee, *args) -> dict:
    return as_json(pangee, "status", *args)


def sheet(pangee, name: str, *args) -> dict:
    found, = status(pangee, name, *args)["characters"]
    return found


def log(pangee, *args) -> list[dict]:
    return as_json(pangee, "log", *args)


def entry(pangee, number: int) -> dict:
    found, = [e for e in log(pangee) if e["position"] == number]
    return found


def block(text: str, number: int) -> list[str]:
    """The lines `log` prints for command #number: its line and the indented ones under it."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"#{number} "))
    out = [lines[start]]
    for line in lines[start + 1:]:
        if not line.startswith(" "):
            break
        out.append(line)
    return out


def party(pangee, *, seed: str = "7", rulings: tuple[str, ...] = ()) -> None:
    """Arin (level 5, Con 14, 45 HP) and Brune (level 5, Con 12, 38 HP, Medicine): commands
    #1 to #3."""
    extra = [a for r in rulings for a in ("--ruling", r)]
    ok(pangee, "init", "L'Âge du Changement", "--seed", seed, *extra)
    ok(pangee, "character", "add", "Arin", "--con", "14", "--hp-max", "45", "--level", "5")
    ok(pangee, "character", "add", "Brune", "--con", "12", "--hp-max", "38", "--level", "5",
       "--medicine")


def run_process(args: list[str], env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    """The installed `pangee` in a process of its own (its environment read at start-up)."""
    full = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PANGEE_DEBUG")}
    for key, value in (env or {}).items():
        if value is None:
            full.pop(key, None)
        else:
            full[key] = value
    return subprocess.run([str(PANGEE_EXE), *args], env=full, capture_output=True, text=True,
                          timeout=60, **kwargs)


def invoke(*args: str, env: dict | None = None):
    """The CLI in-process under its own name (`pangee`, as click's usage lines print it), with
    no store option: for help texts and click's own messages."""
    from click.testing import CliRunner

    from cli.main import cli

    return CliRunner().invoke(cli, list(args), prog_name="pangee", env=env,
                              catch_exceptions=False)
