"""Several judges per row, combined without a script: mean, median, majority, min, max, all."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.judge.parsers import Verdict
from judgedesk.core.judge.verdicts import aggregate_verdicts
from judgedesk.core.project.checks import check_project
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import item_number, make_project, run
from tests.support.fake_openai import FakeOpenAI

# Each judge's score for rows 0..6.
SCORES = {
    "m1": [8, 3, 5, 7, 2, 9, 3],
    "m2": [8, 4, 5, 6, 2, 1, 5],
    "m3": [7, 4, 6, 7, 3, 9, 7],
}


def three_judges(body: dict[str, Any]) -> str:
    return f"Fine.\nScore: [[{SCORES[body['model']][item_number(body)]}]]"


def three_judge_project(tmp_path: Path, base_url: str, aggregate: str) -> Any:
    project = make_project(tmp_path, base_url, rows=7)
    first = project.judges[0]
    project.judges = []
    for number, model in enumerate(SCORES, start=1):
        judge = copy.deepcopy(first)
        judge.name, judge.model = f"j{number}", model
        project.judges.append(judge)
    project.run.aggregate = aggregate
    project.save()
    return project


def final_values(project: Any) -> list[Any]:
    with Store(project.store_path) as store:
        latest = store.latest_results()
    return [latest[i].value for i in range(7)]


@pytest.mark.parametrize(
    ("aggregate", "expected"),
    [
        ("mean", [23 / 3, 11 / 3, 16 / 3, 20 / 3, 7 / 3, 19 / 3, 5]),
        ("median", [8, 4, 5, 7, 2, 9, 5]),
        ("majority", [8, 4, 5, 7, 2, 9, None]),  # row 6: three different scores
        ("min", [7, 3, 5, 6, 2, 1, 3]),
        ("max", [8, 4, 6, 7, 3, 9, 7]),
        ("last", [7, 4, 6, 7, 3, 9, 7]),
    ],
)
def test_the_judges_verdicts_are_combined(
    tmp_path: Path, aggregate: str, expected: list[Any]
) -> None:
    with FakeOpenAI(reply=three_judges) as fake:
        project = three_judge_project(tmp_path, fake.base_url, aggregate)
        summary = run(project)
    values = final_values(project)
    assert values == pytest.approx(expected) if None not in expected else values == expected
    if aggregate == "majority":
        assert summary.progress.unparsed == 1
        with Store(project.store_path) as store:
            assert "No majority" in store.latest_results()[6].error


def test_inter_judge_agreement_matches_a_count_by_hand(tmp_path: Path) -> None:
    with FakeOpenAI(reply=three_judges) as fake:
        project = three_judge_project(tmp_path, fake.base_url, "mean")
        run(project)
    with Store(project.store_path) as store:
        figures = {(f.first, f.second): f for f in ReviewSession(store).agreement()}
    for first, second in [("j1", "j2"), ("j1", "j3"), ("j2", "j3")]:
        a, b = SCORES[f"m{first[1]}"], SCORES[f"m{second[1]}"]
        same = sum(x == y for x, y in zip(a, b, strict=True))
        gap = sum(abs(x - y) for x, y in zip(a, b, strict=True))
        found = figures[(first, second)]
        assert found.exact.value == pytest.approx(same / 7) and found.exact.n == 7
        assert found.mean_abs_diff.value == pytest.approx(gap / 7)


def test_booleans_and_labels() -> None:
    yes, no = Verdict(True, True, "A"), Verdict(True, False, "B")
    unread = Verdict(False, None, None, reason="nothing")
    assert aggregate_verdicts([yes, no, yes], "majority").value is True
    assert aggregate_verdicts([yes, no, yes], "all").value is False
    assert aggregate_verdicts([yes, yes], "all").value is True
    assert aggregate_verdicts([no, yes], "max").value is True
    assert aggregate_verdicts([yes, no, yes, no], "mean").value == 0.5
    partly = aggregate_verdicts([yes, unread, yes], "all")
    assert partly.value is True and partly.reason.startswith("2 of 3 judges")
    assert not aggregate_verdicts([unread, unread], "mean").ok
    labels = [Verdict(True, "x", "x"), Verdict(True, "y", "y"), Verdict(True, "x", "x")]
    assert aggregate_verdicts(labels, "majority").value == "x"
    assert not aggregate_verdicts(labels, "mean").ok


def test_an_unknown_rule_is_a_problem_of_the_project(tmp_path: Path) -> None:
    project = make_project(tmp_path, "http://127.0.0.1:9/v1")
    project.run.aggregate = "vote"
    assert any("not a way to combine" in p.message for p in check_project(project))
