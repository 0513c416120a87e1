"""The campaign settings where the text is silent (RULES.md, "Rulings")."""

from .errors import BadValue

# key -> (rule id, default, accepted values)
RULINGS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "wound.dc_dice_term": ("RULING-DC-DICE", "multi", ("multi", "always")),
    "wound.halving": ("RULING-HALVE", "down", ("down", "up")),
    "wound.treatment": ("RULING-TREAT-ONCE", "once", ("once", "retry")),
    "rest.long_includes_short": ("RULING-LONG-INCLUDES-SHORT", "yes", ("yes", "no")),
    "crit.nat1": ("RULING-NAT1", "miss", ("miss", "critical-failure")),
    "crit.checks": ("RULING-CHECKS", "on", ("on", "off")),
}


def default_rulings() -> dict[str, str]:
    return {key: default for key, (_, default, _) in RULINGS.items()}


def accepted_keys() -> list[str]:
    return list(RULINGS)


def check_ruling(key: str, value: str) -> None:
    """Refuse an unknown ruling key or value, listing the valid ones (exit 2)."""
    if key not in RULINGS:
        raise BadValue("ruling.unknown", None, key=key, expected=accepted_keys())
    accepted = RULINGS[key][2]
    if value not in accepted:
        raise BadValue("ruling.bad_value", None, key=key, value=value, expected=list(accepted))


def with_rulings(base: dict[str, str], overrides: dict[str, str]) -> dict[str, str]:
    merged = dict(default_rulings())
    merged.update(base)
    for key, value in overrides.items():
        check_ruling(key, value)
        merged[key] = value
    return merged


def parse_assignment(text: str) -> tuple[str, str]:
    """`wound.halving=up` -> (key, value), checked."""
    if "=" not in text:
        raise BadValue("ruling.not_assignment", None, text=text, expected=accepted_keys())
    key, value = (part.strip() for part in text.split("=", 1))
    check_ruling(key, value)
    return key, value
