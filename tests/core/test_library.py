"""Tests for the built-in template library and its scene presets."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import jinja2
import pytest
from jinja2 import meta
from jinja2.sandbox import SandboxedEnvironment

from judgedesk.core.errors import LibraryError
from judgedesk.core.judge.parsers import PARSERS as BUILT_IN_PARSERS
from judgedesk.core.judge.parsers import infer_parser, parse_verdict
from judgedesk.core.judge.structured import dimension_names
from judgedesk.core.template import library
from judgedesk.core.template.library import (
    LANGUAGES,
    MODES,
    PARSERS,
    SCENE_VARIABLES,
    ScenePreset,
    TemplateInfo,
    get_scene,
    get_template,
    list_scenes,
    list_templates,
)
from judgedesk.core.template.render import RESERVED_NAMES
from judgedesk.resources import resource_path

EXPECTED_IDS = [
    "score_single",
    "score_reference",
    "score_multi",
    "score_multi_reference",
    "compare_single",
    "compare_multi",
    "pairwise_checklist",
    "correctness_ab",
    "multidim_json",
    "prometheus_absolute",
    "mtbench_pair",
    "llmbar_pair",
    "judgelm_pair",
]
EXPECTED_PARSERS = {
    "score_single": "score",
    "score_reference": "score",
    "score_multi": "score",
    "score_multi_reference": "score",
    "compare_single": "comparison",
    "compare_multi": "comparison",
    "pairwise_checklist": "choice5",
    "correctness_ab": "correctness",
    "multidim_json": "json",
    "prometheus_absolute": "prometheus",
    "mtbench_pair": "mtbench_pair",
    "llmbar_pair": "llmbar",
    "judgelm_pair": "judgelm",
}
# Seed 000's four scoring methods (its two comparisons are compare_single, compare_multi).
SCORE_TEMPLATES = ("score_single", "score_reference", "score_multi", "score_multi_reference")
SCENE_IDS = ["translation", "data_extraction", "content_creation"]

# Everything the renderer puts in a template's context besides project variables.
RENDERER_NAMES = frozenset(RESERVED_NAMES)

# Section headers whose presence depends on the row, per language.
HEADERS = {
    "en": {
        "history": "[Conversation",
        "reference": "[Reference answer]",
        "reasoning": "reasoning (not shown to the user)]",
    },
    "zh": {"history": "对话]", "reference": "[参考答案]", "reasoning": "[助手的思考过程"},
}

QUESTION = "How many moons does Mars have, and what are they called?"
REFERENCE = "Mars has two moons, Phobos and Deimos."
ANSWER = "Mars has two small moons: Phobos, the larger, and Deimos."
REASONING = "The user asks about Martian moons; I recall Phobos and Deimos."
HISTORY = "[SYSTEM] You are a helpful astronomy tutor.\n[USER] Hi!\n[BOT] Hello! Ask me anything."
ANSWER_A = "Two: Phobos and Deimos."
ANSWER_B = "Mars has one moon, called Luna."

ALL_INFOS = [(tid, lang) for tid in EXPECTED_IDS for lang in LANGUAGES]


def _finalize(value: Any) -> Any:
    return "" if value is None else value


ENV = SandboxedEnvironment(undefined=jinja2.StrictUndefined, finalize=_finalize, autoescape=False)


def _row(
    *,
    history: str | None = None,
    ref_answer: str | None = REFERENCE,
    gt: str | None = None,
    reasoning: str | None = None,
    pairwise: bool = False,
) -> dict[str, Any]:
    """Build a render context the way the renderer does for one row."""
    data: dict[str, Any] = {
        "id": "row-1",
        "messages": [{"role": "user", "content": QUESTION}],
        "question": QUESTION,
        "gt": gt,
        "history": history,
        "ref_answer": ref_answer,
    }
    response: dict[str, Any] = {
        "content": ANSWER,
        "reasoning_content": reasoning,
        "tool_calls": None,
    }
    context: dict[str, Any] = {
        "data": data,
        "response": response,
        "preprocess_result": None,
        "question": data["question"],
        "ref_answer": ref_answer if ref_answer is not None else gt,
        "answer": response["content"],
        "history": history,
        "examples": [],
    }
    if pairwise:
        context["response_a"] = {"content": ANSWER_A}
        context["response_b"] = {"content": ANSWER_B}
    return context


def _rows_for(info: TemplateInfo) -> dict[str, dict[str, Any]]:
    if info.mode == "pairwise":
        return {
            "pair_single": _row(pairwise=True),
            "pair_multi": _row(history=HISTORY, pairwise=True),
        }
    rows = {
        "single": _row(),
        "single_reasoning": _row(reasoning=REASONING),
        "multi": _row(history=HISTORY, reasoning=REASONING),
        "multi_gt_only": _row(history=HISTORY, ref_answer=None, gt=REFERENCE),
    }
    if not info.uses_reference:
        rows["no_reference"] = _row(ref_answer=None)
        rows["multi_no_reference"] = _row(history=HISTORY, ref_answer=None)
    return rows


def _variable_sets(info: TemplateInfo) -> dict[str, dict[str, object]]:
    sets = {"meta": dict(info.variables)}
    if info.id == "multidim_json":
        for language in LANGUAGES:
            for scene in list_scenes(language):
                sets[f"scene:{scene.id}:{language}"] = {**info.variables, **scene.variables}
    return sets


def _render(info: TemplateInfo, context: dict[str, Any], variables: dict[str, object]) -> str:
    template = ENV.from_string(info.text)
    return template.render({**variables, **context})


def _check_clean(text: str) -> None:
    assert "None" not in text
    assert "Undefined" not in text
    # No run of blank lines at all, let alone three.
    assert "\n\n\n" not in text
    assert text == text.strip()
    for line in text.splitlines():
        assert line == line.rstrip(), f"trailing whitespace on: {line!r}"


# --- loading and metadata ---------------------------------------------------------


def test_templates_are_listed_in_display_order() -> None:
    assert [info.id for info in list_templates("en")] == EXPECTED_IDS


def test_list_templates_for_each_language_keeps_order() -> None:
    for language in LANGUAGES:
        infos = list_templates(language)
        assert [i.id for i in infos] == EXPECTED_IDS
        assert {i.language for i in infos} == {language}


def test_list_templates_without_language_lists_every_language() -> None:
    infos = list_templates()
    assert [(i.id, i.language) for i in infos] == ALL_INFOS
    assert len(list_templates(None)) == len(EXPECTED_IDS) * len(LANGUAGES)


@pytest.mark.parametrize(("template_id", "language"), ALL_INFOS)
def test_metadata_is_complete(template_id: str, language: str) -> None:
    info = get_template(template_id, language)
    assert info.id == template_id
    assert info.language == language
    assert info.mode in MODES
    assert info.parser in PARSERS
    assert info.parser == EXPECTED_PARSERS[template_id]
    assert isinstance(info.multi_turn, bool)
    assert isinstance(info.uses_reference, bool)
    assert info.title.strip() and info.description.strip()
    assert 80 < len(info.description) < 700
    assert isinstance(info.system_prompt, str)
    assert info.text.strip()
    assert info.path == resource_path("templates", template_id, f"{language}.j2")
    assert info.path.is_file()
    if language == "zh":
        assert re.search(r"[\u4e00-\u9fff]", info.title + info.description + info.text)
    hash(info)  # usable as a dict key despite the mapping inside


def test_metadata_matches_the_kind_of_template() -> None:
    modes = {i.id: i.mode for i in list_templates("en")}
    assert modes.pop("pairwise_checklist") == "pairwise"
    assert set(modes.values()) == {"pointwise"}
    multi = {i.id for i in list_templates("en") if i.multi_turn}
    assert {"score_multi", "score_multi_reference", "compare_multi", "pairwise_checklist"} <= multi
    with_ref = {i.id for i in list_templates("en") if i.uses_reference}
    assert with_ref == {
        "score_reference",
        "score_multi_reference",
        "compare_single",
        "compare_multi",
        "correctness_ab",
        "mtbench_pair",
        "llmbar_pair",
        "judgelm_pair",
    }
    for template_id in SCORE_TEMPLATES:
        variables = get_template(template_id).variables
        assert variables["min_score"] == 1 and variables["max_score"] == 10
    for language in LANGUAGES:
        assert str(get_template("pairwise_checklist", language).variables["checklist"]).strip()
        rubric = get_template("prometheus_absolute", language).variables
        assert str(rubric["criteria"]).strip()
        assert [line[0] for line in str(rubric["rubric"]).strip().splitlines()] == list("12345")


def test_the_library_names_every_built_in_parser() -> None:
    assert tuple(BUILT_IN_PARSERS) == PARSERS


def test_variables_are_read_only() -> None:
    info = get_template("score_single")
    with pytest.raises(TypeError):
        info.variables["max_score"] = 5  # type: ignore[index]


def test_results_are_cached() -> None:
    assert get_template("score_multi", "zh") is get_template("score_multi", "zh")
    assert get_scene("translation") is get_scene("translation")


# --- templates compile, use only known variables and render cleanly ---------------


@pytest.mark.parametrize(("template_id", "language"), ALL_INFOS)
def test_template_uses_only_provided_variables(template_id: str, language: str) -> None:
    info = get_template(template_id, language)
    names = meta.find_undeclared_variables(ENV.parse(info.text))
    allowed = RENDERER_NAMES | set(info.variables)
    if template_id == "multidim_json":
        allowed |= set(SCENE_VARIABLES)
    assert names <= allowed, f"unexpected variables: {sorted(names - allowed)}"


@pytest.mark.parametrize(("template_id", "language"), ALL_INFOS)
def test_template_renders_every_kind_of_row(template_id: str, language: str) -> None:
    info = get_template(template_id, language)
    headers = HEADERS[language]
    for variables_name, variables in _variable_sets(info).items():
        for row_name, context in _rows_for(info).items():
            where = f"{template_id}/{language} with {variables_name} on {row_name}"
            text = _render(info, context, variables)
            _check_clean(text)
            assert QUESTION in text, where
            if info.mode == "pairwise":
                assert ANSWER_A in text and ANSWER_B in text, where
                assert ANSWER not in text, where
            else:
                assert ANSWER in text, where
            reference = context["ref_answer"]
            if reference is not None and (info.uses_reference or "ref_answer" in info.text):
                assert reference in text, where
            if reference is None:
                assert headers["reference"] not in text, where
            history = context["history"]
            if history is not None and (info.multi_turn or "data.history" in info.text):
                assert history in text, where
            if history is None:
                assert headers["history"] not in text, where
                assert "[BOT]" not in text, where
            reasoning = context["response"]["reasoning_content"]
            if reasoning is None:
                assert headers["reasoning"] not in text, where
            elif "reasoning_content" in info.text:
                assert reasoning in text, where
            if variables_name.startswith("scene:"):
                for name in ("evaluation_metric", "scene_desc", "score_details", "steps"):
                    assert str(variables[name]) in text, where


def test_reasoning_is_offered_by_the_score_templates() -> None:
    for template_id in SCORE_TEMPLATES:
        for language in LANGUAGES:
            info = get_template(template_id, language)
            text = _render(info, _row(reasoning=REASONING), dict(info.variables))
            assert REASONING in text


def test_checklist_may_be_a_list_or_empty() -> None:
    for language in LANGUAGES:
        info = get_template("pairwise_checklist", language)
        as_list = _render(
            info, _row(pairwise=True), {"checklist": ["Names both moons", "Is short"]}
        )
        _check_clean(as_list)
        assert "- Names both moons\n- Is short" in as_list
        without = _render(info, _row(pairwise=True), {"checklist": ""})
        _check_clean(without)
        assert "Names both moons" not in without


def test_a_rows_own_checklist_comes_before_the_projects() -> None:
    # WildBench rows carry a checklist of their own (seed 002's {$checklist}).
    for language in LANGUAGES:
        info = get_template("pairwise_checklist", language)
        row = _row(pairwise=True)
        row["data"]["checklist"] = ["Says Phobos is the larger moon", "Names both moons"]
        text = _render(info, row, dict(info.variables))
        _check_clean(text)
        assert "- Says Phobos is the larger moon\n- Names both moons" in text
        assert str(info.variables["checklist"]).strip().splitlines()[0] not in text
        row["data"]["checklist"] = []  # an empty one: the project's again
        assert str(info.variables["checklist"]).strip() in _render(info, row, dict(info.variables))


def test_the_checklist_template_asks_for_the_keys_of_the_published_format() -> None:
    keys = ["analysis of A", "analysis of B", "reason of A=B", "reason of A>B", "reason of B>A"]
    for language in LANGUAGES:
        text = get_template("pairwise_checklist", language).text
        assert all(f'"{key}":' in text for key in [*keys, "choice"])
        assert "analysis_a" not in text


def test_score_range_follows_the_project_variables() -> None:
    info = get_template("score_single")
    text = _render(info, _row(), {"min_score": 0, "max_score": 5})
    assert "from 0 to 5" in text


# --- the output format asked for matches the parser -------------------------------

FORMAT_MARKERS: dict[str, dict[str, list[str]]] = {
    "score": {
        "en": ["Score: [[X]]", "double square brackets"],
        "zh": ["Score: [[X]]", "双层方括号"],
    },
    "comparison": {
        "en": ["[[A>>B]]", "[[A>B]]", "[[A=B]]", "[[B>A]]", "[[B>>A]]", "double square brackets"],
        "zh": ["[[A>>B]]", "[[A>B]]", "[[A=B]]", "[[B>A]]", "[[B>>A]]", "双层方括号"],
    },
    "choice5": {
        "en": ['"choice"', '"A++"', '"A+"', '"A=B"', '"B+"', '"B++"', "JSON"],
        "zh": ['"choice"', '"A++"', '"A+"', '"A=B"', '"B+"', '"B++"', "JSON"],
    },
    "correctness": {
        "en": ["A: correct", "B: incorrect", "single letter A or B"],
        "zh": ["A：正确", "B：错误", "字母 A 或 B"],
    },
    "json": {
        "en": ["JSON", '"overall_score"', '"overall_reason"', '"score"', '"analysis"'],
        # Seed 001's keys.
        "zh": ["JSON", '"综合评分"', '"综合评分原因"', '"score"', '"analysis"'],
    },
    "prometheus": {
        "en": ["Feedback: <your feedback> [RESULT] N", "whole number from 1 to 5"],
        "zh": ["Feedback: <你的评语> [RESULT] N", "1 到 5 之间的整数"],
    },
    "mtbench_pair": {
        "en": ["[[A]]", "[[B]]", "[[C]]", "double square brackets"],
        "zh": ["[[A]]", "[[B]]", "[[C]]", "双层方括号"],
    },
    "llmbar": {
        "en": ['"Output (a)" or "Output (b)"', "on a line of its own"],
        "zh": ["“Output (a)” 或 “Output (b)”", "单独占一行"],
    },
    "judgelm": {
        "en": ["first line holds only the two scores", "separated by a space"],
        "zh": ["第一行只写两个分数", "空格"],
    },
}

PUBLISHED_FORMATS = ("prometheus_absolute", "mtbench_pair", "llmbar_pair", "judgelm_pair")

# A reply in the format each template asks for, as a judge following it would write it.
FOLLOWING_REPLIES = {
    "score": "Accurate and complete.\nScore: [[8]]",
    "comparison": "B names both moons correctly; A does too, with less detail.\n[[B>A]]",
    "choice5": '{"analysis of A": "right", "analysis of B": "wrong", "choice": "A++"}',
    "correctness": "A",
    "json": '{"Accuracy": {"score": 9, "analysis": "right"}, "overall_score": 9}',
    "prometheus": "Feedback: Both moons are named correctly. [RESULT] 5",
    "mtbench_pair": "Both answers name Phobos and Deimos; B adds which is larger.\n[[B]]",
    "llmbar": "Output (b)",
    "judgelm": "6 8\nAssistant 2 also says which moon is larger.",
}


@pytest.mark.parametrize(("template_id", "language"), ALL_INFOS)
def test_output_instructions_match_the_parser(template_id: str, language: str) -> None:
    info = get_template(template_id, language)
    context = _row(pairwise=info.mode == "pairwise")
    text = _render(info, context, dict(info.variables))
    for marker in FORMAT_MARKERS[info.parser][language]:
        assert marker in text, f"{template_id}/{language} lacks {marker!r}"
    # The format instruction closes the prompt, after the material to judge.
    tail = text[text.rindex(QUESTION) :]
    first = FORMAT_MARKERS[info.parser][language][0]
    assert first in tail


@pytest.mark.parametrize(("template_id", "language"), ALL_INFOS)
def test_templates_ask_for_what_their_parser_reads(template_id: str, language: str) -> None:
    info = get_template(template_id, language)
    assert infer_parser(info.text) == info.parser
    verdict = parse_verdict(info.parser, FOLLOWING_REPLIES[info.parser])
    assert verdict.ok, verdict.reason
    if template_id not in PUBLISHED_FORMATS:
        return
    # The instructions, echoed back by a judge, are never read as a verdict.
    text = _render(info, _row(pairwise=info.mode == "pairwise"), dict(info.variables))
    instructions = text[text.rindex(ANSWER) + len(ANSWER) :]
    assert not parse_verdict(info.parser, instructions).ok, instructions


def test_score_templates_show_the_range() -> None:
    for template_id in SCORE_TEMPLATES:
        info = get_template(template_id)
        text = _render(info, _row(), dict(info.variables))
        assert "from 1 to 10" in text


# --- scene presets ----------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_scenes_give_all_six_variables(language: str) -> None:
    scenes = list_scenes(language)
    assert [s.id for s in scenes] == SCENE_IDS
    for scene in scenes:
        assert isinstance(scene, ScenePreset)
        assert scene.language == language
        assert scene.title.strip()
        assert tuple(scene.variables) == SCENE_VARIABLES
        assert scene.variables["max_score"] == 10
        for name in SCENE_VARIABLES:
            value = scene.variables[name]
            assert value not in (None, ""), f"{scene.id}/{language}: {name} is empty"
        if language == "zh":
            assert re.search(r"[\u4e00-\u9fff]", str(scene.variables["evaluation_metric"]))
        else:
            assert not re.search(r"[\u4e00-\u9fff]", str(scene.variables["evaluation_metric"]))


# Seed 001's dimensions, in its order (highest weight first), and our English names.
SCENE_DIMENSIONS = {
    "translation": {
        "zh": ["可理解度", "准确度", "贴切度", "语境适应性"],
        "en": ["Comprehensibility", "Accuracy", "Appropriateness", "Context adaptation"],
    },
    "data_extraction": {
        "zh": ["准确性", "指令遵从度", "完整性", "简洁性", "创造性"],
        "en": ["Accuracy", "Instruction following", "Completeness", "Conciseness", "Creativity"],
    },
    "content_creation": {
        "zh": ["需求符合度", "创造性", "逻辑性", "文体适应性", "语言表达", "伦理与文化无害"],
        "en": [
            "Requirement fit",
            "Creativity",
            "Logical coherence",
            "Genre adaptation",
            "Use of language",
            "Ethical and cultural harmlessness",
        ],
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_scenes_use_the_seed_dimension_names_in_order(language: str) -> None:
    for scene in list_scenes(language):
        metric = str(scene.variables["evaluation_metric"])
        expected = SCENE_DIMENSIONS[scene.id][language]
        assert dimension_names(scene.variables) == expected, scene.id
        # Numbered "1. Name: explanation", one per line, each explained.
        lines = metric.splitlines()
        assert len(lines) == len(expected)
        for number, (line, name) in enumerate(zip(lines, expected, strict=True), start=1):
            head, _, explanation = line.partition("：" if language == "zh" else ": ")
            assert head == f"{number}. {name}" and len(explanation) > 12, line


def test_a_seed_001_verdict_fills_the_scene_dimensions() -> None:
    """A reply in 001's JSON shape gives one score per dimension of the scene, in order."""
    scene = get_scene("content_creation", "zh")
    names = SCENE_DIMENSIONS["content_creation"]["zh"]
    reply: dict[str, object] = {"综合评分": "7", "综合评分原因": "切题，文笔尚可。具体表现如下："}
    for position, name in enumerate(names):
        reply[name] = {"score": str(9 - position), "analysis": "……"}
    verdict = parse_verdict("json", json.dumps(reply, ensure_ascii=False))
    assert verdict.ok and verdict.value == 7
    assert list(verdict.dimensions) == dimension_names(scene.variables)
    assert list(verdict.dimensions.values()) == [9.0, 8.0, 7.0, 6.0, 5.0, 4.0]


def test_the_multi_dimension_template_writes_the_seed_001_keys() -> None:
    zh = get_template("multidim_json", "zh")
    assert '"综合评分原因":' in zh.text and '"综合评分":' in zh.text
    assert "综合评分理由" not in zh.text
    # The English counterparts are keys the JSON reader knows as overall score and reason.
    en = get_template("multidim_json", "en")
    assert '"overall_reason":' in en.text and '"overall_score":' in en.text


def test_scene_languages_differ() -> None:
    for scene_id in SCENE_IDS:
        en, zh = get_scene(scene_id, "en"), get_scene(scene_id, "zh")
        assert en.title != zh.title
        assert en.variables["steps"] != zh.variables["steps"]


def test_scene_variables_are_read_only() -> None:
    with pytest.raises(TypeError):
        get_scene("translation").variables["max_score"] = 5  # type: ignore[index]


# --- unknown names and language fallback ------------------------------------------


def test_unknown_template_lists_the_valid_ids() -> None:
    with pytest.raises(LibraryError) as caught:
        get_template("no_such_template")
    message = str(caught.value)
    assert "no_such_template" in message
    for template_id in EXPECTED_IDS:
        assert template_id in message


def test_unknown_scene_raises() -> None:
    with pytest.raises(LibraryError, match="translation"):
        get_scene("poetry")


@pytest.mark.parametrize(
    ("asked", "expected"),
    [("en", "en"), ("zh", "zh"), ("fr", "en"), ("zh_CN", "zh"), ("zh-Hans", "zh"), ("EN-gb", "en")],
)
def test_language_fallback(asked: str, expected: str) -> None:
    assert get_template("score_single", asked).language == expected
    assert get_scene("translation", asked).language == expected
    assert {i.language for i in list_templates(asked)} == {expected}
    assert {s.language for s in list_scenes(asked)} == {expected}


def test_fallback_when_a_template_has_no_translation(tmp_path: Path) -> None:
    folder = tmp_path / "score_single"
    shutil.copytree(resource_path("templates", "score_single"), folder)
    (folder / "zh.j2").unlink()
    meta_path = folder / "meta.toml"
    text = meta_path.read_text(encoding="utf-8")
    meta_path.write_text(text[: text.index("[zh]")], encoding="utf-8")
    catalog = library._read_templates(tmp_path)
    assert set(catalog["score_single"]) == {"en"}


# --- broken metadata --------------------------------------------------------------


def _copy_template(tmp_path: Path, template_id: str = "score_single") -> Path:
    folder = tmp_path / template_id
    shutil.copytree(resource_path("templates", template_id), folder)
    return folder


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('parser = "score"', 'parser = "stars"', "parser"),
        ('mode = "pointwise"', 'mode = "sideways"', "mode"),
        ("multi_turn = false", 'multi_turn = "no"', "multi_turn"),
        ('id = "score_single"', 'id = "other"', "folder"),
        ("uses_reference = false\n", "", "uses_reference"),
        ('title = "Quality score (single turn)"', 'title = ""', "title"),
        ('title = "Quality score (single turn)"', 'titel = "x"', "titel"),
        ("max_score = 10", "max_score = [10]", "max_score"),
        ('parser = "score"', 'parser = "score', "TOML"),
    ],
)
def test_broken_metadata_names_file_and_problem(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    folder = _copy_template(tmp_path)
    meta_path = folder / "meta.toml"
    text = meta_path.read_text(encoding="utf-8")
    assert old in text
    meta_path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(LibraryError) as caught:
        library._read_templates(tmp_path)
    assert str(meta_path) in str(caught.value)
    assert problem in str(caught.value)


def test_missing_files_are_reported(tmp_path: Path) -> None:
    folder = _copy_template(tmp_path)
    (folder / "en.j2").unlink()
    with pytest.raises(LibraryError, match=r"en\.j2"):
        library._read_templates(tmp_path)
    (folder / "meta.toml").unlink()
    with pytest.raises(LibraryError, match=r"meta\.toml"):
        library._read_templates(tmp_path)
    with pytest.raises(LibraryError, match="missing"):
        library._read_templates(tmp_path / "nowhere")


def test_template_file_without_metadata_table_is_reported(tmp_path: Path) -> None:
    folder = _copy_template(tmp_path)
    meta_path = folder / "meta.toml"
    text = meta_path.read_text(encoding="utf-8")
    meta_path.write_text(text[: text.index("[zh]")], encoding="utf-8")
    with pytest.raises(LibraryError, match=r"zh\.j2"):
        library._read_templates(tmp_path)


def test_broken_scene_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "scenes.toml"
    source = resource_path("templates", "scenes.toml").read_text(encoding="utf-8")
    path.write_text(source.replace("steps = ", "stepz = ", 1), encoding="utf-8")
    with pytest.raises(LibraryError) as caught:
        library._read_scenes(path)
    assert str(path) in str(caught.value)
    assert "stepz" in str(caught.value)
    path.write_text("[translation]\nmax_score = 10\n", encoding="utf-8")
    with pytest.raises(LibraryError, match=r"translation\.en"):
        library._read_scenes(path)


def test_unknown_templates_are_listed_after_the_built_in_order(tmp_path: Path) -> None:
    _copy_template(tmp_path, "score_multi")
    extra = _copy_template(tmp_path, "correctness_ab")
    renamed = extra.rename(tmp_path / "aaa_custom")
    meta_path = renamed / "meta.toml"
    text = meta_path.read_text(encoding="utf-8")
    meta_path.write_text(text.replace('id = "correctness_ab"', 'id = "aaa_custom"'), "utf-8")
    assert list(library._read_templates(tmp_path)) == ["score_multi", "aaa_custom"]


@pytest.mark.parametrize(("template_id", "language"), ALL_INFOS)
def test_template_shows_examples_only_when_given(template_id: str, language: str) -> None:
    info = get_template(template_id, language)
    context = _row(pairwise=info.mode == "pairwise")
    without = _render(info, context, dict(info.variables))
    assert "Example 1" not in without and "示例 1" not in without
    example = {
        "id": "r9",
        "data": {"question": "What is 7 times 6?"},
        "response": {"content": "It is 42."},
        "verdict": True,
        "label": "correct",
        "note": "checked by hand",
    }
    shown = _render(info, {**context, "examples": [example]}, dict(info.variables))
    assert "What is 7 times 6?" in shown and "checked by hand" in shown
    assert ("Example 1" if language == "en" else "示例 1") in shown
    # The examples come before the row itself, which still reads in full.
    assert shown.index("What is 7 times 6?") < shown.rindex(QUESTION)


def test_a_row_without_a_checklist_is_not_a_problem_of_the_template(tmp_path: Path) -> None:
    from judgedesk.core.dataset import open_dataset
    from judgedesk.core.template import preview_prompt

    path = tmp_path / "pairs.jsonl"
    row = {"question": "Moons of Mars?", "answer_a": "Phobos", "answer_b": "Deimos"}
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    info = get_template("pairwise_checklist")
    mapping = {"response_a": "answer_a", "response_b": "answer_b"}
    with open_dataset(path, mapping) as dataset:
        shown = preview_prompt(info.text, variables=dict(info.variables), dataset=dataset, row=0)
    assert shown.prompt.ok and not shown.prompt.issues, shown.prompt.issues
    assert "[Checklist]" in shown.prompt.user
