"""`pangee export --format html`: one standalone page (inline CSS, inline SVG; no script, no
external resource) with the session log and, per character, fatigue by source and wounds
over positions. Every piece of user text goes through `html.escape`.
"""

from html import escape

from ledger.rules.fold import fold_history

from .exports import extra_note, session_groups, session_heading
from .status import character_view
from .summaries import OUTCOMES_FR

LEVELS = 6  # fatigue 6 is death (BASE-FATIGUE)
SOURCES = (("ordinary", "ordinaire"), ("wound", "blessures"), ("magic", "magie"))

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:72rem;
padding:0 1rem;color:#222;background:#fdfcf8}
h1{margin-bottom:.2rem}h2{border-bottom:2px solid #bbb;padding-bottom:.2rem;margin-top:2.5rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem;font-size:.92rem}
th,td{border:1px solid #ddd;padding:.25rem .45rem;text-align:left;vertical-align:top}
th{background:#eee}td.pos{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.rules{font-family:ui-monospace,monospace;font-size:.8rem;color:#555}
.note{font-style:italic;color:#8a4b00}.meta{color:#666}
svg{display:block;margin:.5rem 0;background:#fff;border:1px solid #ddd}
.ordinary{fill:#6c8ebf}.wound{fill:#b85450}.magic{fill:#9673a6}
.grid{stroke:#ddd;stroke-width:1}.death{stroke:#000;stroke-dasharray:4 3}
svg text{font-size:10px;fill:#555}
.legend span{display:inline-block;width:.8rem;height:.8rem;margin:0 .3rem 0 1rem;vertical-align:middle}
.legend .ordinary{background:#6c8ebf}.legend .wound{background:#b85450}.legend .magic{background:#9673a6}
"""


def figures(sheet) -> dict:
    """What the timeline shows of a character after a command."""
    view = character_view(sheet)
    return {"ordinary": view["fatigue"]["ordinary"], "wound": view["fatigue"]["wound"],
            "magic": view["fatigue"]["magic"], "total": view["fatigue"]["total"],
            "hp": view["hp"]["current"], "hp_max": view["hp"]["effective_max"],
            "condition": view["condition"],
            "wounds": [(w["cause"], w["rests_remaining"], w["rests_total"])
                       for w in view["wounds"]]}


def character_timelines(facts: list[tuple[int, dict]]) -> dict[str, list[dict]]:
    """Fold the recorded facts once (corrections applied); per character, in roster order,
    its figures after every command that changed them: [{"position", …figures}]."""
    timelines: dict[str, list[dict]] = {}
    sheets: dict[str, object] = {}
    for position, _fact, state, _result, _note in fold_history(facts):
        for key, sheet in state.characters.items():
            if sheets.get(key) is sheet:
                continue
            sheets[key] = sheet
            now = figures(sheet)
            points = timelines.setdefault(sheet.name, [])
            if not points or {k: v for k, v in points[-1].items() if k != "position"} != now:
                points.append({"position": position, **now})
    return timelines


# -- the page ------------------------------------------------------------------------------
def to_html(campaign: str, sessions: list[dict], entries: list[dict],
            timelines: dict[str, list[dict]], position: int) -> str:
    name = escape(campaign or "")
    parts = ["<!DOCTYPE html>", '<html lang="fr">', "<head>", '<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{name} — journal de campagne</title>", f"<style>{STYLE}</style>",
             "</head>", "<body>", f"<h1>{name}</h1>",
             f'<p class="meta">Export à la position {position} : {len(entries)} commande(s), '
             f"{len(sessions)} session(s), {len(timelines)} personnage(s).</p>",
             '<p><a href="#journal">Journal des sessions</a> · '
             '<a href="#personnages">Fatigue et blessures par personnage</a></p>']
    parts += log_section(sessions, entries)
    parts += characters_section(timelines, position)
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


def log_section(sessions: list[dict], entries: list[dict]) -> list[str]:
    titles = {s["number"]: s.get("title") for s in sessions}
    out = ['<section id="journal">', "<h2>Journal des sessions</h2>"]
    for number, group in session_groups(entries):
        out.append(f"<h3>{escape(session_heading(number, titles))}</h3>")
        out.append("<table><thead><tr><th>Position</th><th>Date</th><th>Commande</th>"
                   "<th>Règles</th></tr></thead><tbody>")
        for e in group:
            note = extra_note(e)
            note = f'<br><span class="note">{escape(note)}</span>' if note else ""
            out.append(f'<tr><td class="pos">#{e["position"]}</td>'
                       f'<td class="meta">{escape(str(e["timestamp"] or "")[:16].replace("T", " "))}</td>'
                       f"<td>{escape(e['summary'] or '')}{note}</td>"
                       f'<td class="rules">{escape(", ".join(e["rules"]))}</td></tr>')
        out.append("</tbody></table>")
    out.append("</section>")
    return out


def characters_section(timelines: dict[str, list[dict]], position: int) -> list[str]:
    out = ['<section id="personnages">', "<h2>Fatigue et blessures par personnage</h2>",
           '<p class="legend">Niveaux de fatigue par source :'
           + "".join(f'<span class="{key}"></span>{label}' for key, label in SOURCES)
           + " (6 niveaux : la mort).</p>"]
    for number, (name, points) in enumerate(timelines.items(), 1):
        out.append(f'<article class="character" id="personnage-{number}">')
        out.append(f"<h3>{escape(name)}</h3>")
        out.append(fatigue_chart(name, points, position))
        out.append(timeline_table(points))
        out.append("</article>")
    out.append("</section>")
    return out


def fatigue_chart(name: str, points: list[dict], last: int) -> str:
    """Stacked fatigue levels by source, as steps over positions (inline SVG)."""
    width, height, left, top, bottom = 720, 120, 28, 8, 18
    unit = (height - top - bottom) / LEVELS
    first = points[0]["position"] if points else 0
    span = max(last - first + 1, 1)
    plot = width - left - 8

    def x(pos: int) -> float:
        return left + (pos - first) * plot / span

    base = height - bottom
    shapes = [f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
              f' role="img" aria-label="{escape(name)} : fatigue par source">']
    for level in range(LEVELS + 1):
        y = base - level * unit
        css = "death" if level == LEVELS else "grid"
        shapes.append(f'<line class="{css}" x1="{left}" y1="{y:.1f}" x2="{width - 8}" y2="{y:.1f}"/>')
        shapes.append(f'<text x="{left - 14}" y="{y + 3:.1f}">{level}</text>')
    for i, point in enumerate(points):
        start = point["position"]
        end = points[i + 1]["position"] if i + 1 < len(points) else last + 1
        stacked = 0
        for key, label in SOURCES:
            count = point[key]
            if not count:
                continue
            y = base - (stacked + count) * unit
            shapes.append(f'<rect class="{key}" x="{x(start):.1f}" y="{y:.1f}" '
                          f'width="{max(x(end) - x(start), 1):.1f}" height="{count * unit:.1f}">'
                          f"<title>#{start} : {count} niveau(x) {label}</title></rect>")
            stacked += count
    shapes.append(f'<text x="{left}" y="{height - 4}">#{first}</text>')
    shapes.append(f'<text x="{width - 8}" y="{height - 4}" text-anchor="end">#{last}</text>')
    shapes.append("</svg>")
    return "".join(shapes)


def timeline_table(points: list[dict]) -> str:
    rows = ["<table><thead><tr><th>Position</th><th>Fatigue ordinaire</th>"
            "<th>Fatigue de blessures</th><th>Fatigue magique</th><th>Total</th>"
            "<th>Blessures (repos longs restants)</th><th>PV</th><th>État</th>"
            "</tr></thead><tbody>"]
    for p in points:
        wounds = "<br>".join(f"{escape(cause)} ({left}/{total})" for cause, left, total in p["wounds"])
        rows.append(f'<tr><td class="pos">#{p["position"]}</td><td>{p["ordinary"]}</td>'
                    f'<td>{p["wound"]}</td><td>{p["magic"]}</td><td>{p["total"]}</td>'
                    f"<td>{wounds or '—'}</td><td>{p['hp']}/{p['hp_max']}</td>"
                    f"<td>{escape(OUTCOMES_FR.get(p['condition'], p['condition']))}</td></tr>")
    rows.append("</tbody></table>")
    return "".join(rows)
