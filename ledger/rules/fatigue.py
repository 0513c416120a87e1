"""Fatigue by source: FATIGUE-SOURCES, BASE-FATIGUE, MAGIC-2/3, RULING-RESTORATION,
RULING-FATIGUE-DEATH."""


from .effects import Effects, effect, named
from .errors import BadValue, RuleRefusal
from .sheet import Level, Sheet, cause_name, evolve, fatigue_total

SOURCES = ("ordinary", "magic")  # what the `fatigue` command may change; wound levels never
MAX_CHANGE = 6  # levels per command: 6 is death (BASE-FATIGUE)


def change(sheet: Sheet, delta: int, source: str, cause: str, position: int | None,
           cause_en: str | None = None) -> tuple[Sheet, Effects]:
    """+N adds levels of `source`; −N removes the oldest of that source (restoration magic,
    rest, potion…), also on the dead (RULING-RESTORATION, RULING-FATIGUE-DEATH). Wound levels
    go only when their wound heals (FATIGUE-SOURCES)."""
    if source == "wound":
        raise RuleRefusal("fatigue.wound_source", "RULING-RESTORATION", name=sheet.name)
    if source not in SOURCES:
        raise BadValue("fatigue.unknown_source", None, source=source, expected=list(SOURCES))
    if delta == 0 or abs(delta) > MAX_CHANGE:
        raise BadValue("fatigue.delta_range", None, delta=delta, most=MAX_CHANGE)
    field = "ordinary" if source == "ordinary" else "magic"
    held = getattr(sheet, field)
    rules = ("FATIGUE-SOURCES", "BASE-FATIGUE") if source == "ordinary" else (
        "FATIGUE-SOURCES", "MAGIC-2")
    if delta > 0:
        if sheet.condition == "dead":
            raise RuleRefusal("fatigue.dead_gains", "BASE-FATIGUE", name=sheet.name)
        added = tuple(Level(position, cause, rules, cause_en) for _ in range(delta))
        sheet = evolve(sheet, **{field: held + added})
        return sheet, [effect(sheet.name, "fatigue.gained", rules, name=sheet.name,
                              source=source, levels=delta, cause=named(cause, cause_en),
                              total=fatigue_total(sheet))]
    if -delta > len(held):
        raise RuleRefusal("fatigue.not_enough", "FATIGUE-SOURCES", name=sheet.name,
                          source=source, held=len(held), asked=-delta,
                          wound=len(sheet.wounds))
    rules = ("RULING-RESTORATION",) + rules
    sheet = evolve(sheet, **{field: held[-delta:]})
    return sheet, [effect(sheet.name, "fatigue.removed", rules, name=sheet.name, source=source,
                          levels=-delta, cause=named(cause, cause_en),
                          total=fatigue_total(sheet))]


def add_magic(sheet: Sheet, levels: int, cause: str, position: int | None,
              cause_en: str | None = None) -> tuple[Sheet, Effects]:
    """MAGIC-2: the levels a failed save against dying magic costs."""
    rules = ("MAGIC-2",)
    added = tuple(Level(position, cause, rules, cause_en) for _ in range(levels))
    sheet = evolve(sheet, magic=sheet.magic + added)
    return sheet, [effect(sheet.name, "fatigue.gained", rules, name=sheet.name, source="magic",
                          levels=levels, cause=named(cause, cause_en),
                          total=fatigue_total(sheet))]


def recover_ordinary(sheet: Sheet) -> tuple[Sheet, Effects]:
    """BASE-LONG-REST: a long rest removes one ordinary level (the oldest)."""
    if not sheet.ordinary:
        return sheet, []
    gone = sheet.ordinary[0]
    sheet = evolve(sheet, ordinary=sheet.ordinary[1:])
    return sheet, [effect(sheet.name, "fatigue.recovered", ("BASE-LONG-REST", "FATIGUE-SOURCES"),
                          name=sheet.name, source="ordinary", cause=cause_name(gone),
                          origin=gone.position, total=fatigue_total(sheet))]


def recover_magic(sheet: Sheet, rules: tuple[str, ...]) -> tuple[Sheet, Effects]:
    """MAGIC-3: one magic level per short rest."""
    if not sheet.magic:
        return sheet, []
    gone = sheet.magic[0]
    sheet = evolve(sheet, magic=sheet.magic[1:])
    return sheet, [effect(sheet.name, "fatigue.recovered", rules + ("MAGIC-3",), name=sheet.name,
                          source="magic", cause=cause_name(gone), origin=gone.position,
                          total=fatigue_total(sheet))]
