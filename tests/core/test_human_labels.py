"""Human labels a dataset carries, read in the forms people write them in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import Dataset, open_dataset
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project
from judgedesk.core.review.human import (
    BOOLEAN_SCALE,
    PAIRWISE_SCALE,
    ReviewScale,
    dataset_labels,
    describe_column,
    guess_scale,
    read_labels,
    scale_for,
)
from judgedesk.core.review.labels import SCALE, WINNER
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.review.two_raters import Side, agreement
from judgedesk.core.run.store import Store
from tests.core.test_review import put_run

A, B = Side(2), Side(4)  # a winner alone: A (or B) better, by how much not said


MISSING_FIELD = object()


def column_file(tmp_path: Path, values: list[Any], name: str = "person") -> Dataset:
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "rows.jsonl"
    with path.open("w", encoding="utf-8") as handle:
        for i, value in enumerate(values):
            record: dict[str, Any] = {"id": f"r{i}", "question": f"q{i}"}
            if value is not MISSING_FIELD:
                record[name] = value
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    return open_dataset(path, {"human": name})


def read(values: list[Any], scale: ReviewScale, tmp_path: Path) -> dict[int, Any]:
    with column_file(tmp_path, values) as dataset:
        return dataset_labels(dataset, range(len(values)), scale)


def test_the_pairwise_scale_is_chosen_by_the_judges_reader(tmp_path: Path) -> None:
    for parser in ("comparison", "choice5"):
        project = Project(root=tmp_path / parser, name="p")
        project.judges = [JudgeSettings(name="judge", parser=parser)]
        assert scale_for(project).is_pairwise
    project = Project(root=tmp_path / "ab", name="p")
    project.judges = [JudgeSettings(name="judge", parser="correctness")]
    assert scale_for(project) == BOOLEAN_SCALE


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        # The winner alone: A / B, Chatbot Arena's model_a / model_b, MT-Bench's [[A]].
        ("A", A),
        ("b", B),
        (" a ", A),
        ("Ａ", A),  # full width
        ("model_a", A),
        ("Model_B", B),
        ("model a", A),
        ("[[B]]", B),
        # Ties.
        ("tie", 3),
        ("TIE", 3),
        ("tie (bothbad)", 3),
        ("draw", 3),
        ("平局", 3),
        ("C", 3),  # MT-Bench's tie, when the column holds no D
        # How much better.
        ("A>>B", 1),
        ("A>B", 2),
        ("A=B", 3),
        ("A==B", 3),
        ("B>A", 4),
        ("B>>A", 5),
        ("a < b", 4),
        ("A<<B", 5),
        ("B<A", 2),
        ("A≫B", 1),
        ("Ａ＞＞Ｂ", 1),
        ("A++", 1),
        ("A+", 2),
        ("B+", 4),
        ("B++", 5),
        # The scale itself, in a column that uses 3–5.
        ("1", 1),
        ("4", 4),
        (5, 5),
        ("５", 5),
        ("3.0", 3),
    ],
)
def test_pairwise_forms(tmp_path: Path, label: Any, expected: int) -> None:
    # "5" keeps the numbers on the 1–5 scale in every one of these columns.
    labels = read([label, "5"], PAIRWISE_SCALE, tmp_path)
    assert labels[0] == expected
    assert isinstance(labels[0], Side) == isinstance(expected, Side)


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("true", True),
        ("False", False),
        ("YES", True),
        ("no", False),
        ("ｙｅｓ", True),  # full width
        ("  Correct ", True),
        ("incorrect", False),
        ("right", True),
        ("wrong", False),
        ("1", True),
        ("0", False),
        (1, True),
        (0, False),
        ("１", True),
        (True, True),
        (False, False),
        ("对", True),
        ("错", False),
        ("正确", True),
        ("错误", False),
        ("pass", True),
        ("fail", False),
    ],
)
def test_correctness_forms(tmp_path: Path, label: Any, expected: bool) -> None:
    labels = read([label], BOOLEAN_SCALE, tmp_path)
    assert labels[0] is expected


def test_unknown_values_are_counted_with_their_reasons(tmp_path: Path) -> None:
    values = ["A", "maybe", "tie", "?", "maybe", "", MISSING_FIELD, None, "7", "B>>A"]
    with column_file(tmp_path, values) as dataset:
        labels, reading = read_labels(dataset, range(len(values)), PAIRWISE_SCALE)
    assert reading is not None
    assert labels == {0: A, 2: 3, 9: 5}
    assert (reading.labelled, reading.unreadable, reading.empty) == (3, 4, 3)
    missed = {label: (why, n) for label, why, n in reading.not_understood}
    assert missed["maybe"][1] == 2 and "not a pairwise verdict" in missed["maybe"][0]
    assert missed["?"][1] == 1
    assert "7 is not on the 1–5 scale" in missed["7"][0]
    read_as = {label: (key, n) for label, key, n in reading.understood}
    assert read_as == {"A": ("A", 1), "tie": ("A=B", 1), "B>>A": ("B>>A", 1)}
    with column_file(tmp_path / "b", ["yes", "perhaps", 2]) as dataset:
        _, reading = read_labels(dataset, range(3), BOOLEAN_SCALE)
    assert reading is not None
    missed = {label: why for label, why, _ in reading.not_understood}
    assert "not correct or incorrect" in missed["perhaps"]
    assert "only 1 (correct) and 0 (incorrect)" in missed["2"]


def test_scores_outside_the_scale_are_not_read(tmp_path: Path) -> None:
    with column_file(tmp_path, ["7", "11", "n/a", 3.5]) as dataset:
        labels, reading = read_labels(dataset, range(4), ReviewScale("score", 1, 10))
    assert labels == {0: 7, 3: 3.5}
    assert reading is not None
    missed = {label: why for label, why, _ in reading.not_understood}
    assert missed == {
        "11": "outside the scale from 1 to 10",
        "n/a": "not a score; use a number from 1 to 10",
    }


def test_a_column_of_ones_and_twos_names_the_better_answer(tmp_path: Path) -> None:
    # Only 1, 2 and ties: 1 is the first answer (A) better, 2 the second (B).
    with column_file(tmp_path, ["1", "2", "tie", 2, "1"]) as dataset:
        labels, reading = read_labels(dataset, range(5), PAIRWISE_SCALE)
    assert labels == {0: A, 1: B, 2: 3, 3: B, 4: A}
    assert all(isinstance(labels[i], Side) for i in (0, 1, 3, 4))
    assert reading is not None and reading.numbers == WINNER
    # One 3, 4 or 5 in the column and every number is the scale: 1 is A much better.
    with column_file(tmp_path / "s", ["1", "2", "4", "tie"]) as dataset:
        labels, reading = read_labels(dataset, range(4), PAIRWISE_SCALE)
    assert labels == {0: 1, 1: 2, 2: 4, 3: 3}
    assert not any(isinstance(v, Side) for v in labels.values())
    assert reading is not None and reading.numbers == SCALE


def test_the_numbers_rule_looks_at_the_whole_column(tmp_path: Path) -> None:
    # The first rows alone hold only 1 and 2; row 3's 5 makes the column a scale.
    with column_file(tmp_path, ["1", "2", "1", "5"]) as dataset:
        labels, reading = read_labels(dataset, [0, 1], PAIRWISE_SCALE)
    assert labels == {0: 1, 1: 2} and not isinstance(labels[0], Side)
    assert reading is not None and reading.numbers == SCALE and reading.rows == 2


def test_c_is_a_tie_only_without_d(tmp_path: Path) -> None:
    assert read(["A", "B", "C"], PAIRWISE_SCALE, tmp_path) == {0: A, 1: B, 2: 3}
    with column_file(tmp_path / "d", ["A", "C", "D"]) as dataset:
        labels, reading = read_labels(dataset, range(3), PAIRWISE_SCALE)
    assert labels == {0: A}
    assert reading is not None
    missed = {label: why for label, why, _ in reading.not_understood}
    assert "answer choice" in missed["C"] and "D" in missed


def test_a_plain_a_agrees_with_both_strengths_only_as_win_tie_loss(tmp_path: Path) -> None:
    project = Project(root=tmp_path / "p", name="p")
    project.judges = [JudgeSettings(name="judge", parser="comparison")]
    with (
        column_file(tmp_path, ["A", "A", "B", "tie", "A>B"]) as dataset,
        Store(tmp_path / "r.sqlite") as store,
    ):
        put_run(store, {0: 1, 1: 2, 2: 2, 3: 3, 4: 1})  # A>>B, A>B, A>B, A=B, A>>B
        session = ReviewSession(store, dataset, project=project)
        assert session.item(0).human == (A, "dataset")
        assert session.scale.name_of(A) == "A"
        exact, outcome = session.agreement()[:2]
    # Five levels: the plain A and B labels say nothing of how much, so only rows 3
    # and 4 count (tie = A=B agrees; A>B against A>>B does not).
    assert (exact.n, exact.side_only) == (2, 3)
    assert exact.exact.value == pytest.approx(1 / 2)
    # Win / tie / loss: row 0 (A against A>>B) and row 1 (A against A>B) both agree.
    assert outcome.first == "person (win/tie/loss)" and outcome.n == 5
    assert outcome.exact.value == pytest.approx(4 / 5)  # row 2: B against A>B
    figures = agreement([(A, 1), (A, 2), (3, 3)])
    assert (figures.n, figures.side_only, figures.exact.value) == (1, 2, 1.0)


def test_describing_a_column_guesses_its_scale(tmp_path: Path) -> None:
    assert guess_scale(["A", "B", "tie"]).is_pairwise
    assert guess_scale(["model_a", "model_b", "tie (bothbad)"]).is_pairwise
    assert guess_scale(["A", "B"]).is_pairwise
    assert guess_scale(["yes", "no", "A"]) == BOOLEAN_SCALE
    assert guess_scale(["1", "0", "1"]) == BOOLEAN_SCALE
    assert guess_scale(["对", "错"]) == BOOLEAN_SCALE
    assert guess_scale(["7", "8", "3"]) == ReviewScale("score")
    assert guess_scale(["1", "2"], pairwise=True).is_pairwise
    values = ["A"] * 12 + ["tie"] * 3 + ["maybe", "?", "maybe", ""]
    with column_file(tmp_path, values) as dataset:
        reading = describe_column(dataset, "person")
        assert reading.kind == "pairwise" and reading.complete
        assert reading.understood == (("A", "A", 12), ("tie", "A=B", 3))
        assert [(label, n) for label, _, n in reading.not_understood] == [
            ("maybe", 2),
            ("?", 1),
        ]
        assert (reading.unreadable, reading.empty) == (3, 1)
        first = describe_column(dataset, "person", limit=5)
        assert not first.complete and first.rows == 5
    with column_file(tmp_path / "w", ["1", "2", "2"]) as dataset:
        winner = describe_column(dataset, "person", pairwise=True)
    assert winner.numbers == WINNER
    assert winner.understood == (("2", "B", 2), ("1", "A", 1))


def test_a_judge_without_a_named_reader_reads_as_its_template_or_rule_says(
    tmp_path: Path,
) -> None:
    project = Project(root=tmp_path / "p", name="p")
    judge = JudgeSettings(name="judge", parser="", template="templates/judge.j2")
    project.judges = [judge]
    project.save()
    project.write_template(judge, "Compare A and B. End with [[A>>B]], [[A>B]] … [[B>>A]].")
    assert scale_for(project).is_pairwise
    judge.verdict = {"kind": "correctness", "pattern": "Verdict: (yes|no)"}
    assert scale_for(project) == BOOLEAN_SCALE
