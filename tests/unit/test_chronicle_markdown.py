"""The chronicle as Markdown (projections.chronicle.render_markdown): exact lines for a small
campaign — sections per session, a voided entry struck through with its void's number, a note,
the party at the end of a session, the rules cited — and user text made inert (`*_[]<>|#~`,
raw HTML, a leading list marker)."""

import pytest

import i18n
from projections.chronicle import render_markdown
from projections.chronicle.markdown import md_text


@pytest.fixture(autouse=True)
def english():
    saved = (i18n._current.lang, i18n._current.translation)
    i18n.use("en")
    yield
    i18n._current.lang, i18n._current.translation = saved


def card(name, hp, wounds=(), fatigue=(0, 0, 0), con=(14, 0, 0)):
    return {
    "name": name, "hp": {"current": hp, "max": 52, "effective_max": 52}, "condition": "conscious",
    "condition_text": "conscious", "death_saves": {"successes": 0, "failures": 0},
    "fatigue": {"total": sum(fatigue), "ordinary": fatigue[0], "wound": fatigue[1], "magic": fatigue[2]},
    "wounds": [{"cause": c, "formula": f, "roll": r, "rests_remaining": left, "rests_total": r, "treated": False}
               for c, f, r, left in wounds],
    "constitution": {"base": con[0], "improvements": con[1], "lost": con[2], "current": con[0] + con[1] - con[2]},
    "wilderness_days": 0}
HOSTILE = "<b>Mire|lle</b>"
DATA = {
    "lang": "en", "campaign": "The *ruins* of [Valmorte]", "exported_at": "2026-11-30T13:17:14+00:00",
    "checkpoint": {"number": 6, "token": "6-17a996f944fed17595bb8acc"},
    "characters": ["Aubin", HOSTILE],
    "party": [card("Aubin", 30, [("fall_pit", "1d6+3", 5, 4)], (0, 1, 0)), card(HOSTILE, 52, con=(14, 2, 1))],
    "sessions": [
        {"number": None, "title": None, "start": None, "end": None, "party_at_end": [], "entries": [
            {"number": 1, "timestamp": "2026-11-02T18:00:00+00:00", "kind": "character add", "characters": ["Aubin"],
             "headline": "Aubin joins the campaign (CON 14, 52 HP)", "lines": [], "rules": [], "notes": [],
             "voided_by": None, "without_effect": None}]},
        {"number": 1, "title": "First_blood", "start": 2, "end": 6, "entries": [
            {"number": 2, "timestamp": "2026-11-02T18:04:00+00:00", "kind": "session start", "characters": [],
             "headline": "Session starts: First_blood", "lines": [], "rules": [], "notes": [],
             "voided_by": None, "without_effect": None},
            {"number": 3, "timestamp": "2026-11-02T18:08:00+00:00", "kind": "damage", "characters": ["Aubin"],
             "headline": "Aubin takes 12 damage (greatsword, 2d6) → conscious",
             "lines": [{"text": "HP 52 → 40", "rules": ["BASE-DYING"]}], "rules": ["BASE-DYING"],
             "notes": [{"number": 4, "text": "*really* <script>alert(1)</script> | [x](javascript:y) ~~no~~ #5"}],
             "voided_by": 5, "without_effect": None},
            {"number": 4, "timestamp": "2026-11-02T18:12:00+00:00", "kind": "note", "characters": ["Aubin"],
             "headline": "GM's note on #3", "lines": [], "rules": [], "notes": [], "voided_by": None, "without_effect": None},
            {"number": 5, "timestamp": "2026-11-02T18:16:00+00:00", "kind": "void", "characters": ["Aubin"],
             "headline": "Correction: #3 voided", "lines": [], "rules": [], "notes": [], "voided_by": None, "without_effect": None},
            {"number": 6, "timestamp": "2026-11-02T18:20:00+00:00", "kind": "damage", "characters": ["Aubin", HOSTILE],
             "headline": "- 1. Aubin falls (fall_pit, 3d6) → stable",
             "lines": [{"text": "Wound: fall 3d6 → 1d6+3 = 5 long rests", "rules": ["WOUND-1", "WOUND-3"]},
                       {"text": "+1 fatigue (wound)", "rules": ["WOUND-2"]}],
             "rules": ["WOUND-1", "WOUND-2", "WOUND-3", "RULING-WOUND-DICE"], "notes": [], "voided_by": None,
             "without_effect": "after #5, nothing to heal"},
        ], "party_at_end": [card("Aubin", 30, [("fall_pit", "1d6+3", 5, 5)], (0, 1, 0)), card(HOSTILE, 52, con=(14, 2, 1))]},
    ],
    "series": {},
    "rules": {"BASE-DYING": "At 0 HP a character is unconscious [and so on].", "WOUND-1": "A character who drops to 0 HP and survives suffers a wound."},
}


EXPECTED = """\
# The \\*ruins\\* of \\[Valmorte\\]

Campaign chronicle · 6 commands · 1 session · exported 2026-11-30 13:17 UTC

Checkpoint `6-17a996f944fed17595bb8acc` — covers the log up to command #6

## The party

| Character | HP | Condition | Fatigue (ordinary / wound / magic) | Wounds (long rests to go) | Constitution |
| --- | --- | --- | --- | --- | --- |
| Aubin | 30 / 52 | conscious | 1 (0 / 1 / 0) | fall\\_pit (4/5) | 14 |
| \\<b\\>Mire\\|lle\\</b\\> | 52 / 52 | conscious | 0 (0 / 0 / 0) | — | 15 |

## Outside sessions

_#1 · 1 entry_

- **#1** Aubin joins the campaign (CON 14, 52 HP)

## Session 1 — First\\_blood

_#2–#6 · 5 entries_

- **#2** Session starts: First\\_blood
- ~~**#3** Aubin takes 12 damage (greatsword, 2d6) → conscious~~
  - ~~HP 52 → 40~~ — BASE-DYING
  - _Voided by #5_
  - Note #4: \\*really\\* \\<script\\>alert(1)\\</script\\> \\| \\[x\\](javascript:y) \\~\\~no\\~\\~ \\#5
- **#4** GM's note on \\#3
- **#5** Correction: \\#3 voided
- **#6** \\- 1. Aubin falls (fall\\_pit, 3d6) → stable — RULING-WOUND-DICE
  - Wound: fall 3d6 → 1d6+3 = 5 long rests — WOUND-1, WOUND-3
  - \\+1 fatigue (wound) — WOUND-2
  - _Without effect: after \\#5, nothing to heal_

### The party at the end of this session

| Character | HP | Condition | Fatigue (ordinary / wound / magic) | Wounds (long rests to go) | Constitution |
| --- | --- | --- | --- | --- | --- |
| Aubin | 30 / 52 | conscious | 1 (0 / 1 / 0) | fall\\_pit (5/5) | 14 |
| \\<b\\>Mire\\|lle\\</b\\> | 52 / 52 | conscious | 0 (0 / 0 / 0) | — | 15 |

## Rules

- **BASE-DYING** — At 0 HP a character is unconscious \\[and so on\\].
- **WOUND-1** — A character who drops to 0 HP and survives suffers a wound.
- **WOUND-2** — The wound immediately gives one fatigue level, which belongs to that wound.
"""


def test_the_whole_document_line_by_line():
    lines = render_markdown(DATA).splitlines()
    expected = EXPECTED.splitlines()
    assert lines[:len(expected)] == expected
    # the rules the data left out come from i18n.tables.rules, in the order of RULES.md
    assert [line.split(" — ")[0] for line in lines[len(expected):]] == ["- **WOUND-3**", "- **RULING-WOUND-DICE**"]
    assert lines[len(expected)].startswith("- **WOUND-3** — Roll the damage die of the weapon or spell")


def test_a_voided_entry_is_struck_through_with_the_voiding_number():
    text = render_markdown(DATA)
    assert "- ~~**#3** Aubin takes 12 damage (greatsword, 2d6) → conscious~~\n  - ~~HP 52 → 40~~ — BASE-DYING\n  - _Voided by #5_\n" in text


def test_the_party_at_the_end_of_each_session():
    text = render_markdown(DATA)
    section = text.split("### The party at the end of this session")[1].split("## Rules")[0]
    assert "| Aubin | 30 / 52 | conscious | 1 (0 / 1 / 0) | fall\\_pit (5/5) | 14 |" in section


@pytest.mark.parametrize("raw, inert", [
    ("*bold* _it_ [a](b) <i>x</i>", r"\*bold\* \_it\_ \[a\](b) \<i\>x\</i\>"),
    ("a|b ~~c~~ #1 `code` !img \\", r"a\|b \~\~c\~\~ \#1 \`code\` \!img \\"),
    ("&amp; &#60; & co", r"\&amp; \&\#60; & co"),
    ("- item", r"\- item"), ("+ item", r"\+ item"), ("1. item", r"1\. item"), ("2) item", r"2\) item"),
    ("two\nlines\tand  spaces", "two lines and spaces"), (None, ""),
])
def test_user_text_is_inert(raw, inert):
    assert md_text(raw) == inert


def test_the_language_of_the_data_is_the_language_of_the_text():
    text = render_markdown({**DATA, "lang": "fr"})
    assert i18n.current() == "en"  # the reader's language is back
    assert "  - _Annulée par #5_" in text.splitlines()
    assert "Chronique de campagne · 6 commandes · 1 session · exportée le 2026-11-30 13:17 UTC" in text
    assert "## Hors session" in text and "_#2–#6 · 5 entrées_" in text
    assert "| Personnage | PV | État | Fatigue (ordinaire / blessures / magie) | Blessures (repos longs restants) | Constitution |" in text
    assert "  - Note #4 : \\*really\\*" in text
