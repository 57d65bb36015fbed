"""Several judges per row, combined without a script: mean, median, majority, min, max, all."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.parsers import Verdict
from judgedesk.core.judge.verdicts import aggregate_verdicts
from judgedesk.core.project.checks import check_project
from judgedesk.core.report import format_report
from judgedesk.core.report.build import project_report
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


def final_values(project: Any, rows: int = 7) -> list[Any]:
    with Store(project.store_path) as store:
        latest = store.latest_results()
    return [latest[i].value for i in range(rows)]


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


def test_a_majority_is_of_every_judge_asked() -> None:
    four, two = Verdict(True, 4, "4"), Verdict(True, 2, "2")
    unread = Verdict(False, None, None, reason="no score found")
    names = ("strict", "quick", "local")
    chosen = aggregate_verdicts([four, four, unread], "majority", names)
    assert chosen.value == 4 and chosen.reason.startswith("Majority of 2 of 3 judges")
    # One verdict of two is no majority: the judge whose reply was unreadable counts.
    assert not aggregate_verdicts([four, unread], "majority").ok
    assert not aggregate_verdicts([four, four, two, two], "majority").ok
    split = aggregate_verdicts([four, two, unread], "majority", names, failed={2})
    assert not split.ok
    assert split.reason == "No majority: strict said 4, quick said 2, local failed."
    unnamed = aggregate_verdicts([four, unread], "majority")
    assert unnamed.reason == (
        "No majority: judge 1 said 4, judge 2 gave no verdict that could be read."
    )
    # A failed judge still counts: 2 of 3 decide, 1 of 2 does not.
    assert aggregate_verdicts([four, four, unread], "majority", failed={2}).value == 4
    assert not aggregate_verdicts([four, unread], "majority", failed={1}).ok
    # True is not the score 1.
    one, true = Verdict(True, 1, "1"), Verdict(True, True, "A")
    assert not aggregate_verdicts([one, true], "majority").ok
    pairwise = Verdict(True, 2, "A>B")
    shown = aggregate_verdicts([pairwise, four], "majority", ("a", "b")).reason
    assert shown == "No majority: a said A>B (2), b said 4."


def test_a_tie_is_never_broken_by_the_judges_order() -> None:
    four, two = Verdict(True, 4, "4"), Verdict(True, 2, "2")
    for order in ([four, two], [two, four], [four, two, two, four], [two, four, four, two]):
        assert aggregate_verdicts(order, "majority").value is None


# Each judge's verdict for rows 0..4 ("?" is a reply with no verdict in it).
VOTES = {
    "m-strict": [4, 4, 4, "?", 2],
    "m-quick": [4, 2, "?", "?", 4],
    "m-local": ["?", "?", 2, 4, 2],
}


def voting_judges(body: dict[str, Any]) -> str:
    vote = VOTES[body["model"]][item_number(body)]
    return "I cannot tell." if vote == "?" else f"Fine.\nScore: [[{vote}]]"


def voting_project(tmp_path: Path, base_url: str, names: tuple[str, ...]) -> Any:
    project = make_project(tmp_path, base_url, rows=5)
    first = project.judges[0]
    project.judges = []
    for name in names:
        judge = copy.deepcopy(first)
        judge.name, judge.model = name, f"m-{name}"
        project.judges.append(judge)
    project.run.aggregate = "majority"
    project.save()
    return project


def test_a_run_decides_by_a_strict_majority_and_keeps_the_votes(tmp_path: Path) -> None:
    with FakeOpenAI(reply=voting_judges) as fake:
        project = voting_project(tmp_path, fake.base_url, ("strict", "quick", "local"))
        summary = run(project)
    assert final_values(project, 5) == [4, None, None, None, 2]
    assert summary.progress.unparsed == 3
    with Store(project.store_path) as store:
        latest = store.latest_results()
    assert latest[1].status == "unparsed" and latest[1].error.startswith("No majority:")
    assert "said 4" in latest[1].error and "said 2" in latest[1].error
    assert "no verdict that could be read" in latest[3].error
    # Every judge's vote stays with the row.
    votes = [(s["judge"], s["verdict"]["value"]) for s in latest[1].detail["judges"]]
    assert votes == [("strict", 4), ("quick", 2), ("local", None)]
    with open_dataset(project.dataset_path()) as dataset:
        report = project_report(project, dataset)
    counts = {j.name: (j.verdicts, j.unparsed, j.failed) for j in report.judges}
    assert counts == {"strict": (4, 1, 0), "quick": (3, 2, 0), "local": (3, 2, 0)}
    assert "strict  4 verdicts, 1 unparsed, 0 failed" in format_report(report)
    assert report.to_dict()["judges"][0] == {
        "name": "strict",
        "asked": 5,
        "verdicts": 4,
        "unparsed": 1,
        "failed": 0,
    }


def test_two_judges_that_disagree_give_no_verdict_in_either_order(tmp_path: Path) -> None:
    for names in (("strict", "quick"), ("quick", "strict")):
        with FakeOpenAI(reply=voting_judges) as fake:
            project = voting_project(tmp_path / "-".join(names), fake.base_url, names)
            run(project)
        # Row 0: both 4; rows 1 and 4: 4 against 2; rows 2 and 3: one verdict of two.
        assert final_values(project, 5) == [4, None, None, None, None]


def test_a_judge_that_fails_is_counted_in_the_report(tmp_path: Path) -> None:
    with FakeOpenAI(reply=voting_judges) as fake:
        project = voting_project(tmp_path, fake.base_url, ("strict", "local"))
        project.run.aggregate = "last"
        project.judges[1].base_url = "http://127.0.0.1:9/v1"  # nothing answers there
        project.save()
        run(project)
    with open_dataset(project.dataset_path()) as dataset:
        report = project_report(project, dataset)
    counts = {j.name: (j.verdicts, j.unparsed, j.failed) for j in report.judges}
    assert counts == {"strict": (4, 1, 0), "local": (0, 0, 5)}


def test_a_failed_judge_counts_among_the_judges_asked(tmp_path: Path) -> None:
    with FakeOpenAI(reply=voting_judges) as fake:
        project = voting_project(tmp_path, fake.base_url, ("strict", "quick", "local"))
        project.judges[2].base_url = "http://127.0.0.1:9/v1"  # nothing answers there
        project.save()
        run(project)
    # Row 0: strict and quick say 4, 2 of 3; row 4: 2 against 4 and a failure.
    assert final_values(project, 5) == [4, None, None, None, None]
    with Store(project.store_path) as store:
        latest = store.latest_results()
    assert latest[4].status == "unparsed"
    assert latest[4].error == "No majority: strict said 2, quick said 4, local failed."
    assert latest[0].detail["judges"][2]["failed"]
    with open_dataset(project.dataset_path()) as dataset:
        report = project_report(project, dataset)
    counts = {j.name: (j.verdicts, j.unparsed, j.failed) for j in report.judges}
    assert counts["local"] == (0, 0, 5)
