"""Examples for a judge's template: rows people reviewed, from the tuning part only."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgedesk.core.dataset import Dataset, open_dataset
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.review import ExamplePool, Labelled, ReviewExamples, split_rows
from judgedesk.core.run import Review, Store, judge_steps, run_project
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI

ROWS = 40


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Dataset]:
    path = tmp_path_factory.mktemp("examples") / "rows.jsonl"
    with path.open("w", encoding="utf-8") as handle:
        for i in range(ROWS):
            record = {
                "id": f"r{i}",
                "question": f"How do I {['bake bread', 'fix a bike', 'plant tomatoes'][i % 3]}?",
                "category": ["kitchen", "garage", "garden"][i % 3],
                "response": {"content": f"answer {i}"},
            }
            handle.write(json.dumps(record) + "\n")
    with open_dataset(path) as opened:
        yield opened


def judge(count: int, pick: str) -> JudgeSettings:
    return JudgeSettings(name="j", examples={"count": count, "pick": pick})


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 10_000),
    share=st.floats(0.05, 0.95),
    verdicts=st.dictionaries(st.integers(0, ROWS - 1), st.sampled_from([True, False, 3, "x"])),
    count=st.integers(0, 8),
    pick=st.sampled_from(["stratified", "category", "similar"]),
)
def test_no_example_comes_from_the_test_part_or_the_row_itself(
    dataset: Dataset, seed: int, share: float, verdicts: dict[int, Any], count: int, pick: str
) -> None:
    rows = {i: Labelled(i, f"r{i}", v, str(v)) for i, v in verdicts.items()}
    split = split_rows(rows, share, seed)
    pool = ExamplePool.from_split(split, dataset)
    tuning = {f"r{i}" for i in split.tuning}
    for index in range(ROWS):
        row = dataset.row(index)
        shown = pool(judge(count, pick), row)
        ids = [e["id"] for e in shown]
        assert set(ids) <= tuning
        assert row.id not in ids
        assert len(ids) == len(set(ids)) == min(count, len(tuning - {row.id}))


def labelled(verdicts: dict[int, Any]) -> dict[int, Labelled]:
    return {i: Labelled(i, f"r{i}", v, "yes" if v else "no") for i, v in verdicts.items()}


def test_stratified_shows_each_verdict_and_category_its_own_first(dataset: Dataset) -> None:
    split = split_rows(labelled({i: i % 4 == 0 for i in range(ROWS)}), 0.99, 0)
    pool = ExamplePool.from_split(split, dataset)
    shown = pool(judge(2, "stratified"), dataset.row(1))
    assert sorted(e["verdict"] for e in shown) == [False, True]
    assert {"id", "data", "response", "verdict", "label", "note"} <= set(shown[0])
    same = pool(judge(5, "category"), dataset.row(1))  # row 1 is in the garage
    assert all(e["data"]["category"] == "garage" for e in same)
    # Similar: the rows asking about the same thing, before any other.
    alike = pool(judge(3, "similar"), dataset.row(2))
    assert all("tomatoes" in e["data"]["question"] for e in alike)
    # Every run shows a row the same examples.
    assert pool(judge(3, "similar"), dataset.row(2)) == alike
    assert pool(JudgeSettings(name="plain"), dataset.row(2)) == []


def test_a_run_shows_the_judge_examples_and_each_verdict_records_them(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as server:
        project = make_project(
            tmp_path / "p", server.base_url, rows=12, examples={"count": 2, "pick": "similar"}
        )
        project.write_template(
            project.judges[0],
            "Judge item: {{ data.question }}\nAnswer: {{ response.content }}\n"
            "{% for e in examples %}EXAMPLE {{ e.id }} said {{ e.label }}\n{% endfor %}"
            "Score: [[n]]",
        )
        with Store(project.store_path) as store:
            for i in range(12):
                store.reviews.put(Review(i, f"r{i}", value=i % 10 + 1))
        with open_dataset(project.dataset_path()) as data:
            split = split_rows({i: Labelled(i, f"r{i}", i % 10 + 1) for i in range(12)}, 0.5, 0)
            asyncio.run(run_project(project, data, examples=ReviewExamples()))
        tuning = set(split.ids("tuning"))
        for body in server.requests:
            prompt = body["messages"][-1]["content"]
            own = re.search(r"item (\d+)", prompt).group(1)  # type: ignore[union-attr]
            shown = re.findall(r"EXAMPLE (r\d+)", prompt)
            assert len(shown) == 2 and set(shown) <= tuning and f"r{own}" not in shown
        with Store(project.store_path) as store:
            for result in store.latest_results().values():
                step = judge_steps(result.detail)[0]
                assert len(step["examples"]) == 2 and set(step["examples"]) <= tuning


def test_a_judge_shown_examples_is_another_version() -> None:
    from judgedesk.core.judge import judge_version

    plain = JudgeSettings(name="j")
    assert judge_version(plain, "t") != judge_version(judge(3, "stratified"), "t")
    assert judge_version(plain, "t") == judge_version(JudgeSettings(name="j", examples={}), "t")


def test_a_run_in_its_own_process_takes_the_example_source_along(tmp_path: Path) -> None:
    from judgedesk.core.run import ProcessRun
    from tests.core.test_background_run import collect

    with FakeOpenAI(reply=score_from_question) as server:
        project = make_project(
            tmp_path / "p", server.base_url, rows=12, examples={"count": 1, "pick": "stratified"}
        )
        with Store(project.store_path) as store:
            for i in range(12):
                store.reviews.put(Review(i, f"r{i}", value=i % 2 == 0))
        run = ProcessRun(project, examples=ReviewExamples(share=0.9, seed=1))
        run.start()
        news = collect(run, timeout=60)
    assert news.error == "" and len(news.rows) == 12
    assert all(len(judge_steps(r.detail)[0].get("examples", [])) == 1 for r in news.rows)


def test_examples_settings_that_cannot_be_used_are_named_by_the_check(tmp_path: Path) -> None:
    from judgedesk.core.project import check_project

    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1", rows=2)
    project.judges[0].examples = {"count": 2, "pick": "nearest"}
    said = [p.message for p in check_project(project) if p.severity == "error"]
    assert any("examples pick should be one of stratified, category, similar" in m for m in said)
    project.judges[0].examples = {"count": -1}
    said = [p.message for p in check_project(project) if p.severity == "error"]
    assert any("examples count should be a whole number" in m for m in said)


def test_examples_are_neither_a_value_of_the_row_nor_a_project_variable() -> None:
    from judgedesk.core.template import get_template, template_needs

    needs = template_needs(get_template("score_single", "en").text, {})
    assert "examples" not in needs.row_values and "examples" not in needs.variables
    assert "data.question" in needs.row_values


def test_a_project_variable_called_examples_keeps_its_value_when_none_are_given() -> None:
    from judgedesk.core.template import build_context, compile_template, get_template

    own = {"examples": "Q: 1+1? A: 2", "min_score": 1, "max_score": 10}
    context = build_context({"question": "Q?"}, {"content": "a"}, variables=own)
    assert context["examples"] == "Q: 1+1? A: 2"
    # The built-in templates show no block for it, as before examples existed.
    text = compile_template(get_template("score_single", "en").text).render(context).text
    assert "Example 1" not in text and "Q: 1+1?" not in text
    given = build_context(
        {"question": "Q?"},
        {"content": "a"},
        variables=own,
        examples=[{"id": "r1", "data": {}, "response": {"content": "x"}}],
    )
    assert [e["id"] for e in given["examples"]] == ["r1"]


SHOWING = (
    "Judge item: {{ data.question }}\nAnswer: {{ response.content }}\n"
    "{% for e in examples %}EXAMPLE {{ e.id }} said {{ e.label }}: {{ e.response.content }} "
    "{{ e.data.question }}\n{% endfor %}Score: [[n]]"
)


def reviewed_project(root: Path, base_url: str, rows: int = 12) -> Any:
    project = make_project(root, base_url, rows=rows, examples={"count": 3, "pick": "similar"})
    project.write_template(project.judges[0], SHOWING)
    with Store(project.store_path) as store:
        for i in range(rows):
            store.reviews.put(Review(i, f"r{i}", value=i % 10 + 1))
    return project


def test_the_estimate_counts_the_examples_and_finds_the_replies_a_run_stored(
    tmp_path: Path,
) -> None:
    from judgedesk.core.run import Selection, estimate_run

    with FakeOpenAI(reply=score_from_question) as server:
        project = reviewed_project(tmp_path / "p", server.base_url)
        with open_dataset(project.dataset_path()) as data:
            bare = estimate_run(project, data, Selection())
            shown = estimate_run(project, data, Selection(), examples=ReviewExamples())
            asyncio.run(run_project(project, data, examples=ReviewExamples()))
            after = estimate_run(project, data, Selection(), examples=ReviewExamples())
    # Three examples make each prompt longer; the run's replies are found for them.
    assert shown.judges[0].prompt_tokens > bare.judges[0].prompt_tokens * 2
    assert shown.requests == 12 and after.requests == 0 and after.judges[0].stored == 12


def test_judge_this_row_shows_the_judge_the_examples_a_run_would(tmp_path: Path) -> None:
    from judgedesk.core.run import judge_one_row_blocking

    with FakeOpenAI(reply=score_from_question) as server:
        project = reviewed_project(tmp_path / "p", server.base_url)
        with open_dataset(project.dataset_path()) as data:
            asyncio.run(run_project(project, data, examples=ReviewExamples()))
            result = judge_one_row_blocking(project, data, 4, "judge", examples=ReviewExamples())
        sent = len(server.requests)
    shown = re.findall(r"EXAMPLE (r\d+)", result.messages[-1]["content"])
    assert len(shown) == 3 and "r4" not in shown
    assert result.cached and sent == 12  # the run's own request: the same examples
