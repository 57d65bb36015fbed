"""A list printed by ``{{ }}`` shows one item per line, in built-in and imported templates."""

from __future__ import annotations

import pytest

from judgedesk.core.template.convert import convert_placeholders, review_conversion
from judgedesk.core.template.render import RenderResult, build_context, render_template

# A pairwise prompt in seed 002's shape ({$name} placeholders, a checklist section and a
# JSON answer with braces that must stay as they are). Our own wording.
PAIRWISE_002 = """# Task
Compare two assistant responses to the same user query.

## History
<|begin_of_history|>
{$history}
<|end_of_history|>

## Current User Query
<|begin_of_query|>
{$user_query}
<|end_of_query|>

## Response A
<|begin_of_response_A|>
{$candidate_A}
<|end_of_response_A|>

## Response B
<|begin_of_response_B|>
{$candidate_B}
<|end_of_response_B|>

## Checklist
<|begin_of_checklist|>
{$checklist}
<|end_of_checklist|>

Answer with:
```
{
"choice": "[A++ or A+ or A=B or B+ or B++]",
}
```"""

CHECKLIST = [
    "Does the response name a concrete bus line?",
    "Does it give the fare in euros?",
    "Does it mention the night service?",
]
ROW = {
    "id": "bus-7",
    "history": "[USER] I land in Lisbon at 23:00.\n[BOT] Welcome! How can I help?",
    "question": "How do I get from the airport to the centre?",
    "response_a": {"content": "Take the Aerobus, 4 euros; at night take bus 208."},
    "response_b": {"content": "A taxi is easiest."},
    "checklist": CHECKLIST,
}


def _render(
    source: str, data: dict[str, object], variables: dict[str, object] | None = None
) -> RenderResult:
    return render_template(source, build_context(data, {"content": None}, variables=variables))


def test_an_imported_002_template_renders_the_checklist_one_item_per_line() -> None:
    conversion = convert_placeholders(PAIRWISE_002, fields=list(ROW))
    assert "{{ data.checklist }}" in conversion.text
    result = _render(conversion.text, ROW)
    assert result.ok and not result.issues, result.issues
    lines = "\n".join(CHECKLIST)
    assert f"<|begin_of_checklist|>\n{lines}\n<|end_of_checklist|>" in result.text
    assert "['" not in result.text
    assert '"choice": "[A++ or A+ or A=B or B+ or B++]",' in result.text


def test_an_imported_checklist_may_be_a_project_variable_holding_a_list() -> None:
    data = {key: value for key, value in ROW.items() if key != "checklist"}
    conversion = convert_placeholders(PAIRWISE_002, fields=list(data))
    assert "{{ checklist }}" in conversion.text
    notes = review_conversion(PAIRWISE_002, conversion, fields=list(data), variables=["checklist"])
    assert not [n for n in notes if n.kind == "variable"]
    result = _render(conversion.text, data, {"checklist": ("Is it short?", "Is it right?")})
    assert "<|begin_of_checklist|>\nIs it short?\nIs it right?\n<|end_of_checklist|>" in result.text


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("{{ data.checklist }}", "\n".join(CHECKLIST)),
        ("{{ numbers }}", "1\n2.5\nTrue"),
        # Loops and filters still see the list itself.
        (
            "{% for item in data.checklist %}- {{ item }}\n{% endfor %}",
            "".join(f"- {item}\n" for item in CHECKLIST),
        ),
        ("{{ data.checklist | length }}", "3"),
        ("{{ numbers | join(', ') }}", "1, 2.5, True"),
        ("{{ numbers | tojson }}", "[1, 2.5, true]"),
        ("{{ data.checklist | first }}", CHECKLIST[0]),
        # Anything but a list of plain values prints as before.
        ("{{ data.rubric }}", "{'accuracy': 2}"),
        ("{{ data.turns }}", "[{'role': 'user'}]"),
        ("{{ data.response_a }}", "Take the Aerobus, 4 euros; at night take bus 208."),
    ],
)
def test_a_list_prints_one_item_per_line_and_stays_a_list_elsewhere(
    source: str, expected: str
) -> None:
    data = {**ROW, "rubric": {"accuracy": 2}, "turns": [{"role": "user"}]}
    result = _render(source, data, {"numbers": [1, 2.5, True]})
    assert result.ok and not result.issues, result.issues
    assert result.text == expected


def test_an_empty_list_prints_nothing_and_says_so() -> None:
    result = _render("Checklist:\n{{ data.checklist }}", {**ROW, "checklist": []})
    assert result.ok and result.text == "Checklist:\n"
    (issue,) = result.issues
    assert issue.kind == "empty" and issue.name == "data.checklist"


def test_a_list_too_long_to_print_is_refused() -> None:
    result = _render("{{ data.checklist }}", {**ROW, "checklist": ["x"] * 3_000_000})
    assert not result.ok
    assert result.errors[0].kind == "limit"
