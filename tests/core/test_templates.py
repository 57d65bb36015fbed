"""Template rendering: context, issues with positions, sandbox, variable listing."""

from __future__ import annotations

import pytest

from judgedesk.core.template.render import (
    build_context,
    compile_template,
    render_template,
)


def context(**data: object) -> dict[str, object]:
    row = {"question": "What is 2+2?", "gt": "4", "history": None, "ref_answer": None}
    row.update(data)
    return build_context(
        row, {"content": "It is 4.", "reasoning_content": None}, variables={"max_score": 10}
    )


def test_renders_fields_aliases_and_variables() -> None:
    source = (
        "Q: {{ data.question }}|{{ question }}\nR: {{ ref_answer }}\n"
        "A: {{ response.content }}|{{ answer }}\nmax {{ max_score }}"
    )
    result = render_template(source, context())
    assert result.ok
    assert result.text == "Q: What is 2+2?|What is 2+2?\nR: 4\nA: It is 4.|It is 4.\nmax 10"


def test_ref_answer_alias_prefers_the_reference_over_the_final_turn() -> None:
    assert render_template("{{ ref_answer }}", context(ref_answer="four")).text == "four"


def test_none_renders_empty_and_is_reported_with_its_position() -> None:
    result = render_template("Q: {{ data.question }}\nH: {{ data.history }}", context())
    assert result.text == "Q: What is 2+2?\nH: "
    [issue] = result.issues
    assert (issue.kind, issue.name, issue.line, issue.column, issue.length) == (
        "none",
        "data.history",
        2,
        7,
        len("data.history"),
    )
    assert issue.severity == "warning"


def test_empty_string_is_reported() -> None:
    result = render_template("{{ data.gt }}", context(gt=""))
    assert [(i.kind, i.name) for i in result.issues] == [("empty", "data.gt")]


def test_undefined_names_and_fields_are_listed_with_lines() -> None:
    source = "a {{ data.qestion }}\n\nb {{ scene_desc }} {{ data.meta.lang }}"
    result = render_template(source, context())
    assert result.ok  # missing values never stop a render
    found = {(i.kind, i.name, i.line, i.column) for i in result.issues}
    assert found == {
        ("undefined", "data.qestion", 1, 6),
        ("undefined", "scene_desc", 3, 6),
        ("undefined", "data.meta", 3, 23),
    }
    assert all("not defined" in i.message for i in result.issues)


def test_guarding_an_optional_section_reports_nothing() -> None:
    source = "{% if data.history %}History: {{ data.history }}{% endif %}Q"
    result = render_template(source, context())
    assert result.text == "Q"
    assert result.issues == ()


def test_loop_over_messages() -> None:
    source = "{% for m in data.messages %}[{{ m.role }}] {{ m.content }}\n{% endfor %}"
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    assert render_template(source, context(messages=messages)).text == (
        "[user] hi\n[assistant] hello\n"
    )


@pytest.mark.parametrize(
    ("source", "line", "column", "words"),
    [
        ("ok\n{{ foo( }}", 2, 9, "unexpected '}'"),
        ("ok\n{% if x %}\nnever closed", 2, 1, "block is not closed"),
        ("{{ x | no_such_filter }}", 1, 1, "filter does not exist"),
        ("line one\nline {{ two }} {% endfor %}", 2, 16, "endfor"),
    ],
)
def test_syntax_errors_have_line_and_column(
    source: str, line: int, column: int, words: str
) -> None:
    compiled = compile_template(source)
    assert not compiled.ok
    [issue] = compiled.issues
    assert issue.kind == "syntax" and issue.severity == "error"
    assert (issue.line, issue.column) == (line, column)
    assert words in issue.message
    result = compiled.render(context())
    assert not result.ok and result.text == ""


@pytest.mark.parametrize(
    "source",
    [
        "{{ ''.__class__.__mro__ }}",
        "{{ data.__class__ }}",
        "{{ data['__class__'] }}",
        "{% if ''.__class__ %}x{% endif %}",
        "{{ response.content.__class__.__base__.__subclasses__() }}",
        "{{ cycler.__init__.__globals__ }}",
        "{{ data.update.__self__ }}",
    ],
)
def test_sandbox_refuses_python_internals(source: str) -> None:
    result = render_template(source, context())
    assert not result.ok
    [issue] = result.errors
    assert issue.kind == "security"
    assert "not allowed" in issue.message
    assert issue.line == 1


def test_runtime_error_is_an_issue_not_an_exception() -> None:
    result = render_template("ok\n{{ max_score / 0 }}", context())
    assert not result.ok
    assert result.errors[0].line == 2
    assert "ZeroDivisionError" in result.errors[0].message


def test_variables_and_paths_are_listed() -> None:
    compiled = compile_template(
        "{% set x = 1 %}{{ data.question }} {{ response['content'] }} {{ max_score }}"
        "{% for m in data.messages %}{{ m.content }}{% endfor %}{{ x }}"
    )
    assert compiled.variables() == ["data", "max_score", "response"]
    assert compiled.paths() == ["data.messages", "data.question", "max_score", "response.content"]


def test_compilation_is_cached() -> None:
    assert compile_template("{{ a }}") is compile_template("{{ a }}")


def test_chinese_text_and_columns() -> None:
    result = render_template("问题：{{ data.missing }}", context())
    [issue] = result.issues
    assert (issue.line, issue.column) == (1, 7)


@pytest.mark.parametrize(
    "tag",
    [
        '{% include "/etc/hostname" %}',
        '{% import "macros.j2" as m %}',
        '{% from "macros.j2" import x %}',
        '{% extends "base.j2" %}',
    ],
)
def test_a_template_cannot_read_other_files(tag: str) -> None:
    compiled = compile_template(f"Judge this.\n{tag}\n")
    assert not compiled.ok
    (issue,) = compiled.issues
    assert issue.line == 2
    assert "cannot include, import or extend other files" in issue.message
