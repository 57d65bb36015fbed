"""Judges adapt to servers that serve fewer requests at once than they are sent."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from judgedesk.core.judge import ChatRequest, JudgeCallError, OpenAIClient
from judgedesk.core.judge.adaptive import FIRST_RAISE_AFTER, AdaptiveLimit
from judgedesk.core.judge.check import check_connection
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI, Quirks

MESSAGES = [{"role": "user", "content": "Rate the answer: Paris is the capital of France."}]


def request(number: int = 0, stream: bool = True) -> ChatRequest:
    return ChatRequest(MESSAGES, "judge-small", {"seed": number}, stream=stream)


def client(fake: FakeOpenAI, **options: Any) -> OpenAIClient:
    settings: dict[str, Any] = {"backoff": 0.01, "max_backoff": 0.05, "timeout": 5.0}
    settings.update(options)
    return OpenAIClient(fake.base_url, **settings)


# --- the limit itself -------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_limit_halves_under_load_and_creeps_back_up() -> None:
    limit = AdaptiveLimit(4)
    slots = [await limit.acquire() for _ in range(4)]
    assert limit.active == 4 and all(limit.overlapped(s) for s in slots)
    # One failure may be chance; the second among few attempts lowers the limit.
    assert limit.failed(slots[0]) is False and limit.limit == 4
    assert limit.failed(slots[1]) is True and limit.limit == 2
    assert "concurrency lowered to 2" in limit.note
    # The others were sent under the higher limit: counted against the load, once.
    assert limit.failed(slots[2]) is True and limit.limit == 2
    for _ in slots:
        limit.release()
    pair = [await limit.acquire(), await limit.acquire()]
    limit.failed(pair[0])
    limit.failed(pair[1])
    assert limit.limit == limit.lowest == 1
    assert limit.note == "The server serves 1 request at a time; concurrency lowered to 1."
    for _ in pair:
        limit.release()
    for _ in range(FIRST_RAISE_AFTER):
        slot = await limit.acquire()
        limit.release()
        limit.succeeded(slot)
    assert limit.limit == 2 and limit.lowest == 1 and limit.ceiling == 4


@pytest.mark.asyncio
async def test_waiters_go_when_a_place_frees_and_a_lone_request_never_lowers_it() -> None:
    limit = AdaptiveLimit(1)
    first = await limit.acquire()
    waiting = asyncio.ensure_future(limit.acquire())
    await asyncio.sleep(0)
    assert not waiting.done()
    limit.release()
    second = await asyncio.wait_for(waiting, 5)
    assert not limit.overlapped(first) or second.started > first.started
    assert limit.failed(second) is False and limit.limit == 1
    limit.cap(0)
    assert limit.limit == 1


@pytest.mark.asyncio
async def test_each_freed_place_wakes_one_waiter_in_turn() -> None:
    limit = AdaptiveLimit(1)
    await limit.acquire()
    woken: list[int] = []

    async def wait(number: int) -> None:
        await limit.acquire()
        woken.append(number)
        await asyncio.sleep(0)
        assert limit.active == 1  # the others still wait: none was woken for nothing
        limit.release()

    tasks = [asyncio.ensure_future(wait(i)) for i in range(5)]
    await asyncio.sleep(0)
    limit.release()
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert woken == [0, 1, 2, 3, 4] and limit.active == 0


@pytest.mark.asyncio
async def test_a_waiter_cancelled_once_handed_a_place_passes_it_on() -> None:
    limit = AdaptiveLimit(1)
    await limit.acquire()
    first = asyncio.ensure_future(limit.acquire())
    second = asyncio.ensure_future(limit.acquire())
    await asyncio.sleep(0)
    limit.release()
    await asyncio.sleep(0)  # the place is handed to the first waiter, not yet resumed
    assert limit.active == 1 and not first.done()
    first.cancel()
    await asyncio.wait_for(second, 5)
    assert first.cancelled() and limit.active == 1


# --- against a server that cuts streams when another request arrives --------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("cut", ["done", "close"])
async def test_cut_streams_lower_the_concurrency_until_every_call_passes(cut: str) -> None:
    with FakeOpenAI(latency=0.1, quirks=Quirks(busy_cut=cut)) as fake:
        async with client(fake, concurrency=4) as judge:
            replies = await asyncio.gather(*(judge.chat(request(n)) for n in range(8)))
    assert all(reply.content for reply in replies)
    assert fake.cut_by_arrival >= 2  # the server did cut streams
    stats = judge.stats
    assert stats.concurrency_lowest == 1 and stats.concurrency_configured == 4
    assert stats.concurrency_note == (
        "The server serves 1 request at a time; concurrency lowered to 1."
    )
    assert stats.failed_calls == 0 and stats.attempt_errors["cut_stream"] >= 2


@pytest.mark.asyncio
async def test_an_empty_stream_ended_by_done_is_a_cut_stream() -> None:
    def answer(request: httpx.Request) -> httpx.Response:
        body = (
            b'data: {"choices":[{"delta":{"role":"assistant","content":""}}]}\n\ndata: [DONE]\n\n'
        )
        return httpx.Response(200, content=body, headers={"content-type": "text/event-stream"})

    transport = httpx.MockTransport(answer)
    async with OpenAIClient(
        "http://judge.test/v1", transport=transport, backoff=0.01, max_retries=1
    ) as judge:
        with pytest.raises(JudgeCallError) as caught:
            await judge.chat(request())
    assert caught.value.kind == "cut_stream" and caught.value.attempts == 2
    assert "no answer" in str(caught.value)
    assert judge.stats.concurrency == 4  # alone, a cut says nothing about the load


def test_a_streamed_run_at_concurrency_4_completes_every_row(tmp_path: Path) -> None:
    rows = 8
    quirks = Quirks(busy_cut="done", usage=False)
    with FakeOpenAI(reply=score_from_question, latency=0.1, quirks=quirks) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=rows, stream=True)
        figures = run(project).to_dict()
    assert figures["error"] == 0 and figures["ok"] + figures["unparsed"] == rows
    assert fake.cut_by_arrival >= 2
    assert figures["notes"] == [
        "judge: The server serves 1 request at a time; concurrency lowered to 1."
    ]
    assert figures["concurrency"].get("judge", 1) < 4
    # The server sent no token counts: they are estimated, not zero.
    assert figures["tokens_estimated"] is True
    assert figures["prompt_tokens"] > 0 and figures["completion_tokens"] > 0


# --- token counts ------------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [True, False])
async def test_usage_is_read_when_sent_and_estimated_when_not(stream: bool) -> None:
    with FakeOpenAI() as fake:
        async with client(fake) as judge:
            given = await judge.chat(request(stream=stream))
        fake.quirks.usage = False
        async with client(fake) as estimating:
            estimated = await estimating.chat(request(stream=stream))
    assert not given.usage_estimated and given.usage["prompt_tokens"] == 9  # a word a token
    assert judge.stats.estimated_replies == 0
    assert estimated.usage_estimated and estimating.stats.estimated_replies == 1
    usage = estimated.usage
    assert usage["prompt_tokens"] > 9 and usage["completion_tokens"] > 0
    assert usage["total_tokens"] == usage["prompt_tokens"] + usage["completion_tokens"]
    assert estimating.stats.prompt_tokens == usage["prompt_tokens"]
    assert estimated.to_dict()["usage_estimated"] is True
    assert "usage_estimated" not in given.to_dict()


@pytest.mark.asyncio
async def test_a_server_refusing_stream_options_is_asked_again_without_them() -> None:
    with FakeOpenAI(quirks=Quirks(reject_stream_options=True)) as fake:
        async with client(fake, max_retries=0) as judge:
            first = await judge.chat(request(1))
            second = await judge.chat(request(2))
    assert first.content and second.content and first.attempts == 2
    sent = ["stream_options" in body for body in fake.requests]
    assert sent == [True, False, False]  # refused once, then remembered
    assert first.usage_estimated and second.usage_estimated
    assert judge.stats.failed_calls == 0


# --- what the server says in advance -----------------------------------------------------


@pytest.mark.asyncio
async def test_test_connection_reports_the_servers_slots() -> None:
    with FakeOpenAI(quirks=Quirks(slots=2)) as fake:
        found = await check_connection(fake.base_url)
    assert found.ok and found.slots == 2
    with FakeOpenAI() as plain:
        found = await check_connection(plain.base_url)
    assert found.ok and found.slots is None


def test_a_run_starts_at_the_servers_slots(tmp_path: Path) -> None:
    quirks = Quirks(slots=1, busy_cut="done")
    with FakeOpenAI(reply=score_from_question, latency=0.02, quirks=quirks) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=6, stream=True)
        figures = run(project).to_dict()
    assert figures["error"] == 0 and fake.cut_by_arrival == 0 and fake.max_in_flight == 1
    assert figures["concurrency"] == {"judge": 1}
    assert figures["notes"] == [
        "judge: The server says it serves 1 request at a time; concurrency set to 1."
    ]
    assert figures["tokens_estimated"] is False
