"""`judgedesk templates` lists what users of the seed platforms look for, in en and zh."""

from __future__ import annotations

import pytest

from judgedesk.cli import main

SEED_000 = (
    "score_single",
    "compare_single",
    "score_reference",
    "score_multi",
    "compare_multi",
    "score_multi_reference",
)


def test_the_six_methods_the_scenes_and_the_other_seeds_are_listed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["templates"]) == 0
    lines = capsys.readouterr().out.splitlines()
    listed = {(line.split()[0], line.split()[1]) for line in lines if len(line.split()) > 2}
    for template in (*SEED_000, "pairwise_checklist", "correctness_ab"):
        assert {(template, "en"), (template, "zh")} <= listed, template
    text = "\n".join(lines)
    assert "translation            zh  翻译: 可理解度, 准确度, 贴切度, 语境适应性" in text
    assert "数据提取: 准确性, 指令遵从度, 完整性, 简洁性, 创造性" in text
    assert "内容创作: 需求符合度, 创造性, 逻辑性, 文体适应性, 语言表达, 伦理与文化无害" in text
    assert "Translation: Comprehensibility, Accuracy, Appropriateness, Context adaptation" in text


def test_one_language_lists_its_scenes_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["templates", "--language", "zh"]) == 0
    out = capsys.readouterr().out
    assert "翻译:" in out and "Translation:" not in out
