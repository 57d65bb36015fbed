"""Reports computed with what earlier reports read give what reading everything gives."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project import open_project_dataset
from judgedesk.core.project.settings import Project
from judgedesk.core.report.build import project_comparison, project_report
from judgedesk.core.report.cache import ReportCache
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.store import Store

ROWS = 40
TOPICS = ("maths", "law", "code")


def make_project(tmp_path: Path) -> Project:
    """Rows with a topic, and a judge that gives scores and a dimension."""
    data = tmp_path / "p" / "data" / "rows.jsonl"
    data.parent.mkdir(parents=True)
    lines = [{"id": f"r{i}", "question": f"q{i}", "topic": TOPICS[i % 3]} for i in range(ROWS)]
    data.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")
    project = Project(root=tmp_path / "p", name="cached")
    project.dataset.path = "data/rows.jsonl"
    project.dataset.fields = {"category": "topic"}
    project.variables = {"min_score": 1, "max_score": 10}
    project.judges = [JudgeSettings(name="judge", base_url="http://127.0.0.1:9/v1", model="m")]
    project.save()
    return project


def put_run(store: Store, rows: range, seed: int, version: str, *, finish: bool = True) -> int:
    """A run of ``rows`` with scores drawn from ``seed`` (every fifth row unparsed)."""
    rng = random.Random(seed)
    run = store.start_run(judges={"judge": version})
    for row in rows:
        put_row(store, run, row, rng.randint(1, 10), unparsed=row % 5 == 4)
    if finish:
        store.finish_run(run, "finished")
    else:
        store.flush()
    return run


def put_row(store: Store, run: int, row: int, score: int, *, unparsed: bool = False) -> None:
    """A row's result from two judges: a second one, then the judge whose verdict counts."""
    verdict: dict[str, Any] = {"ok": not unparsed, "value": None if unparsed else score}
    verdict["dimensions"] = {} if unparsed else {"clarity": score % 3 + 1}
    second = {"ok": True, "value": max(1, score - row % 2)}
    steps = [{"judge": "second", "verdict": second}, {"judge": "judge", "verdict": verdict}]
    detail = {"judges": [{**step, "key": f"k{run}-{row}-{n}"} for n, step in enumerate(steps)]}
    status, value = ("unparsed", None) if unparsed else ("ok", score)
    store.put_result(run, row, f"r{row}", status, value, detail=detail)


def reports(
    project: Project, cache: ReportCache, **choices: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The report computed with ``cache``, and computed reading everything."""
    with open_project_dataset(project) as dataset:
        kept = project_report(project, dataset, history=True, cache=cache, **choices)
        fresh = project_report(project, dataset, history=True, **choices)
    return kept.to_dict() | {"created": 0}, fresh.to_dict() | {"created": 0}


def test_reports_after_runs_and_reviews_match_reports_read_afresh(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    cache = ReportCache()
    with Store(project.store_path) as store:
        put_run(store, range(ROWS), 1, "v1")
    kept, fresh = reports(project, cache)
    assert kept == fresh and kept["summary"]["rows"] == ROWS
    with Store(project.store_path) as store:  # a run under way: half its rows so far
        run = put_run(store, range(0, ROWS, 2), 2, "v2", finish=False)
    during, fresh = reports(project, cache)
    assert during == fresh and during != kept
    with Store(project.store_path) as store:  # ... then the rest, one row replaced
        for row in range(1, ROWS, 2):
            put_row(store, run, row, 10)
        put_row(store, run, 0, 1)
        store.finish_run(run, "finished")
        for row in range(0, ROWS, 4):  # two people review a quarter of the rows
            store.reviews.put(Review(row, f"r{row}", value=row % 10 + 1, updated=1.0))
            store.reviews.put(Review(row, f"r{row}", value=row % 9 + 1, reviewer="ann"))
    for choices in ({}, {"run_id": 1}, {"run_id": run}, {"category": ""}, {"compare": (1, run)}):
        kept, fresh = reports(project, cache, **choices)
        assert kept == fresh, choices
    latest, _ = reports(project, cache)
    assert latest["review"]["reviewed"] == ROWS // 4 and latest["summary"]["rows"] == ROWS
    assert latest["people"] is not None and latest["judges_alpha"] is not None
    assert latest["summary"]["mean"] != during["summary"]["mean"]
    with Store(project.store_path) as store:  # a review changed, and a later run of a few rows
        store.reviews.put(Review(0, "r0", value=2, updated=2.0))
        put_run(store, range(5), 3, "v3")
    kept, fresh = reports(project, cache)
    assert kept == fresh and [v["version"] for v in kept["history"]] == ["v1", "v2", "v3"]
    compared = project_comparison(project, 1, run, cache=cache)
    assert compared[0].to_dict() == project_comparison(project, 1, run)[0].to_dict()


def test_a_result_stored_with_an_earlier_time_is_read_again(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    cache = ReportCache()
    with Store(project.store_path) as store:
        run = put_run(store, range(ROWS), 1, "v1")
    before, fresh = reports(project, cache, run_id=run)
    assert before == fresh
    with Store(project.store_path) as store:  # another program's clock, behind this one's
        store.read(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO results VALUES (?, 3, 'r3', 'error', NULL, 'x', '{}', 5.0)",
                (run,),
            )
        )
    kept, fresh = reports(project, cache, run_id=run)
    assert kept == fresh
    assert kept["summary"]["counts"]["error"] == before["summary"]["counts"]["error"] + 1
