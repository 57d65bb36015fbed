"""Converting {$name} and {name} placeholder styles to Jinja2."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgedesk.core.errors import TemplateError
from judgedesk.core.template.convert import (
    convert_placeholders,
    detect_style,
    read_prompt_file,
    review_conversion,
)
from judgedesk.core.template.render import build_context, render_template

PAIRWISE = """## History
<|begin_of_history|>
{$history}
<|end_of_history|>
## Query
{$user_query}
## Response A
{$candidate_A}
## Response B
{$candidate_B}
## Checklist
{$checklist}
Answer in this shape:
```
{
"analysis of A": "[...]",
"choice": "[A++ or A+ or A=B or B+ or B++]",
}
```"""


def test_dollar_style_maps_known_names_and_keeps_json_braces() -> None:
    conversion = convert_placeholders(PAIRWISE)
    assert conversion.style == "dollar"
    assert conversion.names == [
        "data.history",
        "data.question",
        "response_a.content",
        "response_b.content",
        "checklist",
    ]
    assert '{\n"analysis of A": "[...]",' in conversion.text
    assert conversion.replacements[1].line == 6
    data = {
        "history": "[USER] hi",
        "question": "Why?",
        "response_a": {"content": "A says"},
        "response_b": {"content": "B says"},
    }
    ctx = build_context(data, {"content": None}, variables={"checklist": "- accurate?"})
    result = render_template(conversion.text, ctx)
    assert result.ok and not result.issues
    assert "[USER] hi" in result.text and "A says" in result.text and "- accurate?" in result.text
    assert '"choice": "[A++ or A+ or A=B or B+ or B++]"' in result.text


def test_brace_style_uses_dataset_fields() -> None:
    text = (
        "Question: {problem}\nReference Answer: {answer}\nModel Response: {prediction}\n"
        'Reply {"verdict": "A"} if correct.'
    )
    conversion = convert_placeholders(text, fields=["problem", "answer"])
    assert conversion.style == "brace"
    assert conversion.names == ["data.problem", "data.answer", "response.content"]
    ctx = build_context({"problem": "Capital of France?", "answer": "Paris"}, {"content": "Paris"})
    rendered = render_template(conversion.text, ctx).text
    assert rendered == (
        "Question: Capital of France?\nReference Answer: Paris\n"
        'Model Response: Paris\nReply {"verdict": "A"} if correct.'
    )


def test_jinja_delimiters_in_imported_text_stay_literal() -> None:
    conversion = convert_placeholders("Use {{ and {% as text. Q: {$user_query}")
    rendered = render_template(conversion.text, build_context({"question": "x"}, {})).text
    assert rendered == "Use {{ and {% as text. Q: x"


def test_explicit_rename_wins() -> None:
    conversion = convert_placeholders("{$user_query}", rename={"user_query": "data.prompt"})
    assert conversion.text == "{{ data.prompt }}"


def test_detect_style() -> None:
    assert detect_style("{{ data.question }}") == "jinja"
    assert detect_style("{$x} and {{ y }}") == "dollar"
    assert detect_style("Q: {problem}") == "brace"
    assert detect_style('JSON only: {"a": 1}') == "jinja"
    assert convert_placeholders("{{ data.question }}").replacements == ()


def test_a_conversion_lists_what_to_check() -> None:
    text = "Q: {$question}\nA: {$response}\nC: {$criteria} {$answer}\nJSON {other} {{ x"
    fields = ["question", "response", "id"]
    conversion = convert_placeholders(text, fields=fields)
    notes = review_conversion(text, conversion, fields=fields, variables=["max_score"])
    assert [(n.kind, n.line, n.text) for n in notes] == [
        ("field", 2, "{$response}"),
        ("variable", 3, "{$criteria}"),
        ("other-style", 4, "{other}"),
        ("literal", 4, "{{"),
    ]
    assert notes[0].expression == "data.response" and "response.content" in notes[0].message
    # A project variable of that name is not a surprise.
    conversion = convert_placeholders("{$criteria}")
    assert review_conversion("{$criteria}", conversion, variables=["criteria"]) == []
    plain = convert_placeholders("Nothing {{ here }}")
    assert [n.kind for n in review_conversion("Nothing {{ here }}", plain)] == ["nothing"]


def test_prompt_files_are_read_in_their_encoding(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_bytes("问题：{$question}\r\n回答：{$prediction}".encode("gb18030"))
    assert read_prompt_file(path) == "问题：{$question}\n回答：{$prediction}"
    path.write_bytes("Q {$question}".encode("utf-16"))
    assert read_prompt_file(path) == "Q {$question}"
    with pytest.raises(TemplateError, match="does not exist"):
        read_prompt_file(tmp_path / "missing.txt")
    path.write_bytes(b"\x00\x01\x02\x03" * 10)
    with pytest.raises(TemplateError):
        read_prompt_file(path)
