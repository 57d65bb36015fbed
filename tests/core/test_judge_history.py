"""Each run records its judges' versions; the report gives each version's agreement with people."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.judge.version import judge_version
from judgedesk.core.report import format_report
from judgedesk.core.report.build import project_report
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import make_project, run
from tests.support.fake_openai import FakeOpenAI

PEOPLE = {i: (i % 5) + 3 for i in range(10)}  # what a person gave each row


def _reply(body: dict[str, Any]) -> str:
    prompt = body["messages"][-1]["content"]
    row = int(re.search(r"item (\d+)", prompt).group(1))  # type: ignore[union-attr]
    if "Be strict" in prompt:  # the edited prompt lands on the person's verdict
        return f"Score: [[{PEOPLE[row]}]]"
    return f"Score: [[{9 if row % 2 else PEOPLE[row]}]]"


def test_a_version_names_what_makes_the_verdicts() -> None:
    judge = JudgeSettings(base_url="http://127.0.0.1:1/v1", model="m", parser="score")
    first = judge_version(judge, "Rate it.")
    assert first == judge_version(judge, "Rate it.") and len(first) == 8
    moved = JudgeSettings(base_url="http://10.0.0.2:9/v1", model="m", parser="score", concurrency=9)
    assert judge_version(moved, "Rate it.") == first  # where it is reached changes nothing
    assert judge_version(judge, "Rate it strictly.") != first
    assert judge_version(JudgeSettings(model="m2", parser="score"), "Rate it.") != first


def test_the_history_shows_each_version_against_people(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=_reply, models=["judge-small"]) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=10)
        with Store(project.store_path) as store:
            for row, value in PEOPLE.items():
                store.reviews.put(Review(row, f"r{row}", value=value, reviewer="me"))
        run(project)
        template = project.read_template(project.judges[0])
        project.write_template(project.judges[0], "Be strict.\n" + template)
        run(project)
        run(project)  # the same version again: pooled, not a new one
    with Store(project.store_path) as store:
        runs = store.runs()
    assert len({tuple(r.judges.items()) for r in runs}) == 2
    report = project_report(project, open_dataset(project.dataset_path()), history=True)
    old, new = report.history
    assert (old.judge, old.runs, new.runs) == ("judge", (1,), (2, 3))
    assert old.n == new.n == 10
    assert old.exact.value == pytest.approx(0.5) and new.exact.value == 1.0
    assert new.kappa.value == pytest.approx(1.0)
    assert new.toward == (1, 3, 5, 7, 9) and new.away == ()
    text = format_report(report)
    assert "Agreement history" in text and "5 rows moved toward people, 0 away" in text
    assert main(["report", str(project.root), "--history", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [v["version"] for v in shown["history"]] == [old.version, new.version]


def test_a_run_can_be_gated_on_kappa_with_people(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sklearn.metrics import cohen_kappa_score

    with FakeOpenAI(reply=_reply, models=["judge-small"]) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=10)
        with Store(project.store_path) as store:
            for row, value in PEOPLE.items():
                store.reviews.put(Review(row, f"r{row}", value=value, reviewer="me"))
        argv = ["run", str(project.root), "--json", "--fail-under", "kappa=0.9"]
        assert main(argv) == 1
    figures = json.loads(capsys.readouterr().out)
    (goal,) = figures["fail_under"]
    judged = [9 if row % 2 else PEOPLE[row] for row in range(10)]
    # Weighted on the whole 1–10 scale, as the report weighs it, scores no one gave included.
    scale = list(range(1, 11))
    expected = cohen_kappa_score(judged, list(PEOPLE.values()), weights="quadratic", labels=scale)
    assert goal["value"] == pytest.approx(expected) and not goal["met"]
    assert goal["sentence"].startswith("person–judge kappa")
    with pytest.raises(SystemExit) as refused:  # argparse: a usage error
        main(["run", str(project.root), "--recompute", "--fail-under", "kappa=2"])
    assert refused.value.code == 2


def test_only_the_rows_people_judged_are_read(tmp_path: Path) -> None:
    from judgedesk.core.report.history import judge_history, moved_rows

    people = {row: PEOPLE[row] for row in (1, 2, 3, 7)}
    with FakeOpenAI(reply=_reply, models=["judge-small"]) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=10)
        run(project)
        template = project.read_template(project.judges[0])
        project.write_template(project.judges[0], "Be strict.\n" + template)
        run(project)
    with Store(project.store_path) as store:
        read = judge_history(store, people, "interval")
        whole = judge_history(store, people, "interval", lambda s, run: s.step_verdicts(run))
        nobody = judge_history(store, {}, "interval")
    for history in (read, whole):
        old, new = history
        assert old.n == new.n == 4 and set(new.verdicts) == set(people)
        assert new.toward == (1, 3, 7) and new.away == () and new.exact.value == 1.0
        assert [(m.row_id, m.before, m.after) for m in moved_rows(old, new)] == [
            ("r1", 9, 4),
            ("r3", 9, 6),
            ("r7", 9, 5),
        ]
    assert [v.to_dict() for v in read] == [v.to_dict() for v in whole]
    assert [(v.n, v.runs, v.verdicts) for v in nobody] == [(0, (1,), {}), (0, (2,), {})]
