"""A random sample of the judged rows: seeded, stratified in proportion, kept in the project."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project, load_project
from judgedesk.core.review import ReviewWorker, draw_sample, load_sample
from judgedesk.core.run import Store

TOPICS = ["math"] * 30 + ["art"] * 60 + ["law"] * 10


def judged_project(
    root: Path, rows: int = 100, *, ids: bool = True, failed: tuple[int, ...] = ()
) -> Project:
    """A project of ``rows`` rows (topics as :data:`TOPICS`), every row judged (a score
    of its index mod 5), but those in ``failed``, whose judge call failed."""
    write_rows(root, rows, ids=ids)
    project = Project(root=root, name="sampled")
    project.dataset.path = "data/items.jsonl"
    project.save()
    with Store(project.store_path) as store:
        run = store.start_run()
        for i in range(rows):
            status, value = ("error", None) if i in failed else ("ok", i % 5 + 1)
            store.put_result(run, i, f"r{i}" if ids else str(i), status, value)
        store.finish_run(run, "finished")
    return load_project(root)


def write_rows(root: Path, rows: int, *, ids: bool = True) -> None:
    data = root / "data" / "items.jsonl"
    data.parent.mkdir(parents=True, exist_ok=True)
    with data.open("w", encoding="utf-8") as handle:
        for i in range(rows):
            record: dict[str, Any] = {"question": f"q{i}", "topic": TOPICS[i % len(TOPICS)]}
            if ids:
                record["id"] = f"r{i}"
            handle.write(json.dumps(record) + "\n")


def draw(project: Project, size: int, **options: Any) -> Any:
    with open_dataset(project.dataset_path()) as dataset:
        return draw_sample(project, dataset, size, **options)


def test_the_same_seed_draws_the_same_rows_and_they_are_kept(tmp_path: Path) -> None:
    project = judged_project(tmp_path / "p", failed=(3, 4))
    first = draw(project, 20, seed=7)
    assert len(first) == 20 and len(set(first.rows)) == 20
    assert not {3, 4} & set(first.rows)  # only rows with a judge's verdict
    assert first.population == 98
    assert first.ids == tuple(f"r{i}" for i in first.rows)
    again = draw(project, 20, seed=7, replace=True)
    assert again.rows == first.rows
    assert draw(project, 20, seed=8, replace=True).rows != first.rows
    kept = load_sample(project)
    assert kept is not None and kept.seed == 8
    assert (
        json.loads((project.root / ".judgedesk" / "sample.json").read_text())["schema_version"] == 1
    )


def test_drawing_again_asks_to_replace(tmp_path: Path) -> None:
    project = judged_project(tmp_path / "p", rows=10)
    first = draw(project, 3, seed=1)
    with pytest.raises(JudgeDeskError, match="already has a random sample"):
        draw(project, 3, seed=2)
    assert load_sample(project) == first
    with pytest.raises(JudgeDeskError, match="between 1 and 10"):
        draw(project, 11, replace=True)


def test_a_stratified_sample_gives_each_value_its_share(tmp_path: Path) -> None:
    project = judged_project(tmp_path / "p")
    sample = draw(project, 20, seed=3, by="topic")
    strata = {s.value: s for s in sample.strata}
    assert {v: (s.rows, s.drawn) for v, s in strata.items()} == {
        "art": (60, 12),
        "law": (10, 2),
        "math": (30, 6),
    }
    assert {v: s.weight for v, s in strata.items()} == {"art": 0.6, "law": 0.1, "math": 0.3}
    drawn = Counter(TOPICS[i] for i in sample.rows)
    assert drawn == {"art": 12, "law": 2, "math": 6}
    # Shares that do not divide evenly still add up to the size asked for.
    odd = draw(project, 7, seed=3, by="topic", replace=True)
    assert len(odd) == 7 and sum(s.drawn for s in odd.strata) == 7
    with pytest.raises(JudgeDeskError, match="no field 'colour'"):
        draw(project, 7, by="colour", replace=True)


def test_rows_added_later_are_not_in_the_sample(tmp_path: Path) -> None:
    project = judged_project(tmp_path / "p", rows=20)
    sample = draw(project, 5, seed=11)
    write_rows(project.root, 30)  # ten more rows, judged later
    with Store(project.store_path) as store:
        run = store.start_run()
        for i in range(20, 30):
            store.put_result(run, i, f"r{i}", "ok", 2)
        store.finish_run(run, "finished")
    kept = load_sample(project)
    assert kept == sample and kept.population == 20
    assert all(row < 20 for row in kept.rows)


def test_ids_are_row_numbers_without_an_id_field(tmp_path: Path) -> None:
    project = judged_project(tmp_path / "p", rows=10, ids=False)
    sample = draw(project, 4, seed=5)
    assert sample.ids == sample.rows


def test_the_command_line_prints_the_ids_and_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = judged_project(tmp_path / "p", rows=30)
    folder = str(project.root)
    assert main(["review", "sample", folder, "--size", "5", "--seed", "4", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    kept = load_sample(project)
    assert kept is not None
    assert printed == {"ids": list(kept.ids), "seed": 4}
    assert main(["review", "sample", folder, "--size", "5"]) != 0  # asks to replace
    assert "--replace" in capsys.readouterr().err
    assert main(["review", "sample", folder, "--size", "6", "--by", "topic", "--replace"]) == 0
    assert "6 of 30 judged rows drawn at random, stratified by topic" in capsys.readouterr().out


def test_the_review_reads_the_sample_whoever_reviews(tmp_path: Path) -> None:
    project = judged_project(tmp_path / "p", rows=10)
    sample = draw(project, 3, seed=1)
    worker = ReviewWorker()
    try:
        with open_dataset(project.dataset_path()) as dataset:
            load = worker.open(project, dataset, reviewer="ana").result(10)
        assert load.sample == sample.members
        again = worker.set_reviewer("bo").result(10)
        assert again is not None and again.sample == sample.members
    finally:
        worker.shutdown()
