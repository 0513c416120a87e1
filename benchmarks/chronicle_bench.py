"""Scale of the chronicle page: a 20,000-command campaign rendered, then opened in Chromium.

    .venv/bin/python benchmarks/chronicle_bench.py                 # 20,000 commands, ~40 sessions
    .venv/bin/python benchmarks/chronicle_bench.py --commands 2000 --keep /tmp/page.html

Synthesises a data dict of the shape `projections.chronicle.render_html` takes (four
characters, sessions of ~500 commands, headlines and consequences as long as the real log's,
wounds, notes, voids), renders it, and opens the page with Debian's Chromium through
Playwright (never a downloaded browser): navigation start to the load event, first paint and
first contentful paint, the page's own script, then the character filter, a search and the
opening of a closed session (built from its data on opening). Figures on stdout as one JSON
object; progress on stderr. Fails (exit 1) when the page is 8 MB or more.
"""

import argparse
import json
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LIMIT_BYTES = 8 * 1024 * 1024
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NAMES = ["Aubin", "Mireille", "Gaspard", "Séraphine"]
WEAPONS = [("épée à deux mains", "2d6", 6, 2), ("hache à deux mains", "1d12", 12, 1),
           ("flétrissement", "8d8", 8, 8), ("chute", "3d6", 6, 3), ("dague", "1d4", 4, 1)]
FOES = ["capitaine squelette", "loup", "sanglier", "goule", "bandit", "ogre"]
RULES = ["BASE-FATIGUE", "BASE-LONG-REST", "BASE-SHORT-REST", "BASE-DYING", "BASE-CRIT", "REST-1",
         "REST-2", "REST-3", "WOUND-1", "WOUND-2", "WOUND-3", "WOUND-4", "WOUND-5", "WOUND-6",
         "WOUND-7", "MAGIC-1", "MAGIC-2", "MAGIC-3", "CRIT-2", "CRIT-3", "CRIT-4", "CRIT-5",
         "FATIGUE-SOURCES", "RULING-DC-DICE", "RULING-HALVE", "RULING-EVENING", "RULING-7-DAYS"]


def synthesise(commands: int, per_session: int, seed: int) -> dict:
    """A campaign of `commands` commands in sessions of about `per_session`."""
    from i18n.tables.rules import rule_text

    rng = random.Random(seed)
    clock = datetime(2025, 1, 4, 18, 0, tzinfo=timezone.utc)
    state = {n: {"hp": 50, "hp_max": 50, "ordinary": 0, "magic": 0, "wounds": [], "con": 14, "imp": 0,
                 "lost": 0, "condition": "conscious", "wild": 0} for n in NAMES}
    series: dict[str, list] = {n: [] for n in NAMES}
    sessions: list[dict] = []
    entries_by_number: dict[int, dict] = {}
    number = 0
    session_number = 0

    def card(name: str) -> dict:
        s = state[name]
        total = min(s["ordinary"] + len(s["wounds"]) + s["magic"], 6)
        return {"name": name, "hp": {"current": s["hp"], "max": s["hp_max"],
                                     "effective_max": s["hp_max"] // 2 if total >= 4 else s["hp_max"]},
                "condition": s["condition"], "condition_text": s["condition"],
                "death_saves": {"successes": 0, "failures": 0},
                "fatigue": {"total": total, "ordinary": s["ordinary"], "wound": len(s["wounds"]), "magic": s["magic"]},
                "wounds": [dict(w) for w in s["wounds"]],
                "constitution": {"base": 14, "improvements": s["imp"], "lost": s["lost"],
                                 "current": 14 + s["imp"] - s["lost"]},
                "wilderness_days": s["wild"]}

    def point(name: str, session) -> None:
        c = card(name)
        series[name].append({"number": number, "session": session, "hp": c["hp"]["current"],
                             "hp_max": c["hp"]["effective_max"], "ordinary": c["fatigue"]["ordinary"],
                             "wound": c["fatigue"]["wound"], "magic": c["fatigue"]["magic"],
                             "con": c["constitution"]["current"]})

    def entry(session, characters, headline, lines, rules, changed) -> dict:
        nonlocal number, clock
        number += 1
        clock += timedelta(seconds=rng.randint(30, 400))
        e = {"number": number, "timestamp": clock.isoformat(), "kind": "synthetic",
             "characters": characters, "headline": headline,
             "lines": [{"text": text, "rules": ids} for text, ids in lines], "rules": rules,
             "notes": [], "voided_by": None, "without_effect": None}
        entries_by_number[number] = e
        for name in changed:
            point(name, session)
        return e

    outside = {"number": None, "title": None, "start": None, "end": None, "entries": [], "party_at_end": []}
    outside["entries"].append(entry(None, [], "Campagne « Les terres de Pangée » ouverte", [], [], []))
    for name in NAMES:
        outside["entries"].append(entry(None, [name], f"{name} rejoint la campagne (CON 14, 50 PV)", [], [], [name]))
    outside["end"] = number
    outside["party_at_end"] = [card(n) for n in NAMES]
    sessions.append(outside)

    while number < commands:
        session_number += 1
        session = session_number
        size = min(commands - number, max(rng.randint(per_session * 3 // 4, per_session * 5 // 4), 2))
        current = {"number": session, "title": f"Chapitre {session} : {rng.choice(['la route', 'les ruines', 'la forêt', 'le marais', 'la cité'])} de {rng.choice(['Brumeval', 'Valmorte', 'Brocéliande', 'Pierrefeu'])}",
                   "start": number + 1, "end": None, "entries": [], "party_at_end": []}
        sessions.append(current)
        current["entries"].append(entry(session, [], f"Début de session : {current['title']}", [], [], []))
        for _ in range(size - 2):
            who = rng.choice(NAMES)
            s = state[who]
            roll = rng.randint(1, 20)
            kind = rng.random()
            if kind < 0.3:
                foe, ac, bonus = rng.choice(FOES), rng.randint(11, 18), rng.randint(3, 8)
                total = roll + bonus
                outcome = "coup critique" if total >= ac + 10 or roll == 20 else "touché" if total >= ac else "raté"
                e = entry(session, [who], f"{who} attaque {foe} (CA {ac}) : d20 {roll} + {bonus} = {total} → {outcome}",
                          [(f"{total} contre CA {ac} : {outcome}", ["CRIT-2", "CRIT-5"])] if outcome == "coup critique" else [],
                          ["BASE-CRIT"], [])
            elif kind < 0.55:
                weapon, dice, die, count = rng.choice(WEAPONS)
                damage = rng.randint(3, 25)
                s["hp"] = max(s["hp"] - damage, 0)
                lines = [(f"PV {s['hp'] + damage} → {s['hp']}", ["BASE-DYING"])]
                if s["hp"] == 0:
                    formula = f"1d{die}+{count}" if count > 1 else f"1d{die}"
                    rests = rng.randint(1, die) + (count if count > 1 else 0)
                    s["wounds"].append({"cause": weapon, "formula": formula, "roll": rests,
                                        "rests_remaining": rests, "rests_total": rests, "treated": False})
                    s["hp"] = 1
                    lines.append((f"Blessure : {weapon} {dice} → {formula} = {rests} repos longs", ["WOUND-1", "WOUND-2", "WOUND-3"]))
                e = entry(session, [who], f"{who} subit {damage} dégâts ({weapon}, {dice}) → conscient", lines,
                          ["BASE-DYING"], [who])
            elif kind < 0.7:
                gain = rng.randint(4, 20)
                s["hp"] = min(s["hp"] + gain, s["hp_max"])
                e = entry(session, [who], f"{who} récupère {gain} PV (potion de soins) → conscient", [], ["BASE-DYING"], [who])
            elif kind < 0.78:
                slot = rng.randint(4, 6)
                failed = roll + 2 < 6 + slot
                if failed:
                    s["magic"] = min(s["magic"] + 1, 2)
                e = entry(session, [who], f"{who} lance boule de feu (niveau {slot}) : JS Constitution d20 {roll} + 2 = {roll + 2} contre DD {6 + slot} → {'échec' if failed else 'réussite'}",
                          [(f"{who} : fatigue +1 (magie)", ["MAGIC-2"])] if failed else [], ["MAGIC-1", "MAGIC-2", "MAGIC-3"],
                          [who] if failed else [])
            elif kind < 0.86:
                changed = []
                lines = []
                for name in NAMES:
                    t = state[name]
                    if t["magic"]:
                        t["magic"] -= 1
                        changed.append(name)
                        lines.append((f"{name} : fatigue magique −1", ["MAGIC-3"]))
                e = entry(session, list(NAMES), "Repos court : Aubin, Mireille, Gaspard, Séraphine → repos court", lines,
                          ["BASE-SHORT-REST", "MAGIC-3"], changed)
            elif kind < 0.93:
                changed, lines = [], [("La nuit se passe en lieu sûr et au calme", ["REST-1"])]
                for name in NAMES:
                    t = state[name]
                    t["hp"] = t["hp_max"]
                    if t["ordinary"]:
                        t["ordinary"] -= 1
                        lines.append((f"{name} : fatigue ordinaire −1", ["FATIGUE-SOURCES"]))
                    if t["wounds"]:
                        w = t["wounds"][0]
                        w["rests_remaining"] -= 1
                        if w["rests_remaining"] <= 0:
                            t["wounds"].pop(0)
                            lines.append((f"{name} : blessure ({w['cause']}) guérie", ["WOUND-6", "RULING-HEAL-ON-REST"]))
                        else:
                            lines.append((f"{name} : blessure ({w['cause']}), encore {w['rests_remaining']} repos longs", ["WOUND-6"]))
                    changed.append(name)
                e = entry(session, list(NAMES), "Repos long : Aubin, Mireille, Gaspard, Séraphine → repos long", lines,
                          ["REST-1", "BASE-LONG-REST", "FATIGUE-SOURCES", "WOUND-6", "RULING-HEAL-ON-REST"], changed)
            elif kind < 0.97:
                s["ordinary"] = min(s["ordinary"] + 1, 2)
                e = entry(session, [who], f"{who} : fatigue +1 (marche forcée)", [], ["FATIGUE-SOURCES", "BASE-FATIGUE"], [who])
            else:
                dc = rng.randint(10, 18)
                e = entry(session, [who], f"{who} test (Perception) DD {dc} : d20 {roll} + 4 = {roll + 4} → {'réussite' if roll + 4 >= dc else 'échec'}",
                          [], ["CRIT-4", "RULING-CHECKS"], [])
            current["entries"].append(e)
            if rng.random() < 0.01:  # a GM's note about this command, recorded as a command
                note = entry(session, [who], f"Note du MJ sur #{e['number']}", [], [], [])
                e["notes"].append({"number": note["number"], "text": "Le joueur conteste le jet ; à revoir <en fin> de *session*."})
                current["entries"].append(note)
            if rng.random() < 0.005 and e["number"] > 10:  # a correction voiding an earlier command
                target = entries_by_number[e["number"] - rng.randint(1, 8)]
                if target["voided_by"] is None and target["kind"] == "synthetic":
                    void = entry(session, target["characters"], f"Correction : #{target['number']} annulée", [], [], [])
                    target["voided_by"] = void["number"]
                    current["entries"].append(void)
            if number >= commands - 1:
                break
        current["entries"].append(entry(session, [], "Fin de session", [], [], []))
        current["end"] = number
        current["party_at_end"] = [card(n) for n in NAMES]
        clock += timedelta(days=7)
    sessions[-1]["end"] = None  # the last session still open
    return {"lang": "fr", "campaign": "Les terres de Pangée", "exported_at": clock.isoformat(),
            "checkpoint": {"number": number, "token": f"{number}-17a996f944fed17595bb8acc"},
            "characters": list(NAMES), "party": [card(n) for n in NAMES], "sessions": sessions,
            "series": series, "rules": {r: rule_text(r) for r in RULES + ["RULING-HEAL-ON-REST", "RULING-CHECKS"]}}


def measure_in_browser(path: Path, runs: int, who: str = "Aubin", search: str = "blessure guerie") -> dict:
    from playwright.sync_api import sync_playwright

    timings = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for run in range(runs):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            start = time.perf_counter()
            page.goto(path.as_uri(), wait_until="load")
            wall = time.perf_counter() - start
            nav = page.evaluate("""() => {
                const n = performance.getEntriesByType('navigation')[0];
                const paint = Object.fromEntries(performance.getEntriesByType('paint').map(p => [p.name, p.startTime]));
                return {dom_content_loaded_ms: n.domContentLoadedEventEnd, load_event_ms: n.loadEventEnd,
                        first_paint_ms: paint['first-paint'] ?? null,
                        first_contentful_paint_ms: paint['first-contentful-paint'] ?? null,
                        nodes: document.getElementsByTagName('*').length};
            }""")
            nav["wall_to_load_s"] = round(wall, 3)
            # the reader's actions: the character filter, a search, a closed session opened
            nav["filter_ms"] = page.evaluate("""(who) => { const t = performance.now();
                const s = document.getElementById('filter-character'); s.value = who;
                s.dispatchEvent(new Event('change')); return performance.now() - t; }""", who)
            nav["filter_status"] = page.locator("#filter-status").inner_text()
            nav["search_ms"] = page.evaluate("""(term) => { const s = document.getElementById('filter-character');
                s.value = ''; s.dispatchEvent(new Event('change'));
                const q = document.getElementById('search'); q.value = term;
                const t = performance.now();
                q.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'})); return performance.now() - t; }""", search)
            nav["search_status"] = page.locator("#filter-status").inner_text()
            page.evaluate("""() => { const q = document.getElementById('search'); q.value = '';
                q.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'})); }""")
            nav["open_session_ms"] = page.evaluate("""() => { const d = document.querySelector('details.session[data-lazy]:not([open])');
                if (!d) return null;  // a short campaign: every session is already open
                const t = performance.now(); d.open = true; d.dispatchEvent(new Event('toggle'));
                d.querySelectorAll('li.entry').length; document.body.offsetHeight; return performance.now() - t; }""")
            nav["errors"] = errors
            timings.append(nav)
            context.close()
        browser.close()
    best = min(timings, key=lambda t: t["load_event_ms"])
    return {**{k: (round(v, 1) if isinstance(v, float) else v) for k, v in best.items()},
            "load_event_ms_runs": [round(t["load_event_ms"], 1) for t in timings]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=20_000)
    parser.add_argument("--per-session", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--runs", type=int, default=3, help="page loads (the fastest counts)")
    parser.add_argument("--keep", type=Path, help="write the page there (else a temporary file)")
    parser.add_argument("--no-browser", action="store_true", help="size only")
    args = parser.parse_args(argv)

    from i18n import use
    from projections.chronicle import render_html

    use("fr")
    print(f"synthesising {args.commands} commands…", file=sys.stderr)
    data = synthesise(args.commands, args.per_session, args.seed)
    start = time.perf_counter()
    html = render_html(data)
    render_s = time.perf_counter() - start
    size = len(html.encode("utf-8"))
    path = args.keep or Path(tempfile.mkdtemp()) / "chronicle.html"
    path.write_text(html, encoding="utf-8")
    figures = {
        "commands": sum(len(s["entries"]) for s in data["sessions"]),
        "sessions": sum(1 for s in data["sessions"] if s["number"] is not None),
        "series_points": {n: len(p) for n, p in data["series"].items()},
        "render_s": round(render_s, 3), "bytes": size, "mb": round(size / 1024 / 1024, 2),
        "limit_mb": 8, "size_ok": size < LIMIT_BYTES, "page": str(path),
    }
    if not args.no_browser:
        print("opening it in Chromium…", file=sys.stderr)
        figures["browser"] = measure_in_browser(path, args.runs)
    print(json.dumps(figures, ensure_ascii=False, indent=2))
    return 0 if figures["size_ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
