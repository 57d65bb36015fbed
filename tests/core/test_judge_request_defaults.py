"""Judge requests as seed 000 makes them: streamed, with ``separate_reasoning``, by default."""

from __future__ import annotations

import hashlib
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge import ChatRequest, OpenAIClient
from judgedesk.core.judge.request import render_prompt
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import load_project
from judgedesk.core.run.store import Store
from judgedesk.resources import resource_path
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI, Quirks

MESSAGES = [{"role": "user", "content": "Rate the answer: 12 + 12 = 24. Score: [[n]]"}]

# A postprocess script in seed 000's signature that reports what its requests carried.
POSTPROCESS = """
def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
    req = kwargs["judge_req"]
    assert req == judge_reqs[-1]
    return f"stream={req['stream']} separate_reasoning={req['separate_reasoning']}"
"""


def test_new_judges_stream_and_ask_for_separate_reasoning() -> None:
    judge = JudgeSettings()
    assert judge.stream is True and judge.separate_reasoning is True


def test_a_run_sends_both_fields_and_postprocess_sees_them(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=3)
        (project.root / "scripts").mkdir()
        project.script_path("postprocess").write_text(POSTPROCESS, encoding="utf-8")
        figures = run(load_project(project.root)).to_dict()
    assert figures["ok"] == 3 and figures["error"] == 0
    assert len(fake.requests) == 3
    for body in fake.requests:
        assert body["stream"] is True and body["separate_reasoning"] is True
        assert body["stream_options"] == {"include_usage": True}
    with Store(project.store_path) as store:
        values = {result.value for result in store.latest_results().values()}
        stored = store.get_call(store.latest_results()[0].detail["judges"][0]["key"])
    assert values == {"stream=True separate_reasoning=True"}
    assert stored is not None and stored.request["separate_reasoning"] is True


def test_turning_the_setting_off_sends_false_and_params_win() -> None:
    off = ChatRequest(MESSAGES, "m", {}, separate_reasoning=False).body()
    assert off["separate_reasoning"] is False
    assert "separate_reasoning" not in ChatRequest(MESSAGES, "m", {}).body()
    written = ChatRequest(MESSAGES, "m", {"separate_reasoning": False}, separate_reasoning=True)
    assert written.body()["separate_reasoning"] is False


def _old_cache_key(base_url: str, body: dict[str, Any]) -> str:
    """The cache key as JudgeDesk computed it before requests carried the new fields."""
    text = json.dumps(
        {"base_url": base_url, "body": body},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_the_setting_leaves_cache_keys_as_they_were() -> None:
    base = "http://127.0.0.1:8000/v1"
    old = _old_cache_key(base, {"model": "m", "messages": MESSAGES, "temperature": 0})
    for stream in (False, True):
        for separate in (None, True, False):
            request = ChatRequest(MESSAGES, "m", {"temperature": 0}, stream, separate)
            assert request.cache_key(base + "/") == old
    # Written as a generation parameter it is part of what is asked, as it always was.
    asked = {"model": "m", "messages": MESSAGES, "separate_reasoning": False}
    written = ChatRequest(MESSAGES, "m", {"separate_reasoning": False}, True, True)
    assert written.cache_key(base) == _old_cache_key(base, asked)


def test_an_old_projects_stored_replies_are_still_used(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=3, concurrency=1)
        # The project as an older JudgeDesk saved it: plain replies, no new field.
        settings = project.settings_path
        lines = settings.read_text(encoding="utf-8").splitlines()
        kept = [line for line in lines if not line.startswith("separate_reasoning")]
        settings.write_text(
            "\n".join(line.replace("stream = true", "stream = false") for line in kept) + "\n",
            encoding="utf-8",
        )
        project = load_project(project.root)
        judge = project.judges[0]
        assert judge.stream is False and judge.separate_reasoning is True
        # …and its results file, filled by that version with the body it sent then.
        with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
            for index in range(3):
                row = dataset.row(index)
                prompt = render_prompt(project, judge, row.data, row.response)
                body = {"model": "judge-small", "messages": prompt.messages()}
                store.put_call(
                    _old_cache_key(fake.base_url, body),
                    judge="judge",
                    model="judge-small",
                    request={**body, "stream": False},
                    reply={"content": f"Fine. Score: [[{index + 4}]]"},
                    latency=0.1,
                    attempts=1,
                )
        figures = run(project).to_dict()
        # Switched to streaming, the same replies are found; nothing is asked again.
        project.judges[0].stream = True
        again = run(project).to_dict()
    assert fake.requests == []
    assert figures["ok"] == 3 and figures["calls"] == 0
    assert again["ok"] == 3 and again["calls"] == 0
    with Store(project.store_path) as store:
        assert sorted(r.value for r in store.latest_results().values()) == [4, 5, 6]


def test_a_project_file_without_the_new_keys_gets_the_new_defaults(tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1)
    table = tomllib.loads(project.settings_path.read_text(encoding="utf-8"))
    assert table["judges"][0]["stream"] is True
    assert table["judges"][0]["separate_reasoning"] is True
    text = project.settings_path.read_text(encoding="utf-8")
    cut = "\n".join(
        line for line in text.splitlines() if not line.startswith(("stream", "separate_reasoning"))
    )
    project.settings_path.write_text(cut + "\n", encoding="utf-8")
    judge = load_project(project.root).judges[0]
    assert judge.stream is True and judge.separate_reasoning is True


def test_the_sample_project_streams_and_separates_reasoning() -> None:
    table = tomllib.loads((resource_path("sample") / "judgedesk.toml").read_text(encoding="utf-8"))
    model_judges = [j for j in table["judges"] if j.get("kind") == "openai"]
    assert model_judges and all(j["stream"] and j["separate_reasoning"] for j in model_judges)


# --- servers that refuse the field --------------------------------------------------------


def _client(fake: FakeOpenAI) -> OpenAIClient:
    return OpenAIClient(fake.base_url, backoff=0.01, max_backoff=0.05, timeout=5.0, max_retries=0)


@pytest.mark.asyncio
@pytest.mark.parametrize("stream", [True, False])
async def test_a_server_refusing_separate_reasoning_is_asked_again_without_it(
    stream: bool,
) -> None:
    with FakeOpenAI(quirks=Quirks(reject_separate_reasoning=True)) as fake:
        async with _client(fake) as judge:
            first = await judge.chat(
                ChatRequest(MESSAGES, "judge-small", {"seed": 1}, stream, True)
            )
            second = await judge.chat(
                ChatRequest(MESSAGES, "judge-small", {"seed": 2}, stream, True)
            )
    assert first.content and second.content
    assert (first.attempts, second.attempts) == (2, 1)
    assert ["separate_reasoning" in body for body in fake.requests] == [True, False, False]
    assert judge.stats.failed_calls == 0 and judge.stats.attempt_errors["bad_request"] == 1


@pytest.mark.asyncio
async def test_a_server_refusing_both_optional_fields_still_answers() -> None:
    quirks = Quirks(reject_stream_options=True, reject_separate_reasoning=True)
    with FakeOpenAI(quirks=quirks) as fake:
        async with _client(fake) as judge:
            reply = await judge.chat(ChatRequest(MESSAGES, "judge-small", {}, True, True))
    assert reply.content and reply.attempts == 3
    last = fake.requests[-1]
    assert last["stream"] is True
    assert "stream_options" not in last and "separate_reasoning" not in last


@pytest.mark.asyncio
async def test_a_refusal_for_another_reason_is_not_retried() -> None:
    # The field was never sent: a 400 naming it is the server's own problem.
    with FakeOpenAI(quirks=Quirks(reject_separate_reasoning=True)) as fake:
        async with _client(fake) as judge:
            reply = await judge.chat(ChatRequest(MESSAGES, "judge-small", {}, True))
    assert reply.attempts == 1 and len(fake.requests) == 1


def test_a_run_against_a_server_refusing_the_field_judges_every_row(tmp_path: Path) -> None:
    quirks = Quirks(reject_separate_reasoning=True)
    with FakeOpenAI(reply=score_from_question, quirks=quirks) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=5, concurrency=1)
        figures = run(project).to_dict()
    assert figures["error"] == 0 and figures["ok"] + figures["unparsed"] == 5
    # Refused once for each request already on its way, then never sent again.
    sent = ["separate_reasoning" in body for body in fake.requests]
    refused = sum(sent)
    assert 1 <= refused <= 2 and len(sent) == 5 + refused
    assert sent == [True] * refused + [False] * 5


def test_a_one_stream_server_judges_every_row_with_the_defaults(tmp_path: Path) -> None:
    # llama-cpp-python's server serves one stream at a time and does not say so.
    quirks = Quirks(busy_cut="done")
    with FakeOpenAI(reply=score_from_question, latency=0.05, quirks=quirks) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=6)
        assert project.judges[0].stream is True
        figures = run(project).to_dict()
    assert figures["error"] == 0 and figures["ok"] + figures["unparsed"] == 6
    assert all(body["stream"] and body["separate_reasoning"] for body in fake.requests)
