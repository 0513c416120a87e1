"""Property-based fuzzing of every door (issue 9), with a small example budget.

Random command lines built from the real command names and options, with random values
(huge numbers, negative numbers, control characters, unicode, empty strings, missing
values), and random campaign scripts: every run ends with exit 0, 1 or 2 — never 3 —,
never shows a traceback or a raw terminal escape, prints exactly one line on stderr when it
fails, and a failed run leaves the store exactly as it was (its stored events, hence its
log and its checkpoint).

Hypothesis runs derandomized (the same examples every time) and without a database, so the
suite stays repeatable and writes nothing into the working tree.
"""

import json

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger.commands import SPECS
from tests.conftest import Pangee
from tests.support_trust import BASE, fingerprint, ok

COMMANDS = [
    ["init"], ["character", "add"], ["character", "update"], ["character", "list"],
    ["session", "start"], ["session", "end"], ["attack"], ["check"], ["save"], ["damage"],
    ["heal"], ["death-save"], ["stabilize"], ["treat"], ["tend"], ["rest", "short"],
    ["rest", "night"], ["rest", "long"], ["rest", "wilderness"], ["cast"], ["fatigue"],
    ["improve"], ["void"], ["note"], ["status"], ["log"], ["explain"], ["what-if"],
    ["checkpoint"], ["replay"], ["catalogue", "spells"], ["catalogue", "weapons"],
]
OPTIONS = [
    "--ac", "--dc", "--d20", "--bonus", "--crit-min", "--target", "--skill", "--ability",
    "--cause", "--dice", "--slot", "--wound-roll", "--wound-dice", "--by", "--wound",
    "--save-d20", "--save-bonus", "--pay-hp", "--ritual", "--pact", "--arcanum", "--custom",
    "--source", "--con", "--hp-max", "--level", "--medicine", "--no-medicine", "--relentless",
    "--warlock", "--reason", "--force", "--dry-run", "--last", "--as-of", "--session",
    "--json", "--critical", "--endure", "--foraging", "--safe", "--calm", "--watch",
    "--beyond-cap", "--as-recorded", "--brief", "--seed", "--ruling", "--verify",
    "--checkpoint", "--",
]
WORDS = ["Arin", "Brune", "Carl", "Dora", "Eric", "arin", "BRUNE", "Éowyn", "E\u0301owyn",
         "Ar\u200bin", "épée à deux mains", "boule de feu", "dague", "2d6", "1d8+2d6",
         "wound.halving=up", "wound.halving=sideways", "magic", "ordinary", "+1", "-1", "0",
         "20", "21", "-6", "+7", "1e20", "0x10", "nan", "", " ", "-", "--", "=", "\udcff",
         "dague\x00", "a\nb", "\x1b[31mrouge", "\r", "\u202eevil", "9" * 30, "-" + "9" * 30]

numbers = st.one_of(st.integers(-50, 120), st.integers(-10**40, 10**40),
                    st.sampled_from([0, 1, 2**63, 2**63 - 1, -2**63, 10**12, 10**12 + 1]))
texts = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
values = st.one_of(numbers.map(str), st.sampled_from(WORDS), texts)
tokens = st.one_of(st.sampled_from(OPTIONS), values, st.sampled_from(WORDS[:5]))
# anything at all after a real command name
loose_lines = st.builds(lambda head, rest: head + rest, st.sampled_from(COMMANDS),
                        st.lists(tokens, max_size=8))

# command lines shaped like the real ones: each write command's positional arguments and
# options (ledger/commands.py SPECS), values near and far from their bounds, hostile text,
# now and then a value left out or an option given twice
NAMES = ["Arin", "Brune", "Carl", "Dora", "Eric"]
POSITIONAL = ("name", "who", "amount", "spell", "delta", "number", "title", "text")


def value_for(typ: str):
    from ledger.bounds import INT_RANGES

    hostile = st.one_of(st.sampled_from(WORDS), texts, numbers.map(str))
    if typ in INT_RANGES:
        low, high = INT_RANGES[typ]
        good = st.integers(low - 2, min(high + 2, low + 40)).map(str)
        if typ == "delta":
            good = st.sampled_from(["+1", "-1", "+2", "6", "-6", "+7", "0"])
    elif typ in ("who", "name", "party"):
        good = st.sampled_from(NAMES + ["arin", "ÉRIC", "Zed"])
    elif typ == "dice":
        good = st.sampled_from(["2d6", "1d8+2d6", "1d100", "d6", "2d", "0d6", "1000d1000"])
    elif typ == "source":
        good = st.sampled_from(["ordinary", "magic", "wound"])
    elif typ == "rulings":
        good = st.sampled_from(["wound.halving=up", "wound.halving=down", "x=y", "=", "a"])
    else:
        good = st.sampled_from(["dague", "épée à deux mains", "boule de feu", "chant",
                                "trait de feu", "Éowyn", "perception"])
    return st.one_of(good, good, hostile)


@st.composite
def shaped_lines(draw):
    kind = draw(st.sampled_from(sorted(SPECS)))
    spec = SPECS[kind]
    argv = kind.split()
    for key in POSITIONAL:
        if key in spec and not draw(st.integers(0, 15)) == 0:  # now and then left out
            typ = spec[key].rstrip("!")
            count = draw(st.integers(1, 3)) if typ == "party" else 1
            argv += [draw(value_for(typ)) for _ in range(count)]
    flags = [k for k in spec if k not in POSITIONAL]
    for key in draw(st.lists(st.sampled_from(flags), max_size=5)) if flags else []:
        typ = spec[key].rstrip("!")
        flag = "--ruling" if key == "rulings" else "--" + key.replace("_", "-")
        if typ == "bool":
            argv.append(flag)
        elif typ == "tristate":
            argv.append(draw(st.sampled_from(["--medicine", "--no-medicine"])))
        else:
            argv += [flag, draw(value_for(typ))]
    if draw(st.integers(0, 10)) == 0:
        argv.append(draw(st.sampled_from(OPTIONS)))  # an option with its value missing
    if draw(st.integers(0, 6)) == 0:
        argv.append("--json")
    return argv


read_lines = st.one_of(
    st.builds(lambda who, extra: ["status", *who, *extra],
              st.lists(value_for("who"), max_size=2),
              st.sampled_from([[], ["--json"], ["--as-recorded"], ["--as-of", "3"]])
              | st.builds(lambda n: ["--as-of", n], value_for("number"))
              | st.builds(lambda n: ["--session", n], value_for("number"))),
    st.builds(lambda who, extra: ["log", *who, *extra], st.lists(value_for("who"), max_size=2),
              st.sampled_from([[], ["--json"], ["--brief"], ["--session", "1"]])),
    st.builds(lambda who, n: ["explain", who, "--as-of", n], value_for("who"),
              value_for("number")),
    st.builds(lambda r, who: ["what-if", r, *who], value_for("rulings"),
              st.lists(value_for("who"), max_size=1)),
    st.builds(lambda t: ["replay", "--verify", "--checkpoint", t],
              st.one_of(texts, st.sampled_from(["3-abcdef12", "0-00", "99999999999-ab" * 3]))),
    st.just(["checkpoint"]),
)
command_lines = st.one_of(shaped_lines(), shaped_lines(), read_lines, loose_lines)

FUZZ_SETTINGS = dict(deadline=None, database=None, derandomize=True,
                     suppress_health_check=[HealthCheck.function_scoped_fixture,
                                            HealthCheck.too_slow,
                                            HealthCheck.data_too_large])
BUDGET = {"sqlite": {"lines": 250, "scripts": 80}, "postgres": {"lines": 60, "scripts": 25}}


def prepared(store_url) -> Pangee:
    pangee = Pangee(store_url)
    for args in BASE:
        ok(pangee(*args))
    return pangee


def check_run(pangee, argv, before) -> None:
    result = pangee(*argv)
    shown = f"argv={argv!r}\n{result.output}"
    assert result.exit_code in (0, 1, 2), shown
    assert "Traceback" not in result.output, shown
    assert "\x1b" not in result.stdout + result.stderr, shown
    if result.exit_code:
        assert len(result.stderr.splitlines()) == 1, shown
        assert result.stderr.startswith("pangee: error: "), shown
        assert fingerprint(pangee.db) == before, shown


def backend(store_url: str) -> str:
    return "postgres" if store_url.startswith("postgresql://") else "sqlite"


def test_random_command_lines(store_url):
    pangee = prepared(store_url)

    @settings(max_examples=BUDGET[backend(store_url)]["lines"], **FUZZ_SETTINGS)
    @given(command_lines)
    def run(argv):
        check_run(pangee, argv, fingerprint(pangee.db))
    run()
    ok(pangee("replay", "--verify"))


# -- campaign scripts --------------------------------------------------------------------------
scalars = st.one_of(numbers, st.sampled_from(WORDS), texts, st.booleans(), st.none(),
                    st.floats(allow_nan=True), st.lists(st.sampled_from(WORDS[:5]), max_size=3))
option_names = st.sampled_from(sorted({o for spec in SPECS.values() for o in spec}
                                      | {"position", "who", "spell", "amount", "junk", ""}))
step_args = st.dictionaries(option_names, scalars, max_size=5)
steps = st.one_of(
    st.builds(lambda kind, args: {kind: args}, st.sampled_from(sorted(SPECS) + ["bogus", ""]),
              st.one_of(step_args, scalars)),
    scalars,
    st.dictionaries(st.sampled_from(sorted(SPECS)), step_args, min_size=2, max_size=2),
)
sessions = st.lists(st.one_of(
    st.fixed_dictionaries({"title": st.one_of(texts, numbers)},
                          optional={"steps": st.one_of(st.lists(steps, max_size=4), scalars),
                                    "junk": scalars}),
    scalars), max_size=3)
characters = st.lists(st.one_of(
    st.fixed_dictionaries({"name": st.one_of(st.sampled_from(WORDS), texts)},
                          optional={"con": numbers, "hp_max": numbers, "level": numbers,
                                    "medicine": st.one_of(st.booleans(), scalars)}),
    scalars), max_size=2)
scripts = st.fixed_dictionaries({}, optional={
    "campaign": st.one_of(texts, scalars), "seed": numbers,
    "rulings": st.one_of(st.dictionaries(texts, scalars, max_size=2), scalars),
    "characters": characters, "sessions": sessions, "junk": scalars})


def dumped(script) -> str:
    return yaml.safe_dump(script, allow_unicode=True, sort_keys=False)


raw_yaml = st.one_of(
    scripts.map(dumped),
    st.text(max_size=80),
    st.sampled_from([
        "sessions: [",
        "sessions:\n  - title: a\n    steps:\n      - attack: {who: Arin, ac: !!int 3}\n",
        "&a [*a]", "campaign: x\ncampaign: y\n", "? [a]\n: b\n", "--- 1\n--- 2\n",
        "sessions:\n  - <<: {title: x}\n", "steps: 99999999999999999999999999999\n",
    ]),
)


def test_random_campaign_scripts(store_url, tmp_path):
    pangee = prepared(store_url)
    counter = iter(range(10**6))

    @settings(max_examples=BUDGET[backend(store_url)]["scripts"], **FUZZ_SETTINGS)
    @given(raw_yaml)
    def run(text):
        path = tmp_path / f"script{next(counter)}.yaml"
        path.write_text(text, encoding="utf-8")
        check_run(pangee, ["import", str(path)], fingerprint(pangee.db))
    run()
    ok(pangee("replay", "--verify"))


def test_random_jsonl_lines(tmp_path):
    """Random objects in the shape of an export's lines, imported into empty stores."""
    source = prepared(str(tmp_path / "source.db"))
    lines = [json.loads(line) for line in
             ok(source("export", "--format", "jsonl")).stdout.splitlines()]
    counter = iter(range(10**6))

    def mutate(data):
        index, key, value = data
        line = json.loads(json.dumps(lines[index % len(lines)]))
        if key.startswith("facts."):
            line["facts"]["args"][key[6:]] = value
        elif key.startswith("meta."):
            line["meta"][key[5:]] = value
        else:
            line[key] = value
        return index % len(lines), line

    keys = st.sampled_from(["position", "timestamp", "facts", "outcome", "meta", "stream",
                            "version", "topic", "facts.d20", "facts.name", "facts.ac",
                            "meta.number", "meta.i", "meta.n", "meta.cmd", "meta.digest",
                            "meta.chain", "meta.shape"])

    @settings(max_examples=60, **FUZZ_SETTINGS)
    @given(st.tuples(st.integers(0, 10**6), keys, scalars).map(mutate))
    def run(change):
        index, line = change
        edited = lines[:index] + [line] + lines[index + 1:]
        path = tmp_path / f"copie{next(counter)}.jsonl"
        path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in edited),
                        encoding="utf-8")
        target = tmp_path / f"copie{next(counter)}.db"
        result = Pangee(str(target))("import", str(path))
        shown = f"line {index + 1} = {line!r}\n{result.output}"
        assert result.exit_code in (0, 1, 2), shown
        assert "Traceback" not in result.output, shown
        if result.exit_code:
            assert len(result.stderr.splitlines()) == 1, shown
            assert not target.exists(), shown
    run()


@pytest.mark.parametrize("argv", [["\udcff"], ["attack", "Ar\udcffin", "--ac", "10"],
                                  ["--lang", "\udcff", "status"]])
def test_undecodable_arguments(pangee, argv):
    """Bytes that are not UTF-8 on the command line arrive as surrogates."""
    prepared(pangee.db)
    before = fingerprint(pangee.db)
    check_run(pangee, argv, before)
