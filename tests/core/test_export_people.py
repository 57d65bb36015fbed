"""People's agreement and the judges' history in the HTML and XLSX exports."""

from __future__ import annotations

import csv
import json
import re
from html import escape
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from judgedesk.cli import language, main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.report.build import project_report
from judgedesk.core.report.exports import write_export
from judgedesk.core.report.exports.tables import history_table
from judgedesk.core.report.history import VersionFigures, best_versions, moved_rows
from judgedesk.core.review.human import scale_for
from judgedesk.core.review.team import import_labels
from judgedesk.core.review.two_raters import Figure
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import make_project, run
from tests.support.fake_openai import FakeOpenAI

ROWS = 10
MINE = {i: (i % 5) + 3 for i in range(ROWS)}  # this person's scores
ANA = {i: MINE[i] + (1 if i < 2 else 0) for i in range(ROWS)}  # one point above on rows 0, 1
ANA_NAME = "<b>Ana & Co</b>"  # a name a page must not take for markup
STRICT = "Be strict."


# The first template scores odd rows 9; the strict one gives this person's score, but 9
# on row 0: five rows move toward people, one away.
OLD = {i: MINE[i] if i % 2 == 0 else 9 for i in range(ROWS)}
NEW = {i: 9 if i == 0 else MINE[i] for i in range(ROWS)}


def _reply(body: dict[str, Any]) -> str:
    prompt = body["messages"][-1]["content"]
    row = int(re.search(r"item (\d+)", prompt).group(1))  # type: ignore[union-attr]
    return f"Score: [[{(NEW if STRICT in prompt else OLD)[row]}]]"


def two_versions_project(root: Path):  # type: ignore[no-untyped-def]
    """Judged by two versions of its judge, reviewed by this person and Ana."""
    with FakeOpenAI(reply=_reply, models=["judge-small"]) as fake:
        project = make_project(root / "p", fake.base_url, rows=ROWS)
        run(project)
        template = project.read_template(project.judges[0])
        project.write_template(project.judges[0], f"{STRICT}\n{template}")
        run(project)
    labels = root / "ana.csv"
    with labels.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "verdict"])
        writer.writerows((f"r{i}", v) for i, v in ANA.items())
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        for row, value in MINE.items():
            store.reviews.put(Review(row, f"r{row}", value=value, reviewer="me"))
        scale = scale_for(project, [r.value for r in store.latest_results().values()])
        import_labels(store, dataset, scale, labels, ANA_NAME)
    return project


def _export(project: Any, out: Path, fmt: str) -> None:
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        write_export(store, out, fmt, dataset, project=project)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return two_versions_project(tmp_path_factory.mktemp("people"))


def _consensus() -> dict[int, float]:
    return {i: (MINE[i] + ANA[i]) / 2 for i in range(ROWS)}


def test_the_html_page_shows_people_beside_the_judge_and_the_history(
    project: Any, tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    _export(project, out, "html")
    page = out.read_text("utf-8")
    report = project_report(project, open_dataset(project.dataset_path()), history=True)
    people = report.people
    assert people is not None and people.ceiling is not None
    assert "<h2>People and the judge</h2>" in page
    assert escape(people.sentence()) in page
    # The name is shown as text, never as markup.
    assert ANA_NAME not in page and escape(ANA_NAME) in page
    # Ana and this person: the same score on 8 of 10 rows.
    pair = people.ceiling.pairs[0]
    assert (pair.n, pair.exact.value) == (ROWS, 0.8)
    assert (
        f'<td>{escape(ANA_NAME)} – me</td><td class="num">10</td><td class="num">80.0%</td>'
        f'<td class="num">{pair.kappa.value:.3f}</td>'
    ) in page
    low, high = people.ceiling.interval
    assert f"{people.ceiling.alpha.value:.3f}" in page and f"{low:.3f} – {high:.3f}" in page
    assert "judge – people&#x27;s consensus" in page

    old, new = report.history
    assert "<h2>Agreement history</h2>" in page
    history = page[page.index("<h2>Agreement history</h2>") :]
    assert history.index(new.version) < history.index(old.version)  # newest first
    # Against the people's consensus (the mean of two people's scores).
    consensus = _consensus()
    assert new.exact.value == pytest.approx(sum(NEW[i] == consensus[i] for i in NEW) / ROWS)
    row = history[history.index(f"<td>{new.version}</td>") :].split("</tr>")[0]
    assert "<td>best</td>" in row and f'<td class="num">{ROWS}</td>' in row
    assert "80.0%" in row and "True-positive" not in page  # scores have no rates


def test_the_workbook_has_a_people_and_a_history_sheet(project: Any, tmp_path: Path) -> None:
    out = tmp_path / "report.xlsx"
    _export(project, out, "xlsx")
    book = openpyxl.load_workbook(out, read_only=True)
    assert book.sheetnames == ["Summary", "Rows", "People", "History"]
    report = project_report(project, open_dataset(project.dataset_path()), history=True)
    people = report.people
    assert people is not None and people.ceiling is not None
    sheet = [list(r) for r in book["People"].iter_rows(values_only=True)]
    assert sheet[0][0] == "People and the judge" and sheet[1][0] == people.sentence()
    alpha = next(r for r in sheet if r and r[0] == f"{ANA_NAME}, me")
    assert alpha[1:6] == [
        "interval",
        pytest.approx(people.ceiling.alpha.value),
        pytest.approx(people.ceiling.interval[0]),
        pytest.approx(people.ceiling.interval[1]),
        ROWS,
    ]
    pairs = {r[0]: r[1:4] for r in sheet if len(r) > 1 and isinstance(r[1], int)}
    assert pairs[f"{ANA_NAME} – me"] == [
        ROWS,
        0.8,
        pytest.approx(people.ceiling.pairs[0].kappa.value),
    ]
    assert pairs["judge – me"][:2] == [ROWS, 0.9]  # the newest results: NEW
    assert pairs[f"judge – {ANA_NAME}"][:2] == [ROWS, 0.8]
    consensus = _consensus()
    same = sum(NEW[i] == consensus[i] for i in NEW) / ROWS
    assert pairs["judge – people's consensus"][:2] == [ROWS, pytest.approx(same)]

    history = [list(r) for r in book["History"].iter_rows(values_only=True)]
    heads = history[0]
    assert heads[:7] == [
        "Judge",
        "Version",
        "First used (UTC)",
        "Runs",
        "Rows compared",
        "Accuracy",
        "Cohen's kappa",
    ]
    old, new = report.history
    lines = {line[1]: dict(zip(heads, line, strict=False)) for line in history[1:]}
    assert [line[1] for line in history[1:]] == [new.version, old.version]
    assert lines[new.version]["Runs"] == "2" and lines[new.version]["Agrees best"] == "best"
    assert lines[new.version]["Rows compared"] == ROWS
    assert lines[new.version]["Accuracy"] == pytest.approx(new.exact.value)
    assert lines[new.version]["Cohen's kappa"] == pytest.approx(new.kappa.value)
    assert lines[new.version]["Moved toward people"] == 5  # the odd rows
    assert lines[new.version]["Moved away from people"] == 1  # row 0
    assert lines[old.version]["Moved toward people"] is None
    assert lines[old.version]["Accuracy"] == pytest.approx(
        sum(OLD[i] == consensus[i] for i in OLD) / ROWS
    )


def test_without_people_or_versions_the_sheets_are_left_out(tmp_path: Path) -> None:
    with FakeOpenAI(reply=_reply, models=["judge-small"]) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=4)
        run(project)
    _export(project, tmp_path / "plain.xlsx", "xlsx")
    assert openpyxl.load_workbook(tmp_path / "plain.xlsx").sheetnames == ["Summary", "Rows"]
    _export(project, tmp_path / "plain.html", "html")
    page = (tmp_path / "plain.html").read_text("utf-8")
    assert "People and the judge" not in page and "Agreement history" not in page


def test_report_json_holds_people_and_the_history(
    project: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(project.root), "--history", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["people"]["reviewers"] == [ANA_NAME, "me"]
    assert shown["people"]["ceiling"]["pairs"][0]["exact"] == {"value": 0.8, "n": ROWS}
    assert shown["people"]["sentence"].startswith("The judge agrees with people at κ")
    old, new = shown["history"]
    assert (old["runs"], new["runs"]) == ([1], [2])
    assert new["toward"] == [1, 3, 5, 7, 9] and new["away"] == [0]
    assert old["first_used"] <= new["first_used"]
    assert "verdicts" not in new and "people" not in new  # kept for the window only


def _version(name: str, kappa: float | None, exact: float, **rest: Any) -> VersionFigures:
    return VersionFigures("judge", name, (1,), 4, Figure(exact, 4), Figure(kappa, 4), **rest)


def test_two_valued_verdicts_add_the_rates_and_moves_between_any_two_versions() -> None:
    people = {0: True, 1: True, 2: False, 3: False}
    first = _version("a", 0.0, 0.5, verdicts={0: True, 1: False, 2: True, 3: False})
    second = _version("b", 0.5, 0.75, true_positive_rate=1.0, true_negative_rate=0.5)
    third = _version("c", 0.5, 0.75, verdicts={0: False, 1: True, 2: False, 3: False})
    first = VersionFigures(**{**first.__dict__, "people": people})
    third = VersionFigures(**{**third.__dict__, "people": people, "ids": {0: "r0", 1: "r1"}})
    history = [first, second, third]
    assert best_versions(history) == {("judge", "c")}  # the newer on a tie
    heads, rows = history_table(history)
    assert "True-positive rate" in heads and "True-negative rate" in heads
    assert [r[1] for r in rows] == ["c", "b", "a"]
    assert rows[1][heads.index("True-positive rate")] == 1.0
    moves = moved_rows(first, third)
    assert [(m.row_index, m.row_id, m.toward) for m in moves] == [
        (1, "r1", True),
        (2, "", True),
        (0, "r0", False),
    ]


def test_a_chinese_page_says_people_and_history_in_chinese(project: Any, tmp_path: Path) -> None:
    out = tmp_path / "zh.html"
    language.use("zh")
    try:
        with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
            write_export(store, out, "html", dataset, project=project, translate=language.template)
    finally:
        language.use("en")
    page = out.read_text("utf-8")
    for chinese in (
        "<h2>人与评审</h2>",
        "<h2>一致性历史</h2>",
        "<th>比较对象</th>",
        "<th>首次使用（UTC）</th>",
    ):
        assert chinese in page, chinese
    assert "某一行的人工共识是各人所给分数的平均值。" in page
    assert "Krippendorff α（" in page
    assert "<strong>评审与人工的一致 κ 为 " in page and "评审 – 人工共识" in page
    for english in (
        "People and the judge",
        "Agreement history",
        "Rows compared",
        "First used (UTC)",
        "Moved toward people",
        "The people&#x27;s consensus",
        "Each version of a judge",
        "Krippendorff&#x27;s alpha",
        "The judge agrees",
        "judge – ",
    ):
        assert english not in page, english


def test_the_chinese_report_text_says_people_and_history_in_chinese(
    project: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    try:
        assert main(["--language", "zh", "report", str(project.root), "--history"]) == 0
    finally:
        language.use("en")
    text = capsys.readouterr().out
    assert "\n人工\n  评审与人工的一致 κ 为 " in text
    assert f"  {ANA_NAME}, me 之间的 Krippendorff α（" in text
    assert "（人工共识）" in text and "：完全一致 80.0% (n=10)，κ " in text
    assert "\n一致率历史（评审各版本与人工对比）\n" in text
    assert "（运行 2）：n=10，完全一致 " in text and "；5 行向人工靠拢，1 行远离" in text
    for english in (
        "People\n",
        "The judge agrees",
        "people's consensus",
        "Agreement history",
        "(runs ",
        "moved toward",
        "exact ",
        " vs ",
    ):
        assert english not in text, english


def test_a_chinese_workbook_labels_people_and_history_in_chinese(
    project: Any, tmp_path: Path
) -> None:
    out = tmp_path / "zh.xlsx"
    language.use("zh")
    try:
        with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
            write_export(store, out, "xlsx", dataset, project=project, translate=language.template)
    finally:
        language.use("en")
    book = openpyxl.load_workbook(out, read_only=True)
    # The sheets' names are data keys scripts read: unchanged.
    assert book.sheetnames == ["Summary", "Rows", "People", "History"]
    people = [list(r) for r in book["People"].iter_rows(values_only=True)]
    assert people[0][0] == "人与评审" and str(people[1][0]).startswith("评审与人工的一致 κ 为 ")
    cells = {c for row in people for c in row if isinstance(c, str)}
    assert {
        "Krippendorff α",
        "测量尺度",
        "比较对象",
        "评审 – 人工共识",
        f"评审 – {ANA_NAME}",
    } <= cells
    history = [list(r) for r in book["History"].iter_rows(values_only=True)]
    assert history[0][:5] == ["评审", "版本", "首次使用（UTC）", "运行", "比较的行数"]
    for english in (
        "People and the judge",
        "Krippendorff's alpha",
        "Level",
        "Who",
        "judge – people's consensus",
    ):
        assert english not in cells, english
    assert "Moved toward people" not in history[0] and "Agrees best" not in history[0]
