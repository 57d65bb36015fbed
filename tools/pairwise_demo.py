"""A small pairwise project for screenshots: two models' answers, a stand-in judge.

The judge (a local test server) prefers the better of two answers by a quality mark
known for each answer; on the pairs whose answers are about as good it prefers whichever
is shown first, so judging both orders finds them inconsistent.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.fake_openai import FakeOpenAI  # noqa: E402

# question, model X's answer (A), its quality, model Y's answer (B), its quality, person
PAIRS = [
    (
        "How do I reverse a list in Python?",
        "Use my_list.reverse() to reverse it in place, or my_list[::-1] for a reversed copy.",
        3,
        "Use reversed().",
        1,
        "A+",
    ),
    (
        "What causes the seasons on Earth?",
        "The distance between the Earth and the Sun changes during the year.",
        0,
        "The tilt of Earth's axis (about 23.4°) changes how directly sunlight hits each "
        "hemisphere over the year.",
        3,
        "B++",
    ),
    (
        "Summarise the plot of Romeo and Juliet in one sentence.",
        "Two young lovers from feuding families in Verona marry in secret, and a chain of "
        "misunderstandings ends in both their deaths.",
        3,
        "Two teenagers from rival families fall in love and die, which ends the feud.",
        2,
        "A+",
    ),
    (
        "Convert 100 °F to Celsius.",
        "About 37.8 °C.",
        3,
        "(100 − 32) × 5/9 ≈ 37.8 °C.",
        3,
        "A=B",
    ),
    (
        "Is 1 a prime number?",
        "Yes, 1 is prime because it is only divisible by itself.",
        0,
        "No. A prime has exactly two divisors, and 1 has only one.",
        3,
        "B++",
    ),
    (
        "Give a synonym for 'happy'.",
        "Joyful.",
        2,
        "Cheerful.",
        2,
        "A=B",
    ),
    (
        "What is the capital of Canada?",
        "Toronto.",
        0,
        "Ottawa.",
        3,
        "B++",
    ),
    (
        "Explain what an API is to a child.",
        "An API is like a waiter: you tell it what you want from the kitchen, and it "
        "brings it back without you going into the kitchen.",
        3,
        "An API is an application programming interface that exposes endpoints.",
        1,
        "A++",
    ),
]


def write_dataset(folder: Path) -> Path:
    path = folder / "model-x-vs-y.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "question", "model_x", "model_y", "preferred"])
        for number, (question, a, _, b, _, person) in enumerate(PAIRS):
            writer.writerow([f"q{number + 1}", question, a, b, person])
    return path


def judge_reply(body: dict[str, Any]) -> str:
    prompt = body["messages"][-1]["content"]
    for _, a, quality_a, b, quality_b, _ in PAIRS:
        if a in prompt and b in prompt:
            first_is_a = prompt.index(a) < prompt.index(b)
            first, second = (quality_a, quality_b) if first_is_a else (quality_b, quality_a)
            gap = first - second
            if gap == 0:
                choice = "A+"  # about as good: the judge leans to the first answer
            else:
                choice = {2: "A++", 1: "A+", -1: "B+", -2: "B++"}[max(-2, min(2, gap))]
            analysis = "Response A is more complete." if gap > 0 else "Both are close."
            return json.dumps(
                {
                    "analysis_a": analysis,
                    "analysis_b": "Checked against the checklist.",
                    "reason_a_equals_b": "",
                    "reason_a_better": "",
                    "reason_b_better": "",
                    "choice": choice,
                },
                ensure_ascii=False,
            )
    return '{"choice": "A=B"}'


def make_pairwise_demo(folder: Path, base_url: str) -> Path:
    """Create the project in ``folder`` (its judge at ``base_url``); return the folder."""
    from judgedesk.cli import main as cli

    data = write_dataset(folder.parent)
    code = cli(
        [
            "new",
            str(folder),
            "--dataset",
            str(data),
            "--name",
            "Model X vs model Y",
            "--template",
            "pairwise_checklist",
            "--field",
            "question=question",
            "--field",
            "response_a=model_x",
            "--field",
            "response_b=model_y",
            "--field",
            "human=preferred",
            "--judge-url",
            base_url,
            "--judge-model",
            "judge-14b",
            "--swap",
        ]
    )
    if code != 0:
        raise SystemExit("the pairwise demo project could not be made")
    return folder


def demo_server() -> FakeOpenAI:
    """The stand-in judge, started."""
    return FakeOpenAI(reply=judge_reply, latency=0.05, models=["judge-14b"]).start()
