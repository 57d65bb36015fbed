"""The OpenAI-compatible client against the fake server: replies, retries, limits."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest

from judgedesk.core.judge import ChatReply, ChatRequest, JudgeCallError, OpenAIClient
from tests.support.fake_openai import DEFAULT_REPLY, FakeOpenAI, FaultPlan

MESSAGES = [
    {"role": "system", "content": "You are a strict judge."},
    {"role": "user", "content": "Rate the answer: Paris is the capital of France."},
]


def request(stream: bool = False, **params: Any) -> ChatRequest:
    return ChatRequest(MESSAGES, "judge-small", params, stream=stream)


def client(fake: FakeOpenAI, **options: Any) -> OpenAIClient:
    settings: dict[str, Any] = {"backoff": 0.01, "max_backoff": 0.05, "timeout": 5.0}
    settings.update(options)
    return OpenAIClient(fake.base_url, **settings)


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [False, True])
async def test_reply_content_usage_and_body(fake: FakeOpenAI, stream: bool) -> None:
    async with client(fake) as judge:
        reply = await judge.chat(request(stream, temperature=0, max_tokens=64))
    assert reply.content == DEFAULT_REPLY and reply.reasoning_content is None
    assert reply.finish_reason == "stop" and reply.model == "judge-small"
    words = len(DEFAULT_REPLY.split())  # the fake counts words as tokens
    assert reply.usage == {
        "prompt_tokens": 14,
        "completion_tokens": words,
        "total_tokens": 14 + words,
    }
    assert reply.attempts == 1 and reply.latency > 0 and reply.tool_calls is None
    sent = fake.requests[0]
    assert sent["temperature"] == 0 and sent["max_tokens"] == 64 and sent["stream"] is stream
    assert sent["messages"] == MESSAGES
    assert ("stream_options" in sent) is stream
    assert judge.stats.replies == 1 and judge.stats.prompt_tokens == 14


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("field", ["reasoning_content", "reasoning"])
async def test_reasoning_is_taken_out_of_the_answer(
    fake: FakeOpenAI, stream: bool, field: str
) -> None:
    fake.set_reply(
        lambda body: {"content": "<think>Check the city.</think>\nScore: [[9]]", field: "Paris."}
    )
    async with client(fake) as judge:
        reply = await judge.chat(request(stream))
    assert reply.content == "Score: [[9]]"
    assert reply.reasoning_content == "Paris.\n\nCheck the city."


@pytest.mark.asyncio
async def test_streamed_tool_calls_are_assembled(fake: FakeOpenAI) -> None:
    calls = [
        {
            "id": "call_a",
            "function": {"name": "record_score", "arguments": '{"score": 8, "why": "ok"}'},
        },
        {"id": "call_b", "function": {"name": "flag", "arguments": '{"reason": "long answer"}'}},
    ]
    fake.set_reply(lambda body: {"content": "", "tool_calls": calls})
    async with client(fake) as judge:
        streamed = await judge.chat(request(stream=True))
        plain = await judge.chat(request(stream=False))
    assert streamed.finish_reason == "tool_calls" and streamed.content == ""
    assert streamed.tool_calls == plain.tool_calls
    assert streamed.tool_calls is not None
    assert [c["function"]["name"] for c in streamed.tool_calls] == ["record_score", "flag"]
    assert [c["id"] for c in streamed.tool_calls] == ["call_a", "call_b"]
    assert json.loads(streamed.tool_calls[0]["function"]["arguments"]) == {"score": 8, "why": "ok"}


FAULTS = [
    ("500", False, "server"),
    ("500", True, "server"),
    ("503", False, "server"),
    ("429", False, "rate_limited"),
    ("429", True, "rate_limited"),
    ("cut", True, "cut_stream"),
    ("cut", False, "connect"),
    ("drop", False, "connect"),
    ("drop", True, "connect"),
    ("malformed", False, "bad_reply"),
    ("malformed", True, "cut_stream"),
    ("wrong_shape", False, "bad_reply"),
    ("wrong_shape", True, "bad_reply"),
    ("hang", False, "timeout"),
    ("hang", True, "timeout"),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("fault", "stream", "kind"), FAULTS)
async def test_each_fault_is_survived_by_a_retry(
    fake: FakeOpenAI, fault: str, stream: bool, kind: str
) -> None:
    fake.set_faults(FaultPlan(script={1: fault}, hang_seconds=10))
    async with client(fake, timeout=0.3) as judge:
        reply = await judge.chat(request(stream))
    assert reply.content == DEFAULT_REPLY and reply.attempts == 2
    assert fake.count() == 2
    assert judge.stats.retries == 1 and dict(judge.stats.attempt_errors) == {kind: 1}
    assert judge.stats.failed_calls == 0 and judge.stats.requests_sent == 2


@pytest.mark.asyncio
async def test_retry_after_is_honoured(fake: FakeOpenAI) -> None:
    fake.set_faults(FaultPlan(script={1: "429"}, retry_after=0.3))
    async with client(fake, backoff=0.001, max_backoff=10) as judge:
        started = time.monotonic()
        reply = await judge.chat(request())
    assert reply.attempts == 2 and time.monotonic() - started >= 0.29


@pytest.mark.asyncio
async def test_retry_after_is_capped_by_max_backoff(fake: FakeOpenAI) -> None:
    fake.set_faults(FaultPlan(script={1: "429"}, retry_after=3600))
    async with client(fake, max_backoff=0.01) as judge:
        reply = await asyncio.wait_for(judge.chat(request()), 20)
    assert reply.attempts == 2


@pytest.mark.asyncio
async def test_random_faults_all_end_in_one_answer_per_request() -> None:
    plan = FaultPlan(
        error_500=0.2, error_429=0.1, cut_stream=0.1, malformed=0.1, only_first_attempt=True, seed=5
    )
    with FakeOpenAI(faults=plan) as fake:
        async with client(fake, concurrency=8) as judge:
            replies = await asyncio.gather(
                *(judge.chat(request(stream=i % 2 == 0, seed=i)) for i in range(40))
            )
        assert all(r.content == DEFAULT_REPLY for r in replies)
        assert fake.count() > 40 and judge.stats.retries == fake.count() - 40
        assert set(fake.answered_by_key().values()) == {1}


@pytest.mark.asyncio
async def test_the_retry_budget_runs_out(fake: FakeOpenAI) -> None:
    fake.set_faults(FaultPlan(script={n: "500" for n in range(1, 10)}))
    async with client(fake, max_retries=2) as judge:
        with pytest.raises(JudgeCallError) as caught:
            await judge.chat(request())
    error = caught.value
    assert (error.kind, error.status, error.attempts, error.retryable) == ("server", 500, 3, True)
    assert "HTTP 500" in str(error) and "Tried 3 times" in str(error)
    assert "check its log" in str(error)
    assert fake.count() == 3
    assert judge.stats.failed_calls == 1 and judge.stats.failures == {"server": 1}


@pytest.mark.asyncio
async def test_a_cut_stream_that_never_recovers(fake: FakeOpenAI) -> None:
    fake.set_faults(FaultPlan(script={n: "cut" for n in range(1, 10)}))
    async with client(fake, max_retries=1) as judge:
        with pytest.raises(JudgeCallError) as caught:
            await judge.chat(request(stream=True))
    assert caught.value.kind == "cut_stream" and caught.value.attempts == 2
    assert "streaming off" in str(caught.value)


@pytest.mark.asyncio
async def test_a_hang_ends_in_a_timeout_error(fake: FakeOpenAI) -> None:
    fake.set_faults(FaultPlan(hang=1.0, hang_seconds=10))
    async with client(fake, timeout=0.2, max_retries=0) as judge:
        with pytest.raises(JudgeCallError) as caught:
            await judge.chat(request())
    assert caught.value.kind == "timeout" and caught.value.attempts == 1
    assert "did not answer within 0.2 seconds" in str(caught.value)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("status", "kind"),
    [("400", "bad_request"), ("422", "bad_request"), ("403", "auth"), ("404", "not_found")],
)
async def test_client_errors_are_not_retried(fake: FakeOpenAI, status: str, kind: str) -> None:
    fake.set_faults(FaultPlan(script={1: status}))
    async with client(fake) as judge:
        with pytest.raises(JudgeCallError) as caught:
            await judge.chat(request())
    assert caught.value.kind == kind and caught.value.status == int(status)
    assert caught.value.attempts == 1 and not caught.value.retryable
    assert fake.count() == 1 and judge.stats.retries == 0
    assert "Fault injected" in str(caught.value)  # the server's own words are kept


@pytest.mark.asyncio
async def test_a_wrong_key_is_not_retried_and_never_shown(
    caplog: pytest.LogCaptureFixture,
) -> None:
    secret = "sk-test-5e1f0c9a7b3d"
    caplog.set_level(logging.DEBUG)
    with FakeOpenAI(api_key="the-right-one") as fake:
        judge = client(fake, api_key=secret)
        async with judge:
            with pytest.raises(JudgeCallError) as caught:
                await judge.chat(request())
        assert fake.count() == 1
    error = caught.value
    assert error.kind == "auth" and error.status == 401 and error.attempts == 1
    assert "wrong" in str(error) and "***" in str(error)  # the server echoed it; we hid it
    for text in (str(error), repr(error), repr(judge), caplog.text, str(error.__cause__)):
        assert secret not in text
    assert "api_key=set" in repr(judge)


@pytest.mark.asyncio
async def test_a_missing_v1_gives_not_found_with_advice(fake: FakeOpenAI) -> None:
    base = fake.base_url.removesuffix("/v1")
    async with OpenAIClient(base, backoff=0.01) as judge:
        with pytest.raises(JudgeCallError) as caught:
            await judge.chat(request())
    assert caught.value.kind == "not_found" and caught.value.attempts == 1
    assert "/v1" in str(caught.value) and "model name" in str(caught.value)


@pytest.mark.asyncio
async def test_concurrency_is_limited(fake: FakeOpenAI) -> None:
    fake.set_latency(0.2)
    async with client(fake, concurrency=3) as judge:
        replies = await asyncio.gather(*(judge.chat(request(seed=i)) for i in range(9)))
    assert len(replies) == 9 and fake.max_in_flight == 3
    assert fake.connections <= 4


@pytest.mark.asyncio
async def test_rate_limit_spaces_requests(fake: FakeOpenAI) -> None:
    async with client(fake, concurrency=8, rate_limit=1200) as judge:  # one per 0.05 s
        started = time.monotonic()
        tasks = [asyncio.ensure_future(judge.chat(request(seed=i))) for i in range(5)]
        await asyncio.sleep(0)
        early = fake.count()
        await asyncio.gather(*tasks)
        elapsed = time.monotonic() - started
    assert early <= 1 and fake.count() == 5
    assert elapsed >= 0.19  # four gaps of 0.05 s, whatever the machine's speed


def test_cache_key_is_stable_and_ignores_streaming() -> None:
    base = "http://127.0.0.1:11434/v1"
    plain = ChatRequest(MESSAGES, "m", {"temperature": 0, "top_p": 1})
    key = plain.cache_key(base)
    assert len(key) == 64 and key == plain.cache_key(base + "/")
    assert key == ChatRequest(tuple(MESSAGES), "m", {"top_p": 1, "temperature": 0}).cache_key(base)
    assert key == ChatRequest(MESSAGES, "m", {"temperature": 0, "top_p": 1}, True).cache_key(base)
    canonical = json.dumps(
        {"base_url": base, "body": {**plain.body(), "stream": None}},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    ).replace(',"stream":null', "")
    assert key == hashlib.sha256(canonical.encode()).hexdigest()
    for other in (
        ChatRequest(MESSAGES, "m", {"temperature": 0.1, "top_p": 1}),
        ChatRequest(MESSAGES, "other", {"temperature": 0, "top_p": 1}),
        ChatRequest(MESSAGES[1:], "m", {"temperature": 0, "top_p": 1}),
    ):
        assert other.cache_key(base) != key
    assert plain.cache_key("http://127.0.0.1:8000/v1") != key


def test_body_keeps_params_from_replacing_the_essentials() -> None:
    body = ChatRequest(MESSAGES, "m", {"model": "x", "stream": True, "seed": 1}).body()
    assert body["model"] == "m" and body["stream"] is False and body["seed"] == 1
    streamed = ChatRequest(MESSAGES, "m", {}, stream=True).body()
    assert streamed["stream_options"] == {"include_usage": True}


def test_reply_round_trips_through_a_dict() -> None:
    reply = ChatReply(
        content="Score: [[3]]",
        reasoning_content="because",
        tool_calls=[{"id": "c", "type": "function", "function": {"name": "f", "arguments": ""}}],
        finish_reason="stop",
        model="m",
        usage={"prompt_tokens": 2, "completion_tokens": 3, "total_tokens": 5},
        latency=0.25,
        attempts=2,
    )
    data = json.loads(json.dumps(reply.to_dict()))
    assert ChatReply.from_dict(data) == reply
    assert ChatReply.from_dict({"content": "x"}) == ChatReply(content="x")


@pytest.mark.asyncio
async def test_pause_holds_queued_calls_until_resume(fake: FakeOpenAI) -> None:
    fake.set_latency(0.1)
    async with client(fake, concurrency=2) as judge:
        tasks = [asyncio.ensure_future(judge.chat(request(seed=i))) for i in range(6)]
        while fake.count() < 2:
            await asyncio.sleep(0.01)
        judge.pause()
        assert judge.paused
        await asyncio.wait(tasks[:2])
        await asyncio.sleep(0.15)  # time enough for a queued call to be sent if it could
        assert fake.count() == 2 and not any(t.done() for t in tasks[2:])
        judge.resume()
        replies = await asyncio.gather(*tasks)
    assert len(replies) == 6 and fake.count() == 6
