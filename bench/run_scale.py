"""Runs at high concurrency: the real pipeline beside a bare asyncio + aiohttp loop.

The test judge server runs in its own process (its CPU is not counted). Two settings
from the issue on scale: 5,000 rows at concurrency 128 against a 100 ms judge, and
20,000 rows at concurrency 64 against a 50 ms judge. For each, the pipeline's rows per
second beside the ideal (rows × latency / concurrency) and beside a bare loop sending the
same number of requests in the same run, with the client's CPU per row.

    python bench/run_scale.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import report  # noqa: E402
from bench.run_throughput import cpu, start_server  # noqa: E402
from judgedesk.core.dataset import open_dataset  # noqa: E402
from judgedesk.core.judge import JudgeSettings  # noqa: E402
from judgedesk.core.project import Project  # noqa: E402
from judgedesk.core.run import run_project  # noqa: E402


def make_project(folder: Path, base_url: str, rows: int, concurrency: int) -> Project:
    data = folder / "data.jsonl"
    with data.open("w", encoding="utf-8") as handle:
        for i in range(rows):
            record = {
                "id": i,
                "question": f"Question number {i}: explain something.",
                "response": {"content": f"Model answer {i} with a few words in it."},
            }
            handle.write(json.dumps(record) + "\n")
    project = Project(root=folder, name="scale")
    project.dataset.path = str(data)
    judge = JudgeSettings(
        name="judge",
        base_url=base_url,
        model="judge-small",
        template="templates/judge.j2",
        parser="score",
        concurrency=concurrency,
        timeout=60,
        stream=False,
    )
    project.judges = [judge]
    project.save()
    project.write_template(
        judge, "[Question]\n{{ data.question }}\n[Answer]\n{{ response.content }}\nScore it."
    )
    return project


async def bare_loop(base_url: str, rows: int, concurrency: int) -> None:
    import aiohttp

    limit = asyncio.Semaphore(concurrency)
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def one(i: int) -> None:
            async with limit:
                body = {
                    "model": "judge-small",
                    "messages": [{"role": "user", "content": f"Question number {i}."}],
                }
                async with session.post(f"{base_url}/chat/completions", json=body) as reply:
                    (await reply.json())["choices"][0]["message"]["content"]

        await asyncio.gather(*(one(i) for i in range(rows)))


def measure(rows: int, concurrency: int, latency: float) -> dict[str, float]:
    server, base_url = start_server(latency)
    try:
        cpu1, wall1 = cpu(), time.perf_counter()
        asyncio.run(bare_loop(base_url, rows, concurrency))
        bare_wall, bare_cpu = time.perf_counter() - wall1, cpu() - cpu1
        with tempfile.TemporaryDirectory() as tmp:
            project = make_project(Path(tmp), base_url, rows, concurrency)
            dataset = open_dataset(project.dataset_path())
            cpu0, wall0 = cpu(), time.perf_counter()
            summary = asyncio.run(run_project(project, dataset))
            wall, used = time.perf_counter() - wall0, cpu() - cpu0
            dataset.close()
        assert summary.to_dict()["ok"] == rows, summary.to_dict()
    finally:
        server.terminate()
        server.wait(10)
    return {
        "ideal": rows * latency / concurrency,
        "wall": wall,
        "cpu": used / rows * 1000,
        "bare_wall": bare_wall,
        "bare_cpu": bare_cpu / rows * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="a tenth of the rows")
    args = parser.parse_args()
    share = 10 if args.quick else 1
    settings = [(5000 // share, 128, 0.1), (20000 // share, 64, 0.05)]
    print(f"run_scale — {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    figures = []
    for rows, concurrency, latency in settings:
        found = measure(rows, concurrency, latency)
        rate, bare_rate = rows / found["wall"], rows / found["bare_wall"]
        ideal_rate = rows / found["ideal"]
        times, bare_times = found["wall"] / found["ideal"], found["bare_wall"] / found["ideal"]
        print(
            f"  {rows:,} rows, c{concurrency}, {latency * 1000:.0f} ms judge: pipeline "
            f"{rate:,.0f} rows/s ({found['wall'] / found['ideal']:.2f}× ideal, "
            f"{rate / bare_rate:.0%} of the bare loop), {found['cpu']:.2f} ms CPU/row; "
            f"bare aiohttp loop {bare_rate:,.0f} rows/s ({bare_times:.2f}× ideal), "
            f"{found['bare_cpu']:.2f} ms CPU/row; ideal {ideal_rate:,.0f} rows/s"
        )
        setup = f"{rows:,} rows, concurrency {concurrency}, {latency * 1000:.0f} ms judge"
        figures.append(
            (
                f"{setup} — rows/s beside a bare aiohttp loop in the same run",
                f"{rate:,.0f} rows/s, {rate / bare_rate:.0%} of the bare loop "
                f"({times:.2f}× ideal; bare {bare_times:.2f}×)",
                "≥ 90%" if concurrency == 128 else "≤ 1.25× ideal",
            )
        )
        figures.append(
            (
                "the same — client CPU per row",
                f"{found['cpu']:.2f} ms (bare loop {found['bare_cpu']:.2f} ms)",
                "—",
            )
        )
    report(figures)


if __name__ == "__main__":
    main()
