"""Summary figures, the report's breakdowns, and the pieces of the exports."""

from __future__ import annotations

import json
import statistics
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from judgedesk.cli import main
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project
from judgedesk.core.report.build import build_report, compare_runs, project_report
from judgedesk.core.report.exports import write_export
from judgedesk.core.report.exports.svg import bar_chart, heatmap
from judgedesk.core.report.exports.xlsx import MAX_CELL_CHARS, cell_value
from judgedesk.core.report.figures import distribution, estimate_mean, summarize
from judgedesk.core.review.human import BOOLEAN_SCALE, ReviewScale
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.run.store import Store

PAIRWISE = ReviewScale("score", 1, 5, (1, 2, 3, 4, 5), ("A>>B", "A>B", "A=B", "B>A", "B>>A"))


def test_bootstrap_interval_is_seeded_and_holds_the_mean() -> None:
    values = [float(v % 7) for v in range(200)]
    first, again = estimate_mean(values, seed=3), estimate_mean(values, seed=3)
    assert first == again and first.method == "bootstrap" and first.n == 200
    assert first.low is not None and first.high is not None
    assert first.low < statistics.fmean(values) < first.high
    # The bootstrap's spread is close to the textbook standard error of the mean.
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    assert (first.high - first.low) / 2 == pytest.approx(half, rel=0.15)
    assert estimate_mean([], seed=0).value is None
    assert estimate_mean([4.0]).low is None and estimate_mean([4.0]).value == 4.0


def test_many_rows_use_the_normal_approximation() -> None:
    values = [float(v % 2) for v in range(6000)]
    estimate = estimate_mean(values)
    assert estimate.method == "normal" and estimate.value == pytest.approx(0.5)
    assert estimate.high - estimate.low == pytest.approx(2 * 1.959964 * 0.5 / 6000**0.5, rel=1e-3)  # type: ignore[operator]


def test_accuracy_win_rate_and_counts() -> None:
    rows: list[tuple[str | None, Any]] = [("ok", True), ("ok", False), ("ok", True)]
    rows += [("error", None), ("unparsed", None)]
    summary = summarize(rows, BOOLEAN_SCALE)
    assert summary.kind == "boolean" and summary.counts == {"ok": 3, "error": 1, "unparsed": 1}
    assert summary.accuracy is not None and summary.accuracy.value == pytest.approx(2 / 3)
    assert summary.mean is None
    pairwise = summarize([("ok", v) for v in (1, 3, 4, 5, 5)], PAIRWISE)
    assert pairwise.kind == "pairwise" and pairwise.win_rate is not None
    assert pairwise.win_rate.value == pytest.approx(3 / 5)
    assert (pairwise.tie_rate, pairwise.loss_rate) == (pytest.approx(0.2), pytest.approx(0.2))
    assert summarize([("ok", "fluent")], ReviewScale("label")).kind == "label"
    assert summarize([], ReviewScale("score")).kind == ""


def test_distribution_shows_unused_scores_and_bins_many_values() -> None:
    scale = ReviewScale("score", 1, 10)
    bins = distribution([2, 2, 9], scale)
    assert [b.label for b in bins] == [str(v) for v in range(1, 11)]
    assert [b.count for b in bins][:3] == [0, 2, 0]
    spread = distribution([v / 7 for v in range(100)], ReviewScale("score", 0, 100))
    assert len(spread) == 10 and sum(b.count for b in spread) == 100
    assert [b.label for b in distribution([True, False, True], BOOLEAN_SCALE)] == [
        "correct",
        "incorrect",
    ]
    assert distribution(["b", "a", "b"], ReviewScale("label"))[0].label == "b"


def dims(overall: int, **scores: int) -> dict[str, Any]:
    verdict = {"ok": True, "value": overall, "label": str(overall), "dimensions": scores}
    return {"judges": [{"judge": "judge", "key": "k", "verdict": verdict}]}


def test_per_dimension_figures_and_run_comparison(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        run = store.start_run()
        store.put_result(run, 0, "a", "ok", 8, detail=dims(8, accuracy=9, fluency=7))
        store.put_result(run, 1, "b", "ok", 6, detail=dims(6, accuracy=5, fluency=7))
        store.finish_run(run, "finished")
        second = store.start_run()
        store.put_result(second, 0, "a", "ok", 8, detail=dims(8, accuracy=9, fluency=7))
        store.put_result(second, 1, "b", "unparsed", None, "no score", {"judges": []})
        store.finish_run(second, "finished")
        report = build_report(ReviewSession(store, run_id=run))
        assert report.run_id == run and report.summary.mean is not None
        assert report.summary.mean.value == pytest.approx(7.0)
        by_name = {g.name: g.summary.mean for g in report.dimensions}
        assert by_name["accuracy"].value == pytest.approx(7.0)  # type: ignore[union-attr]
        assert by_name["fluency"].value == pytest.approx(7.0)  # type: ignore[union-attr]
        comparison = compare_runs(store, run, second, report.scale)
        assert [(c.row_index, c.before, c.after_status) for c in comparison.changed] == [
            (1, 6, "unparsed")
        ]
        assert comparison.after.counts["unparsed"] == 1
        with pytest.raises(JudgeDeskError, match=r"no run 9 .*runs: 1, 2"):
            compare_runs(store, run, 9, report.scale)


def test_a_project_never_run_has_nothing_to_report(tmp_path: Path) -> None:
    project = Project(root=tmp_path / "p", name="fresh")
    project.judges = [JudgeSettings(name="rule", kind="metric", metric="exact")]
    project.save()
    with pytest.raises(JudgeDeskError, match="has not been run yet"):
        project_report(project)
    assert main(["report", str(project.root)]) == 1
    assert not project.store_path.exists()  # asking did not create an empty results file


def test_unknown_export_format_says_which_exist(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store, pytest.raises(JudgeDeskError, match="xlsx, html"):
        write_export(store, tmp_path / "out.pdf", "pdf")
    with Store(tmp_path / "r.sqlite") as store, pytest.raises(JudgeDeskError, match="nothing"):
        write_export(store, tmp_path / "out.html", "html")


def test_cells_excel_can_hold() -> None:
    assert cell_value("bell\x07 and tab\t") == "bell and tab\t"
    long = cell_value("x" * (MAX_CELL_CHARS + 10))
    assert len(long) == MAX_CELL_CHARS and long.endswith("…")
    assert cell_value({"a": [1]}) == '{"a": [1]}' and cell_value(True) is True
    book = openpyxl.Workbook()
    book.active.append([cell_value("bell\x07"), cell_value(long)])  # type: ignore[union-attr]


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_charts_escape_their_labels() -> None:
    chart = bar_chart([("<script>x</script>", 3.0), ("ok & fine", 1.0)], 'say "hi"')
    heat = heatmap(["<a>", "b"], [[1, 0], [2, 5]], "t", "person", "judge")
    for svg in (chart, heat):
        parsed = Tags()
        parsed.feed(svg)
        assert "script" not in parsed.seen and "a" not in parsed.seen
        assert parsed.seen[0] == "svg" and "xmlns" not in svg
    assert "&lt;script&gt;" in chart and "ok &amp; fine" in chart
    assert "<title>&lt;a&gt; / b: 0</title>" in heat
    assert json.dumps(bar_chart([], "empty")).count("<rect") == 0
