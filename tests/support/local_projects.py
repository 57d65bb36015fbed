"""A small question set judged by a model file: shared by the local-judge tests and bench."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.approvals import approve
from judgedesk.core.project.settings import Project
from judgedesk.core.template.library import get_template

QUESTIONS = [
    ("What is the capital of France?", "Paris", "The capital of France is Paris."),
    ("How many legs does a spider have?", "Eight", "A spider has six legs."),
    ("What is 12 times 3?", "36", "12 times 3 is 36."),
    ("Which planet is known as the red planet?", "Mars", "Mars is the red planet."),
    ("What gas do plants take in?", "Carbon dioxide", "Plants take in oxygen."),
    ("Who wrote Hamlet?", "William Shakespeare", "Hamlet was written by Shakespeare."),
    ("What is the boiling point of water at sea level in Celsius?", "100", "It boils at 100."),
    ("How many days are in a leap year?", "366", "A leap year has 365 days."),
    ("What is the largest ocean?", "The Pacific", "The Pacific Ocean is the largest."),
    ("What is the square root of 81?", "9", "The square root of 81 is 9."),
]


def make_local_project(root: Path, gguf: Path, rows: int = len(QUESTIONS), **judge: Any) -> Project:
    """A project of ``rows`` questions judged with ``score_reference`` by the model file
    ``gguf`` (structured verdicts on), approved as one made on this computer."""
    data = root / "data" / "qa.jsonl"
    data.parent.mkdir(parents=True)
    with data.open("w", encoding="utf-8") as handle:
        for index in range(rows):
            question, reference, answer = QUESTIONS[index % len(QUESTIONS)]
            if rows > len(QUESTIONS):
                question += f" (item {index})"
            row = {"id": f"q{index}", "question": question, "ref_answer": reference}
            handle.write(json.dumps({**row, "response": {"content": answer}}) + "\n")
    builtin = get_template("score_reference")
    project = Project(root=root, name="qa")
    project.dataset.path = "data/qa.jsonl"
    project.variables = dict(builtin.variables)
    settings: dict[str, Any] = {
        "name": "smol",
        "kind": "local",
        "model_file": str(gguf),
        "template": "templates/judge.j2",
        "parser": "score",
        "structured": True,
        "context_size": 2048,
        "params": {"temperature": 0, "max_tokens": 160, "seed": 1},
    }
    settings.update(judge)
    project.judges = [JudgeSettings(**settings)]
    project.save()
    project.write_template(project.judges[0], builtin.text)
    approve(project)
    return project
