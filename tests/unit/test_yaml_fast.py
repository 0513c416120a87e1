"""The fast script loader gives exactly what yaml.load gives (PyYAML's safe loader) for the
plain YAML a campaign script needs, and refuses the rest (BadValue with a code and the line)
instead of falling back to yaml.load."""

from pathlib import Path

import pytest
import yaml

from ledger import yaml_fast
from ledger.bounds import MAX_INT_TEXT, YAML_MAX_DEPTH
from ledger.rules.errors import BadValue
from ledger.yaml_fast import load_document

from .support import problem

SAMPLES = sorted((Path(__file__).parents[2] / "sample_campaigns").glob("*.yaml"))

PLAIN = [
    "",
    "a: 1\nb: [1, 2.5, true, null, ~, 'x', \"y\"]\n",
    "base: &b {who: Arin, amount: 3}\nsteps: [*b, *b]\n",
    "when: 2026-03-14\nkey: value\n",
    "- {damage: {who: Arin, amount: 5, cause: dague}}\n- rest long: {who: [Arin]}\n",
    "n: -1234567890123456789\nf: 1.5e3\ng: -2.5\n",
    "nested: " + "[" * (YAML_MAX_DEPTH - 1) + "]" * (YAML_MAX_DEPTH - 1) + "\n",
]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_load_as_yaml_load_does(path):
    text = path.read_text(encoding="utf-8")
    assert load_document(text) == yaml.safe_load(text)


@pytest.mark.parametrize("text", PLAIN)
def test_plain_yaml_loads_as_yaml_load_does(text):
    assert load_document(text) == yaml.safe_load(text)


@pytest.mark.parametrize("text, code, params", [
    ("merged:\n  <<: {a: 1}\n  b: 2\n", "yaml.merge_key", {"line": 2}),
    ("tagged: !!str 12\n", "yaml.tag", {"line": 1, "tag": "tag:yaml.org,2002:str"}),
    ("m: !!map {a: 1}\n", "yaml.tag", {"line": 1, "tag": "tag:yaml.org,2002:map"}),
    ("l: !!python/tuple [1]\n", "yaml.tag",
     {"line": 1, "tag": "tag:yaml.org,2002:python/tuple"}),
    ("when: 2026-03-14\nkey: value\nkey: again\n", "yaml.duplicate_key",
     {"line": 3, "key": "key"}),
    ("? [complex, key]\n: value\n", "yaml.complex_key", {"line": 1}),
    ("a: 1\n---\nb: 2\n", "yaml.several_documents", {"line": 2}),
    ("n: " + "1" * (MAX_INT_TEXT + 1) + "\n", "yaml.int_too_long",
     {"line": 1, "digits": MAX_INT_TEXT + 1}),
    ("a: " + "[" * (YAML_MAX_DEPTH + 1) + "]" * (YAML_MAX_DEPTH + 1) + "\n", "yaml.too_deep",
     {"line": 1, "most": YAML_MAX_DEPTH}),
    ("x: *nope\n", "yaml.unknown_alias", {"line": 1, "alias": "nope"}),
])
def test_what_a_script_does_not_need_is_refused_with_its_line(text, code, params):
    with pytest.raises(BadValue) as error:
        load_document(text)
    assert problem(error.value) == (code, None, params)
    assert error.value.exit_code == 2


def test_duplicate_keys_are_refused_where_yaml_load_would_silently_keep_the_last():
    text = "sessions: [1]\nsessions: [2]\n"
    assert yaml.safe_load(text) == {"sessions": [2]}
    with pytest.raises(BadValue) as error:
        load_document(text)
    assert problem(error.value) == ("yaml.duplicate_key", None, {"line": 2, "key": "sessions"})


def test_an_alias_bomb_is_refused_before_it_expands():
    ten = ", ".join(["*a"] * 10)
    text = ("a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
            + "".join(f"{k}: &{k} [{ten.replace('*a', '*' + p)}]\n"
                      for p, k in [("a", "b"), ("b", "c"), ("c", "d"), ("d", "e")]))
    with pytest.raises(BadValue) as error:
        load_document(text)
    assert error.value.code == "yaml.alias_bomb"
    assert error.value.params["most"] == yaml_fast.ALIAS_EXPANSION


def test_syntax_errors_come_from_the_same_parser():
    with pytest.raises(yaml.YAMLError) as raised:
        load_document("a: [1, 2\nb: 3\n")
    with pytest.raises(yaml.YAMLError) as expected:
        yaml.safe_load("a: [1, 2\nb: 3\n")
    got, want = raised.value.problem_mark, expected.value.problem_mark
    assert (got.line, got.column) == (want.line, want.column)
