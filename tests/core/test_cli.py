"""The headless commands: new, render, templates, check."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from judgedesk.cli import main
from judgedesk.core.project.settings import load_project

# The multi-turn example of the platform this is modelled on (seed 000, "Example 2").
SEED_EXAMPLE_2 = {
    "messages": [
        {
            "role": "system",
            "content": "You are an intelligent assistant developed by Company A, "
            "capable of accurately answering user questions.",
        },
        {
            "role": "user",
            "content": "Hello, could you help explain the general theory of relativity to me?",
        },
        {
            "role": "assistant",
            "content": "The general theory of relativity was proposed by "
            "Einstein, introducing the relationship between the gravitational field and the "
            "curvature of spacetime.",
        },
        {"role": "user", "content": "Then what is special relativity?"},
        {
            "role": "assistant",
            "content": "When an object moves at speeds approaching the speed "
            "of light, time, space, mass, and energy all exhibit laws entirely different from "
            "everyday experience, and the speed of light is the ultimate speed limit for all "
            "objects in the universe.",
        },
    ],
    "response": {
        "content": "Special relativity primarily studies the laws of motion in inertial frames, "
        "including time dilation and length contraction.",
        "reasoning_content": "The user is asking about special relativity.",
    },
}

EXPECTED_EXAMPLE_2 = """[Chat history]
[SYSTEM] You are an intelligent assistant developed by Company A, capable of accurately answering user questions.
[USER] Hello, could you help explain the general theory of relativity to me?
[BOT] The general theory of relativity was proposed by Einstein, introducing the relationship between the gravitational field and the curvature of spacetime.
[User question]
Then what is special relativity?
[Reference answer]
When an object moves at speeds approaching the speed of light, time, space, mass, and energy all exhibit laws entirely different from everyday experience, and the speed of light is the ultimate speed limit for all objects in the universe.
[Assistant response]
Special relativity primarily studies the laws of motion in inertial frames, including time dilation and length contraction.
"""  # noqa: E501

TEMPLATE = """[Chat history]
{{ data.history }}
[User question]
{{ data.question }}
[Reference answer]
{{ data.gt }}
[Assistant response]
{{ response.content }}
Score: [[n]]"""


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_render_reproduces_the_seed_multi_turn_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset = tmp_path / "chat.jsonl"
    dataset.write_text(json.dumps(SEED_EXAMPLE_2) + "\n", encoding="utf-8")
    template = tmp_path / "prompt.j2"
    template.write_text(TEMPLATE, encoding="utf-8")
    project = tmp_path / "proj"
    code, out, err = run(
        capsys, "new", str(project), "--dataset", str(dataset), "--template", str(template)
    )
    assert code == 0, err
    assert load_project(project).judges[0].parser == "score"  # inferred from the format
    code, out, err = run(capsys, "render", str(project), "--row", "0")
    assert code == 0, err
    assert out == EXPECTED_EXAMPLE_2 + "Score: [[n]]\n"
    assert err == ""


def write_csv(path: Path, *rows: list[str]) -> Path:
    """A CSV file of ``rows`` (the first its header) at ``path``."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def test_new_from_csv_with_fields_and_builtin_template(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_csv(
        tmp_path / "answers.csv",
        ["uid", "problem", "answer", "prediction"],
        ["q1", "What is the capital of France?", "Paris", "Paris, of course."],
        ["q2", "2+2?", "4", "5"],
    )
    project = tmp_path / "p"
    code, out, err = run(
        capsys,
        "new",
        str(project),
        "--dataset",
        str(source),
        "--template",
        "score_reference",
        "--field",
        "question=problem",
        "--field",
        "reference=answer",
        "--field",
        "response=prediction",
        "--field",
        "id=uid",
        "--judge-url",
        "http://127.0.0.1:9/v1",
        "--judge-model",
        "m",
        "--judge-key-env",
        "JUDGE_KEY",
        "--var",
        "max_score=5",
    )
    assert code == 0, err
    assert "2 rows" in out
    loaded = load_project(project)
    assert (project / "data" / "answers.csv").is_file()
    assert loaded.judges[0].api_key == "env:JUDGE_KEY"
    assert loaded.judges[0].parser == "score"
    assert loaded.variables["max_score"] == 5 and loaded.variables["min_score"] == 1
    code, out, err = run(capsys, "render", str(project), "--row", "1")
    assert code == 0, err
    assert "2+2?" in out and "\n4\n" in out and "\n5\n" in out and "to 5" in out
    code, out, err = run(capsys, "render", str(project), "--row", "0", "--json")
    messages = json.loads(out.split("\n", 0)[0])
    assert [m["role"] for m in messages] == ["system", "user"]
    code, out, err = run(capsys, "check", str(project), "--offline")  # no server here
    assert code == 0 and "ready to run" in out


def test_one_field_overrides_only_its_own_role(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write_csv(
        tmp_path / "answers.csv",
        ["id", "prompt", "response", "reference"],
        ["q1", "What is the capital of France?", "Paris.", "Paris"],
    )
    project = tmp_path / "p"
    code, _, err = run(
        capsys,
        "new",
        str(project),
        "--dataset",
        str(source),
        "--field",
        "question=prompt",
        "--judge-url",
        "http://127.0.0.1:9/v1",
        "--judge-model",
        "m",
    )
    assert code == 0, err
    assert load_project(project).dataset.fields == {
        "id": "id",
        "question": "prompt",
        "response": "response",
        "reference": "reference",
    }


def test_new_suggests_mapping_and_converts_a_brace_template(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "qa.jsonl"
    source.write_text(
        json.dumps({"problem": "Capital of Peru?", "answer": "Lima", "prediction": "Lima"}) + "\n"
    )
    template = tmp_path / "judge.txt"
    template.write_text(
        "Question: {problem}\nReference Answer: {answer}\nModel Response: "
        '{prediction}\nIf correct, answer "A"; if incorrect, answer "B".'
    )
    project = tmp_path / "p"
    code, out, err = run(
        capsys, "new", str(project), "--dataset", str(source), "--template", str(template), "--link"
    )
    assert code == 0, err
    assert "{problem} → {{ data.problem }}" in err
    loaded = load_project(project)
    assert loaded.dataset.path == str(source)
    assert loaded.judges[0].parser == "correctness"
    code, out, err = run(capsys, "render", str(project), "--row", "0")
    assert out.startswith(
        "Question: Capital of Peru?\nReference Answer: Lima\nModel Response: Lima"
    )


def test_render_reports_undefined_variables_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "qa.jsonl"
    source.write_text(json.dumps({"question": "Q", "response": "R"}) + "\n")
    template = tmp_path / "t.j2"
    template.write_text("{{ data.question }} {{ data.nothing }}\nScore: [[n]]")
    project = tmp_path / "p"
    assert (
        run(capsys, "new", str(project), "--dataset", str(source), "--template", str(template))[0]
        == 0
    )
    code, out, err = run(capsys, "render", str(project), "--row", "0")
    assert code == 0
    assert out == "Q \nScore: [[n]]\n"
    assert "line 1" in err and "data.nothing" in err
    code, out, err = run(capsys, "render", str(project), "--row", "7")
    assert code == 2 and "rows 0 to 0" in err


def test_check_explains_a_broken_project(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "qa.jsonl"
    source.write_text('{"question": "Q"}\nnot json\n')
    project = tmp_path / "p"
    assert run(capsys, "new", str(project), "--dataset", str(source))[0] == 0
    code, out, _ = run(capsys, "check", str(project))
    assert code == 1
    assert "no endpoint URL" in out and "no model name" in out
    assert "line 2" in out
    assert "not runnable" in out


def test_templates_lists_and_shows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "templates")
    assert code == 0
    for template_id in ("score_single", "compare_multi", "pairwise_checklist", "multidim_json"):
        assert template_id in out
    code, out, _ = run(capsys, "templates", "--show", "multidim_json", "--language", "zh")
    assert code == 0 and "综合评分" in out


def test_errors_are_one_line_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "render", str(tmp_path), "--row", "0")
    assert code == 2 and err.startswith("judgedesk: ") and "not a JudgeDesk project" in err
    code, _, err = run(capsys, "new", str(tmp_path / "x"), "--dataset", str(tmp_path / "no.csv"))
    assert code == 2 and "no.csv" in err


def test_console_entry_point_runs_headless_without_qt(tmp_path: Path) -> None:
    script = (
        "import sys; from judgedesk.__main__ import main; code = main(['templates']); "
        "assert 'PySide6' not in sys.modules, 'the CLI imported Qt'; sys.exit(code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "score_single" in done.stdout


def test_render_runs_the_preprocess_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "qa.jsonl"
    source.write_text(json.dumps({"question": "Q", "response": {"content": "<b>R</b>"}}) + "\n")
    template = tmp_path / "t.j2"
    template.write_text(
        "{{ data.question }} {{ response.clean }} {{ preprocess_result }}\nScore: [[n]]"
    )
    project = tmp_path / "p"
    assert (
        run(capsys, "new", str(project), "--dataset", str(source), "--template", str(template))[0]
        == 0
    )
    (project / "scripts").mkdir()
    (project / "scripts" / "preprocess.py").write_text(
        "import re\n\ndef preprocess(data, resp, **kwargs):\n"
        "    resp['clean'] = re.sub('<[^>]+>', '', resp['content'])\n    return 42\n"
    )
    code, out, err = run(capsys, "render", str(project), "--row", "0")
    assert code == 0, err
    assert out == "Q R 42\nScore: [[n]]\n"
    (project / "scripts" / "preprocess.py").write_text(
        "def preprocess(data, resp, **kwargs):\n    raise KeyError('nope')\n"
    )
    code, out, err = run(capsys, "render", str(project), "--row", "0")
    assert code == 1 and "KeyError" in err and "preprocess script failed" in err


def test_new_with_a_candidate_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "qa.jsonl"
    source.write_text(json.dumps({"question": "Q"}) + "\n")
    project = tmp_path / "p"
    code, _, err = run(
        capsys,
        "new",
        str(project),
        "--dataset",
        str(source),
        "--judge-url",
        "http://127.0.0.1:9/v1",
        "--judge-model",
        "j",
        "--candidate-model",
        "cand",
        "--candidate-key-env",
        "CAND_KEY",
    )
    assert code == 0, err
    candidate = load_project(project).candidate
    assert candidate is not None
    assert (candidate.base_url, candidate.model, candidate.api_key) == (
        "http://127.0.0.1:9/v1",
        "cand",
        "env:CAND_KEY",
    )
