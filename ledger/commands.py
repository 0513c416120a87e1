"""Write commands as data: the options each accepts, checked and normalised into the fact
that will be recorded. Shared by the command line, campaign scripts and JSONL restores, so
every door accepts exactly the same arguments (`-` and `_` alike) within the same bounds
(the ranges below are the documented ones: docs/CHOICES.md, "Bounds").
"""

from . import catalogue
from .bounds import INT_RANGES, MAX_INT_TEXT
from .names import name_key
from .rules.dice import parse_dice
from .rules.errors import BadValue, RuleRefusal
from .rules.fold import CampaignState
from .rules.rulings import check_ruling, parse_assignment
from .text import clean

# option -> type; a trailing "!" marks a required option
SPECS: dict[str, dict[str, str]] = {
    "init": {"name": "campaign!", "seed": "seed", "rulings": "rulings"},
    "character add": {"name": "newname!", "con": "score!", "hp_max": "hp_max!", "level": "level",
                      "medicine": "bool", "crit_min": "crit_min", "relentless": "bool",
                      "warlock": "bool"},
    "character update": {"who": "who!", "level": "level", "hp_max": "hp_max",
                         "medicine": "tristate", "crit_min": "crit_min"},
    "session start": {"title": "title"},
    "session end": {},
    "attack": {"who": "who!", "ac": "ac!", "d20": "d20", "bonus": "bonus", "crit_min": "crit_min",
               "target": "text", "foraging": "bool"},
    "check": {"who": "who!", "dc": "dc!", "d20": "d20", "bonus": "bonus", "skill": "text",
              "foraging": "bool"},
    "save": {"who": "who!", "dc": "dc!", "d20": "d20", "bonus": "bonus", "ability": "text"},
    "damage": {"who": "who!", "amount": "amount!", "cause": "text!", "dice": "dice",
               "slot": "slot", "critical": "bool", "endure": "bool", "foraging": "bool"},
    "heal": {"who": "who!", "amount": "amount!", "cause": "text", "wound_roll": "face",
             "wound_dice": "dice"},
    "death-save": {"who": "who!", "d20": "d20", "wound_roll": "face", "wound_dice": "dice"},
    "stabilize": {"who": "who!", "by": "name", "wound_roll": "face", "wound_dice": "dice"},
    "treat": {"who": "who!", "by": "name!", "d20": "d20", "bonus": "bonus", "wound": "wound"},
    "tend": {"who": "who!", "by": "name!", "d20": "d20", "bonus": "bonus"},
    "rest short": {"who": "party!"},
    "rest night": {"who": "party!", "safe": "bool", "calm": "bool", "watch": "bool"},
    "rest long": {"who": "party!", "watch": "bool"},
    "rest wilderness": {"who": "party!"},
    "cast": {"who": "who!", "spell": "text!", "slot": "slot!", "ritual": "bool", "pact": "bool",
             "arcanum": "bool", "save_d20": "d20", "save_bonus": "bonus", "pay_hp": "bool",
             "target": "name", "custom": "bool"},
    "fatigue": {"who": "who!", "delta": "delta!", "cause": "text!", "source": "source"},
    "improve": {"who": "who!", "con": "improvement!", "beyond_cap": "bool", "cause": "text"},
    "void": {"number": "number!", "reason": "reason!", "wound_roll": "face", "d20": "d20",
             "save_d20": "d20", "force": "bool"},
    "note": {"number": "number!", "text": "note!"},
}

# what the edge adds to a fact from the catalogue, the state or a correction's simulation
DERIVED = {
    "damage": ("cause_en", "cause_kind", "dice_source"),
    "heal": ("cause_en",),
    "treat": ("wound_from",),
    "void": ("supply", "accepted_loss"),
}

WRITE_KINDS = tuple(SPECS)
POSITIONAL = ("who", "amount", "spell", "delta", "number", "name", "title", "text")
ALIASES = {"position": "number"}  # a script step may name a command number `position`
SOURCES = ("ordinary", "magic")


def label(option: str) -> str:
    """How an argument is named in a message: `--d20` for an option, `amount` for a
    positional argument (the script key and the command line's metavar alike)."""
    return option if option in POSITIONAL else f"--{option.replace('_', '-')}"


def check_int(kind: str, option: str, value, typ: str) -> int:
    """A whole number within the documented range of its type (BadValue otherwise)."""
    low, high = INT_RANGES[typ]
    flag = label(option)
    if isinstance(value, bool) or isinstance(value, float):
        raise BadValue("value.not_int", None, kind=kind, option=flag, value=repr(value))
    if isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_INT_TEXT:
            raise BadValue("value.int_too_long", None, kind=kind, option=flag,
                           digits=len(text), low=low, high=high)
        try:
            value = int(text)
        except ValueError:
            raise BadValue("value.not_int", None, kind=kind, option=flag,
                           value=text[:40]) from None
    if not isinstance(value, int):
        raise BadValue("value.not_int", None, kind=kind, option=flag, value=type(value).__name__)
    if len(str(abs(value))) > MAX_INT_TEXT or not low <= value <= high:
        shown = str(value) if len(str(value)) <= 24 else str(value)[:20] + "…"
        raise BadValue("value.out_of_range", None, kind=kind, option=flag, value=shown,
                       low=low, high=high)
    return value


TEXT_LIMITS = {"text": "text", "campaign": "campaign", "title": "title", "reason": "reason",
               "note": "note", "newname": "name"}


def _check(kind: str, option: str, typ: str, value, state: CampaignState):
    flag = label(option)
    if typ in TEXT_LIMITS:
        return clean(value, flag, TEXT_LIMITS[typ])
    if typ in INT_RANGES:
        value = check_int(kind, option, value, typ)
        if typ == "delta" and value == 0:
            raise BadValue("value.zero_delta", None, kind=kind)
        return value
    if typ in ("bool", "tristate"):
        if not isinstance(value, bool):
            raise BadValue("value.not_bool", None, kind=kind, option=flag, value=repr(value)[:40])
        return value
    if typ == "dice":
        return parse_dice(clean(value, flag, "text")).text()
    if typ == "source":
        text = clean(value, flag, "text")
        if text not in SOURCES:
            raise BadValue("value.not_source", None, kind=kind, value=text, expected=list(SOURCES))
        return text
    if typ == "name":
        return state.sheet(clean(value, flag, "name")).name
    if typ == "who":
        if isinstance(value, list):
            if len(value) != 1:
                raise BadValue("value.one_character", None, kind=kind, count=len(value))
            value = value[0]
        return [state.sheet(clean(value, flag, "name")).name]
    if typ == "party":
        names = value if isinstance(value, list) else [value]
        if not names:
            raise BadValue("value.no_character", None, kind=kind)
        if len(names) > 50:
            raise BadValue("value.too_many", None, kind=kind, count=len(names), most=50)
        resolved = [state.sheet(clean(n, flag, "name")).name for n in names]
        if len({name_key(n) for n in resolved}) != len(resolved):
            raise BadValue("value.named_twice", None, kind=kind)
        return resolved
    if typ == "rulings":
        return _rulings(value)
    raise AssertionError(typ)


def _rulings(value) -> dict:
    if isinstance(value, dict):
        for key, val in value.items():
            check_ruling(clean(key, "--ruling", "text"), clean(val, "--ruling", "text"))
        return {str(k): str(v) for k, v in value.items()}
    items = [value] if isinstance(value, str) else list(value or [])
    return dict(parse_assignment(clean(item, "--ruling", "text")) for item in items)


def _given(kind: str, raw) -> dict:
    if raw is not None and not isinstance(raw, dict):
        raise BadValue("step.args_not_mapping", None, kind=kind)
    given = {}
    for key, value in (raw or {}).items():
        key = str(key).replace("-", "_")
        given[ALIASES.get(key, key)] = value
    return given


def build_fact(kind: str, raw: dict, state: CampaignState, resolve: bool = True) -> dict:
    """Check and normalise a write command's arguments into its fact (BadValue: exit 2,
    unknown names: exit 1); `resolve` adds what the catalogue and the state say."""
    if kind not in SPECS:
        raise BadValue("step.unknown_kind", None, kind=str(kind)[:40], expected=list(WRITE_KINDS))
    spec = SPECS[kind]
    given = _given(kind, raw)
    unknown = [k for k in given if k not in spec]
    if unknown:
        raise BadValue("step.unknown_option", None, kind=kind, option=label(unknown[0])[:40],
                       expected=[label(k) for k in spec])
    args: dict = {}
    who: list[str] = []
    for option, typ in spec.items():
        required = typ.endswith("!")
        typ = typ.rstrip("!")
        value = given.get(option)
        if value is None or (value is False and typ != "tristate") or value == [] or value == ():
            if required:
                raise BadValue("step.missing_option", None, kind=kind, option=label(option))
            continue
        checked = _check(kind, option, typ, value, state)
        if option == "who":
            who = checked
        else:
            args[option] = checked
    fact = {"kind": kind, "args": args}
    if who:
        fact["who"] = who
    if resolve:
        _resolve(kind, fact, state)
    return fact


def _resolve(kind: str, fact: dict, state: CampaignState) -> None:
    """Record what the catalogue and the state said at the time, so a replay never depends on
    them (catalogue dice, the wound a treatment is for)."""
    args = fact["args"]
    if kind == "damage":
        _resolve_cause(args)
    elif kind == "heal" and args.get("cause"):
        spell = catalogue.find_spell(args["cause"])  # a healing spell, named in either language
        if spell is not None:
            args["cause"] = spell.name_fr
            if spell.name_en:
                args["cause_en"] = spell.name_en
    elif kind == "cast":
        typed = args["spell"]
        spell = None if args.get("custom") else catalogue.find_spell_strict(typed)
        if spell is not None:
            args["spell"] = spell.as_fact(typed, args["slot"])
        else:
            args["spell"] = {"name": typed, "typed": typed, "fr": None, "en": None,
                             "level": None, "ritual": None, "dice": None}
    elif kind == "treat":
        _resolve_wound(fact, state)
    elif kind == "fatigue" and args.get("source") == "ordinary":
        del args["source"]  # the default, recorded as v1 recorded it


def _resolve_cause(args: dict) -> None:
    cause = catalogue.resolve_cause(args["cause"], args.get("slot"))
    if cause is not None:
        args["cause"] = cause.canonical
        if cause.ref.get("en"):
            args["cause_en"] = cause.ref["en"]
        args["cause_kind"] = cause.kind
        if "dice" not in args and cause.dice:
            args["dice"] = cause.dice
            args["dice_source"] = "catalogue"
        return
    if args.get("slot") is not None:
        raise BadValue("catalogue.slot_not_spell", None, cause=args["cause"])
    if "dice" not in args:
        near = catalogue.near_miss_cause(args["cause"])
        if near:
            raise RuleRefusal("cause.near_miss", None, typed=args["cause"], suggestions=near)


def _resolve_wound(fact: dict, state: CampaignState) -> None:
    """RULING-TREAT-CHOICE: the wound is kept by the command that caused it, so the roll stays
    on the wound it was made for under other rulings or corrections."""
    sheet = state.sheet(fact["who"][0])
    number = fact["args"].get("wound")
    retry = state.rulings.get("wound.treatment") == "retry"
    if number is not None:
        if 1 <= number <= len(sheet.wounds):
            fact["args"]["wound_from"] = sheet.wounds[number - 1].position
        return
    for wound in sheet.wounds:
        if wound.treatment is None or (retry and wound.treatment == "failure"):
            fact["args"]["wound_from"] = wound.position
            return


def build_raw(fact: dict) -> dict:
    """The arguments a recorded fact was given, as a command would take them (for checking
    a restored fact exactly as the command line would)."""
    args = dict(fact.get("args", {}))
    kind = fact["kind"]
    for key in DERIVED.get(kind, ()):
        args.pop(key, None)
    if kind == "cast" and isinstance(args.get("spell"), dict):
        args["spell"] = args["spell"].get("typed") or args["spell"].get("name")
    if kind == "damage" and fact["args"].get("dice_source") == "catalogue":
        args.pop("dice", None)
    if fact.get("who"):
        who = fact["who"]
        args["who"] = who if SPECS.get(kind, {}).get("who", "").startswith("party") else who[0]
    return args


# -- recorded facts (a JSONL restore) -------------------------------------------------------
FACT_KEYS = {"kind", "args", "who", "rolled"}
SPELL_KEYS = {"name", "typed", "fr", "en", "level", "ritual", "dice"}
ROLLED = {"d20", "wound_roll", "save_d20"}


def validate_recorded(fact: dict, state: CampaignState, legacy: bool = False) -> None:
    """A fact read from an export, checked exactly as the command line would check the
    command that recorded it: known options only, every value within its bounds and in the
    form the edge records it, names on the roster; what the edge derived (catalogue dice,
    the wound a treatment is for, a correction's supplied dice) checked for its shape."""
    kind = fact.get("kind")
    if kind not in SPECS:
        raise BadValue("step.unknown_kind", None, kind=str(kind)[:40], expected=list(WRITE_KINDS))
    extra = set(fact) - FACT_KEYS
    if extra:
        raise BadValue("fact.unknown_key", None, kind=kind, key=sorted(extra)[0][:40])
    args = fact.get("args")
    if not isinstance(args, dict):
        raise BadValue("step.args_not_mapping", None, kind=kind)
    derived = set(DERIVED.get(kind, ())) | ({"spell"} if kind == "cast" else set())
    if kind == "void" and legacy:
        derived |= {"position"}
    spec = SPECS[kind]
    unknown = [k for k in args if k not in spec and k not in derived]
    if unknown:
        raise BadValue("step.unknown_option", None, kind=kind, option=label(unknown[0])[:40],
                       expected=[label(k) for k in spec])
    raw = build_raw(fact)
    rebuilt = build_fact(kind, raw, state, resolve=False)
    typed = {k: v for k, v in args.items() if k in spec and k != "spell" and (k in raw or k == "who")}
    again = {k: v for k, v in rebuilt["args"].items() if k in spec and k != "spell"}
    if kind == "fatigue" and again.get("source") == "ordinary" and "source" not in typed:
        again.pop("source")
    if typed != again or list(fact.get("who", [])) != list(rebuilt.get("who", [])):
        changed = sorted(k for k in set(typed) | set(again) if typed.get(k) != again.get(k))
        raise BadValue("fact.not_normal", None, kind=kind,
                       option=label(changed[0]) if changed else "who")
    _check_derived(kind, args)
    rolled = fact.get("rolled", [])
    if not isinstance(rolled, list) or not set(rolled) <= ROLLED:
        raise BadValue("fact.bad_derived", None, kind=kind, key="rolled")


def _check_derived(kind: str, args: dict) -> None:
    def bad(key: str):
        return BadValue("fact.bad_derived", None, kind=kind, key=key)
    if kind in ("damage", "heal"):
        if "cause_en" in args:
            clean(args["cause_en"], "cause_en", "text")
        if args.get("cause_kind", "weapon") not in ("weapon", "spell", "creature"):
            raise bad("cause_kind")
        if args.get("dice_source", "catalogue") != "catalogue" or (
                "dice_source" in args and "dice" not in args):
            raise bad("dice_source")
        if "dice" in args and parse_dice(args["dice"]).text() != args["dice"]:
            raise bad("dice")
    if kind == "treat" and "wound_from" in args:
        check_int(kind, "wound_from", args["wound_from"], "number")
    if kind == "cast":
        spell = args.get("spell")
        if not isinstance(spell, dict) or not set(spell) <= SPELL_KEYS or "name" not in spell:
            raise bad("spell")
        clean(spell["name"], "spell", "text")
        for key in ("typed", "fr", "en"):
            if spell.get(key) is not None:
                clean(spell[key], "spell", "text")
        if spell.get("level") is not None:
            check_int(kind, "spell", spell["level"], "slot")
        if spell.get("ritual") not in (None, True, False):
            raise bad("spell")
        if spell.get("dice") is not None:
            parse_dice(spell["dice"])
    if kind == "void":
        supply = args.get("supply", {})
        if not isinstance(supply, dict):
            raise bad("supply")
        for target, values in supply.items():
            if not str(target).isdigit() or not isinstance(values, dict):
                raise bad("supply")
            for field, value in values.items():
                if field not in ROLLED:
                    raise bad("supply")
                check_int(kind, field, value, "face" if field == "wound_roll" else "d20")
        loss = args.get("accepted_loss", [])
        if not isinstance(loss, list):
            raise bad("accepted_loss")
        for number in loss:
            check_int(kind, "accepted_loss", number, "number")
