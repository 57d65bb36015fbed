"""Templates compiled by shape: prose edits reuse the compiled code and render the same."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judgedesk.core.template.compile import TemplateCompiler
from judgedesk.core.template.render import (
    ENVIRONMENT,
    CompiledTemplate,
    build_context,
    compile_template,
)


def context() -> dict[str, object]:
    return build_context(
        {"question": "Why?", "gt": "", "history": None, "items": ["a", "b"]},
        {"content": "Because."},
        variables={"max_score": 5},
    )


def whole(source: str) -> CompiledTemplate:
    """The same template compiled the plain way, texts in the code."""
    found = TemplateCompiler(ENVIRONMENT).compile_whole(source)
    return CompiledTemplate(source, (), found.uses, found.template, found.names)


def test_sources_that_differ_in_prose_share_their_compiled_code() -> None:
    first = compile_template("Rate {{ data.question }} from 1 to {{ max_score }}.")
    # A shape seen once is compiled whole (typing inside a tag makes a new one each
    # time); from the second time on, its code is shared.
    compile_template("Rate {{ data.question }} from 1 to {{ max_score }}!")
    second = compile_template("Grade {{ data.question }} from one to {{ max_score }}!")
    third = compile_template("Grade {{ data.question }} from one to {{ max_score }}!!")
    assert second._template is third._template
    assert first.render(context()).text == "Rate Why? from 1 to 5."
    assert second.render(context()).text == "Grade Why? from one to 5!"
    assert third.render(context()).text == "Grade Why? from one to 5!!"
    assert second.variables() == ["data", "max_score"]  # the texts' own name is hidden
    other = compile_template("Rate {{ data.gt }} from 1 to {{ max_score }}.")
    assert other._template is not second._template  # another tag: another shape


def test_positions_follow_prose_that_moved_lines_and_columns() -> None:
    compile_template("Q: {{ data.nope }} {{ data.gt }}")
    compile_template("Q: {{ data.nope }} {{ data.gt }}.")
    moved = compile_template("Intro\n\nThe question: {{ data.nope }} {{ data.gt }}")
    issues = moved.render(context()).issues
    found = {(i.kind, i.name, i.line, i.column) for i in issues}
    assert found == {("undefined", "data.nope", 3, 18), ("empty", "data.gt", 3, 34)}
    assert [(u.path, u.line, u.column) for u in moved.uses] == [
        ("data.nope", 3, 18),
        ("data.gt", 3, 34),
    ]


def test_a_failure_reports_the_line_in_the_edited_source() -> None:
    compile_template("{{ data.question.nothing() }}")
    compile_template("{{ data.question.nothing() }}.")
    result = compile_template("one\ntwo\n{{ data.question.nothing() }}").render(context())
    assert not result.ok and result.issues[0].line == 3


def test_whitespace_control_and_raw_blocks_render_as_jinja_does() -> None:
    source = (
        "A  {%- if data.question %}  yes  {% endif -%}  B\n"
        "{% raw %}{{ kept }}{% endraw %} {# gone #} C\n"
        "{% for x in data['items'] %}[{{ x }}]{% else %}none{% endfor %}\n"
    )
    assert compile_template(source).render(context()).text == (whole(source).render(context()).text)
    assert compile_template(source).render(context()).text == "A  yes  B\n{{ kept }}  C\n[a][b]"


_PROSE = st.text(alphabet="ab \n-+%#{}é中", max_size=6).map(
    lambda t: t.replace("{", "(").replace("}", ")")  # no tags hidden in the prose
)
_TAGS = st.sampled_from(
    [
        "{{ data.question }}",
        "{{- answer -}}",
        "{{ data.nope }}",
        "{{ data.gt }}",
        "{{ max_score + 1 }}",
        "{%- if data.question %}Y{% else -%} N {%- endif %}",
        "{% for x in data['items'] -%} <{{ x }}> {%- endfor %}",
        "{# note #}",
        "{% raw %} {{ raw }} {% endraw %}",
        "{% set s = 'v' %}{{ s }}",
        "{{\n  data.nope\n}}",
        "{% if data.gt\n %}E{% endif %}",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_PROSE, _TAGS), max_size=6), _PROSE, _PROSE)
def test_shared_code_renders_exactly_as_a_whole_compile(
    parts: list[tuple[str, str]], tail: str, edit: str
) -> None:
    source = "".join(prose + tag for prose, tag in parts) + tail
    edited = "".join(edit + prose + tag for prose, tag in parts) + tail + edit
    for text in (source, source + ".", edited):  # the last ones may share code
        expected = whole(text).render(context())
        got = compile_template(text).render(context())
        assert got.text == expected.text
        assert got.issues == expected.issues
        assert compile_template(text).uses == whole(text).uses
