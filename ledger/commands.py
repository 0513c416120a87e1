"""Write commands as data: the options each accepts, checked and normalised into the fact
that will be recorded. Shared by the command line and campaign scripts, so a script step
and its command accept exactly the same arguments (`-` and `_` alike)."""

from .catalogue import find_spell, find_weapon
from .names import name_key
from .rules.dice import parse_dice
from .rules.errors import BadValue
from .rules.fold import CampaignState
from .rules.rulings import check_ruling, parse_assignment

# option -> type; a trailing "!" marks a required option
SPECS: dict[str, dict[str, str]] = {
    "init": {"name": "text!", "seed": "int", "rulings": "rulings"},
    "character add": {"name": "text!", "con": "score!", "hp_max": "positive!", "level": "level",
                      "medicine": "bool", "crit_min": "crit_min", "relentless": "bool",
                      "warlock": "bool"},
    "session start": {"title": "text"},
    "session end": {},
    "attack": {"who": "who!", "ac": "int!", "d20": "d20", "bonus": "int", "crit_min": "crit_min",
               "target": "text"},
    "check": {"who": "who!", "dc": "int!", "d20": "d20", "bonus": "int", "skill": "text"},
    "save": {"who": "who!", "dc": "int!", "d20": "d20", "bonus": "int", "ability": "text"},
    "damage": {"who": "who!", "amount": "amount!", "cause": "text!", "dice": "dice",
               "critical": "bool", "endure": "bool"},
    "heal": {"who": "who!", "amount": "amount!", "cause": "text", "wound_roll": "face",
             "wound_dice": "dice"},
    "death-save": {"who": "who!", "d20": "d20", "wound_roll": "face", "wound_dice": "dice"},
    "stabilize": {"who": "who!", "by": "name", "wound_roll": "face", "wound_dice": "dice"},
    "treat": {"who": "who!", "by": "name!", "d20": "d20", "bonus": "int"},
    "tend": {"who": "who!", "by": "name!", "d20": "d20", "bonus": "int"},
    "rest short": {"who": "party!"},
    "rest night": {"who": "party!", "safe": "bool", "calm": "bool", "watch": "bool"},
    "rest long": {"who": "party!", "watch": "bool"},
    "rest wilderness": {"who": "party!"},
    "cast": {"who": "who!", "spell": "text!", "slot": "slot!", "ritual": "bool", "pact": "bool",
             "arcanum": "bool", "save_d20": "d20", "save_bonus": "int", "pay_hp": "bool",
             "target": "name"},
    "fatigue": {"who": "who!", "delta": "delta!", "cause": "text!"},
    "improve": {"who": "who!", "con": "positive!"},
    "void": {"position": "positive!", "reason": "text!"},
}

WRITE_KINDS = tuple(SPECS)


POSITIONAL = ("who", "amount", "spell", "delta", "position", "name", "title")


def _label(option: str) -> str:
    """How an argument is named in a message: `--d20` for an option, `amount` for a
    positional argument (the script key and the command line's metavar alike)."""
    return option if option in POSITIONAL else f"--{option.replace('_', '-')}"


def _int(kind: str, option: str, value, low=None, high=None, what="a whole number") -> int:
    flag = _label(option)
    if isinstance(value, bool):
        raise BadValue(f"{kind} {flag}: {value!r} is not {what}")
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise BadValue(f"{kind} {flag}: '{value}' is not {what}") from None
    if not isinstance(value, int):
        raise BadValue(f"{kind} {flag}: {value!r} is not {what}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise BadValue(f"{kind} {flag}: {value} is out of range: expected {what}")
    return value


def _check(kind: str, option: str, typ: str, value, state: CampaignState):
    flag = _label(option)
    if typ == "text":
        if not isinstance(value, (str, int, float)) or isinstance(value, bool) or not str(value).strip():
            raise BadValue(f"{kind} {flag}: expected some text, got {value!r}")
        return str(value).strip()
    if typ == "int":
        return _int(kind, option, value)
    if typ == "bool":
        if not isinstance(value, bool):
            raise BadValue(f"{kind} {flag}: expected true or false, got {value!r}")
        return value
    if typ == "d20":
        return _int(kind, option, value, 1, 20, "a natural d20 face from 1 to 20")
    if typ == "face":
        return _int(kind, option, value, 1, 100, "a die face (1 to the die size)")
    if typ == "amount":
        return _int(kind, option, value, 0, None, "a whole number of 0 or more")
    if typ == "positive":
        return _int(kind, option, value, 1, None, "a whole number of 1 or more")
    if typ == "score":
        return _int(kind, option, value, 1, 30, "an ability score from 1 to 30")
    if typ == "level":
        return _int(kind, option, value, 1, 20, "a character level from 1 to 20")
    if typ == "slot":
        return _int(kind, option, value, 0, 9, "a spell level from 0 to 9")
    if typ == "crit_min":
        return _int(kind, option, value, 2, 20, "the lowest critical d20 face, 2 to 20")
    if typ == "delta":
        delta = _int(kind, option, value, None, None, "a signed number of levels such as +1 or -1")
        if delta == 0:
            raise BadValue(f"{kind}: a delta of 0 changes nothing: expected +N or -N")
        return delta
    if typ == "dice":
        return parse_dice(str(value)).text()
    if typ == "name":
        return state.sheet(_check(kind, option, "text", value, state)).name
    if typ == "who":
        if isinstance(value, list):
            if len(value) != 1:
                raise BadValue(f"{kind} takes one character, got {len(value)}")
            value = value[0]
        return [state.sheet(_check(kind, option, "text", value, state)).name]
    if typ == "party":
        names = value if isinstance(value, list) else [value]
        if not names:
            raise BadValue(f"{kind}: name at least one character")
        resolved = [state.sheet(_check(kind, option, "text", n, state)).name for n in names]
        if len({name_key(n) for n in resolved}) != len(resolved):
            raise BadValue(f"{kind}: a character is named twice")
        return resolved
    if typ == "rulings":
        return _rulings(value)
    raise AssertionError(typ)


def _rulings(value) -> dict:
    if isinstance(value, dict):
        for key, val in value.items():
            check_ruling(str(key), str(val))
        return {str(k): str(v) for k, v in value.items()}
    items = [value] if isinstance(value, str) else list(value or [])
    return dict(parse_assignment(str(item)) for item in items)


def build_fact(kind: str, raw: dict, state: CampaignState) -> dict:
    """Check and normalise a write command's arguments into its fact (BadValue: exit 2,
    unknown names: exit 1)."""
    if kind not in SPECS:
        raise BadValue(f"unknown step '{kind}': expected one of {', '.join(WRITE_KINDS)}")
    spec = SPECS[kind]
    given = {str(k).replace("-", "_"): v for k, v in (raw or {}).items()}
    unknown = [k for k in given if k not in spec]
    if unknown:
        accepted = ", ".join(spec) or "no arguments"
        raise BadValue(f"{kind} does not take '{unknown[0]}': expected {accepted}")
    args: dict = {}
    who: list[str] = []
    for option, typ in spec.items():
        required = typ.endswith("!")
        typ = typ.rstrip("!")
        value = given.get(option)
        if value is None or value is False or value == [] or value == ():
            if required:
                raise BadValue(f"{kind} needs {_label(option)}")
            continue
        checked = _check(kind, option, typ, value, state)
        if option == "who":
            who = checked
        else:
            args[option] = checked
    _resolve_catalogue(kind, args)
    fact = {"kind": kind, "args": args}
    if who:
        fact["who"] = who
    return fact


def _resolve_catalogue(kind: str, args: dict) -> None:
    """Record what the catalogue said at the time, so a replay never depends on it."""
    if kind == "damage" and "dice" not in args:
        weapon = find_weapon(args["cause"])
        spell = None if weapon else find_spell(args["cause"])
        dice = weapon.dice if weapon else (spell.dice if spell else None)
        if dice:
            args["dice"] = dice
            args["dice_source"] = "catalogue"
    if kind == "cast":
        spell = find_spell(args["spell"])
        if spell is not None:
            args["spell"] = spell.as_fact(args["spell"], args["slot"])
        else:
            args["spell"] = {"name": args["spell"], "fr": None, "en": None, "level": None,
                             "ritual": None, "dice": None}
