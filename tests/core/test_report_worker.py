"""Reports computed in a process of their own give what the same computation gives here."""

from __future__ import annotations

from pathlib import Path

from judgedesk.core.project import open_project_dataset
from judgedesk.core.project.settings import load_project
from judgedesk.core.report.build import project_comparison
from judgedesk.core.report.worker import ReportWorker, report_page
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI


def test_the_process_gives_the_same_page_and_comparison(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        made = make_project(tmp_path, fake.base_url)
        run(made)
        made.write_template(made.judges[0], "Item: {{ data.question }} Score: [[n]]")
        run(made)
    project = load_project(tmp_path)
    with open_project_dataset(project) as dataset:
        here = report_page(project, dataset, None, "id")
    worker = ReportWorker()
    try:
        there = worker.page(project, None, "id").result(timeout=60)
        again = worker.page(project, None, "id").result(timeout=60)  # dataset kept
        compared = worker.comparison(project, 1, 2).result(timeout=60)
    finally:
        worker.shutdown()
    assert there.report is not None and here.report is not None
    assert there.report.to_dict() | {"created": 0} == here.report.to_dict() | {"created": 0}
    assert [run.id for run in there.runs] == [run.id for run in here.runs]
    assert again.report is not None and again.report.summary == there.report.summary
    comparison, _ = compared
    assert comparison.to_dict() == project_comparison(project, 1, 2)[0].to_dict()


def test_a_project_never_run_has_no_report(tmp_path: Path) -> None:
    project = make_project(tmp_path, "http://127.0.0.1:9/v1")
    worker = ReportWorker()
    try:
        page = worker.page(project, None, None).result(timeout=60)
    finally:
        worker.shutdown()
    assert page.report is None and page.runs == []
