"""A row's detail as the run writes it: every key declared in its type, the JSON as
earlier versions wrote it, and readers that take old and damaged details."""

from __future__ import annotations

import csv
import json
import sqlite3
import typing
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.review import judge_verdicts
from judgedesk.core.run import (
    DETAIL_VERSION,
    RowDetail,
    Store,
    count_results,
    judge_steps,
    latest_statuses,
    read_value,
    sample_values,
    verdict_of,
)
from tests.core import test_pairwise_orders as pairs
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI


def _undeclared(value: Any, kind: Any, where: str = "detail") -> list[str]:
    """What ``value`` holds that its TypedDict ``kind`` does not declare, or lacks that
    ``kind`` requires, looked for in every TypedDict nested in it."""
    if typing.is_typeddict(kind):
        assert isinstance(value, dict), where
        hints = typing.get_type_hints(kind)
        found = [f"{where}.{key}" for key in value if key not in hints]
        found += [f"{where}.{key} missing" for key in _required(kind) if key not in value]
        for key, given in value.items():
            if key in hints:
                found += _undeclared(given, hints[key], f"{where}.{key}")
        return found
    if typing.get_origin(kind) is list and isinstance(value, list):
        (item,) = typing.get_args(kind)
        return [bad for at, x in enumerate(value) for bad in _undeclared(x, item, f"{where}[{at}]")]
    return []


def _required(kind: Any) -> list[str]:
    # Read from the hints: with postponed annotations, Python 3.11 does not see
    # Required and NotRequired in __required_keys__.
    hints = typing.get_type_hints(kind, include_extras=True)
    wanted = {typing.Required: True, typing.NotRequired: False}
    return [
        key for key, hint in hints.items() if wanted.get(typing.get_origin(hint), kind.__total__)
    ]


def _details(store_path: Path) -> list[str]:
    with sqlite3.connect(store_path) as db:
        return [text for (text,) in db.execute("SELECT detail FROM results ORDER BY row_index")]


def test_every_key_a_run_writes_is_declared_in_the_detail_type(tmp_path: Path) -> None:
    assert DETAIL_VERSION == 1
    with FakeOpenAI(reply=score_from_question) as fake:
        # Candidate answers, a rule judge, a judge sampled twice, the majority of both.
        project = make_project(tmp_path / "p", fake.base_url, rows=3, samples=2)
        rows = project.dataset_path()
        lines = [json.loads(x) for x in rows.read_text().splitlines()]
        del lines[0]["response"]
        rows.write_text("".join(json.dumps(x) + "\n" for x in lines))
        project.candidate = JudgeSettings(
            name="candidate", base_url=fake.base_url, model="judge-large", template=""
        )
        project.judges.insert(0, JudgeSettings(name="exact", kind="metric", metric="contains"))
        project.run.aggregate = "majority"
        project.save()
        run(project)
    written = _details(project.store_path)
    # Pairs judged in both orders.
    data = tmp_path / "pairs.csv"
    with data.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "prompt", "model_a", "model_b"])
        for i in range(2):
            writer.writerow([f"p{i}", f"Question {i}?", f"first {i}", f"second {i}"])
    folder = tmp_path / "pairs"
    with FakeOpenAI(reply=pairs.judge) as fake:
        args = ["new", str(folder), "--dataset", str(data), "--template", "pairwise_checklist"]
        for role in ("question=prompt", "response_a=model_a", "response_b=model_b"):
            args += ["--field", role]
        args += ["--judge-url", fake.base_url, "--judge-model", "judge-m", "--swap"]
        assert main(args) == 0
        assert main(["run", str(folder), "--quiet"]) == 0
    written += _details(folder / ".judgedesk" / "results.sqlite")

    details = [json.loads(text) for text in written]
    assert "candidate" in details[0] and "aggregate" in details[0]
    assert {"samples", "metric", "orders", "consistent"} <= {
        key for detail in details for step in detail["judges"] for key in step
    }
    assert [bad for detail in details for bad in _undeclared(detail, RowDetail)] == []


def test_a_detail_is_stored_as_earlier_versions_wrote_it(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1", rows=1)
    project.judges = [JudgeSettings(name="exact", kind="metric", metric="contains")]
    project.save()
    run(project)
    # Byte for byte what a results file of DETAIL_VERSION 1 holds for this row.
    assert _details(project.store_path) == [
        '{"judges":[{"judge":"exact","metric":"contains","decided":true,'
        '"detail":"the response does not contain the reference \'ref 0\'",'
        '"verdict":{"ok":true,"value":false,"label":"False","dimensions":{},'
        '"ambiguous":false,"candidates":[],"reason":""}}],"decided_by_rule":false}'
    ]


@pytest.mark.parametrize(
    ("judges", "steps"),
    [(None, 0), ("not a list", 0), ([], 0), ([1, "x", {"judge": "a"}], 1)],
)
def test_judge_steps_pass_over_what_is_no_step(judges: Any, steps: int) -> None:
    detail: dict[str, Any] = {} if judges is None else {"judges": judges}
    assert len(judge_steps(detail)) == steps


def test_readers_take_old_and_damaged_steps() -> None:
    detail: dict[str, Any] = {
        "judges": [
            {"judge": "a", "verdict": {"ok": True, "value": 4}},  # fewer keys than today
            {"judge": "b", "failed": "timeout", "key": "k"},  # a failure that was a vote
            {"judge": "c", "verdict": "damaged"},
            "damaged",
            {
                "judge": "d",
                "verdict": {"ok": True, "value": 2},
                "samples": [{"verdict": {"ok": True, "value": 1}}, {"verdict": {"ok": False}}],
            },
        ]
    }
    steps = judge_steps(detail)
    assert [verdict_of(step) is not None for step in steps] == [True, False, False, True]
    assert [read_value(verdict_of(step)) for step in steps] == [4, None, None, 2]
    assert sample_values(steps[3]) == [1, None]
    read = judge_verdicts(detail)  # type: ignore[arg-type]
    assert [(j.name, j.ok, j.value) for j in read] == [
        ("a", True, 4),
        ("b", False, None),
        ("c", False, None),
        ("d", True, 2),
    ]


def test_the_results_are_counted_and_their_statuses_read_in_the_run_stage(
    tmp_path: Path,
) -> None:
    script_failed = {"preprocess": {"ok": False, "kind": "exception"}}
    with Store(tmp_path / "results.sqlite") as store:
        first = store.start_run()
        store.put_result(first, 0, "r0", "ok", 3)
        store.put_result(first, 1, "r1", "error", None, "failed", script_failed)
        second = store.start_run()
        store.put_result(second, 1, "r1", "ok", {"score": 2})
        store.put_result(second, 2, "r2", "error", None, "failed", {"judges": []})
        assert store.read(count_results) == 4
        assert store.read(lambda db: count_results(db, run_id=first)) == 2
        statuses = sorted(store.read(latest_statuses))
    assert statuses == [
        (0, "ok", 3, False),
        (1, "ok", {"score": 2}, False),
        (2, "error", None, False),
    ]
    with Store(tmp_path / "results.sqlite") as store:
        run_id = store.start_run()
        store.put_result(run_id, 3, "r3", "error", None, "failed", script_failed)
        assert (3, "error", None, True) in store.read(latest_statuses)
