"""Loading a campaign script straight from the YAML parser's events, strictly.

`yaml.load` first composes a node tree of the whole document (two Mark objects per scalar):
on a 100k-step script (6.6 MB) that is 12-17 s and ~500 MB, against ~2 s and ~75 MB here.
A campaign script needs plain YAML only, so the loader refuses (BadValue, with the line) what
could hide a mistake or exhaust memory: duplicate keys (a second `sessions:` would silently
drop the first), aliases that expand beyond a small limit (an alias bomb), nesting deeper
than a script needs, integers too long to be a number of the game, explicit tags, merge keys,
complex keys and several documents.
"""

import yaml
from yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent, ScalarEvent,
                         SequenceEndEvent, SequenceStartEvent)
from yaml.nodes import ScalarNode

from .bounds import MAX_INT_TEXT, YAML_MAX_DEPTH
from .rules.errors import BadValue

try:
    from yaml import CSafeLoader as SafeLoader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader

STR = "tag:yaml.org,2002:str"
INT = "tag:yaml.org,2002:int"
PLAIN_TAGS = (None, "!")
ALIAS_EXPANSION = 10_000  # values that aliases may repeat in one script, in all

_NO_KEY = object()


def _refuse(code: str, event, **params) -> BadValue:
    mark = getattr(event, "start_mark", None)
    return BadValue(code, None, line=mark.line + 1 if mark else None, **params)


def load_document(text: str):
    """The script as Python data (dicts, lists, str, int, float, bool, None)."""
    loader = SafeLoader(text)
    try:
        return _from_events(loader)
    finally:
        loader.dispose()


def _from_events(loader):
    constructors = loader.yaml_constructors
    strings: dict[str, str] = {}  # one object per distinct short string (names, keys)
    stack: list[list] = []  # [container, pending key, size, keys seen]
    anchors: dict = {}  # anchor -> (value, size)
    expanded = 0
    root = None

    def add(value, size: int, event) -> None:
        nonlocal root
        if not stack:
            root = value
            return
        top = stack[-1]
        top[2] += size
        container = top[0]
        if type(container) is list:
            container.append(value)
        elif top[1] is _NO_KEY:
            if isinstance(value, (dict, list)):
                raise _refuse("yaml.complex_key", event)
            if value in top[3]:
                raise _refuse("yaml.duplicate_key", event, key=str(value)[:40])
            top[3].add(value)
            top[1] = value
        else:
            container[top[1]] = value
            top[1] = _NO_KEY

    loader.get_event()  # StreamStart
    if loader.check_event(yaml.StreamEndEvent):
        return None
    loader.get_event()  # DocumentStart
    while True:
        event = loader.get_event()
        kind = type(event)
        if kind is ScalarEvent:
            if event.tag not in PLAIN_TAGS:
                raise _refuse("yaml.tag", event, tag=str(event.tag)[:40])
            tag = loader.resolve(ScalarNode, event.value, event.implicit)
            if tag == STR:
                value = event.value
                if len(value) < 40:
                    value = strings.setdefault(value, value)
            elif tag == "tag:yaml.org,2002:merge":
                raise _refuse("yaml.merge_key", event)
            else:
                if tag == INT and len(event.value) > MAX_INT_TEXT:
                    raise _refuse("yaml.int_too_long", event, digits=len(event.value))
                try:
                    value = constructors[tag](loader, ScalarNode(tag, event.value))
                except (ValueError, OverflowError):
                    raise _refuse("yaml.bad_scalar", event, value=event.value[:40]) from None
            if event.anchor:
                anchors[event.anchor] = (value, 1)
            add(value, 1, event)
        elif kind is MappingStartEvent or kind is SequenceStartEvent:
            if event.tag not in PLAIN_TAGS:
                raise _refuse("yaml.tag", event, tag=str(event.tag)[:40])
            if len(stack) >= YAML_MAX_DEPTH:
                raise _refuse("yaml.too_deep", event, most=YAML_MAX_DEPTH)
            value = {} if kind is MappingStartEvent else []
            stack.append([value, _NO_KEY if kind is MappingStartEvent else None, 1, set(),
                          event.anchor, event])
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            value, _key, size, _keys, anchor, start = stack.pop()
            if anchor:
                anchors[anchor] = (value, size)
            add(value, size, start)
        elif kind is AliasEvent:
            if event.anchor not in anchors:
                raise _refuse("yaml.unknown_alias", event, alias=str(event.anchor)[:40])
            value, size = anchors[event.anchor]
            expanded += size
            if expanded > ALIAS_EXPANSION:
                raise _refuse("yaml.alias_bomb", event, most=ALIAS_EXPANSION)
            add(value, size, event)
        else:  # DocumentEnd
            break
    if not loader.check_event(yaml.StreamEndEvent):
        raise _refuse("yaml.several_documents", loader.peek_event())
    return root
