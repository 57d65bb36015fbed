"""Several judges on the same rows: Krippendorff's α across them, in the report."""

from __future__ import annotations

import random
from pathlib import Path

import krippendorff
import pytest

from judgedesk.cli import language
from judgedesk.core.report import format_report
from judgedesk.core.report.build import build_report
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.run.store import Store
from tests.core.test_review import put_run


def test_the_judges_agreement_with_each_other_matches_the_reference(tmp_path: Path) -> None:
    rng = random.Random(11)
    rows = 60
    first = {i: rng.randint(1, 10) for i in range(rows)}
    second = {i: v if rng.random() < 0.7 else rng.randint(1, 10) for i, v in first.items()}
    second = {i: v for i, v in second.items() if i % 9}  # the other judge skipped some rows
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, first, second)
        report = build_report(ReviewSession(store, reviewer=None), seed=3)
    judges = report.judges_alpha
    assert judges is not None and judges.raters == ("judge", "other")
    table = [
        [first[i] for i in range(rows)],
        [second.get(i, float("nan")) for i in range(rows)],
    ]
    expected = krippendorff.alpha(reliability_data=table, level_of_measurement="interval")
    assert judges.alpha.value == pytest.approx(expected)
    assert judges.rows == len(second)
    low, high = judges.interval
    assert low is not None and high is not None and low <= judges.alpha.value <= high
    assert report.to_dict()["judges_alpha"]["alpha"]["value"] == pytest.approx(expected)
    assert "The 2 judges agree with each other at α = " in format_report(report)
    try:
        language.use("zh")
        text = format_report(report, language.template)
    finally:
        language.use("en")
    assert "\n评审\n" in text and "  2 个评审彼此一致，α = " in text and "，95% 区间 " in text
    assert "个判定，0 个未读出，0 个失败（共询问 " in text
    for english in ("Judges", "judges agree", "verdicts", "unparsed", " to ", "no rows"):
        assert english not in text, english


def test_one_judge_has_no_agreement_among_judges(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, {0: 3, 1: 5})
        report = build_report(ReviewSession(store, reviewer=None))
    assert report.judges_alpha is None and report.to_dict()["judges_alpha"] is None
