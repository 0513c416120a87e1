"""The shapes stored events have had, and how an older one is read in the current shape
(the library's schema evolution: event classes have `class_version = 2` and call
`upcast_v1_v2`; the read models' fast path calls it too). Nothing heavy is imported here."""


def upcast_v1_v2(state: dict) -> None:
    """A v1 event in the v2 shape, in place: marked `meta.shape = 1`; a v1 correction named
    the position of the voided command's last event, kept as `args.event_position` for the
    read side to map to a command number; the v1 witness (English sentences) is kept as it
    was, for verification only."""
    meta = state.get("meta") or {}
    state["meta"] = {**meta, "shape": 1}
    fact = state.get("fact") or {}
    args = fact.get("args") or {}
    if fact.get("kind") == "void" and "position" in args:
        args = dict(args)
        args["event_position"] = args.pop("position")
        state["fact"] = {**fact, "args": args}
    elif fact.get("kind") == "heal" and args.get("cause"):
        from .catalogue import find_spell

        spell = find_spell(args["cause"])
        if spell is not None and spell.name_en:
            state["fact"] = {**fact, "args": {**args, "cause_en": spell.name_en}}
    elif fact.get("kind") == "damage" and args.get("dice_source") == "catalogue":
        english = _english_name(args.get("cause", ""))
        if english:
            state["fact"] = {**fact, "args": {**args, "cause_en": english}}


def _english_name(cause: str) -> str | None:
    """The English name of a catalogue weapon or spell a v1 damage named (v1 recorded the
    text as typed): only for showing it in English."""
    from .catalogue import find_spell, find_weapon

    entry = find_weapon(cause) or find_spell(cause)
    return getattr(entry, "name_en", None) or None
