"""Every command line the documentation shows runs: README's tour, --help's examples.

The README's command-line tour is read from the file itself, so a documented form that
stops working fails here. Placeholder projects (my-eval, their-eval) are copies of the
shipped sample whose model judge is pointed at a local test server; files the examples
name (answers.csv, battles.csv) are made to match. Every option that ``--help`` lists is
used by at least one of the command lines run.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import build_parser, main
from judgedesk.cli.app import EXAMPLES
from judgedesk.core.project.settings import load_project
from judgedesk.resources import resource_path
from tests.support.fake_openai import FakeOpenAI

README = Path(__file__).resolve().parents[2] / "README.md"
TOUR = ("## A short tour (command line)", "\n## ")
DOCUMENTED_URL = "http://127.0.0.1:11434/v1"
MODEL = "qwen2.5:7b"
SAMPLE_COPIES = ("my-eval", "their-eval")
WINDOW = ("open", "self-test")  # need a display: the desktop app's own tests cover them
# Documented forms the README and the examples do not show, so that every option runs.
MORE_FORMS = [
    "judgedesk templates --language en",
    "judgedesk render my-eval --row 1 --judge local-model --json --trust",
    "judgedesk run my-eval --rows 2 --concurrency 2 --json --quiet --trust",
    "judgedesk run my-eval --only unparsed --quiet",
    "judgedesk run my-eval --only disagreements --quiet",
    "judgedesk report my-eval --run 1 --by category --trust",
    "judgedesk export my-eval --out rows.csv --format csv --raw --run 1 --trust",
    "judgedesk export my-eval --out report.html",
    "judgedesk new rules --dataset answers.xlsx --sheet Answers --format xlsx --link "
    "--name Rules --language zh --judge-name strict --judge-url URL --judge-model M "
    "--judge-key-env DOC_KEY --field question=problem --field reference=answer "
    "--field response=prediction --template score_reference --var max_score=10 "
    "--verdict-pattern 'Score: \\[\\[(\\d+)\\]\\]' --verdict-kind score --verdict-pick last",
    "judgedesk new fields --dataset battles.csv --field response_a=model_x "
    "--field response_b=model_y --template compare_single --verdict-path verdict "
    "--verdict-kind pairwise --verdict-map a=A>B --verdict-map b=B>A",
    "judgedesk new answered --dataset questions.jsonl --template multidim_json "
    "--scene translation --parser json --judge-url URL --judge-model M "
    "--candidate-url URL --candidate-model M --candidate-key-env DOC_KEY --no-system-role "
    "--candidate-template answer.j2",
    "judgedesk review import my-eval verdicts.jsonl --reviewer bo --trust",
    "judgedesk report my-eval --history",
    "judgedesk review pack my-eval --reviewers ana,bo --overlap 50% --seed 3 --show-judge "
    "--instructions 'Score each answer' --out team-packs --trust",
    "judgedesk review import my-eval team-packs/ana.jdpack team-packs/bo.jdpack",
    "judgedesk review sample my-eval --size 4 --seed 2 --by category --json --replace --trust",
    "judgedesk new filed --dataset answers.csv --template score_reference --no-structured "
    "--judge-file smollm2.gguf --parallel 4 --field question=problem --field reference=answer "
    "--field response=prediction",
    "judgedesk new against --dataset questions.jsonl --template compare_single "
    "--predictions response=predictions.jsonl --baseline-model M --baseline-url URL "
    "--baseline-key-env DOC_KEY --swap --judge-url URL --judge-model M --verdict-probabilities",
    "judgedesk batch export their-eval --out their-batch --rows 0:2 --max-lines 1 --max-mb 1 "
    "--trust",
    "judgedesk batch import their-eval batch-results.jsonl --trust",
    "judgedesk calibrate my-eval --trust",
    "judgedesk run against --trust --quiet",
    "judgedesk review pack against --reviewers ana --least-sure 1 --out sure-packs --trust",
]


def documented_commands() -> list[str]:
    """The ``judgedesk …`` lines of the README tour's bash blocks and of --help's examples."""
    text = README.read_text(encoding="utf-8")
    start = text.index(TOUR[0])
    section = text[start : text.index(TOUR[1], start + len(TOUR[0]))]
    lines: list[str] = []
    for block in re.findall(r"```bash\n(.*?)```", section, flags=re.DOTALL):
        lines += block.replace("\\\n", " ").splitlines()
    lines += EXAMPLES.splitlines()
    return [line.strip() for line in lines if line.strip().startswith("judgedesk")]


def reply(body: dict[str, Any]) -> str | dict[str, Any]:
    text = _text(body)
    if body.get("logprobs"):  # each character a token, sampled for sure
        tokens = [{"token": c, "logprob": 0.0, "top_logprobs": []} for c in text]
        return {"content": text, "logprobs": tokens}
    return text


def _text(body: dict[str, Any]) -> str:
    prompt = body["messages"][-1]["content"]
    asked = re.search(r"^(`{3,})jinja\n(.*?)\n\1$", prompt, flags=re.DOTALL | re.MULTILINE)
    if "Revise the template" in prompt and asked is not None:  # calibrate --suggest
        revised = asked.group(2).replace("\n", "\nJudge as the reviewers did.\n", 1)
        return f"{asked.group(1)}jinja\n{revised}\n{asked.group(1)}\nOne line added."
    if "A++" in prompt:
        return '{"choice": "B+", "reason": "B covers more of the checklist."}'
    if "[[A>>B]]" in prompt:
        return "B is a little better.\n[[B>A]]"
    if '"overall"' in prompt:
        return '{"overall": 8, "dimensions": {}}'
    return "Right on the essentials.\nRating: [[8]]"


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=reply, models=[MODEL, "judge-small"]) as fake:
        yield fake


def make_files(folder: Path, base_url: str) -> None:
    for name in SAMPLE_COPIES:
        shutil.copytree(resource_path("sample"), folder / name)
        project = load_project(folder / name)
        model = project.judge("local-model")
        model.enabled, model.base_url, model.model = True, base_url, MODEL
        project.save()
    answers = [
        ["problem", "answer", "prediction"],
        ["What is the capital of France?", "Paris", "Paris, of course."],
        ["2+2?", "4", "5"],
    ]
    with (folder / "answers.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(answers)
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Answers"
    for row in answers:
        sheet.append(row)
    book.save(folder / "answers.xlsx")
    battles = [
        ["id", "question", "model_x", "model_y", "preferred"],
        ["b1", "Name a prime number.", "4", "7", "model_y"],
        ["b2", "What colour is the sky?", "Blue.", "Green.", "model_x"],
    ]
    with (folder / "battles.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(battles)
    labels = [["item", "score"], ["geo-1", "8"], ["geo-2", "3"], ["sci-1", "9"]]
    with (folder / "labels.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(labels)
    with (folder / "ana.csv").open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["id", "verdict"], ["geo-1", "7"], ["sci-1", "9"]])
    scored = Workbook()
    scored_sheet = scored.active
    assert scored_sheet is not None
    for line in [["item", "score"], ["geo-1", 6], ["geo-2", 4]]:
        scored_sheet.append(line)
    scored.save(folder / "bo.xlsx")
    (folder / "verdicts.jsonl").write_text(
        json.dumps({"id": "geo-1", "verdict": 7}) + "\n", encoding="utf-8"
    )
    questions = [{"id": "q1", "question": "Translate 'cat' into French."}]
    (folder / "questions.jsonl").write_text(
        "".join(json.dumps(q) + "\n" for q in questions), encoding="utf-8"
    )
    (folder / "batch-results.jsonl").write_text("", encoding="utf-8")  # a batch all failed
    (folder / "answer.j2").write_text("Answer briefly: {question}", encoding="utf-8")
    sample = resource_path("sample") / "data" / "sample.jsonl"
    # The tour runs from the checkout, on the sample's dataset.
    (folder / "resources" / "sample" / "data").mkdir(parents=True)
    shutil.copy(sample, folder / "resources" / "sample" / "data" / "sample.jsonl")
    ids = [json.loads(line)["id"] for line in sample.read_text(encoding="utf-8").splitlines()]
    with (folder / "people.csv").open("w", newline="", encoding="utf-8") as handle:
        scores = [[row_id, 1 + (i * 3) % 10] for i, row_id in enumerate(ids)]
        csv.writer(handle).writerows([["id", "verdict"], *scores])
    (folder / "predictions.jsonl").write_text(
        json.dumps({"id": "q1", "response": "chat"}) + "\n", encoding="utf-8"
    )


def argv_of(line: str, base_url: str) -> list[str]:
    words = shlex.split(line, comments=True)[1:]
    words = [base_url if w in (DOCUMENTED_URL, "URL") else w for w in words]
    words = [MODEL if w == "M" else w for w in words]
    if words[:1] == ["new"] and words[1] in SAMPLE_COPIES:
        words[1] += "-new"  # the copy of the sample stands where the tour's project is
    return words


def test_every_documented_command_line_runs(
    tmp_path: Path,
    server: FakeOpenAI,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DOC_KEY", "sk-doc")
    monkeypatch.chdir(tmp_path)
    make_files(tmp_path, server.base_url)
    documented = documented_commands()
    assert len(documented) >= 15, documented
    ran: list[list[str]] = []
    for line in documented + MORE_FORMS:
        argv = argv_of(line, server.base_url)
        if not argv or argv[0] in WINDOW:
            continue
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 0, (line, out, err)
        ran.append(argv)
    assert {"new", "templates", "render", "check", "run", "report", "export"} <= {a[0] for a in ran}
    assert (tmp_path / "results.xlsx").is_file() and (tmp_path / "pairs").is_dir()
    assert (tmp_path / "my-eval-new" / "judgedesk.toml").is_file()

    used = {word.split("=")[0] for argv in ran for word in argv if word.startswith("--")}
    for name, command in subcommands().items():
        if name in WINDOW or name == "script-worker":
            continue
        options = {
            option
            for action in command._actions
            for option in action.option_strings
            if option.startswith("--") and option != "--help"
        }
        assert options <= used, (name, sorted(options - used))


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    [action] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def test_every_help_page_prints(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], *([name, "--help"] for name in subcommands())):
        with pytest.raises(SystemExit) as exited:
            main(argv)
        assert exited.value.code == 0, argv
        assert "usage: judgedesk" in capsys.readouterr().out


def test_the_built_in_templates_section_names_templates_and_readers_as_they_are(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from judgedesk.core.judge import PARSERS
    from judgedesk.core.template import list_templates

    text = README.read_text(encoding="utf-8")
    section = text[text.index("### Built-in templates") :]
    section = section[: section.index("\n\n", len("### Built-in templates\n\n"))]
    templates = {info.id: info for info in list_templates("en")}
    for template, reader in re.findall(r"`(\w+)` › `(\w+)`", section):
        assert template in templates, template
        assert templates[template].parser == reader
    named = set(re.findall(r"`([a-z]+_[a-z_]+|[a-z]+)`", section))
    assert named <= set(templates) | set(PARSERS) | {"templates"}, named - set(templates)

    assert main(["templates"]) == 0
    listing = capsys.readouterr().out
    for info in templates.values():
        line = next(x for x in listing.splitlines() if x.startswith(f"{info.id} "))
        if info.mode == "pairwise":
            assert "(two answers compared" in line
        elif info.parser in ("mtbench_pair", "llmbar", "judgelm", "comparison"):
            assert "(the answer compared with the reference" in line
        else:
            assert "(one answer" in line
