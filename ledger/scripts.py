"""Campaign scripts (YAML, see CONTRACT.md) read into the steps `record_many` folds, and
the bounded reading of any file `import` is given."""

import os

from .bounds import SCRIPT_MAX_BYTES
from .commands import SPECS
from .rules.errors import BadValue

TOP_KEYS = ("campaign", "seed", "rulings", "characters", "sessions")


def read_script(path: str) -> str:
    """The text of a script or export: a readable regular file, UTF-8, within the documented
    size (`import /dev/zero` is refused, not read for ever)."""
    try:
        with open(path, "rb") as handle:
            if not os.path.isfile(path) and not _is_fifo(handle):
                raise BadValue("import.not_a_file", None, path=path)
            data = handle.read(SCRIPT_MAX_BYTES + 1)
    except OSError as error:
        raise BadValue("import.unreadable", None, path=path,
                       reason=error.strerror or type(error).__name__) from None
    if len(data) > SCRIPT_MAX_BYTES:
        raise BadValue("import.too_large", None, path=path, most_mb=SCRIPT_MAX_BYTES // 2**20)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadValue("import.not_utf8", None, path=path, offset=error.start) from None


def _is_fifo(handle) -> bool:
    import stat

    return stat.S_ISFIFO(os.fstat(handle.fileno()).st_mode)


def load_yaml(text: str, source: str) -> dict:
    import yaml

    from .yaml_fast import load_document

    try:
        data = load_document(text)
    except BadValue as error:
        params = dict(error.params)
        where = {"file": source, "line": params.pop("line", None)}
        raise BadValue(error.code, None, where=where, **params) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise BadValue("yaml.malformed", None, where={"file": source,
                                                      "line": mark.line + 1 if mark else None},
                       problem=str(problem)[:120]) from None
    if not isinstance(data, dict):
        raise BadValue("script.not_mapping", None, where={"file": source})
    return data


def script_steps(data: dict, source: str) -> list[tuple[dict, str, dict]]:
    """(where, kind, arguments) for every step, in order, sessions as start/end pairs."""
    unknown = [k for k in data if k not in TOP_KEYS]
    if unknown:
        raise BadValue("script.unknown_key", None, where={"file": source}, key=str(unknown[0])[:40],
                       expected=list(TOP_KEYS))
    steps: list[tuple[dict, str, dict]] = []
    if data.get("campaign") is not None:
        init = {"name": data["campaign"], "seed": data.get("seed"),
                "rulings": data.get("rulings") or {}}
        steps.append(({"file": source, "campaign": True}, "init", init))
    elif data.get("seed") is not None or data.get("rulings"):
        raise BadValue("script.seed_without_campaign", None, where={"file": source})
    for number, character in enumerate(_list(data, "characters", source), 1):
        where = {"file": source, "character": number}
        if not isinstance(character, dict):
            raise BadValue("script.character_not_mapping", None, where=where)
        steps.append((where, "character add", character))
    for s_number, session in enumerate(_list(data, "sessions", source), 1):
        where = {"file": source, "session": s_number}
        if not isinstance(session, dict):
            raise BadValue("script.session_not_mapping", None, where=where)
        extra = [k for k in session if k not in ("title", "steps")]
        if extra:
            raise BadValue("script.session_unknown_key", None, where=where,
                           key=str(extra[0])[:40])
        steps.append((where, "session start", {"title": session.get("title")}))
        session_steps = session.get("steps") or []
        if not isinstance(session_steps, list):
            raise BadValue("script.steps_not_list", None, where=where)
        for st_number, step in enumerate(session_steps, 1):
            at = {"file": source, "session": s_number, "step": st_number}
            steps.append((at,) + _step(step, at))
        steps.append((where, "session end", {}))
    return steps


def _list(data: dict, key: str, source: str) -> list:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise BadValue("script.not_list", None, where={"file": source}, key=key)
    return value


def _step(step, where: dict) -> tuple[str, dict]:
    if not isinstance(step, dict) or len(step) != 1:
        raise BadValue("script.step_shape", None, where=where)
    (kind, args), = step.items()
    kind = str(kind).strip()
    if kind not in SPECS or kind == "init":
        raise BadValue("script.unknown_step", None, where=where, kind=kind[:40],
                       expected=[k for k in SPECS if k != "init"])
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise BadValue("script.args_not_mapping", None, where=where, kind=kind)
    return kind, args
