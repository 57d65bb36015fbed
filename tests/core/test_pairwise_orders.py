"""A pairwise judge's verdicts in each order against people's labels (MT-Bench's way).

Every row says what the judge answers when shown the pair as given and when shown it
swapped (as the judge writes it, about the answers in the order it saw them), and the
person's label. The expected figures below are worked out by hand.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import language, main
from judgedesk.core.report.pairwise import pairwise_figures
from judgedesk.core.run.store import ResultRecord
from tests.support.fake_openai import FakeOpenAI

# (person, verdict as given, verdict with the answers swapped as the judge wrote it)
# with, by hand: each order mapped back to A/B as given → favours A, B or neither.
ROWS = [
    ("A+", "A++", "B+"),  # A, A        person A: 2 hits; combined A+ (A): hit; consistent
    ("B++", "A+", "A+"),  # A, B        person B: 1 hit; inconsistent → tie: miss
    ("A=B", "A=B", "A=B"),  # tie, tie  person tie: 2 hits; combined tie: hit; consistent
    ("A++", "A=B", "B++"),  # tie, A    person A: 1 hit; inconsistent → tie: miss
    ("B+", "A++", "A++"),  # A, B       person B: 1 hit; inconsistent → tie: miss
    ("A+", "B+", "A+"),  # B, B         person A: 0 hits; combined B+: miss; consistent
    ("", "A+", "B+"),  # A, A           no label: left out of the person figures
    ("B+", "A=B", "A=B"),  # tie, tie   person B: 0 hits; combined tie: miss; consistent
]
# Labelled pairs: 7, so 14 order verdicts, of which 2+1+2+1+1+0+0 = 7 favour the answer
#   the person favours.
# Without ties (a verdict left out when it or the person's label is a tie):
#   row 0: 2 of 2; row 1: 1 of 2; row 2: none; row 3: 1 of 1 (its tie left out);
#   row 4: 1 of 2; row 5: 0 of 2; row 7: none → 5 of 9.
# Combined: rows 0 and 2 hit → 2 of 7; without ties only rows 0 (hit) and 5 (miss)
#   remain → 1 of 2. The same direction in both orders: rows 0, 2, 5, 7 → 4 of 7.


def judge(body: dict[str, Any]) -> str:
    prompt = body["messages"][-1]["content"]
    row = int(re.search(r"Question (\d+)", prompt).group(1))  # type: ignore[union-attr]
    as_given = prompt.index(f"first {row}") < prompt.index(f"second {row}")
    choice = ROWS[row][1] if as_given else ROWS[row][2]
    return json.dumps({"analysis_a": "…", "analysis_b": "…", "choice": choice})


@pytest.fixture
def project(tmp_path: Path) -> Any:
    data = tmp_path / "pairs.csv"
    with data.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "prompt", "model_a", "model_b", "person"])
        for i, (person, _, _) in enumerate(ROWS):
            writer.writerow([f"p{i}", f"Question {i}?", f"first {i}", f"second {i}", person])
    folder = tmp_path / "pairs"
    with FakeOpenAI(reply=judge) as fake:
        args = ["new", str(folder), "--dataset", str(data), "--template", "pairwise_checklist"]
        for role in ("question=prompt", "response_a=model_a", "response_b=model_b"):
            args += ["--field", role]
        args += ["--field", "human=person", "--judge-url", fake.base_url]
        assert main([*args, "--judge-model", "judge-m", "--swap"]) == 0
        assert main(["run", str(folder), "--quiet"]) == 0
        assert len(fake.requests) == 2 * len(ROWS)
    return folder


def test_each_order_the_combined_verdict_and_consistency_against_people(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["report", str(project), "--json"]) == 0
    (judged,) = json.loads(capsys.readouterr().out)["pairwise"]["judges"]
    assert judged["person_agreement"] == {
        "pairs": 7,
        "per_order": {"value": 7 / 14, "hits": 7, "n": 14},
        "per_order_without_ties": {"value": 5 / 9, "hits": 5, "n": 9},
        "combined": {"value": 2 / 7, "hits": 2, "n": 7},
        "combined_without_ties": {"value": 1 / 2, "hits": 1, "n": 2},
        "consistency": {"value": 4 / 7, "hits": 4, "n": 7},
    }
    # Figures that were there before are unchanged: over all 8 pairs, the unlabelled
    # row 6 included (consistent), so 5 of 8.
    assert judged["position_consistency"] == {"value": 5 / 8, "hits": 5, "n": 8}

    assert main(["report", str(project)]) == 0
    text = capsys.readouterr().out
    assert "Against the person's labels, 7 pairs, by the answer each verdict favours" in text
    assert "each order's verdict counted alone 50.0% (7 of 14), without ties 55.6% (5 of 9)" in (
        text
    )
    assert "the combined verdict 28.6% (2 of 7), without ties 50.0% (1 of 2)" in text
    assert "the same direction in both orders 57.1% (4 of 7)" in text


def test_the_pairwise_section_is_said_in_chinese(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    try:
        assert main(["--language", "zh", "report", str(project)]) == 0
    finally:
        language.use("en")
    text = capsys.readouterr().out
    assert "\n成对比较（被评估的回答 B 对 A）\n" in text
    assert "  胜率：" in text and "95% 置信区间" in text and "  得分（胜 1，平 ½，负 0）：" in text
    assert "    与人工标签对比，共 7 对" in text
    assert "      每种顺序的判定单独计 50.0%（14 中 7），不计平局 55.6%（9 中 5）" in text
    assert "      两种顺序方向相同 57.1%（7 中 4）" in text
    for english in ("Pairwise (B", "Win rate", "95% CI", "Against the person", " of 14)", "Judge "):
        assert english not in text, english


def _result(row: int, orders: tuple[int, int], combined: int) -> ResultRecord:
    step = {
        "judge": "j",
        "orders": [{"verdict": {"value": orders[0]}}, {"verdict": {"value": orders[1]}}],
        "verdict": {"value": combined},
        "pairwise": True,
    }
    return ResultRecord(1, row, f"r{row}", "ok", combined, "", {"judges": [step]}, 0.0)


def test_without_people_or_with_unread_orders_there_is_no_person_figure() -> None:
    results = [_result(0, (2, 4), 2), _result(1, (4, 4), 3)]
    figures = pairwise_figures(results)
    assert figures is not None and figures.judges[0].people is None
    # Row 1's person label is outside the pairwise scale; row 0 counts alone.
    figures = pairwise_figures(results, people={0: 1, 1: True})
    assert figures is not None
    people = figures.judges[0].people
    assert people is not None and people.pairs == 1
    assert (people.per_order.hits, people.per_order.n) == (2, 2)
    unread = _result(2, (2, 4), 2)
    unread.detail["judges"][0]["orders"][1]["verdict"]["value"] = None
    figures = pairwise_figures([unread], people={2: 1})
    assert figures is not None and figures.judges[0].people is None
