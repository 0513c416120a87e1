"""Errors the shell turns into one line and an exit code (1 refused, 2 malformed). Each holds
a message code and its parameters; `i18n` renders them in the reader's language."""

from .rules.errors import BadValue, MissingRoll, Problem, RuleRefusal
from .rules.errors import UnknownCharacter

__all__ = ["BadValue", "MissingRoll", "Problem", "RuleRefusal", "UnknownCharacter",
           "NoCampaign", "StoreBusy", "StepError", "DamagedStore"]


class NoCampaign(RuleRefusal):
    """The store holds no campaign yet (exit 1)."""


class StoreBusy(Problem):
    """The store stayed busy or conflicted through every retry; nothing was written (exit 1)."""

    exit_code = 1


class DamagedStore(Problem):
    """A stored event cannot be read: reported with its position, never folded (exit 1)."""

    exit_code = 1


class StepError(Problem):
    """A script step (or a JSONL line) that failed, reported with where it stands: `where`
    is data ({"file": …, "session": 2, "step": 3} or {"file": …, "line": 12})."""

    def __init__(self, where: dict, error: Problem):
        super().__init__("step.failed", None, where=where, reason=error.as_dict())
        self.exit_code = getattr(error, "exit_code", 2)
        self.error = error
