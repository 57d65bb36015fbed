"""Several models' answers judged a pair at a time, and the leaderboard of their battles.

Three models answer each row: alpha and beta in columns of the dataset, gamma in a file
of its own joined by id. The judge (a real HTTP server) reads which models' answers it
was shown and decides by a rule worked out per row, whatever the order, so both orders
agree and every battle's outcome is known here.
"""

from __future__ import annotations

import csv
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from judgedesk.cli import language, main
from judgedesk.core.project import load_project, open_project_dataset
from judgedesk.core.report import Battle, build_leaderboard
from judgedesk.core.run import Selection, estimate_run
from tests.support.fake_openai import FakeOpenAI

MODELS = ("alpha", "beta", "gamma")
STRENGTH = {"alpha": 0, "beta": 1, "gamma": 2}
ROWS = 12
SILENT = {7: "gamma"}  # row 7: gamma gave no answer
CATEGORY = ["maths" if i % 2 else "prose" for i in range(ROWS)]


def outcome(row: int, a: str, b: str) -> tuple[str, bool]:
    """Who wins row ``row`` between ``a`` and ``b`` (as A and B), and whether strongly."""
    if row % 5 == 0:
        return "tie", False
    stronger = a if STRENGTH[a] > STRENGTH[b] else b
    weaker = b if stronger == a else a
    winner = weaker if row % 4 == 0 else stronger
    return ("a" if winner == a else "b"), row % 3 == 0


CHOICES = {("a", False): "A+", ("a", True): "A++", ("b", False): "B+", ("b", True): "B++"}


def judge(body: dict[str, Any]) -> str:
    prompt = body["messages"][-1]["content"]
    shown = sorted(
        (prompt.index(f"answer of {name} on row"), name)
        for name in MODELS
        if f"answer of {name} on row" in prompt
    )
    (_, first), (_, second) = shown
    row = int(re.search(r"Question (\d+)", prompt).group(1))  # type: ignore[union-attr]
    won, strong = outcome(row, first, second)
    choice = "A=B" if won == "tie" else CHOICES[(won, strong)]
    return json.dumps({"analysis_a": "…", "analysis_b": "…", "choice": choice})


def expected_battles(pairs: list[tuple[str, str]]) -> list[Battle]:
    found = []
    for row in range(ROWS):
        for a, b in pairs:
            if SILENT.get(row) in (a, b):
                continue
            won, strong = outcome(row, a, b)
            found.append(Battle(a, b, won, strong))  # type: ignore[arg-type]
    return found


def write_data(tmp_path: Path) -> tuple[Path, Path]:
    data = tmp_path / "answers.csv"
    with data.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "prompt", "kind", "out_alpha", "out_beta"])
        for i in range(ROWS):
            answers = [f"answer of {m} on row {i}" + "." * (i * STRENGTH[m]) for m in MODELS[:2]]
            writer.writerow([f"r{i}", f"Question {i}?", CATEGORY[i], *answers])
    gamma = tmp_path / "gamma.jsonl"
    lines = [
        json.dumps({"id": f"r{i}", "response": f"answer of gamma on row {i}" + "." * (2 * i)})
        for i in range(ROWS)
        if SILENT.get(i) != "gamma"
    ]
    gamma.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return data, gamma


def make_project(tmp_path: Path, fake: FakeOpenAI, pairs: str, *extra: str) -> Path:
    data, gamma = write_data(tmp_path)
    folder = tmp_path / f"arena-{pairs}"
    args = ["new", str(folder), "--dataset", str(data), "--field", "question=prompt"]
    args += ["--field", "category=kind", "--judge-url", fake.base_url, "--judge-model", "j"]
    args += ["--answers", "alpha=out_alpha", "--answers", "beta=out_beta"]
    args += ["--answers", f"gamma={gamma}", "--baseline", "alpha", "--pairs", pairs, *extra]
    assert main(args) == 0
    return folder


def report_json(folder: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    capsys.readouterr()
    assert main(["report", str(folder), "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_new_keeps_the_models_and_the_pairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=judge) as fake:
        folder = make_project(tmp_path, fake, "all")
    out = capsys.readouterr().out
    assert "models:   alpha, beta, gamma (3 pairs a row)" in out
    project = load_project(folder)
    assert project.arena.answers["alpha"] == "out_alpha"
    assert project.arena.baseline == "alpha" and project.arena.pairs == "all"
    assert project.dataset.predictions["model:gamma"] == "data/gamma.jsonl"
    assert project.judges[0].template.endswith(".j2") and project.judges[0].parser == "choice5"
    pairs = [("alpha", "beta"), ("alpha", "gamma"), ("beta", "gamma")]
    assert project.arena.pairs_judged() == pairs


def test_a_prompt_shown_outside_a_run_shows_the_first_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=judge) as fake:
        folder = make_project(tmp_path, fake, "baseline")
    capsys.readouterr()
    assert main(["render", str(folder), "--row", "3"]) == 0
    prompt = capsys.readouterr().out
    # Against the baseline, the baseline's answer is A.
    first, second = (
        prompt.index("answer of alpha on row 3"),
        prompt.index("answer of beta on row 3"),
    )
    assert first < second and "answer of gamma" not in prompt


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (["--answers", "alpha=nowhere"], "no column 'nowhere'"),
        (["--answers", "alpha=out_alpha", "--answers", "beta=out_beta", "--baseline", "x"], "x"),
        (["--answers", "alpha=out_alpha", "--baseline", "alpha"], "Only one model"),
        (["--baseline", "alpha"], "--answers"),
        (
            [
                "--answers",
                "a=out_alpha",
                "--answers",
                "b=out_beta",
                "--pairs",
                "all",
                "--template",
                "score_single",
                "--judge-url",
                "http://127.0.0.1:9/v1",
                "--judge-model",
                "j",
            ],
            None,
        ),
    ],
)
def test_new_refuses_answers_that_make_no_leaderboard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: list[str], message: str | None
) -> None:
    data, _ = write_data(tmp_path)
    folder = tmp_path / "refused"
    if message is None:  # made, but it does not run: its judge gives scores, not pairs
        assert main(["new", str(folder), "--dataset", str(data), *given]) == 0
        assert main(["check", str(folder), "--offline"]) == 1
        assert "needs a verdict between two answers" in capsys.readouterr().out
        return
    assert main(["new", str(folder), "--dataset", str(data), *given]) != 0
    assert message in capsys.readouterr().err
    assert not (folder / "judgedesk.toml").exists()


def test_every_pair_of_every_row_is_judged_and_ranked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=judge) as fake:
        folder = make_project(tmp_path, fake, "all", "--swap")
        project = load_project(folder)
        with open_project_dataset(project) as dataset:
            estimate = estimate_run(project, dataset, Selection())
        assert main(["run", str(folder), "--quiet"]) == 0
        # 3 pairs a row in both orders, less row 7's two pairs with gamma.
        assert len(fake.requests) == 2 * (3 * ROWS - 2)
    assert estimate.requests == pytest.approx(2 * (3 * ROWS - 2), abs=2 * 3)
    report = report_json(folder, capsys)
    board = report["leaderboard"]
    pairs = [("alpha", "beta"), ("alpha", "gamma"), ("beta", "gamma")]
    expected = build_leaderboard(expected_battles(pairs), MODELS, baseline="alpha", seed=0)
    assert [m["model"] for m in board["models"]] == [s.model for s in expected.standings]
    for shown, score in zip(board["models"], expected.standings, strict=True):
        assert shown["score"] == pytest.approx(score.score)
        assert shown["ci_low"] == pytest.approx(score.low)
        assert shown["ci_high"] == pytest.approx(score.high)
        assert shown["win_rate"] == pytest.approx(score.win_rate)
        assert shown["battles"] == score.battles
        assert shown["win_rate_low"] <= shown["win_rate"] <= shown["win_rate_high"]
        # The judge decides by the models, never by position: the first shown wins half.
        assert shown["first_shown_won"] == pytest.approx(0.5)
    assert board["battles"] == [
        {"a": p.a, "b": p.b, "a_wins": p.a_wins, "b_wins": p.b_wins, "ties": p.ties}
        for p in expected.pairs
    ]
    assert board["baseline"] == "alpha" and board["models"][0]["model"] == "gamma"
    assert board["left_out"] == {"no_answer": 2, "not_judged": 0}
    alpha = next(m for m in board["models"] if m["model"] == "alpha")
    assert alpha["score"] == pytest.approx(1000.0) and alpha["win_rate"] == pytest.approx(0.5)
    maths = next(c for c in board["categories"] if c["category"] == "maths")
    rows = [r for r in range(ROWS) if CATEGORY[r] == "maths"]
    battles = [
        Battle(a, b, *outcome(r, a, b))  # type: ignore[arg-type]
        for r in rows
        for a, b in pairs
        if SILENT.get(r) not in (a, b)
    ]
    per = build_leaderboard(battles, MODELS, baseline="alpha", seed=0)
    assert [m["score"] for m in maths["models"]] == pytest.approx([s.score for s in per.standings])


def test_against_the_baseline_only_and_a_model_never_judged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_gamma(body: dict[str, Any]) -> str:
        if "answer of gamma" in body["messages"][-1]["content"]:
            return "I cannot decide."  # no verdict: gamma's battles are not judged
        return judge(body)

    with FakeOpenAI(reply=no_gamma) as fake:
        folder = make_project(tmp_path, fake, "baseline")
        main(["run", str(folder), "--quiet"])
        assert len(fake.requests) == 2 * ROWS - 1
    board = report_json(folder, capsys)["leaderboard"]
    assert main(["report", str(folder)]) == 0
    text = capsys.readouterr().out
    assert "Leaderboard" in text and "gamma: No score: none of its battles was judged" in text
    assert [(b["a"], b["b"]) for b in board["battles"]] == [("alpha", "beta")]
    gamma = next(m for m in board["models"] if m["model"] == "gamma")
    assert gamma["score"] is None and gamma["battles"] == 0
    assert "11 without a verdict" in gamma["reason"] and "1 left out" in gamma["reason"]
    assert board["left_out"] == {"no_answer": 1, "not_judged": ROWS - 1}
    # Said in Chinese whole: the note, each model's line and why one has no score.
    try:
        assert main(["--language", "zh", "report", str(folder)]) == 0
        chinese = capsys.readouterr().out
        out = tmp_path / "zh.html"
        assert main(["--language", "zh", "export", str(folder), "--out", str(out)]) == 0
    finally:
        language.use("en")
    part = chinese[chinese.index("排行榜") :]
    assert "gamma: 没有分数：它的对决都没有被评审（1 场因缺少回答而略去，11 场没有判定）" in part
    assert "场对决）" in part and "，对基线胜率 " in part
    for english in ("No score", "battles", "against the baseline", "Bradley–Terry scores on"):
        assert english not in part, english
    page = out.read_text(encoding="utf-8")
    board_part = re.sub(r"<[^>]+>", " ", page[page.index("<h2>排行榜</h2>") :])
    assert "没有分数" in board_part and "No score" not in board_part
    assert " 基线 " in board_part and " baseline " not in board_part


def test_a_row_asks_again_only_the_pairs_whose_replies_are_not_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=judge) as fake:
        folder = make_project(tmp_path, fake, "all")
        assert main(["run", str(folder), "--quiet"]) == 0
        assert len(fake.requests) == 3 * ROWS - 2
        before = report_json(folder, capsys)["leaderboard"]
        # As if the run had stopped before beta met gamma: their replies were not stored.
        with sqlite3.connect(folder / ".judgedesk" / "results.sqlite") as db:
            gone = db.execute(
                "DELETE FROM calls WHERE request LIKE '%answer of beta%' "
                "AND request LIKE '%answer of gamma%'"
            ).rowcount
        assert gone == ROWS - 1
        assert main(["run", str(folder), "--quiet"]) == 0
        assert len(fake.requests) == 3 * ROWS - 2 + ROWS - 1
    assert report_json(folder, capsys)["leaderboard"]["models"] == before["models"]


def test_the_exports_carry_the_leaderboard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=judge) as fake:
        folder = make_project(tmp_path, fake, "baseline")
        assert main(["run", str(folder), "--quiet"]) == 0
    board = report_json(folder, capsys)["leaderboard"]
    assert main(["export", str(folder), "--out", str(tmp_path / "r.html")]) == 0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<h2>Leaderboard</h2>" in page and "<h3>maths</h3>" in page
    assert f"{board['models'][0]['score']:.1f}" in page
    assert main(["export", str(folder), "--out", str(tmp_path / "r.xlsx")]) == 0
    sheet = load_workbook(tmp_path / "r.xlsx", read_only=True)["Leaderboard"]
    lines = [list(line) for line in sheet.iter_rows(values_only=True)]
    assert lines[1][:3] == ["Rank", "Model", "Score"]
    assert lines[2][1] == board["models"][0]["model"]
    assert lines[2][2] == pytest.approx(board["models"][0]["score"], abs=0.05)
