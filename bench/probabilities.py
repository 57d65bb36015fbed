"""How long reading verdicts' probabilities takes for a run's stored replies.

Run ``python bench/probabilities.py [--replies N]``. Makes N judge replies (default
20,000) as a results file keeps them — a few hundred characters of text, each token with
its log-probability and alternatives (20 at the verdict, as asked), a tenth of them with
a two-token "10" — then times, reply by reply, loading its JSON text, and apart from it
reading the verdict (the "score" reader) and its probabilities (the expected score). What
"Recompute results" costs for a judge with ``probabilities = true``. Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import report
from judgedesk.core.judge import ChatReply, parse_verdict, read_probabilities, with_probabilities

WORDS = [
    "The",
    "answer",
    "is",
    "accurate",
    "and",
    "covers",
    "the",
    "main",
    "steps",
    ",",
    "but",
    "it",
    "leaves",
    "out",
    "the",
    "edge",
    "case",
    "of",
    "an",
    "empty",
    "list",
    "and",
    "explains",
    "the",
    "second",
    "step",
    "only",
    "briefly",
    ".",
]
OPTIONS = {"min": 1, "max": 10}


def _token(text: str, rng: random.Random, alternatives: list[str]) -> dict[str, object]:
    weights = [rng.random() for _ in range(len(alternatives) + 1)]
    total = sum(weights)
    top = [{"token": text, "logprob": math.log(weights[0] / total)}]
    top += [
        {"token": other, "logprob": math.log(weight / total)}
        for other, weight in zip(alternatives, weights[1:], strict=True)
    ]
    return {"token": text, "logprob": top[0]["logprob"], "top_logprobs": top}


def reply(rng: random.Random, index: int) -> str:
    """One stored reply's JSON, its verdict at the end."""
    tokens = [
        _token(("" if i == 0 else " ") + word, rng, [" the", " a"])
        for i, word in enumerate(WORDS * 2)
    ]
    tokens += [_token("\nScore", rng, [" Score"]), _token(":", rng, []), _token(" [[", rng, [" "])]
    others = [str(n) for n in range(1, 10)] + ["the", "**", " ", "0", "11", "N"]
    if index % 10 == 0:
        tokens.append(_token("1", rng, others[1:]))
        tokens.append(_token("0", rng, ["]]", "5", "."]))
    else:
        score = str(rng.randint(1, 9))
        tokens.append(_token(score, rng, [o for o in others if o != score] + ["10", "X"]))
    tokens.append(_token("]]", rng, ["]", "]]."]))
    content = "".join(str(token["token"]) for token in tokens)
    return json.dumps({"content": content, "finish_reason": "stop", "logprobs": tokens})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--replies", type=int, default=20_000)
    count = parser.parse_args().replies
    rng = random.Random(5)
    stored = [reply(rng, index) for index in range(count)]
    # Row by row, as a recompute reads them; each part timed on its own.
    loading = seconds = 0.0
    read_ok = 0
    clock = time.perf_counter
    for text in stored:
        started = clock()
        answer = ChatReply.from_dict(json.loads(text))
        loaded = clock()
        verdict = parse_verdict("score", answer.content, options=OPTIONS)
        found = read_probabilities(verdict, "score", answer.logprobs, options=OPTIONS)
        with_probabilities(verdict, found)
        read_ok += found.ok
        seconds += clock() - loaded
        loading += loaded - started
    print(f"{count:,} replies loaded from their JSON in {loading:.2f} s")
    print(f"verdicts and probabilities read in {seconds:.2f} s; read for {read_ok:,}")
    report(
        [
            (
                f"read the verdict and its probabilities of {count:,} stored replies",
                f"{seconds:.2f} s",
                "< 2 s",
            ),
            (f"load {count:,} stored replies with their tokens (JSON)", f"{loading:.2f} s", ""),
        ]
    )


if __name__ == "__main__":
    main()
