"""The token estimate shown under the template preview."""

from __future__ import annotations

from judgedesk.core.template.tokens import estimate_tokens


def test_empty_text_costs_nothing() -> None:
    assert estimate_tokens("") == 0


def test_latin_text_counts_about_four_characters_per_token() -> None:
    assert estimate_tokens("abcd") == 1
    assert estimate_tokens("abcde") == 2  # a started token counts
    assert estimate_tokens("Rate the answer from 1 to 10.") == 8  # 29 characters
    assert estimate_tokens("x" * 4000) == 1000


def test_each_chinese_japanese_or_korean_character_counts_one() -> None:
    assert estimate_tokens("评审模板") == 4
    assert estimate_tokens("请给出评分。") == 6  # full-width punctuation included
    assert estimate_tokens("ひらがなカタカナ") == 8
    assert estimate_tokens("한국어") == 3
    assert estimate_tokens("𠀀") == 1  # beyond the basic plane


def test_mixed_text_adds_both_counts() -> None:
    # 4 CJK characters, then "Score: 10" (9 characters, 3 tokens).
    assert estimate_tokens("评分结果Score: 10") == 4 + 3
