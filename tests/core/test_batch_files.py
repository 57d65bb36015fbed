"""Batch results that are not all well: cut short, unknown or repeated ids, errors; scripts
that shape the requests; the ``judgedesk batch`` commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.run.batch_import import import_batch
from judgedesk.core.run.store import Store
from tests.core.test_batch import export, files_of, verdicts
from tests.core.test_pipeline import (
    ROWS,
    SCRIPT_POST,
    SCRIPT_PRE,
    make_project,
    run,
    score_from_question,
)
from tests.support.batch_runner import read_requests, run_batch
from tests.support.fake_openai import FakeOpenAI, FaultPlan


@pytest.fixture
def server() -> Any:
    with FakeOpenAI(reply=score_from_question) as fake:
        yield fake


def result_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def test_a_cut_off_file_unknown_and_repeated_ids_are_reported_never_stored_twice(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    project = make_project(tmp_path / "p", server.base_url)
    done = export(project, tmp_path / "out")
    run_batch(files_of(done), server.base_url, tmp_path / "all.jsonl")
    lines = result_lines(tmp_path / "all.jsonl")
    # The first file ends in the middle of its 6th line, as a download cut short does.
    (tmp_path / "part.jsonl").write_text("".join(lines[:5]) + lines[5][:40], encoding="utf-8")
    stranger = json.loads(lines[0])
    stranger["custom_id"] = "f" * 64
    (tmp_path / "rest.jsonl").write_text(
        "".join(lines[3:]) + json.dumps(stranger) + "\n" + "not json\n" + lines[0],
        encoding="utf-8",
    )
    imported = import_batch(project, [tmp_path / "part.jsonl", tmp_path / "rest.jsonl"])
    part, rest = imported.files
    assert (part.lines, part.stored, part.truncated) == (6, 5, True)
    assert (rest.stored, rest.duplicates, rest.unknown, rest.unreadable) == (ROWS - 5, 3, 1, 1)
    assert rest.lines == ROWS - 3 + 3 and not rest.truncated
    assert imported.stored == ROWS and imported.unknown_ids == ["f" * 64]
    assert imported.truncated == 1 and imported.problems == 1 + 3 + 1 + 1
    assert "The last line is cut off" in part.summary()
    with Store(project.store_path) as store:
        assert store.count_calls() == ROWS
    server.clear()
    assert run(project).to_dict()["calls"] == 0 and server.count() == 0


def test_error_statuses_and_replies_without_a_message_are_failures(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    project = make_project(tmp_path / "p", server.base_url, rows=4)
    done = export(project, tmp_path / "out")
    server.set_faults(FaultPlan(script={1: "500", 2: "wrong_shape"}))
    run_batch(files_of(done), server.base_url, tmp_path / "results.jsonl", seed=1)
    imported = import_batch(project, [tmp_path / "results.jsonl", tmp_path / "missing.jsonl"])
    assert (imported.stored, imported.failed) == (2, 2)
    reasons = sorted(why for _, why in imported.failures)
    assert reasons[0].startswith("status 500") and "choices" in reasons[1]
    assert imported.files[1].missing and "not read" in imported.files[1].summary()
    assert "asked again by the next run" in imported.summary()
    server.set_faults(None)
    server.clear()
    assert run(project).to_dict()["calls"] == 2


def test_a_preprocess_script_shapes_the_requests_as_in_a_run(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    projects = []
    for name in ("a", "b"):
        project = make_project(tmp_path / name, server.base_url, rows=6)
        project.write_template(
            project.judges[0],
            "Judge item: {{ data.question }} ({{ data.shout }}, {{ preprocess_result }})\n"
            "Score: [[n]]",
        )
        (project.root / "scripts").mkdir()
        project.script_path("preprocess").write_text(SCRIPT_PRE)
        project.script_path("postprocess").write_text(SCRIPT_POST)
        projects.append(project)
    live, batch = projects
    run(live)
    done = export(batch, tmp_path / "out")
    assert done.requests == 5 and done.failed == 1  # row 3's preprocess fails, as in a run
    assert "row 3: " in done.problems[0] and "row three is broken" in done.problems[0]
    prompts = [line["body"]["messages"][-1]["content"] for line in read_requests(files_of(done))]
    assert any("(WHAT ABOUT ITEM 0?, 8)" in p for p in prompts)
    run_batch(files_of(done), server.base_url, tmp_path / "results.jsonl")
    assert import_batch(batch, [tmp_path / "results.jsonl"]).stored == 5
    server.clear()
    assert run(batch).to_dict()["calls"] == 0
    assert verdicts(batch) == verdicts(live)


def test_the_batch_commands(
    tmp_path: Path, server: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", server.base_url)
    out = tmp_path / "out"
    code = main(["batch", "export", str(project.root), "--out", str(out), "--rows", "0:5"])
    printed = capsys.readouterr().out
    assert code == 0 and "5 requests in 1 file in" in printed
    assert "judgedesk batch import" in printed
    files = sorted(out.glob("requests-*.jsonl"))
    run_batch(files, server.base_url, tmp_path / "results.jsonl", fail={_first_id(files)})
    code = main(["batch", "import", str(project.root), str(tmp_path / "results.jsonl")])
    printed = capsys.readouterr().out
    assert code == 1  # a failed line is a problem to see
    assert "results.jsonl: 5 lines: 4 replies stored, 0 already stored, 1 failed." in printed
    code = main(["batch", "import", str(project.root), str(tmp_path / "results.jsonl")])
    assert "0 replies stored, 4 already stored, 1 failed" in capsys.readouterr().out
    (tmp_path / "empty.jsonl").write_text("")
    assert main(["batch", "import", str(project.root), str(tmp_path / "empty.jsonl")]) == 0
    capsys.readouterr()
    code = main(["batch", "export", str(project.root), "--out", str(out), "--max-lines", "4"])
    printed = capsys.readouterr().out
    assert code == 0 and f"{ROWS - 4} requests in 2 files" in printed
    assert main(["batch", "export", str(tmp_path / "nowhere"), "--out", str(out)]) == 2


def _first_id(files: list[Path]) -> str:
    return str(json.loads(files[0].read_text().splitlines()[0])["custom_id"])
