"""How long a verdict rule takes to re-read every stored reply of a judge.

Run ``python bench/rule_reread.py [--replies N]``. Stores N judge replies (default
200,000) of a few hundred characters each — some with reasoning, some with two verdicts,
some with none — in a temporary results file, then times ``try_rule`` with a pattern
rule (LLMBar's "Output (a)") and with a JSON-path rule: what "Try on stored replies" and
saving a rule cost. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import report
from judgedesk.core.judge import VerdictRule
from judgedesk.core.project import Project
from judgedesk.core.run import Store, try_rule

FILLER = (
    "Both outputs address the instruction. The first follows every constraint and stays "
    "concise, while the other adds details nobody asked for and misses the format. "
)


def reply(rng: random.Random, index: int) -> dict[str, object]:
    letter = rng.choice("ab")
    kind = index % 10
    if kind == 0:
        return {"content": FILLER + "I cannot decide.", "reasoning_content": None}
    if kind == 1:
        other = "b" if letter == "a" else "a"
        text = f"{FILLER}Output ({other})\nOn reflection: Output ({letter})"
        return {"content": text, "reasoning_content": None}
    if kind == 2:
        return {"content": f"Output ({letter})", "reasoning_content": FILLER * 2}
    if kind == 3:
        verdict = {"choice": f"{letter.upper()}>B" if letter == "a" else "B>A", "why": FILLER}
        return {"content": json.dumps(verdict), "reasoning_content": None}
    return {"content": f"{FILLER}\n\nOutput ({letter})", "reasoning_content": None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--replies", type=int, default=200_000)
    count = parser.parse_args().replies
    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as folder:
        project = Project(root=Path(folder), name="bench")
        project.state_dir.mkdir()
        with Store(project.store_path) as store:
            for index in range(count):
                store.put_call(
                    f"k{index}",
                    judge="judge",
                    model="m",
                    request={},
                    reply=reply(rng, index),
                    latency=0.0,
                    attempts=1,
                )
            store.flush()
        pattern = VerdictRule.from_table(
            {"kind": "pairwise", "pattern": r"Output \((a|b)\)", "map": {"a": "A>B", "b": "B>A"}}
        )
        path = VerdictRule.from_table({"kind": "pairwise", "path": "choice"})
        timings = {}
        for name, rule in (("pattern", pattern), ("JSON path", path)):
            started = time.perf_counter()
            trial = try_rule(project, "judge", rule)
            timings[name] = time.perf_counter() - started
            print(f"{name:<10} {timings[name]:6.2f} s  {trial.summary()[:150]}")
    report(
        [
            (
                f"re-read {count:,} stored replies with a rule — pattern / JSON path",
                f"{timings['pattern']:.1f} s / {timings['JSON path']:.1f} s",
                "< 2 s",
            )
        ]
    )


if __name__ == "__main__":
    main()
