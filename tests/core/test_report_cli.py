"""End to end: a small project judged over HTTP, reviewed through the core, then
``judgedesk report`` and every export checked against figures computed by hand."""

from __future__ import annotations

import csv
import io
import json
import math
import re
import zipfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from judgedesk.cli import language, main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.approvals import approve
from judgedesk.core.project.settings import Project, load_project
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.run.store import Store
from tests.support.fake_openai import FakeOpenAI

SECRET = "test-key-4e1b7d20a9c3"
# Row: (topic, human label in the dataset, judge's score in run 1, in run 2).
ROWS = [
    ("math", "4", 4, 4),
    ("math", "3", 2, 3),
    ("art", "5", 5, 5),
    ("art", "", 3, 3),
    ("art", "2", 1, 2),
    ("math", "4", None, None),  # the judge never gives a readable score for q5
]
TEMPLATE = "Question {{ data.question }}\nAnswer: {{ response.content }}\nScore: [[n]]"


def scores(run: int) -> Any:
    def reply(body: dict[str, Any]) -> str:
        number = int(re.search(r"Question q(\d)", body["messages"][-1]["content"]).group(1))  # type: ignore[union-attr]
        score = ROWS[number][2 + run - 1]
        return "I cannot say." if score is None else f"Fine.\nScore: [[{score}]]"

    return reply


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=scores(1), api_key=SECRET) as fake:
        yield fake


def cli(capsys: pytest.CaptureFixture[str], *args: str, code: int = 0) -> str:
    done = main(list(args))
    out, err = capsys.readouterr()
    assert done == code, err
    return out


def zh_cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """What ``judgedesk --language zh …`` prints."""
    try:
        return cli(capsys, "--language", "zh", *args)
    finally:
        language.use("en")


def make_project(tmp_path: Path, server: FakeOpenAI, capsys: pytest.CaptureFixture[str]) -> Path:
    source = tmp_path / "answers.csv"
    with source.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["uid", "problem", "prediction", "topic", "gold"])
        for i, (topic, gold, _, _) in enumerate(ROWS):
            writer.writerow([f"q{i}", f"q{i}", f"answer {i}", topic, gold])
    project = tmp_path / "p"
    template = str(_template(tmp_path))
    cli(capsys, "new", str(project), "--dataset", str(source), "--template", template,
        "--field", "id=uid", "--field", "question=problem", "--field", "response=prediction",
        "--field", "category=topic", "--field", "human=gold",
        "--judge-url", server.base_url, "--judge-model", "judge-small",
        "--judge-key-env", "JUDGE_KEY", "--var", "min_score=1", "--var", "max_score=5")  # fmt: skip
    return project


def _template(tmp_path: Path) -> Path:
    path = tmp_path / "judge.j2"
    path.write_text(TEMPLATE, encoding="utf-8")
    return path


def review(project_dir: Path, changes: dict[int, Any], note: tuple[int, str]) -> None:
    project = load_project(project_dir)
    with (
        Store(project.store_path) as store,
        open_dataset(project.dataset_path(), project.dataset.fields) as dataset,
    ):
        session = ReviewSession(store, dataset, project=project, reviewer="Ana")
        for row, value in changes.items():
            session.set_value(row, value)
        session.set_note(*note)
        session.toggle_flag(note[0])


def test_report_and_exports_match_hand_computed_figures(
    tmp_path: Path,
    server: FakeOpenAI,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("JUDGE_KEY", SECRET)
    project = make_project(tmp_path, server, capsys)
    cli(capsys, "run", str(project), "--quiet", code=1)  # one row stays unparsed
    # Row 3 has no human label in the dataset; row 4's dataset label (2) is overruled.
    review(project, {3: 3, 4: 1}, (1, "judge too harsh <b>here</b>"))

    report = json.loads(cli(capsys, "report", str(project), "--json"))
    summary = report["summary"]
    assert summary["rows"] == 6 and summary["counts"] == {"ok": 5, "error": 0, "unparsed": 1}
    assert summary["kind"] == "score" and summary["mean"]["value"] == pytest.approx(3.0)
    assert summary["mean"]["n"] == 5
    assert summary["mean"]["low"] <= 3.0 <= summary["mean"]["high"]
    assert [(b["label"], b["count"]) for b in report["distribution"]] == [
        ("1", 1),
        ("2", 1),
        ("3", 1),
        ("4", 1),
        ("5", 1),
    ]
    assert report["review"] == {
        "total": 6,
        "reviewed": 2,
        "agreed": 2,
        "disagreed": 1,
        "flagged": 1,
        "stale": 0,
        "from_dataset": 4,
        "decided": 0,
        "combined": 0,
    }
    # Person vs judge over rows 0–4 (row 5 has no judge score):
    # pairs (4,4) (3,2) (5,5) (3,3) (1,1).
    person = report["agreement"][0]
    assert (person["first"], person["second"], person["n"]) == ("person", "judge", 5)
    assert person["exact"] == {"value": pytest.approx(0.8), "n": 5}
    # po = 0.8; pe = (1·1 + 0·1 + 2·1 + 1·1 + 1·1) / 25 = 0.2 → (0.8 − 0.2) / 0.8.
    assert person["kappa"]["value"] == pytest.approx(0.75)
    # Disagreement weights |h − j|: observed 0.2, expected 1.56; squared: 0.2 and 3.8.
    assert person["kappa_linear"]["value"] == pytest.approx(1 - 0.2 / 1.56)
    assert person["kappa_quadratic"]["value"] == pytest.approx(1 - 0.2 / 3.8)
    # Ranks (4, 2.5, 5, 2.5, 1) and (4, 2, 5, 3, 1): sxy = 9.5, sxx = 9.5, syy = 10.
    assert person["spearman"] == {"value": pytest.approx(9.5 / math.sqrt(95)), "n": 5}
    assert person["mean_abs_diff"] == {"value": pytest.approx(0.2), "n": 5}
    assert person["confusion"]["labels"] == [1, 2, 3, 4, 5]
    assert person["confusion"]["counts"][2] == [0, 1, 1, 0, 0]  # person 3: judge 2 and 3
    # Per category: art (rows 2–4) scores 5, 3, 1; math (rows 0, 1; 5 unparsed) 4, 2.
    assert report["category_field"] == "category"
    art, math_ = report["categories"]
    assert (art["name"], art["rows"], art["mean"]["value"]) == ("art", 3, pytest.approx(3.0))
    assert art["person_agreement"] == {"value": 1.0, "n": 3}
    assert (math_["name"], math_["rows"], math_["counts"]["unparsed"]) == ("math", 3, 1)
    assert math_["mean"]["value"] == pytest.approx(3.0)
    assert math_["person_agreement"] == {"value": 0.5, "n": 2}

    text = cli(capsys, "report", str(project))
    assert "Mean score: 3.000 (95% CI" in text and "n=5)" in text
    assert "exact agreement           80.0% (n=5)" in text
    assert "Cohen's kappa             0.750 (n=5)" in text

    # A prompt edit: the judge now scores row 1 as 3 and row 4 as 2.
    template = project / "templates" / "judge.j2"
    template.write_text(TEMPLATE.replace("Answer:", "The answer:"), encoding="utf-8")
    server.set_reply(scores(2))
    cli(capsys, "run", str(project), "--quiet", code=1)
    report = json.loads(cli(capsys, "report", str(project), "--json", "--compare", "1", "2"))
    comparison = report["comparison"]
    assert [(c["row_index"], c["before"], c["after"]) for c in comparison["changed"]] == [
        (1, 2, 3),
        (4, 1, 2),
    ]
    assert comparison["rows"] == 6
    assert comparison["before"]["mean"]["value"] == pytest.approx(3.0)
    assert comparison["after"]["mean"]["value"] == pytest.approx(17 / 5)
    assert comparison["agreement"]["exact"] == {"value": pytest.approx(3 / 5), "n": 5}
    # Rows 1 (its note) and 4 (its score) were reviewed against the old verdicts.
    assert report["review"]["stale"] == 2
    compared = zh_cli(capsys, "report", str(project), "--compare", "1", "2")
    assert "运行 1 → 运行 2：两次共有 6 行，2 行有变化" in compared
    assert "  之前：平均分 3.000" in compared and "  第 1 行（" in compared
    for english in ("Run 1 → run 2", "before:", "after:", "rows in both", "row 1 ("):
        assert english not in compared, english
    first = json.loads(cli(capsys, "report", str(project), "--json", "--run", "1"))
    assert first["run"] == 1 and first["summary"]["mean"]["value"] == pytest.approx(3.0)

    check_exports(tmp_path, project, capsys)


def check_exports(tmp_path: Path, project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    for fmt in ("jsonl", "csv", "xlsx", "html"):
        assert "Wrote 6 rows" in cli(capsys, "export", str(project), "--out", str(out / f"r.{fmt}"))

    records = [json.loads(line) for line in (out / "r.jsonl").read_text("utf-8").splitlines()]
    row4 = records[4]
    assert (row4["result"], row4["human"], row4["human_source"]) == (2, 1, "review")
    assert row4["review_stale"] is True and row4["reviewer"] == "Ana"
    assert row4["disagreement"] == 1 and row4["reviewed_at"].endswith("+00:00")
    assert row4["inputs"]["topic"] == "art" and row4["question"] == "q4"
    assert row4["judges"][0]["request"][-1]["content"].startswith("Question q4")
    assert row4["judges"][0]["reply"] == "Fine.\nScore: [[2]]"
    assert row4["judges"][0]["prompt"].startswith("Question q4")
    assert (records[0]["human"], records[0]["human_source"]) == (4, "dataset")
    assert records[5]["status"] == "unparsed" and records[5]["judges"][0]["parsed"] is False

    with (out / "r.csv").open(encoding="utf-8-sig", newline="") as handle:
        table = list(csv.DictReader(handle))
    assert table[1]["human_note"] == "judge too harsh <b>here</b>"
    assert table[1]["human_flag"] == "True" and table[4]["review_stale"] == "True"
    assert table[3]["human"] == "3" and table[3]["judge.verdict"] == "3"

    book = openpyxl.load_workbook(out / "r.xlsx")
    assert book.sheetnames == ["Summary", "Rows", "History"]  # two versions of the judge
    summary = {r[0]: r[1:] for r in book["Summary"].iter_rows(values_only=True) if r and r[0]}
    assert summary["Rows with a result"][0] == 6
    assert summary["Mean score"][0] == pytest.approx(17 / 5) and summary["Mean score"][3] == 5
    assert summary["person vs judge"][:4] == ("ordinal", 5, pytest.approx(0.8), 5)
    sheet = book["Rows"]
    head = [c.value for c in sheet[1]]
    judge_at, person_at = head.index("result"), head.index("human")
    assert person_at == judge_at + 1  # side by side
    fills = {}
    for cells in sheet.iter_rows(min_row=2):
        fills[cells[0].value] = cells[judge_at].fill.fgColor.rgb
        if cells[0].value == 4:
            assert (cells[judge_at].value, cells[person_at].value) == (2, 1)
    assert fills[4] == "FFF4C7CE"  # the one disagreement left after run 2 is highlighted
    assert all(fills[row] != "FFF4C7CE" for row in (0, 1, 2, 3, 5))
    every_cell = [str(c) for s in book for r in s.iter_rows(values_only=True) for c in r]
    assert not any(SECRET in c for c in every_cell)
    with zipfile.ZipFile(out / "r.xlsx") as archive:
        assert not any(SECRET.encode() in archive.read(n) for n in archive.namelist())

    page = (out / "r.html").read_text("utf-8")
    parsed = PageParser()
    parsed.feed(page)
    assert parsed.svgs >= 3  # distribution, categories, confusion matrix
    assert not parsed.outside, parsed.outside
    assert "b" not in parsed.tags  # the note stays text
    assert page.count("<script") == 2  # the rows as data, and the page's own script
    assert "judge too harsh <b>here</b>" in parsed.text
    assert "Mean score" in parsed.text and "3.400" in parsed.text
    for path in out.iterdir():
        if path.suffix != ".xlsx":
            assert SECRET not in path.read_text("utf-8"), path


class PageParser(HTMLParser):
    """Collects tags, text, and any attribute that would fetch something from outside."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.svgs = 0
        self.outside: list[tuple[str, str]] = []
        self._text = io.StringIO()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.svgs += tag == "svg"
        for name, value in attrs:
            if name in ("src", "href", "xlink:href") or (value and "url(" in value):
                self.outside.append((tag, f"{name}={value}"))

    def handle_data(self, data: str) -> None:
        self._text.write(data)

    @property
    def text(self) -> str:
        return self._text.getvalue()


# A pairwise project: the judge's verdict and the person's label in the dataset.
PAIRS = [
    ("A>>B", "A"),
    ("A>B", "a"),
    ("B>A", "model_b"),
    ("A=B", "tie"),
    ("B>>A", "maybe"),
    ("A>B", "maybe"),
    ("B>A", "?"),
    ("A>B", ""),
]


def test_the_report_says_which_human_labels_could_not_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "p" / "data" / "pairs.csv"
    source.parent.mkdir(parents=True)
    with source.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "prompt", "first", "second", "person"])
        for i, (_, person) in enumerate(PAIRS):
            writer.writerow([f"p{i}", f"Pair {i}?", f"one {i}", f"two {i}", person])

    def judge(body: dict[str, Any]) -> str:
        number = int(re.search(r"Pair (\d+)", body["messages"][-1]["content"]).group(1))  # type: ignore[union-attr]
        return f"Both are fine.\n[[{PAIRS[number][0]}]]"

    with FakeOpenAI(reply=judge) as fake:
        project = Project(root=tmp_path / "p", name="pairs")
        project.dataset.path = "data/pairs.csv"
        project.dataset.fields = {
            "question": "prompt",
            "response_a": "first",
            "response_b": "second",
            "human": "person",
        }
        settings = JudgeSettings(
            name="judge",
            base_url=fake.base_url,
            model="judge-small",
            template="templates/judge.j2",
            parser="comparison",
        )
        project.judges = [settings]
        project.save()
        project.write_template(
            settings,
            "{{ data.question }}\nA: {{ data.response_a }}\nB: {{ data.response_b }}\n[[A>B]]",
        )
        approve(project)
        cli(capsys, "run", str(project.root), "--quiet")
    text = cli(capsys, "report", str(project.root))
    assert "4 with a human label from the dataset" in text
    assert "3 human labels could not be read: 'maybe' (2), '?' (1): not a pairwise verdict" in text
    assert "Read as: 'A' → A wins (1), 'a' → A wins (1), 'model_b' → B wins (1)" in text
    # A plain A agrees with A>>B and with A>B, but only as win / tie / loss.
    assert "3 rows left out: a label that only names the better answer" in text
    chinese = zh_cli(capsys, "report", str(project.root))
    assert "来自“person”的人工标签（读作成对判定" in chinese
    assert "3 个人工标签无法读出：'maybe' (2), '?' (1): 不是成对判定；请使用" in chinese
    assert "读作：'A' → A 胜 (1)" in chinese
    for english in ("Human labels from", "could not be read", "Read as", "not a pairwise"):
        assert english not in chinese, english
    figures = json.loads(cli(capsys, "report", str(project.root), "--json"))
    labels = figures["human_labels"]
    assert (labels["labelled"], labels["unreadable"], labels["empty"]) == (4, 3, 1)
    assert labels["not_understood"][0]["label"] == "maybe"
    assert labels["not_understood"][0]["rows"] == 2
    person, outcome = figures["agreement"][:2]
    assert (person["n"], person["side_only"]) == (1, 3)
    assert outcome["n"] == 4 and outcome["exact"]["value"] == pytest.approx(1.0)
