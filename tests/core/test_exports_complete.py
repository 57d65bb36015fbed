"""Every export holds every row, with its inputs, answers, prompts, replies and review."""

from __future__ import annotations

import csv
import json
import re
import time
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project, load_project
from judgedesk.core.report.exports import FORMATS, NOT_RUN, write_export
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.selection import Selection
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import item_number, make_project, run
from tests.support.fake_openai import FakeOpenAI

ROWS = 8
RUN = "0:5"  # rows 5, 6 and 7 are never run
SYSTEM = "You grade answers with care."
HOSTILE = "<script>alert(1)</script> and </script><b>bold</b> & more"
COLUMNS = [
    "row",
    "id",
    "status",
    "result",
    "error",
    "question",
    "reference",
    "response",
    "candidate_answer",
    "judge.system_prompt",
    "judge.prompt",
    "judge.reply",
    "judge.reasoning",
    "judge.verdict",
    "judge.reason",
    "human",
    "human_note",
    "reviewer",
    "blind",
    "input.id",
    "input.question",
    "input.ref_answer",
]


def reply(body: dict[str, Any]) -> str:
    if body["model"] == "candidate-model":
        return "candidate says " + body["messages"][-1]["content"]
    number = item_number(body)
    if number == 3:
        return f"{HOSTILE}\nScore: [[4]]"
    if number == 4:
        return "I cannot decide."
    return f"<think>weighing item {number}</think>Fine.\nScore: [[{number + 1}]]"


def candidate_project(root: Path, base_url: str) -> Project:
    project = make_project(root, base_url, rows=ROWS, system_prompt=SYSTEM)
    path = project.dataset_path()
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    for line in lines:
        del line["response"]  # the candidate model answers every row
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    project.candidate = JudgeSettings(
        name="candidate", base_url=base_url, model="candidate-model", template=""
    )
    project.save()
    return load_project(project.root)


@pytest.fixture
def project(tmp_path: Path) -> Project:
    with FakeOpenAI(reply=reply) as server:
        project = candidate_project(tmp_path / "p", server.base_url)
        assert run(project, Selection.parse(RUN)).to_dict()["rows"] == 5
    with Store(project.store_path) as store:
        note = "too short =1+1"
        store.reviews.put(
            Review(1, "r1", value=9, note=note, reviewer="Ana", updated=time.time(), blind=True)
        )
        store.reviews.put(Review(2, "r2", value=3, reviewer="Ana", updated=time.time()))
    return project


def export(project: Project, out: Path, fmt: str) -> int:
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        return write_export(store, out, fmt, dataset, project=project)


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def read_xlsx(path: Path) -> tuple[list[str], list[dict[str, Any]]]:
    book = openpyxl.load_workbook(path, read_only=True)
    assert book.sheetnames == ["Summary", "Rows"]
    summary = [row[0] for row in book["Summary"].iter_rows(values_only=True) if row]
    assert "Rows with a result" in summary and "Reviewed by hand" in summary
    rows = list(book["Rows"].iter_rows(values_only=True))
    head = [str(c) for c in rows[0]]
    return head, [dict(zip(head, row, strict=False)) for row in rows[1:]]


def read_html(path: Path) -> tuple[str, dict[str, Any]]:
    page = path.read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="rows-data">(.*?)</script>', page, re.S)
    assert block is not None
    return page, json.loads(block.group(1))


def check_rows(rows: list[dict[str, Any]], blank: Any) -> None:
    """The cells every format holds, read back as dicts by column name."""
    assert [int(r["row"]) for r in rows] == list(range(ROWS))
    assert [r["id"] for r in rows] == [f"r{i}" for i in range(ROWS)]
    assert [r["status"] for r in rows] == ["ok"] * 4 + ["unparsed"] + [NOT_RUN] * 3
    first = rows[0]
    assert first["question"] == first["input.question"] == "What about item 0?"
    assert first["reference"] == "ref 0"
    assert first["candidate_answer"] == "candidate says What about item 0?"
    assert first["judge.system_prompt"] == SYSTEM
    assert first["judge.prompt"].startswith("Judge item: What about item 0?\nAnswer: candidate")
    assert first["judge.reply"] == "Fine.\nScore: [[1]]"
    assert first["judge.reasoning"] == "weighing item 0"
    assert str(first["judge.verdict"]) == "1" and str(first["result"]) == "1"
    assert rows[3]["judge.reply"] == f"{HOSTILE}\nScore: [[4]]"
    assert rows[4]["judge.verdict"] == "unparsed" and rows[4]["judge.reason"]
    assert rows[4]["error"]
    reviewed = rows[1]
    assert str(reviewed["human"]) == "9" and reviewed["reviewer"] == "Ana"
    # Given blind or not, as the reviews table says; a row nobody reviewed, neither.
    assert [str(r["blind"]) for r in rows[:3]] == [str(blank), "True", "False"]
    assert reviewed["human_note"] in ("too short =1+1", "'too short =1+1")
    for row in rows[5:]:
        assert row["question"] == f"What about item {row['row']}?"
        assert row["judge.reply"] == blank and row["result"] == blank
        assert row["candidate_answer"] == blank


def test_every_format_holds_every_row_and_column(project: Project, tmp_path: Path) -> None:
    counts = {fmt: export(project, tmp_path / f"out.{fmt}", fmt) for fmt in FORMATS}
    # OpenCompass's details list the rows a run judged, as OpenCompass does.
    assert counts == {**dict.fromkeys(FORMATS, ROWS), "opencompass": ROWS - 3}

    lines = (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == counts["jsonl"]
    assert [r["status"] for r in records].count(NOT_RUN) == 3
    judge = records[0]["judges"][0]
    assert judge["system_prompt"] == SYSTEM and judge["reasoning"] == "weighing item 0"
    assert judge["request"][0] == {"role": "system", "content": SYSTEM}
    assert records[0]["candidate_answer"] == "candidate says What about item 0?"
    assert records[0]["inputs"] == {
        "id": "r0",
        "question": "What about item 0?",
        "ref_answer": "ref 0",
    }
    assert records[1]["reviewer"] == "Ana" and records[6]["judges"] == []
    assert [r["blind"] for r in records[:3]] == [None, True, False]

    table = read_csv(tmp_path / "out.csv")
    assert len(table) == counts["csv"]
    assert set(COLUMNS) <= set(table[0])
    check_rows(table, "")

    head, sheet = read_xlsx(tmp_path / "out.xlsx")
    assert len(sheet) == counts["xlsx"]
    with (tmp_path / "out.csv").open(encoding="utf-8-sig", newline="") as handle:
        assert head == next(csv.reader(handle))  # the same columns as the CSV
    check_rows(sheet, None)
    assert sheet[1]["human_note"] == "too short =1+1"

    page, data = read_html(tmp_path / "out.html")
    assert len(data["rows"]) == counts["html"]
    assert data["columns"] == head
    check_rows([dict(zip(data["columns"], row, strict=True)) for row in data["rows"]], None)
    assert "Rows with a result" in page and "<svg" in page  # today's summary and charts


def test_the_page_shows_data_only_as_text(project: Project, tmp_path: Path) -> None:
    export(project, tmp_path / "out.html", "html")
    page, data = read_html(tmp_path / "out.html")
    # One data block that no value can close, and the page's own script: no other.
    assert page.count("<script") == 2 and page.count("</script>") == 2
    assert "alert(1)" not in page.replace("\\u003cscript\\u003ealert(1)", "")
    assert "<b>bold</b>" not in page
    replies = [row[data["columns"].index("judge.reply")] for row in data["rows"]]
    assert f"{HOSTILE}\nScore: [[4]]" in replies
    # The script puts values on the page as text, never as markup.
    script = page[page.rindex("<script>") : page.rindex("</script>")]
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script
    assert "eval(" not in script and "document.write" not in script


def test_without_a_dataset_the_rows_with_a_result_are_exported(
    project: Project, tmp_path: Path
) -> None:
    with Store(project.store_path) as store:
        assert write_export(store, tmp_path / "out.jsonl", "jsonl", project=project) == 5
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 5
