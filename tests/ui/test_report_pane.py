"""The Report pane: summary figures checked by hand, breakdowns, two runs, GUI exports."""

from __future__ import annotations

import csv
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication
from pytestqt.qtbot import QtBot

from judgedesk.core.project.settings import load_project
from judgedesk.core.report.build import project_report
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.run.store import Store
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.report.pane import ReportPane
from tests.core.test_pipeline import item_number, make_project
from tests.core.test_report_cli import PageParser
from tests.support.fake_openai import FakeOpenAI
from tests.ui.windows import open_window

ROWS = 12
SECRET = "test-key-5c2e9a7f1d0b"
STRICT = "Be strict."
# What a person said for some rows (the dataset's "gold" column): rows 0, 1 and 3 as
# the judge does, row 2 one point above it.
GOLD = {0: 1, 1: 2, 2: 4, 3: 4}


def judge_score(body: dict[str, Any]) -> str:
    """Item i scores i % 10 + 1 (item 7 never gets a verdict); a strict prompt takes a
    point off every score above 1."""
    number = item_number(body)
    if number == 7:
        return "I cannot decide."
    score = number % 10 + 1
    if STRICT in body["messages"][-1]["content"]:
        score = max(1, score - 1)
    return f"Fine.\nScore: [[{score}]]"


def scores(strict: bool = False) -> dict[int, int]:
    """The judge's verdict for each row that gets one, computed by hand."""
    plain = {i: i % 10 + 1 for i in range(ROWS) if i != 7}
    return {i: max(1, s - 1) for i, s in plain.items()} if strict else plain


def make_report_project(root: Path, base_url: str) -> None:
    """The pipeline tests' 12 rows, with a topic, a level and a person's verdict for some."""
    project = make_project(root, base_url, api_key="env:JUDGE_KEY")
    path = root / "data" / "items.jsonl"
    records = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    with path.open("w", encoding="utf-8") as handle:
        for i, record in enumerate(records):
            record["topic"] = "even" if i % 2 == 0 else "odd"
            record["level"] = "low" if i < 6 else "high"
            if i in GOLD:
                record["gold"] = GOLD[i]
            handle.write(json.dumps(record) + "\n")
    project.dataset.fields = {"category": "topic", "human": "gold"}
    project.save()


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeOpenAI:
    monkeypatch.setenv("JUDGE_KEY", SECRET)
    with FakeOpenAI(reply=judge_score, api_key=SECRET) as server:
        yield server


def run_all(qtbot: QtBot, window: MainWindow) -> int:
    with qtbot.waitSignal(window.run_pane.sig_run_finished, timeout=30_000) as finished:
        window.run_pane.start()
    assert finished.args[0].status == "finished"
    return int(finished.args[0].run_id)


def open_report(qtbot: QtBot, window: MainWindow) -> ReportPane:
    pane = window.report_pane
    with qtbot.waitSignal(pane.sig_report_shown, timeout=10_000):
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    return pane


def test_the_summary_and_charts_match_figures_computed_by_hand(
    qtbot: QtBot, qtmodeltester: Any, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_report_project(tmp_path, fake.base_url)
    window = open_window(qtbot, tmp_path)
    assert window.nav.item(window.nav.count() - 1).text() == "Report"
    pane = open_report(qtbot, window)
    assert pane.headline.text() == "No results yet."
    assert not pane.export_button.isEnabled()
    run_all(qtbot, window)
    with qtbot.waitSignal(pane.sig_report_shown, timeout=10_000) as shown:
        window.nav.setCurrentRow(0)
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    report = shown.args[0]

    # By hand: 11 of 12 rows get a score, item 7 none.
    judged = scores()
    mean = sum(judged.values()) / len(judged)
    assert (len(judged), mean) == (11, 50 / 11)
    assert report.summary.counts == {"ok": 11, "error": 0, "unparsed": 1}
    assert report.summary.mean.value == pytest.approx(mean)
    estimate = project_report(load_project(tmp_path)).summary.mean  # headless, same seed
    assert estimate.low < mean < estimate.high
    assert pane.headline.text() == (
        f"Mean score 4.55 (95% interval {estimate.low:.2f}–{estimate.high:.2f}, n = 11)"
    )
    assert pane.counts.text() == "12 rows: 11 ok · 0 failed · 1 no verdict"
    # The dataset's "gold" column gives four human verdicts, one of them different.
    assert pane.review.text().startswith(
        "Reviewed by hand: 0 of 12 rows (0.0%) · 4 human labels from the dataset · 1 disagreement"
    )
    assert pane.run.currentText() == "Latest result of each row" and pane.run.count() == 2

    # Distribution: how many rows got each score from 1 to 10 (the scale's bounds).
    table = pane.distribution_card.model
    qtmodeltester.check(table)
    counts = {s: list(judged.values()).count(s) for s in range(1, 11)}
    assert [(row[0], int(row[1])) for row in table.cells()] == [
        (str(s), c) for s, c in counts.items()
    ]
    assert counts[1] == 2 and counts[8] == 0

    # Per category: the mapped column ("topic") by default, then any other field.
    assert pane.category_field() == "topic"
    even = [judged[i] for i in judged if i % 2 == 0]  # 1, 3, 5, 7, 9, 1
    odd = [judged[i] for i in judged if i % 2 == 1]  # 2, 4, 6, 10, 2
    breakdown = pane.category_card.model
    qtmodeltester.check(breakdown)
    assert [row[:2] for row in breakdown.cells()] == [
        ["even", f"{sum(even) / len(even):.2f}"],
        ["odd", f"{sum(odd) / len(odd):.2f}"],
    ]
    assert [row[3] for row in breakdown.cells()] == ["6", "5"]
    with qtbot.waitSignal(pane.sig_report_shown, timeout=10_000):
        pane.choose_category("level")
    low = [judged[i] for i in judged if i < 6]  # 1 … 6
    high = [judged[i] for i in judged if i >= 6]  # 7, 9, 10, 1, 2
    assert [row[:2] for row in breakdown.cells()] == [
        ["high", f"{sum(high) / len(high):.2f}"],
        ["low", f"{sum(low) / len(low):.2f}"],
    ]
    assert pane.category_card.title.text() == "By “level”"
    assert (
        "Mean score for each value of “level”" in pane.category_card.canvas.accessibleDescription()
    )

    # Person vs judge: rows 0–3 have both; the person gave row 2 a 4, the judge a 3.
    heat = pane.agreement_card.model
    qtmodeltester.check(heat)
    assert [heat.headerData(c, Qt.Orientation.Horizontal) for c in range(4)] == ["1", "2", "3", "4"]
    assert heat.cells() == [
        ["1", "0", "0", "0"],
        ["0", "1", "0", "0"],
        ["0", "0", "0", "0"],
        ["0", "0", "1", "1"],
    ]
    assert pane.agreement_card.caption.text().startswith("Same verdict on 75.0% of rows")
    assert "(n = 4)" in pane.agreement_card.caption.text()
    assert pane.dimension_card.isHidden()  # plain scores have no dimensions

    # The text alternative: each chart becomes its table, and back.
    pane.tables.setChecked(True)
    assert pane.distribution_card.stack.currentWidget() is pane.distribution_card.table
    pane.tables.setChecked(False)
    assert pane.agreement_card.stack.currentWidget() is pane.agreement_card.canvas
    assert pane.agreement_card.canvas.accessibleName() == "Person vs judge"

    pane.copy_button.click()
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("items — Latest result of each row\nMean score 4.55")
    assert "  high: 5.80 (95% interval" in copied and SECRET not in copied


def test_two_runs_compared_after_the_template_changes(
    qtbot: QtBot, qtmodeltester: Any, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_report_project(tmp_path, fake.base_url)
    window = open_window(qtbot, tmp_path)
    first = run_all(qtbot, window)
    pane = open_report(qtbot, window)
    assert "needs two runs" in pane.compare.text.text()
    project = window.workspace.project
    assert project is not None
    template = "Judge item: {{ data.question }}\nAnswer: {{ response.content }}\n"
    project.write_template(project.judges[0], f"{template}{STRICT}\nScore: [[n]]")
    window.nav.setCurrentRow(window.stack.indexOf(window.run_pane))
    second = run_all(qtbot, window)
    with qtbot.waitSignal(pane.sig_comparison_shown, timeout=10_000) as shown:
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    comparison = shown.args[0]
    assert (comparison.first, comparison.second) == (first, second)

    before, after = scores(), scores(strict=True)
    changed = sorted(i for i in before if before[i] != after[i])
    assert changed == [1, 2, 3, 4, 5, 6, 8, 9, 11]  # rows scoring 1 stay; item 7 has none
    model = pane.compare.model
    qtmodeltester.check(model)
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(4)] == [
        "Row",
        "ID",
        f"Run {first} (A)",
        f"Run {second} (B)",
    ]
    assert [[model.index(r, c).data() for c in range(4)] for r in range(model.rowCount())] == [
        [i, f"r{i}", str(before[i]), str(after[i])] for i in changed
    ]
    text = pane.compare.text.text()
    assert f"Run {first} → run {second}: 12 rows judged in both, 9 changed." in text
    assert f"Run {first}: Mean score {sum(before.values()) / 11:.2f}" in text
    assert f"Run {second}: Mean score {sum(after.values()) / 11:.2f}" in text
    # The report follows the newest results; an older run can be chosen.
    assert pane.run.count() == 3
    assert pane.headline.text().startswith(f"Mean score {sum(after.values()) / 11:.2f}")
    with qtbot.waitSignal(pane.sig_report_shown, timeout=10_000):
        pane.run.setCurrentIndex(pane.run.findData(first))
        pane.refresh()
    assert pane.headline.text().startswith("Mean score 4.55")
    assert pane.run.currentData() == first

    # Choosing a changed row selects it everywhere (the inspector follows).
    pane.tabs.setCurrentWidget(pane.compare)
    pane.compare.table.selectRow(2)
    assert window.workspace.row == changed[2]
    # Picking the runs the other way round compares them that way.
    with qtbot.waitSignal(pane.sig_comparison_shown, timeout=10_000) as shown:
        pane.compare.pick(second, first)
    assert (shown.args[0].first, shown.args[0].second) == (second, first)
    assert model.index(0, 2).data() == str(after[changed[0]])


def test_exports_through_the_window_in_four_formats(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    project_dir = tmp_path / "project"
    project_dir.mkdir()
    make_report_project(project_dir, fake.base_url)
    window = open_window(qtbot, project_dir)
    run_all(qtbot, window)
    pane = open_report(qtbot, window)
    out = tmp_path / "out"
    out.mkdir()
    chosen: list[Path] = []
    monkeypatch.setattr(window.files, "ask_export_path", lambda suggested: chosen.pop())
    triggers = {
        "csv": pane.export_button.click,
        "jsonl": window.findChild(QAction, "exportAction").trigger,  # File › Export Results…
        "xlsx": pane.export_button.click,
        "html": pane.export_button.click,
    }
    for fmt, trigger in triggers.items():
        chosen.append(out / f"results.{fmt}")
        trigger()
        assert window.files.progress.isVisible()
        qtbot.waitUntil(
            lambda f=fmt: f"Exported 12 rows to {out / f'results.{f}'}" in (window.status.text()),
            timeout=20_000,
        )
        assert not window.files.progress.isVisible()

    with (out / "results.csv").open(encoding="utf-8-sig", newline="") as handle:
        table = list(csv.DictReader(handle))
    assert [row["id"] for row in table] == [f"r{i}" for i in range(ROWS)]
    assert table[3]["result"] == "4" and table[7]["status"] == "unparsed"
    records = [json.loads(line) for line in (out / "results.jsonl").read_text("utf-8").splitlines()]
    assert [r.get("result") for r in records[:4]] == [1, 2, 3, 4]
    assert records[2]["human"] == 4 and records[2]["human_source"] == "dataset"

    book = openpyxl.load_workbook(out / "results.xlsx")
    assert book.sheetnames == ["Summary", "Rows"]
    summary = {r[0]: r[1:] for r in book["Summary"].iter_rows(values_only=True) if r and r[0]}
    assert summary["Mean score"][0] == pytest.approx(50 / 11)
    assert book["Rows"].max_row == ROWS + 1
    with zipfile.ZipFile(out / "results.xlsx") as archive:
        assert not any(SECRET.encode() in archive.read(n) for n in archive.namelist())

    page = (out / "results.html").read_text("utf-8")
    parsed = PageParser()
    parsed.feed(page)
    assert parsed.svgs >= 3 and not parsed.outside
    assert page.count("<script") == 2  # the rows as data, and the page's own script
    assert "Mean score" in parsed.text and "4.545" in parsed.text
    assert "By topic" in parsed.text  # the breakdown chosen in the pane
    assert re.search(r">even</text>", page) and re.search(r">odd</text>", page)
    for path in out.iterdir():
        if path.suffix != ".xlsx":
            assert SECRET not in path.read_text("utf-8"), path


def test_an_export_that_cannot_be_written_says_what_to_do(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_report_project(tmp_path, fake.base_url)
    window = open_window(qtbot, tmp_path)
    run_all(qtbot, window)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    with qtbot.waitSignal(window.tasks.sig_task_failed, timeout=20_000) as failed:
        window.files.export_to(blocked / "results.xlsx")
        window.files.export_to(tmp_path / "second.csv")  # one export at a time
        assert window.status.text().startswith("An export is being written")
    assert not (tmp_path / "second.csv").exists()
    assert failed.args[1].startswith(f"The export could not be written to {blocked}")
    assert "Choose another folder" in failed.args[1]
    assert not window.files.progress.isVisible()
    assert "could not be written" in window.status.text()


def test_reviews_made_while_the_pane_is_shown_update_it(
    qtbot: QtBot, tmp_path: Path, fake: FakeOpenAI
) -> None:
    make_report_project(tmp_path, fake.base_url)
    window = open_window(qtbot, tmp_path)
    run_all(qtbot, window)
    pane = open_report(qtbot, window)
    project, dataset = window.workspace.project, window.workspace.dataset
    assert project is not None and dataset is not None
    with Store(project.store_path) as store:
        session = ReviewSession(store, dataset, project=project, undo=window.workspace.undo)
        with qtbot.waitSignal(pane.sig_report_shown, timeout=10_000) as shown:
            session.set_value(5, 9)  # the judge gave row 5 a 6
        assert shown.args[0].review.reviewed == 1
        assert pane.review.text().startswith("Reviewed by hand: 1 of 12 rows (8.3%)")
        # Five rows now have a person's verdict; rows 2 and 5 differ from the judge's.
        assert pane.agreement_card.caption.text().startswith("Same verdict on 60.0% of rows")
        with qtbot.waitSignal(pane.sig_report_shown, timeout=10_000) as shown:
            window.undo_action.trigger()
        assert shown.args[0].review.reviewed == 0


def dimension_reply(body: dict[str, Any]) -> str:
    """A JSON verdict: accuracy is item % 5 + 1, fluency 3 for every item."""
    number = item_number(body)
    return json.dumps({"overall": 4, "dimensions": {"accuracy": number % 5 + 1, "fluency": 3}})


def test_multi_dimension_verdicts_get_a_bar_per_dimension(
    qtbot: QtBot, qtmodeltester: Any, tmp_path: Path
) -> None:
    with FakeOpenAI(reply=dimension_reply) as server:
        make_project(tmp_path, server.base_url, parser="json")
        window = open_window(qtbot, tmp_path)
        run_all(qtbot, window)
        pane = open_report(qtbot, window)
    assert not pane.dimension_card.isHidden()
    model = pane.dimension_card.model
    qtmodeltester.check(model)
    accuracy = [i % 5 + 1 for i in range(ROWS)]  # 1 2 3 4 5 1 2 3 4 5 1 2
    assert [row[0] for row in model.cells()] == ["accuracy", "fluency"]
    assert model.cells()[0][1] == f"{sum(accuracy) / ROWS:.2f}" == "2.75"
    assert model.cells()[1][1:4] == ["3.00", "3.00–3.00", "12"]
    description = pane.dimension_card.canvas.accessibleDescription()
    assert description.startswith("Mean score of each dimension: accuracy: 2.75")


def test_a_pairwise_project_shows_wins_and_position_bias(
    qtbot: QtBot, qtmodeltester, tmp_path: Path
) -> None:
    from tests.core.test_pairwise import make_pairwise, order_sensitive_judge

    with FakeOpenAI(reply=order_sensitive_judge, models=["judge-m"]) as server:
        folder = tmp_path / "pairs"
        make_pairwise(folder, server.base_url, "--swap")
        window = open_window(qtbot, folder)
        run_all(qtbot, window)
        pane = open_report(qtbot, window)
    card = pane.pairs_card
    assert card.isVisibleTo(pane)
    assert pane.headline.text().startswith("Win rate 42.9%")  # 3 of 7, by hand
    model = card.table.model()
    cells = [
        [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]
    shown = {row[0]: (row[1], row[2]) for row in cells}
    assert shown["B wins"] == ("42.9%", "n = 7")
    assert shown["Ties"] == ("28.6%", "2 of 7")
    assert shown["judge: consistent"] == ("85.7%", "6 of 7")
    assert shown["judge: first shown wins"] == ("58.3%", "7 of 12")
    assert shown["judge: longer wins"] == ("80.0%", "4 of 5")
    assert "judged differently in the two orders, counted as ties: 1." in card.caption.text()
    qtmodeltester.check(card.table.model())
    # The inspector says, in the interface's words, how the two orders went.
    with qtbot.waitSignal(window.judging.sig_shown, timeout=10_000):
        window.workspace.select_row(3)
    assert "the orders disagree (A+ as shown, A+ with A and B swapped)" in (
        window.judging.browser.toPlainText()
    )
