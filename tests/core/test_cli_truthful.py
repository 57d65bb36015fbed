"""What the command line says of a run is true: lines of the dataset left out, the cost,
retried calls, rows without a majority, a cascade's figures, a full disk, approvals."""

from __future__ import annotations

import errno
import json
import sqlite3
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.judge.approvals import APPROVALS_FILE
from judgedesk.core.places import settings_folder
from judgedesk.core.project import approve, load_project
from judgedesk.core.run import Store
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI, FaultPlan

DEEP = "[" * 100_000 + "]" * 100_000  # deeper than the JSON reader goes


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=score_from_question) as server:
        yield server


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def record(number: int) -> str:
    return json.dumps(
        {"id": f"r{number}", "question": f"What about item {number}?", "response": "fine"}
    )


def with_bad_lines(project_root: Path) -> None:
    """Five lines, of which lines 2 (a NUL), 4 (nested too deeply) and 5 (broken JSON)
    cannot be read."""
    lines = [record(1), "\x00", record(2), '{"id": "c", "question": ' + DEEP + "}", '{"id": x']
    (project_root / "data" / "items.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


LEFT_OUT = "5 lines in the dataset, 3 could not be read: lines 2, 4, 5 — see `judgedesk check`"


def test_lines_the_run_could_not_read_are_counted_everywhere_and_exit_1(
    tmp_path: Path, fake: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", fake.base_url, rows=0)
    with_bad_lines(project.root)
    root = str(project.root)

    code, out, _ = cli(capsys, "run", root, "--quiet")
    assert code == 1, out
    assert "2 rows — 2 ok, 0 errors, 0 unparsed" in out
    assert f"left out: {LEFT_OUT}" in out
    assert "3 line(s) of the dataset could not be read and were left out" in out
    assert f"`judgedesk check {root}`" in out

    code, out, _ = cli(capsys, "run", root, "--quiet", "--json", "--recompute")
    figures = json.loads(out)
    assert code == 1 and figures["exit_code"] == 1
    assert figures["dataset_lines"] == 5 and figures["unreadable_lines"] == 3
    assert figures["unreadable_line_numbers"] == [2, 4, 5]
    assert "left out" in figures["exit_reasons"][0]

    code, out, _ = cli(capsys, "report", root)
    assert code == 0 and f"Left out: {LEFT_OUT}" in out
    code, out, _ = cli(capsys, "report", root, "--json")
    assert json.loads(out)["unreadable"] == {
        "dataset_lines": 5,
        "unreadable_lines": 3,
        "unreadable_line_numbers": [2, 4, 5],
    }

    html = tmp_path / "report.html"
    assert cli(capsys, "export", root, "--out", str(html))[0] == 0
    assert "Dataset lines left out" in html.read_text(encoding="utf-8")
    assert "could not be read: lines 2, 4, 5" in html.read_text(encoding="utf-8")
    xlsx = tmp_path / "report.xlsx"
    assert cli(capsys, "export", root, "--out", str(xlsx))[0] == 0
    with zipfile.ZipFile(xlsx) as book:
        cells = "".join(book.read(n).decode("utf-8") for n in book.namelist() if "xml" in n)
    assert "Dataset lines left out" in cells and "lines 2, 4, 5" in cells

    # Every line read again: the run and the report say nothing was left out.
    (project.root / "data" / "items.jsonl").write_text(record(1) + "\n", encoding="utf-8")
    code, out, _ = cli(capsys, "run", root, "--quiet")
    assert code == 0 and "left out" not in out
    assert "Left out" not in cli(capsys, "report", root)[1]
    code, out, _ = cli(capsys, "run", root, "--quiet", "--json", "--recompute")
    figures = json.loads(out)
    assert (figures["dataset_lines"], figures["unreadable_lines"]) == (1, 0)


def test_the_run_says_its_cost_and_how_many_calls_were_retried(
    tmp_path: Path, fake: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    prices = {"price_input": 1000.0, "price_output": 2000.0}  # per million tokens
    project = make_project(tmp_path / "p", fake.base_url, rows=2, **prices)
    fake.set_faults(FaultPlan(script={2: "429"}))  # 1 is the models' list; 2 a row's call
    code, out, _ = cli(capsys, "run", str(project.root), "--quiet", "--json")
    figures = json.loads(out)
    assert code == 0 and (figures["calls"], figures["retried_calls"]) == (2, 1)
    expected = (figures["prompt_tokens"] * 1000 + figures["completion_tokens"] * 2000) / 1e6
    assert figures["cost"] == pytest.approx(expected) and expected > 0.01

    again = make_project(tmp_path / "again", fake.base_url, rows=2, **prices)
    fake.set_faults(FaultPlan(script={2: "429", 3: "429"}))
    code, out, _ = cli(capsys, "run", str(again.root), "--quiet")
    assert code == 0 and "judge calls: 2 made, 0 reused, 2 calls retried;" in out
    assert f"  cost: {expected:,.4f} (at the models' prices per million tokens)" in out

    free = make_project(tmp_path / "free", fake.base_url, rows=1)
    code, out, _ = cli(capsys, "run", str(free.root), "--quiet")
    assert code == 0 and "cost" not in out and "retried" not in out


def test_rows_without_a_majority_are_counted_and_advised_apart(
    tmp_path: Path, fake: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    def reply(body: dict[str, Any]) -> str:
        if body["model"] == "judge-large":
            return "Score: [[9]]"  # never what the first judge says
        return score_from_question(body)

    fake.set_reply(reply)
    project = make_project(tmp_path / "p", fake.base_url, rows=2)
    second = JudgeSettings(
        name="second", base_url=fake.base_url, model="judge-large", parser="score"
    )
    second.template = "templates/second.j2"
    project.judges.append(second)
    project.run.aggregate = "majority"
    project.save()
    project.write_template(second, "Item: {{ data.question }}\nScore: [[n]]")
    approve(project)

    code, out, _ = cli(capsys, "run", str(project.root), "--quiet")
    assert code == 1
    assert "2 rows — 0 ok, 0 errors, 0 unparsed, 2 without a majority" in out
    assert "2 row(s) have no majority" in out and "fix the template" not in out
    code, out, _ = cli(capsys, "run", str(project.root), "--quiet", "--json", "--recompute")
    figures = json.loads(out)
    assert (figures["unparsed"], figures["no_majority"]) == (0, 2)
    assert len(figures["exit_reasons"]) == 1 and "no majority" in figures["exit_reasons"][0]


def test_a_cascade_says_each_figure_for_the_judge_that_decided(
    tmp_path: Path, fake: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", fake.base_url, rows=4)
    rule = JudgeSettings(
        name="rule", kind="metric", metric="exact", params={"undecided_when_false": True}
    )
    project.judges.insert(0, rule)
    project.run.cascade = True
    rows = project.dataset_path()
    lines = [json.loads(x) for x in rows.read_text().splitlines()]
    lines[2]["response"]["content"] = "ref 2"  # the rule decides row 2 (true)
    rows.write_text("".join(json.dumps(x) + "\n" for x in lines))
    project.save()
    approve(project)

    code, out, _ = cli(capsys, "run", str(project.root), "--quiet")
    assert code == 0, out
    assert "  accuracy:   100.0% (judge 'rule', 1 row)" in out
    assert "  mean score: 2.333 (judge 'judge', 3 rows)" in out  # scores 1, 2, 4
    code, out, _ = cli(capsys, "run", str(project.root), "--quiet", "--json", "--recompute")
    assert json.loads(out)["by_judge"] == {
        "rule": {"rows": 1, "mean_score": None, "accuracy": 1.0},
        "judge": {"rows": 3, "mean_score": pytest.approx(7 / 3), "accuracy": None},
    }


# --- a full disk ------------------------------------------------------------------------


def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every results file opened from now on may not grow: SQLite says the disk is full."""
    connect = sqlite3.connect

    def limited(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db = connect(*args, **kwargs)
        db.execute("PRAGMA max_page_count = 1")  # the file as it is, not a page more
        return db

    monkeypatch.setattr(sqlite3, "connect", limited)


def test_a_full_disk_is_said_as_such_never_as_a_damaged_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p" / ".judgedesk" / "results.sqlite"
    with monkeypatch.context() as patched:
        full_disk(patched)
        with pytest.raises(JudgeDeskError) as caught:
            Store(path)
    said = str(caught.value)
    assert "is full" in said and "Free some space there" in said and "nothing in it is lost" in said
    assert "damaged" not in said and "move it" not in said

    path.write_bytes(b"this is not a database, only text " * 200)
    with pytest.raises(JudgeDeskError) as caught:
        Store(path)
    assert "If it is damaged, move it away" in str(caught.value)


@pytest.mark.parametrize(
    ("cause", "words"),
    [
        ("database or disk is full", "is full, so the results file cannot be opened"),
        ("disk I/O error", "Check that the disk has room and is still connected"),
        ("attempt to write a readonly database", "it is read-only for you"),
    ],
)
def test_report_export_and_run_on_a_full_disk_never_advise_moving_the_file(
    tmp_path: Path,
    fake: FakeOpenAI,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    cause: str,
    words: str,
) -> None:
    project = make_project(tmp_path / "p", fake.base_url, rows=2)
    root = str(project.root)
    assert cli(capsys, "run", root, "--quiet")[0] == 0
    connect = sqlite3.connect

    def failing(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db = connect(*args, **kwargs)
        if str(args[0] if args else kwargs.get("database", "")).startswith(str(tmp_path)):
            db.close()
            raise sqlite3.OperationalError(cause)
        return db

    monkeypatch.setattr(sqlite3, "connect", failing)
    for command in (
        ("report", root),
        ("export", root, "--out", str(tmp_path / "out.csv")),
        ("run", root, "--quiet"),
    ):
        code, _, err = cli(capsys, *command)
        assert code != 0, command
        assert words in err and "move it" not in err and "damaged" not in err, err
        assert "Traceback" not in err
    assert not (tmp_path / "out.csv").exists()


def test_new_on_a_full_disk_says_so_and_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "items.jsonl"
    data.write_text(record(1) + "\n", encoding="utf-8")

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("judgedesk.core.project.settings.atomic_write_text", full)
    folder = tmp_path / "new"
    code, out, err = cli(capsys, "new", str(folder), "--dataset", str(data))
    assert code == 1 and "Created" not in out
    (sentence,) = err.strip().splitlines()
    assert sentence == (
        f"judgedesk: The project could not be made: the disk holding {tmp_path} is full. "
        "Free some space there, then try again; nothing of it was left behind."
    )
    assert not folder.exists()

    folder.mkdir()  # an empty folder chosen for it stays, empty
    code, _, err = cli(capsys, "new", str(folder), "--dataset", str(data))
    assert code == 1 and f"{folder} is empty again" in err
    assert folder.is_dir() and list(folder.iterdir()) == []


# --- approvals --------------------------------------------------------------------------


def test_check_says_what_waits_for_approval_and_exits_as_run_would(
    tmp_path: Path,
    fake: FakeOpenAI,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CHECK_KEY", "sk-check")
    project = make_project(tmp_path / "p", fake.base_url, rows=2, api_key="env:CHECK_KEY")
    root = str(project.root)
    assert cli(capsys, "check", root)[0] == 0
    (settings_folder() / APPROVALS_FILE).unlink()  # as on another computer
    asked = len(fake.received)
    run_code, _, run_err = cli(capsys, "run", root, "--quiet")
    code, out, _ = cli(capsys, "check", root)
    assert code == run_code == 2, run_err
    assert "CHECK_KEY" in out and "not ready to run: 1 approval waits" in out
    assert ": ready to run." not in out
    assert len(fake.received) == asked  # nothing is sent before the approval

    approve(load_project(root))
    (project.root / "scripts").mkdir(exist_ok=True)
    (project.root / "scripts" / "preprocess.py").write_text(
        "def preprocess(data, response):\n    return data, response, None\n", encoding="utf-8"
    )
    run_code = cli(capsys, "run", root, "--quiet")[0]
    code, out, _ = cli(capsys, "check", root, "--offline")
    assert code == run_code == 2
    assert "preprocess.py" in out and "approval waits" in out
