"""The documented bounds of every number a command takes (docs/CHOICES.md, "Bounds").

Wide enough for any real table (a dragon's AC, a level-20 barbarian's HP), narrow enough
that no input can make the ledger slow or its numbers absurd.
"""

MAX_INT_TEXT = 20  # digits (with sign) of an integer given as text: longer is refused unread

INT_RANGES: dict[str, tuple[int, int]] = {
    "ac": (0, 60),
    "dc": (0, 60),
    "bonus": (-30, 60),
    "d20": (1, 20),
    "face": (1, 100),
    "amount": (0, 10_000),
    "hp_max": (1, 5_000),
    "score": (1, 30),
    "level": (1, 20),
    "slot": (0, 9),
    "crit_min": (2, 20),
    "delta": (-6, 6),
    "improvement": (1, 2),
    "wound": (1, 100),
    "number": (1, 10**12),
    "seed": (0, 2**63 - 1),
}

SCRIPT_MAX_BYTES = 64 * 1024 * 1024  # a campaign script or JSONL export read by `import`
YAML_MAX_ALIASES = 100  # alias uses in one script (an alias bomb expands exponentially)
YAML_MAX_DEPTH = 20  # nesting of mappings and lists
