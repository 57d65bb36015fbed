"""``judgedesk new --scene`` with a template of one's own, and prompts shown after a run in
which a candidate model answered the rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import load_project
from judgedesk.core.run.answers import answered_dataset, answered_row
from judgedesk.core.template.library import get_scene
from judgedesk.core.template.preview import preview_prompt
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI

# Rows in seed 001's shape: a source text to translate, and the model's translation.
ROWS = [
    {"id": "t1", "question": "把“你好，世界”翻译成英文。", "response": "Hello, world."},
    {"id": "t2", "question": "把“早上好”翻译成英文。", "response": "Good morning."},
]

OWN_TEMPLATE = """你是{{ evaluation_scene }}场景的评测员。{{ scene_desc }}
评分维度：{{ evaluation_metric }}
[原文] {{ data.question }}
[译文] {{ response.content }}
最高 {{ max_score }} 分。Score: [[n]]
"""

NO_SCENE_TEMPLATE = """[Question] {{ data.question }}
[Answer] {{ response.content }}
Score: [[n]]
"""


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def rows_file(tmp_path: Path) -> Path:
    path = tmp_path / "translations.jsonl"
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ROWS), encoding="utf-8"
    )
    return path


def test_scene_fills_the_variables_of_ones_own_template(
    tmp_path: Path, rows_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    template = tmp_path / "mine.j2"
    template.write_text(OWN_TEMPLATE, encoding="utf-8")
    root = tmp_path / "proj"
    code, out, err = cli(
        capsys,
        "new",
        str(root),
        "--dataset",
        str(rows_file),
        "--template",
        str(template),
        "--scene",
        "translation",
        "--language",
        "zh",
        "--var",
        "max_score=5",
    )
    assert code == 0, err
    assert "scene:    translation (fills evaluation_scene, scene_desc, evaluation_metric, " in out
    scene = get_scene("translation", "zh")
    variables = load_project(root).variables
    for name, value in scene.variables.items():
        if name != "max_score":
            assert variables[name] == value
    assert variables["max_score"] == 5  # --var still has the last word
    code, out, err = cli(capsys, "render", str(root), "--row", "0")
    assert code == 0, err
    assert f"场景的评测员。{scene.variables['scene_desc']}" in out
    assert f"评分维度：{scene.variables['evaluation_metric']}" in out
    assert "最高 5 分" in out


def test_scene_with_a_template_reading_none_of_its_variables_is_refused(
    tmp_path: Path, rows_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    template = tmp_path / "plain.j2"
    template.write_text(NO_SCENE_TEMPLATE, encoding="utf-8")
    root = tmp_path / "proj"
    code, out, err = cli(
        capsys,
        "new",
        str(root),
        "--dataset",
        str(rows_file),
        "--template",
        str(template),
        "--scene",
        "translation",
    )
    assert code != 0
    assert "The scene 'translation' fills the variables evaluation_scene, scene_desc" in err
    assert "uses none of them" in err and "{{ scene_desc }}" in err
    assert not (root / "judgedesk.toml").exists()
    # Without the scene the same template makes a project.
    code, out, err = cli(
        capsys, "new", str(root), "--dataset", str(rows_file), "--template", str(template)
    )
    assert code == 0, err
    assert "scene:" not in out


# --- what a candidate model answered ------------------------------------------------------


def _candidate_project(tmp_path: Path, base_url: str) -> Any:
    project = make_project(tmp_path / "p", base_url, rows=3)
    path = project.dataset_path()
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    for line in lines[:2]:
        del line["response"]  # the candidate answers these; row 2 keeps its own answer
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    project.candidate = JudgeSettings(
        name="candidate", base_url=base_url, model="judge-large", template=""
    )
    project.save()
    return load_project(project.root)


def _reply(body: dict[str, Any]) -> str:
    if body["model"] == "judge-large":
        return "generated: " + body["messages"][-1]["content"]
    return score_from_question(body)


def test_render_and_preview_show_the_candidates_answer_after_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=_reply) as fake:
        project = _candidate_project(tmp_path, fake.base_url)
        code, out, _ = cli(capsys, "render", str(project.root), "--row", "0")
        assert code == 0 and "Answer: \n" in out  # not run yet: nothing to show
        assert run(project).to_dict()["ok"] == 3
    code, out, err = cli(capsys, "render", str(project.root), "--row", "0")
    assert code == 0, err
    assert "Answer: generated: What about item 0?\n" in out
    code, out, err = cli(capsys, "render", str(project.root), "--row", "2")
    assert "Answer: answer 2\n" in out  # a row's own answer is never replaced

    source = project.read_template(project.judges[0])
    with open_dataset(project.dataset_path()) as dataset:
        shown = answered_dataset(dataset, project)
        assert shown is not None and len(shown) == 3
        preview = preview_prompt(source, dataset=shown, row=1)  # type: ignore[arg-type]
    assert "Answer: generated: What about item 1?" in preview.prompt.user
    assert preview.response_keys == ("content", "reasoning_content", "tool_calls")


def test_the_latest_runs_answer_is_shown_when_the_candidate_changed(tmp_path: Path) -> None:
    with FakeOpenAI(reply=_reply) as fake:
        project = _candidate_project(tmp_path, fake.base_url)
        run(project)
    # Its request is no longer the one stored; the answer the run judged still is.
    assert project.candidate is not None
    project.candidate.system_prompt = "Answer briefly."
    with open_dataset(project.dataset_path()) as dataset:
        row = answered_row(project, dataset.row(0))
        assert row.response["content"] == "generated: What about item 0?"
        project.candidate = None  # no candidate any more: the row is as in the file
        assert answered_row(project, dataset.row(0)).response["content"] is None
