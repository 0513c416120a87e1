"""Exceptions the pure rules (and the checks at the edge) raise: a message code with its
parameters, never a sentence. The presentation (`i18n`) renders them in the reader's
language; the shell maps them to exit codes."""

import json


class Problem(Exception):
    """A code (`wound.no_dice`), the rule id that decided (or None) and JSON-safe parameters."""

    exit_code = 1

    def __init__(self, code: str, rule: str | None = None, /, **params):
        super().__init__(code)
        self.code = code
        self.rule = rule
        self.params = params

    def as_dict(self) -> dict:
        """The problem as data (stored as the note of a fact left without effect)."""
        return {"code": self.code, "rule": self.rule, "params": self.params}

    def __str__(self) -> str:  # for tracebacks and logs; people read the rendered text
        return f"{self.code} {json.dumps(self.params, ensure_ascii=False, default=str)}"


class RuleRefusal(Problem):
    """A command the rules refuse (exit 1): the code names what is wrong and what would do."""

    exit_code = 1


class UnknownCharacter(RuleRefusal):
    """A name that is not on the roster (exit 1)."""


class BadValue(Problem):
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
