"""Enumerated values (identifiers in events and JSON) and how a reader names them."""

from i18n import N_

TERMS = {
    "condition": {
        "conscious": N_("conscious"), "dying": N_("dying"), "stable": N_("stable"),
        "dead": N_("dead"), "endured": N_("held on (Relentless Endurance)"),
    },
    "outcome": {
        "critical-hit": N_("critical hit"), "hit": N_("hit"), "miss": N_("miss"),
        "critical-failure": N_("critical failure"),
        "extraordinary-success": N_("extraordinary success"), "success": N_("success"),
        "failure": N_("failure"), "extraordinary-failure": N_("extraordinary failure"),
        "critical-success": N_("critical success"), "long": N_("long rest"),
        "short": N_("short rest"), "no-save": N_("no save"), "saved": N_("save made"),
        "fatigue": N_("magic fatigue"), "paid-hp": N_("HP paid"),
        "conscious": N_("conscious"), "dying": N_("dying"), "stable": N_("stable"),
        "dead": N_("dead"), "endured": N_("held on (Relentless Endurance)"),
        "noted": N_("noted"), "voided": N_("voided"), "reinstated": N_("reinstated"),
    },
    "kind": {
        "init": N_("campaign opening"), "character add": N_("new character"),
        "character update": N_("sheet update"), "session start": N_("session start"),
        "session end": N_("session end"), "attack": N_("attack"), "check": N_("check"),
        "save": N_("saving throw"), "damage": N_("damage"), "heal": N_("healing"),
        "death-save": N_("death saving throw"), "stabilize": N_("stabilization"),
        "treat": N_("wound treatment"), "tend": N_("evening care"), "rest short": N_("short rest"),
        "rest night": N_("night"), "rest long": N_("long rest"),
        "rest wilderness": N_("day in the wild"), "cast": N_("spell"), "fatigue": N_("fatigue"),
        "improve": N_("Constitution improvement"), "void": N_("correction"), "note": N_("note"),
    },
    "what": {"damage": N_("damage"), "healing": N_("healing")},
    "field": {"wound_roll": N_("wound roll (--wound-roll)"), "d20": N_("d20 (--d20)"),
              "save_d20": N_("save d20 (--save-d20)")},
    "rest": {"long": N_("long rest"), "short": N_("short rest"), "none": N_("no rest")},
    "source": {"ordinary": N_("ordinary"), "wound": N_("wound"), "magic": N_("magic")},
    "how": {"stabilized": N_("stabilized"), "three-successes": N_("three death save successes"),
            "natural-20": N_("a natural 20 on a death save"), "healed": N_("healed at 0 HP")},
    "why": {"long-rest": N_("long rest"), "evening-care": N_("evening care"),
            "treatment": N_("treated")},
}
