"""Setting a judge up: listing models ("Test connection"), keys, presets, the pieces."""

from __future__ import annotations

import json
import random
import socket
from collections.abc import Iterator
from email.utils import formatdate

import httpx
import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import (
    PRESETS,
    ChatRequest,
    JudgeCallError,
    OpenAIClient,
    preset_for_url,
    resolve_api_key,
    store_api_key,
)
from judgedesk.core.judge.advice import describe
from judgedesk.core.judge.replies import SSEDecoder, StreamAssembler
from judgedesk.core.judge.retry import RateLimiter, backoff_delay, parse_retry_after
from tests.support.fake_openai import FakeOpenAI, FaultPlan


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(models=["qwen2.5:7b", "llama3.1:8b"]) as server:
        yield server


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def listing_error(base_url: str, **options: object) -> JudgeCallError:
    async with OpenAIClient(base_url, backoff=0.01, **options) as judge:  # type: ignore[arg-type]
        with pytest.raises(JudgeCallError) as caught:
            await judge.list_models(timeout=options.get("timeout"))  # type: ignore[arg-type]
    return caught.value


# --- list_models ------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_list_models(fake: FakeOpenAI) -> None:
    async with OpenAIClient(fake.base_url + "/") as judge:
        listing = await judge.list_models()
    assert listing.models == ["qwen2.5:7b", "llama3.1:8b"] and listing.latency > 0


@pytest.mark.asyncio
async def test_nothing_listening() -> None:
    base = f"http://127.0.0.1:{closed_port()}/v1"
    error = await listing_error(base)
    assert error.kind == "connect" and error.attempts == 1 and error.status is None
    assert str(error).startswith(f"Nothing answered at {base}. Is the server running?")


def test_nothing_listening_names_the_local_server_to_start() -> None:
    message = describe("connect", "http://127.0.0.1:11434/v1", reason="refused")
    assert "(Ollama: run `ollama serve`)" in message
    assert "LM Studio" in describe("connect", "http://localhost:1234/v1", reason="refused")


@pytest.mark.asyncio
async def test_missing_v1(fake: FakeOpenAI) -> None:
    base = fake.base_url.removesuffix("/v1")
    error = await listing_error(base)
    assert error.kind == "not_found" and error.status == 404
    assert "probably missing /v1" in str(error) and f"try {base}/v1" in str(error)


@pytest.mark.asyncio
async def test_key_missing_or_wrong() -> None:
    with FakeOpenAI(api_key="right") as fake:
        missing = await listing_error(fake.base_url)
        wrong = await listing_error(fake.base_url, api_key="wrong-key-1234")
    assert missing.kind == wrong.kind == "auth" and missing.status == 401
    assert "No API key was sent" in str(missing)
    assert "wrong" in str(wrong) and "wrong-key-1234" not in str(wrong)


@pytest.mark.asyncio
@pytest.mark.parametrize("fault", ["wrong_shape", "malformed"])
async def test_not_an_openai_server(fake: FakeOpenAI, fault: str) -> None:
    fake.set_faults(FaultPlan(script={1: fault}))
    error = await listing_error(fake.base_url)
    assert error.kind == "bad_reply" and error.attempts == 1 and fake.connections >= 1
    assert "does not look like an OpenAI-compatible server" in str(error)


@pytest.mark.asyncio
async def test_listing_timeout_is_not_retried(fake: FakeOpenAI) -> None:
    fake.set_faults(FaultPlan(hang=1.0, hang_seconds=10))
    error = await listing_error(fake.base_url, timeout=0.2)
    assert error.kind == "timeout" and error.attempts == 1
    assert "did not answer within 0.2 seconds" in str(error)


@pytest.mark.asyncio
async def test_listing_retries_a_server_error_once(fake: FakeOpenAI) -> None:
    fake.set_faults(FaultPlan(script={1: "500"}))
    async with OpenAIClient(fake.base_url, backoff=0.01) as judge:
        assert (await judge.list_models()).models
    fake.set_faults(FaultPlan(script={1: "503", 2: "503", 3: "503"}))
    error = await listing_error(fake.base_url)
    assert error.kind == "server" and error.attempts == 2 and error.status == 503


@pytest.mark.asyncio
async def test_unknown_host() -> None:
    error = await listing_error("http://judge.invalid/v1", connect_timeout=5.0)
    assert error.kind == "dns" and "could not be found" in str(error)


@pytest.mark.asyncio
async def test_https_to_a_plain_http_server(fake: FakeOpenAI) -> None:
    error = await listing_error(fake.base_url.replace("http://", "https://"))
    assert error.kind == "tls" and "http://" in str(error)


def test_a_base_url_without_scheme_is_refused() -> None:
    with pytest.raises(JudgeCallError, match="must start with http"):
        OpenAIClient("127.0.0.1:11434/v1")


@pytest.mark.asyncio
async def test_a_broken_ssl_cert_file(fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", "/nowhere/cacert.pem")
    async with OpenAIClient(fake.base_url) as local:
        assert (await local.list_models()).models
    async with OpenAIClient("http://judge.example/v1"):
        pass  # plain http still works, with a warning in the log
    with pytest.raises(JudgeDeskError, match="SSL_CERT_FILE"):
        OpenAIClient("https://api.example.com/v1")


@pytest.mark.asyncio
async def test_a_custom_transport_is_used() -> None:
    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"object": "list", "data": [{"id": "mock"}]})

    transport = httpx.MockTransport(answer)
    async with OpenAIClient("https://api.example.com/v1", transport=transport) as judge:
        assert (await judge.list_models()).models == ["mock"]


@pytest.mark.asyncio
@pytest.mark.parametrize("use_aiohttp", [True, False])
async def test_both_transports_answer_and_classify_a_cut_stream(
    fake: FakeOpenAI, use_aiohttp: bool
) -> None:
    # httpx's own transport is the one used behind a proxy.
    transport = None if use_aiohttp else httpx.AsyncHTTPTransport(trust_env=False)
    fake.set_faults(FaultPlan(script={1: "cut"}))
    async with OpenAIClient(
        fake.base_url, concurrency=16, backoff=0.01, transport=transport
    ) as judge:
        request = ChatRequest(messages=[{"role": "user", "content": "hi"}], model="m", stream=True)
        reply = await judge.chat(request)
        assert (await judge.list_models()).models
    assert reply.attempts == 2 and dict(judge.stats.attempt_errors) == {"cut_stream": 1}


# --- keys ---------------------------------------------------------------------------------


class MemoryKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.saved: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.saved.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.saved[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        del self.saved[(service, username)]


@pytest.fixture
def no_keyring(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(previous)


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


def test_env_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    assert resolve_api_key("") is None and resolve_api_key("  ") is None
    monkeypatch.setenv("JUDGE_KEY_FOR_TEST", "sk-env-value")
    assert resolve_api_key("env:JUDGE_KEY_FOR_TEST") == "sk-env-value"
    monkeypatch.delenv("JUDGE_KEY_FOR_TEST")
    with pytest.raises(JudgeDeskError) as caught:
        resolve_api_key("env:JUDGE_KEY_FOR_TEST")
    assert "environment variable JUDGE_KEY_FOR_TEST is not set" in str(caught.value)
    assert "before starting JudgeDesk" in str(caught.value)


def test_a_pasted_key_is_refused_without_repeating_it() -> None:
    for reference in ("sk-pasted-secret-9d8c", "env:sk-pasted-secret-9d8c"):
        with pytest.raises(JudgeDeskError) as caught:
            resolve_api_key(reference)
        assert "sk-pasted-secret-9d8c" not in str(caught.value)
        assert "env:" in str(caught.value)


def test_no_keyring(no_keyring: None) -> None:
    with pytest.raises(JudgeDeskError) as caught:
        resolve_api_key("keyring:judgedesk/my-judge")
    assert "No system keyring is available" in str(caught.value)
    assert "env:OPENAI_API_KEY" in str(caught.value)
    with pytest.raises(JudgeDeskError, match="No system keyring") as stored:
        store_api_key("judgedesk", "my-judge", "sk-never-shown-42")
    assert "sk-never-shown-42" not in str(stored.value)


def test_keyring_round_trip(memory_keyring: MemoryKeyring) -> None:
    reference = store_api_key("judgedesk", "my-judge", " sk-kept-in-keyring ")
    assert reference == "keyring:judgedesk/my-judge"
    assert memory_keyring.saved == {("judgedesk", "my-judge"): "sk-kept-in-keyring"}
    assert resolve_api_key(reference) == "sk-kept-in-keyring"
    with pytest.raises(JudgeDeskError, match="No API key is saved") as caught:
        resolve_api_key("keyring:judgedesk/other-judge")
    assert "env:" in str(caught.value)
    with pytest.raises(JudgeDeskError, match="keyring:service/user"):
        resolve_api_key("keyring:only-a-service")
    with pytest.raises(JudgeDeskError, match="no spaces or slashes"):
        store_api_key("judge desk", "x", "secret")


# --- presets --------------------------------------------------------------------------------


def test_presets() -> None:
    expected = {
        "ollama": "http://127.0.0.1:11434/v1",
        "lmstudio": "http://127.0.0.1:1234/v1",
        "vllm": "http://127.0.0.1:8000/v1",
        "llamacpp": "http://127.0.0.1:8080/v1",
        "openai_compatible": "https://api.openai.com/v1",
    }
    assert {key: preset.base_url for key, preset in PRESETS.items()} == expected
    assert [p.id for p in PRESETS.values() if p.needs_key] == ["openai_compatible"]
    assert all(p.hint and p.title for p in PRESETS.values())
    found = preset_for_url("http://localhost:11434/v1/")
    assert found is not None and found.id == "ollama"
    assert preset_for_url("http://10.0.0.5:9999/v1") is None


# --- pieces ---------------------------------------------------------------------------------


def test_retry_after_parsing() -> None:
    assert parse_retry_after(None) is None and parse_retry_after("soon") is None
    assert parse_retry_after("2") == 2.0 and parse_retry_after(" 0.5 ") == 0.5
    assert parse_retry_after("-3") == 0.0
    now = 1_700_000_000.0
    assert parse_retry_after(formatdate(now + 10, usegmt=True), now=now) == pytest.approx(10)
    assert parse_retry_after(formatdate(now - 10, usegmt=True), now=now) == 0.0


def test_backoff_has_full_jitter_and_caps() -> None:
    rng = random.Random(1)
    waits = [backoff_delay(3, backoff=1.0, max_backoff=60, rng=rng) for _ in range(200)]
    assert all(0 <= w <= 4.0 for w in waits) and max(waits) > 3 and min(waits) < 1
    assert all(backoff_delay(30, backoff=1.0, max_backoff=5, rng=rng) <= 5 for _ in range(50))
    assert backoff_delay(1, backoff=1, max_backoff=5, retry_after=2) == 2
    assert backoff_delay(1, backoff=1, max_backoff=5, retry_after=600) == 5


@pytest.mark.asyncio
async def test_rate_limiter_spaces_callers() -> None:
    now = [100.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    limiter = RateLimiter(60, clock=lambda: now[0], sleep=sleep)
    for _ in range(4):
        await limiter.acquire()
    assert slept == [1.0, 2.0, 3.0]
    now[0] = 200.0  # long idle: no burst is saved up, the next caller just goes
    await limiter.acquire()
    await limiter.acquire()
    assert slept == [1.0, 2.0, 3.0, 1.0]
    unlimited = RateLimiter(0, sleep=sleep)
    await unlimited.acquire()
    assert len(slept) == 4


def test_sse_decoder_handles_any_split() -> None:
    stream = (
        b': keep-alive\r\n\r\ndata: {"choices":[{"delta":{"content":"Sc"}}]}\r\n\r\n'
        b'event: message\ndata:{"choices":[{"delta":{"content":"ore: [[4]]"},'
        b'"finish_reason":"stop"}]}\n\ndata: [DONE]'
    )
    for size in (1, 3, 7, len(stream)):
        decoder, assembler = SSEDecoder(), StreamAssembler()
        for start in range(0, len(stream), size):
            for data in decoder.feed(stream[start : start + size]):
                assembler.feed(data)
        for data in decoder.close():
            assembler.feed(data)
        assert assembler.done and assembler.complete
        assert assembler.reply().content == "Score: [[4]]"


def test_stream_assembler_tool_calls_without_index() -> None:
    assembler = StreamAssembler()
    for delta in (
        {"tool_calls": [{"id": "a", "function": {"name": "get_", "arguments": "{"}}]},
        {"tool_calls": [{"function": {"name": "score", "arguments": "}"}}]},
        {"tool_calls": [{"id": "b", "function": {"name": "flag", "arguments": "[]"}}]},
    ):
        assembler.feed(f'{{"choices":[{{"delta":{json.dumps(delta)}}}]}}'.encode())
    calls = assembler.reply().tool_calls
    assert calls is not None
    assert [(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in calls] == [
        ("a", "get_score", "{}"),
        ("b", "flag", "[]"),
    ]
    assert not assembler.complete  # no finish reason, no [DONE]: a cut stream


@pytest.mark.asyncio
async def test_a_server_that_ignores_stream_is_still_understood() -> None:
    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200,
            json={"choices": [{"message": {"content": "Score: [[5]]"}, "finish_reason": "stop"}]},
        )

    async with OpenAIClient("http://judge.test/v1", transport=httpx.MockTransport(answer)) as judge:
        reply = await judge.chat(ChatRequest([{"role": "user", "content": "q"}], "m", {}, True))
    assert reply.content == "Score: [[5]]" and reply.usage_estimated
    assert reply.usage == {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8}


@pytest.mark.asyncio
async def test_an_error_inside_a_stream_is_retried() -> None:
    calls = []

    def answer(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        if len(calls) == 1:
            body = b'data: {"error": {"message": "out of memory"}}\n\n'
        else:
            body = b'data: {"choices":[{"delta":{"content":"ok"},"finish_reason":"stop"}]}\n\n'
        return httpx.Response(200, content=body, headers={"content-type": "text/event-stream"})

    transport = httpx.MockTransport(answer)
    async with OpenAIClient("http://judge.test/v1", transport=transport, backoff=0.01) as judge:
        reply = await judge.chat(ChatRequest([{"role": "user", "content": "q"}], "m", {}, True))
    assert reply.content == "ok" and reply.attempts == 2
    assert judge.stats.attempt_errors == {"server": 1}
