"""A model file as the judge: in-process against the same file behind llama-cpp-python's server.

Judges the same rows with SmolLM2-135M-Instruct (Q4_1) three ways, one after another in
one run, each with a fresh store: the local-file judge (its own worker process) with
structured verdicts; the same model served by ``python -m llama_cpp.server`` as an
endpoint judge (streaming, structured verdicts); and the local-file judge asked for free
text, as the built-in template asks. Prints rows/s and tokens/s of each, and the share of
replies whose verdict was read with and without structured verdicts.

    python -m tests.support.test_model      # once: the model
    python bench/local_judge.py [--rows 20]
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import subprocess
import sys
import tempfile
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


def timed_run(project: Project) -> tuple[RunSummary, float]:
    started = time.perf_counter()
    with open_dataset(project.dataset_path()) as dataset:
        summary = asyncio.run(run_project(project, dataset))
    return summary, time.perf_counter() - started


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


def line(label: str, summary: RunSummary, seconds: float) -> tuple[float, float]:
    p = summary.progress
    rows_per_second = p.done / seconds
    tokens_per_second = p.completion_tokens / seconds
    print(
        f"{label:<34} {p.done} rows in {seconds:6.1f} s: {rows_per_second:5.2f} rows/s, "
        f"{tokens_per_second:5.1f} tokens/s written, {p.ok} read, {p.unparsed} unread"
    )
    return rows_per_second, tokens_per_second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20)
    args = parser.parse_args()
    model = model_path()
    if model is None:
        raise SystemExit("The test model is missing: python -m tests.support.test_model")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        local = make_local_project(folder / "local", model, args.rows, concurrency=1)
        local_summary, local_seconds = timed_run(local)
        process, base_url = start_server(model)
        try:
            server = make_local_project(
                folder / "server",
                model,
                args.rows,
                kind="openai",
                model_file="",
                base_url=base_url,
                model=str(model),
                stream=True,
                structured_format="json_object",
                concurrency=1,
            )
            server_summary, server_seconds = timed_run(server)
        finally:
            process.terminate()
            process.wait(30)
        free = make_local_project(folder / "free", model, args.rows, structured=False)
        free_summary, free_seconds = timed_run(free)
    print(f"SmolLM2-135M-Instruct Q4_1, {args.rows} rows of score_reference, concurrency 1")
    local_rate, local_tokens = line("in-process, structured", local_summary, local_seconds)
    server_rate, _ = line("llama-cpp-python server, structured", server_summary, server_seconds)
    line("in-process, free text", free_summary, free_seconds)
    rows = args.rows
    report(
        [
            (
                f"SmolLM2-135M-Instruct Q4_1 on the CPU, {rows} rows of `score_reference`, "
                "one at a time — a model-file judge in-process: rows/s",
                f"{local_rate:.2f}",
                "",
            ),
            (
                "the same — the model behind llama-cpp-python's server: rows/s",
                f"{server_rate:.2f}",
                "",
            ),
            (
                "the same — in-process against the server",
                f"{local_rate / server_rate:.2f}×",
                "≥ 1×",
            ),
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
    )


if __name__ == "__main__":
    main()
