"""A judge whose model takes no system message gets its system prompt in the user message."""

from __future__ import annotations

from pathlib import Path

from judgedesk.cli import main
from judgedesk.core.judge import judge_version
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import load_project
from judgedesk.core.template import preview_prompt
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI

SYSTEM = "You are a helpful assistant who evaluates the quality of answers."


def test_a_run_sends_the_system_prompt_first_in_the_user_message(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(
            tmp_path / "p", fake.base_url, rows=2, system_prompt=SYSTEM, system_role=False
        )
        figures = run(load_project(project.root)).to_dict()
    assert figures["ok"] == 2
    for body in fake.requests:
        assert [m["role"] for m in body["messages"]] == ["user"]
        text = body["messages"][0]["content"]
        assert text.startswith(SYSTEM + "\n\nJudge item: What about item ")


def test_by_default_the_system_prompt_is_a_system_message(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1, system_prompt=SYSTEM)
        run(load_project(project.root))
    assert fake.requests[0]["messages"][0] == {"role": "system", "content": SYSTEM}
    assert fake.requests[0]["messages"][1]["content"].startswith("Judge item:")


def test_the_setting_is_saved_changes_the_version_and_shows_in_the_preview(
    tmp_path: Path,
) -> None:
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1", rows=1, system_role=False)
    judge = load_project(project.root).judges[0]
    assert judge.system_role is False
    template = "Rate {{ data.question }}"
    assert judge_version(judge, template) != judge_version(
        JudgeSettings(**{**judge.__dict__, "system_role": True}), template
    )
    shown = preview_prompt(template, SYSTEM, variables={}, system_role=False).prompt
    assert shown.system == "" and shown.user.startswith(SYSTEM + "\n\nRate ")
    assert shown.messages() == [{"role": "user", "content": shown.user}]


def test_new_takes_no_system_role(tmp_path: Path) -> None:
    data = tmp_path / "qa.jsonl"
    data.write_text('{"question": "2+2?", "response": {"content": "4"}}\n', encoding="utf-8")
    folder = tmp_path / "proj"
    judge = ["--judge-url", "http://127.0.0.1:9/v1", "--judge-model", "m"]
    assert main(["new", str(folder), "--dataset", str(data), *judge, "--no-system-role"]) == 0
    assert load_project(folder).judges[0].system_role is False
    assert "system_role = false" in (folder / "judgedesk.toml").read_text(encoding="utf-8")
