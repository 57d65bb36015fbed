"""Project settings: load, save, atomic writes, migrations, validation, no secrets."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.errors import ProjectError
from judgedesk.core.fileio import atomic_write_text
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project import settings as project_module
from judgedesk.core.project.checks import check_project
from judgedesk.core.project.settings import SCHEMA_VERSION, Project, load_project

FIXTURES = Path(__file__).parent.parent / "data" / "projects"


@pytest.fixture
def v1_project(tmp_path: Path) -> Path:
    target = tmp_path / "capitals"
    shutil.copytree(FIXTURES / "v1-basic", target)
    return target


def test_loads_the_format_1_fixture(v1_project: Path) -> None:
    project = load_project(v1_project)
    assert project.name == "capitals"
    assert project.dataset.fields == {
        "question": "problem",
        "reference": "answer",
        "response": "prediction",
    }
    judge = project.judge("local")
    assert judge.params == {"temperature": 0.0, "max_tokens": 512}
    assert judge.api_key == "env:JUDGE_KEY"
    assert judge.timeout == 120.0 and judge.concurrency == 4  # defaults
    assert project.scripts.timeout == 20.0
    assert project.dataset_path() == v1_project / "data" / "capitals.jsonl"
    assert "Rate the answer" in project.read_template(judge)
    assert check_project(project) == []


def test_save_round_trips_and_keeps_unknown_tables(v1_project: Path) -> None:
    settings = v1_project / "judgedesk.toml"
    settings.write_text(settings.read_text() + "\n[future_feature]\nflag = true\n")
    project = load_project(v1_project)
    project.variables["scene_desc"] = "翻译"
    project.judges.append(JudgeSettings(name="second", kind="metric", metric="exact"))
    project.save()
    again = load_project(v1_project)
    assert again.variables == {"max_score": 10, "scene_desc": "翻译"}
    assert [j.name for j in again.judges] == ["local", "second"]
    assert again.extra == {"future_feature": {"flag": True}}
    assert tomllib.loads(settings.read_text())["schema_version"] == SCHEMA_VERSION
    assert not list(v1_project.glob(".judgedesk.toml.*.tmp"))


@pytest.mark.parametrize("key", ["sk-test-not-a-real-key-0000", "my secret", "env:"])
def test_a_typed_api_key_is_never_written(v1_project: Path, key: str) -> None:
    project = load_project(v1_project)
    before = (v1_project / "judgedesk.toml").read_text()
    project.judges[0].api_key = key
    with pytest.raises(ProjectError, match="keyring"):
        project.save()
    assert (v1_project / "judgedesk.toml").read_text() == before


def test_an_authorization_header_is_refused(v1_project: Path) -> None:
    project = load_project(v1_project)
    project.judges[0].headers = {"Authorization": "Bearer abc"}
    with pytest.raises(ProjectError, match="header"):
        project.save()


def test_key_references_are_accepted(v1_project: Path) -> None:
    project = load_project(v1_project)
    project.judges[0].api_key = "keyring:judgedesk/local"
    project.save()
    assert load_project(v1_project).judges[0].api_key == "keyring:judgedesk/local"


def test_a_key_already_in_the_file_is_reported_by_check(v1_project: Path) -> None:
    settings = v1_project / "judgedesk.toml"
    settings.write_text(settings.read_text().replace('"env:JUDGE_KEY"', '"sk-live-123"'))
    problems = check_project(load_project(v1_project))
    assert any("API key" in p.message and p.severity == "error" for p in problems)


def test_newer_format_is_refused_with_advice(v1_project: Path) -> None:
    settings = v1_project / "judgedesk.toml"
    settings.write_text(settings.read_text().replace("schema_version = 1", "schema_version = 99"))
    with pytest.raises(ProjectError, match="newer JudgeDesk"):
        load_project(v1_project)


def test_migration_runs_keeps_a_backup_and_rewrites(
    v1_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def rename_variables(table: dict[str, Any]) -> dict[str, Any]:
        table["variables"] = {"max_score": table["variables"]["max_score"], "added": "yes"}
        return table

    monkeypatch.setattr(project_module, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(project_module, "MIGRATIONS", {1: rename_variables})
    project = load_project(v1_project)
    assert project.variables == {"max_score": 10, "added": "yes"}
    assert (v1_project / "judgedesk.toml.v1.bak").read_text().startswith("# A project in format 1")
    on_disk = tomllib.loads((v1_project / "judgedesk.toml").read_text())
    assert on_disk["schema_version"] == 2 and on_disk["variables"]["added"] == "yes"


def test_missing_migration_step_is_an_error(
    v1_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(project_module, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(project_module, "MIGRATIONS", {})
    with pytest.raises(ProjectError, match="format 1"):
        load_project(v1_project)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("schema_version = 1\nname = [", "cannot be read"),
        ("name = 'x'", "schema_version"),
        ("schema_version = 1\n[[judges]]\nname = 'j'\nconcurrency = 'four'\n", "whole number"),
        ("schema_version = 1\njudges = 3\n", "wrong kind"),
    ],
)
def test_broken_settings_say_what_is_wrong(tmp_path: Path, content: str, words: str) -> None:
    (tmp_path / "judgedesk.toml").write_text(content)
    with pytest.raises(ProjectError, match=words):
        load_project(tmp_path)


def test_not_a_project(tmp_path: Path) -> None:
    with pytest.raises(ProjectError, match="not a JudgeDesk project"):
        load_project(tmp_path)
    with pytest.raises(ProjectError, match="does not exist"):
        load_project(tmp_path / "nowhere")


def test_check_lists_every_problem(tmp_path: Path) -> None:
    project = Project(root=tmp_path, name="empty")
    project.dataset.path = "data/missing.jsonl"
    project.variables["question"] = "shadowed"
    project.judges = [
        JudgeSettings(name="a", template="templates/a.j2", parser="nonsense"),
        JudgeSettings(
            name="a", base_url="http://x/v1", model="m", template="templates/b.j2", concurrency=0
        ),
    ]
    project.save()
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "b.j2").write_text("{% if %}")
    messages = [p.message for p in check_project(load_project(tmp_path))]
    expected = [
        "was not found",
        "Two judges",
        "no endpoint URL",
        "no model name",
        "unknown parser",
        "template of judge 'a' is missing",
        "concurrency",
        "syntax error",
        "built-in template variable",
    ]
    for words in expected:
        assert any(words in m for m in messages), (words, messages)


def test_atomic_write_leaves_the_old_file_when_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "settings.toml"
    atomic_write_text(target, "old")

    def fail(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(project_module.atomic_write_text.__globals__["os"], "replace", fail)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]
