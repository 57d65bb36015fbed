"""The same model file behind llama-cpp-python's own OpenAI-compatible server, as an endpoint
judge: a real server that none of us wrote, streaming on, structured verdicts on."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from judgedesk.core.judge.dialects import find_format_at
from judgedesk.core.judge.openai import OpenAIClient
from judgedesk.core.run.store import Store
from tests.local.test_local_judge import run
from tests.support.local_projects import make_local_project


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def llama_server(model_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """llama-cpp-python's server on a free loopback port; yields its base URL."""
    pytest.importorskip("uvicorn", reason="the local-server extra is not installed")
    port = _free_port()
    log = tmp_path_factory.mktemp("server") / "server.log"
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model_file)]
    command += ["--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048"]
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120  # a hang guard, not a speed target
        while True:
            assert process.poll() is None, log.read_text(errors="replace")[-2000:]
            try:
                if httpx.get(f"{base_url}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "llama-cpp-python's server did not start"
            time.sleep(0.2)
        yield base_url
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def _model_name(base_url: str) -> str:
    async def ask() -> str:
        async with OpenAIClient(base_url) as client:
            return (await client.list_models(timeout=10)).models[0]

    return asyncio.run(ask())


def test_test_connection_finds_the_dialect_llama_cpp_python_honours(llama_server: str) -> None:
    finding = asyncio.run(find_format_at(llama_server, _model_name(llama_server)))
    assert finding.format == "json_object", finding.tried
    assert finding.tried[-1] == ("json_object", "honoured")


def test_an_endpoint_judge_streams_structured_verdicts_from_a_real_server(
    tmp_path: Path, llama_server: str
) -> None:
    name = _model_name(llama_server)
    finding = asyncio.run(find_format_at(llama_server, name))  # as Test connection does
    project = make_local_project(
        tmp_path / "p",
        Path("unused.gguf"),
        structured_format=finding.format or "",
        kind="openai",
        model_file="",
        base_url=llama_server,
        model=name,
        stream=True,
        concurrency=1,
    )
    summary = run(project)
    assert summary.status == "finished"
    assert summary.progress.ok == 10 and summary.progress.unparsed == 0
    assert summary.progress.completion_tokens > 0
    with Store(project.store_path) as store:
        replies = [content for content, _ in store.replies("smol")]
    assert len(replies) == 10
    assert all(1 <= json.loads(r, strict=False)["verdict"] <= 10 for r in replies)
