"""Issue 10 — the CLI in French and English, end to end: how the language is chosen, what never
changes with it (JSON), click's own messages, every --help, plural forms, dates in the reader's
time zone, every sample campaign and every first-release fixture read in both languages
without a word of the other, and a few exact outputs in each."""

import json
import re
import shutil
from datetime import datetime
from zoneinfo import ZoneInfo

import click
import pytest

from cli.main import cli

from .support_cli import (NO_LOCALE, SAMPLES_DIR, V1_DIR, as_json, block, invoke, ok,
                          party, refused, run_process, status)

E = " " * 8


def _header(pangee, **kwargs) -> str:
    result = pangee("status", **kwargs)
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()[0]


FR_HEADER = "L'Âge du Changement — commande #3"
EN_HEADER = "L'Âge du Changement — command #3"


# -- choosing the language ----------------------------------------------------------------------

@pytest.mark.parametrize("locale", [{}, {"LANG": "C"}, {"LANG": "C.UTF-8"}, {"LANG": "POSIX"}])
def test_french_by_default_without_lang_pangee_lang_or_an_english_locale(pangee, locale):
    party(pangee)
    assert _header(pangee, lang=None, env={**NO_LOCALE, **locale}) == FR_HEADER


def test_lang_en_wins_over_pangee_lang_fr(pangee):
    party(pangee)
    assert _header(pangee, lang="en", env={**NO_LOCALE, "PANGEE_LANG": "fr"}) == EN_HEADER
    assert _header(pangee, lang="fr", env={**NO_LOCALE, "PANGEE_LANG": "en"}) == FR_HEADER


def test_pangee_lang_wins_over_an_english_locale(pangee):
    party(pangee)
    env = {**NO_LOCALE, "PANGEE_LANG": "fr", "LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"}
    assert _header(pangee, lang=None, env=env) == FR_HEADER


@pytest.mark.parametrize("variable", ["LC_ALL", "LC_MESSAGES", "LANG"])
def test_an_english_locale_gives_english(pangee, variable):
    party(pangee)
    assert _header(pangee, lang=None, env={**NO_LOCALE, variable: "en_GB.UTF-8"}) == EN_HEADER


def test_lc_all_comes_before_lang(pangee):
    party(pangee)
    env = {**NO_LOCALE, "LC_ALL": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"}
    assert _header(pangee, lang=None, env=env) == FR_HEADER
    env = {**NO_LOCALE, "LC_ALL": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"}
    assert _header(pangee, lang=None, env=env) == EN_HEADER


def test_unknown_lang_option_is_one_line_on_stderr_exit_2(pangee):
    party(pangee)
    assert refused(pangee, "status", lang="de", env=NO_LOCALE, code=2) == (
        "pangee : erreur : --lang de : langue inconnue : attendu fr ou en")


def test_unknown_pangee_lang_is_one_line_on_stderr_exit_2(pangee):
    party(pangee)
    assert refused(pangee, "status", lang=None, env={**NO_LOCALE, "PANGEE_LANG": "xx"},
                   code=2) == (
        "pangee : erreur : PANGEE_LANG xx : langue inconnue : attendu fr ou en")
    assert refused(pangee, "status", lang=None,
                   env={**NO_LOCALE, "PANGEE_LANG": "xx", "LANG": "en_US.UTF-8"}, code=2) == (
        "pangee: error: PANGEE_LANG xx: unknown language: expected fr or en")


def test_status_json_is_the_same_document_in_both_languages(pangee):
    party(pangee)
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")
    ok(pangee, "cast", "Brune", "flétrissement", "--slot", "5", "--save-d20", "2",
       "--save-bonus", "1")
    french = ok(pangee, "status", "--json", lang="fr").stdout
    english = ok(pangee, "status", "--json", lang="en").stdout
    assert french == english
    assert json.loads(french)["characters"][0]["condition"] == "stable"


# -- click's own messages -----------------------------------------------------------------------

def test_clicks_own_messages_are_french_by_default():
    shown = invoke("treat", "--help", env=NO_LOCALE).stdout
    assert shown.startswith("Utilisation : pangee treat [OPTIONS] QUI\n")
    assert "\nOptions :\n" in shown
    assert "  --help     Afficher ce message et quitter.\n" in shown
    wrong = invoke("status", "--bogus", env=NO_LOCALE)
    assert (wrong.exit_code, wrong.stdout, wrong.stderr) == (
        2, "", "pangee : erreur : Option inexistante : '--bogus'. (voir : pangee status --help)\n")


def test_clicks_own_messages_are_english_with_lang_en():
    shown = invoke("--lang", "en", "treat", "--help").stdout
    assert shown.startswith("Usage: pangee treat [OPTIONS] WHO\n")
    assert "\nOptions:\n" in shown
    assert "  --help     Show this message and exit.\n" in shown
    wrong = invoke("--lang", "en", "status", "--bogus")
    assert (wrong.exit_code, wrong.stdout, wrong.stderr) == (
        2, "", "pangee: error: No such option '--bogus'. (see: pangee status --help)\n")


def _command_paths(group=cli, path=()):
    """Every command path; the commands are loaded as `pangee` loads them (lazily, by name)."""
    yield path
    if isinstance(group, click.Group):
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            yield from _command_paths(group.get_command(ctx, name), (*path, name))


@pytest.mark.parametrize("path", [pytest.param(p, id=" ".join(p) or "pangee")
                                  for p in _command_paths()])
def test_help_of_every_command_has_no_line_of_the_other_languages_help(pangee, path):
    french = ok(pangee, *path, "--help", lang="fr").stdout
    english = ok(pangee, *path, "--help", lang="en").stdout
    common = {line.strip() for line in french.splitlines()} & {
        line.strip() for line in english.splitlines()}
    # examples are commands, the same in both languages
    assert {line for line in common if line and not line.startswith("pangee ")} == set()
    assert "Show this message and exit." not in french and "Usage:" not in french
    assert "Afficher ce message et quitter." not in english and "Utilisation" not in english


@pytest.mark.parametrize("command", ["attack", "damage", "log", "what-if", "void"])
def test_help_known_sentences_in_each_language(pangee, command):
    french = " ".join(ok(pangee, command, "--help", lang="fr").stdout.split())
    english = " ".join(ok(pangee, command, "--help", lang="en").stdout.split())
    assert "Print JSON (one document on stdout)." in english
    assert "Afficher du JSON (un seul document sur la sortie standard)." in french
    assert "Print JSON" not in french and "Afficher du JSON" not in english


# -- plural forms -------------------------------------------------------------------------------

def test_plural_forms_follow_the_count_never_s_in_parentheses(pangee):
    party(pangee)
    assert ok(pangee, "catalogue", "spells", "vague tonnante", lang="fr").stdout.splitlines()[-1] \
        == "1 entrée"
    assert ok(pangee, "catalogue", "spells", "contact", lang="fr").stdout.splitlines()[-1] \
        == "2 entrées"
    assert ok(pangee, "catalogue", "spells", "contact", lang="en").stdout.splitlines()[-1] \
        == "2 entries"
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")
    ok(pangee, "death-save", "Arin", "--d20", "3")
    ok(pangee, "death-save", "Arin", "--d20", "4")
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")
    assert refused(pangee, "treat", "Arin", "--by", "Brune", "--wound", "3", lang="fr") == (
        "pangee : erreur : Arin a 1 blessure : --wound 3 n’est pas dans la file (attendu 1 ; "
        "voir pangee status Arin)")
    french_log = ok(pangee, "log", lang="fr").stdout
    assert E + "Arin rate un jet de sauvegarde contre la mort (d20 3) : 1 échec  [BASE-DYING]" \
        in french_log.splitlines()
    assert E + "Arin rate un jet de sauvegarde contre la mort (d20 4) : 2 échecs  [BASE-DYING]" \
        in french_log.splitlines()
    english_log = ok(pangee, "log", lang="en").stdout.splitlines()
    assert E + "Arin fails a death saving throw (d20 3): 1 failure  [BASE-DYING]" in english_log
    assert E + "Arin fails a death saving throw (d20 4): 2 failures  [BASE-DYING]" in english_log
    everything = "".join(ok(pangee, *args, lang=lang).stdout
                         for lang in ("fr", "en")
                         for args in (("log",), ("status",), ("explain", "Arin"),
                                      ("export", "--format", "md")))
    assert "(s)" not in everything and "(x)" not in everything


def test_command_counts_are_plural_forms_in_import_and_the_chronicle(tmp_path):
    from tests.conftest import Pangee

    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    one.write_text("campaign: Une\n", encoding="utf-8")
    two.write_text("campaign: Deux\ncharacters:\n  - {name: Arin, con: 14, hp_max: 45}\n",
                   encoding="utf-8")
    first, second = Pangee(str(tmp_path / "one.db")), Pangee(str(tmp_path / "two.db"))
    assert ok(first, "import", str(one), lang="fr").stdout == (
        "1 commande importée depuis one.yaml ; dernière commande #1\n")
    assert ok(second, "import", str(two), lang="fr").stdout == (
        "2 commandes importées depuis two.yaml ; dernière commande #2\n")
    assert ok(first, "export", "--format", "md", lang="fr").stdout.splitlines()[2].startswith(
        "Chronique de campagne · 1 commande · 0 session · exportée le ")
    assert ok(second, "export", "--format", "md", lang="en").stdout.splitlines()[2].startswith(
        "Campaign chronicle · 2 commands · 0 sessions · exported ")


def test_replay_of_one_command_is_singular(pangee):
    ok(pangee, "init", "Valmorte")
    assert ok(pangee, "replay", lang="fr").stdout.startswith("1 commande rejouée : empreinte ")
    assert ok(pangee, "replay", lang="en").stdout.startswith("replayed 1 command: digest ")


def test_fatigue_six_refusal_counts_one_level_in_the_singular_RULING_FATIGUE_DEATH(pangee):
    party(pangee)
    ok(pangee, "fatigue", "Brune", "+6", "--cause", "malédiction")
    message = refused(pangee, "cast", "Arin", "rappel à la vie", "--slot", "5", "--save-bonus",
                      "1", "--target", "Brune")
    assert "removes at least 1 ordinary or magic level (" in message


def test_a_missing_die_is_named_in_words_in_both_languages_WOUND_3(pangee):
    party(pangee)
    ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains")
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")
    ok(pangee, "heal", "Arin", "10")
    ok(pangee, "void", "5", "--reason", "pas stabilisé", "--force")
    for lang in ("en", "fr"):
        shown = ok(pangee, "log", lang=lang).stdout + ok(pangee, "explain", "Arin",
                                                          lang=lang).stdout
        assert "wound_roll" not in shown, lang


# -- dates in the reader's time zone ------------------------------------------------------------

def test_log_session_headings_are_in_the_readers_time_zone(pangee, sqlite_url):
    party(pangee)
    ok(pangee, "session", "start", "Les ruines")
    stamp = datetime.fromisoformat(
        [e for e in as_json(pangee, "log") if e["kind"] == "session start"][0]["timestamp"])
    shown = {}
    for zone in ("UTC", "Asia/Tokyo"):
        for lang in ("en", "fr"):
            done = run_process(["--db", sqlite_url, "--lang", lang, "log", "--brief"],
                               env={"TZ": zone})
            assert done.returncode == 0, done.stderr
            shown[zone, lang] = [line for line in done.stdout.splitlines()
                                 if line.startswith("— Session")]
    tokyo, utc = stamp.astimezone(ZoneInfo("Asia/Tokyo")), stamp.astimezone(ZoneInfo("UTC"))
    assert shown["UTC", "en"] == [f"— Session 1: Les ruines ({utc:%Y-%m-%d %H:%M}) —"]
    assert shown["Asia/Tokyo", "en"] == [f"— Session 1: Les ruines ({tokyo:%Y-%m-%d %H:%M}) —"]
    assert shown["Asia/Tokyo", "fr"] == [f"— Session 1 : Les ruines ({tokyo:%d/%m/%Y %H:%M}) —"]
    assert shown["UTC", "fr"] == [f"— Session 1 : Les ruines ({utc:%d/%m/%Y %H:%M}) —"]


# -- sample campaigns and first-release fixtures, word for word ---------------------------------

# English words that must never appear in French output (whole words, case kept).
ENGLISH = re.compile(
    r"\b(takes|damage|long rests?|short rests?|wounds?|dying|the|and|with|saving throws?|"
    r"regains|joins|Outside sessions|command|against|Greatsword|Longsword|Greataxe|Dagger|"
    r"Blight|Raise Dead|Cone of Cold|Finger of Death|none|still|heals?|casts|Night|from|dies|"
    r"dead|level|history|Rulings|treats|tends|succeeds|fails|critical hit|HP|days? in the wild)"
    r"\b")
# French words that must never appear in English output.
FRENCH = re.compile(
    r"\b(épée|dague|hache|deux|mains|de|à|subit|repos|blessures?|agonie|le|la|les|des|du|"
    r"dégâts|PV|niveau|Épée|Flétrissement|Rappel à la vie|jet|réussite|échec|contre|rejoint|"
    r"conscient|et|avec|Nuit|lance|commande|sur|meurt|mort|soigne|panse|journée|historique|"
    r"Arbitrages)\b")
RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")
RULING_KEY = re.compile(r"\b[a-z_\\]+\.[a-z_0-9\\]+ ?= ?[a-z0-9-]+")  # md escapes _

# What the players typed (titles, free-text causes, targets, skills): not the ledger's words.
TYPED = {
    "valmorte": ["Les ruines de Valmorte", "La route de Brumeval",
                 "Sept jours dans les bois de Brocéliande", "capitaine squelette", "Perception",
                 "Dextérité", "Athlétisme", "marche forcée", "potion de vigueur",
                 "potion de soins", "chute", "loup", "sanglier"],
    "file-de-blessures": ["La file de blessures", "Trois blessures", "Le premier repos long",
                          "Cinq repos longs", "Huit repos longs", "Douze repos longs",
                          "potion de soins", "marche forcée", "chute"],
    "magie-mourante": ["Magie mourante", "La tour du nécromant", "Le rappel"],
    "corrections": ["L'Âge du Changement", "Les ruines", "potion", "marche", "mauvaise cible"],
}


def _every_view(pangee, lang: str) -> dict[str, str]:
    names = [c["name"] for c in status(pangee)["characters"]]
    views = {"log": ok(pangee, "log", lang=lang).stdout,
             "status": ok(pangee, "status", lang=lang).stdout,
             "md": ok(pangee, "export", "--format", "md", lang=lang).stdout}
    for name in names:
        views[f"explain {name}"] = ok(pangee, "explain", name, lang=lang).stdout
    return views, names


def _foreign_words(pangee, lang: str, typed: list[str]) -> list[str]:
    views, names = _every_view(pangee, lang)
    found = []
    for view, text in views.items():
        for word in typed + names:
            text = text.replace(word, "¤")
        text = RULING_KEY.sub("¤", RULE_ID.sub("¤", text))
        for line in text.splitlines():
            for match in (FRENCH if lang == "en" else ENGLISH).finditer(line):
                found.append(f"{view}: {match.group(0)!r} in {line.strip()}")
    return found


@pytest.mark.parametrize("sample", ["valmorte", "file-de-blessures", "magie-mourante"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_sample_campaign_reads_without_a_word_of_the_other_language(pangee, sample, lang):
    ok(pangee, "import", str(SAMPLES_DIR / f"{sample}.yaml"))
    assert _foreign_words(pangee, lang, TYPED[sample]) == []


def test_a_catalogue_heal_cause_is_named_in_the_readers_language(pangee):
    """valmorte heals Aubin with `soin des blessures`, a catalogue spell (Cure Wounds)."""
    ok(pangee, "import", str(SAMPLES_DIR / "valmorte.yaml"))
    assert block(ok(pangee, "log", lang="en").stdout, 17)[0] == (
        "#17    Aubin regains 10 HP (Cure Wounds) → conscious  [BASE-DYING]")
    assert block(ok(pangee, "log", lang="fr").stdout, 17)[0] == (
        "#17    Aubin récupère 10 PV (Soin des blessures) → conscient·e  [BASE-DYING]")


@pytest.mark.parametrize("fixture", ["valmorte.jsonl", "file-de-blessures.jsonl",
                                     "magie-mourante.jsonl", "corrections.jsonl", "valmorte.db"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_first_release_fixture_reads_without_a_word_of_the_other_language(
        pangee, sqlite_url, fixture, lang):
    if fixture.endswith(".db"):
        shutil.copy(V1_DIR / fixture, sqlite_url)
    else:
        ok(pangee, "import", str(V1_DIR / fixture))
    assert _foreign_words(pangee, lang, TYPED[fixture.split(".")[0]]) == []


@pytest.mark.parametrize("fixture", ["valmorte.jsonl", "file-de-blessures.jsonl",
                                     "magie-mourante.jsonl", "corrections.jsonl", "valmorte.db"])
def test_first_release_fixture_verifies_its_checkpoint_in_both_languages(
        pangee, sqlite_url, fixture):
    name = fixture.split(".")[0]
    token = (V1_DIR / f"{name}.checkpoint").read_text().strip()
    if fixture.endswith(".db"):
        shutil.copy(V1_DIR / fixture, sqlite_url)
    else:
        ok(pangee, "import", str(V1_DIR / fixture))
    expected = json.loads((V1_DIR / f"{name}.status.json").read_text())
    english = ok(pangee, "replay", "--verify", "--checkpoint", token, lang="en").stdout
    french = ok(pangee, "replay", "--verify", "--checkpoint", token, lang="fr").stdout
    assert english.splitlines()[0] == (f"note: {token} is a first-release checkpoint (an event "
                                       f"position): it was checked as such")
    assert english.splitlines()[1].endswith(
        f"(verified; the history still holds checkpoint {token} unchanged)")
    assert french.splitlines()[0] == (f"note : {token} est un point de contrôle de la première "
                                      f"version (une position d’événement) : il a été vérifié "
                                      f"comme tel")
    assert french.splitlines()[1].endswith(
        f"(vérifié ; l’historique contient toujours le point de contrôle {token}, inchangé)")
    shown = status(pangee)
    # the same characters as v1 printed (positions are command numbers now; causes gain
    # their English name beside them)
    assert [c["name"] for c in shown["characters"]] == [c["name"] for c in expected["characters"]]
    for now, then in zip(shown["characters"], expected["characters"]):
        assert {k: v for k, v in now.items() if k != "wounds"} == {
            k: v for k, v in then.items() if k != "wounds"}
        assert [{k: v for k, v in w.items() if k != "cause_en"} for w in now["wounds"]] == \
            then["wounds"]
    assert ok(pangee, "status", lang="fr").stdout.splitlines()[0].endswith(
        f" — commande #{shown['position']}")
    assert ok(pangee, "status", lang="en").stdout.splitlines()[0].endswith(
        f" — command #{shown['position']}")


# -- exact outputs in each language -------------------------------------------------------------

def test_exact_french_write_echo_refusal_and_status(pangee):
    party(pangee)
    assert ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains",
              lang="fr").stdout.splitlines() == [
        "#4     Arin subit 50 points de dégâts (Épée à deux mains, 2d6) → à l’agonie  "
        "[BASE-DYING, RULING-DROP-CAUSE]",
        E + "Arin subit 50 points de dégâts et tombe à 0 PV (45 → 0, Épée à deux mains) : à "
            "l’agonie  [BASE-DYING, RULING-DROP-CAUSE]"]
    assert refused(pangee, "rest", "long", "Arin", "Brune", lang="fr") == (
        "pangee : erreur : le groupe ne peut pas se reposer tant que Arin est à l’agonie : "
        "stabilisez ou soignez d’abord (BASE-DYING)")
    assert refused(pangee, "treat", "Brune", "--by", "Brune", "--d20", "15", lang="fr") == (
        "pangee : erreur : Brune n’a aucune blessure à soigner (WOUND-4)")
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")
    assert ok(pangee, "status", lang="fr").stdout.splitlines() == [
        "L'Âge du Changement — commande #5",
        "Arin : 0/45 PV, stable",
        "  fatigue 1 (ordinaire 0, blessures 1, magie 0) ; Constitution 14 (base 14, +0, −0)",
        "  blessure 1 : Épée à deux mains (2d6 → 1d6+2 = 7), 7 sur 7 repos longs restants",
        "Brune : 38/38 PV, conscient·e",
        "  fatigue 0 (ordinaire 0, blessures 0, magie 0) ; Constitution 12 (base 12, +0, −0)"]


def test_exact_english_write_echo_refusal_and_status(pangee):
    party(pangee)
    assert ok(pangee, "damage", "Arin", "50", "--cause", "épée à deux mains",
              lang="en").stdout.splitlines() == [
        "#4     Arin takes 50 damage (Greatsword, 2d6) → dying  [BASE-DYING, RULING-DROP-CAUSE]",
        E + "Arin takes 50 damage and drops to 0 HP (45 → 0, Greatsword): dying  [BASE-DYING, "
            "RULING-DROP-CAUSE]"]
    assert refused(pangee, "rest", "long", "Arin", "Brune", lang="en") == (
        "pangee: error: the party cannot rest while Arin is dying: stabilize or heal first "
        "(BASE-DYING)")
    assert refused(pangee, "treat", "Brune", "--by", "Brune", "--d20", "15", lang="en") == (
        "pangee: error: Brune has no wound to treat (WOUND-4)")
    ok(pangee, "stabilize", "Arin", "--by", "Brune", "--wound-roll", "5")
    assert ok(pangee, "status", lang="en").stdout.splitlines() == [
        "L'Âge du Changement — command #5",
        "Arin: 0/45 HP, stable",
        "  fatigue 1 (ordinary 0, wound 1, magic 0); Constitution 14 (base 14, +0, −0)",
        "  wound 1: Greatsword (2d6 → 1d6+2 = 7), 7 of 7 long rests to go",
        "Brune: 38/38 HP, conscious",
        "  fatigue 0 (ordinary 0, wound 0, magic 0); Constitution 12 (base 12, +0, −0)"]
