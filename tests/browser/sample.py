"""A small, realistic chronicle data dict (the shape `projections.chronicle` renders), built
by replaying a scripted campaign: four characters, one of them named like an HTML injection,
commands outside sessions, three sessions (the last one in progress), a voided command, a
command left without effect by that correction, GM notes (one of them hostile), wounds with
their queue, a treatment, magic fatigue, a Constitution improvement, days in the wild.

Every text is in the page's language, as the core's data builder gives it."""

from copy import deepcopy
from datetime import datetime, timedelta, timezone

from i18n.tables.rules import rule_text

HOSTILE = "<img src=x onerror=alert(1)>"
HOSTILE_NOTE = (HOSTILE + " <script>alert(2)</script> *vraiment* _beau_ "
                "[jet](javascript:alert(3)) & co")
CONDITIONS = {"fr": {"conscious": "conscient", "dying": "mourant", "stable": "stable", "dead": "mort"},
              "en": {"conscious": "conscious", "dying": "dying", "stable": "stable", "dead": "dead"}}


class Campaign:
    def __init__(self, lang: str):
        self.lang = lang
        self.number = 0
        self.clock = datetime(2026, 11, 2, 18, 30, tzinfo=timezone.utc)
        self.sessions: list[dict] = []
        self.current: dict | None = None
        self.state: dict[str, dict] = {}
        self.roster: list[str] = []
        self.series: dict[str, list[dict]] = {}

    def t(self, fr: str, en: str) -> str:
        return fr if self.lang == "fr" else en

    # -- the figures ------------------------------------------------------------------------
    def card(self, name: str) -> dict:
        s = self.state[name]
        total = min(s["ordinary"] + len(s["wounds"]) + s["magic"], 6)
        effective = s["hp_max"] // 2 if total >= 4 else s["hp_max"]
        return {"name": name,
                "hp": {"current": s["hp"], "max": s["hp_max"], "effective_max": effective},
                "condition": s["condition"], "condition_text": CONDITIONS[self.lang][s["condition"]],
                "death_saves": dict(s["saves"]),
                "fatigue": {"total": total, "ordinary": s["ordinary"], "wound": len(s["wounds"]),
                            "magic": s["magic"]},
                "wounds": deepcopy(s["wounds"]),
                "constitution": {"base": s["con_base"], "improvements": s["con_imp"],
                                 "lost": s["con_lost"],
                                 "current": s["con_base"] + s["con_imp"] - s["con_lost"]},
                "wilderness_days": s["wild"]}

    def point(self, name: str) -> None:
        card = self.card(name)
        self.series.setdefault(name, []).append({
            "number": self.number, "session": self.current["number"] if self.current else None,
            "hp": card["hp"]["current"], "hp_max": card["hp"]["effective_max"],
            "ordinary": card["fatigue"]["ordinary"], "wound": card["fatigue"]["wound"],
            "magic": card["fatigue"]["magic"], "con": card["constitution"]["current"]})

    # -- the log ------------------------------------------------------------------------------
    def cmd(self, kind: str, characters: list[str], headline: str, lines=(), rules=(),
            changes: dict | None = None, **extra) -> dict:
        self.number += 1
        self.clock += timedelta(minutes=4)
        if self.current is None:
            if not self.sessions or self.sessions[-1]["number"] is not None:
                self.sessions.append({"number": None, "title": None, "start": None, "end": None,
                                      "entries": [], "party_at_end": []})
            target = self.sessions[-1]
        else:
            target = self.current
        entry = {"number": self.number, "timestamp": self.clock.isoformat(), "kind": kind,
                 "characters": list(characters), "headline": headline,
                 "lines": [{"text": text, "rules": list(ids)} for text, ids in lines],
                 "rules": list(rules), "notes": [], "voided_by": None, "without_effect": None}
        entry.update(extra)
        target["entries"].append(entry)
        for name, change in (changes or {}).items():
            self.state[name].update(change)
            self.point(name)
        return entry

    def join(self, name: str, con: int, hp: int) -> None:
        self.roster.append(name)
        self.state[name] = {"hp": hp, "hp_max": hp, "ordinary": 0, "magic": 0, "wounds": [],
                            "con_base": con, "con_imp": 0, "con_lost": 0, "condition": "conscious",
                            "saves": {"successes": 0, "failures": 0}, "wild": 0}
        self.cmd("character add", [name], self.t(f"{name} rejoint la campagne (CON {con}, {hp} PV)",
                                                 f"{name} joins the campaign (CON {con}, {hp} HP)"))
        self.point(name)

    def start(self, number: int, title: str) -> None:
        if self.sessions and self.sessions[-1]["number"] is None:
            self.sessions[-1]["end"] = self.number
            self.sessions[-1]["party_at_end"] = [self.card(n) for n in self.roster]
        self.current = {"number": number, "title": title, "start": self.number + 1, "end": None,
                        "entries": [], "party_at_end": []}
        self.sessions.append(self.current)
        self.cmd("session start", [], self.t(f"Début de session : {title}", f"Session starts: {title}"))

    def end(self) -> None:
        self.cmd("session end", [], self.t("Fin de session", "Session ends"))
        self.current["end"] = self.number
        self.current["party_at_end"] = [self.card(n) for n in self.roster]
        self.current = None
        self.clock += timedelta(days=6)

    def wound(self, name: str, cause: str, formula: str, roll: int) -> dict:
        wounds = self.state[name]["wounds"] + [{"cause": cause, "formula": formula, "roll": roll,
                                                "rests_remaining": roll, "rests_total": roll,
                                                "treated": False}]
        return {"wounds": wounds}


def chronicle_data(lang: str = "fr") -> dict:
    """The sample campaign's data dict, every text in `lang`."""
    c = Campaign(lang)
    t = c.t
    A, M, G, H = "Aubin", "Mireille", "Gaspard", HOSTILE
    c.cmd("init", [], t("Campagne « Les ruines de Valmorte » ouverte",
                        "Campaign “The ruins of Valmorte” opened"))
    c.join(A, 16, 52)
    c.join(M, 14, 57)
    c.join(G, 15, 45)
    c.join(H, 12, 40)

    c.start(1, t("Les ruines de Valmorte", "The ruins of Valmorte"))
    c.cmd("attack", [A], t("Aubin attaque capitaine squelette (CA 15) : d20 17 + 7 = 24 → coup critique",
                           "Aubin attacks skeleton captain (AC 15): d20 17 + 7 = 24 → critical hit"),
          [(t("24 ≥ CA 15 + 9 (zone critique 19–20) : les dés de dégâts sont doublés",
              "24 ≥ AC 15 + 9 (critical range 19–20): the damage dice are doubled"),
            ["CRIT-2", "CRIT-5", "RULING-CRIT-MARGIN"])], ["CRIT-2", "CRIT-5", "RULING-CRIT-MARGIN"])
    c.cmd("attack", [G], t("Gaspard attaque capitaine squelette (CA 18) : d20 3 + 5 = 8 → échec critique",
                           "Gaspard attacks skeleton captain (AC 18): d20 3 + 5 = 8 → critical failure"),
          [(t("8 ≤ CA 18 − 10 : l'adversaire peut faire une attaque d'opportunité",
              "8 ≤ AC 18 − 10: the opponent may make an opportunity attack"), ["CRIT-3"])], ["CRIT-3"])
    c.cmd("damage", [A], t("Aubin subit 20 dégâts (épée à deux mains, 2d6) → conscient",
                           "Aubin takes 20 damage (greatsword, 2d6) → conscious"),
          [(t("PV 52 → 32", "HP 52 → 32"), [])], ["BASE-DYING"], {A: {"hp": 32}})
    c.cmd("damage", [A], t("Aubin subit 40 dégâts (épée à deux mains, 2d6, critique) → mourant",
                           "Aubin takes 40 damage (greatsword, 2d6, critical) → dying"),
          [(t("PV 32 → 0 : jets de sauvegarde contre la mort", "HP 32 → 0: death saving throws"),
            ["BASE-DYING", "RULING-DROP-CAUSE"])], ["BASE-DYING", "RULING-DROP-CAUSE"],
          {A: {"hp": 0, "condition": "dying"}})
    c.cmd("death save", [A], t("Aubin jet contre la mort : d20 4 → échec (0 réussite, 1 échec)",
                               "Aubin death save: d20 4 → failure (0 successes, 1 failure)"),
          [], ["BASE-DYING"], {A: {"saves": {"successes": 0, "failures": 1}}})
    stab = c.wound(A, t("épée à deux mains", "greatsword"), "1d6+2", 5)
    c.cmd("stabilize", [A, M], t("Aubin stabilisé par Mireille → stable", "Aubin stabilized by Mireille → stable"),
          [(t("Blessure : épée à deux mains 2d6 → 1d6+2 = 5 repos longs",
              "Wound: greatsword 2d6 → 1d6+2 = 5 long rests"), ["WOUND-1", "WOUND-3", "RULING-WOUND-DICE"]),
           (t("Aubin : fatigue 1 (blessure 1)", "Aubin: fatigue 1 (wound 1)"), ["WOUND-2"])],
          ["WOUND-1", "WOUND-2", "WOUND-3", "RULING-WOUND-DICE", "BASE-DYING"],
          {A: {**stab, "condition": "stable", "saves": {"successes": 0, "failures": 0}}})
    treated = deepcopy(c.state[A]["wounds"])
    treated[0].update(rests_remaining=2, treated=True)
    c.cmd("treat", [M, A], t("Mireille soigne une blessure — Aubin (Médecine, trousse de soins) : "
                             "d20 14 + 5 = 19 contre DD 18 → réussite",
                             "Mireille treats a wound — Aubin (Medicine, healer's kit): "
                             "d20 14 + 5 = 19 vs DC 18 → success"),
          [(t("Temps de guérison divisé par deux : 5 → 2 repos longs",
              "Healing time halved: 5 → 2 long rests"), ["WOUND-4", "RULING-HALVE", "RULING-TREAT-REMAINING"])],
          ["WOUND-4", "RULING-DC-DICE", "RULING-HALVE", "RULING-TREAT-REMAINING"], {A: {"wounds": treated}})
    c.cmd("heal", [A], t("Aubin récupère 10 PV (soins des blessures) → conscient",
                         "Aubin regains 10 HP (cure wounds) → conscious"),
          [], ["BASE-DYING"], {A: {"hp": 10, "condition": "conscious"}})
    c.cmd("cast", [H], t(f"{H} lance flétrissement (niveau 5) : JS Constitution d20 6 + 1 = 7 contre DD 11 → échec",
                         f"{H} casts blight (level 5): Constitution save d20 6 + 1 = 7 vs DC 11 → failure"),
          [(t(f"{H} : fatigue +1 (magie)", f"{H}: fatigue +1 (magic)"), ["MAGIC-2"])],
          ["MAGIC-1", "MAGIC-2", "MAGIC-3"], {H: {"magic": 1}})
    c.cmd("fatigue", [G], t("Gaspard : fatigue +1 (marche forcée)", "Gaspard: fatigue +1 (forced march)"),
          [], ["FATIGUE-SOURCES", "BASE-FATIGUE"], {G: {"ordinary": 1}})
    voided = c.cmd("damage", [G], t("Gaspard subit 12 dégâts (hache à deux mains, 1d12) → conscient",
                                    "Gaspard takes 12 damage (greataxe, 1d12) → conscious"),
                   [(t("PV 45 → 33", "HP 45 → 33"), [])], ["BASE-DYING"])
    c.cmd("heal", [G], t("Gaspard récupère 5 PV (potion de soins)", "Gaspard regains 5 HP (potion of healing)"),
          [], ["BASE-DYING"], without_effect=t("Gaspard est à son maximum de PV depuis la correction",
                                               "Gaspard is at his HP maximum since the correction"))
    c.cmd("rest short", [H, G], t(f"Repos court : {H}, Gaspard → repos court",
                                  f"Short rest: {H}, Gaspard → short rest"),
          [(t(f"{H} : fatigue magique −1", f"{H}: magic fatigue −1"), ["MAGIC-3"])],
          ["BASE-SHORT-REST", "MAGIC-3"], {H: {"magic": 0}})
    c.cmd("rest night", [A, M, G, H], t(f"Nuit calme avec tours de garde : Aubin, Mireille, Gaspard, {H} → repos court",
                                        f"Calm night with watches: Aubin, Mireille, Gaspard, {H} → short rest"),
          [(t("Quelqu'un monte la garde : pas de repos long", "Someone keeps watch: no long rest"), ["REST-1"]),
           (t("La nuit donne les bénéfices d'un repos court", "The night gives a short rest's benefits"), ["REST-2"])],
          ["REST-1", "REST-2"])
    c.end()

    c.start(2, t("La route de Brumeval", "The road to Brumeval"))
    healed = deepcopy(c.state[A]["wounds"])
    healed[0].update(rests_remaining=1)
    c.cmd("rest long", [A, M, G, H], t(f"Repos long : Aubin, Mireille, Gaspard, {H} → repos long",
                                       f"Long rest: Aubin, Mireille, Gaspard, {H} → long rest"),
          [(t("Tous les PV sont rendus", "All HP restored"), ["BASE-LONG-REST"]),
           (t("Gaspard : fatigue ordinaire −1", "Gaspard: ordinary fatigue −1"), ["FATIGUE-SOURCES"]),
           (t("Aubin : blessure (épée à deux mains), encore 1 repos long",
              "Aubin: wound (greatsword), 1 long rest to go"), ["WOUND-6", "RULING-HEAL-ON-REST"])],
          ["REST-1", "BASE-LONG-REST", "FATIGUE-SOURCES", "WOUND-6", "RULING-HEAL-ON-REST"],
          {A: {"hp": 52, "wounds": healed}, G: {"hp": 45, "ordinary": 0}})
    c.cmd("damage", [H], t(f"{H} subit 45 dégâts (chute, 3d6) → mourant", f"{H} takes 45 damage (fall, 3d6) → dying"),
          [(t("PV 40 → 0", "HP 40 → 0"), ["BASE-DYING"])], ["BASE-DYING", "RULING-DROP-CAUSE"],
          {H: {"hp": 0, "condition": "dying"}})
    fall = c.wound(H, t("chute", "fall"), "1d6+3", 5)
    survived = c.cmd("death save", [H], t(f"{H} jet contre la mort : d20 20 → réussite critique, 1 PV",
                                          f"{H} death save: d20 20 → critical success, 1 HP"),
                     [(t("Blessure : chute 3d6 → 1d6+3 = 5 repos longs", "Wound: fall 3d6 → 1d6+3 = 5 long rests"),
                       ["WOUND-1", "WOUND-2", "WOUND-3"])],
                     ["WOUND-1", "WOUND-2", "WOUND-3", "RULING-DROP-CAUSE", "BASE-DYING"],
                     {H: {**fall, "hp": 1, "condition": "conscious"}})
    c.cmd("attack", [G], t("Gaspard attaque loup (CA 14) : d20 19 + 5 = 24 → coup critique",
                           "Gaspard attacks wolf (AC 14): d20 19 + 5 = 24 → critical hit"),
          [], ["BASE-CRIT", "CRIT-2"])
    c.cmd("improve", [M], t("Mireille : Constitution +2 (amélioration de caractéristique)",
                            "Mireille: Constitution +2 (ability score improvement)"),
          [], ["RULING-ASI"], {M: {"con_imp": 2}})
    c.cmd("fatigue", [A], t("Aubin : fatigue +2 (marche forcée)", "Aubin: fatigue +2 (forced march)"),
          [], ["FATIGUE-SOURCES", "BASE-FATIGUE"], {A: {"ordinary": 2}})
    note = c.cmd("note", [H], t("Note du MJ sur #{0}".format(survived["number"]),
                                "GM's note on #{0}".format(survived["number"])), [], [])
    survived["notes"].append({"number": note["number"], "text": HOSTILE_NOTE})
    c.cmd("fatigue", [A], t("Aubin : fatigue −1 (potion de vigueur)", "Aubin: fatigue −1 (potion of vigour)"),
          [], ["FATIGUE-SOURCES", "BASE-FATIGUE"], {A: {"ordinary": 1}})
    void = c.cmd("void", [G], t(f"Correction : #{voided['number']} annulée (erreur de cible)",
                                f"Correction: #{voided['number']} voided (wrong target)"), [], [])
    voided["voided_by"] = void["number"]
    c.end()

    c.start(3, t("Sept jours dans les bois de Brocéliande", "Seven days in the woods of Brocéliande"))
    c.cmd("care", [M, H], t(f"Mireille panse les blessures — {H}, ce soir (Médecine) : d20 15 + 5 = 20 contre DD 17 → réussite",
                            f"Mireille tends the wounds — {H}, tonight (Medicine): d20 15 + 5 = 20 vs DC 17 → success"),
          [], ["WOUND-5", "RULING-DC-DICE", "RULING-EVENING"])
    cared = deepcopy(c.state[H]["wounds"])
    cared[0].update(rests_remaining=4)
    c.cmd("rest wild", [A, M, G, H], t(f"Journée de repos en pleine nature : Aubin, Mireille, Gaspard, {H} → repos court",
                                       f"Day of rest in the wild: Aubin, Mireille, Gaspard, {H} → short rest"),
          [(t("Jour 1 sur 7", "Day 1 of 7"), ["REST-3", "RULING-7-DAYS"]),
           (t(f"{H} : les soins du soir comptent comme un repos long pour la blessure (encore 4)",
              f"{H}: the evening care counts as a long rest for the wound (4 to go)"), ["WOUND-5", "RULING-EVENING"])],
          ["REST-3", "RULING-7-DAYS", "REST-2", "WOUND-5", "RULING-EVENING"],
          {A: {"wild": 1}, M: {"wild": 1}, G: {"wild": 1}, H: {"wild": 1, "wounds": cared}})
    c.cmd("attack", [G], t("Gaspard attaque sanglier (CA 13, chasse) : d20 12 + 5 = 17 → touché",
                           "Gaspard attacks boar (AC 13, hunting): d20 12 + 5 = 17 → hit"),
          [(t("La chasse ne rompt pas la série de repos", "Hunting does not break the rest streak"), ["RULING-FORAGING"])],
          ["BASE-CRIT", "RULING-FORAGING"])
    c.cmd("rest wild", [A, M, G, H], t(f"Journée de repos en pleine nature : Aubin, Mireille, Gaspard, {H} → repos court",
                                       f"Day of rest in the wild: Aubin, Mireille, Gaspard, {H} → short rest"),
          [(t("Jour 2 sur 7", "Day 2 of 7"), ["REST-3"])], ["REST-3", "RULING-7-DAYS", "REST-2"],
          {A: {"wild": 2}, M: {"wild": 2}, G: {"wild": 2}, H: {"wild": 2}})
    c.cmd("damage", [G], t("Gaspard subit 50 dégâts (hache à deux mains, 1d12) → acharnement, 1 PV",
                           "Gaspard takes 50 damage (greataxe, 1d12) → Relentless Endurance, 1 HP"),
          [(t("L'acharnement le garde à 1 PV : pas de blessure", "Relentless Endurance keeps him at 1 HP: no wound"),
            ["WOUND-1", "RULING-ENDURE"])], ["WOUND-1", "RULING-ENDURE"], {G: {"hp": 1}})
    c.cmd("heal", [G, M], t("Mireille soigne Gaspard : +12 PV", "Mireille heals Gaspard: +12 HP"),
          [], ["BASE-DYING"], {G: {"hp": 13}})
    c.cmd("check", [A], t("Aubin test (Athlétisme) DD 10 : d20 19 + 3 = 22 → réussite extraordinaire",
                          "Aubin check (Athletics) DC 10: d20 19 + 3 = 22 → extraordinary success"),
          [(t("22 ≥ DD 10 + 10", "22 ≥ DC 10 + 10"), ["CRIT-4", "RULING-CHECKS"])], ["CRIT-4", "RULING-CHECKS"])

    used = {r for s in c.sessions for e in s["entries"] for r in e["rules"] + [x for line in e["lines"] for x in line["rules"]]}
    return {
        "lang": lang, "campaign": t("Les ruines de Valmorte", "The ruins of Valmorte"),
        "exported_at": "2026-11-30T13:17:14+00:00",
        "checkpoint": {"number": c.number, "token": f"{c.number}-17a996f944fed17595bb8acc"},
        "characters": list(c.roster), "party": [c.card(n) for n in c.roster],
        "sessions": c.sessions, "series": c.series,
        "rules": {r: rule_text(r) for r in sorted(used)},
    }


# -- what the page must show, computed from the data ----------------------------------------
def entries(data: dict) -> list[dict]:
    return [e for s in data["sessions"] for e in s["entries"]]


def fold(text: str) -> str:
    """The search's normalisation: accents dropped, lower case."""
    import unicodedata

    return "".join(ch for ch in unicodedata.normalize("NFD", text)
                   if not "\u0300" <= ch <= "\u036f").lower()


def searchable(entry: dict) -> str:
    """What the page's search reads of an entry (chronicle.js, rowText/nodeText)."""
    parts = [f"#{entry['number']}", entry["headline"], *entry["characters"]]
    parts += list(entry["rules"])
    for line in entry["lines"]:
        parts += [line["text"], *line["rules"]]
    parts += [note["text"] for note in entry["notes"]]
    if entry.get("without_effect"):
        parts.append(entry["without_effect"])
    return fold("\n".join(parts))


def expected_numbers(data: dict, character: str | None = None, query: str = "") -> list[int]:
    terms = fold(query).split()
    return [e["number"] for e in entries(data)
            if (character is None or character in e["characters"])
            and all(term in searchable(e) for term in terms)]
