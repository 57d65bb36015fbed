"""The Report pane's People section: other people's labels, imported, set beside the judge."""

from __future__ import annotations

import csv
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.project.settings import Project, load_project
from judgedesk.core.report.build import Report, project_report
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.report.pane import ReportPane
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI
from tests.ui.windows import open_window

ROWS = 12
# The judge scores row i as i % 10 + 1, and row 7 not at all (score_from_question).
JUDGE = {i: i % 10 + 1 for i in range(ROWS) if i != 7}
# Ana gives the judge's scores on rows 0–9 (and 8 on row 7, which the judge left out).
ANA = {i: i % 10 + 1 for i in range(10)}
# Bo gives the judge's scores on rows 0–5, then 2 on every row.
BO = {i: i % 10 + 1 if i < 6 else 2 for i in range(ROWS)}


def _judged_project(root: Path) -> Project:
    with FakeOpenAI(reply=score_from_question, models=["judge-small"]) as fake:
        project = make_project(root, fake.base_url, rows=ROWS)
        # This thread's event loop belongs to Qt; the run makes its own in another thread.
        with ThreadPoolExecutor(1) as pool:
            assert pool.submit(run, project).result(timeout=60).status == "finished"
    return project


def _import(project: Project, reviewer: str, verdicts: dict[int, int]) -> None:
    path = project.root.parent / f"{reviewer}.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "verdict"])
        writer.writerows((f"r{i}", v) for i, v in verdicts.items())
    command = ["review", "import", str(project.root), str(path), "--reviewer", reviewer]
    assert main(command) == 0


def _show_report(qtbot: QtBot, window: MainWindow) -> tuple[ReportPane, Report]:
    pane = window.report_pane
    with qtbot.waitSignal(pane.sig_report_shown, timeout=20_000) as shown:
        window.nav.setCurrentRow(0)
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    assert shown.args[0] is not None
    return pane, shown.args[0]


def _exact(first: dict[int, float], second: dict[int, float]) -> tuple[int, str]:
    """Rows both gave a verdict for, and the share where they gave the same, by hand."""
    rows = first.keys() & second.keys()
    same = sum(first[r] == second[r] for r in rows)
    return len(rows), f"{same / len(rows) * 100:.1f}%"


def test_the_people_section_sets_the_judge_beside_people(
    qtbot: QtBot, qtmodeltester: Any, tmp_path: Path
) -> None:
    project = _judged_project(tmp_path / "p")
    _import(project, "ana", ANA)
    _import(project, "bo", BO)
    window = open_window(qtbot, project.root)
    pane, report = _show_report(qtbot, window)
    section = pane.people
    assert section.isVisibleTo(pane)

    # The figures the core computed (checked against reference implementations in
    # tests/core/test_team_reviews.py), headless with the same seed.
    expected = project_report(load_project(project.root), open_dataset(project.dataset_path()))
    people = expected.people
    assert people is not None and people.ceiling is not None
    assert report.people is not None and report.people.to_dict() == people.to_dict()
    ceiling = people.ceiling
    assert ceiling.raters == ("ana", "bo") and ceiling.level == "interval"
    assert ceiling.rows == 10  # rows 0–9 have both people's verdicts
    judge_kappa = people.judge_vs_consensus.kappa.value  # type: ignore[union-attr]
    assert judge_kappa is not None and ceiling.mean_kappa is not None
    assert section.sentence.text() == (
        f"The judge agrees with people at κ {judge_kappa:.2f}; people agree with each other "
        f"at κ {ceiling.mean_kappa:.2f} (α {ceiling.alpha.value:.2f}, n = 10)."
    )
    assert section.sentence.text() == people.sentence()  # the same words as the text report
    low, high = ceiling.interval
    assert low is not None and high is not None
    assert section.alpha.text() == (
        f"Krippendorff's α across ana, bo: {ceiling.alpha.value:.2f} "
        f"(95% interval {low:.2f}–{high:.2f}, n = 10). "
        "Verdicts are compared as numbers: scores further apart disagree more."
    )
    assert section.caption.text().startswith("People's consensus: on each row, the mean")

    # Rows compared and exact agreement by hand; κ as the core gave it.
    consensus = {
        i: sum(v[i] for v in (ANA, BO) if i in v) / sum(i in v for v in (ANA, BO))
        for i in range(ROWS)
    }
    kappas = [p.kappa.value for p in (*ceiling.pairs, *people.judge_vs)]
    kappas.append(judge_kappa)
    assert kappas[1] == 1.0  # Ana gives what the judge gives
    rows = [
        ("ana – bo", _exact(ANA, BO)),
        ("Judge – ana", _exact(JUDGE, ANA)),
        ("Judge – bo", _exact(JUDGE, BO)),
        ("Judge – people's consensus", _exact(JUDGE, consensus)),
    ]
    assert [n for _, n in rows] == [(10, "60.0%"), (9, "100.0%"), (11, "63.6%"), (11, "63.6%")]
    assert section.model.cells() == [
        [who, str(n), share, f"{kappa:.2f}"]
        for (who, (n, share)), kappa in zip(rows, kappas, strict=True)
    ]
    qtmodeltester.check(section.model)

    # Copy Summary carries the same figures.
    pane.copy()
    copied = QGuiApplication.clipboard().text()
    assert "\nPeople\n  The judge agrees with people at κ" in copied
    assert "Krippendorff's α across ana, bo" in copied
    assert "  Judge – bo: Rows compared 11, Exact agreement 63.6%, Cohen's κ" in copied

    # The figures are a table already: showing the charts as tables leaves it as it is.
    pane.tables.setChecked(True)
    assert section.isVisibleTo(pane) and section.table.isVisibleTo(pane)


def test_without_other_people_s_labels_there_is_no_people_section(
    qtbot: QtBot, tmp_path: Path
) -> None:
    project = _judged_project(tmp_path / "p")
    window = open_window(qtbot, project.root)
    pane, report = _show_report(qtbot, window)
    assert report.people is None
    assert not pane.people.isVisibleTo(pane)
    pane.copy()
    assert "People" not in QGuiApplication.clipboard().text()

    # One person's labels: the judge against them, but no agreement among people yet.
    _import(project, "ana", ANA)
    pane, report = _show_report(qtbot, window)
    assert report.people is not None and report.people.ceiling is None
    section = pane.people
    assert section.isVisibleTo(pane)
    assert section.sentence.text().startswith("Only one person's verdicts:")
    assert not section.alpha.isVisibleTo(pane) and not section.caption.isVisibleTo(pane)
    assert [row[:3] for row in section.model.cells()] == [
        ["Judge – ana", "9", "100.0%"],
        ["Judge – people's consensus", "9", "100.0%"],
    ]
