"""A judge asked several times per row: its verdict, its stored samples, its self-agreement."""

from __future__ import annotations

import math
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import krippendorff
import pytest

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.parsers import Verdict
from judgedesk.core.judge.version import judge_version
from judgedesk.core.project.settings import Project, load_project
from judgedesk.core.report.judges import judge_counts
from judgedesk.core.report.text_judges import judge_lines
from judgedesk.core.run.estimate import estimate_run
from judgedesk.core.run.samples import combine_samples, sample_key, sample_values
from judgedesk.core.run.selection import Selection
from judgedesk.core.run.store import ResultRecord, Store
from tests.core.test_pairwise import ROWS, make_pairwise, order_sensitive_judge
from tests.core.test_pipeline import item_number, make_project, run
from tests.support.fake_openai import FakeOpenAI

UNREAD = "I would rather not say."
# What the judge answers the 1st, 2nd, 3rd… time it is asked about each row.
SCORES: dict[int, list[Any]] = {
    0: [8, 8, 5],
    1: [4, 6, 5],
    2: [9, UNREAD, 6],
    3: [3, 3, 3],
    4: [2, 7, 9],
    5: [UNREAD, UNREAD, UNREAD],
}
MEANS = [7, 5, 7.5, 3, 6, None]  # of the scores that could be read
CHOICES: dict[int, list[str]] = {  # correctness: A is correct, B incorrect
    0: ["A", "A", "B"],
    1: ["B", "B", "A"],
    2: ["B", UNREAD, UNREAD],
    3: ["A", "A", "A"],
    4: ["B", "A", "B"],
}
MAJORITIES = [True, False, False, True, False]


class Changing:
    """A judge whose k-th answer about a row is ``answers[row][k]`` (cycling)."""

    def __init__(self, answers: dict[int, list[Any]], score: bool) -> None:
        self.answers, self.score = answers, score
        self.asked: Counter[int] = Counter()
        self.lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> str:
        row = item_number(body)
        with self.lock:
            given = self.answers[row][self.asked[row] % len(self.answers[row])]
            self.asked[row] += 1
        if given == UNREAD:
            return UNREAD
        return f"Considered.\nScore: [[{given}]]" if self.score else f"Considered.\n{given}"


def latest(project: Project) -> dict[int, ResultRecord]:
    with Store(project.store_path) as store:
        return store.latest_results()


def estimate(project: Project) -> tuple[int, int]:
    with open_dataset(project.dataset_path()) as dataset:
        (judge,) = estimate_run(project, dataset, Selection()).judges
    return judge.requests, judge.stored


def reference_alpha(rows: list[list[Any]], level: str) -> float:
    """Castro's ``krippendorff`` on the same samples: raters (samples) × units (rows)."""
    width = max(len(r) for r in rows)
    matrix = [
        [
            math.nan if i >= len(r) or r[i] is None else float(r[i])
            for r in rows  # one column per row
        ]
        for i in range(width)
    ]
    return float(krippendorff.alpha(reliability_data=matrix, level_of_measurement=level))


def test_scores_are_averaged_stored_per_sample_and_asked_once(tmp_path: Path) -> None:
    judge = Changing(SCORES, score=True)
    with FakeOpenAI(reply=judge) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=6, samples=3)
        assert load_project(project.root).judges[0].samples == 3
        assert estimate(project) == (18, 0)  # each sample is a request of its own
        summary = run(project)
        assert fake.count() == 18 and summary.progress.calls == 18
        results = latest(project)
        assert [results[i].value for i in range(6)] == MEANS
        assert results[5].status == "unparsed"
        assert "None of the 3 samples" in results[5].error
        assert "2 of 3" in results[2].detail["judges"][0]["verdict"]["reason"]
        for row, given in SCORES.items():
            step = results[row].detail["judges"][0]
            assert step["kind"] == "score" and step["combined"] == "mean"
            keys = [s["key"] for s in step["samples"]]
            assert len(set(keys)) == 3 and step["key"] == keys[0]
            expected = Counter(v if v != UNREAD else None for v in given)
            assert Counter(sample_values(step)) == expected
        with Store(project.store_path) as store:
            assert len(store.calls(keys)) == 3  # every sample's reply can be shown

        # Run again: every sample comes from the cache.
        again = run(project)
        assert fake.count() == 18 and again.progress.cached == 18
        assert [r.value for r in latest(project).values()] == MEANS
        assert estimate(project) == (0, 18)

        # The judge's agreement with itself, as Castro's package computes it.
        (counts,) = judge_counts(latest(project).values(), ["judge"])
        rows = [sample_values(r.detail["judges"][0]) for r in latest(project).values()]
        assert counts.samples == 3 and counts.self_agreement_level == "interval"
        assert counts.self_agreement_rows == 5  # row 5: no sample read
        assert counts.self_agreement == pytest.approx(reference_alpha(rows, "interval"))
        assert counts.to_dict()["self_agreement"] == counts.self_agreement
        assert "asked 3 times per row" in judge_lines([counts])[-1]

        # One sample more: only the new one is asked (a run cut short resumes alike).
        project.judges[0].samples = 4
        project.save()
        run(project)
        assert fake.count() == 24
        # Asked once again: the first sample's key is the request's own, so nothing is sent.
        project.judges[0].samples = 1
        project.save()
        run(project)
        assert fake.count() == 24
        step = latest(project).get(3)
        assert step is not None and "samples" not in step.detail["judges"][0]
        (once,) = judge_counts(latest(project).values(), ["judge"])
        assert once.samples == 1 and "samples" not in once.to_dict()
    with Store(project.store_path) as store:
        versions = [r.judges["judge"] for r in store.runs()]
    assert versions[0] == versions[1] != versions[2] != versions[3]
    template = project.read_template(project.judges[0])
    assert versions[3] == judge_version(project.judges[0], template)


def test_true_false_verdicts_take_the_majority(tmp_path: Path) -> None:
    with FakeOpenAI(reply=Changing(CHOICES, score=False)) as fake:
        project = make_project(
            tmp_path / "p", fake.base_url, rows=5, samples=3, parser="correctness"
        )
        run(project)
        assert fake.count() == 15
    results = latest(project)
    assert [results[i].value for i in range(5)] == MAJORITIES
    assert "1 of 3 samples" in results[2].detail["judges"][0]["verdict"]["reason"]
    (counts,) = judge_counts(results.values(), ["judge"])
    rows = [
        [None if v is None else float(v) for v in sample_values(r.detail["judges"][0])]
        for r in results.values()
    ]
    assert counts.self_agreement_level == "nominal"
    assert counts.self_agreement == pytest.approx(reference_alpha(rows, "nominal"))


POSTPROCESS = """
def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
    samples = judge_resps[0]["samples"]
    assert samples[0]["content"] == judge_resps[0]["content"]
    return 100 * len(judge_reqs) + len(samples)
"""


def test_a_postprocess_script_gets_one_reply_carrying_every_sample(tmp_path: Path) -> None:
    judge = Changing(SCORES, score=True)
    with FakeOpenAI(reply=judge) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=2, samples=3)
        (project.root / "scripts").mkdir()
        project.script_path("postprocess").write_text(POSTPROCESS)
        run(project)
    assert [r.value for r in latest(project).values()] == [103, 103]


def test_pairs_judged_in_both_orders_are_sampled_whole(tmp_path: Path) -> None:
    folder = tmp_path / "pairs"
    with FakeOpenAI(reply=order_sensitive_judge) as fake:
        make_pairwise(folder, fake.base_url, "--swap")
        project = load_project(folder)
        project.judges[0].samples = 2
        project.save()
        assert main(["run", str(folder), "--quiet"]) == 0
        assert fake.count() == 2 * 2 * len(ROWS)
        assert main(["run", str(folder), "--quiet"]) == 0
        assert fake.count() == 2 * 2 * len(ROWS)
    results = latest(project)
    assert [results[i].value for i in range(len(ROWS))] == [1, 5, 4, 3, 4, 3, 1]
    step = results[0].detail["judges"][0]
    assert step["combined"] == "majority" and len(step["orders"]) == 2
    assert all(len(s["orders"]) == 2 for s in step["samples"])
    keys = {o["key"] for s in step["samples"] for o in s["orders"]}
    assert len(keys) == 4
    (counts,) = judge_counts(results.values(), [project.judges[0].name])
    assert counts.self_agreement == pytest.approx(1.0)  # the same answers each time
    assert counts.self_agreement_level == "ordinal"


def verdict(value: Any, ok: bool = True, dims: dict[str, float] | None = None) -> Verdict:
    return Verdict(ok=ok, value=value if ok else None, label=str(value), dimensions=dims or {})


def test_combining_samples() -> None:
    tie = combine_samples([verdict("b"), verdict("a"), verdict("a"), verdict("b")], "label")
    assert tie.value == "b" and "tied" in tie.reason  # the earliest sample among the tied
    assert combine_samples([verdict(True), verdict(1), verdict(1)], "correctness").value == 1
    mean = combine_samples(
        [verdict(8, dims={"x": 1}), verdict(7, dims={"x": 2, "y": 4}), verdict(0, ok=False)],
        "json",
    )
    assert (mean.value, mean.dimensions) == (7.5, {"x": 1.5, "y": 4})
    assert combine_samples([verdict(2), verdict(4)], "pairwise").value == 2  # not averaged
    assert not combine_samples([verdict(0, ok=False)] * 2, "score").ok
    assert sample_key("k", 0) == "k" and len({sample_key("k", i) for i in range(5)}) == 5
