"""Exceptions the pure rules raise; the shell maps them to exit codes."""


class RuleRefusal(Exception):
    """A command the rules refuse (exit 1). The message names the rule and what would do."""

    exit_code = 1

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.rule = rule


class BadValue(Exception):
    """A malformed value (exit 2): not a rule question, the input itself is wrong."""

    exit_code = 2


class MissingRoll(Exception):
    """The fold needs a die face that the fact does not hold.

    The application (at the edge) rolls it with its injected generator and retries; a replay,
    which never rolls, reports the fact as without effect.
    """

    def __init__(self, field: str, sides: int, rule: str):
        super().__init__(f"{field} needs a d{sides} roll ({rule})")
        self.field = field
        self.sides = sides
        self.rule = rule
