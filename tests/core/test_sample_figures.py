"""The report's figures corrected by people's verdicts on the random sample, and only there."""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

import openpyxl
import pytest

from judgedesk.cli import language, main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.project import Project
from judgedesk.core.report import (
    Report,
    corrected_mean,
    format_report,
    project_report,
    stratified_mean,
    write_export,
)
from judgedesk.core.report.sample_figures import correct_figures
from judgedesk.core.report.text import shown_width
from judgedesk.core.review import RandomSample, ReviewSession
from judgedesk.core.review.human import BOOLEAN_SCALE
from judgedesk.core.run import Store
from tests.core.test_random_sample import TOPICS, draw, judged_project

KEYS = {
    "figure", "category", "estimator", "estimate", "ci_low", "ci_high", "n_labelled",
    "n_unlabelled", "judge_alone",
    "lam", "reviews_needed", "target_half_width", "more_for_3_points", "half_width_with_more",
}  # fmt: skip


def in_chinese(report: Report) -> str:
    """The report's text as ``judgedesk --language zh report`` prints it."""
    language.use("zh")
    try:
        return format_report(report, language.template)
    finally:
        language.use("en")


def person(row: int) -> int:
    """People score a row one point under the judge (row % 5 + 1), never under 1."""
    return max(1, row % 5)


def review(project: Project, rows: list[int], reviewer: str = "ana") -> None:
    with Store(project.store_path) as store:
        session = ReviewSession(store, project=project, reviewer=reviewer)
        for row in rows:
            session.set_value(row, person(row))


@pytest.mark.parametrize("streamed", [False, True])
def test_the_corrected_mean_is_ppi_on_the_sample_s_verdicts(tmp_path: Path, streamed: bool) -> None:
    project = judged_project(tmp_path / "p", rows=60, failed=(5,))
    sample = draw(project, 12, seed=9)
    reviewed = list(sample.rows[:8])  # four sample rows not reviewed yet
    outside = [r for r in range(60) if r not in sample and r != 5][:3]
    review(project, reviewed + outside)
    report = project_report(project, streamed=streamed)
    correction = report.correction
    assert correction is not None
    assert (correction.reviewed, correction.outside, correction.added_later) == (8, 3, 0)
    [figure] = correction.figures
    assert figure.figure == "mean_score"
    judge = {r: float(r % 5 + 1) for r in range(60) if r != 5}
    expected = corrected_mean(
        [float(person(r)) for r in reviewed],
        [judge[r] for r in reviewed],
        [v for r, v in judge.items() if r not in reviewed],  # people outside: not used
    )
    assert figure.corrected is not None
    assert figure.corrected.estimate == pytest.approx(expected.estimate)
    assert (figure.corrected.ci_low, figure.corrected.ci_high) == pytest.approx(
        (expected.ci_low, expected.ci_high)
    )
    assert (figure.n_labelled, figure.n_unlabelled) == (8, 51)
    assert report.summary.mean is not None
    assert figure.judge_alone == pytest.approx(report.summary.mean.value)
    assert figure.corrected.estimate < figure.judge_alone  # people score lower
    more = figure.more_for_target
    spread = expected.spread
    if more is not None:
        assert spread.half_width(8 + more) <= figure.target < spread.half_width(8 + more - 1)
    assert figure.with_more()["10"] == pytest.approx(spread.half_width_with(10))
    text = format_report(report)
    assert "Mean score: judge " in text and " · corrected " in text
    assert "3 rows outside the sample have people's verdicts: they are not used" in text
    if not streamed:
        chinese = in_chinese(report)
        assert "随机样本：12 行（种子 9），其中 8 行有人工判定" in chinese
        assert "平均分：评审 " in chinese and " · 校正后 " in chinese
        assert "样本之外有 3 行带有人工判定" in chinese
        for english in ("Random sample", "corrected", "judge ", "outside the sample", "rows"):
            assert english not in chinese, english
        # Chinese characters take two columns: the figures still line up.
        named = [line for line in chinese.splitlines() if re.match(r"    \S.*\(n=\d+\)$", line)]
        assert len(named) == 6
        names = [re.match(r"(    \S.*?\s{2,})\S", line).group(1) for line in named]  # type: ignore[union-attr]
        assert {shown_width(name) for name in names} == {30}


def test_accuracy_is_corrected_and_a_small_sample_says_how_many_more(tmp_path: Path) -> None:
    project = judged_project(tmp_path / "p", rows=40)
    with Store(project.store_path) as store:  # correct / incorrect verdicts this time
        run = store.start_run()
        for i in range(40):
            store.put_result(run, i, f"r{i}", "ok", i % 3 != 0)
        store.finish_run(run, "finished")
    sample = draw(project, 10, seed=2)
    first = sample.rows[0]
    with Store(project.store_path) as store:
        ReviewSession(store, project=project, reviewer="ana").set_value(first, True)
    [figure] = project_report(project).correction.figures  # type: ignore[union-attr]
    assert figure.figure == "accuracy" and figure.corrected is None
    assert figure.reviews_needed == 1
    assert "review 1 more sample row to correct it" in format_report(project_report(project))
    second = sample.rows[1]
    with Store(project.store_path) as store:
        ReviewSession(store, project=project, reviewer="ana").set_value(second, False)
    [figure] = project_report(project).correction.figures  # type: ignore[union-attr]
    judge = {r: float(r % 3 != 0) for r in range(40)}
    expected = corrected_mean(
        [1.0, 0.0],
        [judge[first], judge[second]],
        [v for r, v in judge.items() if r not in (first, second)],
    )
    assert figure.corrected is not None
    assert figure.corrected.estimate == pytest.approx(expected.estimate)
    assert figure.judge_alone == pytest.approx(sum(judge.values()) / 40)


def test_report_json_holds_the_corrected_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = judged_project(tmp_path / "p", rows=30)
    sample = draw(project, 6, seed=1)
    review(project, list(sample.rows[:4]))
    assert main(["report", str(project.root), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    [figure] = printed["corrected"]
    assert set(figure) == KEYS
    assert figure["figure"] == "mean_score" and figure["n_labelled"] == 4
    assert figure["ci_low"] <= figure["estimate"] <= figure["ci_high"]
    assert printed["sample"]["rows"] == 6 and printed["sample"]["seed"] == 1


def test_xlsx_and_html_exports_carry_both_figures(tmp_path: Path) -> None:
    project = judged_project(tmp_path / "p", rows=30)
    sample = draw(project, 6, seed=1)
    review(project, list(sample.rows[:4]))
    report = project_report(project)
    assert report.correction is not None
    [figure] = report.correction.figures
    assert figure.corrected is not None
    with Store(project.store_path) as store, open_dataset(project.dataset_path()) as dataset:
        write_export(store, tmp_path / "out.xlsx", "xlsx", dataset, project=project)
        write_export(store, tmp_path / "out.html", "html", dataset, project=project)
    sheet = openpyxl.load_workbook(tmp_path / "out.xlsx")["Summary"]
    rows = {row[0]: row[1:] for row in sheet.iter_rows(values_only=True) if row and row[0]}
    assert rows["Mean score"][0] == pytest.approx(figure.judge_alone)
    corrected = rows["Mean score, corrected by the random sample"]
    assert corrected[0] == pytest.approx(figure.corrected.estimate)
    assert corrected[3] == 4
    page = (tmp_path / "out.html").read_text(encoding="utf-8")
    assert "Corrected by the random sample" in page
    assert f"corrected {figure.corrected.estimate:.3f}" in page
    # Each figure says what it rests on, and a chart sets the two intervals side by side.
    assert "<th>Rests on</th>" in page
    assert "the judge alone; 95% interval by bootstrap over 30 rows" in page
    assert escape("corrected with 4 people's verdicts on the random sample") in page
    assert "the judge alone beside the figure corrected by the random sample" in page
    assert page.count('class="interval"') == 2


def report_of(project: Project, streamed: bool, category: str | None = None) -> Report:
    with open_dataset(project.dataset_path()) as dataset:
        return project_report(project, dataset, streamed=streamed, category=category)


def topic(row: int) -> str:
    return TOPICS[row % len(TOPICS)]


def parts_of(rows: list[int], reviewed: set[int]) -> list[tuple[list[float], ...]]:
    """Each topic's (people, judge, judge's other) verdicts, topics in name order."""
    parts = []
    for name in sorted({topic(r) for r in rows}):
        mine = [r for r in rows if topic(r) == name]
        labelled = [r for r in mine if r in reviewed]
        parts.append(
            (
                [float(person(r)) for r in labelled],
                [float(r % 5 + 1) for r in labelled],
                [float(r % 5 + 1) for r in mine if r not in reviewed],
            )
        )
    return parts


@pytest.mark.parametrize("streamed", [False, True])
def test_a_stratified_sample_is_corrected_stratum_by_stratum(
    tmp_path: Path, streamed: bool
) -> None:
    project = judged_project(tmp_path / "p", rows=100)
    sample = draw(project, 20, seed=4, by="topic")
    by_topic: dict[str, list[int]] = {}
    for row in sample.rows:
        by_topic.setdefault(topic(row), []).append(row)
    assert sorted(len(rows) for rows in by_topic.values()) == [2, 6, 12]
    # Only one law row reviewed: the uniform formula stands in, and says so.
    first = [*by_topic["math"][:3], *by_topic["art"][:3], by_topic["law"][0]]
    review(project, first)
    [figure] = report_of(project, streamed).correction.figures  # type: ignore[union-attr]
    assert figure.estimator == "uniform"
    expected = corrected_mean(
        [float(person(r)) for r in first],
        [float(r % 5 + 1) for r in first],
        [float(r % 5 + 1) for r in range(100) if r not in first],
    )
    assert figure.corrected is not None
    assert figure.corrected.estimate == pytest.approx(expected.estimate)
    review(project, [by_topic["law"][1]])
    reviewed = {*first, by_topic["law"][1]}
    report = report_of(project, streamed)
    [figure] = report.correction.figures  # type: ignore[union-attr]
    assert figure.estimator == "stratified"
    expected = stratified_mean(parts_of(list(range(100)), reviewed))
    assert figure.corrected is not None
    assert figure.corrected.estimate == pytest.approx(expected.estimate)
    assert (figure.corrected.ci_low, figure.corrected.ci_high) == pytest.approx(
        (expected.ci_low, expected.ci_high)
    )
    # Weighted by rows, not by labels: law's 10 rows count for 10 %, not 3 in 8.
    law = corrected_mean(*parts_of(list(range(100)), reviewed)[1])
    assert figure.corrected.strata[1].estimate == pytest.approx(law.estimate)
    assert "stratified" in figure.rests_on and "8 people's verdicts" in figure.rests_on
    assert figure.to_dict()["estimator"] == "stratified" and figure.to_dict()["lam"] is None


@pytest.mark.parametrize("streamed", [False, True])
def test_each_category_is_corrected_from_the_sample_rows_in_it(
    tmp_path: Path, streamed: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    project = judged_project(tmp_path / "p", rows=100)
    sample = draw(project, 20, seed=4, by="topic")
    reviewed = set(sample.rows) - {next(r for r in sample.rows if topic(r) == "art")}
    review(project, sorted(reviewed))
    report = report_of(project, streamed, "topic")
    correction = report.correction
    assert correction is not None
    found = {f.category: f for f in correction.by_category}
    assert set(found) == {"art", "math", "law"}
    assert [f.category for f in correction.by_category] == ["art", "math", "law"]  # by rows
    assert correction.categories_corrected()
    rows = list(range(100))
    for name, part in zip(["art", "law", "math"], parts_of(rows, reviewed), strict=True):
        figure = found[name]
        expected = corrected_mean(*part)
        assert figure.corrected is not None
        assert figure.corrected.estimate == pytest.approx(expected.estimate)
        assert figure.n_labelled == len(part[0])
        assert figure.judge_alone == pytest.approx(
            sum(r % 5 + 1 for r in rows if topic(r) == name) / TOPICS.count(name)
        )
    # The exports carry each category's corrected figure too.
    with Store(project.store_path) as store, open_dataset(project.dataset_path()) as dataset:
        for fmt in ("xlsx", "html"):
            write_export(
                store, tmp_path / f"out.{fmt}", fmt, dataset, project=project, report=report
            )
    sheet = openpyxl.load_workbook(tmp_path / "out.xlsx")["Summary"]
    cells = {row[0]: row[1:] for row in sheet.iter_rows(values_only=True) if row and row[0]}
    law = found["law"].corrected
    assert law is not None
    assert cells["law: Mean score, corrected by the random sample"][0] == pytest.approx(
        law.estimate
    )
    page = (tmp_path / "out.html").read_text(encoding="utf-8")
    assert "Corrected by the random sample — law" in page
    assert main(["report", str(project.root), "--json", "--by", "topic"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert [f["category"] for f in printed["corrected"]] == [None]
    assert {f["category"] for f in printed["corrected_by_category"]} == {"art", "math", "law"}


def test_the_widest_figure_says_how_many_more_sample_reviews_it_needs() -> None:
    judge = {row: row % 3 != 0 for row in range(2000)}
    people = {row: value if row % 7 else not value for row, value in judge.items()}
    judged = [(row, "ok", value) for row, value in judge.items()]
    rows = tuple(range(0, 2000, 10))
    sample = RandomSample(1, rows, rows, 2000)
    some = {row: people[row] for row in rows[:20]}
    correction = correct_figures(sample, judged, some, "boolean", BOOLEAN_SCALE)
    widest = correction.widest()
    assert widest is not None and widest.figure == "accuracy"
    assert widest.more_for_target is not None and widest.more_for_target > 0
    # Every row drawn and reviewed, people agreeing: as narrow as planned.
    every = RandomSample(1, tuple(judge), tuple(judge), 2000)
    narrow = correct_figures(every, judged, judge, "boolean", BOOLEAN_SCALE)
    assert narrow.figures[0].more_for_target == 0 and narrow.widest() is None
