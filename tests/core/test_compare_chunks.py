"""Two runs compared a chunk of rows at a time, and the report's JSON written with the
changed rows a few at a time, give exactly what comparing and writing at once give."""

from __future__ import annotations

import io
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project
from judgedesk.core.report import compare
from judgedesk.core.report.compare import ChangedRows, compare_outcomes, compare_runs, write_json
from judgedesk.core.report.figures import summarize
from judgedesk.core.review.human import ReviewScale
from judgedesk.core.review.items import same_value
from judgedesk.core.review.two_raters import agreement
from judgedesk.core.run.store import Store
from judgedesk.core.run.store_reads import outcomes

SCALE = ReviewScale("score", 1, 5, (1, 2, 3, 4, 5))
VALUES: list[Any] = [1, 2, 5, 1.0, True, False, 0, None, "A>B", [1, 2], {"s": 3}, math.nan]
STATUSES = ["ok", "ok", "ok", "failed", "unparsed"]


def _fill(store: Store, seed: int) -> tuple[int, int]:
    """Two runs over rows with gaps, some rows in one run only, values of every kind."""
    chance = random.Random(seed)
    first, second = store.start_run(), store.start_run()
    for row in range(0, 300, 1 + chance.randrange(2)):
        for run in (first, second):
            if chance.random() < 0.1:
                continue  # this row is in the other run only
            status = chance.choice(STATUSES)
            value = chance.choice(VALUES) if status != "failed" else None
            store.put_result(run, row, f"id-{row}", status, value, detail={})
    store.flush()
    return first, second


def _whole(store: Store, first: int, second: int) -> compare.RunComparison:
    before = store.read(lambda db: outcomes(db, first))
    after = store.read(lambda db: outcomes(db, second))
    return compare_outcomes(first, second, before, after, SCALE, seed=3)


def _same(a: Any, b: Any) -> bool:
    """Equal, NaN equal to NaN, and of one type (True is not 1)."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("chunk", [1, 7, 64, 20_000])
def test_chunks_compare_as_one_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    monkeypatch.setattr(compare, "CHUNK_ROWS", chunk)
    with Store(tmp_path / "r.sqlite") as store:
        first, second = _fill(store, seed=chunk)
        chunked = compare_runs(store, first, second, SCALE, seed=3)
        whole = _whole(store, first, second)
        # Read the long way: every row's whole result in both runs.
        before = {r.row_index: r for r in store.results(first)}
        after = {r.row_index: r for r in store.results(second)}
    both = sorted(before.keys() & after.keys())
    assert chunked.rows == whole.rows == len(both) > 100
    assert json.dumps(chunked.to_dict(), default=str) == json.dumps(whole.to_dict(), default=str)
    assert isinstance(chunked.changed, ChangedRows) and chunked.changed == whole.changed
    expected = [
        row
        for row in both
        if before[row].status != after[row].status
        or not same_value(before[row].value, after[row].value)
    ]
    assert [c.row_index for c in chunked.changed] == expected
    for change in chunked.changed:  # each value as stored, its type kept (True is not 1)
        assert change.row_id == f"id-{change.row_index}"
        assert _same(change.before, before[change.row_index].value)
        assert _same(change.after, after[change.row_index].value)
        assert (change.before_status, change.after_status) == (
            before[change.row_index].status,
            after[change.row_index].status,
        )

    def ok(result: Any) -> Any:
        return result.value if result.status == "ok" else None

    for side, summary in ((before, chunked.before), (after, chunked.after)):  # nothing shared
        made = summarize([(side[row].status, ok(side[row])) for row in both], SCALE, seed=3)
        assert json.dumps(summary.to_dict(), default=str) == json.dumps(made.to_dict(), default=str)
    pairs = [(ok(before[row]), ok(after[row])) for row in both]
    assert chunked.agreement == agreement(pairs, f"run {first}", f"run {second}")
    assert chunked.changed[2:5] == list(chunked.changed)[2:5]
    assert chunked.changed[-1] == list(chunked.changed)[-1]


def test_runs_with_no_rows_in_common_compare_as_none(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        first, second = store.start_run(), store.start_run()
        store.put_result(first, 0, "a", "ok", 1, detail={})
        store.put_result(second, 5, "b", "ok", 2, detail={})
        empty = store.start_run()
        assert compare_runs(store, first, second, SCALE).rows == 0
        assert compare_runs(store, first, empty, SCALE).changed == []


def _report_json(project: Project, *args: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["report", str(project.root), "--json", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("changes", [0, 1, 2_500])
def test_the_json_is_that_of_the_whole_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], changes: int
) -> None:
    project = Project(root=tmp_path / "p", name="p")
    project.judges = [JudgeSettings(name="rule", kind="metric", metric="exact")]
    project.save()
    rows = max(changes, 3)
    with Store(project.store_path) as store:
        first, second = store.start_run(), store.start_run()
        for row in range(rows):
            value = {"why": 'a "quoted" line\nand 字'} if row % 3 else row % 5 + 1
            store.put_result(first, row, f"r{row}", "ok", value, detail={})
            moved = row < changes
            store.put_result(second, row, f"r{row}", "ok", 9 if moved else value, detail={})
    from judgedesk.core.report.build import project_report

    report = project_report(project, None, compare=(first, second))
    assert len(report.comparison.changed) == changes  # type: ignore[union-attr]
    written = _report_json(project, "--compare", str(first), str(second), capsys=capsys)
    expected = json.dumps(report.to_dict(), ensure_ascii=False, indent=2, default=str) + "\n"
    created = json.loads(written)["created"]  # made anew by the command
    assert written == expected.replace(json.dumps(report.created), json.dumps(created), 1)
    out = io.StringIO()
    write_json(report.to_dict(), None, out)  # no comparison: the report as it is
    assert out.getvalue() == expected
