"""Each verdict's confidence, read from its probabilities: how it matches people's
verdicts (a reliability diagram), and reviewing the least sure rows first."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import language, main
from judgedesk.core.project import Project
from judgedesk.core.report import project_report
from judgedesk.core.review import (
    ReviewFilter,
    ReviewSession,
    least_sure_rows,
    load_pack,
    project_confidences,
)
from judgedesk.core.run import Review, Store
from tests.core.test_pipeline import make_project, run
from tests.core.test_verdict_probabilities import plain, token
from tests.support.fake_openai import FakeOpenAI

# Each row's probability of the score 7 it writes (the rest goes to 8).
SURE = [0.95, 0.91, 0.55, 0.62]
# What a person gave each row: 7 agrees with the score the judge wrote.
PEOPLE = [7, 8, 7, 3]


def _reply(body: dict[str, Any]) -> dict[str, Any]:
    row = int(re.search(r"item (\d+)", body["messages"][-1]["content"]).group(1))  # type: ignore[union-attr]
    sure = SURE[row]
    tokens = [*plain("Score", ": [["), token("7", sure, {"8": 1 - sure}), *plain("]]")]
    return {"content": "".join(t["token"] for t in tokens), "logprobs": tokens}


def judged(tmp_path: Path, reviewed: bool = True) -> Project:
    """A project of four rows judged with probabilities, each reviewed by a person."""
    with FakeOpenAI(reply=_reply) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=4, probabilities=True)
        assert run(project).to_dict()["ok"] == 4
    if reviewed:
        with Store(project.store_path) as store:
            for row, value in enumerate(PEOPLE):
                store.reviews.put(Review(row, f"r{row}", value=value, reviewer="me"))
    return project


def test_the_report_sets_confidence_beside_agreement_with_people(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = judged(tmp_path)
    capsys.readouterr()
    assert main(["report", str(project.root), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["confidence_calibration"]
    # By hand: 0.95 and 0.91 in the last bin, one agreed (row 1's person gave 8, the
    # judge wrote 7); 0.55 agreed; 0.62 did not. Row 0's expected score is 7.05, yet
    # its confidence is that of the 7 written, which the person gave.
    ece = (2 * abs(0.5 - 0.93) + abs(1.0 - 0.55) + abs(0.0 - 0.62)) / 4
    assert shown["n"] == 4 and shown["ece"] == pytest.approx(ece, abs=1e-9)
    bins = {b["low"]: b for b in shown["bins"] if b["n"]}
    assert set(bins) == {0.5, 0.6, 0.9} and len(shown["bins"]) == 10
    assert bins[0.9]["n"] == 2 and bins[0.9]["confidence"] == pytest.approx(0.93, abs=1e-9)
    assert bins[0.9]["agreement"] == 0.5 and bins[0.5]["agreement"] == 1.0
    assert bins[0.6]["agreement"] == 0.0


def test_the_confidence_section_is_said_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = judged(tmp_path)
    capsys.readouterr()
    try:
        assert main(["--language", "zh", "report", str(project.root)]) == 0
    finally:
        language.use("en")
    text = capsys.readouterr().out
    assert "\n置信度与人工一致率（4 个已复核行，期望校准误差 " in text
    assert "  0.9–1.0：2 行，平均置信度 0.930，人工认同 50.0%" in text
    assert "  0.5–0.6：1 行，平均置信度 0.550，人工认同 100.0%" in text
    for english in ("Confidence and agreement", "reviewed rows", "mean confidence", "1 rows"):
        assert english not in text, english
    assert "完全一致" in text and "exact agreement" not in text


def test_no_review_gives_no_calibration(tmp_path: Path) -> None:
    project = judged(tmp_path, reviewed=False)
    assert project_report(project).confidence_calibration is None


def test_the_html_report_draws_the_reliability_diagram(tmp_path: Path) -> None:
    project = judged(tmp_path)
    page = tmp_path / "report.html"
    assert main(["export", str(project.root), "--out", str(page), "--format", "html"]) == 0
    text = page.read_text(encoding="utf-8")
    assert "Confidence and agreement with people" in text
    assert 'aria-label="Agreement with people by the judge&#x27;s confidence"' in text
    assert "Expected calibration error: 0.48" in text


def test_review_puts_the_least_sure_first_and_filters_below_a_confidence(
    tmp_path: Path,
) -> None:
    project = judged(tmp_path, reviewed=False)
    with Store(project.store_path) as store:
        session = ReviewSession(store, reviewer="me")
        assert session.queue(sort="confidence") == [2, 3, 1, 0]
        assert session.queue(ReviewFilter(confidence_below=0.7), sort="row") == [2, 3]
        # Blind, how sure the judge was would hint at its verdict: both are ignored.
        blind = ReviewFilter(confidence_below=0.7, blind=True)
        assert session.queue(blind, sort="confidence") == [0, 1, 2, 3]


def test_rows_without_a_confidence_come_last_and_are_never_below_one(tmp_path: Path) -> None:
    with FakeOpenAI(reply=lambda body: "Score: [[7]]") as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=2)
        assert run(project).to_dict()["ok"] == 2
    with Store(project.store_path) as store:
        session = ReviewSession(store, reviewer="me")
        assert session.queue(sort="confidence") == [0, 1]
        assert session.queue(ReviewFilter(confidence_below=1.0)) == []


def test_packs_are_drawn_from_the_least_sure_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = judged(tmp_path, reviewed=False)
    assert least_sure_rows(project_confidences(project), 2) == [2, 3]
    out = tmp_path / "packs"
    argv = ["review", "pack", str(project.root), "--reviewers", "ana", "--out", str(out)]
    assert main([*argv, "--least-sure", "3"]) == 0
    assert "The 3 rows the judge was least sure of." in capsys.readouterr().out
    pack = load_pack(out / "ana.jdpack")
    assert [row.index for row in pack.rows] == [1, 2, 3]


def test_packs_of_the_least_sure_rows_need_probabilities(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=lambda body: "Score: [[7]]") as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=2)
        assert run(project).to_dict()["ok"] == 2
    argv = ["review", "pack", str(project.root), "--reviewers", "ana", "--out", str(tmp_path)]
    assert main([*argv, "--least-sure", "1"]) != 0
    assert "Keep the verdict's probabilities" in capsys.readouterr().err
