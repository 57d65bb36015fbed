"""`judgedesk export --format opencompass`: each judged row's origin_prompt, gold and
prediction, with the accuracy, as OpenCompass's LLM-judge evaluator writes its details."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judgedesk.cli import main
from judgedesk.core.project.settings import load_project
from judgedesk.core.run import Selection
from tests.core.test_pipeline import item_number, make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI


def correct_when_even(body: dict[str, Any]) -> str:
    return "A" if item_number(body) % 2 == 0 else "B"


PROMPT_0 = "Judge item: What about item 0?\nAnswer: answer 0\nScore: [[n]]"


def export(folder: Path, out: Path) -> dict[str, Any]:
    assert main(["export", str(folder), "--out", str(out), "--format", "opencompass"]) == 0
    shown: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return shown


def test_a_correctness_run_exports_details_and_accuracy(tmp_path: Path) -> None:
    with FakeOpenAI(reply=correct_when_even) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=5, parser="correctness")
        project = load_project(project.root)
        run(project, Selection(rows=[0, 1, 2, 3]))
    shown = export(project.root, tmp_path / "results.json")
    assert list(shown) == ["details", "accuracy"]
    assert shown["accuracy"] == 50.0  # rows 0 and 2 of the 4 judged; row 4 never ran
    details = shown["details"]
    assert [d["id"] for d in details] == ["r0", "r1", "r2", "r3"]
    first = details[0]
    assert first["origin_prompt"] == PROMPT_0
    assert first["gold"] == "ref 0"
    assert first["prediction"] == "A"
    assert first["verdict"] is True and first["correct"] is True
    assert details[1]["prediction"] == "B" and details[1]["correct"] is False


def test_scores_have_no_accuracy_and_a_chat_prompt_keeps_its_roles(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=2, system_prompt="Be fair.")
        run(load_project(project.root))
    shown = export(project.root, tmp_path / "scores.json")
    assert "accuracy" not in shown
    first = shown["details"][0]
    assert first["origin_prompt"] == [
        {"role": "SYSTEM", "prompt": "Be fair."},
        {"role": "HUMAN", "prompt": PROMPT_0},
    ]
    assert first["verdict"] == 1 and "correct" not in first
    assert first["prediction"].endswith("Score: [[1]]")
