"""Errors the shell turns into one line and an exit code (1 refused, 2 malformed)."""

from .rules.errors import BadValue, MissingRoll, RuleRefusal
from .rules.fold import UnknownCharacter

__all__ = ["BadValue", "MissingRoll", "RuleRefusal", "UnknownCharacter", "NoCampaign",
           "StoreBusy", "StepError"]


class NoCampaign(RuleRefusal):
    """The store holds no campaign yet (exit 1)."""


class StoreBusy(Exception):
    """The store stayed busy or conflicted through every retry (exit 1)."""

    exit_code = 1


class StepError(Exception):
    """A script step that failed, reported with its session and step number."""

    def __init__(self, where: str, error: Exception):
        super().__init__(f"{where}: {error}")
        self.exit_code = getattr(error, "exit_code", 2)
