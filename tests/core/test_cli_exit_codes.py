"""The command line's exit codes tell the truth: run, --fail-under, check, templates."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import build_parser, language, main
from judgedesk.core.judge.approvals import APPROVALS_FILE
from judgedesk.core.places import settings_folder
from judgedesk.core.project import load_project
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=score_from_question) as server:
        yield server


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code, out, _ = cli(capsys, "run", *args, "--quiet", "--json")
    return code, json.loads(out)


def test_every_row_with_a_verdict_is_0_and_unparsed_rows_are_1(
    tmp_path: Path, fake: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", fake.base_url, rows=10)
    code, out, _ = cli(capsys, "run", str(project.root), "--rows", "0:5", "--quiet")
    assert code == 0, out
    assert "5 ok, 0 errors, 0 unparsed" in out and "Exit code" not in out

    code, out, _ = cli(capsys, "run", str(project.root), "--quiet")  # row 7 is unparsed
    assert code == 1
    assert "9 ok, 0 errors, 1 unparsed" in out
    assert "Exit code 1: 1 row(s) have a reply whose verdict could not be read" in out
    assert "--only unparsed" in out

    code, figures = run_json(capsys, str(project.root), "--recompute")
    assert code == 1 and figures["exit_code"] == 1
    assert (figures["ok"], figures["error"], figures["unparsed"]) == (9, 0, 1)
    assert len(figures["exit_reasons"]) == 1 and "unparsed" in figures["exit_reasons"][0]


def test_rows_that_failed_are_1_and_say_how_to_retry_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1", rows=3)
    code, out, _ = cli(capsys, "run", str(project.root), "--quiet")
    assert code == 1
    assert "0 ok, 3 errors, 0 unparsed" in out
    assert f"3 row(s) failed: retry them with `judgedesk run {project.root} --only failed`" in out


def test_the_command_or_the_project_being_wrong_is_2(
    tmp_path: Path, fake: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(capsys, "run", str(tmp_path / "nowhere"))
    assert code == 2 and "does not exist" in err
    project = make_project(tmp_path / "p", fake.base_url, rows=3)
    code, _, err = cli(capsys, "render", str(project.root), "--row", "9")
    assert code == 2 and "Row 9 does not exist" in err
    code, _, err = cli(capsys, "export", str(project.root), "--out", str(tmp_path / "x.doc"))
    assert code == 2 and "export format" in err
    (project.root / "templates" / "judge.j2").write_text("{% if %}", encoding="utf-8")
    code, _, err = cli(capsys, "run", str(project.root), "--quiet")
    assert code == 2 and err.startswith("judgedesk: ")
    with pytest.raises(SystemExit) as exited:
        main(["run", str(project.root), "--fail-under", "accuracy=2"])
    assert exited.value.code == 2
    assert "between 0 and 1" in capsys.readouterr().err
    # A project never run has nothing to report: a problem found, not a wrong command.
    fresh = make_project(tmp_path / "fresh", fake.base_url, rows=1)
    assert cli(capsys, "report", str(fresh.root))[0] == 1


def test_fail_under_says_which_figure_fell_short_and_by_how_much(
    tmp_path: Path, fake: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", fake.base_url, rows=5)  # scores 1..5: mean 3
    root = str(project.root)
    code, out, _ = cli(capsys, "run", root, "--quiet", "--fail-under", "mean=2.5")
    assert code == 0, out
    assert "met: mean score 3 reaches 2.5 (5 rows)" in out

    code, figures = run_json(capsys, root, "--recompute", "--fail-under", "mean=3.5")
    assert code == 1
    [goal] = figures["fail_under"]
    assert goal["figure"] == "mean" and goal["value"] == 3 and not goal["met"]
    assert figures["exit_reasons"] == ["mean score 3 is under 3.5 by 0.5 (5 rows)"]

    code, out, _ = cli(
        capsys,
        *("run", root, "--recompute", "--quiet"),
        *("--fail-under", "accuracy=80%", "--fail-under", "win_rate=0.5"),
        *("--fail-under", "agreement=0.5"),
    )
    assert code == 1
    assert "accuracy is not available, so it cannot reach 80.0%: this run's verdicts are " in out
    assert "score verdicts, not true/false verdicts" in out
    assert "win rate is not available" in out and "needs pairwise verdicts" in out
    assert "person–judge agreement is not available" in out and "--field human=" in out


def test_fail_under_agreement_uses_the_persons_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def correct(body: dict[str, Any]) -> str:
        return "A" if "item 3" not in body["messages"][-1]["content"] else "B"

    with FakeOpenAI(reply=correct) as server:
        project = make_project(tmp_path / "p", server.base_url, rows=4, parser="correctness")
        data = project.root / "data" / "items.jsonl"
        rows = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines()]
        for row in rows:
            row["human"] = "correct"
        data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        project.dataset.fields = {"human": "human"}
        project.save()
        root = str(project.root)
        code, figures = run_json(
            capsys, root, "--fail-under", "agreement=0.9", "--fail-under", "accuracy=0.7"
        )
    assert code == 1, figures
    agreement, accuracy = figures["fail_under"]
    assert agreement["value"] == 0.75 and agreement["n"] == 4 and not agreement["met"]
    assert agreement["sentence"] == (
        "person–judge agreement 75.0% is under 90.0% by 15.0 points (4 rows)"
    )
    assert accuracy["met"] and accuracy["value"] == 0.75


def test_check_asks_each_judge_unless_offline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHECK_KEY", "sk-right")
    with FakeOpenAI(api_key="sk-right", models=["judge-small"]) as server:
        project = make_project(tmp_path / "p", server.base_url, rows=2, api_key="env:CHECK_KEY")
        root = str(project.root)
        code, out, _ = cli(capsys, "check", root)
        assert code == 0, out
        assert f"Judge 'judge': {server.base_url} answers" in out and "'judge-small'" in out

        project.judges[0].model = "judge-huge"
        project.save()
        code, out, _ = cli(capsys, "check", root)
        assert code == 1
        assert "does not offer the model 'judge-huge'. It offers judge-small." in out
        assert "not runnable" in out
        asked = len(server.received)
        code, out, _ = cli(capsys, "check", root, "--offline")
        assert code == 0 and "not asked (--offline)" in out
        assert len(server.received) == asked
        try:
            code, out, _ = cli(capsys, "--language", "zh", "check", root, "--offline")
        finally:
            language.use("en")
        assert code == 0 and "提示：没有询问评审（--offline）。" in out
        assert "not asked" not in out and "ready to run" not in out

        project.judges[0].model = "judge-small"
        project.save()
        monkeypatch.setenv("CHECK_KEY", "sk-wrong")
        code, out, _ = cli(capsys, "check", root)
        assert code == 1
        assert "refused the request (HTTP 401)" in out and "check the judge's API key" in out

    code, out, _ = cli(capsys, "check", root)  # the server is gone
    assert code == 1 and "error: Judge 'judge': " in out


def test_check_sends_no_key_that_is_not_approved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHECK_KEY", "sk-secret")
    with FakeOpenAI(api_key="sk-secret") as server:
        project = make_project(tmp_path / "p", server.base_url, rows=2, api_key="env:CHECK_KEY")
        (settings_folder() / APPROVALS_FILE).unlink()  # as on another computer
        code, out, _ = cli(capsys, "check", str(project.root))
        assert server.received == []
    assert code == 2  # as run: the key waits for approval
    assert "servers were not asked whether they answer" in out and "Nothing was sent" in out


def test_check_asks_the_candidate_model_too(
    tmp_path: Path, fake: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", fake.base_url, rows=2)
    code, out, _ = cli(capsys, "check", str(project.root))
    assert code == 0
    text = (project.root / "judgedesk.toml").read_text(encoding="utf-8")
    text += f'\n[candidate]\nname = "candidate"\nbase_url = "{fake.base_url}"\n'
    text += 'model = "no-such-model"\ntemplate = ""\n'
    (project.root / "judgedesk.toml").write_text(text, encoding="utf-8")
    code, out, _ = cli(capsys, "check", str(project.root))
    assert code == 1, out
    assert "The candidate model: " in out and "'no-such-model'" in out


def test_templates_show_needs_no_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "templates", "--show", "compare_single")
    assert code == 0, err
    assert "[[A>>B]]" in out
    code, _, err = cli(capsys, "templates", "--show", "no_such_template")
    assert code == 2 and "Choose one of" in err


def test_help_documents_the_exit_codes_and_fail_under() -> None:
    text = build_parser().format_help()
    for line in ("0  done", "1  done, with problems", "2  the command or the project", "3  "):
        assert line in text
    run_help = build_parser()._subparsers._group_actions[0].choices["run"].format_help()  # type: ignore[union-attr]
    assert "--fail-under FIGURE=VALUE" in run_help and "agreement" in run_help


@pytest.mark.parametrize(
    "command", [["templates", "--show", "score_reference"], ["templates"], ["--help"]]
)
def test_a_reader_that_goes_away_ends_the_command_without_a_traceback(
    command: list[str],
) -> None:
    import os
    import subprocess
    import sys

    # `judgedesk … | head -1` once head has gone: every write finds the pipe closed.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "judgedesk", *command],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert done.returncode in (0, 1)  # argparse's help ignores the closed pipe itself
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr


def test_new_with_a_template_whose_verdicts_cannot_be_read_is_2_and_makes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "rows.jsonl"
    source.write_text(json.dumps({"question": "2+2?", "response": "4"}) + "\n", encoding="utf-8")
    template = tmp_path / "mine.j2"
    template.write_text("Is this answer good?\n{{ question }}\n{{ response }}\n", encoding="utf-8")
    folder = tmp_path / "p"
    args = ["new", str(folder), "--dataset", str(source), "--template", str(template)]
    code, _, err = cli(capsys, *args)
    assert code == 2
    assert "verdict format was not recognised" in err and "--parser NAME" in err
    assert not folder.exists()
    code, _, err = cli(capsys, *args, "--parser", "score")
    assert code == 0, err
    assert load_project(folder).judges[0].parser == "score"
