/* The chronicle's one script: local times, sessions built on opening, the character filter and
   the search, the charts, the print view. Plain JavaScript, no library; user text is only ever
   set with textContent. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("chronicle-data").textContent);
  var L = D.labels, S = D.sessions, NS = "http://www.w3.org/2000/svg";
  var OPEN_LIMIT = 1500;   // matches opened at once by a filter; beyond it, counts per session
  var PRINT_LIMIT = 5000;  // entries printed in full; beyond it, only the open sessions
  var plural = new Intl.PluralRules(D.lang);
  var when = new Intl.DateTimeFormat(D.lang, {dateStyle: "medium", timeStyle: "short"});
  var day = new Intl.DateTimeFormat(D.lang, {dateStyle: "medium"});

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? String(values[k]) : m; });
  }
  function counted(forms, n) { return (forms[plural.select(n)] || forms.other).replace("%(num)d", n); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function sv(tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function later(fn, ms) {
    var t;
    return function () { clearTimeout(t); t = setTimeout(fn, ms); };
  }

  // -- times: UTC in the markup, the reader's time zone on screen --------------------------
  function localise(node) {
    var d = new Date(node.getAttribute("datetime"));
    if (isNaN(d)) return;
    node.title = d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
    node.textContent = (node.classList.contains("date") ? day : when).format(d);
  }
  Array.prototype.forEach.call(document.querySelectorAll("time[datetime]"), localise);

  // -- entries: the markup of _macros.html, built for the sessions rendered on opening ----
  function ruleSpan(ids, parent) {
    if (!ids || !ids.length) return;
    var span = el("span", "rules");
    ids.forEach(function (r, i) {
      if (i) span.appendChild(document.createTextNode(" "));
      var a = el("a", "rule", r);
      a.href = "#rule-" + r;
      span.appendChild(a);
    });
    parent.appendChild(document.createTextNode(" "));
    parent.appendChild(span);
  }
  function cmdLink(n, cls, text) {
    var a = el("a", cls, text);
    a.href = "#cmd-" + n;
    return a;
  }
  // row: [number, timestamp, [character index], headline, [[text, [rule]]], [rule], [[note number, text]],
  //       voided_by, without_effect, [number it voids], [number it is a note on]]
  function buildEntry(row) {
    var n = row[0];
    var li = el("li", "entry" + (row[7] ? " voided" : "") + (row[8] ? " no-effect" : ""));
    li.id = "cmd-" + n;
    li.setAttribute("data-number", n);
    li.setAttribute("data-character", row[2].map(function (i) { return D.tokens[i]; }).join(" "));
    li.setAttribute("data-ci", row[2].join(" "));
    var head = el("div", "entry-head"), time = el("time", null, row[1]);
    head.appendChild(cmdLink(n, "num", "#" + n));
    head.appendChild(document.createTextNode(" "));
    time.setAttribute("datetime", row[1]);
    localise(time);
    head.appendChild(time);
    li.appendChild(head);
    var body = el("div", "entry-body"), p = el("p", "headline");
    p.appendChild(el("span", "text", row[3]));
    ruleSpan(row[5], p);
    body.appendChild(p);
    if (row[4].length) {
      var ul = el("ul", "lines");
      row[4].forEach(function (line) {
        var item = el("li");
        item.appendChild(el("span", "text", line[0]));
        ruleSpan(line[1], item);
        ul.appendChild(item);
      });
      body.appendChild(ul);
    }
    [[row[9], L.voids], [row[10], L.noteOn]].forEach(function (refs) {
      refs[0].forEach(function (m) {
        var r = el("p", "ref-note", refs[1] + " ");
        r.appendChild(cmdLink(m, null, "#" + m));
        body.appendChild(r);
      });
    });
    if (row[7]) {
      var v = el("p", "void-note", L.voidedBy + " ");
      v.appendChild(cmdLink(row[7], null, "#" + row[7]));
      body.appendChild(v);
    }
    if (row[8]) {
      var w = el("p", "no-effect-note", L.withoutEffect + " ");
      w.appendChild(el("span", "text", row[8]));
      body.appendChild(w);
    }
    if (row[6].length) {
      var notes = el("ul", "notes");
      row[6].forEach(function (note) {
        var item = el("li");
        item.appendChild(cmdLink(note[0], "note-ref", L.note + " #" + note[0]));
        item.appendChild(document.createTextNode(" "));
        item.appendChild(el("span", "text", note[1]));
        notes.appendChild(item);
      });
      body.appendChild(notes);
    }
    li.appendChild(body);
    return li;
  }

  var boxes = S.map(function (s) { return document.getElementById(s.id); });
  function rendered(i) {
    var s = S[i];
    if (!s.rows || s.built) return;
    var frag = document.createDocumentFragment();
    s.rows.forEach(function (row) { frag.appendChild(buildEntry(row)); });
    boxes[i].querySelector("ol.entries").appendChild(frag);
    s.built = true;
  }

  // -- the filter and the search: over the data, whether a session is built or not --------
  function norm(text) { return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }
  function rowText(row) {
    var parts = ["#" + row[0], row[3]].concat(row[5]);
    row[2].forEach(function (i) { parts.push(D.names[i]); });
    row[4].forEach(function (line) { parts.push(line[0]); parts = parts.concat(line[1]); });
    row[6].forEach(function (note) { parts.push(note[1]); });
    if (row[8]) parts.push(row[8]);
    return parts.join("\n");
  }
  function nodeText(li) {
    var parts = ["#" + li.getAttribute("data-number")];
    Array.prototype.forEach.call(li.querySelectorAll(".text, a.rule"), function (e) { parts.push(e.textContent); });
    ciOf(li).forEach(function (i) { parts.push(D.names[i]); });
    return parts.join("\n");
  }
  function ciOf(li) {
    var v = li.getAttribute("data-ci");
    return v ? v.split(" ").map(Number) : [];
  }
  var index = [];
  function records(i) {
    if (!index[i]) {
      index[i] = S[i].rows ? S[i].rows.map(function (r) { return {ci: r[2], text: norm(rowText(r))}; })
        : Array.prototype.map.call(boxes[i].querySelectorAll("ol.entries > li.entry"), function (li) {
          return {ci: ciOf(li), text: norm(nodeText(li))};
        });
    }
    return index[i];
  }
  var select = document.getElementById("filter-character"), search = document.getElementById("search");
  var status = document.getElementById("filter-status");
  var who = -1, terms = [], autoOpened = [];
  var total = S.reduce(function (sum, s) { return sum + s.count; }, 0);
  function active() { return who >= 0 || terms.length > 0; }
  function matches(rec) {
    if (who >= 0 && rec.ci.indexOf(who) < 0) return false;
    for (var t = 0; t < terms.length; t++) if (rec.text.indexOf(terms[t]) < 0) return false;
    return true;
  }
  function showMatches(i) {
    if (!boxes[i].open) return;
    rendered(i);
    var recs = records(i), items = boxes[i].querySelectorAll("ol.entries > li.entry");
    for (var j = 0; j < items.length; j++) items[j].hidden = active() && !matches(recs[j]);
  }
  function apply() {
    who = select.value === "" ? -1 : D.names.indexOf(select.value);
    terms = norm(search.value).split(/\s+/).filter(Boolean);
    var on = active(), counts = S.map(function (s, i) {
      return on ? records(i).filter(matches).length : s.count;
    });
    var found = counts.reduce(function (a, b) { return a + b; }, 0);
    if (!on) {
      autoOpened.forEach(function (i) { boxes[i].open = false; });
      autoOpened = [];
    }
    S.forEach(function (s, i) {
      var box = boxes[i];
      box.hidden = on && counts[i] === 0;
      box.querySelector(".s-match").textContent = on ? counted(L.matching, counts[i]) : "";
      if (on && counts[i] && !box.open && found <= OPEN_LIMIT) {
        box.open = true;
        autoOpened.push(i);
      }
      showMatches(i);
    });
    status.textContent = on ? (found ? counted(L.matching, found) + " " + fill(L.shownOf, {total: total}) : L.noMatch)
      : counted(L.entries, total);
  }
  select.addEventListener("change", apply);
  search.addEventListener("input", later(apply, 150));
  search.addEventListener("keydown", function (ev) { if (ev.key === "Enter") apply(); });
  boxes.forEach(function (box, i) { box.addEventListener("toggle", function () { showMatches(i); }); });

  // -- links to a command: open its session (and show it, whatever the filter) --------------
  function sessionOf(n) {
    for (var i = 0; i < S.length; i++) if (S[i].first !== null && S[i].first <= n && n <= S[i].last) return i;
    return -1;
  }
  function reveal(n) {
    var i = sessionOf(n);
    if (i < 0) return null;
    boxes[i].open = true;
    rendered(i);
    var li = document.getElementById("cmd-" + n);
    if (li && (li.hidden || boxes[i].hidden)) {
      select.value = "";
      search.value = "";
      apply();
    }
    showMatches(i);
    return li;
  }
  function fromHash() {
    var m = /^#cmd-(\d+)$/.exec(location.hash);
    if (!m) return;
    var li = reveal(+m[1]);
    if (li) li.scrollIntoView();
  }
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest('a[href^="#cmd-"]') : null;
    if (a) reveal(+a.getAttribute("href").slice(5));
  });
  window.addEventListener("hashchange", fromHash);

  // -- charts: HP, fatigue by source (stacked), Constitution against the command number -----
  // point: [number, session index, hp, hp_max, ordinary, wound, magic, con] (+ summary:
  // lowest hp, highest hp, first command of the session's run)
  function r1(v) { return Math.round(v * 10) / 10; }
  function niceStep(span, count) {
    var raw = span / Math.max(count, 1), mag = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / mag;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
  }
  function sessionName(i) { return i < 0 ? L.outside : S[i].label; }
  function headlineOf(n) {
    var li = document.getElementById("cmd-" + n);
    if (li) return li.querySelector(".headline .text").textContent;
    var i = sessionOf(n), rows = i < 0 ? null : S[i].rows;
    if (!rows) return "";
    var lo = 0, hi = rows.length - 1;
    while (lo <= hi) {
      var mid = (lo + hi) >> 1;
      if (rows[mid][0] === n) return rows[mid][3];
      if (rows[mid][0] < n) lo = mid + 1; else hi = mid - 1;
    }
    return "";
  }

  function draw(box, chart, W) {
    var pts = chart.points, sum = chart.summary, x0 = D.xmin, x1 = Math.max(D.xmax, D.xmin + 1);
    var ml = 42, mr = 12, pw = Math.max(W - ml - mr, 60), top = 22;
    var panels = [{key: "hp", h: 110, title: L.hp}, {key: "fat", h: 66, title: L.fatigue},
      {key: "con", h: 44, title: L.con}];
    var y = top;
    panels.forEach(function (p) { p.y0 = y + 22; p.y1 = p.y0 + p.h; y = p.y1 + 8; });
    var bottom = panels[2].y1, H = bottom + 36;
    var svg = sv("svg", {viewBox: "0 0 " + W + " " + H, width: W, height: H, role: "img",
      "data-points": pts.length, "data-raw-points": chart.raw, "data-summary": sum ? "session" : ""});
    svg.appendChild(sv("title", {}, box.getAttribute("aria-label")));
    function X(n) { return r1(ml + (n - x0) / (x1 - x0) * pw); }
    // sessions: shaded bands, a line at each start, the number (and title when it fits)
    var odd = false, free = ml;  // labels: the number always when it fits, the title too when room
    S.forEach(function (s) {
      if (s.n === null || s.start === null) return;
      var a = X(Math.max(s.start, x0)), b = X(s.end === null ? x1 : s.end), g = sv("g", {});
      g.appendChild(sv("title", {}, s.label));
      g.appendChild(sv("rect", {x: a, y: top, width: Math.max(b - a, 1), height: bottom - top, "class": odd ? "band-a" : "band-b"}));
      g.appendChild(sv("line", {x1: a, x2: a, y1: top - 4, y2: bottom, "class": "sline"}));
      var label = fill(L.sessionShort, {number: s.n}), room = b - a - 6;
      if (s.title && room > (label.length + 4) * 6.4) {
        var full = label + " " + s.title, fit = Math.floor(room / 6.4);
        label = full.length > fit ? full.slice(0, Math.max(fit - 1, 0)) + "…" : full;
      }
      var width = label.length * 7;
      if (a + 3 >= free && a + 3 + width <= ml + pw + mr) {  // may run over the next, unlabelled band
        g.appendChild(sv("text", {x: a + 3, y: 13, "class": "slabel"}, label));
        free = a + 3 + width + 6;
      }
      svg.appendChild(g);
      odd = !odd;
    });
    // panels: title, grid, y labels
    var hpTop = Math.max.apply(null, pts.map(function (p) { return p[3]; }).concat(1));
    var cons = pts.map(function (p) { return p[7]; }), cLo = Math.min.apply(null, cons) - 1, cHi = Math.max.apply(null, cons) + 1;
    function yOf(panel, v, lo, hi) { return r1(panel.y1 - (v - lo) / (hi - lo) * panel.h); }
    var Y = {
      hp: function (v) { return yOf(panels[0], v, 0, hpTop); },
      fat: function (v) { return yOf(panels[1], Math.min(v, 6), 0, 6); },
      con: function (v) { return yOf(panels[2], v, cLo, cHi); }
    };
    var ticks = {hp: [0, Math.round(hpTop / 2), hpTop], fat: [0, 2, 4, 6], con: [cLo + 1, cHi - 1]};
    panels.forEach(function (p) {
      svg.appendChild(sv("text", {x: 4, y: p.y0 - 9, "class": "ptitle"}, p.title));
      ticks[p.key].filter(function (v, i, a) { return a.indexOf(v) === i; }).forEach(function (v) {
        var ty = Y[p.key](v);
        svg.appendChild(sv("line", {x1: ml, x2: ml + pw, y1: ty, y2: ty, "class": p.key === "fat" && v === 6 ? "death" : "grid"}));
        svg.appendChild(sv("text", {x: ml - 5, y: ty + 4, "text-anchor": "end"}, String(v)));
      });
      svg.appendChild(sv("line", {x1: ml, x2: ml, y1: p.y0, y2: p.y1, "class": "axis"}));
    });
    if (panels[1].h) svg.appendChild(sv("text", {x: ml + pw, y: Y.fat(6) - 3, "text-anchor": "end", "class": "small-label"}, L.death));
    // x axis
    var step = niceStep(x1 - x0, Math.floor(pw / 70)), t = Math.ceil(x0 / step) * step;
    svg.appendChild(sv("line", {x1: ml, x2: ml + pw, y1: bottom, y2: bottom, "class": "axis"}));
    for (; t <= x1; t += step) {
      svg.appendChild(sv("line", {x1: X(t), x2: X(t), y1: bottom, y2: bottom + 4, "class": "axis"}));
      var edge = X(t) + String(t).length * 3.5 > W - 2;
      svg.appendChild(sv("text", {x: X(t), y: bottom + 16, "text-anchor": edge ? "end" : "middle"}, String(t)));
    }
    svg.appendChild(sv("text", {x: ml + pw / 2, y: bottom + 32, "text-anchor": "middle"}, L.command));
    // the figures: steps between commands, straight lines between session ends (summary)
    function nextX(i) { return i + 1 < pts.length ? X(pts[i + 1][0]) : X(x1); }
    function line(get, scale) {
      var d = "";
      pts.forEach(function (p, i) {
        var px = X(p[0]), py = scale(get(p));
        d += i === 0 ? "M" + px + " " + py : (sum ? "L" + px + " " + py : "H" + px + "V" + py);
      });
      return d + (sum ? "" : "H" + X(x1));
    }
    function area(lower, upper) {
      var upperEdge = [], lowerEdge = [];
      pts.forEach(function (p, i) {
        var a = X(p[0]), b = sum ? a : nextX(i);
        upperEdge.push(a + " " + Y.fat(upper(p)), b + " " + Y.fat(upper(p)));
        lowerEdge.push(a + " " + Y.fat(lower(p)), b + " " + Y.fat(lower(p)));
      });
      return "M" + upperEdge.join("L") + "L" + lowerEdge.reverse().join("L") + "Z";
    }
    if (sum) {
      pts.forEach(function (p) {
        var a = X(p[10]), b = Math.max(X(p[0]), a + 2);
        svg.appendChild(sv("rect", {x: a, width: r1(b - a), y: Y.hp(p[9]), height: r1(Math.max(Y.hp(p[8]) - Y.hp(p[9]), 1)), "class": "hpband"}));
      });
    }
    var layers = [["f-ordinary", 4], ["f-wound", 5], ["f-magic", 6]];
    layers.forEach(function (layer, k) {
      function base(p) { var s = 0; for (var j = 0; j < k; j++) s += p[layers[j][1]]; return s; }
      svg.appendChild(sv("path", {d: area(base, function (p) { return base(p) + p[layer[1]]; }), "class": layer[0]}));
    });
    svg.appendChild(sv("path", {d: line(function (p) { return p[3]; }, Y.hp), "class": "hpmax"}));
    svg.appendChild(sv("path", {d: line(function (p) { return p[2]; }, Y.hp), "class": "hp"}));
    svg.appendChild(sv("path", {d: line(function (p) { return p[7]; }, Y.con), "class": "con"}));
    if (pts.length <= 80) {
      pts.forEach(function (p) { svg.appendChild(sv("circle", {cx: X(p[0]), cy: Y.hp(p[2]), r: 2.6, "class": "pt"})); });
    }
    // the command under the pointer or the finger
    var guide = sv("line", {y1: top, y2: bottom, "class": "guide", visibility: "hidden"});
    var hit = sv("rect", {x: ml, y: top, width: pw, height: bottom - top, "class": "hit"});
    svg.appendChild(guide);
    svg.appendChild(hit);
    box.textContent = "";
    box.appendChild(svg);
    var tip = el("div", "chart-tip");
    tip.hidden = true;
    tip.setAttribute("aria-live", "polite");
    box.appendChild(tip);
    var current = -1;
    function pick(px) {
      var v = x0 + (px - ml) / pw * (x1 - x0), best = 0;
      if (sum) {
        pts.forEach(function (p, i) { if (Math.abs(p[0] - v) < Math.abs(pts[best][0] - v)) best = i; });
      } else {
        for (var i = 0; i < pts.length && pts[i][0] <= v; i++) best = i;
      }
      return best;
    }
    function show(i) {
      if (i < 0 || i >= pts.length) return;
      current = i;
      var p = pts[i], gx = X(p[0]);
      guide.setAttribute("x1", gx);
      guide.setAttribute("x2", gx);
      guide.setAttribute("visibility", "visible");
      tip.textContent = "";
      tip.appendChild(el("strong", null, "#" + p[0] + " · " + sessionName(p[1])));
      tip.appendChild(el("p", null, sum ? fill(L.sessionEnd, {number: p[0]}) : headlineOf(p[0])));
      tip.appendChild(el("p", null, L.hp + " " + p[2] + " / " + p[3] + " · " + L.conShort + " " + p[7]));
      tip.appendChild(el("p", null, fill(L.fatigueValue, {total: p[4] + p[5] + p[6], ordinary: p[4], wound: p[5], magic: p[6]})));
      if (sum) tip.appendChild(el("p", null, fill(L.hpRange, {low: p[8], high: p[9]})));
      var link = el("p");
      link.appendChild(cmdLink(p[0], null, L.showInLog));
      tip.appendChild(link);
      tip.hidden = false;
      var scale = box.clientWidth / W, left = gx * scale + 12;
      if (left + tip.offsetWidth > box.clientWidth) left = Math.max(gx * scale - tip.offsetWidth - 12, 0);
      tip.style.left = left + "px";
    }
    function hide() {
      if (box.pinned) return;
      tip.hidden = true;
      guide.setAttribute("visibility", "hidden");
    }
    function localX(ev) { var r = svg.getBoundingClientRect(); return (ev.clientX - r.left) * W / r.width; }
    hit.addEventListener("pointermove", function (ev) { if (!box.pinned && ev.pointerType === "mouse") show(pick(localX(ev))); });
    hit.addEventListener("pointerdown", function (ev) { box.pinned = true; show(pick(localX(ev))); });
    hit.addEventListener("pointerleave", function (ev) { if (!tip.contains(ev.relatedTarget)) hide(); });
    tip.addEventListener("pointerleave", function (ev) { if (!svg.contains(ev.relatedTarget)) hide(); });
    box.pinned = false;
    box.chart = {
      move: function (step) { box.pinned = true; show(Math.min(Math.max(current + step, 0), pts.length - 1)); },
      hide: function () { box.pinned = false; hide(); }
    };
  }
  var charts = document.querySelectorAll(".chart[data-chart]");
  function drawAll() {
    Array.prototype.forEach.call(charts, function (box) {
      var w = Math.floor(box.clientWidth);
      if (w > 0 && w !== box.drawnWidth) {
        box.drawnWidth = w;
        draw(box, D.charts[+box.getAttribute("data-chart")], w);
      }
    });
  }
  drawAll();
  window.addEventListener("resize", later(drawAll, 150));
  Array.prototype.forEach.call(charts, function (box) {
    box.addEventListener("keydown", function (ev) {
      var step = {ArrowLeft: -1, ArrowRight: 1}[ev.key];
      if (step && box.chart) { ev.preventDefault(); box.chart.move(step); }
      if (ev.key === "Escape" && box.chart) box.chart.hide();
    });
  });
  document.addEventListener("pointerdown", function (ev) {
    Array.prototype.forEach.call(charts, function (box) {
      if (box.pinned && box.chart && !box.contains(ev.target)) box.chart.hide();
    });
  });

  // -- print: every session open when the page is not too long ----------------------------
  var printed = [];
  window.addEventListener("beforeprint", function () {
    if (total > PRINT_LIMIT) return;
    boxes.forEach(function (box, i) {
      if (!box.open && !box.hidden) { box.open = true; showMatches(i); printed.push(box); }
    });
  });
  window.addEventListener("afterprint", function () {
    printed.forEach(function (box) { box.open = false; });
    printed = [];
  });

  fromHash();
})();
