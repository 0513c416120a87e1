"""Everything the command line prints goes through here: lines, JSON, errors, warnings.

Nothing reaches the terminal raw: control characters (terminal escapes, carriage returns, NUL,
C1 controls) and bidirectional overrides in any printed text are shown as `\\x1b`-style
escapes, so a name or a cause typed by someone can never drive the terminal or break a line.
Long output on a terminal goes through a pager (`--no-pager` to skip it).
"""

import json
import re
import sys

import click

from i18n.render import render

# C0 and C1 controls, DEL, and the bidirectional embeddings/overrides/isolates/marks
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """One line, safe for a terminal: every unsafe character shown as an escape; text that
    is not valid UTF-8 (surrogates from a bad argument) shown with its bytes."""
    text = _UNSAFE.sub(_escape, str(text))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def line(text: str = "") -> None:
    click.echo(printable(text))


def lines(texts: list[str], pager: bool = False) -> None:
    """Several lines; on a terminal in colour (unless NO_COLOR is set) and, when asked and
    longer than the screen, through a pager (`--no-pager`); plain text in a pipe."""
    safe = [printable(t) for t in texts]
    if stream_is_terminal():
        if colour_wanted():
            safe = [styled(t) for t in safe]
        if pager and len(safe) > terminal_height():
            click.echo_via_pager("\n".join(safe) + "\n", color=colour_wanted())
            return
    if safe:
        click.echo("\n".join(safe))


_NUMBER = re.compile(r"^(#\d+)")
_RULES = re.compile(r"(  \[[A-Z0-9, -]+\])$")
_HEADING = re.compile(r"^(— .* —)$")


def colour_wanted() -> bool:
    """Colour on a terminal unless NO_COLOR is set (https://no-color.org)."""
    import os

    return not os.environ.get("NO_COLOR")


def styled(text: str) -> str:
    """Command numbers bold, rule ids dimmed, session headings bold."""
    text = _HEADING.sub(lambda m: click.style(m.group(1), bold=True), text)
    text = _NUMBER.sub(lambda m: click.style(m.group(1), bold=True, fg="cyan"), text)
    return _RULES.sub(lambda m: click.style(m.group(1), dim=True), text)


def error(message: str) -> None:
    """One line on stderr: what is wrong and what would be accepted."""
    click.echo(printable(render("cli.error", {"message": message})), err=True)


def warn(message: str) -> None:
    click.secho(printable(render("cli.warning", {"message": message})), err=True, fg="yellow",
                bold=True)


_JSON_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def emit_json(obj) -> None:
    """One JSON document on stdout (C1 controls and direction marks escaped as \\uXXXX)."""
    text = json.dumps(obj, ensure_ascii=False, indent=2)
    text = _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True, indent=2)
    click.echo(text)


def stream_is_terminal() -> bool:
    isatty = getattr(sys.stdout, "isatty", None)
    return bool(isatty and isatty())


def terminal_height() -> int:
    import shutil

    return shutil.get_terminal_size((80, 24)).lines


def table(headers: list[str], rows: list[list[str]]) -> list[str]:
    """Rows aligned in columns under their headers (for a terminal)."""
    import unicodedata

    def width(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text
                   if not unicodedata.combining(ch))
    cells = [[printable(c) for c in row] for row in [headers] + rows]
    widths = [max(width(row[i]) for row in cells) for i in range(len(headers))]
    out = []
    for index, row in enumerate(cells):
        text = "  ".join(c + " " * (w - width(c)) for c, w in zip(row, widths)).rstrip()
        out.append(click.style(text, bold=True) if index == 0 and colour_wanted() else text)
    return out
