"""Templates cannot hang JudgeDesk: sizes, loops, depth and time of a render are bounded."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import jinja2
import pytest
from jinja2.sandbox import SandboxedEnvironment

from judgedesk.cli import main
from judgedesk.cli.common import EXIT_USAGE
from judgedesk.core.judge.request import render_prompt
from judgedesk.core.project.settings import load_project
from judgedesk.core.run.store import Store
from judgedesk.core.template import limits
from judgedesk.core.template.library import list_templates
from judgedesk.core.template.preview import preview_prompt
from judgedesk.core.template.render import (
    RenderResult,
    build_context,
    compile_template,
    render_template,
)
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI


def render(source: str, **data: Any) -> RenderResult:
    return render_template(source, build_context({"question": "Q?", **data}, {"content": "A."}))


def refusal(result: RenderResult) -> tuple[int | None, str]:
    assert not result.ok
    assert result.text == ""
    (issue,) = result.errors
    assert issue.kind == "limit"
    assert "JudgeDesk stopped it" in issue.message
    return issue.line, issue.message


FIVE_DEEP = (
    "Nested:\n"
    + "".join(f"{{% for {name} in range(1000) %}}" for name in "abcde")
    + "x"
    + "{% endfor %}" * 5
)

REFUSED = [
    ("Intro\n\n{{ 9**(9**9) }}", 3, "more than 4,300 digits (9 ** 387420489)"),
    ("{{ 10**(10**10) }}", 1, "more than 4,300 digits (10 ** 10000000000)"),
    ("a\n{% for i in range(10**9) %}x{% endfor %}", 2, "range(1000000000)"),
    ("{{ 'a' * 10**10 }}", 1, "a text longer than 5,000,000 characters ('a' * 10000000000)"),
    ("{{ 10**10 * 'a' }}", 1, "a text longer than 5,000,000 characters"),
    ("x\n{{ [0] * 10**9 }}", 2, "a list of more than 1,000,000 items ([0] * 1000000000)"),
    (
        "{% macro again(n) %}\n{{ again(n + 1) }}\n{% endmacro %}\n{{ again(1) }}",
        2,
        "calls itself more than 100 levels deep",
    ),
    (FIVE_DEEP, 2, "loops go round more than 1,000,000 times"),
    ("{{ 3**9000 * 3**9000 }}", 1, "more than 4,300 digits"),
    ("{{ 'ab'|center(10**10) }}", 1, "a text longer than"),
    ("{{ 'ab'.ljust(10000000000) }}", 1, "a text longer than"),
    ("{{ '%10000000000s' % 'a' }}", 1, "a text longer than"),
    ("{{ '{:>10000000000}'.format(1) }}", 1, "a text longer than"),
    ("{{ '%s'|format(1)|indent(10000000000) }}", 1, "a text longer than"),
    ("{{ lipsum(10**9) }}", 1, "a text longer than"),
    ("{{ [[0] * 1000000] * 1000000 }}", 1, "a text longer than"),
    ("{{ ([[0] * 1000000] * 1000000)|join(',') }}", 1, "a text longer than"),
    (
        "{% macro d(x, n) %}{{ d(x ~ x, n - 1) if n else x|length }}{% endmacro %}"
        "{{ d('ab', 60) }}",
        1,
        "a text longer than",
    ),
    (
        "{% set s = 'x' * 1000000 %}{% macro m() %}{% for i in range(100000) %}{{ s }}"
        "{% endfor %}{% endmacro %}\n{{ m()|length }}",
        1,
        "writes more than 5,000,000 characters",
    ),
    (
        "{% macro m() %}{% for i in range(100000) %}" + "y" * 1000 + "{% endfor %}"
        "{% endmacro %}{{ m()|length }}",
        1,
        "writes more than 5,000,000 characters",
    ),
    (
        "{% for x in data.kids recursive %}{{ loop(range(100)) }}{% endfor %}",
        1,
        "calls itself more than 100 levels deep",
    ),
]


@pytest.mark.parametrize(("source", "line", "reason"), REFUSED)
def test_templates_asking_for_too_much_are_refused_with_their_line(
    source: str, line: int, reason: str
) -> None:
    found_line, message = refusal(render(source, kids=[1]))
    assert found_line == line
    assert reason in message


def test_jinja_powers_group_from_the_left_so_a_chain_of_them_stays_small() -> None:
    result = render("{{ 10**10**10 }}")  # (10**10)**10 in Jinja2: 101 digits
    assert result.ok
    assert result.text == "1" + "0" * 100


def test_a_render_that_runs_out_of_time_is_stopped() -> None:
    source = "{% for i in range(100000) %}{{ data.question }}{% endfor %}"
    compiled = compile_template(source)
    context = build_context({"question": "Q"}, {"content": "A"})
    result = compiled.render(context, seconds=1e-9)
    line, message = refusal(result)
    assert line == 1
    assert "took longer than 1e-09 seconds" in message
    assert "render_seconds" in message
    assert compiled.render(context).text == "Q" * 100000  # the default time is enough


def test_the_time_limit_holds_in_a_worker_thread() -> None:
    found: list[RenderResult] = []
    source = "{% for i in range(100000) %}{{ i }}{% endfor %}"
    context = build_context({}, {})
    thread = threading.Thread(
        target=lambda: found.append(compile_template(source).render(context, seconds=1e-9))
    )
    thread.start()
    thread.join()
    assert "took longer than" in refusal(found[0])[1]


def test_a_shared_compiled_shape_reports_the_line_of_the_source_rendered() -> None:
    for prose in ("a", "b", "c\n\n"):  # the third source has the same tags, two lines lower
        result = render(prose + "\n{{ 'a' * 10**10 }}")
    assert refusal(result)[0] == 4


def test_normal_templates_render_as_before() -> None:
    source = (
        "{{ data.question }} {% for i in range(3) %}{{ loop.index }}/{{ loop.length }} "
        "{% endfor %}{{ 'ab' ~ 'c' }} {{ [1, 2]|join(',') }} {{ 2**10 }} {{ '%3s|' % 'a' }}"
        " {{ 'x' * 3 }} {{ [0] * 2 }} {{ '{:>4}'.format(7) }} {{ 'a b'.replace(' ', '-') }}"
        "{% for k in data.kids recursive %}[{{ k.n }}{{ loop(k.kids or []) }}]{% endfor %}"
    )
    kids = [{"n": 1, "kids": [{"n": 2}]}, {"n": 3}]
    result = render(source, kids=kids)
    assert result.ok, result.issues
    # A list printed whole shows one item per line.
    assert result.text == "Q? 1/3 2/3 3/3 abc 1,2 1024   a| xxx 0\n0    7 a-b[1[2]][3]"


def _plain(value: Any) -> Any:
    # What our renderer prints besides: a list of plain values one item per line.
    if isinstance(value, list | tuple) and all(isinstance(i, str | int | float) for i in value):
        return "\n".join(str(item) for item in value)
    return "" if value is None else value


PLAIN = SandboxedEnvironment(undefined=jinja2.ChainableUndefined, finalize=_plain)


@pytest.mark.parametrize("info", list_templates(), ids=lambda i: f"{i.id}-{i.language}")
def test_every_built_in_template_renders_as_in_a_plain_sandbox(info: Any) -> None:
    data = {
        "question": "What is 2+2?",
        "ref_answer": "4",
        "gt": "4",
        "history": "[USER] hi\n[BOT] hello",
        "response_a": {"content": "Four."},
        "response_b": {"content": "Five."},
        "checklist": ["correct", "brief"],
    }
    response = {"content": "It is 4.", "reasoning_content": "2+2=4"}
    context = build_context(data, response, variables=dict(info.variables))
    result = render_template(info.text, context)
    assert result.ok, result.issues
    assert result.text == PLAIN.from_string(info.text).render(context)


def test_the_preview_shows_the_refusal_as_a_problem() -> None:
    preview = preview_prompt("Hello\n{{ 9**(9**9) }}", "Be fair.")
    assert not preview.prompt.ok
    (issue,) = preview.prompt.issues
    assert (issue.kind, issue.line) == ("limit", 2)
    assert "more than 4,300 digits" in str(issue)


def test_render_prompt_takes_the_projects_time_limit(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1")
    project.write_template(
        project.judges[0], "{% for i in range(100000) %}{{ data.question }}{% endfor %}"
    )
    project.run.render_seconds = 1e-9
    project.save()
    project = load_project(project.root)
    assert project.run.render_seconds == 1e-9
    prompt = render_prompt(project, project.judges[0], {"question": "Q"}, {"content": "A"})
    assert not prompt.ok and prompt.issues[0].kind == "limit"
    prompt = render_prompt(
        project, project.judges[0], {"question": "Q"}, {"content": "A"}, render_seconds=60
    )
    assert prompt.ok


def test_a_row_whose_data_blows_the_template_up_fails_alone(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as server:
        project = make_project(tmp_path / "p", server.base_url, rows=4)
        path = project.dataset_path()
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        for row in rows:
            row["n"] = 10**10 if row["id"] == "r2" else 1
        path.write_text("".join(json.dumps(row) + "\n" for row in rows))
        project.write_template(
            project.judges[0], "Judge item: {{ data.question }}\n{{ 'x' * data.n }}\nScore: [[n]]"
        )
        figures = run(project).to_dict()
        asked = len(server.requests)
    assert (figures["ok"], figures["error"]) == (3, 1)
    assert asked == 3
    with Store(project.store_path) as store:
        latest = store.latest_results()
    assert latest[2].status == "error"
    assert "line 2: This template makes a text longer than" in latest[2].error
    assert [latest[i].status for i in (0, 1, 3)] == ["ok", "ok", "ok"]


LARGE = {
    "lists": [[0] * 1000] * 2000,
    "many": list(range(1_000_001)),
    "words": "ab " * 1000,
    "links": ("www." + "a" * 2000 + ".org ") * 1300,
}

REFUSED_ON_LARGE_DATA = [
    ("{{ data.lists|sum(start=[]) }}", "a list of more than 1,000,000 items (lists added"),
    ("{{ data.many|sort|length }}", "sorts more than 100,000 items (sort)"),
    ("{{ data.many|map('string')|sort|first }}", "sorts more than 100,000 items (sort)"),
    ("{{ data.many|groupby('real')|length }}", "sorts more than 100,000 items (groupby)"),
    ("{{ data.many|unique|list|length }}", "loops go round more than 1,000,000 times"),
    ("{{ data.words|wordwrap(1, wrapstring='x' * 100000)|length }}", "(wordwrap)"),
    ("{{ data.links|urlize|length }}", "(urlize)"),
    ("{{ 'a.co b.co'|urlize(target='t' * 3000000)|length }}", "(urlize)"),
]


@pytest.mark.parametrize(("source", "reason"), REFUSED_ON_LARGE_DATA)
def test_filters_on_large_data_are_refused_before_the_work(source: str, reason: str) -> None:
    line, message = refusal(render(source, **LARGE))
    assert line == 1
    assert reason in message


BOUNDED_FILTERS = [
    "{{ [[1, 2], [3]]|sum(start=[0]) }} {{ [(1,), (2,)]|sum(start=()) }} {{ [1, 2]|sum }}",
    "{{ data.people|sum(attribute='tags', start=[]) }} {{ data.people|sum(attribute='age') }}",
    "{{ ['b', 'A', 'c']|sort }} {{ data.people|sort(attribute='age', reverse=true) }}",
    "{{ {'b': 1, 'a': 2}|dictsort }} {{ data.people|groupby('age') }}",
    "{{ ['a', 'A', 'b']|unique|list }} {{ 'x-y z'|unique|list }}",
    "{{ data.text|wordwrap(7) }}|{{ data.text|wordwrap(3, wrapstring='<br>') }}",
    "{{ data.text|urlize(20, true, target='_blank') }}",
    "{{ data.long|urlize }}",
]


@pytest.mark.parametrize("source", BOUNDED_FILTERS)
def test_bounded_filters_give_what_jinja_gives(source: str) -> None:
    people = [{"age": 3, "tags": ["x"]}, {"age": 1, "tags": ["y", "z"]}]
    text = "Read https://example.com/a?b=1&c=2 or mail me@example.org.\nwww.x.org (see)"
    # Links on both sides of where urlize cuts the text into pieces.
    long = " ".join(f"w{i} www.s{i}.org," for i in range(3000))
    data = {"people": people, "text": text, "long": long}
    result = render(source, **data)
    assert result.ok, result.issues
    context = build_context({"question": "Q?", **data}, {"content": "A."})
    assert result.text == PLAIN.from_string(source).render(context)


def test_sum_of_lists_keeps_the_error_of_adding_different_kinds() -> None:
    result = render("{{ [[1], (2,)]|sum(start=[]) }}")
    assert not result.ok
    assert "tuple" in result.errors[0].message


def test_limits_are_sensible() -> None:
    assert limits.RANGE_ITEMS <= 100_000  # no more than Jinja2's own sandbox allows
    assert limits.SORT_ITEMS <= 100_000  # sorted in well under a second
    assert limits.RENDER_SECONDS == 2.0


def test_judgedesk_render_says_why_and_exits_as_for_other_template_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "qa.jsonl"
    source.write_text(json.dumps({"question": "Q", "response": "R"}) + "\n")
    template = tmp_path / "t.j2"
    template.write_text("{{ data.question }}\n{{ 9**(9**9) }}\nScore: [[n]]")
    project = tmp_path / "p"
    new = ["new", str(project), "--dataset", str(source), "--template", str(template)]
    assert main(new) == 0
    capsys.readouterr()
    assert main(["render", str(project), "--row", "0"]) == EXIT_USAGE
    out, err = capsys.readouterr()
    assert out == ""
    assert "error: line 2: This template computes a number with more than 4,300 digits" in err
