"""Campaign scripts (YAML, see CONTRACT.md) read into the steps `record_many` folds."""

from .commands import SPECS
from .rules.errors import BadValue

import yaml

from .yaml_fast import load_document

TOP_KEYS = ("campaign", "seed", "rulings", "characters", "sessions")
CHARACTER_KEYS = ("name", "con", "hp_max", "level", "medicine", "crit_min", "relentless",
                  "warlock")
POSITIONAL = {"who", "amount", "spell", "delta", "position"}


def load_yaml(text: str, source: str) -> dict:
    try:
        data = load_document(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise BadValue(f"{source}{where}: malformed YAML ({problem})") from None
    if not isinstance(data, dict):
        raise BadValue(f"{source}: a campaign script is a mapping with campaign, characters "
                       "and sessions")
    return data


def script_steps(data: dict, source: str) -> list[tuple[str, str, dict]]:
    """(where, kind, arguments) for every step, in order, sessions as start/end pairs."""
    unknown = [k for k in data if k not in TOP_KEYS]
    if unknown:
        raise BadValue(f"{source}: unknown key '{unknown[0]}': expected {', '.join(TOP_KEYS)}")
    steps: list[tuple[str, str, dict]] = []
    if data.get("campaign") is not None:
        init = {"name": data["campaign"], "seed": data.get("seed"),
                "rulings": data.get("rulings") or {}}
        steps.append((f"{source}: campaign", "init", init))
    elif data.get("seed") is not None or data.get("rulings"):
        raise BadValue(f"{source}: seed and rulings belong to a new campaign: give 'campaign:' "
                       "too, or leave them out when importing into an existing one")
    for number, character in enumerate(_list(data, "characters", source), 1):
        where = f"{source}: character {number}"
        if not isinstance(character, dict):
            raise BadValue(f"{where}: expected a mapping such as {{name: Arin, con: 14, hp_max: 45}}")
        steps.append((where, "character add", character))
    for s_number, session in enumerate(_list(data, "sessions", source), 1):
        where = f"{source}: session {s_number}"
        if not isinstance(session, dict):
            raise BadValue(f"{where}: expected a mapping with title and steps")
        extra = [k for k in session if k not in ("title", "steps")]
        if extra:
            raise BadValue(f"{where}: unknown key '{extra[0]}': expected title, steps")
        steps.append((where, "session start", {"title": session.get("title")}))
        for st_number, step in enumerate(session.get("steps") or [], 1):
            at = f"{where}, step {st_number}"
            steps.append((at,) + _step(step, at))
        steps.append((where, "session end", {}))
    return steps


def _list(data: dict, key: str, source: str) -> list:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise BadValue(f"{source}: '{key}' must be a list")
    return value


def _step(step, where: str) -> tuple[str, dict]:
    if not isinstance(step, dict) or len(step) != 1:
        raise BadValue(f"{where}: a step is a one-key mapping such as "
                       "{damage: {who: Arin, amount: 5, cause: dague}}")
    (kind, args), = step.items()
    kind = str(kind).strip()
    if kind not in SPECS or kind == "init":
        raise BadValue(f"{where}: unknown step '{kind}': expected one of "
                       f"{', '.join(k for k in SPECS if k != 'init')}")
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise BadValue(f"{where}: the arguments of '{kind}' must be a mapping")
    return kind, args
