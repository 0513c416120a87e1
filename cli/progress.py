"""A progress bar for long imports and replays, drawn on a terminal only.

The projections report `progress(position, top)` after each command they fold (see
`Projections.progress`). `showing_progress` plugs a click progress bar into a ledger for the
duration of a call; when stdout or stderr is not a terminal, or with `--json`, it plugs
nothing and prints nothing, so scripts, pipes, CI logs and CliRunner see clean output.

    with showing_progress(ledger, "Replaying"):
        position = ledger.projections.rebuild()
"""

import sys
import time
from contextlib import contextmanager

import click

MIN_INTERVAL = 0.1  # seconds between two redraws
MIN_EVENTS = 2000  # a catch-up shorter than this draws nothing


def _nothing(position: int, top: int) -> None:
    pass


def is_terminal(stream) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class _Bar:
    """The callback: a click progress bar over the positions still to fold, opened on the
    first report (when the span is known) and redrawn at most every MIN_INTERVAL."""

    def __init__(self, label: str, file, min_events: int):
        self.label, self.file, self.min_events = label, file, min_events
        self.bar = None
        self.base = None
        self.last = 0.0

    def __call__(self, position: int, top: int) -> None:
        if self.base is None:
            self.base = max(0, position - 1)
            if top - self.base >= self.min_events:
                self.bar = click.progressbar(length=top - self.base, label=self.label,
                                             file=self.file, show_pos=True)
                self.bar.__enter__()
        if self.bar is None:
            return
        now = time.monotonic()
        if now - self.last >= MIN_INTERVAL or position >= top:
            self.last = now
            self.bar.update(max(0, min(position, top) - self.base - self.bar.pos))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


@contextmanager
def progress_bar(label: str, enabled: bool = True, file=None, min_events: int = MIN_EVENTS):
    """Yield a `progress(position, top)` callback drawing a bar on `file` (stderr by default),
    or one that does nothing when disabled (`--json`) or when stdout or that stream is not a
    terminal."""
    file = file or sys.stderr
    if not enabled or not is_terminal(file) or not is_terminal(sys.stdout):
        yield _nothing
        return
    bar = _Bar(label, file, min_events)
    try:
        yield bar
    finally:
        bar.close()


@contextmanager
def showing_progress(ledger, label: str, enabled: bool = True, file=None):
    """Report the ledger's projection progress with a bar for the duration of the block."""
    projections = ledger.projections
    previous = projections.progress
    with progress_bar(label, enabled, file) as progress:
        projections.progress = None if progress is _nothing else progress
        try:
            yield
        finally:
            projections.progress = previous
