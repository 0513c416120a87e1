"""The command line's read views in words: status, the roster, explain, what-if and the
preview of a correction. Each takes the data a read model gives and returns the lines to
print (the printing is cli/output.py's)."""

from .render import name_of, render, term


def rules_text(rules) -> str:
    return f"  [{', '.join(rules)}]" if rules else ""


def status_lines(obj: dict, mode: str | None = None) -> list[str]:
    """`status`: each character's HP, condition, fatigue by source, wounds, Constitution.
    `mode`: None (now), "corrected" or "recorded" (as of a past command)."""
    code = {None: "status.title", "corrected": "status.as_of",
            "recorded": "status.as_recorded"}[mode]
    lines = [render(code, {"campaign": obj["campaign"], "number": obj["position"]})]
    if not obj["characters"]:
        lines.append(render("status.no_character"))
    for c in obj["characters"]:
        hp, f, con = c["hp"], c["fatigue"], c["constitution"]
        params = {"name": c["name"], "hp": hp["current"], "max": hp["max"],
                  "effective": hp["effective_max"], "condition": c["condition"]}
        lines.append(render("status.character.effective" if hp["effective_max"] != hp["max"]
                            else "status.character", params))
        if c["condition"] == "dying":
            lines.append(render("status.death_saves", c["death_saves"]))
        lines.append(render("status.fatigue", {**f, "con": con["current"], "base": con["base"],
                                               "improvements": con["improvements"],
                                               "lost": con["lost"]}))
        if c["wilderness_days"]:
            lines.append(render("status.wilderness", {"days": c["wilderness_days"]}))
        for i, w in enumerate(c["wounds"], 1):
            lines.append(render("status.wound", {
                "index": i, "cause": {"text": w["cause"], "en": w.get("cause_en")},
                "dice": w["dice"], "formula": w["formula"], "roll": w["roll"],
                "left": w["rests_remaining"], "total": w["rests_total"],
                "treated": render("status.treated") if w["treated"] else ""}))
    return lines


def roster_lines(characters: list[dict]) -> list[str]:
    out = []
    for c in characters:
        out.append(render("roster.line", {
            "name": c["name"], "level": c["level"], "con": c["con"], "max": c["hp_max"],
            "crit_min": c["crit_min"],
            "medicine": render("roster.medicine") if c["medicine"] else "",
            "relentless": render("roster.relentless") if c["relentless"] else "",
            "warlock": render("roster.warlock") if c["warlock"] else ""}))
    return out or [render("status.no_character")]


def _item(item: dict) -> str:
    return f"  #{item['position']}  {render(item['code'], item['params'])}{rules_text(item['rules'])}"


def explain_lines(obj: dict) -> list[str]:
    now = obj["now"]
    lines = [render("explain.title", {"name": obj["name"], "number": obj["position"]}),
             render("explain.now", {"hp": now["hp"]["current"], "max": now["hp"]["max"],
                                    "condition": now["condition"], **now["fatigue"],
                                    "con": now["constitution"]["current"]}),
             render("explain.fatigue")]
    lines += [_item(i) for i in obj["fatigue"]["history"]] or [render("explain.none")]
    lines.append(render("explain.levels_held"))
    lines += [render("explain.level", {"source": lv["source"], "number": lv["position"],
                                       "cause": {"text": lv["cause"], "en": lv.get("cause_en")}})
              + rules_text(lv["rules"]) for lv in obj["fatigue"]["levels"]] or [render("explain.none")]
    lines.append(render("explain.wounds"))
    for wound in obj["wounds"]:
        for i, item in enumerate(wound["story"]):
            lines.append(("" if i == 0 else "   ") + _item(item))
        if wound["healing"]:
            lines.append(render("explain.healing", {"left": wound["rests_remaining"]}))
    if not obj["wounds"]:
        lines.append(render("explain.none"))
    lines.append(render("explain.constitution"))
    lines += [_item(i) for i in obj["constitution"]["history"]] or [render("explain.none")]
    if obj.get("notes"):
        lines.append(render("explain.notes"))
        for item in obj["notes"]:
            lines.append(f"  #{item['position']}  " + render("line.note", item))
    if obj["without_effect"]:
        lines.append(render("explain.without_effect"))
        for item in obj["without_effect"]:
            lines.append(f"  #{item['position']}  {term('kind', item['kind'])}: "
                         f"{render(item['note']['code'], item['note'].get('params'))}")
    lines.append(render("explain.rulings", {"rulings": ", ".join(
        f"{r['key']}={r['value']} ({r['rule']})" for r in obj["rulings"])}))
    return lines


def _result_text(result: dict | None) -> str:
    from .entries import effect_lines

    if not result:
        return render("whatif.nothing")
    texts = [line.text for line in effect_lines(result)]
    if result.get("outcome"):
        texts.insert(0, term("outcome", result["outcome"]))
    return "; ".join(texts) or render("whatif.nothing")


def change_lines(change: dict) -> list[str]:
    """One command whose fate differs between two folds, in sentences."""
    number, kind = change["number"], change["kind"]
    if change["change"] == "lost":
        why = change.get("note_after") or {}
        if why.get("code") == "fold.refused":  # the rules' own reason, not "without effect: …"
            why = why["params"]["reason"]
        elif why.get("code") == "fold.missing_roll":
            why = {"code": "fold.needs_roll", "params": why.get("params")}
        return [render("whatif.lost", {"number": number, "kind": kind,
                                       "why": render(why.get("code", "whatif.nothing"),
                                                     why.get("params"))})]
    if change["change"] == "regained":
        return [render("whatif.regained", {"number": number, "kind": kind,
                                           "after": _result_text(change["after"])})]
    before, after = change["before"], change["after"]
    pairs = _pair_effects(before.get("effects", []), after.get("effects", []))
    lines = []
    if before.get("outcome") != after.get("outcome"):
        lines.append(render("whatif.changed", {"number": number, "kind": kind,
                                               "before": term("outcome", before.get("outcome")),
                                               "after": term("outcome", after.get("outcome"))}))
    for a, b in pairs:
        lines.append(render("whatif.becomes", {
            "number": number,
            "before": render(a["code"], a["params"]) if a else render("whatif.nothing"),
            "after": render(b["code"], b["params"]) if b else render("whatif.nothing")}))
    return lines or [render("whatif.changed", {"number": number, "kind": kind,
                                               "before": _result_text(before),
                                               "after": _result_text(after)})]


def _pair_effects(before: list[dict], after: list[dict]) -> list[tuple]:
    """Consequences that differ, paired by character and code where they can be."""
    a_left = [e for e in before if e not in after]
    b_left = [e for e in after if e not in before]
    pairs = []
    for a in a_left:
        match = next((b for b in b_left if (b["character"], b["code"]) == (a["character"], a["code"])), None)
        if match is not None:
            b_left.remove(match)
        pairs.append((a, match))
    pairs += [(None, b) for b in b_left]
    return pairs


def whatif_lines(obj: dict) -> list[str]:
    lines = [render("whatif.title", {"rulings": ", ".join(f"{k}={v}" for k, v in obj["overrides"].items())})]
    if obj["first"] is None:
        lines.append(render("whatif.same"))
    else:
        first = next(c for c in obj["changes"] if c["number"] == obj["first"])
        lines.append(render("whatif.first", {"number": first["number"], "kind": first["kind"]}))
        for change in obj["changes"]:
            lines += change_lines(change)
    lines.append(render("whatif.end"))
    lines += end_lines(obj["end"])
    return lines


def end_lines(ends: list[dict]) -> list[str]:
    out = []
    for item in ends:
        if not item["differences"]:
            out.append(render("whatif.character_same", {"name": item["name"]}))
            continue
        parts = []
        for key, pair in item["differences"].items():
            before, after = pair["before"], pair["after"]
            if key == "condition":
                before, after = term("condition", before), term("condition", after)
            if key == "wounds":
                before = ", ".join(map(str, before)) or render("whatif.no_wound")
                after = ", ".join(map(str, after)) or render("whatif.no_wound")
            if key == "saves":
                before, after = "{}/{}".format(*before), "{}/{}".format(*after)
            parts.append(render(f"whatif.{key}", {"before": before, "after": after}))
        out.append(render("whatif.character", {"name": item["name"], "changes": "; ".join(parts)}))
    return out


def void_lines(obj: dict, dry: bool) -> list[str]:
    """What a correction changes (its preview with --dry-run, or the list of what lost its
    effect once recorded with --force)."""
    lines = []
    if dry:
        lines.append(render("void.dry_title", {"number": obj["target"]}))
        for command, values in obj["supply"].items():
            for field, value in values.items():
                lines.append(render("void.supplied", {"command": command, "field": field,
                                                      "value": value}))
        if not obj["changes"]:
            lines.append(render("void.no_change"))
        for change in obj["changes"]:
            lines += ["  " + text for text in change_lines(change)]
        lines.append(render("whatif.end"))
        lines += ["  " + text for text in end_lines(obj["end"])]
        refusal = obj.get("refusal")
        if refusal:
            lines.append(render("void.would_be_refused", {"why": refusal}))
    elif obj["lost"]:
        lines.append(render("void.recorded_lost"))
        for change in obj["changes"]:
            if change["change"] == "lost":
                lines += ["  " + text for text in change_lines(change)]
    return lines


__all__ = ["status_lines", "roster_lines", "explain_lines", "whatif_lines", "void_lines",
           "change_lines", "name_of", "rules_text"]


def catalogue_lines(kind: str, rows: list[dict]) -> list[str]:
    """`catalogue`: one line per entry, then how many."""
    out = []
    for row in rows:
        if kind == "spells":
            out.append(render("catalogue.spell", {
                "name": row["name_fr"], "en": row["name_en"] or "—", "level": row["level"],
                "ritual": render("catalogue.ritual") if row["ritual"] else "",
                "dice": row["dice"] or "—",
                "per_slot": render("catalogue.per_slot", {"dice": row["per_slot"]})
                if row["per_slot"] else ""}))
        elif kind == "weapons":
            out.append(render("catalogue.weapon", {"name": row["name_fr"], "en": row["name_en"],
                                                   "dice": row["dice"] or "—"}))
        else:
            out.append(render("catalogue.attack", {"creature": row["creature_fr"],
                                                   "en": row["creature_en"] or "—",
                                                   "attack": row["attack"], "dice": row["dice"]}))
    out.append(render("catalogue.count", {"count": len(rows)}))
    return out


def status_table(obj: dict, mode: str | None = None) -> tuple[str, list[str], list[list[str]], list[str]]:
    """`status` on a terminal: a title, a table (one row per character) and the wounds."""
    code = {None: "status.title", "corrected": "status.as_of",
            "recorded": "status.as_recorded"}[mode]
    title = render(code, {"campaign": obj["campaign"], "number": obj["position"]})
    headers = [render(f"table.{h}") for h in ("name", "hp", "condition", "fatigue", "con",
                                              "wild")]
    rows, notes = [], []
    for c in obj["characters"]:
        hp, f, con = c["hp"], c["fatigue"], c["constitution"]
        shown_max = hp["max"] if hp["effective_max"] == hp["max"] else f"{hp['effective_max']}*"
        rows.append([c["name"], f"{hp['current']}/{shown_max}", term("condition", c["condition"]),
                     f"{f['total']} ({f['ordinary']}/{f['wound']}/{f['magic']})",
                     f"{con['current']} ({con['base']}+{con['improvements']}−{con['lost']})",
                     str(c["wilderness_days"] or "")])
        for i, w in enumerate(c["wounds"], 1):
            notes.append(c["name"] + render("status.wound", {
                "index": i, "cause": {"text": w["cause"], "en": w.get("cause_en")},
                "dice": w["dice"], "formula": w["formula"], "roll": w["roll"],
                "left": w["rests_remaining"], "total": w["rests_total"],
                "treated": render("status.treated") if w["treated"] else ""}))
    return title, headers, rows, notes
