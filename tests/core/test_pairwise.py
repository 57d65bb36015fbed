"""Pairwise projects judged in both orders: combined verdicts, position bias, win rates.

The test judge scores each answer by a keyword (good 3, fine 2, weak 1) and compares the
one shown first with the one shown second; for two answers marked "same" it always
prefers the first shown, so those pairs come out inconsistent.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.project.settings import load_project
from judgedesk.core.run.store import Store
from tests.support.fake_openai import FakeOpenAI

TEXTS = {
    "good": "good answer with a complete explanation {i}",
    "fine": "fine answer {i}",
    "weak": "weak {i}",
    "same": "same {i}",
    "good-short": "good {i}",
    "weak-long": "weak answer that rambles on and on {i}",
}
# Row: (kind of A, kind of B, the person's verdict in the dataset).
ROWS = [
    ("good", "weak", "A++"),
    ("weak", "good", "B++"),
    ("weak", "fine", "B+"),
    ("same", "same", "A=B"),
    ("fine", "good", "B+"),
    ("fine", "fine", "A=B"),
    ("good-short", "weak-long", "A+"),
]
POINTS = {"good": 3, "fine": 2, "weak": 1}


def points(text: str) -> int | None:
    for word, value in POINTS.items():
        if text.startswith(word):
            return value
    return None  # "same"


def order_sensitive_judge(body: dict[str, Any]) -> str:
    prompt = body["messages"][-1]["content"]
    found = re.findall(
        r"(good answer with[^\n]*|good \d+|fine answer \d+|weak[^\n]*|same \d+)", prompt
    )
    first, second = found[0], found[1]
    a, b = points(first), points(second)
    if a is None or b is None:
        choice = "A+"  # cannot tell them apart: the first shown wins
    else:
        diff = a - b
        choice = {2: "A++", 1: "A+", 0: "A=B", -1: "B+", -2: "B++"}[max(-2, min(2, diff))]
    return json.dumps({"analysis_a": "…", "analysis_b": "…", "choice": choice})


def write_dataset(folder: Path) -> Path:
    path = folder / "pairs.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "prompt", "model_a", "model_b", "person"])
        for i, (a, b, person) in enumerate(ROWS):
            writer.writerow(
                [f"p{i}", f"Question {i}?", TEXTS[a].format(i=i), TEXTS[b].format(i=i), person]
            )
    return path


@pytest.fixture
def project_dir(tmp_path: Path) -> Path:
    return tmp_path / "pairs"


def make_pairwise(project_dir: Path, base_url: str, *extra: str) -> None:
    dataset = write_dataset(project_dir.parent)
    code = main(
        [
            "new",
            str(project_dir),
            "--dataset",
            str(dataset),
            "--template",
            "pairwise_checklist",
            "--field",
            "question=prompt",
            "--field",
            "response_a=model_a",
            "--field",
            "response_b=model_b",
            "--field",
            "human=person",
            "--judge-url",
            base_url,
            "--judge-model",
            "judge-m",
            *extra,
        ]
    )
    assert code == 0


def report(project_dir: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    capsys.readouterr()
    assert main(["report", str(project_dir), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_both_orders_are_judged_and_combined(
    project_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=order_sensitive_judge) as fake:
        make_pairwise(project_dir, fake.base_url, "--swap")
        project = load_project(project_dir)
        assert project.run.swap
        assert main(["run", str(project_dir), "--quiet"]) == 0
        assert len(fake.requests) == 2 * len(ROWS)
        # Run again: both orders come from the cache.
        assert main(["run", str(project_dir), "--quiet"]) == 0
        assert len(fake.requests) == 2 * len(ROWS)
    with Store(project.store_path) as store:
        latest = store.latest_results()
    combined = [latest[i].value for i in range(len(ROWS))]
    # By hand: order 1, then order 2 mapped back (6 − v); same direction → the milder.
    assert combined == [1, 5, 4, 3, 4, 3, 1]
    step = latest[3].detail["judges"][0]
    assert step["consistent"] is False and "disagree" in step["verdict"]["reason"]
    assert [o["verdict"]["label"] for o in step["orders"]] == ["A+", "A+"]
    assert latest[0].detail["judges"][0]["consistent"] is True

    figures = report(project_dir, capsys)
    pairwise = figures["pairwise"]
    assert (pairwise["pairs"], pairwise["wins"], pairwise["ties"], pairwise["losses"]) == (
        7,
        3,
        2,
        2,
    )
    assert pairwise["win_rate"]["value"] == pytest.approx(3 / 7)
    assert pairwise["score"]["value"] == pytest.approx((3 + 0.5 * 2) / 7)
    graded = [(v - 1) / 4 for v in combined]
    assert pairwise["graded"]["value"] == pytest.approx(sum(graded) / 7)
    low, high = pairwise["win_rate"]["low"], pairwise["win_rate"]["high"]
    assert 0 <= low <= 3 / 7 <= high <= 1
    (judge,) = pairwise["judges"]
    assert judge["position_consistency"] == {"value": 6 / 7, "hits": 6, "n": 7}
    # Decisive verdicts per order (ties left out); the first shown won 7 of 12.
    assert judge["first_position_wins"] == {"value": 7 / 12, "hits": 7, "n": 12}
    # Pairs with answers of different lengths and a winner: the longer won 4 of 5.
    assert judge["longer_answer_wins"] == {"value": 4 / 5, "hits": 4, "n": 5}
    assert pairwise["inconsistent_rows"] == [3]
    # The person's verdicts from the dataset against the combined ones: only row 6
    # differs (A+ given, A++ combined).
    person, collapsed = figures["agreement"][:2]
    assert (person["first"], person["second"]) == ("person", "judge")
    assert person["exact"]["value"] == pytest.approx(6 / 7) and person["exact"]["n"] == 7
    # Collapsed to win / tie / loss, row 6 agrees too (A won either way).
    assert collapsed["first"] == "person (win/tie/loss)"
    assert collapsed["exact"]["value"] == 1.0 and collapsed["n"] == 7
    assert collapsed["confusion"]["labels"] == ["A better", "tie", "B better"]
    assert collapsed["confusion"]["counts"] == [[2, 0, 0], [0, 2, 0], [0, 0, 3]]

    capsys.readouterr()
    assert main(["report", str(project_dir)]) == 0
    text = capsys.readouterr().out
    assert "3 wins, 2 ties, 2 losses" in text
    assert "the same direction in both orders for 85.7% (6 of 7)" in text
    assert "rows 3" in text


def test_without_swap_each_pair_is_judged_once(
    project_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=order_sensitive_judge) as fake:
        make_pairwise(project_dir, fake.base_url)
        assert main(["run", str(project_dir), "--quiet"]) == 0
        assert len(fake.requests) == len(ROWS)
    figures = report(project_dir, capsys)
    pairwise = figures["pairwise"]
    # As given, the position-biased pair 3 is an A win: 1, 5, 4, 2, 4, 3, 1.
    assert (pairwise["wins"], pairwise["ties"], pairwise["losses"]) == (3, 1, 3)
    assert pairwise["judges"] == [] and pairwise["inconsistent_rows"] == []


def test_exports_carry_both_orders_and_dimensions(
    project_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=order_sensitive_judge) as fake:
        make_pairwise(project_dir, fake.base_url, "--swap")
        assert main(["run", str(project_dir), "--quiet"]) == 0
    out = tmp_path / "pairs.csv"
    assert main(["export", str(project_dir), "--out", str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8-sig")))
    assert rows[3]["judge.verdict"] == "3" and rows[3]["judge.swapped_verdict"] == "A+"
    assert rows[3]["judge.consistent"] == "False" and rows[0]["judge.consistent"] == "True"


def test_multi_dimension_scores_are_columns_of_the_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "qa.jsonl"
    data.write_text(
        "\n".join(
            json.dumps({"id": f"r{i}", "question": f"Q{i}", "response": f"A{i}"}) for i in range(2)
        ),
        encoding="utf-8",
    )

    def scores(body: dict[str, Any]) -> str:
        second = "Q1" in body["messages"][-1]["content"]
        return json.dumps(
            {
                "accuracy": {"score": 8 if second else 6, "analysis": "…"},
                "clarity": {"score": 9, "analysis": "…"},
                "overall_reason": "…",
                "overall_score": 8,
            }
        )

    folder = tmp_path / "dims"
    with FakeOpenAI(reply=scores) as fake:
        args = ["new", str(folder), "--dataset", str(data), "--template", "multidim_json"]
        args += ["--judge-url", fake.base_url, "--judge-model", "m"]
        assert main(args) == 0
        assert main(["run", str(folder), "--quiet"]) == 0
    out = tmp_path / "dims.csv"
    assert main(["export", str(folder), "--out", str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8-sig")))
    assert [(r["judge.accuracy"], r["judge.clarity"]) for r in rows] == [("6", "9"), ("8", "9")]
    figures = report(folder, capsys)
    dimensions = {d["name"]: d["mean"]["value"] for d in figures["dimensions"]}
    assert dimensions == {"accuracy": 7.0, "clarity": 9.0}


def test_only_the_disagreements_are_judged_again(
    project_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=order_sensitive_judge) as fake:
        make_pairwise(project_dir, fake.base_url, "--swap")
        assert main(["run", str(project_dir), "--quiet"]) == 0
        capsys.readouterr()
        assert main(["run", str(project_dir), "--only", "disagreements", "--json"]) == 0
        summary = json.loads(capsys.readouterr().out)
    # The dataset's person disagrees with the combined verdict on row 6 only.
    assert summary["rows"] == 1 and summary["cached_calls"] == 2
