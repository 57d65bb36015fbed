"""The fake OpenAI server itself: protocol, keep-alive, faults, shutdown."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.fake_openai import DEFAULT_REPLY, FakeOpenAI, FaultPlan, Quirks, body_key

ROOT = Path(__file__).resolve().parents[2]
CHAT = {"model": "judge-small", "messages": [{"role": "user", "content": "How good is this?"}]}


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


@pytest.fixture
def http(fake: FakeOpenAI) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=fake.base_url, timeout=5, trust_env=False) as client:
        yield client


def sse_events(text: str) -> list[Any]:
    events: list[Any] = []
    for block in text.split("\n\n"):
        if block.startswith("data: "):
            data = block[6:]
            events.append(data if data == "[DONE]" else json.loads(data))
    return events


def test_models_and_unknown_paths(http: httpx.Client) -> None:
    listing = http.get("/models").json()
    assert listing["object"] == "list"
    assert [m["id"] for m in listing["data"]] == ["judge-small", "judge-large"]
    missing = http.get("/nothing/here")
    assert missing.status_code == 404 and "error" in missing.json()
    assert http.get("/chat/completions").status_code == 405
    assert http.post("/chat/completions", content=b"not json").status_code == 400


def test_plain_completion_has_the_openai_shape(fake: FakeOpenAI, http: httpx.Client) -> None:
    reply = http.post("/chat/completions", json=CHAT).json()
    assert reply["object"] == "chat.completion" and reply["model"] == "judge-small"
    choice = reply["choices"][0]
    assert choice["message"] == {"role": "assistant", "content": DEFAULT_REPLY}
    assert choice["finish_reason"] == "stop" and DEFAULT_REPLY.endswith("Score: [[7]]")
    usage = reply["usage"]
    assert usage["prompt_tokens"] == 4
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]
    assert fake.requests == [CHAT] and fake.count() == 1


def test_streamed_completion_is_real_sse(http: httpx.Client) -> None:
    body = {**CHAT, "stream": True, "stream_options": {"include_usage": True}}
    with http.stream("POST", "/chat/completions", json=body) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        text = "".join(response.iter_text())
    events = sse_events(text)
    assert events[-1] == "[DONE]"
    chunks = events[:-1]
    assert all(c["object"] == "chat.completion.chunk" for c in chunks)
    pieces = [c["choices"][0]["delta"].get("content", "") for c in chunks if c["choices"]]
    assert len([p for p in pieces if p]) > 1 and "".join(pieces) == DEFAULT_REPLY
    assert chunks[-2]["choices"][0]["finish_reason"] == "stop"
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"]["prompt_tokens"] == 4


def test_reply_function_reasoning_and_tool_calls(fake: FakeOpenAI, http: httpx.Client) -> None:
    call = {"id": "c1", "function": {"name": "grade", "arguments": '{"score": 4}'}}
    fake.set_reply(lambda body: {"content": "", "reasoning": "hm", "tool_calls": [call]})
    message = http.post("/chat/completions", json=CHAT).json()["choices"][0]["message"]
    assert message["reasoning"] == "hm"
    assert message["tool_calls"] == [
        {"id": "c1", "type": "function", **{"function": call["function"]}}
    ]
    with http.stream("POST", "/chat/completions", json={**CHAT, "stream": True}) as response:
        events = sse_events("".join(response.iter_text()))
    arguments = "".join(
        tc["function"]["arguments"]
        for e in events[:-1]
        for tc in e["choices"][0]["delta"].get("tool_calls", [])
    )
    assert arguments == '{"score": 4}'
    assert events[-2]["choices"][0]["finish_reason"] == "tool_calls"  # no usage asked for


def test_keep_alive_reuses_one_connection(fake: FakeOpenAI, http: httpx.Client) -> None:
    for _ in range(5):
        http.post("/chat/completions", json=CHAT)
        http.post("/chat/completions", json={**CHAT, "stream": True})
    assert fake.connections == 1 and fake.count() == 10


def test_api_key_is_required_when_set() -> None:
    with FakeOpenAI(api_key="k-123") as fake, httpx.Client(base_url=fake.base_url) as http:
        denied = http.get("/models", headers={"Authorization": "Bearer nope"})
        assert denied.status_code == 401 and "nope" in denied.text
        assert http.get("/models", headers={"Authorization": "Bearer k-123"}).status_code == 200


def test_counts_by_key_ignore_stream_fields(fake: FakeOpenAI, http: httpx.Client) -> None:
    http.post("/chat/completions", json=CHAT)
    http.post("/chat/completions", json={**CHAT, "stream": True, "stream_options": {}})
    http.post("/chat/completions", json={**CHAT, "temperature": 0})
    counts = fake.counts_by_key()
    assert counts[body_key(CHAT)] == 2 and len(counts) == 2
    assert json.loads(next(iter(counts))) == CHAT
    assert fake.count(lambda body: "temperature" in body) == 1
    assert fake.answered_by_key()[body_key(CHAT)] == 2
    fake.clear()
    assert fake.count() == 0 and not fake.counts_by_key()


def test_scripted_faults(fake: FakeOpenAI, http: httpx.Client) -> None:
    fake.set_faults(FaultPlan(script={1: "500", 2: "429", 3: "malformed", 4: "wrong_shape"}))
    first = http.post("/chat/completions", json=CHAT)
    assert first.status_code == 500 and first.json()["error"]["message"]
    limited = http.post("/chat/completions", json=CHAT)
    assert limited.status_code == 429 and limited.headers["retry-after"] == "0.01"
    with pytest.raises(json.JSONDecodeError):
        http.post("/chat/completions", json=CHAT).json()
    assert "choices" not in http.post("/chat/completions", json=CHAT).json()
    assert "choices" in http.post("/chat/completions", json=CHAT).json()
    # The server counts a reply once it is written, which may be just after we read it.
    deadline = time.monotonic() + 5
    while fake.answered_by_key()[body_key(CHAT)] < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert fake.count() == 5 and fake.answered_by_key()[body_key(CHAT)] == 1


def test_cut_and_drop_break_the_transfer(fake: FakeOpenAI, http: httpx.Client) -> None:
    fake.set_faults(FaultPlan(script={1: "cut", 2: "cut", 3: "drop"}))
    with http.stream("POST", "/chat/completions", json={**CHAT, "stream": True}) as response:
        events = sse_events("".join(response.iter_text()))
    assert "[DONE]" not in events and events
    assert all(e["choices"][0]["finish_reason"] is None for e in events)
    with pytest.raises(httpx.RemoteProtocolError):
        http.post("/chat/completions", json=CHAT)  # truncated body
    with pytest.raises(httpx.RemoteProtocolError):
        http.post("/chat/completions", json=CHAT)  # closed with nothing sent
    assert http.post("/chat/completions", json=CHAT).status_code == 200


def test_malformed_stream_carries_a_chunk_that_is_not_json(
    fake: FakeOpenAI, http: httpx.Client
) -> None:
    fake.set_faults(FaultPlan(script={1: "malformed"}))
    with http.stream("POST", "/chat/completions", json={**CHAT, "stream": True}) as response:
        text = "".join(response.iter_text())
    with pytest.raises(json.JSONDecodeError):
        sse_events(text)


def test_random_faults_are_seeded_and_can_spare_retries() -> None:
    plan = FaultPlan(error_500=0.5, seed=11)

    def statuses(server: FakeOpenAI) -> list[int]:
        with httpx.Client(base_url=server.base_url) as http:
            return [
                http.post("/chat/completions", json={**CHAT, "n": i}).status_code for i in range(20)
            ]

    with FakeOpenAI(faults=plan) as one, FakeOpenAI(faults=plan) as two:
        first, second = statuses(one), statuses(two)
    assert first == second and 500 in first and 200 in first
    spare = FaultPlan(error_500=1.0, only_first_attempt=True)
    with FakeOpenAI(faults=spare) as fake, httpx.Client(base_url=fake.base_url) as http:
        assert http.post("/chat/completions", json=CHAT).status_code == 500
        assert http.post("/chat/completions", json=CHAT).status_code == 200


def test_latency_is_applied_without_blocking_other_requests(fake: FakeOpenAI) -> None:
    fake.set_latency(1.5)  # room for six threads to start on a busy machine
    results: list[int] = []

    def call() -> None:
        with httpx.Client(base_url=fake.base_url) as http:
            results.append(http.post("/chat/completions", json=CHAT).status_code)

    threads = [threading.Thread(target=call) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert results == [200] * 6 and fake.max_in_flight == 6


def test_stop_ends_hangs_and_the_thread() -> None:
    fake = FakeOpenAI(faults=FaultPlan(hang=1.0, hang_seconds=60)).start()
    errors: list[BaseException] = []

    def call() -> None:
        try:
            with httpx.Client(base_url=fake.base_url, timeout=30) as http:
                http.post("/chat/completions", json=CHAT)
        except httpx.HTTPError as exc:
            errors.append(exc)

    caller = threading.Thread(target=call)
    caller.start()
    while fake.count() == 0:
        time.sleep(0.01)
    fake.stop()
    caller.join(10)
    assert not caller.is_alive() and errors
    assert not any(t.name == "fake-openai" for t in threading.enumerate())
    fake.stop()  # a second stop is harmless


def test_runs_standalone_and_prints_its_address() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "tests.support.fake_openai", "--latency", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    ) as server:
        try:
            assert server.stdout is not None
            base_url = server.stdout.readline().strip()
            assert base_url.startswith("http://127.0.0.1:") and base_url.endswith("/v1")
            with httpx.Client(base_url=base_url) as http:
                assert http.post("/chat/completions", json=CHAT).status_code == 200
        finally:
            server.terminate()
            assert server.wait(10) == 0


def test_quirks_props_usage_and_refusing_stream_options() -> None:
    quirks = Quirks(slots=2, usage=False, reject_stream_options=True)
    with FakeOpenAI(quirks=quirks) as fake, httpx.Client(timeout=5, trust_env=False) as http:
        root = fake.base_url.removesuffix("/v1")
        assert http.get(root + "/props").json()["total_slots"] == 2
        assert "usage" not in http.post(fake.base_url + "/chat/completions", json=CHAT).json()
        body = {**CHAT, "stream": True, "stream_options": {"include_usage": True}}
        refused = http.post(fake.base_url + "/chat/completions", json=body)
        assert refused.status_code == 400 and "stream_options" in refused.text
    with FakeOpenAI() as plain, httpx.Client(timeout=5, trust_env=False) as http:
        assert http.get(plain.base_url.removesuffix("/v1") + "/props").status_code == 404


@pytest.mark.asyncio
@pytest.mark.parametrize("cut", ["done", "close"])
async def test_busy_cut_ends_older_streams_when_a_request_arrives(cut: str) -> None:
    body = {**CHAT, "stream": True}
    with FakeOpenAI(latency=0.3, quirks=Quirks(busy_cut=cut)) as fake:
        async with httpx.AsyncClient(base_url=fake.base_url, timeout=5, trust_env=False) as http:

            async def ask() -> str:
                try:
                    async with http.stream("POST", "/chat/completions", json=body) as response:
                        return "".join([text async for text in response.aiter_text()])
                except httpx.HTTPError:
                    return "closed"

            texts = await asyncio.gather(*(ask() for _ in range(3)))

    def content(text: str) -> str:
        chunks = [e for e in sse_events(text) if isinstance(e, dict) and e["choices"]]
        return "".join(e["choices"][0]["delta"].get("content", "") for e in chunks)

    whole = [t for t in texts if t != "closed" and content(t) == DEFAULT_REPLY]
    assert len(whole) == 1 and fake.cut_by_arrival == 2
    for text in texts:
        if text in whole:
            continue
        if cut == "done":
            events = sse_events(text)
            assert events[-1] == "[DONE]" and len(events) == 2  # an empty reply
            assert events[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
        else:
            assert text == "closed"
