"""Seed 000's sixth built-in method: scoring a multi-turn reply against ``ref_answer``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgedesk.cli import language as cli_language
from judgedesk.cli import main
from judgedesk.core.judge.parsers import infer_parser, parse_verdict
from judgedesk.core.project.settings import load_project
from judgedesk.core.template.library import LANGUAGES, get_template, list_templates

# A row in the platform's evaluation-set format: an OpenAI chat whose last assistant turn
# is the dataset's own answer (data.gt), plus a ref_answer field that must win over it.
ROW = {
    "id": "tea-2",
    "messages": [
        {"role": "system", "content": "You are a patient tea sommelier."},
        {"role": "user", "content": "Which water temperature suits green tea?"},
        {"role": "assistant", "content": "Around 75 to 80 °C, well below boiling."},
        {"role": "user", "content": "And for how long should it steep?"},
        {"role": "assistant", "content": "Two minutes or so."},
    ],
    "ref_answer": "One to three minutes at that temperature; longer turns it bitter.",
    "response": {"content": "Steep it for about two minutes, three at most, or it gets bitter."},
}
HISTORY = (
    "[SYSTEM] You are a patient tea sommelier.\n"
    "[USER] Which water temperature suits green tea?\n"
    "[BOT] Around 75 to 80 °C, well below boiling."
)

SEED_000_METHODS = [
    "score_single",  # 1. scoring, single turn
    "compare_single",  # 2. comparative scoring, single turn
    "score_reference",  # 3. reference-based scoring, single turn
    "score_multi",  # 4. scoring, multi-turn
    "compare_multi",  # 5. comparative scoring, multi-turn
    "score_multi_reference",  # 6. reference-based scoring, multi-turn
]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_six_methods_of_seed_000_are_listed_in_both_languages(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ids = [info.id for info in list_templates("en")]
    assert set(SEED_000_METHODS) <= set(ids)
    for language in LANGUAGES:
        try:
            code, out, _ = run(capsys, "templates", "--language", language)
        finally:
            cli_language.use("en")
        assert code == 0
        listed = [line.split()[0] for line in out.splitlines() if line.strip()]
        assert set(SEED_000_METHODS) <= set(listed)
        line = next(ln for ln in out.splitlines() if ln.startswith("score_multi_reference "))
        assert f"  {language}  score" in line  # the list speaks the language asked for
        assert ("多轮" if language == "zh" else "multi-turn") in line
        assert get_template("score_multi_reference", language).title in line
    # Scoring against the reference comes right after plain multi-turn scoring.
    assert ids.index("score_multi_reference") == ids.index("score_multi") + 1


def test_metadata_says_multi_turn_with_a_reference() -> None:
    for language in LANGUAGES:
        info = get_template("score_multi_reference", language)
        assert info.language == language
        assert info.mode == "pointwise" and info.parser == "score"
        assert info.multi_turn and info.uses_reference
        assert dict(info.variables) == {"min_score": 1, "max_score": 10}
        assert infer_parser(info.text) == "score"
    assert "参考答案" in get_template("score_multi_reference", "zh").title


@pytest.mark.parametrize(
    ("language", "headers"),
    [
        ("en", ("[Conversation so far]", "[User's latest message]", "[Reference answer]")),
        ("zh", ("[此前的对话]", "[用户最新的消息]", "[参考答案]")),
    ],
)
def test_a_multi_turn_row_renders_with_its_history_and_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, headers: tuple[str, ...]
) -> None:
    dataset = tmp_path / "tea.jsonl"
    dataset.write_text(json.dumps(ROW, ensure_ascii=False) + "\n", encoding="utf-8")
    project = tmp_path / "proj"
    args = ["new", str(project), "--dataset", str(dataset), "--template", "score_multi_reference"]
    code, _, err = run(capsys, *args, "--language", language)
    assert code == 0, err
    assert load_project(project).judges[0].parser == "score"
    code, prompt, err = run(capsys, "render", str(project), "--row", "0")
    assert code == 0, err
    history, question, reference = headers
    assert f"{history}\n{HISTORY}\n" in prompt
    assert f"{question}\nAnd for how long should it steep?\n" in prompt
    # The reference is the row's ref_answer, not the chat's final assistant turn.
    assert f"{reference}\n{ROW['ref_answer']}\n" in prompt
    assert "Two minutes or so." not in prompt
    assert str(ROW["response"]["content"]) in prompt  # type: ignore[index]
    assert prompt.rstrip().endswith("Score: [[X]]")
    assert "None" not in prompt and "\n\n\n" not in prompt
    # A judge that follows the format is read on the template's own scale.
    verdict = parse_verdict("score", "Agrees with the reference.\nScore: [[9]]")
    assert verdict.ok and verdict.value == 9
