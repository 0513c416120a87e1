"""The fast script loader gives exactly what yaml.load gives (PyYAML's safe loader)."""

from pathlib import Path

import pytest
import yaml

from ledger.yaml_fast import load_document

SAMPLES = sorted((Path(__file__).parents[2] / "sample_campaigns").glob("*.yaml"))

EDGE_CASES = [
    "",
    "a: 1\nb: [1, 2.5, true, null, ~, 'x', \"y\"]\n",
    "base: &b {who: Arin, amount: 3}\nsteps: [*b, *b]\n",
    "merged:\n  <<: {a: 1}\n  b: 2\n",
    "tagged: !!str 12\n",
    "when: 2026-03-14\nkey: value\nkey: again\n",
    "- {damage: {who: Arin, amount: 5, cause: dague}}\n- rest long: {who: [Arin]}\n",
]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_load_as_yaml_load_does(path):
    text = path.read_text(encoding="utf-8")
    assert load_document(text) == yaml.safe_load(text)


@pytest.mark.parametrize("text", EDGE_CASES)
def test_edge_cases_load_as_yaml_load_does(text):
    assert load_document(text) == yaml.safe_load(text)


def test_syntax_errors_come_from_the_same_parser():
    with pytest.raises(yaml.YAMLError) as raised:
        load_document("a: [1, 2\nb: 3\n")
    with pytest.raises(yaml.YAMLError) as expected:
        yaml.safe_load("a: [1, 2\nb: 3\n")
    got, want = raised.value.problem_mark, expected.value.problem_mark
    assert (got.line, got.column) == (want.line, want.column)


def test_complex_keys_fall_back_and_are_refused_as_yaml_load_refuses_them():
    text = "? [complex, key]\n: value\n"
    with pytest.raises(yaml.constructor.ConstructorError, match="unhashable key"):
        load_document(text)
    with pytest.raises(yaml.constructor.ConstructorError, match="unhashable key"):
        yaml.safe_load(text)
