"""Where a project stands: each stage's state and the next step, from the facts."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.checks import check_project
from judgedesk.core.project.settings import Project
from judgedesk.core.project.stages import (
    STAGES,
    Facts,
    Mark,
    Spot,
    next_step,
    project_facts,
    stage_states,
)

READY = Facts(
    project=True,
    dataset_set=True,
    rows=24,
    templates=1,
    judges=2,
    judges_total=2,
)


def states(facts: Facts) -> dict[str, tuple[Mark, str, tuple[int, ...]]]:
    return {s.stage: (s.mark, s.code, s.counts) for s in stage_states(facts)}


def test_the_stages_come_in_pipeline_order() -> None:
    assert tuple(s.stage for s in stage_states(Facts())) == STAGES


def test_an_empty_window_asks_for_a_project() -> None:
    found = states(Facts())
    assert found["dataset"][:2] == (Mark.BLOCKS, "none")
    assert found["run"][:2] == (Mark.IDLE, "waiting")
    step = next_step(Facts())
    assert step is not None and step.code == "open"


def test_a_project_without_a_dataset_or_judge() -> None:
    facts = Facts(project=True)
    found = states(facts)
    assert found["dataset"][:2] == (Mark.BLOCKS, "none")
    assert found["judges"][:2] == (Mark.BLOCKS, "none")
    assert next_step(facts).code == "dataset"  # type: ignore[union-attr]
    with_data = dataclasses.replace(facts, dataset_set=True, rows=24)
    assert states(with_data)["dataset"] == (Mark.DONE, "rows", (24,))
    assert next_step(with_data).code == "add_judge"  # type: ignore[union-attr]
    switched_off = dataclasses.replace(with_data, judges_total=1)
    assert states(switched_off)["judges"][:2] == (Mark.BLOCKS, "off")
    assert next_step(switched_off).code == "fix_judge"  # type: ignore[union-attr]


def test_a_template_problem_blocks_and_names_its_line() -> None:
    spot = Spot("line 4: unexpected end of template", "judge", 4)
    facts = dataclasses.replace(READY, template_problems=(spot,))
    template = stage_states(facts)[1]
    assert (template.mark, template.code, template.counts) == (Mark.BLOCKS, "problems", (1,))
    assert template.spot == spot
    assert states(facts)["run"][:2] == (Mark.IDLE, "waiting")  # nothing can run yet
    step = next_step(facts)
    assert step is not None and (step.code, step.counts, step.spot) == ("fix_template", (4,), spot)


def test_a_judge_that_does_not_answer_blocks() -> None:
    spot = Spot("Judge 'a': nothing answers at http://127.0.0.1:9", "a", None, True)
    facts = dataclasses.replace(READY, judge_problems=(spot,))
    judges = stage_states(facts)[3]
    assert (judges.mark, judges.code, judges.spot) == (Mark.BLOCKS, "problems", spot)
    step = next_step(facts)
    assert step is not None and (step.code, step.stage) == ("fix_judge", "judges")


def test_from_not_run_to_complete() -> None:
    facts = dataclasses.replace(READY, estimate_seconds=40.0, estimate_cost=0.02)
    assert states(facts)["run"] == (Mark.TODO, "not_run", (24,))
    step = next_step(facts)
    assert step is not None and (step.code, step.counts) == ("run", (24,))
    assert (step.seconds, step.cost) == (40.0, 0.02) and not step.ceiling
    ceiling = next_step(dataclasses.replace(facts, estimate_ceiling=True))
    assert ceiling is not None and ceiling.ceiling  # no reply measured: the most it costs

    running = dataclasses.replace(facts, running=0.4)
    assert states(running)["run"] == (Mark.BUSY, "running", (40,))
    assert next_step(running).code == "running"  # type: ignore[union-attr]

    partly = dataclasses.replace(facts, results=10, review_total=10)
    assert states(partly)["run"] == (Mark.TODO, "partial", (10, 24))
    assert next_step(partly).counts == (14,)  # type: ignore[union-attr]

    failed = dataclasses.replace(facts, results=24, failed=3, review_total=24)
    assert states(failed)["run"] == (Mark.WARN, "failed", (3,))
    assert next_step(failed).code == "retry"  # type: ignore[union-attr]

    judged = dataclasses.replace(facts, results=24, review_total=24, reviewed=16, disagreements=2)
    assert states(judged)["run"] == (Mark.DONE, "done", (24,))
    assert states(judged)["review"] == (Mark.WARN, "disagreements", (16, 24, 2))
    assert next_step(judged).code == "disagreements"  # type: ignore[union-attr]

    agreed = dataclasses.replace(judged, disagreements=0)
    assert states(agreed)["review"] == (Mark.TODO, "todo", (16, 24))
    assert next_step(agreed).counts == (8,)  # type: ignore[union-attr]

    reviewed = dataclasses.replace(agreed, reviewed=24)
    assert states(reviewed)["review"] == (Mark.DONE, "done", (24,))
    assert states(reviewed)["report"][:2] == (Mark.TODO, "ready")
    assert next_step(reviewed).code == "export"  # type: ignore[union-attr]

    exported = dataclasses.replace(reviewed, exported=True)
    assert states(exported)["report"][:2] == (Mark.DONE, "exported")
    assert next_step(exported) is None  # complete: the bar steps aside

    stale = dataclasses.replace(exported, changed_since_export=True)
    assert states(stale)["report"][:2] == (Mark.WARN, "stale")
    assert next_step(stale).code == "refresh_export"  # type: ignore[union-attr]


def test_scripts_are_off_on_or_failing() -> None:
    assert states(READY)["scripts"][:2] == (Mark.IDLE, "off")
    on = dataclasses.replace(READY, scripts=("postprocess",))
    assert states(on)["scripts"][:2] == (Mark.DONE, "on")
    failing = dataclasses.replace(on, script_failures=1)
    assert states(failing)["scripts"] == (Mark.WARN, "failing", (1,))


def test_a_dataset_still_read_suggests_nothing_yet() -> None:
    facts = dataclasses.replace(READY, rows=None)
    assert states(facts)["dataset"][:2] == (Mark.BUSY, "reading")
    assert next_step(facts) is None


def test_the_checks_of_a_project_say_which_stage_they_belong_to(tmp_path: Path) -> None:
    data = tmp_path / "data.jsonl"
    data.write_text(json.dumps({"question": "q", "response": {"content": "a"}}) + "\n")
    project = Project(root=tmp_path, name="p")
    project.dataset.path = "data.jsonl"
    project.judges = [
        JudgeSettings(name="a", base_url="", model="m", template="templates/a.j2"),
        JudgeSettings(name="b", base_url="http://127.0.0.1:9/v1", model="m", template="t/b.j2"),
    ]
    project.save()
    project.write_template(project.judges[0], "Say\n{{ data.question \n")
    project.write_template(project.judges[1], "{{ data.question }}")
    problems = check_project(project)
    facts = project_facts(project, problems, ())
    assert facts.dataset_set and facts.dataset_found and facts.judges == 2
    assert [(s.judge, s.line) for s in facts.template_problems] == [("a", 2)]
    assert [s.judge for s in facts.judge_problems] == ["a"]  # no endpoint URL
    assert "no endpoint URL" in facts.judge_problems[0].message

    project.dataset.path = "gone.jsonl"
    facts = project_facts(project, check_project(project), ())
    assert not facts.dataset_found
    assert states(facts)["dataset"][:2] == (Mark.BLOCKS, "missing")


def test_a_model_that_answers_without_its_settings_blocks_the_run(tmp_path: Path) -> None:
    data = tmp_path / "data.jsonl"
    data.write_text(json.dumps({"question": "q"}) + "\n")
    project = Project(root=tmp_path, name="p")
    project.dataset.path = "data.jsonl"
    project.judges = [JudgeSettings(name="rule", kind="metric", metric="exact")]
    project.candidate = JudgeSettings(name="candidate", base_url="http://127.0.0.1:9/v1")
    project.save()
    facts = project_facts(project, check_project(project), ())
    assert [s.message for s in facts.run_problems] == [
        "The candidate model needs an endpoint URL and a model name."
    ]
    assert not facts.judge_problems and not facts.template_problems
    run = stage_states(dataclasses.replace(facts, rows=1))[4]
    assert (run.stage, run.mark, run.code, run.counts) == ("run", Mark.BLOCKS, "problems", (1,))
    assert run.spot == facts.run_problems[0]
    step = next_step(dataclasses.replace(facts, rows=1))
    assert step is not None and (step.code, step.stage, step.spot) == (
        "fix_run",
        "run",
        facts.run_problems[0],
    )
    # A run going on shows as such; once the model has a name, nothing stops a run.
    assert states(dataclasses.replace(facts, running=0.5))["run"][:2] == (Mark.BUSY, "running")
    project.candidate.model = "writer"
    facts = project_facts(project, check_project(project), ())
    assert facts.run_problems == () and states(dataclasses.replace(facts, rows=1))["run"][:2] == (
        Mark.TODO,
        "not_run",
    )


def test_rows_that_could_not_be_read_need_a_look() -> None:
    facts = dataclasses.replace(READY, rows=2, unreadable=1)
    dataset = stage_states(facts)[0]
    assert (dataset.mark, dataset.code, dataset.counts) == (Mark.WARN, "unreadable", (2, 1))
    assert states(facts)["run"][:2] == (Mark.TODO, "not_run")  # the rows read can run
    step = next_step(facts)
    assert step is not None and step.code == "run"


def test_calibrating_is_offered_once_the_reviews_give_both_parts() -> None:
    judged = dataclasses.replace(READY, results=24, review_total=24, reviewed=12)
    too_few = dataclasses.replace(judged, calibration_test=3, calibration_more=4)
    assert next_step(too_few).code == "review"  # type: ignore[union-attr]
    enough = dataclasses.replace(
        judged, calibration_test=6, calibration_goal_more=48, calibration_goal=30
    )
    step = next_step(enough)
    assert step is not None and (step.code, step.stage, step.counts) == (
        "calibrate",
        "review",
        (6, 48, 30),
    )
    # Disagreements come first; one judge has nothing to compare; once calibrated, on.
    assert next_step(dataclasses.replace(enough, disagreements=1)).code == "disagreements"  # type: ignore[union-attr]
    assert next_step(dataclasses.replace(enough, judges=1)).code == "review"  # type: ignore[union-attr]
    assert next_step(dataclasses.replace(enough, calibrated=True)).code == "review"  # type: ignore[union-attr]


def test_a_corrected_figure_still_wide_asks_for_more_of_the_random_sample() -> None:
    facts = dataclasses.replace(READY, results=24, review_total=24, reviewed=16)
    wide = dataclasses.replace(facts, sample_more=140, sample_left=300, sample_width=0.03)
    step = next_step(wide)
    assert step is not None
    assert (step.code, step.stage, step.counts) == ("review_sample", "review", (140, 300))
    assert (step.width, step.rate) == (0.03, True)
    disagreeing = dataclasses.replace(wide, disagreements=2)
    assert next_step(disagreeing).code == "disagreements"  # type: ignore[union-attr]
    narrow = dataclasses.replace(wide, sample_more=0)
    assert next_step(narrow).code == "review"  # type: ignore[union-attr]
    every_row_reviewed = dataclasses.replace(wide, sample_left=0)  # nothing left to review
    assert next_step(every_row_reviewed).code == "review"  # type: ignore[union-attr]


def test_a_running_share_is_the_whole_percent_the_run_pane_shows() -> None:
    for done, total in ((59, 200), (1, 3), (2, 3), (199, 200), (29, 100)):
        facts = dataclasses.replace(READY, running=done / total)
        step = next_step(facts)
        assert step is not None and step.counts == (100 * done // total,), (done, total)
        state = next(s for s in stage_states(facts) if s.stage == "run")
        assert state.counts == (100 * done // total,)
