"""``judgedesk calibrate``: candidates run on the labelled rows, compared with people."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Project, load_project
from judgedesk.core.run import Review, Store, latest_statuses, report_rows
from tests.core.test_pipeline import make_project
from tests.support.fake_openai import FakeOpenAI

ROWS = 40
LABELLED = 30


def people(index: int) -> int:
    return index % 10 + 1


def reply(body: dict[str, Any]) -> str:
    """The small model scores as people do (but row 7, never read); the large one not."""
    prompt = body["messages"][-1]["content"]
    number = int(re.search(r"item (\d+)", prompt).group(1))  # type: ignore[union-attr]
    if body["model"] == "judge-large":
        return f"Score: [[{(number * 3) % 10 + 1}]]"
    if number == 7:
        return "I cannot decide."
    return f"Score: [[{people(number)}]]"


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=reply) as fake:
        yield fake


def labelled_project(root: Path, base_url: str, labelled: int = LABELLED) -> Project:
    project = make_project(root, base_url, rows=ROWS)
    other = JudgeSettings(**{**vars(project.judges[0]), "name": "large", "model": "judge-large"})
    project.judges.append(other)
    project.save()
    with Store(project.store_path) as store:
        for i in range(labelled):
            store.reviews.put(Review(i, f"r{i}", value=people(i)))
    return project


def test_calibrate_prints_the_split_every_figure_and_the_choice_as_json(
    tmp_path: Path, server: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = labelled_project(tmp_path / "p", server.base_url)
    code = main(["calibrate", str(project.root), "--split", "0.5", "--seed", "4", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err.startswith("Estimate: 30 labelled rows, 60 calls to make")
    said = json.loads(out)
    assert set(said) == {"split", "judges", "chosen"}
    split = said["split"]
    assert (split["seed"], split["share"]) == (4, 0.5)
    assert sorted(split["tuning"] + split["test"], key=lambda i: int(i[1:])) == [
        f"r{i}" for i in range(LABELLED)
    ]
    assert [j["name"] for j in said["judges"]] == ["judge", "large"]
    assert said["chosen"] == "judge"
    judge = said["judges"][0]
    for part in ("tuning", "test"):
        figures = judge[part]
        assert {"n", "agreement", "kappa", "kappa_interval", "weighted_kappa", "spearman"} <= set(
            figures
        )
        assert {"recall", "confusion", "unread", "failed"} <= set(figures)
        assert figures["agreement"] == 1.0 and figures["n"] == len(split[part]) - (
            "r7" in split[part]
        )
    # Row 7's reply could not be read: counted, never scored as a disagreement.
    assert judge["tuning"]["unread"] + judge["test"]["unread"] == 1
    assert judge["calls"] == LABELLED and judge["cached"] == 0
    # The split is kept in the project; only the labelled rows were asked.
    again = load_project(project.root)
    assert (again.calibration.share, again.calibration.seed) == (0.5, 4)
    asked = {
        int(re.search(r"item (\d+)", b["messages"][-1]["content"]).group(1))  # type: ignore[union-attr]
        for b in server.requests
    }
    assert asked == set(range(LABELLED))


def test_calibrate_reuses_stored_replies_and_adopts_a_candidate(
    tmp_path: Path, server: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = labelled_project(tmp_path / "p", server.base_url)
    assert main(["calibrate", str(project.root), "--judges", "large,judge"]) == 0
    table = capsys.readouterr().out
    assert "Proposed: judge" in table and "tuning" in table
    sent = len(server.requests)
    assert main(["calibrate", str(project.root), "--adopt", "large", "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert len(server.requests) == sent  # every reply was stored
    assert all(j["calls"] == 0 and j["cached"] == LABELLED for j in said["judges"])
    saved = load_project(project.root)
    assert [(j.name, j.enabled) for j in saved.judges] == [("judge", False), ("large", True)]


def test_too_few_labelled_rows_say_how_many_more_are_needed(
    tmp_path: Path, server: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = labelled_project(tmp_path / "p", server.base_url, labelled=4)
    assert main(["calibrate", str(project.root)]) == 1
    assert re.search(r"Review about \d+ more rows", capsys.readouterr().err)
    assert not server.requests
    assert main(["calibrate", str(project.root), "--adopt", "nobody"]) == 2
    assert "not among the candidates" in capsys.readouterr().err
    assert main(["calibrate", str(project.root), "--split", "1.5"]) == 2
    assert "--split must be between 0 and 1" in capsys.readouterr().err


def test_render_shows_the_examples_a_run_would_show(
    tmp_path: Path, server: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = labelled_project(tmp_path / "p", server.base_url)
    project.judges[0].examples = {"count": 2, "pick": "similar"}
    project.save()
    project.write_template(
        project.judges[0],
        "Judge item: {{ data.question }}\n"
        "{% for e in examples %}EXAMPLE {{ e.id }}: {{ e.label }}\n{% endfor %}Score: [[n]]",
    )
    assert main(["render", str(project.root), "--row", "3", "--judge", "judge"]) == 0
    shown = re.findall(r"EXAMPLE (r\d+)", capsys.readouterr().out)
    assert len(shown) == 2 and "r3" not in shown


def test_calibration_runs_never_become_the_rows_latest_results(
    tmp_path: Path, server: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = labelled_project(tmp_path / "p", server.base_url)
    assert main(["run", str(project.root)]) == 0
    with Store(project.store_path) as store:
        before = {row: (r.run_id, r.detail) for row, r in store.latest_results().items()}
        statuses = store.read(latest_statuses)
        reported = store.read(report_rows)
    assert len(before) == ROWS
    assert main(["calibrate", str(project.root), "--json"]) == 0
    capsys.readouterr()
    with Store(project.store_path) as store:
        runs = store.runs()
        assert [r.purpose for r in runs] == ["", "calibration", "calibration"]
        # Each candidate's run on the labelled rows is kept, apart from the latest.
        assert store.count_calls() and len(store.results(runs[1].id)) == LABELLED
        after = {row: (r.run_id, r.detail) for row, r in store.latest_results().items()}
        assert after == before
        assert store.latest_result(3) is not None
        assert store.latest_result(3).run_id == runs[0].id  # type: ignore[union-attr]
        assert store.read(latest_statuses) == statuses
        assert [r[:4] for r in store.read(report_rows)] == [r[:4] for r in reported]
