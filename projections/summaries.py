"""One-line log summaries a game master reads at a glance (French game terms)."""

OUTCOMES_FR = {
    "critical-hit": "coup critique", "hit": "touché", "miss": "raté",
    "critical-failure": "échec critique", "extraordinary-success": "réussite extraordinaire",
    "success": "réussite", "failure": "échec", "extraordinary-failure": "échec extraordinaire",
    "critical-success": "réussite critique", "long": "repos long", "short": "repos court",
    "no-save": "sans jet", "saved": "sauvegarde réussie", "fatigue": "fatigue magique",
    "paid-hp": "PV payés", "conscious": "conscient", "dying": "mourant", "stable": "stable",
    "dead": "mort", "endured": "acharnement",
}


def _roll(args: dict, key: str = "d20", bonus: str = "bonus") -> str:
    d20 = args.get(key)
    b = args.get(bonus) or 0
    return f"d20 {d20}{b:+d}" if b else f"d20 {d20}"


def summarize(fact: dict, result: dict | None, note: str | None = None) -> str:
    kind, args, who = fact["kind"], fact.get("args", {}), fact.get("who", [])
    name = ", ".join(who)
    text = _HEADS.get(kind, lambda a, n: kind)(args, name)
    if result is None:
        return f"{text} — sans effet ({note})" if note else text
    outcome = result.get("outcome")
    if outcome:
        text += f" → {OUTCOMES_FR.get(outcome, outcome)}"
    rolled = fact.get("rolled")
    if rolled:
        text += f" (tiré par le registre : {', '.join(rolled)})"
    return text


_HEADS = {
    "init": lambda a, n: f"Campagne « {a['name']} » ouverte",
    "character add": lambda a, n: f"{a['name']} rejoint la campagne (CON {a['con']}, {a['hp_max']} PV)",
    "session start": lambda a, n: f"Début de session{' : ' + a['title'] if a.get('title') else ''}",
    "session end": lambda a, n: "Fin de session",
    "void": lambda a, n: f"Correction : position {a['position']} annulée ({a['reason']})",
    "attack": lambda a, n: f"{n} attaque{' ' + a['target'] if a.get('target') else ''} (CA {a['ac']}) : {_roll(a)}",
    "check": lambda a, n: f"{n} test{' (' + a['skill'] + ')' if a.get('skill') else ''} DD {a['dc']} : {_roll(a)}",
    "save": lambda a, n: f"{n} jet de sauvegarde{' (' + a['ability'] + ')' if a.get('ability') else ''} DD {a['dc']} : {_roll(a)}",
    "damage": lambda a, n: f"{n} subit {a['amount']} dégâts ({a['cause']}{', ' + a['dice'] if a.get('dice') else ''}{', critique' if a.get('critical') else ''})",
    "heal": lambda a, n: f"{n} récupère {a['amount']} PV{' (' + a['cause'] + ')' if a.get('cause') else ''}",
    "death-save": lambda a, n: f"{n} jet contre la mort : d20 {a.get('d20')}",
    "stabilize": lambda a, n: f"{n} stabilisé{' par ' + a['by'] if a.get('by') else ''}",
    "treat": lambda a, n: f"{a['by']} soigne une blessure — {n} (Médecine, trousse de soins) : {_roll(a)}",
    "tend": lambda a, n: f"{a['by']} veille sur les blessures — {n}, ce soir (Médecine) : {_roll(a)}",
    "rest short": lambda a, n: f"Repos court : {n}",
    "rest night": lambda a, n: f"Nuit{' en lieu sûr' if a.get('safe') else ''}{' calme' if a.get('calm') else ''}{' avec tours de garde' if a.get('watch') else ''} : {n}",
    "rest long": lambda a, n: f"Repos long{' avec tours de garde' if a.get('watch') else ''} : {n}",
    "rest wilderness": lambda a, n: f"Journée de repos en pleine nature : {n}",
    "cast": lambda a, n: f"{n} lance {a['spell']['name']} (niveau {a['slot']}{', rituel' if a.get('ritual') else ''}{', pacte' if a.get('pact') else ''}{', arcanum' if a.get('arcanum') else ''}){' sur ' + a['target'] if a.get('target') else ''}",
    "fatigue": lambda a, n: f"{n} : fatigue {a['delta']:+d} ({a['cause']})",
    "improve": lambda a, n: f"{n} : Constitution +{a['con']} (amélioration de caractéristique)",
}
