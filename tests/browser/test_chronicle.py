"""The chronicle page in a real browser (Chromium via Playwright), at 1280 and 400 CSS px:
no script error, no request beyond the file, no sideways scrolling on a phone, the party's
HP, one chart per character with every point, the filter and the search exact, rule links
that land on their text, voids struck through and linked, a hostile name that runs nothing,
both languages. Each page is rendered twice: every session in the markup, and the closed
sessions built by the script on opening (what a long campaign gets)."""

import json
import re
from zoneinfo import ZoneInfo

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # the `browser` fixture skips (or fails under CI)
    expect = None

from projections.chronicle import render_html

from .conftest import speaking
from .sample import HOSTILE, HOSTILE_NOTE, chronicle_data, entries, expected_numbers

pytestmark = pytest.mark.browser

WIDTHS = {"wide": (1280, 900), "phone": (400, 800)}
PAGES = [("fr", "plain"), ("en", "plain"), ("fr", "lazy"), ("en", "lazy")]


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict:
    """(lang, mode) -> (data, path of the page)."""
    folder = tmp_path_factory.mktemp("chronicle")
    out = {}
    for lang, mode in PAGES:
        with speaking(lang):
            data = chronicle_data(lang)
            html = render_html(data, lazy_after=0 if mode == "lazy" else 10_000)
        path = folder / f"chronicle-{lang}-{mode}.html"
        path.write_text(html, encoding="utf-8")
        out[(lang, mode)] = (data, path)
    return out


class Visit:
    """One page opened in a fresh context; what it printed, requested and showed."""

    def __init__(self, browser, path, width, height, timezone="Europe/Paris"):
        self.url = path.as_uri()
        self.errors, self.foreign, self.requests, self.dialogs = [], [], [], []
        self.context = browser.new_context(viewport={"width": width, "height": height},
                                           timezone_id=timezone, has_touch=width < 600)
        self.context.route("**/*", self._route)
        self.page = page = self.context.new_page()
        page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}")
                if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("dialog", self._dialog)
        page.goto(self.url)
        page.wait_for_load_state("load")

    def _route(self, route):
        if route.request.url.split("#")[0] == self.url:
            route.continue_()
        else:
            self.foreign.append(route.request.url)
            route.abort()

    def _dialog(self, dialog):
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def visible_numbers(self) -> list[int]:
        return self.page.evaluate("""() => Array.from(document.querySelectorAll('[data-number]'))
            .filter(e => e.checkVisibility()).map(e => +e.dataset.number)""")

    def settle(self):
        self.page.wait_for_timeout(250)  # the search waits 150 ms after the last key

    def clean(self):
        """No script error, no CSP violation, nothing fetched but the file itself."""
        assert self.errors == []
        assert self.foreign == []
        assert all(u.split("#")[0] == self.url for u in self.requests if not u.startswith("data:")), self.requests
        assert self.dialogs == []

    def close(self):
        self.context.close()


@pytest.fixture
def visit(browser):
    opened = []

    def open_page(path, width=1280, height=900, **kw):
        v = Visit(browser, path, width, height, **kw)
        opened.append(v)
        return v

    yield open_page
    for v in opened:
        v.close()


def open_all_sessions(v: Visit):
    v.page.evaluate("() => document.querySelectorAll('details.session').forEach(d => { d.open = true; })")
    v.page.wait_for_timeout(100)


# -- the page as a whole -------------------------------------------------------------------
@pytest.mark.parametrize("size", WIDTHS)
@pytest.mark.parametrize("key", PAGES, ids=lambda k: "-".join(k))
def test_page_opens_clean_and_never_scrolls_sideways(pages, visit, artefacts, key, size):
    data, path = pages[key]
    width, height = WIDTHS[size]
    v = visit(path, width, height)
    shot = f"chronicle-{key[0]}-{key[1]}-{width}"
    v.page.screenshot(path=str(artefacts / f"{shot}-top.png"))
    assert v.page.evaluate("document.documentElement.scrollWidth") <= width
    open_all_sessions(v)  # every entry and every party table laid out
    assert v.page.evaluate("document.documentElement.scrollWidth") <= width
    assert v.page.evaluate("document.body.scrollWidth") <= width
    v.page.screenshot(path=str(artefacts / f"{shot}-full.png"), full_page=True)
    assert len(v.visible_numbers()) == len(entries(data))
    v.clean()


def test_content_security_policy_forbids_remote_loads(pages):
    _data, path = pages[("en", "plain")]
    html = path.read_text(encoding="utf-8")
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html).group(1)
    assert "default-src 'none'" in csp and "script-src 'sha256-" in csp and "unsafe-inline" not in csp
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    assert html.count("<script") == 2  # the data (JSON, not run) and the one script
    embedded = re.search(r'<script type="application/json" id="chronicle-data">(.*?)</script>', html, re.S).group(1)
    assert "<" not in embedded and ">" not in embedded and "&" not in embedded
    assert HOSTILE in json.loads(embedded)["names"]


# -- the party -----------------------------------------------------------------------------
@pytest.mark.parametrize("size", WIDTHS)
def test_party_cards_show_each_characters_hp(pages, visit, size):
    data, path = pages[("fr", "plain")]
    v = visit(path, *WIDTHS[size])
    cards = v.page.evaluate("""() => Array.from(document.querySelectorAll('#party .card')).map(c => ({
        name: c.querySelector('h3').textContent, hp: c.querySelector('.hp-value').textContent,
        condition: c.querySelector('.condition').textContent}))""")
    assert cards == [{"name": c["name"], "hp": f"{c['hp']['current']} / {c['hp']['effective_max']}",
                      "condition": c["condition_text"]} for c in data["party"]]
    v.clean()


def test_party_cards_show_wounds_fatigue_constitution_and_checkpoint(pages, visit):
    data, path = pages[("en", "plain")]
    v = visit(path)
    aubin = v.page.locator("#party .card", has_text="Aubin")
    text = aubin.inner_text()
    assert "greatsword" in text and "1d6+2 → 5" in text
    assert "1 long rest to go (of 5)" in text and "treated" in text
    hostile = v.page.locator("#party .card").nth(3).inner_text()
    assert "4 long rests to go (of 5)" in hostile
    assert "base 14 · improvements +2 · lost −0" in v.page.locator("#party .card").nth(1).inner_text()
    checkpoint = data["checkpoint"]
    head = v.page.locator(".checkpoint").inner_text()
    assert checkpoint["token"] in head and f"#{checkpoint['number']}" in head
    v.clean()


# -- the charts ----------------------------------------------------------------------------
@pytest.mark.parametrize("size", WIDTHS)
@pytest.mark.parametrize("mode", ["plain", "lazy"])
def test_one_chart_per_character_with_every_point(pages, visit, size, mode):
    data, path = pages[("en", mode)]
    width, height = WIDTHS[size]
    v = visit(path, width, height)
    charts = v.page.evaluate("""() => Array.from(document.querySelectorAll('.chart')).map(c => {
        const svg = c.querySelector('svg');
        return {name: c.dataset.name, points: +svg.dataset.points, dots: svg.querySelectorAll('.pt').length,
                width: svg.getBoundingClientRect().width, box: c.clientWidth,
                labels: Array.from(svg.querySelectorAll('.slabel')).map(t => t.textContent)};
    })""")
    assert [c["name"] for c in charts] == list(data["series"])
    for chart in charts:
        assert chart["points"] == chart["dots"] == len(data["series"][chart["name"]])
        assert abs(chart["width"] - chart["box"]) <= 1  # fills its width
        assert any(label.startswith("S1") for label in chart["labels"])
    if width >= 1000:  # room for the sessions' titles
        assert any("The ruins of Valmorte" in label for label in charts[0]["labels"])
    v.clean()


@pytest.mark.parametrize("mode", ["plain", "lazy"])
def test_pointing_at_a_chart_shows_the_command(pages, visit, mode):
    data, path = pages[("en", mode)]
    v = visit(path)
    point = data["series"]["Aubin"][4]
    entry = next(e for e in entries(data) if e["number"] == point["number"])
    svg = v.page.locator('.chart[data-name="Aubin"] svg')
    svg.scroll_into_view_if_needed()
    box = svg.bounding_box()
    x = v.page.evaluate("""([n]) => {
        const svg = document.querySelector('.chart[data-name="Aubin"] svg');
        const dot = svg.querySelectorAll('.pt')[4];
        return +dot.getAttribute('cx') * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    }""", [point["number"]])
    v.page.mouse.move(box["x"] + x + 2, box["y"] + 80)
    tip = v.page.locator('.chart[data-name="Aubin"] .chart-tip')
    assert tip.is_visible()
    text = tip.inner_text()
    assert f"#{point['number']}" in text and entry["headline"] in text
    assert f"HP {point['hp']} / {point['hp_max']}" in text
    tip.get_by_role("link").click()  # to the log, opening the session when it is closed
    v.page.wait_for_timeout(100)
    assert v.page.evaluate("location.hash") == f"#cmd-{point['number']}"
    assert v.page.locator(f"#cmd-{point['number']}").is_visible()
    v.clean()


def test_tapping_a_chart_on_a_phone_shows_the_command(pages, visit):
    data, path = pages[("fr", "plain")]
    v = visit(path, *WIDTHS["phone"])
    svg = v.page.locator('.chart[data-name="Gaspard"] svg')
    svg.scroll_into_view_if_needed()
    box = svg.bounding_box()
    v.page.touchscreen.tap(box["x"] + box["width"] - 20, box["y"] + 60)
    tip = v.page.locator('.chart[data-name="Gaspard"] .chart-tip')
    assert tip.is_visible()
    last = data["series"]["Gaspard"][-1]
    assert f"#{last['number']}" in tip.inner_text()
    tip_box = tip.bounding_box()
    assert tip_box["x"] >= 0 and tip_box["x"] + tip_box["width"] <= 400
    v.clean()


# -- the log: filter, search, links --------------------------------------------------------
@pytest.mark.parametrize("mode", ["plain", "lazy"])
def test_the_latest_session_is_open_the_others_closed(pages, visit, mode):
    data, path = pages[("fr", mode)]
    v = visit(path)
    opened = v.page.evaluate("() => Array.from(document.querySelectorAll('details.session')).map(d => d.open)")
    assert opened == [False] * (len(data["sessions"]) - 1) + [True]
    assert v.visible_numbers() == [e["number"] for e in data["sessions"][-1]["entries"]]
    if mode == "lazy":  # closed sessions are built when opened, not before
        assert v.page.locator("#s1 li.entry").count() == 0
        v.page.locator("#s1 > summary").click()
        expect(v.page.locator("#s1 li.entry")).to_have_count(len(data["sessions"][1]["entries"]))
    v.clean()


@pytest.mark.parametrize("key", PAGES, ids=lambda k: "-".join(k))
def test_character_filter_shows_exactly_the_matching_entries(pages, visit, key):
    data, path = pages[key]
    v = visit(path)
    for name in data["characters"]:
        v.page.select_option("#filter-character", value=name)
        assert sorted(v.visible_numbers()) == expected_numbers(data, name), name
        selector = 'li.entry[data-character~="%s"]' % name.replace(" ", "\u00a0").replace('"', '\\"')
        in_dom = v.page.locator(selector).count()
        assert in_dom == len(expected_numbers(data, name))  # every session with a match opened
    v.page.select_option("#filter-character", value="")
    assert v.visible_numbers() == [e["number"] for e in data["sessions"][-1]["entries"]]
    v.clean()


SEARCHES = {"fr": ["blessure", "epee", "#3", "WOUND-4", "onerror", "gaspard potion", "zzz", "JOURNÉE"],
            "en": ["wound", "greatsword", "#3", "WOUND-4", "onerror", "gaspard potion", "zzz", "DAY"]}


@pytest.mark.parametrize("key", PAGES, ids=lambda k: "-".join(k))
def test_search_shows_exactly_the_matching_entries(pages, visit, key):
    data, path = pages[key]
    v = visit(path)
    for query in SEARCHES[key[0]]:
        v.page.fill("#search", query)
        v.settle()
        expected = expected_numbers(data, None, query)
        assert sorted(v.visible_numbers()) == expected, query
        status = v.page.locator("#filter-status").inner_text()
        assert (str(len(expected)) in status) if expected else status
    # the filter and the search together
    v.page.fill("#search", SEARCHES[key[0]][0])
    v.page.select_option("#filter-character", value=HOSTILE)
    v.settle()
    assert sorted(v.visible_numbers()) == expected_numbers(data, HOSTILE, SEARCHES[key[0]][0])
    v.page.fill("#search", "")
    v.page.select_option("#filter-character", value="")
    v.settle()
    assert v.visible_numbers() == [e["number"] for e in data["sessions"][-1]["entries"]]
    v.clean()


@pytest.mark.parametrize("mode", ["plain", "lazy"])
def test_a_rule_link_lands_on_its_text(pages, visit, mode):
    data, path = pages[("fr", mode)]
    v = visit(path)
    link = v.page.locator('#log a.rule[href="#rule-RULING-FORAGING"]').first
    link.click()
    v.page.wait_for_timeout(100)
    assert v.page.evaluate("document.querySelector(':target').id") == "rule-RULING-FORAGING"
    target = v.page.locator("#rule-RULING-FORAGING")
    assert target.is_visible() and target.evaluate(
        "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }")
    assert target.locator("dd").inner_text() == data["rules"]["RULING-FORAGING"]
    assert "Se procurer de la nourriture" in data["rules"]["RULING-FORAGING"]
    # every rule id the page links to is in the glossary
    missing = v.page.evaluate("""() => { document.querySelectorAll('details.session').forEach(d => { d.open = true; });
        return Array.from(document.querySelectorAll('a.rule')).map(a => a.getAttribute('href'))
          .filter(h => !document.getElementById(h.slice(1))); }""")
    assert missing == []
    v.clean()


@pytest.mark.parametrize("mode", ["plain", "lazy"])
def test_a_voided_entry_is_struck_through_and_links_its_void(pages, visit, mode):
    data, path = pages[("en", mode)]
    voided = next(e for e in entries(data) if e["voided_by"])
    v = visit(path)
    open_all_sessions(v)
    entry = v.page.locator(f"#cmd-{voided['number']}")
    assert "voided" in entry.get_attribute("class")
    assert "line-through" in entry.locator(".headline .text").evaluate("e => getComputedStyle(e).textDecorationLine")
    link = entry.locator(".void-note a")
    assert link.get_attribute("href") == f"#cmd-{voided['voided_by']}"
    v.page.evaluate("() => document.querySelectorAll('details.session').forEach(d => d.open = false)")
    v.page.goto(f"{v.url}#cmd-{voided['number']}")  # a link from elsewhere opens the session
    v.page.wait_for_timeout(100)
    v.page.locator(f"#cmd-{voided['number']} .void-note a").click()
    v.page.wait_for_timeout(100)
    assert v.page.evaluate("document.querySelector(':target').dataset.number") == str(voided["voided_by"])
    without = next(e for e in entries(data) if e["without_effect"])
    assert without["without_effect"] in v.page.locator(f"#cmd-{without['number']}").inner_text()
    v.clean()


@pytest.mark.parametrize("mode", ["plain", "lazy"])
def test_notes_are_shown_under_their_command_as_text(pages, visit, mode):
    data, path = pages[("en", mode)]
    noted = next(e for e in entries(data) if e["notes"])
    v = visit(path)
    open_all_sessions(v)
    note = v.page.locator(f"#cmd-{noted['number']} .notes li")
    assert note.locator(".text").text_content() == HOSTILE_NOTE
    assert note.locator("a").get_attribute("href") == f"#cmd-{noted['notes'][0]['number']}"
    v.clean()


# -- hostile text --------------------------------------------------------------------------
@pytest.mark.parametrize("key", PAGES, ids=lambda k: "-".join(k))
def test_a_hostile_name_runs_nothing(pages, visit, key):
    data, path = pages[key]
    v = visit(path)
    open_all_sessions(v)
    v.page.select_option("#filter-character", value=HOSTILE)
    v.page.fill("#search", "onerror")
    v.settle()
    svg = v.page.locator('.chart svg').nth(3)
    svg.scroll_into_view_if_needed()
    box = svg.bounding_box()
    v.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 80)  # the tooltip names it too
    v.page.wait_for_timeout(200)
    injected = v.page.evaluate("""() => ({
        img: document.querySelectorAll('img').length,
        scripts: document.querySelectorAll('script').length,
        handlers: Array.from(document.querySelectorAll('*')).filter(e => e.hasAttribute('onerror')).length,
        names: Array.from(document.querySelectorAll('#party h3')).map(h => h.textContent)})""")
    assert injected == {"img": 0, "scripts": 2, "handlers": 0, "names": data["characters"]}
    assert v.dialogs == []
    v.clean()


# -- languages and times -------------------------------------------------------------------
LABELS = {"fr": ["Le groupe", "Au fil du temps", "Journal", "Tous les personnages", "Rechercher",
                 "Point de contrôle", "Aucune blessure.", "Blessures, guéries dans l’ordre"],
          "en": ["The party", "Over time", "Log", "All characters", "Search", "Checkpoint",
                 "No wound.", "Wounds, healed in order"]}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_page_speaks_one_language(pages, visit, lang):
    data, path = pages[(lang, "plain")]
    other = "en" if lang == "fr" else "fr"
    v = visit(path)
    v.page.locator('.chart[data-name="Aubin"] svg').hover()
    text = v.page.evaluate("() => ['header', 'main', 'footer'].map(s => document.querySelector(s).textContent).join('\\n')")
    label_text = v.page.evaluate("""() => Array.from(document.querySelectorAll(
        'h2, nav, label, option, .toolbar, .stat-label, .small, summary .s-meta, .chart text, .chart-tip, .legend'))
        .map(e => e.innerText || e.textContent).join('\\n')""")
    assert v.page.evaluate("document.documentElement.lang") == lang
    for label in LABELS[lang]:
        assert label in text, label
    for label in LABELS[other]:
        if label not in ("Journal",):  # a word of both languages' dictionaries, not of ours
            assert label not in label_text, label
    placeholder = v.page.get_attribute("#search", "placeholder")
    assert placeholder == ("mots, #numéro, règle" if lang == "fr" else "words, #number, rule id")
    assert ("PV" if lang == "fr" else "HP") in v.page.locator(".chart svg").first.text_content()
    plural = "2 jours en pleine nature" if lang == "fr" else "2 days in the wild"
    assert plural in text
    glossary = v.page.locator("#rule-WOUND-3 dd").inner_text()
    assert glossary.startswith("Jeter le dé de dégâts" if lang == "fr" else "Roll the damage die")
    v.clean()


def test_times_are_shown_in_the_readers_time_zone(pages, visit):
    data, path = pages[("fr", "plain")]
    v = visit(path, timezone="Asia/Tokyo")
    first = data["sessions"][-1]["entries"][0]
    from datetime import datetime

    local = datetime.fromisoformat(first["timestamp"]).astimezone(ZoneInfo("Asia/Tokyo"))
    time = v.page.locator(f"#cmd-{first['number']} time")
    assert local.strftime("%H:%M") in time.inner_text()
    assert time.get_attribute("title") == datetime.fromisoformat(first["timestamp"]).strftime("%Y-%m-%d %H:%M UTC")
    v.clean()


def test_lazy_entries_are_built_exactly_like_the_markup(pages, visit):
    """The script's entries (closed sessions of a long campaign) and Jinja's are one markup."""
    canon = """() => {
        const walk = n => n.nodeType === 3 ? (n.textContent.trim() ? n.textContent.replace(/\\s+/g, ' ') : null)
          : [n.tagName.toLowerCase(), Array.from(n.attributes).map(a => [a.name, a.value]).sort(),
             Array.from(n.childNodes).map(walk).filter(x => x !== null)];
        document.querySelectorAll('details.session').forEach(d => d.open = true);
        return Array.from(document.querySelectorAll('li.entry')).map(walk);
    }"""
    for lang in ("fr", "en"):
        plain = visit(pages[(lang, "plain")][1])
        lazy = visit(pages[(lang, "lazy")][1])
        lazy.page.evaluate(canon)
        assert json.dumps(lazy.page.evaluate(canon)) == json.dumps(plain.page.evaluate(canon))


def test_print_view_opens_every_session_and_hides_the_controls(pages, visit, artefacts):
    data, path = pages[("en", "lazy")]
    v = visit(path)
    v.page.emulate_media(media="print")
    v.page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    assert len(v.visible_numbers()) == len(entries(data))
    assert not v.page.locator(".toolbar").is_visible()
    v.page.screenshot(path=str(artefacts / "chronicle-en-print.png"), full_page=True)
    v.page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
    v.page.emulate_media(media="screen")
    assert v.visible_numbers() == [e["number"] for e in data["sessions"][-1]["entries"]]
    v.clean()


def test_the_harness_sees_remote_loads_and_policy_violations(pages, visit, tmp_path):
    """The checks above would catch a page that fetches something (or breaks its policy)."""
    html = pages[("en", "plain")][1].read_text(encoding="utf-8")
    leaky = tmp_path / "leaky.html"
    leaky.write_text(html.replace('<meta http-equiv="Content-Security-Policy"', '<meta name="x"')
                     .replace("</body>", '<img src="http://example.invalid/x.png"></body>'), encoding="utf-8")
    v = visit(leaky)
    assert v.foreign == ["http://example.invalid/x.png"]
    blocked = tmp_path / "blocked.html"
    blocked.write_text(html.replace("</body>", '<img src="http://example.invalid/x.png">'
                                    '<script>alert(1)</script></body>'), encoding="utf-8")
    v = visit(blocked)
    assert v.foreign == [] and v.dialogs == []
    assert any("Content Security Policy" in e for e in v.errors), v.errors


def test_an_empty_campaign_opens_clean(visit, tmp_path):
    data = {"lang": "en", "campaign": "<b>Nothing</b> yet", "exported_at": "2026-11-30T13:17:14+00:00",
            "checkpoint": None, "characters": [], "party": [], "sessions": [], "series": {}, "rules": {}}
    with speaking("en"):
        html = render_html(data)
    path = tmp_path / "empty.html"
    path.write_text(html, encoding="utf-8")
    for width, height in WIDTHS.values():
        v = visit(path, width, height)
        assert v.page.locator("h1").inner_text() == "<b>Nothing</b> yet"
        assert v.page.locator("#filter-status").inner_text() == "0 entries"
        assert v.visible_numbers() == []
        v.clean()
