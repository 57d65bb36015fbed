"""Deriving data/response from records: chats, mappings, copies, suggested mappings."""

from __future__ import annotations

from typing import Any

import pytest

from judgedesk.core.dataset import (
    ROLES,
    build_row,
    derive_chat_fields,
    render_history,
    suggest_mapping,
)
from judgedesk.core.dataset.mapping import lookup
from judgedesk.core.dataset.rows import data_field, derive_data
from judgedesk.core.errors import DatasetError

SYSTEM = (
    "You are an intelligent assistant developed by Company A, capable of accurately "
    "answering user questions."
)
FIRST_QUESTION = "Hello, could you help explain the general theory of relativity to me?"
FIRST_ANSWER = (
    "The general theory of relativity was proposed by Einstein, introducing the "
    "relationship between the gravitational field and the curvature of spacetime."
)
SECOND_QUESTION = "Then what is special relativity?"
SECOND_ANSWER = (
    "When an object moves at speeds approaching the speed of light, time, space, mass, and "
    "energy all exhibit laws entirely different from everyday experience, and the speed of "
    "light is the ultimate speed limit for all objects in the universe."
)


def chat(*pairs: tuple[str, Any]) -> list[dict[str, Any]]:
    return [{"role": role, "content": content} for role, content in pairs]


# --- the seed's examples -------------------------------------------------------------


def test_single_turn_example_has_no_history() -> None:
    record = {
        "messages": chat(
            ("user", "What is the core content of Newton's First Law?"),
            ("assistant", "Every object remains at rest, or in motion at a constant speed."),
        ),
    }
    data = build_row(record, 0).data
    assert data["question"] == "What is the core content of Newton's First Law?"
    assert data["gt"] == "Every object remains at rest, or in motion at a constant speed."
    assert data["history"] is None
    assert data["ref_answer"] is None
    assert data["messages"] == record["messages"]


def test_multi_turn_example_concatenates_exactly() -> None:
    record = {
        "messages": chat(
            ("system", SYSTEM),
            ("user", FIRST_QUESTION),
            ("assistant", FIRST_ANSWER),
            ("user", SECOND_QUESTION),
            ("assistant", SECOND_ANSWER),
        ),
        "response": {
            "content": "Special relativity primarily studies the laws of motion.",
            "reasoning_content": "The user is asking about special relativity.",
        },
    }
    row = build_row(record, 3)
    assert row.data["history"] == (
        f"[SYSTEM] {SYSTEM}\n[USER] {FIRST_QUESTION}\n[BOT] {FIRST_ANSWER}"
    )
    assert row.data["question"] == SECOND_QUESTION
    assert row.data["gt"] == SECOND_ANSWER
    assert row.response == {
        "content": "Special relativity primarily studies the laws of motion.",
        "reasoning_content": "The user is asking about special relativity.",
        "tool_calls": None,
    }


def test_ref_answer_comes_from_the_record() -> None:
    record = {"messages": chat(("user", "q")), "ref_answer": "Hot and rainy."}
    assert build_row(record, 0).data["ref_answer"] == "Hot and rainy."


# --- chat edge cases -----------------------------------------------------------------


def test_system_only_chat() -> None:
    assert derive_chat_fields(chat(("system", "Be brief."))) == (None, None, "[SYSTEM] Be brief.")


def test_chat_ending_with_a_user_turn_has_no_gt() -> None:
    question, gt, history = derive_chat_fields(
        chat(("user", "Hi"), ("assistant", "Hello!"), ("user", "Sum of 12 and 12?"))
    )
    assert (question, gt) == ("Sum of 12 and 12?", None)
    assert history == "[USER] Hi\n[BOT] Hello!"


def test_chat_without_a_user_message() -> None:
    question, gt, history = derive_chat_fields(chat(("system", "S"), ("assistant", "A")))
    assert question is None
    assert gt == "A"
    assert history == "[SYSTEM] S"


def test_empty_chat() -> None:
    assert derive_chat_fields([]) == (None, None, None)
    data = build_row({"messages": []}, 0).data
    assert (data["question"], data["gt"], data["history"]) == (None, None, None)


def test_tool_messages_and_tool_calls() -> None:
    messages = [
        {"role": "user", "content": "Weather in Paris?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "18°C, cloudy"},
        {"role": "assistant", "content": "It is 18°C and cloudy."},
    ]
    question, gt, history = derive_chat_fields(messages)
    assert question == "Weather in Paris?"
    assert gt == "It is 18°C and cloudy."
    assert history == '[BOT] (calls get_weather {"city": "Paris"})\n[TOOL] 18°C, cloudy'


def test_tool_call_with_content_and_a_legacy_function_call() -> None:
    history = render_history(
        [
            {
                "role": "assistant",
                "content": "Let me check.",
                "tool_calls": [{"function": {"name": "lookup", "arguments": {"q": "x"}}}],
            },
            {"role": "assistant", "content": "", "function_call": {"name": "now"}},
            {"role": "function", "name": "now", "content": "12:00"},
        ]
    )
    assert history == (
        '[BOT] Let me check. (calls lookup {"q": "x"})\n[BOT] (calls now)\n[TOOL] 12:00'
    )


def test_empty_and_none_contents() -> None:
    question, gt, history = derive_chat_fields(
        chat(("system", None), ("user", None), ("assistant", ""))
    )
    assert question == ""
    assert gt == ""
    assert history == "[SYSTEM]"


def test_list_of_parts_content() -> None:
    parts = [
        {"type": "text", "text": "What is in this picture?"},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
        {"type": "input_audio", "input_audio": {"data": "...", "format": "wav"}},
        {"type": "text", "text": "Answer briefly."},
    ]
    question, _, _ = derive_chat_fields([{"role": "user", "content": parts}])
    assert question == "What is in this picture?\n[image]\n[audio]\nAnswer briefly."


def test_other_roles_are_uppercased_and_multiline_content_is_kept() -> None:
    history = render_history(
        [
            {"role": "developer", "content": "Rules:\n1. be kind\n2. be brief"},
            {"content": "no role"},
            "not a message",  # type: ignore[list-item]
        ]
    )
    assert history == "[DEVELOPER] Rules:\n1. be kind\n2. be brief\n[UNKNOWN] no role"
    assert render_history([]) is None


def test_messages_that_are_not_objects_are_ignored() -> None:
    assert derive_chat_fields(["hello", None, {"role": "user", "content": "q"}]) == (
        "q",
        None,
        None,
    )
    assert derive_chat_fields("not a list") == (None, None, None)


def test_record_fields_survive_when_the_chat_gives_nothing() -> None:
    record = {"messages": chat(("system", "S")), "question": "own question", "gt": "own gt"}
    data = build_row(record, 0).data
    assert data["question"] == "own question"
    assert data["gt"] == "own gt"
    assert data["history"] == "[SYSTEM] S"


# --- records without messages, and mappings ------------------------------------------


def test_plain_record_without_mapping() -> None:
    row = build_row({"question": "2+2?", "gt": "4", "extra": 1}, 5, line=9)
    assert row.id == "5"
    assert row.line == 9
    assert row.data == {
        "question": "2+2?",
        "gt": "4",
        "extra": 1,
        "history": None,
        "ref_answer": None,
    }
    assert row.response == {"content": None, "reasoning_content": None, "tool_calls": None}


def test_mapping_question_reference_response_reasoning_id() -> None:
    record = {
        "uid": "q-17",
        "problem": "Capital of France?",
        "answer": "Paris",
        "prediction": "Paris.",
        "thoughts": "France's capital is Paris.",
    }
    mapping = {
        "question": "problem",
        "reference": "answer",
        "response": "prediction",
        "reasoning": "thoughts",
        "id": "uid",
    }
    row = build_row(record, 0, mapping)
    assert row.id == "q-17"
    assert row.data["question"] == "Capital of France?"
    assert row.data["ref_answer"] == "Paris"
    assert row.data["problem"] == "Capital of France?"
    assert row.response == {
        "content": "Paris.",
        "reasoning_content": "France's capital is Paris.",
        "tool_calls": None,
    }


def test_mapping_human_category_and_pairwise_responses() -> None:
    record = {"q": "x", "a": "first", "b": {"content": "second", "model": "m2"}, "h": 4}
    mapping = {"response_a": "a", "response_b": "b", "human": "h", "category": "meta.kind"}
    data = build_row(record, 0, mapping).data
    assert data["response_a"] == {"content": "first", "reasoning_content": None, "tool_calls": None}
    assert data["response_b"] == {
        "content": "second",
        "model": "m2",
        "reasoning_content": None,
        "tool_calls": None,
    }
    assert data["human"] == 4
    assert data["category"] is None  # mapped column missing in this record


def test_mapping_reaches_into_nested_fields() -> None:
    record = {"meta": {"category": "math"}, "response": {"text": "t"}, "out": {"content": "c"}}
    row = build_row(record, 0, {"category": "meta.category", "response": "out"})
    assert row.data["category"] == "math"
    assert row.response["content"] == "c"


def test_explicit_mapping_beats_conventional_fields() -> None:
    record = {"ref_answer": "old", "gold": "new", "response": "r1", "alt": "r2", "id": "a"}
    row = build_row(record, 0, {"reference": "gold", "response": "alt", "id": "missing"})
    assert row.data["ref_answer"] == "new"
    assert row.response["content"] == "r2"
    assert row.id == "a"  # the mapped id column is absent, so the id field is used


def test_response_shapes() -> None:
    assert build_row({"response": "text"}, 0).response["content"] == "text"
    completion = {"choices": [{"message": {"role": "assistant", "content": "hi"}}]}
    assert build_row({"response": completion}, 0).response["content"] == "hi"
    calls = [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}]
    response = build_row({"response": {"content": "", "tool_calls": calls, "x": 1}}, 0).response
    assert response == {"content": "", "tool_calls": calls, "x": 1, "reasoning_content": None}


def test_id_falls_back_to_position_when_blank() -> None:
    assert build_row({"id": ""}, 4).id == "4"
    assert build_row({"id": None}, 4).id == "4"
    assert build_row({"id": 12}, 4).id == "12"


def test_data_and_response_are_fresh_deep_copies() -> None:
    record = {"messages": chat(("user", "q")), "response": {"content": "c", "meta": [1]}}
    row = build_row(record, 0)
    data = row.data
    data["question"] = "changed"
    data["messages"].append({"role": "user", "content": "more"})
    response = row.response
    response["meta"].append(2)
    assert row.data["question"] == "q"
    assert len(row.data["messages"]) == 1
    assert row.response["meta"] == [1]
    assert record["response"] == {"content": "c", "meta": [1]}
    assert row.data is not row.data


# --- suggested mappings --------------------------------------------------------------


def test_suggest_mapping_from_common_names() -> None:
    fields = ["ID", "Problem", "Answer", "model_output", "human_score", "Type"]
    assert suggest_mapping(fields) == {
        "question": "Problem",
        "reference": "Answer",
        "response": "model_output",
        "id": "ID",
        "human": "human_score",
        "category": "Type",
    }


def test_suggest_mapping_prefers_earlier_candidates_and_never_reuses_a_column() -> None:
    fields = ["input", "prompt", "output", "label", "target"]
    mapping = suggest_mapping(fields)
    assert mapping["question"] == "prompt"
    assert mapping["reference"] == "target"
    assert mapping["response"] == "output"
    assert len(set(mapping.values())) == len(mapping)


def test_suggest_mapping_skips_question_and_reference_for_chats() -> None:
    fields = ["messages", "answer", "response", "meta", "meta.category", "question", "gt"]
    assert suggest_mapping(fields) == {"response": "response", "category": "meta.category"}


def test_suggest_mapping_uses_only_known_roles() -> None:
    assert set(suggest_mapping(["question", "answer", "response_a", "response_b"])) <= set(ROLES)
    assert suggest_mapping([]) == {}


def test_unknown_role_in_a_mapping_is_explained() -> None:
    from judgedesk.core.dataset.mapping import clean_mapping

    with pytest.raises(DatasetError, match="role 'answer'"):
        clean_mapping({"answer": "a"})
    assert clean_mapping({"question": "", "reference": "ref"}) == {"reference": "ref"}


@pytest.mark.parametrize(
    ("mapping", "column"),
    [
        ({}, "topic"),
        ({}, "meta.kind"),
        ({"category": "topic"}, "category"),
        ({"category": "meta.kind"}, "category"),
        ({"category": "absent"}, "category"),
        ({"human": "label"}, "human"),
        ({"question": "prompt"}, "question"),
        ({}, "question"),
        ({"response_a": "a"}, "response_a"),
        ({}, "absent"),
    ],
)
def test_one_data_field_reads_as_the_derived_data_does(
    mapping: dict[str, str], column: str
) -> None:
    records = [
        {"topic": "maths", "meta": {"kind": "easy"}, "prompt": "Why?", "label": 3, "a": "x"},
        {"topic": "law", "category": "own", "question": "Q", "meta": "flat"},
        {"messages": [{"role": "user", "content": "hi"}], "meta.kind": "dotted"},
    ]
    for record in records:
        assert data_field(record, mapping, column) == lookup(derive_data(record, mapping), column)
