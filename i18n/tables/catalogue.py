"""Messages of the catalogue (ledger/catalogue.py): near misses, unknown creatures and
attacks, slots that do not fit the cause."""

from i18n import N_

MESSAGES = {
    "catalogue.spell_near_miss": N_(
        "'{typed}' is not in the catalogue: did you mean {suggestions}? "
        "(--custom records a spell the catalogue does not have)"),
    "catalogue.creature_near_miss": N_(
        "'{typed}' is not a creature of the catalogue: did you mean {suggestions}?"),
    "catalogue.unknown_creature": N_(
        "'{typed}' is not a creature of the catalogue (see `pangee catalogue creatures`); "
        "a cause of your own is written without a colon, with --dice"),
    "catalogue.attack_near_miss": N_(
        "“{typed}” is not in the catalogue: did you mean {suggestions}?"),
    "catalogue.unknown_attack": N_(
        "{creature} has no attack '{attack}' in the catalogue: expected one of {attacks}"),
    "catalogue.slot_not_spell": N_(
        "--slot is for spells: '{cause}' is not a spell of the catalogue"),
    "catalogue.bad_slot": N_("--slot {slot} is not a spell slot level: expected 0 to 9"),
    "catalogue.slot_too_low": N_(
        "{spell} is a level-{level} spell: a slot of level {slot} is too low"),
    "catalogue.unknown_kind": N_("there is no '{kind}' catalogue: expected {expected}"),
}
