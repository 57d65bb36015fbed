"""The tuning and test parts of the rows people labelled: seeded, stratified, stable."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Project, load_project
from judgedesk.core.review import Labelled, labelled_rows, part_of, project_split, split_rows
from judgedesk.core.run import Review, Store


def labelled(count: int, verdict: object = None) -> dict[int, Labelled]:
    return {
        i: Labelled(i, f"r{i}", (i % 2 == 0) if verdict is None else verdict) for i in range(count)
    }


def test_the_same_seed_gives_the_same_split_and_another_seed_another() -> None:
    rows = labelled(200)
    first, again = split_rows(rows, 0.5, 7), split_rows(rows, 0.5, 7)
    assert first.tuning == again.tuning and first.test == again.test
    other = split_rows(rows, 0.5, 8)
    assert other.tuning != first.tuning
    assert set(first.tuning) | set(first.test) == set(rows)
    assert not set(first.tuning) & set(first.test)


def test_each_verdict_is_in_both_parts_in_proportion() -> None:
    rows = {i: Labelled(i, f"r{i}", ["good", "bad", "ugly"][i % 3]) for i in range(3000)}
    split = split_rows(rows, 0.3, 1)
    tuning = Counter(rows[i].verdict for i in split.tuning)
    for verdict in ("good", "bad", "ugly"):
        assert tuning[verdict] / 1000 == pytest.approx(0.3, abs=0.05)


def test_a_part_depends_only_on_the_seed_the_row_id_and_its_stratum() -> None:
    placed = split_rows(labelled(40), 0.5, 3)
    # Many more reviews come in, before and after: no row already placed moves.
    grown = split_rows(
        {**labelled(40), **{i: Labelled(i, f"r{i}", i % 2 == 0) for i in range(40, 400)}}, 0.5, 3
    )
    assert set(placed.tuning) <= set(grown.tuning)
    assert set(placed.test) <= set(grown.test)
    for index in placed.tuning:
        assert part_of(3, f"r{index}", index % 2 == 0, 0.5) == "tuning"
    # Scores are placed by their whole number: 7.0 and the mean 7.2 of two people alike.
    assert part_of(3, "x", 7, 0.5) == part_of(3, "x", 7.2, 0.5)


def test_too_few_labelled_rows_say_how_many_more_are_needed() -> None:
    split = split_rows(labelled(4), 0.5, 0)
    with pytest.raises(JudgeDeskError, match=r"Review about \d+ more rows"):
        split.require_parts()
    split_rows(labelled(60), 0.5, 0).require_parts()
    with pytest.raises(JudgeDeskError, match="between 0 and 1"):
        split_rows(labelled(4), 1.0, 0)


def make_project(root: Path, rows: int = 30, human: bool = False) -> Project:
    data = root / "data.jsonl"
    root.mkdir(parents=True)
    with data.open("w", encoding="utf-8") as handle:
        for i in range(rows):
            record = {"id": f"q{i}", "question": f"item {i}", "response": {"content": "a"}}
            if human:
                record["label"] = "yes" if i % 3 else "no"
            handle.write(json.dumps(record) + "\n")
    project = Project(root=root, name="split")
    project.dataset.path = "data.jsonl"
    if human:
        project.dataset.fields = {"human": "label"}
    project.judges = [JudgeSettings(name="j", parser="correctness", base_url="http://x/v1")]
    project.save()
    return project


def test_people_verdicts_come_from_reviews_and_label_columns(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", human=True)
    fields = project.dataset.fields
    with (
        open_dataset(project.dataset_path(), mapping=fields) as dataset,
        Store(project.store_path) as store,
    ):
        store.reviews.put(Review(0, "q0", value=True, note="close call"))
        rows = labelled_rows(store, dataset, project)
        assert len(rows) == 29  # the column labels every row; row 0 is disputed
        assert rows[1].verdict is True and rows[3].verdict is False
        # The dataset's label and this person's verdict disagree on row 0: no one
        # decided, so the row is not labelled.
        assert 0 not in rows
        store.reviews.put(Review(0, "q0", value=True, reviewer="ana"))
        rows = labelled_rows(store, dataset, project)
        assert rows[0].verdict is True and rows[0].note == "close call"
        assert rows[0].row_id == "q0" and rows[0].label == "correct"


def test_the_split_keeps_its_share_and_seed_in_the_project(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p")
    assert "calibration" not in project.settings_path.read_text(encoding="utf-8")
    project.calibration.share, project.calibration.seed = 0.6, 42
    project.save()
    again = load_project(project.root)
    assert (again.calibration.share, again.calibration.seed) == (0.6, 42)
    with open_dataset(again.dataset_path()) as dataset, Store(again.store_path) as store:
        for i in range(20):
            store.reviews.put(Review(i, f"q{i}", value=i % 4 == 0))
        split = project_split(store, dataset, again)
        assert (split.seed, split.share) == (42, 0.6)
        assert split.to_dict()["tuning"] == [f"q{i}" for i in split.tuning]
        assert len(split.tuning) + len(split.test) == 20
