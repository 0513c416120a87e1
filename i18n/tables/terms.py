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
    "rest": {"long": N_("long rest"), "short": N_("short rest"), "none": N_("no rest")},
    "source": {"ordinary": N_("ordinary"), "wound": N_("wound"), "magic": N_("magic")},
}
