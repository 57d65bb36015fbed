"""A real small model suggests a revision of a judge's template: it renders and becomes a
candidate, or its problem is shown and nothing is added.

The judge itself is the test server (it scores every row 5), so that the time goes to
the model file writing the revision."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge import render_prompt
from judgedesk.core.project import Project, approve, load_project
from judgedesk.core.review import project_split
from judgedesk.core.run import Review, Store
from judgedesk.core.template import compile_template
from tests.support.fake_openai import FakeOpenAI
from tests.support.local_projects import make_local_project

SHORT = (
    "Question: {{ data.question }}\nReference answer: {{ data.ref_answer }}\n"
    "Answer: {{ response.content }}\nRate the answer from 1 to 10.\nScore: [[n]]\n"
)
# What a revision may be refused for (see core.report.revision).
PROBLEMS = (
    "The model's reply was cut off",
    "The model's reply holds no template",
    "The model gave the template back unchanged",
    "The revised template does not compile",
    "Nothing can read the verdicts",
    "The revised template no longer says how the judge writes its verdict",
    "The revised template asks for another kind of verdict",
    "The revised template does not render",
)


@pytest.mark.timeout(600)
def test_a_small_model_s_revision_renders_or_its_problem_is_shown(
    tmp_path: Path, model_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=lambda body: "Score: [[5]]") as judge:
        project = make_local_project(
            tmp_path / "p",
            model_file,
            kind="openai",
            base_url=judge.base_url,
            model="judge-m",
            structured=False,
        )
        project.write_template(project.judges[0], SHORT)
        approve(project)
        revise(project, model_file, capsys)


def revise(project: Project, model_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Store(project.store_path) as store:
        for index in range(10):  # people's scores, which a 135M model seldom gives
            store.reviews.put(Review(index, f"q{index}", value=[1, 10][index % 2], note="see ref"))
    argv = ["calibrate", str(project.root), "--suggest", "smol", "--with", str(model_file)]
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    said = json.loads(out)
    saved = load_project(project.root)
    with Store(project.store_path) as store, open_dataset(project.dataset_path()) as data:
        split = project_split(store, data, saved)
        assert said["disagreements"] and set(said["disagreements"]) <= set(split.ids("tuning"))
        if code == 0:  # it renders: a new candidate with the revised template
            assert said["problem"] == "" and said["candidate"] == "smol-revised"
            revised = saved.judge("smol-revised")
            text = saved.read_template(revised)
            compiled = compile_template(text)
            assert compiled.ok and said["diff"].startswith("--- templates/judge.j2")
            row = data.row(split.tuning[0])
            prompt = render_prompt(saved, revised, row.data, row.response, template=compiled)
            assert prompt.ok and not [i for i in prompt.issues if i.severity == "error"]
            assert revised.verdict_kind(text) == "score"
        else:  # its problem is shown, and nothing is added
            assert code == 1 and said["candidate"] is None
            assert said["problem"].startswith(PROBLEMS), said["problem"]
            assert f"Nothing added: {said['problem']}" in err
            assert [j.name for j in saved.judges] == ["smol"]
            assert not (project.root / "templates" / "smol-revised.j2").exists()
