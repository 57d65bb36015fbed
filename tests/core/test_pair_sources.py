"""Where the two answers of a pair come from: predictions files joined by id, a baseline."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.dataset.joins import join_predictions
from judgedesk.core.project import open_project_dataset
from judgedesk.core.project.settings import load_project
from judgedesk.core.run.store import Store
from tests.core.test_pairwise import TEXTS, order_sensitive_judge
from tests.support.fake_openai import FakeOpenAI

KINDS = [("good", "weak"), ("weak", "fine"), ("fine", "fine")]


def write_questions(folder: Path) -> Path:
    path = folder / "questions.jsonl"
    with path.open("w", encoding="utf-8") as handle:
        for i in range(len(KINDS)):
            handle.write(json.dumps({"id": f"q{i}", "question": f"Question {i}?"}) + "\n")
    return path


def write_predictions(folder: Path) -> tuple[Path, Path]:
    a = folder / "model_a.jsonl"
    with a.open("w", encoding="utf-8") as handle:
        for i, (kind, _) in enumerate(KINDS):
            record = {"id": f"q{i}", "response": TEXTS[kind].format(i=i)}
            handle.write(json.dumps(record) + "\n")
    b = folder / "model_b.csv"
    with b.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "output"])
        for i, (_, kind) in reversed(list(enumerate(KINDS))):  # another order: joined by id
            writer.writerow([f"q{i}", TEXTS[kind].format(i=i)])
    return a, b


def test_two_predictions_files_are_joined_by_id_and_judged_in_both_orders(
    tmp_path: Path,
) -> None:
    questions = write_questions(tmp_path)
    a, b = write_predictions(tmp_path)
    folder = tmp_path / "project"
    with FakeOpenAI(reply=order_sensitive_judge) as fake:
        assert (
            main(
                [
                    "new",
                    str(folder),
                    "--dataset",
                    str(questions),
                    "--predictions",
                    f"response_a={a}",
                    "--predictions",
                    f"response_b={b}",
                    "--template",
                    "pairwise_checklist",
                    "--judge-url",
                    fake.base_url,
                    "--judge-model",
                    "judge-m",
                    "--swap",
                ]
            )
            == 0
        )
        project = load_project(folder)
        assert project.dataset.predictions == {
            "response_a": "data/model_a.jsonl",
            "response_b": "data/model_b.csv",
        }
        assert (folder / "data" / "model_b.csv").is_file()  # copied with the project
        with open_project_dataset(project) as dataset:
            row = dataset.row(1)
            assert row.data["response_a"]["content"] == "weak 1"
            assert row.data["response_b"]["content"] == "fine answer 1"
            assert "response_a" in dataset.fields()
        assert main(["run", str(folder), "--quiet"]) == 0
        assert len(fake.requests) == 2 * len(KINDS)
    with Store(project.store_path) as store:
        values = [r.value for _, r in sorted(store.latest_results().items())]
    assert values == [1, 4, 3]  # good beats weak as A; fine beats weak as B; a tie


def test_rows_without_a_prediction_and_repeated_ids(tmp_path: Path) -> None:
    questions = write_questions(tmp_path)
    partial = tmp_path / "partial.jsonl"
    partial.write_text(
        "\n".join(
            json.dumps(r)
            for r in (
                {"id": "q0", "response": "first"},
                {"id": "q0", "response": "again"},
                {"id": "q2", "response": {"content": "third", "reasoning_content": "why"}},
            )
        ),
        encoding="utf-8",
    )
    joined = join_predictions(open_dataset(questions), {"response": partial})
    with joined:
        assert joined.row(0).response["content"] == "again"  # the last of a repeated id
        assert joined.row(1).response.get("content") is None
        assert joined.row(2).response["reasoning_content"] == "why"
        assert any("more than once" in issue.problem for issue in joined.issues)


def baseline_and_judge(body: dict[str, Any]) -> str:
    if body["model"] == "base-m":  # the baseline answers the question it is asked
        number = re.search(r"Question (\d+)", body["messages"][-1]["content"]).group(1)  # type: ignore[union-attr]
        return f"weak {number}"
    return order_sensitive_judge(body)


def test_a_baseline_model_answers_a_and_the_rows_response_is_b(tmp_path: Path) -> None:
    questions = tmp_path / "answers.jsonl"
    with questions.open("w", encoding="utf-8") as handle:
        for i in range(3):
            record = {
                "id": f"q{i}",
                "question": f"Question {i}?",
                "response": TEXTS["good"].format(i=i),
            }
            handle.write(json.dumps(record) + "\n")
    folder = tmp_path / "project"
    with FakeOpenAI(reply=baseline_and_judge) as fake:
        code = main(
            [
                "new",
                str(folder),
                "--dataset",
                str(questions),
                "--template",
                "pairwise_checklist",
                "--judge-url",
                fake.base_url,
                "--judge-model",
                "judge-m",
                "--baseline-model",
                "base-m",
                "--swap",
            ]
        )
        assert code == 0
        assert main(["run", str(folder), "--quiet"]) == 0
        models = [body["model"] for body in fake.requests]
        assert models.count("base-m") == 3 and models.count("judge-m") == 6
    project = load_project(folder)
    assert project.baseline is not None and project.baseline.model == "base-m"
    with Store(project.store_path) as store:
        latest = store.latest_results()
    assert [latest[i].value for i in range(3)] == [5, 5, 5]  # good (B) beats weak (A)
    assert latest[0].detail["baseline"]["content"] == "weak 0"


def test_the_estimate_counts_the_baselines_answers_too(tmp_path: Path) -> None:
    from judgedesk.core.run.estimate import estimate_run
    from judgedesk.core.run.selection import Selection

    questions = tmp_path / "answers.jsonl"
    questions.write_text(
        "\n".join(
            json.dumps({"id": f"q{i}", "question": f"Question {i}?", "response": "good"})
            for i in range(4)
        ),
        encoding="utf-8",
    )
    folder = tmp_path / "project"
    args = ["new", str(folder), "--dataset", str(questions), "--template", "pairwise_checklist"]
    args += ["--judge-url", "http://127.0.0.1:9/v1", "--judge-model", "judge-m"]
    assert main([*args, "--baseline-model", "base-m", "--swap"]) == 0
    project = load_project(folder)
    with open_dataset(project.dataset_path()) as dataset:
        estimate = estimate_run(project, dataset, Selection())
    by_name = {j.judge: j for j in estimate.judges}
    assert by_name["baseline"].requests == 4 and by_name["baseline"].model == "base-m"
    assert by_name["judge"].requests == 8  # both orders
    assert estimate.requests == 12
