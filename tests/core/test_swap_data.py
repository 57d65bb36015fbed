"""Pairs judged in both orders show the judge the answers exchanged, however a template
spells them; a template whose answers cannot be exchanged stops the project from running.

Each row has answer A "alpha i" and answer B "beta i"; the judge is a real HTTP server.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.errors import ProjectError
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project import open_project_dataset
from judgedesk.core.project.approvals import approve
from judgedesk.core.project.checks import check_project, swap_places
from judgedesk.core.project.settings import Project
from judgedesk.core.run.pairs import pair_of, swapped
from judgedesk.core.run.pipeline import run_project
from judgedesk.core.run.store import Store
from judgedesk.core.template.answers import AnswerPlaces, answer_places, swap_issues
from judgedesk.core.template.preview import preview_prompt
from judgedesk.core.template.render import compile_template
from tests.support.fake_openai import FakeOpenAI

ROWS = 3
CHOICE = json.dumps({"choice": "A+"})


def choice(body: dict[str, Any]) -> str:
    return CHOICE


def make_pair_project(
    root: Path,
    base_url: str,
    template: str,
    *,
    fields: dict[str, str] | None = None,
    parser: str = "choice5",
    baseline: bool = False,
) -> Project:
    data = root / "data" / "pairs.jsonl"
    data.parent.mkdir(parents=True)
    with data.open("w", encoding="utf-8") as handle:
        for i in range(ROWS):
            record = {
                "id": f"p{i}",
                "question": f"Question {i}?",
                "model_a": f"alpha {i}",
                "model_b": f"beta {i}",
                "other_a": f"alpha {i}",
                "other_b": f"beta {i}",
                "ref_answer": f"alpha {i}",
                "response": {"content": f"beta {i}", "reasoning_content": f"why {i}"},
            }
            handle.write(json.dumps(record) + "\n")
    project = Project(root=root, name="pairs")
    project.dataset.path = "data/pairs.jsonl"
    project.dataset.fields = dict(fields or {})
    project.run.swap = True
    judge = JudgeSettings(name="judge", base_url=base_url, model="judge-m", parser=parser)
    project.judges = [judge]
    if baseline:
        project.baseline = JudgeSettings(name="baseline", base_url=base_url, model="base-m")
    project.save()
    project.write_template(judge, template)
    approve(project)
    return project


def run(project: Project) -> Any:
    with open_project_dataset(project) as dataset:
        return asyncio.run(run_project(project, dataset))


def prompts(project: Project, row: int) -> tuple[str, str]:
    """The prompts of a row's two requests: as given, then with the answers swapped."""
    with Store(project.store_path) as store:
        step = store.latest_results()[row].detail["judges"][0]
        texts = []
        for order in step["orders"]:
            call = store.get_call(order["key"])
            assert call is not None
            texts.append(call.request["messages"][-1]["content"])
    return texts[0], texts[1]


PAIR_FIELDS = {"response_a": "model_a", "response_b": "model_b"}


@pytest.mark.parametrize(
    "template",
    [
        "A: {{ response_a }}\nB: {{ response_b }}",
        "A: {{ data.response_a }}\nB: {{ data.response_b }}",
        "A: {{ response_a.content }}\nB: {{ data.response_b.content }}",
        "A: {{ data['response_a']['content'] }}\nB: {{ data.response_b }}",
        "A: {{ data.model_a }}\nB: {{ data.model_b }}",  # the columns chosen as A and B
    ],
)
def test_every_spelling_of_the_pair_is_exchanged(tmp_path: Path, template: str) -> None:
    with FakeOpenAI(reply=choice) as fake:
        project = make_pair_project(tmp_path / "p", fake.base_url, template, fields=PAIR_FIELDS)
        assert check_project(project) == []
        summary = run(project)
        assert summary.to_dict()["error"] == 0
        assert len(fake.requests) == 2 * ROWS
    for row in range(ROWS):
        given, exchanged = prompts(project, row)
        assert given == f"A: alpha {row}\nB: beta {row}"
        assert exchanged == f"A: beta {row}\nB: alpha {row}"


@pytest.mark.parametrize(
    "template",
    [
        "Reference: {{ data.ref_answer }}\nAnswer: {{ response }}",
        "Reference: {{ ref_answer }}\nAnswer: {{ data.response.content }}",
        "Reference: {{ data.ref_answer }}\nAnswer: {{ answer }}",
    ],
)
def test_a_reference_and_the_response_are_exchanged(tmp_path: Path, template: str) -> None:
    with FakeOpenAI(reply=lambda body: "[[A>B]]") as fake:
        project = make_pair_project(tmp_path / "p", fake.base_url, template, parser="comparison")
        assert check_project(project) == []
        assert run(project).to_dict()["error"] == 0
        assert len(fake.requests) == 2 * ROWS
    given, exchanged = prompts(project, 1)
    assert given == "Reference: alpha 1\nAnswer: beta 1"
    assert exchanged == "Reference: beta 1\nAnswer: alpha 1"


def test_with_a_baseline_the_rows_response_is_answer_b(tmp_path: Path) -> None:
    def reply(body: dict[str, Any]) -> str:
        if body["model"] == "base-m":
            return "base " + body["messages"][-1]["content"].split()[-1].rstrip("?")
        return CHOICE

    template = "A: {{ response_a }}\nB: {{ response }}"
    with FakeOpenAI(reply=reply) as fake:
        project = make_pair_project(tmp_path / "p", fake.base_url, template, baseline=True)
        assert check_project(project) == []
        assert run(project).to_dict()["error"] == 0
    given, exchanged = prompts(project, 2)
    assert given == "A: base 2\nB: beta 2"
    assert exchanged == "A: beta 2\nB: base 2"


def test_answers_that_cannot_be_exchanged_stop_the_run_and_the_line_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    template = "Compare.\nA: {{ data.other_a }}\nB: {{ data.other_b }}"
    with FakeOpenAI(reply=choice) as fake:
        project = make_pair_project(tmp_path / "p", fake.base_url, template, fields=PAIR_FIELDS)
        [problem] = check_project(project)
        assert problem.severity == "error"
        assert "templates/judge.j2: line 2:" in problem.message
        assert "data.other_a (line 2) and data.other_b (line 3)" in problem.message
        assert "Judge pairs in both orders" in problem.message
        capsys.readouterr()
        assert main(["check", str(project.root)]) != 0
        assert "line 2:" in capsys.readouterr().out
        with pytest.raises(ProjectError, match="line 2"):
            run(project)
        assert fake.requests == []  # nothing asked in one order without a word

        # The Template pane's preview shows the prompt and the same problem at line 2.
        judge = project.judges[0]
        with open_project_dataset(project) as dataset:
            preview = preview_prompt(
                template, dataset=dataset, row=0, swap=swap_places(project, judge, template)
            )
        assert preview.prompt.ok and "A: alpha 0" in preview.prompt.user
        [issue] = [i for i in preview.prompt.issues if i.kind == "swap"]
        assert (issue.line, issue.column, issue.name) == (2, 7, "data.other_a")

        # Once the pair is shown through names that can be exchanged, it runs.
        project.write_template(judge, "A: {{ response_a }}\nB: {{ data.other_b }}")
        [problem] = check_project(project)
        assert "shows answer A (response_a, line 1) and not answer B" in problem.message
        assert "line 2:" in problem.message and "{{ response_b }}" in problem.message
        project.write_template(judge, "A: {{ response_a }}\nB: {{ response_b }}")
        assert check_project(project) == []
        assert run(project).to_dict()["ok"] == ROWS


def test_the_preview_says_nothing_when_the_pair_is_judged_once(tmp_path: Path) -> None:
    template = "A: {{ data.other_a }}\nB: {{ data.other_b }}"
    project = make_pair_project(tmp_path / "p", "http://127.0.0.1:9/v1", template)
    project.run.swap = False
    assert check_project(project) == []
    assert swap_places(project, project.judges[0], template) is None
    project.run.swap = True
    project.judges[0].parser = "score"  # not a pairwise verdict: asked once
    assert swap_places(project, project.judges[0], template) is None


def test_a_preprocess_result_read_by_the_template_is_a_warning() -> None:
    source = "A: {{ response_a }}\nB: {{ response_b }}\nNotes: {{ preprocess_result.notes }}"
    [issue] = swap_issues(compile_template(source), AnswerPlaces())
    assert (issue.severity, issue.line, issue.name) == ("warning", 3, "preprocess_result.notes")
    assert "worked out once" in issue.message


def test_data_read_whole_counts_as_showing_the_pair_when_the_row_has_one() -> None:
    source = "{% for key in ['response_a', 'response_b'] %}{{ data[key] }}\n{% endfor %}"
    template = compile_template(source)
    assert swap_issues(template, answer_places(PAIR_FIELDS)) == ()
    [issue] = swap_issues(template, answer_places({}))
    assert issue.severity == "error"


def test_nested_columns_and_a_chats_final_turn_are_exchanged() -> None:
    template = compile_template("{{ data.outputs.a }} | {{ data.outputs.b }}")
    places = answer_places({"response_a": "outputs.a", "response_b": "outputs.b"})
    data = {
        "outputs": {"a": "alpha", "b": "beta"},
        "response_a": {"content": "alpha"},
        "response_b": {"content": "beta"},
    }
    pair = pair_of(template, data, {}, places)
    assert pair is not None and pair.kind == "fields"
    new_data, _ = swapped(pair, data, {})
    assert new_data["outputs"] == {"a": "beta", "b": "alpha"}
    assert data["outputs"] == {"a": "alpha", "b": "beta"}  # the row's own data unchanged

    chat = compile_template("{{ data.messages }} {{ data.gt }} {{ answer }}")
    messages = [{"role": "user", "content": "Q?"}, {"role": "assistant", "content": "ref"}]
    data = {"messages": messages, "gt": "ref", "ref_answer": None}
    resp = {"content": "mine", "reasoning_content": "why"}
    pair = pair_of(chat, data, resp)
    assert pair is not None and pair.kind == "reference"
    new_data, new_resp = swapped(pair, data, resp)
    assert new_data["gt"] == "mine" and new_data["messages"][-1]["content"] == "mine"
    assert new_resp == {"content": "ref", "reasoning_content": None}
    assert messages[-1]["content"] == "ref"
