"""Run throughput: the real pipeline against a 200 ms judge, beside a plain httpx loop.

Starts the test judge server in its own process (so its CPU is not counted), makes a
project of 2,000 rows with a preprocess and a postprocess script, runs it with
concurrency 32, and prints wall time over the ideal (2000 × 0.2 s / 32 = 12.5 s) and
the client's CPU milliseconds per row (script workers included), then the same 2,000
calls made by a bare asyncio + httpx loop, and the pipeline again with the judge reading
its verdict's probabilities (``probabilities = true``: every reply carries its tokens'
log-probabilities, 10 alternatives at the verdict).

    python bench/run_throughput.py [--rows 2000] [--concurrency 32] [--latency 0.2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import report  # noqa: E402
from judgedesk.core.dataset import open_dataset  # noqa: E402
from judgedesk.core.judge import JudgeSettings  # noqa: E402
from judgedesk.core.project import Project  # noqa: E402
from judgedesk.core.run import run_project  # noqa: E402

PRE = """
def preprocess(data, resp, **kwargs):
    data["words"] = len(str(resp.get("content") or "").split())
    return data["words"]
"""
POST = """
import re

def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
    found = re.findall(r"\\[\\[(\\d+)\\]\\]", kwargs["judge_resp"]["content"])
    return int(found[-1]) if found else None
"""


def cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def start_server(latency: float) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.support.fake_openai",
            "--latency",
            str(latency),
            "--logprobs",  # given only to requests asking for them
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    base_url = server.stdout.readline().strip()
    return server, base_url


def make_project(
    folder: Path, base_url: str, rows: int, concurrency: int, probabilities: bool = False
) -> Project:
    data = folder / "data.jsonl"
    with data.open("w", encoding="utf-8") as handle:
        for i in range(rows):
            record = {
                "id": i,
                "messages": [
                    {"role": "system", "content": "You are helpful."},
                    {"role": "user", "content": f"Question number {i}: explain something."},
                    {"role": "assistant", "content": f"Reference answer {i}."},
                ],
                "response": {"content": f"Model answer {i} with a few words in it."},
            }
            handle.write(json.dumps(record) + "\n")
    project = Project(root=folder, name="bench")
    project.dataset.path = str(data)
    project.variables = {"max_score": 10}
    judge = JudgeSettings(
        name="judge",
        base_url=base_url,
        model="judge-small",
        template="templates/judge.j2",
        parser="score",
        concurrency=concurrency,
        timeout=30,
        probabilities=probabilities,
    )
    project.judges = [judge]
    project.save()
    project.write_template(
        judge,
        "Rate from 1 to {{ max_score }}.\n[Question]\n{{ data.question }}\n[Reference]\n"
        "{{ data.gt }}\n[Answer]\n{{ response.content }} ({{ preprocess_result }} words)\n"
        'Reply "Score: [[n]]".',
    )
    (folder / "scripts").mkdir()
    project.script_path("preprocess").write_text(PRE)
    project.script_path("postprocess").write_text(POST)
    return project


async def plain_loop(base_url: str, rows: int, concurrency: int) -> None:
    import httpx

    limit = asyncio.Semaphore(concurrency)
    async with httpx.AsyncClient(
        base_url=base_url,
        limits=httpx.Limits(max_connections=concurrency),
        timeout=30,
    ) as client:

        async def one(i: int) -> None:
            async with limit:
                body = {
                    "model": "judge-small",
                    "messages": [{"role": "user", "content": f"plain {i}"}],
                }
                reply = await client.post("/chat/completions", json=body)
                reply.json()["choices"][0]["message"]["content"]

        await asyncio.gather(*(one(i) for i in range(rows)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--latency", type=float, default=0.2)
    args = parser.parse_args()
    ideal = args.rows * args.latency / args.concurrency
    server, base_url = start_server(args.latency)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            project = make_project(Path(tmp), base_url, args.rows, args.concurrency)
            dataset = open_dataset(project.dataset_path())
            cpu0, wall0 = cpu(), time.perf_counter()
            summary = asyncio.run(run_project(project, dataset))
            wall, used = time.perf_counter() - wall0, cpu() - cpu0
            figures = summary.to_dict()
        with tempfile.TemporaryDirectory() as tmp:
            project = make_project(Path(tmp), base_url, args.rows, args.concurrency, True)
            dataset = open_dataset(project.dataset_path())
            cpu2, wall2 = cpu(), time.perf_counter()
            asyncio.run(run_project(project, dataset))
            read_wall, read_used = time.perf_counter() - wall2, cpu() - cpu2
        cpu1, wall1 = cpu(), time.perf_counter()
        asyncio.run(plain_loop(base_url, args.rows, args.concurrency))
        plain_wall, plain_used = time.perf_counter() - wall1, cpu() - cpu1
    finally:
        server.terminate()
        server.wait(10)
    print(
        f"run_throughput — {args.rows} rows, concurrency {args.concurrency}, "
        f"judge latency {args.latency * 1000:.0f} ms, {os.cpu_count()} cores, "
        f"Python {sys.version.split()[0]}"
    )
    print(f"  ideal wall time                     {ideal:8.2f} s")
    print(
        f"  pipeline (pre + judge + post)       {wall:8.2f} s   {wall / ideal:5.2f}× ideal   "
        f"{used / args.rows * 1000:6.2f} ms CPU/row   "
        f"({figures['ok']} ok, {figures['error']} errors, {figures['unparsed']} unparsed)"
    )
    print(
        f"  the same, reading probabilities     {read_wall:8.2f} s   "
        f"{read_wall / ideal:5.2f}× ideal   {read_used / args.rows * 1000:6.2f} ms CPU/row"
    )
    print(
        f"  plain asyncio + httpx loop          {plain_wall:8.2f} s   "
        f"{plain_wall / ideal:5.2f}× ideal   {plain_used / args.rows * 1000:6.2f} ms CPU/row"
    )
    setup = (
        f"{args.rows:,} rows, concurrency {args.concurrency}, "
        f"{args.latency * 1000:.0f} ms judge, pre + post scripts"
    )
    report(
        [
            (f"{setup} — wall time", f"{wall / ideal:.2f}× the ideal {ideal:.1f} s", "≤ 1.10×"),
            (
                "the same — client CPU per row, scripts included",
                f"{used / args.rows * 1000:.1f} ms (a bare httpx loop in the same run: "
                f"{plain_used / args.rows * 1000:.1f} ms)",
                "≤ the bare loop",
            ),
            (
                "the same — client CPU per row with the verdict's probabilities read",
                f"{read_used / args.rows * 1000:.1f} ms (without: "
                f"{used / args.rows * 1000:.1f} ms)",
                "—",
            ),
        ]
    )


if __name__ == "__main__":
    main()
