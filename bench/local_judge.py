"""A model file as the judge: one row at a time, several together, and behind a server.

Judges the same rows with SmolLM2-135M-Instruct (Q4_1), one way after another in one run,
each with a fresh store: the local-file judge (its own worker process) with structured
verdicts one row at a time (``parallel = 1``) and with N rows decoded together (``parallel
= N``, 2, 4 and 8); the same model served by ``python -m llama_cpp.server`` as an endpoint
judge (streaming, structured verdicts, one request at a time); and the local-file judge
asked for free text, as the built-in template asks. Prints rows/s, tokens/s and the
worker's peak memory of each, the share of batched replies equal to the one-at-a-time
reply, and the share of replies whose verdict was read with and without structured
verdicts.

    python -m tests.support.test_model      # once: the model
    python bench/local_judge.py [--rows 20] [--parallel 2,4,8]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import report  # noqa: E402
from judgedesk.core.dataset import open_dataset  # noqa: E402
from judgedesk.core.project import Project  # noqa: E402
from judgedesk.core.run import RunSummary, run_project  # noqa: E402
from tests.support.local_projects import make_local_project  # noqa: E402
from tests.support.test_model import model_path  # noqa: E402


class PeakMemory:
    """The highest peak resident memory (VmHWM) of this process's children while it runs:
    the model's worker process, or the server."""

    def __init__(self) -> None:
        self.peak = 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()

    def _watch(self) -> None:
        while not self._done.wait(0.2):
            for pid in children(os.getpid()):
                try:
                    status = Path(f"/proc/{pid}/status").read_text()
                except OSError:
                    continue
                for line in status.splitlines():
                    if line.startswith("VmHWM:"):
                        self.peak = max(self.peak, int(line.split()[1]) * 1024)


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def timed_run(project: Project) -> tuple[RunSummary, float, int]:
    started = time.perf_counter()
    with PeakMemory() as memory, open_dataset(project.dataset_path()) as dataset:
        summary = asyncio.run(run_project(project, dataset))
    return summary, time.perf_counter() - started, memory.peak


def verdict(reply: str | None) -> object:
    try:
        return json.loads(reply or "", strict=False).get("verdict")
    except (ValueError, AttributeError):
        return None


def replies(project: Project) -> dict[str, str]:
    with sqlite3.connect(project.store_path) as db:
        found = db.execute("SELECT key, json_extract(reply, '$.content') FROM calls")
        return {key: str(content) for key, content in found}


def start_server(model: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model)]
    command += ["--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base_url = f"http://127.0.0.1:{port}/v1"
    for _ in range(600):
        try:
            if httpx.get(f"{base_url}/models", timeout=2).status_code == 200:
                return process, base_url
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("llama-cpp-python's server did not start")


def line(label: str, summary: RunSummary, seconds: float, peak: int = 0) -> tuple[float, float]:
    p = summary.progress
    rows_per_second = p.done / seconds
    tokens_per_second = p.completion_tokens / seconds
    memory = f", peak {peak / 2**20:.0f} MiB" if peak else ""
    print(
        f"{label:<36} {p.done} rows in {seconds:6.1f} s: {rows_per_second:5.2f} rows/s, "
        f"{tokens_per_second:5.1f} tokens/s written, {p.ok} read, {p.unparsed} unread{memory}"
    )
    return rows_per_second, tokens_per_second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20)
    parser.add_argument("--parallel", default="2,4,8", help="rows decoded together, by commas")
    args = parser.parse_args()
    model = model_path()
    if model is None:
        raise SystemExit("The test model is missing: python -m tests.support.test_model")
    widths = [int(n) for n in args.parallel.split(",") if n.strip()]
    rows = args.rows
    batched: dict[int, tuple[RunSummary, float, int, float, float]] = {}
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        local = make_local_project(folder / "local", model, rows, concurrency=1, parallel=1)
        local_summary, local_seconds, local_peak = timed_run(local)
        alone = replies(local)
        for width in widths:
            project = make_local_project(folder / f"n{width}", model, rows, parallel=width)
            summary, seconds, peak = timed_run(project)
            together = replies(project)
            equal = sum(together.get(key) == reply for key, reply in alone.items()) / len(alone)
            same = sum(verdict(together.get(key)) == verdict(r) for key, r in alone.items())
            batched[width] = (summary, seconds, peak, equal, same / len(alone))
        process, base_url = start_server(model)
        try:
            server = make_local_project(
                folder / "server",
                model,
                rows,
                kind="openai",
                model_file="",
                base_url=base_url,
                model=str(model),
                stream=True,
                structured_format="json_object",
                concurrency=1,
            )
            server_summary, server_seconds, server_peak = timed_run(server)
        finally:
            process.terminate()
            process.wait(30)
        free = make_local_project(folder / "free", model, rows, structured=False, parallel=1)
        free_summary, free_seconds, _ = timed_run(free)
    print(f"SmolLM2-135M-Instruct Q4_1, {rows} rows of score_reference, {os.cpu_count()} cores")
    local_rate, local_tokens = line(
        "in-process, one at a time", local_summary, local_seconds, local_peak
    )
    rates = {}
    for width, (summary, seconds, peak, equal, same) in batched.items():
        rates[width], _ = line(f"in-process, {width} rows together", summary, seconds, peak)
        print(f"{'':<36} equal to one at a time: replies {equal:.0%}, verdicts {same:.0%}")
    server_rate, _ = line(
        "llama-cpp-python server, structured", server_summary, server_seconds, server_peak
    )
    line("in-process, free text", free_summary, free_seconds)
    figures = [
        (
            f"SmolLM2-135M-Instruct Q4_1 on the CPU, {rows} rows of `score_reference`, "
            "one at a time — a model-file judge in-process: rows/s / peak memory",
            f"{local_rate:.2f} / {local_peak / 2**20:.0f} MiB",
            "",
        ),
    ]
    for width, (_, _, peak, equal, same) in batched.items():
        figures.append(
            (
                f"the same — {width} rows decoded together: rows/s / peak memory / replies, "
                "verdicts equal to one at a time",
                f"{rates[width]:.2f} ({rates[width] / local_rate:.2f}×) / "
                f"{peak / 2**20:.0f} MiB / {equal:.0%}, {same:.0%}",
                "≥ 2× at 4" if width == 4 else "",
            )
        )
    figures += [
        (
            "the same — the model behind llama-cpp-python's server: rows/s",
            f"{server_rate:.2f}",
            "",
        ),
        ("the same — in-process against the server", f"{local_rate / server_rate:.2f}×", "≥ 1×"),
        ("the same — in-process: tokens/s written", f"{local_tokens:.0f}", ""),
        (
            "the same — replies read with structured verdicts",
            f"{local_summary.progress.ok} of {rows}",
            f"{rows} of {rows}",
        ),
        (
            "the same — replies read without them (free text)",
            f"{free_summary.progress.ok} of {rows}",
            "",
        ),
    ]
    report(figures)


if __name__ == "__main__":
    main()
