"""Test connection and `judgedesk check` say whether a judge reading its verdicts'
probabilities gets them from its server."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.judge import check_connection
from judgedesk.core.run import check_models
from tests.core.test_pipeline import make_project
from tests.core.test_verdict_probabilities import plain, token
from tests.support.fake_openai import FakeOpenAI, Quirks


def _with_logprobs(body: dict[str, Any]) -> dict[str, Any] | str:
    if not body.get("logprobs"):
        return "Yes"
    tokens = [token("Yes", 0.9, {"No": 0.05, "yes": 0.05}), *plain(".")]
    return {"content": "Yes.", "logprobs": tokens}


def test_a_server_giving_logprobs_is_told_with_its_alternatives() -> None:
    with FakeOpenAI(reply=_with_logprobs) as fake:
        found = asyncio.run(check_connection(fake.base_url, probabilities_of="judge-small"))
        plain_check = asyncio.run(check_connection(fake.base_url))
        asked = fake.requests
    assert found.ok and found.logprobs is True and found.alternatives == 3
    assert plain_check.logprobs is None  # not asked: a judge not reading them
    chat = [body for body in asked if "messages" in body]
    assert len(chat) == 1 and chat[0]["logprobs"] is True and chat[0]["model"] == "judge-small"


@pytest.mark.parametrize("quirks", [Quirks(reject_logprobs=True), Quirks()])
def test_a_server_refusing_or_ignoring_logprobs_gives_none(quirks: Quirks) -> None:
    with FakeOpenAI(reply=lambda body: "Yes", quirks=quirks) as fake:
        found = asyncio.run(check_connection(fake.base_url, probabilities_of="judge-small"))
    assert found.ok and found.logprobs is False


def test_judgedesk_check_says_which_judge_gives_no_probabilities(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=lambda body: "Score: [[7]]") as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1, probabilities=True)
        [check] = asyncio.run(check_models(project, probabilities=True))
        assert check.finding()[0] == "warning"
        assert main(["check", str(project.root)]) == 0
    out = capsys.readouterr().out
    assert "But 'judge-small' gives no token probabilities here" in out
    with FakeOpenAI(reply=_with_logprobs) as fake:
        project.judges[0].base_url = fake.base_url
        project.save()
        [check] = asyncio.run(check_models(project, probabilities=True))
    severity, words = check.finding()
    assert severity == "info" and "It gives its tokens' probabilities (3 alternatives" in words


def test_a_run_asks_no_question_of_its_own(tmp_path: Path) -> None:
    with FakeOpenAI(reply=lambda body: "Score: [[7]]") as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1, probabilities=True)
        [check] = asyncio.run(check_models(project))  # as a run checks its models
        assert not check.found.probabilities_asked and check.finding()[0] == "info"
        assert not [body for body in fake.requests if "messages" in body]
