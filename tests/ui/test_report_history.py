"""The Report pane's agreement history: each judge version against people, and the rows
that moved between two versions, each one click from the inspector."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from judgedesk.core.dataset import open_dataset
from judgedesk.core.project.settings import Project, load_project
from judgedesk.core.report.build import Report, project_report
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.report.pane import ReportPane
from tests.core.test_export_people import ANA_NAME, MINE, NEW, OLD, two_versions_project
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI
from tests.ui.windows import open_window

SHOT = Path("/tmp/shots_history.png")


def _in_thread(make: Any, *args: Any) -> Project:
    # This thread's event loop belongs to Qt; a run makes its own in another thread.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(make, *args).result(timeout=60)  # type: ignore[no-any-return]


def _show_report(qtbot: QtBot, window: MainWindow) -> tuple[ReportPane, Report]:
    pane = window.report_pane
    with qtbot.waitSignal(pane.sig_report_shown, timeout=20_000) as shown:
        window.nav.setCurrentRow(0)
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    assert shown.args[0] is not None
    return pane, shown.args[0]


def test_the_history_marks_the_best_version_and_leads_to_the_rows_that_moved(
    qtbot: QtBot, qtmodeltester: Any, tmp_path: Path
) -> None:
    project = _in_thread(two_versions_project, tmp_path)
    window = open_window(qtbot, project.root)
    window.resize(1200, 1300)
    pane, report = _show_report(qtbot, window)
    section = pane.history
    assert section.isVisibleTo(pane)

    expected = project_report(
        load_project(project.root), open_dataset(project.dataset_path()), history=True
    )
    old, new = expected.history
    assert [v.to_dict() for v in report.history] == [old.to_dict(), new.to_dict()]
    # Newest first; the strict version agrees best with people and says so in words.
    cells = section.model.cells()
    assert [row[:2] for row in cells] == [["judge", new.version], ["judge", old.version]]
    assert [row[3] for row in cells] == ["10", "10"]
    assert [row[4] for row in cells] == [f"{new.exact.value * 100:.1f}%", "40.0%"]
    assert cells[0][5] == f"{new.kappa.value:.2f}"
    assert [row[8] for row in cells] == ["★ best", ""]
    assert cells[0][2].endswith("· run 2") and cells[1][2].endswith("· run 1")
    assert section.table.isColumnHidden(6) and section.table.isColumnHidden(7)  # scores
    qtmodeltester.check(section.model)

    # By default the two newest versions: five rows moved toward people, one away.
    assert (section.first.currentData(), section.second.currentData()) == (
        old.version,
        new.version,
    )
    assert not section.judge.isVisibleTo(pane)  # one judge: nothing to choose
    assert section.moved_text.text() == (
        f"From {old.version} to {new.version}: 5 rows moved toward people, 1 away from them."
    )
    moved = section.moved.cells()
    consensus = {i: (MINE[i] + (MINE[i] + (i < 2))) / 2 for i in range(10)}

    def shown(value: float) -> str:
        return str(int(value)) if float(value).is_integer() else f"{value:.2f}"

    assert moved == [
        [str(i), f"r{i}", way, str(OLD[i]), str(NEW[i]), shown(consensus[i])]
        for i, way in [(r, "▲ toward people") for r in (1, 3, 5, 7, 9)]
        + [(0, "▼ away from people")]
    ]
    qtmodeltester.check(section.moved)

    # One click on a moved row shows it in the inspector.
    section.moved_table.scrollTo(section.moved.index(5, 0))
    rect = section.moved_table.visualRect(section.moved.index(5, 1))
    qtbot.mouseClick(section.moved_table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.workspace.row == 0
    qtbot.waitUntil(lambda: "What about item 0?" in window.inspector.browser.toPlainText())
    # The keyboard: Enter on another row shows that one.
    section.moved_table.setFocus()
    section.moved_table.setCurrentIndex(section.moved.index(1, 0))
    window.workspace.select_row(4)  # another pane chose another row meanwhile
    qtbot.keyClick(section.moved_table, Qt.Key.Key_Return)
    assert window.workspace.row == 3
    qtbot.waitUntil(lambda: "What about item 3?" in window.inspector.browser.toPlainText())

    # Comparing the versions the other way round moves the same rows the other way.
    section.pick(new.version, old.version)
    assert section.moved_text.text().endswith("1 row moved toward people, 5 away from them.")
    section.pick(new.version, new.version)
    assert "the same" in section.moved_text.text() and not section.moved_table.isVisibleTo(pane)
    section.pick(old.version, new.version)

    pane.copy()
    copied = QGuiApplication.clipboard().text()
    assert f"\nAgreement history\n  judge {new.version}: First used " in copied
    assert "Rows compared 10, Accuracy 80.0%" in copied and "(★ best)" in copied
    assert ANA_NAME in copied  # the People section sits above it

    pane.tabs.setCurrentIndex(0)
    scroll = pane.findChild(type(pane.tabs.widget(0)), "reportChartsScroll")
    scroll.ensureWidgetVisible(section)
    # Each section is as tall as its wrapped text and tables need, with no gap below.
    for shown_section in (pane.people, section):
        qtbot.waitUntil(lambda s=shown_section: s.height() == s.sizeHint().height())
    assert window.grab().save(str(SHOT))


def test_one_version_or_no_people_leave_the_history_hidden(qtbot: QtBot, tmp_path: Path) -> None:
    def judged(root: Path) -> Project:
        with FakeOpenAI(reply=score_from_question, models=["judge-small"]) as fake:
            made = make_project(root, fake.base_url, rows=6)
            run(made)
            run(made)  # the same version twice: no history
        return made

    project = _in_thread(judged, tmp_path / "p")
    window = open_window(qtbot, project.root)
    pane, report = _show_report(qtbot, window)
    assert len(report.history) == 1
    assert not pane.history.isVisibleTo(pane)
    pane.copy()
    assert "Agreement history" not in QGuiApplication.clipboard().text()
