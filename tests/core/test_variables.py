"""Project variables: kinds, typed values, names, what templates need, undo and saving."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.project.settings import load_project
from judgedesk.core.project.workspace import Workspace
from judgedesk.core.template.library import get_template
from judgedesk.core.template.variables import (
    VariableError,
    check_name,
    convert_kind,
    format_value,
    kind_of,
    new_name,
    parse_value,
    renamed,
    template_needs,
)
from judgedesk.resources import resource_path


def test_typed_values_keep_their_kind() -> None:
    assert parse_value("10", "number") == 10 and isinstance(parse_value("10", "number"), int)
    assert parse_value(" 0.5 ", "number") == 0.5
    assert parse_value("10", "text") == "10"
    assert parse_value("Yes", "boolean") is True and parse_value("否", "boolean") is False
    with pytest.raises(VariableError) as error:
        parse_value("ten", "number")
    assert error.value.code == "not-number" and "Type a number" in str(error.value)
    for bad in ("nan", "inf"):
        with pytest.raises(VariableError):
            parse_value(bad, "number")
    with pytest.raises(VariableError) as error:
        parse_value("maybe", "boolean")
    assert error.value.code == "not-boolean"
    assert [kind_of(v) for v in ("a", 1, 1.5, True, [1])] == [
        "text",
        "number",
        "number",
        "boolean",
        "other",
    ]
    assert [format_value(v) for v in ("a", 3, 0.25, False, ["x"])] == [
        "a",
        "3",
        "0.25",
        "false",
        '["x"]',
    ]


def test_changing_a_kind_converts_the_value() -> None:
    assert convert_kind(10, "text") == "10"
    assert convert_kind("7", "number") == 7
    assert convert_kind(True, "number") == 1
    assert convert_kind(0, "boolean") is False
    assert convert_kind("true", "boolean") is True
    with pytest.raises(VariableError):
        convert_kind("a long text", "number")


def test_names_must_be_names_a_template_can_write() -> None:
    assert check_name(" max_score ", ["min_score"]) == "max_score"
    cases = {"": "no-name", "2nd": "bad-name", "a b": "bad-name", "data": "reserved"}
    for name, code in cases.items():
        with pytest.raises(VariableError) as error:
            check_name(name)
        assert error.value.code == code
    with pytest.raises(VariableError) as error:
        check_name("max_score", ["max_score"])
    assert error.value.code == "taken" and error.value.subject == "max_score"
    assert new_name([]) == "variable"
    assert new_name(["variable", "variable_2"]) == "variable_3"
    assert list(renamed({"a": 1, "b": 2, "c": 3}, "b", "z")) == ["a", "z", "c"]


def test_what_a_built_in_template_needs_from_the_project() -> None:
    info = get_template("multidim_json")
    needs = template_needs(info.text, {"max_score": 5}, info.variables)
    assert needs.variables[:2] == ("max_score", "evaluation_scene")
    assert set(needs.missing) == {
        "evaluation_scene",
        "scene_desc",
        "evaluation_metric",
        "score_details",
        "steps",
    }
    assert needs.missing["evaluation_scene"] == "General assistant"
    assert "data.question" in needs.row_values and "response.content" in needs.row_values
    own = template_needs("{{ tone }} {{ answer }} {% for x in data.items %}{{ x }}{% endfor %}", {})
    assert own.variables == ("tone",) and own.missing == {"tone": ""}
    assert template_needs("{% if %}", {}).variables == ()


def test_variable_changes_are_undone_announced_and_saved(tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    workspace = Workspace()
    seen: list[dict[str, Any]] = []
    workspace.sig_variables_changed.connect(lambda v: seen.append(dict(v)))
    project = workspace.open_project(folder)
    variables = project.variables
    workspace.change_variables({**variables, "tone": "polite"}, "Add", None)
    assert project.variables is variables and variables["tone"] == "polite"
    assert workspace.dirty and seen[-1]["tone"] == "polite"
    for text in ("p", "pl"):
        workspace.change_variables({**variables, "tone": text}, "Type", ("value", "tone"))
    assert workspace.undo.undo()
    assert variables["tone"] == "polite" and seen[-1]["tone"] == "polite"
    assert workspace.undo.undo()
    assert "tone" not in variables and not workspace.dirty
    assert workspace.undo.redo()
    # Reordering only is a change too; no change at all is not recorded.
    workspace.change_variables(dict(reversed(list(variables.items()))), "Reorder")
    assert workspace.undo.undo_label == "Reorder"
    workspace.change_variables(dict(variables), "Nothing")
    assert workspace.undo.undo_label == "Reorder"
    # An empty text is a variable like any other: it is saved.
    workspace.change_variables({**variables, "notes": ""}, "Add")
    workspace.save_project()
    again = load_project(folder)
    assert again.variables["notes"] == "" and again.variables["max_score"] == 10
