"""Our pure-Python chrF and BLEU against sacreBLEU's own numbers (sacreBLEU is test-only)."""

from __future__ import annotations

import sys

import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

from judgedesk.core.judge.metric_eval import evaluate_metric
from judgedesk.core.judge.overlap import sentence_bleu, sentence_chrf
from judgedesk.core.judge.tokenizers import BLEU_TOKENIZERS, tokenize_13a, tokenize_zh

TOLERANCE = 0.01

ENGLISH = [
    ("The cat sat on the mat.", "The cat is sitting on the mat."),
    ("The quick brown fox jumps over the lazy dog", "A quick brown fox jumped over a lazy dog."),
    ("Paris is the capital of France.", "The capital of France is Paris."),
    ("Water boils at 100 °C at sea level.", "At sea level, water boils at 100 degrees Celsius."),
    ("It costs $3.50, or about 1,000 yen.", "The price is $3.50 (roughly 1,000 yen)."),
    ("He said: \"don't worry\" -- it's fine!", "He said, 'Don't worry'; it is fine."),
    ("Call 555-1234 before 5-6 pm.", "Call 555-1234 between 5 and 6 p.m."),
    ("Dr. Smith's e-mail is a.b@c.org", "Email Dr. Smith at a.b@c.org."),
    ("Tom &amp; Jerry &lt;3", "Tom & Jerry <3"),
    ("first line\nsecond line", "first line second line"),
    ("hyphen-\nated word", "hyphenated word"),
    ("I <skipped> agree", "I agree"),
    ("yes", "Yes."),
    ("No.", "no"),
    ("42", "42"),
    ("42", "The answer is 42."),
    ("", "An empty hypothesis scores zero."),
    ("Identical sentences score one hundred.", "Identical sentences score one hundred."),
    ("the the the the the", "the cat"),
    ("(hi) there, friend!", "hi (there) friend"),
    ("Ünïcödé naïve café — résumé…", "Unicode naive cafe - resume..."),
    ("   padded   with   spaces   ", "padded with spaces"),
    ("a", "b"),
    ("end with tokenized period .", "end with tokenized period."),
]

CHINESE = [
    ("北京是中华人民共和国的首都。", "中华人民共和国的首都是北京。"),
    ("今天天气很好，我们去公园散步吧！", "今天天气不错，我们去公园走走。"),
    ("他在2023年买了3台电脑。", "他2023年购买了三台电脑。"),
    ("答案是：“42”。", "答案是42"),
    ("机器学习（Machine Learning）是人工智能的一个分支。", "机器学习是AI的分支之一。"),
    ("这是一个测试", "这是一个测试"),
    ("", "空的回答"),
    ("苹果", "香蕉"),
    ("ＡＢＣ全角字符１２３", "ABC全角字符123"),
    ("《红楼梦》的作者是曹雪芹。", "曹雪芹写了《红楼梦》"),
]

MIXED_ALPHABET = "abcAB 12.,-'\"()!?;:&$% \n北京的是。，“”—…éß"


def sacre_chrf(hypothesis: str, references: list[str], word_order: int = 0) -> float:
    return float(sacrebleu.sentence_chrf(hypothesis, references, word_order=word_order).score)


def sacre_bleu(hypothesis: str, references: list[str], tokenize: str = "13a") -> float:
    return float(sacrebleu.sentence_bleu(hypothesis, references, tokenize=tokenize).score)


# --- chrF ------------------------------------------------------------------------------


@pytest.mark.parametrize("word_order", [0, 2])
@pytest.mark.parametrize(("hypothesis", "reference"), ENGLISH + CHINESE)
def test_chrf_matches_sacrebleu(hypothesis: str, reference: str, word_order: int) -> None:
    ours = sentence_chrf(hypothesis, [reference], word_order=word_order)
    assert ours == pytest.approx(sacre_chrf(hypothesis, [reference], word_order), abs=TOLERANCE)


@pytest.mark.parametrize(("hypothesis", "reference"), ENGLISH + CHINESE)
def test_chrf_metric_matches_sacrebleu(hypothesis: str, reference: str) -> None:
    result = evaluate_metric("chrf", hypothesis, reference)
    assert result.value == pytest.approx(sacre_chrf(hypothesis, [reference]), abs=TOLERANCE)
    plus = evaluate_metric("chrf", hypothesis, reference, {"word_order": 2})
    assert plus.value == pytest.approx(sacre_chrf(hypothesis, [reference], 2), abs=TOLERANCE)


def test_chrf_with_several_references_takes_the_best() -> None:
    hypothesis = "The meeting was moved to Friday."
    references = ["We moved the meeting.", "The meeting was moved to Friday!", "Nothing alike"]
    ours = sentence_chrf(hypothesis, references)
    assert ours == pytest.approx(sacre_chrf(hypothesis, references), abs=TOLERANCE)
    assert ours == max(sentence_chrf(hypothesis, [reference]) for reference in references)


def test_chrf_options_match_sacrebleu() -> None:
    hypothesis, reference = "The Cat sat on THE mat", "the cat sat on the mat"
    metric = sacrebleu.CHRF(char_order=4, beta=1, lowercase=True)
    expected = metric.sentence_score(hypothesis, [reference]).score
    ours = sentence_chrf(hypothesis, [reference], char_order=4, beta=1, lowercase=True)
    assert ours == pytest.approx(expected, abs=TOLERANCE)


# --- BLEU ------------------------------------------------------------------------------


@pytest.mark.parametrize(("hypothesis", "reference"), ENGLISH)
def test_bleu_matches_sacrebleu(hypothesis: str, reference: str) -> None:
    ours = sentence_bleu(hypothesis, [reference])
    assert ours == pytest.approx(sacre_bleu(hypothesis, [reference]), abs=TOLERANCE)
    via_metric = evaluate_metric("bleu", hypothesis, reference).value
    assert via_metric == pytest.approx(ours)


@pytest.mark.parametrize(("hypothesis", "reference"), CHINESE)
def test_bleu_zh_matches_sacrebleu(hypothesis: str, reference: str) -> None:
    expected = sacre_bleu(hypothesis, [reference], "zh")
    assert sentence_bleu(hypothesis, [reference], tokenize="zh") == pytest.approx(
        expected, abs=TOLERANCE
    )
    result = evaluate_metric("bleu", hypothesis, reference, {"tokenize": "zh"})
    assert result.value == pytest.approx(expected, abs=TOLERANCE)


@pytest.mark.parametrize("tokenize", sorted(BLEU_TOKENIZERS))
@pytest.mark.parametrize(("hypothesis", "reference"), ENGLISH[:8] + CHINESE[:4])
def test_bleu_every_tokenizer_matches_sacrebleu(
    hypothesis: str, reference: str, tokenize: str
) -> None:
    ours = sentence_bleu(hypothesis, [reference], tokenize=tokenize)
    assert ours == pytest.approx(sacre_bleu(hypothesis, [reference], tokenize), abs=TOLERANCE)


def test_bleu_with_several_references_pools_them() -> None:
    hypothesis = "The cat is on the mat."
    references = ["There is a cat on the mat.", "The cat sits on the mat.", "A cat."]
    ours = sentence_bleu(hypothesis, references)
    assert ours == pytest.approx(sacre_bleu(hypothesis, references), abs=TOLERANCE)
    through_params = evaluate_metric("bleu", hypothesis, None, {"references": references})
    assert through_params.value == pytest.approx(ours)


def test_bleu_lowercase_matches_sacrebleu() -> None:
    hypothesis, reference = "THE Cat sat.", "the cat sat on the mat."
    expected = sacrebleu.sentence_bleu(hypothesis, [reference], lowercase=True).score
    ours = sentence_bleu(hypothesis, [reference], lowercase=True)
    assert ours == pytest.approx(expected, abs=TOLERANCE)


def test_identical_and_empty() -> None:
    text = "Identical strings give the top score."
    assert sentence_bleu(text, [text]) == 100.0
    assert sentence_chrf(text, [text]) == pytest.approx(100.0)
    assert sentence_bleu("", [text]) == 0.0
    assert sentence_chrf("", [text]) == 0.0
    assert sentence_bleu(text, []) == 0.0
    assert sentence_chrf(text, []) == 0.0


# --- tokenizers ------------------------------------------------------------------------


@pytest.mark.parametrize("line", [pair[0] for pair in ENGLISH] + [pair[1] for pair in ENGLISH])
def test_13a_tokenizer_matches_sacrebleu(line: str) -> None:
    assert tokenize_13a(line) == Tokenizer13a()(line)


@pytest.mark.parametrize("line", [pair[0] for pair in CHINESE] + [pair[0] for pair in ENGLISH])
def test_zh_tokenizer_matches_sacrebleu(line: str) -> None:
    assert tokenize_zh(line) == TokenizerZh()(line)


def test_zh_tokenizer_splits_exactly_the_characters_sacrebleu_splits() -> None:
    # Compare every BMP character (and a sample beyond it) one by one, marked on both sides
    # so a split shows as spaces around it.
    theirs = TokenizerZh()
    sample = [*range(0x10000), 0x20000, 0x2A6D6, 0x2F800, 0x1F600, sys.maxunicode]
    differing = [
        hex(code)
        for code in sample
        if not 0xD800 <= code <= 0xDFFF
        and tokenize_zh(f"x{chr(code)}x") != theirs(f"x{chr(code)}x")
    ]
    assert differing == []


# --- random text -----------------------------------------------------------------------

mixed_text = st.text(alphabet=MIXED_ALPHABET, max_size=60)


@settings(max_examples=300, deadline=None)
@given(hypothesis=mixed_text, reference=mixed_text, word_order=st.sampled_from([0, 2]))
def test_chrf_matches_sacrebleu_on_random_text(
    hypothesis: str, reference: str, word_order: int
) -> None:
    ours = sentence_chrf(hypothesis, [reference], word_order=word_order)
    assert ours == pytest.approx(sacre_chrf(hypothesis, [reference], word_order), abs=TOLERANCE)


@settings(max_examples=300, deadline=None)
@given(
    hypothesis=mixed_text,
    references=st.lists(mixed_text, min_size=1, max_size=3),
    tokenize=st.sampled_from(["13a", "zh", "char"]),
)
def test_bleu_matches_sacrebleu_on_random_text(
    hypothesis: str, references: list[str], tokenize: str
) -> None:
    ours = sentence_bleu(hypothesis, references, tokenize=tokenize)
    assert ours == pytest.approx(sacre_bleu(hypothesis, references, tokenize), abs=TOLERANCE)


@settings(max_examples=200, deadline=None)
@given(hypothesis=st.text(max_size=40), reference=st.text(max_size=40))
def test_scores_match_sacrebleu_on_any_unicode(hypothesis: str, reference: str) -> None:
    assert sentence_chrf(hypothesis, [reference]) == pytest.approx(
        sacre_chrf(hypothesis, [reference]), abs=TOLERANCE
    )
    assert sentence_bleu(hypothesis, [reference]) == pytest.approx(
        sacre_bleu(hypothesis, [reference]), abs=TOLERANCE
    )
