"""The live preview of a judge's prompt for one row, and the names offered for completion."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judgedesk.core.dataset import Dataset, open_dataset
from judgedesk.core.template.preview import completion_names, preview_prompt
from judgedesk.resources import resource_path


@pytest.fixture
def dataset() -> Iterator[Dataset]:
    with open_dataset(resource_path("sample") / "data" / "sample.jsonl") as opened:
        yield opened


def test_the_preview_renders_a_row_with_its_system_prompt(dataset: Dataset) -> None:
    source = "Q: {{ data.question }}\nA: {{ answer }}\nScale: {{ max_score }}"
    preview = preview_prompt(
        source, "Be fair.", variables={"max_score": 10}, dataset=dataset, row=2, judge="j"
    )
    assert preview.row == 2 and preview.row_id == "geo-3"
    assert preview.prompt.user == (
        "Q: What is the highest mountain in Africa?\n"
        "A: Mount Kenya is the highest mountain in Africa.\nScale: 10"
    )
    assert preview.prompt.system == "Be fair." and preview.prompt.judge == "j"
    assert preview.prompt.issues == ()
    assert preview.tokens > 20
    assert "content" in preview.response_keys


def test_undefined_empty_and_syntax_problems_come_with_lines(dataset: Dataset) -> None:
    preview = preview_prompt("Hi\n{{ data.nope }}\n{{ data.gt }}", dataset=dataset, row=0)
    kinds = {(i.kind, i.line, i.name) for i in preview.prompt.issues}
    assert ("undefined", 2, "data.nope") in kinds
    assert ("none", 3, "data.gt") in kinds
    broken = preview_prompt("a\nb\n{% if %}", dataset=dataset, row=0)
    assert not broken.prompt.ok
    assert [(i.kind, i.line) for i in broken.prompt.issues] == [("syntax", 3)]


def test_without_a_row_only_errors_are_reported() -> None:
    preview = preview_prompt("{{ data.question }}", "sys")
    assert preview.row is None and preview.prompt.issues == ()
    assert preview.tokens == 1  # "sys"
    assert not preview_prompt("{% for %}").prompt.ok


def test_a_row_that_cannot_be_read_is_explained(dataset: Dataset) -> None:
    preview = preview_prompt("{{ data.question }}", dataset=dataset, row=999)
    assert preview.row is None and preview.prompt.user == ""
    assert preview.prompt.issues[0].kind == "row"
    assert "Row 1000 cannot be read" in preview.prompt.issues[0].message


def test_completion_names_put_short_names_first_without_repeats(dataset: Dataset) -> None:
    names = completion_names(dataset.fields(), ["max_score", "question"], ["score"])
    assert names[:4] == ["question", "ref_answer", "answer", "history"]
    assert "max_score" in names and "preprocess_result" in names
    assert names.index("max_score") < names.index("data.question")
    for name in ("data.question", "data.category", "data.ref_answer", "data.gt"):
        assert name in names
    assert "response.content" in names and "response.reasoning_content" in names
    assert "response.score" in names
    assert len(names) == len(set(names))
