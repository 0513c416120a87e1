"""Fatigue by source: FATIGUE-SOURCES, BASE-FATIGUE, MAGIC-2/3."""


from .errors import RuleRefusal
from .sheet import Level, Sheet, evolve
from .wounds import Effects


def change_ordinary(sheet: Sheet, delta: int, cause: str,
                    position: int | None) -> tuple[Sheet, Effects]:
    """Ordinary levels (forced march, starvation…): +N adds, −N removes the oldest first;
    wound and magic levels go only by their own recoveries (FATIGUE-SOURCES)."""
    if sheet.condition == "dead":
        raise RuleRefusal(f"{sheet.name} is dead: fatigue no longer changes (BASE-FATIGUE)",
                          "BASE-FATIGUE")
    rules = ("FATIGUE-SOURCES", "BASE-FATIGUE")
    if delta > 0:
        added = tuple(Level(position, cause, rules) for _ in range(delta))
        return evolve(sheet, ordinary=sheet.ordinary + added), [
            (f"{sheet.name} gains {delta} ordinary fatigue level(s) ({cause})", rules)]
    if -delta > len(sheet.ordinary):
        raise RuleRefusal(
            f"{sheet.name} has {len(sheet.ordinary)} ordinary fatigue level(s): cannot remove "
            f"{-delta}; wound and magic levels go only by their own recoveries "
            "(FATIGUE-SOURCES)", "FATIGUE-SOURCES")
    return evolve(sheet, ordinary=sheet.ordinary[-delta:]), [
        (f"{sheet.name} loses {-delta} ordinary fatigue level(s) ({cause})", rules)]


def add_magic(sheet: Sheet, levels: int, cause: str, position: int | None) -> tuple[Sheet, Effects]:
    rules = ("MAGIC-2",)
    added = tuple(Level(position, cause, rules) for _ in range(levels))
    return evolve(sheet, magic=sheet.magic + added), [
        (f"{sheet.name} gains {levels} magic fatigue level(s) ({cause})", rules)]


def recover_ordinary(sheet: Sheet) -> tuple[Sheet, Effects]:
    """BASE-LONG-REST: a long rest removes one ordinary level (the oldest)."""
    if not sheet.ordinary:
        return sheet, []
    gone = sheet.ordinary[0]
    return evolve(sheet, ordinary=sheet.ordinary[1:]), [
        (f"{sheet.name} recovers an ordinary fatigue level ({gone.cause})",
         ("BASE-LONG-REST", "FATIGUE-SOURCES"))]


def recover_magic(sheet: Sheet, rules: tuple[str, ...]) -> tuple[Sheet, Effects]:
    """MAGIC-3: one magic level per short rest."""
    if not sheet.magic:
        return sheet, []
    gone = sheet.magic[0]
    return evolve(sheet, magic=sheet.magic[1:]), [
        (f"{sheet.name} recovers a magic fatigue level ({gone.cause})", rules + ("MAGIC-3",))]
