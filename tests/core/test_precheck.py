"""The check before a run: every model a run calls is asked once, and what it answered is
said the same way by the window, ``judgedesk check`` and the run."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge import JudgeSettings, local_extra_installed
from judgedesk.core.judge.approvals import APPROVALS_FILE
from judgedesk.core.places import settings_folder
from judgedesk.core.project import Project, approve
from judgedesk.core.run import ModelCheck, Store, check_models, models_to_check, run_project
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI
from tests.support.gguf_files import write_gguf


def checked(project: Project) -> list[ModelCheck]:
    return asyncio.run(check_models(project))


def models_asked(fake: FakeOpenAI) -> int:
    return sum(1 for head in fake.received if head.startswith(b"GET /v1/models"))


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_model_the_server_offers_can_be_used(tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1)
        (check,) = checked(project)
    assert check.role == "judge" and check.settings is project.judges[0]
    assert check.problem == "" and not check.unreachable
    severity, sentence = check.finding()
    assert severity == "info"
    assert sentence.startswith(f"Judge 'judge': {fake.base_url} answers (")
    assert sentence.endswith(" ms) and offers 'judge-small'.")


def test_a_model_the_server_lacks_is_named_with_what_it_offers(tmp_path: Path) -> None:
    many = [f"model-{i}" for i in range(10)]
    with FakeOpenAI(models=many) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1, model="judge-huge")
        (check,) = checked(project)
    assert check.finding()[0] == "error" and not check.unreachable
    assert check.problem == (
        f"Judge 'judge': {fake.base_url} does not offer the model 'judge-huge'. It offers "
        "model-0, model-1, model-2, model-3, model-4, model-5, model-6, model-7 and 2 more. "
        "Correct the model name, or load the model on the server."
    )


def test_a_server_that_lists_no_model_is_not_a_problem_but_is_said(tmp_path: Path) -> None:
    with FakeOpenAI(models=[]) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1)
        (check,) = checked(project)
    assert check.problem == ""
    severity, sentence = check.finding()
    assert severity == "warning"
    assert "but lists no model, so whether it offers 'judge-small' is not known." in sentence


def test_a_dead_address_is_unreachable_and_says_so(tmp_path: Path) -> None:
    dead = f"http://127.0.0.1:{closed_port()}/v1"
    project = make_project(tmp_path / "p", dead, rows=1, name="strict")
    (check,) = checked(project)
    assert check.unreachable and check.found.kind == "connect"
    assert check.problem.startswith(f"Judge 'strict': Nothing answered at {dead}")


def test_a_wrong_key_is_a_problem_but_the_server_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHECK_KEY", "sk-wrong")
    with FakeOpenAI(api_key="sk-right") as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1, api_key="env:CHECK_KEY")
        (check,) = checked(project)
    assert check.found.kind == "auth" and not check.unreachable
    assert "refused the request (HTTP 401)" in check.problem


def test_each_server_is_asked_once_and_every_model_of_the_run_is_named(
    tmp_path: Path,
) -> None:
    with FakeOpenAI() as fake, FakeOpenAI(models=["other"]) as other:
        project = make_project(tmp_path / "p", fake.base_url, rows=1)
        first = project.judges[0]
        project.judges += [
            JudgeSettings(name="second", base_url=fake.base_url, model="judge-large"),
            JudgeSettings(name="off", base_url=other.base_url, model="x", enabled=False),
            JudgeSettings(name="unnamed", base_url=other.base_url, model=" "),
        ]
        project.candidate = JudgeSettings(name="c", base_url=other.base_url, model="other")
        project.baseline = JudgeSettings(name="b", base_url=other.base_url, model="gone")
        approve(project)
        assert [(role, s.name) for role, s in models_to_check(project)] == [
            ("judge", first.name),
            ("judge", "second"),
            ("candidate", "c"),
            ("baseline", "b"),
        ]
        checks = checked(project)
        assert models_asked(fake) == 1 and models_asked(other) == 1
    assert [c.problem for c in checks[:3]] == ["", "", ""]
    assert checks[2].finding()[1].startswith("The candidate model: ")
    assert checks[3].problem.startswith("The baseline model: ")
    assert "does not offer the model 'gone'" in checks[3].problem


def test_a_key_not_approved_is_not_sent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECK_KEY", "sk-secret")
    with FakeOpenAI(api_key="sk-secret") as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=1, api_key="env:CHECK_KEY")
        (settings_folder() / APPROVALS_FILE).unlink()  # as on another computer
        (check,) = checked(project)
        assert fake.received == []
    assert check.problem.startswith("Judge 'judge': ") and not check.unreachable


def test_a_model_file_judge_is_checked_by_reading_its_file(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", "", kind="local", model_file="models/tiny.gguf")
    write_gguf(project.root / "models" / "tiny.gguf")
    (check,) = checked(project)
    assert check.model_file == project.root / "models" / "tiny.gguf"
    if local_extra_installed():
        assert check.found.ok and check.found.models == ["tiny.gguf"]
        assert check.finding() == ("info", "Judge 'judge': tiny.gguf can be loaded here.")
    else:
        assert "llama-cpp-python" in check.problem and check.unreachable


def test_a_file_that_is_not_a_model_stops_the_run_with_the_reason(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", "", kind="local", model_file="notes.gguf")
    (project.root / "notes.gguf").write_text("not a model", encoding="utf-8")
    (check,) = checked(project)
    assert not check.found.ok and check.unreachable
    assert check.problem.startswith("Judge 'judge': ")
    assert "not a GGUF model file" in check.problem or not local_extra_installed()


def test_a_run_asks_each_server_once_and_fails_unreachable_rows_at_once(tmp_path: Path) -> None:
    dead = f"http://127.0.0.1:{closed_port()}/v1"
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=2)
        project.judges += [
            JudgeSettings(
                name=name, base_url=url, model="judge-large", template="templates/judge.j2"
            )
            for name, url in (("second", fake.base_url), ("gone", dead))
        ]
        project.save()
        approve(project)
        with open_dataset(project.dataset_path()) as dataset:
            summary = asyncio.run(run_project(project, dataset))
        assert models_asked(fake) == 1
        assert len(fake.requests) == 4  # two judges answered each row
    assert summary.progress.failed == 2
    with Store(project.store_path) as store:
        error = store.latest_results()[0].error
    assert f"Nothing answered at {dead}" in error
