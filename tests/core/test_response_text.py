"""An answer printed whole in a template shows its text; its fields still read one by one.

Templates see answers (``response``, ``data.response_a``…) as records that print as their
content; scripts, which get the row over a pipe, still see plain dicts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import open_dataset
from judgedesk.core.run.store import Store
from judgedesk.core.template.context import ResponseRecord
from judgedesk.core.template.preview import preview_prompt
from judgedesk.core.template.render import build_context, render_template
from tests.core.test_pipeline import make_project, run
from tests.support.fake_openai import FakeOpenAI

RESPONSE = {"content": "Paris is the capital.", "reasoning_content": "Recall: Paris.", "n": 2}
DATA = {
    "question": "Capital of France?",
    "response_a": {"content": "Lyon", "reasoning_content": None, "tool_calls": None},
    "response_b": {"content": "Paris", "reasoning_content": None, "tool_calls": None},
    "meta": {"lang": "en"},
}


def render(source: str, data: dict[str, Any] | None = None, resp: Any = None) -> Any:
    return render_template(source, build_context(data or DATA, resp or RESPONSE))


def test_an_answer_printed_whole_shows_its_content() -> None:
    assert render("{{ response }}").text == "Paris is the capital."
    assert render("{{ data.response_a }} / {{ response_b }}").text == "Lyon / Paris"
    assert render("{{ data['response_b'] }}").text == "Paris"
    assert "{'content'" not in render("A: {{ response_a }} B: {{ data.response_b }}").text


def test_its_fields_filters_and_json_work_as_before() -> None:
    source = (
        "{{ response.content }}|{{ response.reasoning_content }}|{{ response.n }}|"
        "{{ response['content'] }}|{{ answer }}|{{ response_a.content }}"
    )
    assert render(source).text == (
        "Paris is the capital.|Recall: Paris.|2|Paris is the capital.|Paris is the capital.|Lyon"
    )
    assert json.loads(render("{{ response | tojson }}").text) == RESPONSE
    assert render("{{ 'B: ' ~ response_b }} {{ response | upper }}").text == (
        "B: Paris PARIS IS THE CAPITAL."
    )
    assert render("{{ response | string | length }}").text == str(len(RESPONSE["content"]))
    assert render("{% for k in response %}{{ k }},{% endfor %}").text == (
        "content,reasoning_content,n,"
    )
    # A field of the answer called like a method is still the field.
    assert render("{{ response.text }}", resp={"content": "c", "text": "t"}).text == "t"
    assert render("{{ data.meta }}").text == "{'lang': 'en'}"  # no answer: shown as it is


def test_an_answer_without_content_prints_empty_and_says_so() -> None:
    result = render("A: {{ response }}", resp={"content": None, "reasoning_content": None})
    assert result.ok and result.text == "A: "
    [issue] = result.issues
    assert (issue.kind, issue.name, issue.line) == ("none", "response", 1)
    parts = {"content": [{"type": "text", "text": "look"}, {"type": "image_url"}]}
    assert render("{{ response }}", resp=parts).text == "look\n[image]"


def test_the_sandbox_still_refuses_python_internals() -> None:
    result = render("{{ response.__class__.__mro__ }}")
    assert not result.ok and result.errors[0].kind == "security"


def test_the_rows_own_dicts_are_not_changed() -> None:
    data = json.loads(json.dumps(DATA))
    resp = dict(RESPONSE)
    context = build_context(data, resp)
    assert isinstance(context["response"], ResponseRecord)
    assert isinstance(context["data"]["response_a"], ResponseRecord)
    assert type(data["response_a"]) is dict and type(resp) is dict
    assert data == DATA and resp == RESPONSE


def test_the_preview_of_a_real_row_shows_the_answers_text(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    record = {"question": "Q?", "response": {"content": "It is 4.", "reasoning_content": "2+2"}}
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    with open_dataset(path) as dataset:
        preview = preview_prompt("Answer: {{ response }}", dataset=dataset, row=0)
    assert preview.prompt.user == "Answer: It is 4."


PRE = """
import json

def kind(value):  # dicts (whose fields scripts may also read as attributes), not texts
    return "dict" if isinstance(value, dict) and not isinstance(value, str) else "other"

def preprocess(data, resp, **kwargs):
    return kind(data["response_a"]) + " " + kind(resp)

def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
    kinds = [kind(x) for x in (resp, data["response_a"], judge_resps[-1])]
    return " ".join(kinds) + " " + json.dumps(resp, sort_keys=True)
"""


def test_scripts_still_get_plain_dicts(tmp_path: Path) -> None:
    with FakeOpenAI(reply=lambda body: "Score: [[5]]") as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=2)
        rows = project.dataset_path()
        records = [json.loads(line) for line in rows.read_text(encoding="utf-8").splitlines()]
        for record in records:
            record["response_a"] = {"content": "other " + record["id"]}
        rows.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
        project.write_template(
            project.judges[0],
            "{{ data.question }}\nA: {{ data.response_a }}\nB: {{ response }}\n"
            "{{ preprocess_result }}\nScore: [[n]]",
        )
        (project.root / "scripts").mkdir()
        project.script_path("preprocess").write_text(PRE.replace("def postprocess", "def _p"))
        project.script_path("postprocess").write_text(PRE.replace("def preprocess", "def _p"))
        figures = run(project).to_dict()
        assert figures["ok"] == 2, figures
        prompts = sorted(body["messages"][-1]["content"] for body in fake.requests)
    assert prompts[0] == "What about item 0?\nA: other r0\nB: answer 0\ndict dict\nScore: [[n]]"
    with Store(project.store_path) as store:
        value = store.latest_results()[1].value
    assert value.startswith("dict dict dict ")
    assert json.loads(value[len("dict dict dict ") :])["content"] == "answer 1"
