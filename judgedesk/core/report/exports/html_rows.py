"""The HTML report's table of every row: the rows as JSON data, and the page's own small
script that searches, sorts, filters and pages through them.

The data sits in a ``<script type="application/json">`` block, which a browser never
runs; ``<``, ``>`` and ``&`` in it are written as JSON escapes, so no text in the data
can close the block or become markup. The script puts every value on the page as text
(``textContent``), never as markup. The page's Content-Security-Policy allows this one
script by its hash (:data:`SCRIPT_HASH`) and nothing else.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
from collections.abc import Iterable
from html import escape
from typing import IO, Any

from judgedesk.core.messages import Message, Translate, as_is, render, say
from judgedesk.core.report.exports.records import NOT_RUN
from judgedesk.core.report.exports.tables import flat_row
from judgedesk.core.report.words import STATUSES as STATUS_WORDS

PAGE_ROWS = 50

SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("rows-data").textContent);
  var cols = data.columns, rows = data.rows;
  var shown = data.shown.map(function (name) { return cols.indexOf(name); });
  var STATUS = cols.indexOf("status"), DIS = cols.indexOf("disagreement");
  var HUMAN = cols.indexOf("human");
  var PAGE = data.page, page = 0, sortCol = -1, sortDir = 1, open = -1, texts = [];
  var view = [];
  var collator = new Intl.Collator(undefined, {numeric: true, sensitivity: "base"});
  var words = data.words;
  function el(id) { return document.getElementById(id); }
  function say(key, values) {
    return words[key].replace(/\\{(\\w+)\\}/g, function (m, name) { return String(values[name]); });
  }
  function empty(v) { return v === null || v === undefined || v === ""; }
  function text(v) {
    if (empty(v)) { return ""; }
    return typeof v === "object" ? JSON.stringify(v) : String(v);
  }
  function short(v) {
    var t = text(v);
    return t.length > 160 ? t.slice(0, 159) + "\\u2026" : t;
  }
  function haystack(i) {
    if (texts[i] === undefined) { texts[i] = rows[i].map(text).join("\\n").toLowerCase(); }
    return texts[i];
  }
  function compare(a, b) {
    var x = rows[a][sortCol], y = rows[b][sortCol], c;
    if (empty(x) || empty(y)) { return empty(x) === empty(y) ? a - b : (empty(x) ? 1 : -1); }
    if (typeof x === "number" && typeof y === "number") { c = x - y; }
    else { c = collator.compare(text(x), text(y)); }
    return c === 0 ? a - b : c * sortDir;
  }
  function apply() {
    var q = el("rows-search").value.trim().toLowerCase();
    var status = el("rows-status").value, person = el("rows-person").value;
    view = [];
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i], d = r[DIS];
      if (status && r[STATUS] !== status) { continue; }
      if (person === "disagree" && !(d > 0)) { continue; }
      if (person === "agree" && d !== 0) { continue; }
      if (person === "none" && !empty(r[HUMAN])) { continue; }
      if (q && haystack(i).indexOf(q) < 0) { continue; }
      view.push(i);
    }
    if (sortCol >= 0) { view.sort(compare); }
    page = 0;
    draw();
  }
  function detail(i) {
    var tr = document.createElement("tr"), td = document.createElement("td");
    var dl = document.createElement("dl");
    tr.className = "detail";
    td.colSpan = shown.length;
    cols.forEach(function (name, c) {
      var v = rows[i][c];
      if (empty(v)) { return; }
      var dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = name;
      dd.textContent = text(v);
      dl.appendChild(dt);
      dl.appendChild(dd);
    });
    td.appendChild(dl);
    tr.appendChild(td);
    return tr;
  }
  function draw() {
    var body = el("rows-body"), pages = Math.max(1, Math.ceil(view.length / PAGE));
    if (page >= pages) { page = pages - 1; }
    var start = page * PAGE, stop = Math.min(view.length, start + PAGE);
    body.textContent = "";
    for (var k = start; k < stop; k++) {
      var i = view[k], r = rows[i], tr = document.createElement("tr");
      if (r[DIS] > 0) { tr.className = "disagree"; }
      tr.tabIndex = 0;
      tr.setAttribute("data-row", String(i));
      tr.setAttribute("aria-expanded", open === i ? "true" : "false");
      shown.forEach(function (c) {
        var td = document.createElement("td");
        td.textContent = short(r[c]);
        tr.appendChild(td);
      });
      body.appendChild(tr);
      if (open === i) { body.appendChild(detail(i)); }
    }
    var count = view.length ? say("shown", {first: start + 1, last: stop, count: view.length})
      : words.none;
    if (view.length < rows.length) {
      count += " " + say(rows.length === 1 ? "in_all_one" : "in_all", {count: rows.length});
    }
    el("rows-count").textContent = count;
    el("rows-page").textContent = say("page", {page: page + 1, pages: pages});
    el("rows-prev").disabled = page === 0;
    el("rows-next").disabled = page >= pages - 1;
  }
  function sortBy(c, th) {
    sortDir = sortCol === c ? -sortDir : 1;
    sortCol = c;
    Array.prototype.forEach.call(el("rows-head").children, function (h) {
      h.removeAttribute("aria-sort");
    });
    th.setAttribute("aria-sort", sortDir > 0 ? "ascending" : "descending");
    apply();
  }
  shown.forEach(function (c) {
    var th = document.createElement("th"), button = document.createElement("button");
    button.type = "button";
    button.textContent = cols[c];
    button.title = say("sort", {name: cols[c]});
    button.addEventListener("click", function () { sortBy(c, th); });
    th.appendChild(button);
    el("rows-head").appendChild(th);
  });
  function toggle(target) {
    var tr = target.closest ? target.closest("tr[data-row]") : null;
    if (!tr) { return; }
    var i = Number(tr.getAttribute("data-row"));
    open = open === i ? -1 : i;
    draw();
  }
  el("rows-body").addEventListener("click", function (e) { toggle(e.target); });
  el("rows-body").addEventListener("keydown", function (e) {
    if (e.key === "Enter") { toggle(e.target); }
  });
  el("rows-search").addEventListener("input", apply);
  el("rows-status").addEventListener("change", apply);
  el("rows-person").addEventListener("change", apply);
  el("rows-prev").addEventListener("click", function () { page -= 1; draw(); });
  el("rows-next").addEventListener("click", function () { page += 1; draw(); });
  el("rows-controls").hidden = false;
  apply();
})();
"""

SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
"""What the page's Content-Security-Policy names to let :data:`SCRIPT` run."""

STYLE = """
.rows{overflow-x:auto}.rows td{max-width:24em;overflow-wrap:anywhere;cursor:pointer}
.rows th button{font:inherit;font-weight:600;border:0;background:none;cursor:pointer;padding:0}
.rows tr.detail td{cursor:auto;background:#fafbfc}.rows dl{margin:0}.rows dt{font-weight:600;
margin-top:.5em}.rows dd{margin:0 0 0 1em;white-space:pre-wrap;overflow-wrap:anywhere}
.controls{display:flex;flex-wrap:wrap;gap:.6em;align-items:center;margin:.6em 0}
"""

STATUSES: dict[str, Message] = {**STATUS_WORDS, NOT_RUN: say("report.rows.not_run", "not run")}
"""The statuses the rows' filter offers (the data's values), each with its name shown."""


_HOLES = {name: f"{{{name}}}" for name in ("first", "last", "count", "page", "pages", "name")}
"""Each field of the script's words filled with itself: the script fills them in."""

SCRIPT_WORDS: dict[str, Message] = {
    "shown": say("report.rows.shown", "Rows {first}–{last} of {count}", **_HOLES),
    "none": say("report.rows.none", "No row matches."),
    "in_all": say("report.rows.in_all", "({count} rows in all)", **_HOLES),
    "in_all_one": say("report.rows.in_all_one", "(1 row in all)"),
    "page": say("report.rows.page", "Page {page} of {pages}", **_HOLES),
    "sort": say("report.rows.sort", "Sort by {name}", **_HOLES),
}
"""The words :data:`SCRIPT` writes, as templates it fills in: the page gives them in the
reader's language with its rows."""


def _cell(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


def json_block(value: Any) -> str:
    """JSON text that is safe inside a ``<script>`` element, whatever the data holds."""
    text = json.dumps(value, ensure_ascii=False, default=str, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def write_rows_section(
    handle: IO[str],
    records: Iterable[dict[str, Any]],
    columns: list[str],
    shown: list[str],
    total: int,
    tr: Translate | None = None,
) -> int:
    """Write the page's "Rows" section as the records come; returns the rows written.

    Args:
        handle: where the page goes.
        records: every row's export record.
        columns: the rows' columns (those of the CSV), all in the data.
        shown: the columns the table shows; a row opens to show them all.
        total: how many records there are, for the text above the table.
        tr: the core's English templates → the reader's language, for the section's
            words and its script's (as is by default).
    """
    tr = tr or as_is

    def word(said: Message) -> str:
        return escape(render(said, tr), quote=True)

    statuses = "".join(
        f'<option value="{escape(value)}">{word(name)}</option>' for value, name in STATUSES.items()
    )

    if total == 1:
        above = say("report.rows.all_one", "The 1 row.")
    else:
        above = say("report.rows.all", "All {count} rows.", count=total)
    search = word(say("report.rows.search", "Search rows"))
    handle.write(
        f'<h2 id="rows">{word(say("report.rows.heading", "Every row"))}</h2><p class="muted">'
        + word(above)
        + " "
        + word(
            say(
                "report.rows.how",
                "Search any text, filter, sort by a column's name, and open a row to read "
                "everything it holds: its inputs, the prompts, each judge's reply and "
                "reasoning, and the review.",
            )
        )
        + "</p><noscript><p>"
        + word(
            say(
                "report.rows.noscript",
                "Allow scripts for this page to see the rows; the same rows are in the CSV, "
                "XLSX and JSON Lines exports.",
            )
        )
        + "</p></noscript>"
        '<div id="rows-controls" class="controls" hidden>'
        f'<input id="rows-search" type="search" placeholder="{search}" aria-label="{search}">'
        f"<label>{word(say('report.rows.status', 'Status'))} "
        f'<select id="rows-status"><option value="">{word(say("report.rows.any", "All"))}'
        f"</option>{statuses}</select></label>"
        f"<label>{word(say('report.rows.person', 'Person and judge'))} "
        '<select id="rows-person">'
        f'<option value="">{word(say("report.rows.every", "All rows"))}</option>'
        f'<option value="disagree">{word(say("report.rows.disagree", "Disagree"))}</option>'
        f'<option value="agree">{word(say("report.rows.agree", "Agree"))}</option>'
        f'<option value="none">{word(say("report.rows.no_human", "No human verdict"))}'
        "</option></select></label>"
        f'<button id="rows-prev" type="button">{word(say("report.rows.previous", "Previous"))}'
        '</button><span id="rows-page"></span>'
        f'<button id="rows-next" type="button">{word(say("report.rows.next", "Next"))}</button>'
        '<span id="rows-count" class="muted" aria-live="polite"></span></div>'
        '<div class="rows"><table><thead><tr id="rows-head"></tr></thead>'
        '<tbody id="rows-body"></tbody></table></div>'
        '<script type="application/json" id="rows-data">'
        f'{{"columns":{json_block(columns)},"shown":{json_block(shown)},'
        f'"words":{json_block({key: render(said, tr) for key, said in SCRIPT_WORDS.items()})},'
        f'"page":{PAGE_ROWS},"rows":['
    )
    count = 0
    for record in records:
        cells = flat_row(record)
        if count:
            handle.write(",")
        handle.write(json_block([_cell(cells.get(c)) for c in columns]))
        count += 1
    handle.write(f"]}}</script><script>{SCRIPT}</script>")
    return count


def shown_columns(columns: list[str], judges: list[str], answers: list[str]) -> list[str]:
    """The columns the page's table shows, of those the rows hold."""
    wanted = ["row", "id", "status", "result", "human", "disagreement", "question"]
    wanted += ["response", *(f"{a}_answer" for a in answers)]
    wanted += [f"{judge}.verdict" for judge in judges] + ["human_note"]
    return [c for c in wanted if c in columns]
