"""Calibrating judges with people: figures per part, and a choice made on tuning only."""

from __future__ import annotations

from typing import Any

import pytest

from judgedesk.core.report import JudgeOutcome, RunUsage, calibrate, judge_outcome
from judgedesk.core.review import CalibrationSplit, Labelled, agreement, split_rows


def people_split(count: int = 80, seed: int = 0) -> CalibrationSplit:
    return split_rows({i: Labelled(i, f"r{i}", i % 3 != 0) for i in range(count)}, 0.5, seed)


def right_on(split: CalibrationSplit, rows: set[int]) -> dict[int, Any]:
    """A judge that gives the people's verdict on ``rows`` and the other one elsewhere."""
    return {i: (r.verdict if i in rows else not r.verdict) for i, r in split.rows.items()}


def test_each_figure_is_the_review_stages_agreement_on_the_same_rows() -> None:
    split = people_split()
    verdicts = right_on(split, {i for i in split.rows if i % 5})
    result = calibrate(split, {"j": JudgeOutcome(verdicts)})
    judge = result.judges[0]
    for part, rows in ((judge.tuning, split.tuning), (judge.test, split.test)):
        expected = agreement([(split.rows[i].verdict, verdicts[i]) for i in rows], "people", "j")
        assert part.figures == expected
        assert (part.n, part.agreement, part.kappa) == (
            expected.n,
            expected.exact.value,
            expected.kappa.value,
        )
        low, high = part.kappa_interval
        assert low is not None and high is not None and low <= (part.kappa or 0) <= high
        said = part.to_dict()
        counts = expected.confusion.counts  # people in rows: False then True
        assert said["tpr"] == pytest.approx(counts[1][1] / sum(counts[1]))
        assert said["tnr"] == pytest.approx(counts[0][0] / sum(counts[0]))


def test_the_choice_uses_the_tuning_figures_only() -> None:
    split = people_split()
    good_on_tuning = right_on(split, set(split.tuning))  # wrong on every test row
    good_on_test = right_on(split, set(split.test) | set(split.tuning[:20]))
    result = calibrate(
        split, {"tuned": JudgeOutcome(good_on_tuning), "tested": JudgeOutcome(good_on_test)}
    )
    assert result.chosen == "tuned"
    tuned, tested = result.judges
    assert (tested.test.kappa or 0) > (tuned.test.kappa or 0)  # computed, not used
    # The same κ on tuning: the cheaper one.
    same = calibrate(
        split,
        {
            "dear": JudgeOutcome(good_on_tuning, usage=RunUsage(cost=2.0)),
            "cheap": JudgeOutcome(dict(good_on_tuning), usage=RunUsage(cost=0.5)),
        },
    )
    assert same.chosen == "cheap"


def test_failed_and_unread_rows_are_counted_never_scored() -> None:
    split = people_split()
    verdicts = right_on(split, set(split.rows))
    missing = set(split.tuning[:6])
    for index in missing:
        del verdicts[index]
    outcome = JudgeOutcome(
        verdicts, unread=frozenset(split.tuning[:3]), failed=frozenset(split.tuning[3:6])
    )
    judge = calibrate(split, {"j": outcome}).judges[0]
    assert judge.tuning.agreement == 1.0
    assert judge.tuning.n == len(split.tuning) - 6
    assert (judge.tuning.unread, judge.tuning.failed) == (3, 3)


def test_a_judge_whose_verdicts_are_of_another_kind_is_not_scored() -> None:
    split = people_split()
    scores = {i: 7 for i in split.rows}
    result = calibrate(
        split, {"scorer": JudgeOutcome(scores), "j": JudgeOutcome(right_on(split, {1}))}
    )
    scorer = result.judges[0]
    assert "gives scores while people gave correct / incorrect" in scorer.problem
    assert scorer.tuning.n == 0 and result.chosen == "j"


def test_a_judges_outcome_is_read_from_its_rows_details() -> None:
    read = {"judge": "j", "verdict": {"ok": True, "value": 8}}
    unread = {"judge": "j", "verdict": {"ok": False, "value": None}}
    failed = {"judge": "j", "failed": "timeout"}
    outcome = judge_outcome(
        "j",
        [
            (0, {"judges": [read]}),
            (1, {"judges": [unread]}),
            (2, {"judges": [failed]}),
            (3, {"key": "abc"}),  # the row failed before any verdict
        ],
    )
    assert outcome.verdicts == {0: 8}
    assert (outcome.unread, outcome.failed) == ({1}, {2, 3})
