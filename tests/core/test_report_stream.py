"""A large run's report, read a chunk of rows at a time, gives what reading it at once
gives; and ``judgedesk report`` (reading categories as it indexes the dataset, and the
dataset only when the report needs it) gives what the core gives."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project import open_project_dataset
from judgedesk.core.project.settings import Project
from judgedesk.core.report import stream
from judgedesk.core.report.build import project_report
from judgedesk.core.report.cache import ReportCache
from judgedesk.core.run.adjudications import Adjudication
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.store import Store

ROWS = 3000
TOPICS = [f"t{n}" for n in range(60)]  # more than a report shows: the rest are "(other)"


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of a few hundred rows, so that a few thousand rows make several."""
    monkeypatch.setattr(stream, "CHUNK_ROWS", 700)


def make_project(tmp_path: Path, *, pairwise: bool = False) -> Project:
    """Rows with a topic and a level, some with a person's label in a ``human`` column."""
    rng = random.Random(5)
    data = tmp_path / "p" / "data" / "rows.jsonl"
    data.parent.mkdir(parents=True)
    with data.open("w", encoding="utf-8") as handle:
        for i in range(ROWS + 10):
            record: dict[str, Any] = {"id": f"r{i}", "question": f"q{i}"}
            record["topic"] = TOPICS[min(i % 97, len(TOPICS) - 1)]
            record["meta"] = {"level": rng.choice(("easy", "hard"))}
            if i % 37 == 0:
                record["label"] = (i % 5) + 1 if pairwise else rng.randint(1, 10)
            if i % 41 == 0:  # a reviewer's labels brought in as a column of their own
                record["dan"] = (i % 5) + 1 if pairwise else rng.randint(1, 10)
            handle.write(json.dumps(record) + "\n")
    project = Project(root=tmp_path / "p", name="large")
    project.dataset.path = "data/rows.jsonl"
    project.dataset.fields = {"category": "topic", "human": "label", "human.dan": "dan"}
    project.variables = {"min_score": 1, "max_score": 10}
    parser = {"parser": "comparison"} if pairwise else {}
    project.judges = [
        JudgeSettings(name="second", base_url="http://127.0.0.1:9/v1", model="m", **parser),
        JudgeSettings(name="judge", base_url="http://127.0.0.1:9/v1", model="m", **parser),
    ]
    project.save()
    return project


def put_scores(store: Store, rows: range, seed: int) -> int:
    """A run of two judges' scores with a dimension; some rows unparsed, some failed."""
    rng = random.Random(seed)
    run = store.start_run(judges={"judge": f"v{seed}", "second": "v1"})
    for row in rows:
        score = rng.randint(1, 10)
        second = {"ok": row % 11 != 0, "value": None if row % 11 == 0 else max(1, score - 1)}
        verdict = {"ok": True, "value": score, "dimensions": {"clarity": score % 3 + 1}}
        steps: list[dict[str, Any]] = [{"judge": "second", "verdict": second}]
        status, value = "ok", score
        if row % 13 == 0:
            status, value = "unparsed", None
            steps.append({"judge": "judge", "verdict": {"ok": False, "value": None}})
        elif row % 17 == 0:
            status, value = "error", None  # failed at the judge: no step of its own
        else:
            steps.append({"judge": "judge", "verdict": verdict})
        detail = {"judges": [{**s, "key": f"k{run}-{row}-{n}"} for n, s in enumerate(steps)]}
        if row % 7 == 3:  # as a rule writes it: no cache key, its reading in words
            detail = {"judges": [{**s, "detail": f"read {score % 4}"} for s in steps]}
        store.put_result(run, row, f"r{row}", status, value, detail=detail)
    store.finish_run(run, "finished")
    return run


def put_pairs(store: Store, rows: range, seed: int) -> int:
    """A run of pairwise verdicts judged in both orders."""
    rng = random.Random(seed)
    run = store.start_run(judges={"judge": f"v{seed}"})
    for row in rows:
        first, second = rng.randint(1, 5), rng.randint(1, 5)
        value = rng.randint(1, 5)
        orders = [{"verdict": {"ok": True, "value": v}} for v in (first, second)]
        step = {
            "judge": "judge",
            "pairwise": True,
            "orders": orders,
            "consistent": first == 6 - second,
            "lengths": [row % 7, row % 5],
            "verdict": {"ok": True, "value": value},
        }
        store.put_result(run, row, f"r{row}", "ok", value, detail={"judges": [step]})
    store.finish_run(run, "finished")
    return run


def add_people(store: Store, *, pairwise: bool = False) -> None:
    """Three reviewers over some rows (one of them without a result), one adjudication."""
    rng = random.Random(9)
    top = 5 if pairwise else 10
    for row in [*range(0, ROWS, 23), ROWS + 5]:
        for reviewer in ("ana", "bo", "cy")[: 1 + row % 3]:
            dimensions = {"clarity": rng.randint(1, 3)} if not pairwise else {}
            review = Review(row, f"r{row}", value=rng.randint(1, top), reviewer=reviewer)
            store.reviews.put(
                Review(**{**review.__dict__, "dimensions": dimensions, "updated": 1.0 + row})
            )
    store.adjudications.put(Adjudication(46, "r46", 4, "ana", updated=2.0))


def both(project: Project, **choices: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The report read at once, and read a chunk at a time."""
    with open_project_dataset(project) as dataset:
        whole = project_report(project, dataset, streamed=False, **choices)
        chunked = project_report(project, dataset, streamed=True, **choices)
    return whole.to_dict() | {"created": 0}, chunked.to_dict() | {"created": 0}


def test_a_report_read_in_chunks_gives_every_figure_of_one_read_at_once(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    with Store(project.store_path) as store:
        put_scores(store, range(ROWS), 1)
        put_scores(store, range(0, ROWS, 3), 2)  # each row's latest result: one run or other
        add_people(store)
    whole, chunked = both(project, compare=(1, 2), history=True)
    assert chunked == whole
    # Every part of the report is there to compare.
    assert whole["summary"]["counts"]["error"] and whole["summary"]["counts"]["unparsed"]
    assert whole["categories"][-1]["name"] == "(other)" and whole["dimensions"]
    assert "dan" in whole["people"]["reviewers"] and len(whole["agreement"]) == 2
    assert whole["judges_alpha"]
    assert whole["review"]["decided"] == 1 and whole["review"]["from_dataset"]
    assert whole["human_labels"] and whole["comparison"] and whole["history"]
    assert [j["name"] for j in whole["judges"]] == ["second", "judge"]
    for choices in ({"run_id": 1}, {"run_id": 2, "category": "meta.level"}):
        whole, chunked = both(project, **choices)
        assert chunked == whole


def test_a_report_read_in_chunks_with_reads_kept_sees_results_stored_since(
    tmp_path: Path,
) -> None:
    project = make_project(tmp_path)
    with Store(project.store_path) as store:
        put_scores(store, range(ROWS), 1)
        second = put_scores(store, range(0, ROWS, 3), 2)
        add_people(store)
    choices: dict[str, Any] = {"streamed": True, "compare": (1, 2), "history": True}
    cache = ReportCache()
    with open_project_dataset(project) as dataset:
        before = project_report(project, dataset, cache=cache, **choices).to_dict()
        with Store(project.store_path) as store:  # the second run judges more rows
            for row in range(1, ROWS, 3):
                verdict = {"judge": "judge", "verdict": {"ok": True, "value": 10}}
                store.put_result(second, row, f"r{row}", "ok", 10, detail={"judges": [verdict]})
        after = project_report(project, dataset, cache=cache, **choices).to_dict()
        fresh = project_report(project, dataset, **choices).to_dict()
    assert after | {"created": 0} == fresh | {"created": 0}
    assert after["comparison"] != before["comparison"] and after["history"] != before["history"]


def test_pairwise_figures_read_in_chunks_are_those_read_at_once(tmp_path: Path) -> None:
    project = make_project(tmp_path, pairwise=True)
    with Store(project.store_path) as store:
        put_pairs(store, range(ROWS), 3)
        add_people(store, pairwise=True)
    whole, chunked = both(project)
    assert whole["pairwise"] is not None and whole["pairwise"]["judges"]
    assert chunked == whole


def test_a_run_past_the_size_limits_is_read_in_chunks_of_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make_project(tmp_path)
    with Store(project.store_path) as store:
        put_scores(store, range(ROWS), 1)
        add_people(store)
    read: list[tuple[int, int]] = []
    chunks = stream.streamed_chunks

    def counted(store: Store, run_id: int | None, span: tuple[int, int]) -> Any:
        read.append(span)
        return chunks(store, run_id, span)

    monkeypatch.setattr(stream, "streamed_chunks", counted)
    with open_project_dataset(project) as dataset:
        small = project_report(project, dataset).to_dict() | {"created": 0}
        assert read == []  # a few thousand rows: read at once
        monkeypatch.setattr(stream, "ONCE_ROWS", ROWS - 1)
        once = project_report(project, dataset).to_dict() | {"created": 0}
        assert read == [(0, ROWS - 1)]
        # A report whose reads are kept for the next one goes on to a larger size.
        kept = project_report(project, dataset, cache=ReportCache()).to_dict()
        assert len(read) == 1
        monkeypatch.setattr(stream, "LARGE_ROWS", ROWS - 1)
        large = project_report(project, dataset, cache=ReportCache()).to_dict()
    assert len(read) == 2
    assert once == small and kept | {"created": 0} == small and large | {"created": 0} == small


def report_command(project: Project, *args: str) -> dict[str, Any]:
    """``judgedesk report PROJECT --json ARGS`` in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-m", "judgedesk", "report", str(project.root), "--json", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "JUDGEDESK_SETTINGS_DIR": str(project.root.parent / "settings")},
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout)
    return found | {"created": 0}


def test_the_report_command_gives_the_report_the_core_gives(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    with Store(project.store_path) as store:
        put_scores(store, range(ROWS), 1)
        add_people(store)
    for by in (None, "meta.level"):
        with open_project_dataset(project) as dataset:
            wanted = project_report(project, dataset, category=by).to_dict()
        args = ("--by", by) if by else ()
        assert report_command(project, *args) == json.loads(json.dumps(wanted)) | {"created": 0}
    # Nothing mapped that a report reads: the same report without the dataset.
    project.dataset.fields = {}
    project.save()
    with open_project_dataset(project) as dataset:
        wanted = project_report(project, dataset).to_dict()
    (tmp_path / "p" / "data" / "rows.jsonl").unlink()
    assert report_command(project) == json.loads(json.dumps(wanted)) | {"created": 0}
