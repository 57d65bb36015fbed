"""The report's narrow read of results leaves out only what no figure reads."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project
from judgedesk.core.report import build
from judgedesk.core.report.build import project_report
from judgedesk.core.report.cache import report_results
from judgedesk.core.review.snapshot import read_results
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.store import Store


def verdict(value: Any, ok: bool = True, **more: Any) -> dict[str, Any]:
    """A verdict as a row's detail keeps it, with the long fields a reply leaves."""
    return {
        "ok": ok,
        "value": value if ok else None,
        "label": None if not ok else str(value),
        "dimensions": more.pop("dimensions", {}),
        "ambiguous": False,
        "candidates": [value, "another reading"],
        "reason": "A long reason that no figure reads. " * 20,
        **more,
    }


def step(judge: str, value: Any, ok: bool = True, **more: Any) -> dict[str, Any]:
    return {
        "judge": judge,
        "key": f"{judge}-{value}-" + "f" * 64,
        "cached": False,
        "verdict": verdict(value, ok),
        "warnings": ["The template uses a field that is empty."],
        **more,
    }


def pair(judge: str, first: int, second: int, combined: int) -> dict[str, Any]:
    """A pairwise judge asked in both orders."""
    orders = [
        {"key": "k1", "cached": True, "verdict": verdict(first)},
        {"key": "k2", "cached": False, "verdict": verdict(second)},
    ]
    return step(
        judge, combined, orders=orders, lengths=[10, 30], consistent=first == 6 - second
    ) | {"pairwise": True}


def sampled(judge: str, values: list[int]) -> dict[str, Any]:
    samples = [
        {"key": f"s{n}", "cached": False, "verdict": verdict(v)} for n, v in enumerate(values)
    ]
    mean = sum(values) / len(values)
    return step(judge, mean, samples=samples, kind="score", combined="mean")


ANSWER = {"content": "An answer. " * 50, "reasoning_content": None}
SCRIPT = {"ok": True, "kind": "", "value": 3, "stdout": "printed " * 30, "stderr": "", "error": ""}

# (status, value, detail) of each row: every kind of step a run records.
ROWS: list[tuple[str, Any, dict[str, Any]]] = [
    ("ok", 4, {"judges": [step("a", 4), step("b", 3)], "decided_by_rule": False}),
    ("ok", 2, {"judges": [step("a", 2, dimensions={"clarity": 2})], "candidate": ANSWER}),
    ("ok", 5, {"judges": [pair("p", 5, 1, 5)], "baseline": ANSWER}),
    ("ok", 2, {"judges": [pair("p", 2, 3, 2)], "preprocess": SCRIPT}),
    ("ok", 3, {"judges": [sampled("s", [3, 4, 2])], "postprocess": SCRIPT}),
    ("error", None, {"judges": [step("a", 1)], "failed_judge": "b"}),
    ("error", None, {"judges": [step("a", 1), {"judge": "b", "failed": "timed out"}]}),
    ("unparsed", None, {"judges": [step("a", 0, ok=False), step("b", 0, ok=False)]}),
    (
        "ok",
        1,
        {"judges": [{"judge": "m", "metric": "bleu", "detail": "long", "verdict": verdict(1)}]},
    ),
    ("ok", 4, {"judges": [step(f"j{n}", 4) for n in range(6)]}),  # more steps than slimmed
    ("ok", 3, {"judges": [step("a", 3), step("b", math.nan)]}),  # not JSON for SQLite
    ("ok", 5, {"judges": [step("a", 5)], "aggregate": "majority"}),
    ("ok", {"overall": 4, "x": [1]}, {"judges": [step("a", {"overall": 4, "x": [1]})]}),
]


def make_store(path: Path) -> None:
    with Store(path) as store:
        for rows in (ROWS, ROWS[3:]):  # a second run replaces the later rows
            run = store.start_run(judges={"a": "v1", "p": "v1"})
            for index, (status, value, detail) in enumerate(rows, start=len(ROWS) - len(rows)):
                store.put_result(run, index, f"r{index}", status, value, detail=detail)
            store.finish_run(run, "finished")
        store.reviews.put(Review(0, "r0", value=4, updated=1.0))
        store.reviews.put(Review(2, "r2", value=4, reviewer="ann", updated=1.0))


def without_long_fields(detail: Any) -> Any:
    """A detail as the narrow read should give it, worked out the long way."""
    if "NaN" in json.dumps(detail):
        return detail  # SQLite cannot read it: read whole
    slim = {k: v for k, v in detail.items() if k not in ("candidate", "baseline", "preprocess")}
    if "postprocess" in slim:
        slim["postprocess"] = {}
    steps = slim.get("judges", [])
    slim["judges"] = [_slim_step(s) for s in steps[:4]] + steps[4:]
    return slim


def _slim_step(found: dict[str, Any], *, order: bool = False) -> dict[str, Any]:
    gone = ("key", "cached") if order else ("key", "cached", "warnings", "detail")
    slim = {k: v for k, v in found.items() if k not in gone}
    if "verdict" in slim:
        left = ("reason", "candidates", "ambiguous")
        slim["verdict"] = {k: v for k, v in slim["verdict"].items() if k not in left}
    if "orders" in slim:
        slim["orders"] = [_slim_step(o, order=True) for o in slim["orders"][:2]]
    return slim


def test_the_narrow_read_leaves_out_the_long_fields_only(tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    make_store(path)
    with Store(path) as store:
        for run_id in (None, 1, 2):
            full, narrow = read_results(store, run_id), report_results(store, run_id)
            assert list(full) == list(narrow)
            for row, result in full.items():
                got = narrow[row]
                assert (got.run_id, got.row_id, got.status, got.error, got.updated) == (
                    result.run_id,
                    result.row_id,
                    result.status,
                    result.error,
                    result.updated,
                )
                assert got.value == result.value
                expected = without_long_fields(result.detail)
                assert json.dumps(got.detail, sort_keys=True) == json.dumps(
                    expected, sort_keys=True
                ), row
        since = report_results(store, 2, since=math.inf)
        assert since == {}


def test_reports_from_the_narrow_read_match_reports_from_whole_details(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = Project(root=tmp_path / "p", name="every step")
    project.judges = [JudgeSettings(name="a", base_url="http://127.0.0.1:9/v1", model="m")]
    project.save()
    make_store(project.store_path)
    narrow = [project_report(project, run_id=run, history=True) for run in (None, 1, 2)]
    monkeypatch.setattr(build, "report_results", read_results)
    whole = [project_report(project, run_id=run, history=True) for run in (None, 1, 2)]
    for a, b in zip(narrow, whole, strict=True):
        assert a.to_dict() | {"created": 0} == b.to_dict() | {"created": 0}
    assert narrow[0].pairwise is not None and narrow[0].pairwise.judges
    assert {j.name for j in narrow[0].judges} >= {"a", "b", "p", "s", "m"}
