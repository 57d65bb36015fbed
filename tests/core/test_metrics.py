"""Tests for the offline metric judges: matching rules, settings, cascade bands, robustness."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.metric_eval import MetricResult, evaluate_metric
from judgedesk.core.judge.metrics import (
    METRICS,
    MetricError,
    MetricInfo,
    validate_metric_params,
)
from judgedesk.core.judge.overlap import normalize_answer

REFERENCE_METRICS = ("exact", "contains", "chrf", "bleu")

# --- registry and contract -------------------------------------------------------------


def test_registry_lists_the_five_metrics_with_their_kinds() -> None:
    assert list(METRICS) == ["exact", "contains", "regex", "chrf", "bleu"]
    kinds = {metric_id: info.kind for metric_id, info in METRICS.items()}
    assert kinds == {
        "exact": "bool",
        "contains": "bool",
        "regex": "bool",
        "chrf": "score",
        "bleu": "score",
    }
    for metric_id, info in METRICS.items():
        assert isinstance(info, MetricInfo)
        assert info.id == metric_id
        assert info.title and info.description
        assert info.params, f"{metric_id} documents no settings"
        assert all(doc.strip() for doc in info.params.values())


def test_score_metrics_document_the_cascade_band() -> None:
    for metric_id in ("chrf", "bleu"):
        assert {"accept_at", "reject_below"} <= set(METRICS[metric_id].params)
    for metric_id in ("exact", "contains", "regex"):
        assert "undecided_when_false" in METRICS[metric_id].params


def test_result_is_a_frozen_value() -> None:
    result = evaluate_metric("exact", "Paris", "Paris")
    assert result == MetricResult(decided=True, value=True, detail=result.detail)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.value = False  # type: ignore[misc]


def test_unknown_metric_names_the_known_ones() -> None:
    with pytest.raises(JudgeDeskError) as caught:
        evaluate_metric("rouge", "a", "b")
    assert isinstance(caught.value, MetricError)
    message = str(caught.value)
    assert "'rouge'" in message
    for metric_id in METRICS:
        assert metric_id in message


# --- exact -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("response", "reference"),
    [
        ("Paris", "paris"),
        ("  Paris. ", "Paris"),
        ('"Paris"', "Paris"),
        ("“Paris”!", "Paris"),
        ("**42**", "42"),
        ("`True`", "true"),
        ("１２３", "123"),  # full-width digits
        ("Ｐａｒｉｓ！", "paris"),  # full-width letters and exclamation mark
        ("New  York\n", "new york"),
        ("STRASSE", "Straße"),  # case folding, not just lower()
        ("北京。", "北京"),
        ("「北京」", "北京"),
        ("George Washington...", "George Washington"),
        ("3.14", "3.14."),
    ],
)
def test_exact_ignores_case_spacing_quotes_and_final_punctuation(
    response: str, reference: str
) -> None:
    result = evaluate_metric("exact", response, reference)
    assert result.decided is True
    assert result.value is True
    assert "matches the reference" in result.detail


@pytest.mark.parametrize(
    ("response", "reference"),
    [
        ("The answer is Paris", "Paris"),
        ("42.0", "42"),
        ("-5", "5"),
        ("Lyon", "Paris"),
        ("上海", "北京"),
        ("B", "A"),
    ],
)
def test_exact_rejects_different_answers(response: str, reference: str) -> None:
    result = evaluate_metric("exact", response, reference)
    assert result == MetricResult(True, False, result.detail)
    assert "does not match" in result.detail
    assert repr(reference) in result.detail


def test_exact_without_normalisation_compares_the_text_as_given() -> None:
    assert evaluate_metric("exact", "Paris", "Paris", {"normalize": False}).value is True
    assert evaluate_metric("exact", "Paris", "paris", {"normalize": False}).value is False
    assert evaluate_metric("exact", "Paris.", "Paris", {"normalize": False}).value is False


def test_exact_accepts_any_of_several_references() -> None:
    params = {"references": ["Beijing", "Peking", "北京"]}
    assert evaluate_metric("exact", "peking", None, params).value is True
    assert evaluate_metric("exact", "北京", None, params).value is True
    # The row's own reference counts as well as the listed ones.
    assert evaluate_metric("exact", "Pékin", "Pékin", params).value is True
    miss = evaluate_metric("exact", "Shanghai", None, params)
    assert miss.value is False
    assert "none of the 3 references" in miss.detail
    # A list given as the reference itself works the same way.
    assert evaluate_metric("exact", "Peking", ["Beijing", "Peking"]).value is True


def test_exact_compares_a_numeric_reference_as_text() -> None:
    assert evaluate_metric("exact", "42", 42).value is True  # type: ignore[arg-type]


def test_exact_on_an_empty_response_says_so() -> None:
    for response in (None, "", "   "):
        result = evaluate_metric("exact", response, "Paris")
        assert result.decided is True
        assert result.value is False
        assert "empty" in result.detail


def test_normalize_answer() -> None:
    assert normalize_answer("  “ＨＥＬＬＯ,   World!” ") == "hello, world"
    assert normalize_answer("'**B**'.") == "b"
    assert normalize_answer("答案：「是」。") == "答案:「是"
    assert normalize_answer("...") == ""


# --- contains --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("response", "reference", "expected"),
    [
        ("The capital of France is Paris.", "Paris", True),
        ("It's PARIS!", "paris", True),
        ("The answer is 4.", "4", True),
        ("The answer is 14.", "4", False),
        ("The answer is 41", "4", False),
        ("x = 4.5", "4", False),
        ("x = 4.5", "5", False),
        ("Version 3.4 is out", "4", False),
        ("1,000 people came", "1", False),
        ("1,000 people came", "1,000", True),
        ("Answer: (B)", "B", True),
        ("Best answer: A", "B", False),
        ("4", "4", True),
        ("１４", "4", False),  # full-width 14 is still fourteen
        ("Parisian cafés", "Paris", False),
        ("George Washington was the first president.", "George Washington", True),
        ("答案是4个苹果", "4", True),  # CJK neighbours are not word characters
        ("首都是北京市", "北京", True),  # CJK references match as substrings
        ("北京大学在海淀", "南京", False),
        ("答えは東京です", "東京", True),
        ("서울은 한국의 수도입니다", "서울", True),
        ("C++ and C#", "C++", True),
        ("", "Paris", False),
    ],
)
def test_contains_finds_whole_words_and_cjk_substrings(
    response: str, reference: str, expected: bool
) -> None:
    result = evaluate_metric("contains", response, reference)
    assert result.decided is True
    assert result.value is expected
    assert repr(reference) in result.detail


def test_contains_finds_a_later_occurrence_when_the_first_is_inside_a_word() -> None:
    assert evaluate_metric("contains", "14 items, 4 boxes", "4").value is True
    assert evaluate_metric("contains", "Parisian, then Paris", "Paris").value is True


def test_contains_detail_reads_as_a_sentence() -> None:
    result = evaluate_metric("contains", "The capital is Paris.", "Paris")
    assert result.detail == "the response contains the reference 'Paris'"
    miss = evaluate_metric("contains", "The capital is Lyon.", "Paris")
    assert miss.detail == "the response does not contain the reference 'Paris'"


def test_contains_with_several_references() -> None:
    params = {"references": ["Mount Everest", "Qomolangma", "珠穆朗玛峰"]}
    assert evaluate_metric("contains", "It is Qomolangma.", None, params).value is True
    assert evaluate_metric("contains", "答案是珠穆朗玛峰。", None, params).value is True
    miss = evaluate_metric("contains", "K2", None, params)
    assert miss.value is False
    assert "none of the 3 references" in miss.detail


def test_long_values_are_shortened_in_the_detail() -> None:
    long_answer = "word " * 100
    result = evaluate_metric("exact", long_answer, "short")
    assert len(result.detail) < 200
    assert "…" in result.detail


# --- regex -----------------------------------------------------------------------------


def test_regex_searches_the_response_and_ignores_the_reference() -> None:
    result = evaluate_metric("regex", "Final answer: 42", None, {"pattern": r"answer:\s*\d+"})
    assert result == MetricResult(True, True, result.detail)
    assert "'answer: 42'" in result.detail
    miss = evaluate_metric("regex", "No number here", "42", {"pattern": r"\d+"})
    assert miss.value is False
    assert "finds nothing" in miss.detail


@pytest.mark.parametrize(
    ("flags", "response", "pattern", "expected"),
    [
        ("", "ANSWER: yes", r"answer: yes", False),
        ("i", "ANSWER: yes", r"answer: yes", True),
        ("", "reasoning\nVerdict: A", r"^Verdict: A$", False),
        ("m", "reasoning\nVerdict: A", r"^Verdict: A$", True),
        ("", "start\nend", r"start.end", False),
        ("s", "start\nend", r"start.end", True),
        ("ims", "Start\nEND", r"^start.end$", True),
        ("x", "abc123", r"[a-z]+  \d+  # letters then digits", True),
    ],
)
def test_regex_flags(flags: str, response: str, pattern: str, expected: bool) -> None:
    params = {"pattern": pattern, "flags": flags}
    assert evaluate_metric("regex", response, None, params).value is expected


def test_regex_full_match() -> None:
    params = {"pattern": r"[A-D]", "full_match": True}
    assert evaluate_metric("regex", "B", None, params).value is True
    assert evaluate_metric("regex", "B is right", None, params).value is False
    assert evaluate_metric("regex", None, None, {"pattern": r"\s*", "full_match": True}).value


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"pattern": "(unclosed"}, "missing )"),
        ({"pattern": "[a-"}, "unterminated character set"),
        ({"pattern": "*start"}, "nothing to repeat"),
        ({}, '"pattern"'),
        ({"pattern": ""}, '"pattern"'),
        ({"pattern": 42}, '"pattern"'),
        ({"pattern": "a", "flags": "q"}, "'q'"),
        ({"pattern": "a", "flags": ["i"]}, "flags"),
    ],
)
def test_regex_settings_errors_say_what_is_wrong(params: dict[str, object], fragment: str) -> None:
    with pytest.raises(MetricError) as caught:
        evaluate_metric("regex", "text", None, params)
    assert fragment in str(caught.value)


def test_bad_pattern_message_names_the_position() -> None:
    with pytest.raises(MetricError, match="at position 2"):
        validate_metric_params("regex", {"pattern": "ab(cd"})


# --- cascade ---------------------------------------------------------------------------

BAND = {"accept_at": 80, "reject_below": 20}


def test_score_band_decides_only_the_clear_cases() -> None:
    high = evaluate_metric("chrf", "The cat sat on the mat.", "The cat sat on the mat.", BAND)
    assert high.decided is True
    assert high.value == pytest.approx(100.0)
    assert "at or above 80" in high.detail

    low = evaluate_metric("chrf", "Quantum chromodynamics", "The cat sat on the mat.", BAND)
    assert low.decided is True
    assert isinstance(low.value, float) and low.value < 20
    assert "below 20" in low.detail

    middle = evaluate_metric(
        "chrf", "The cat sat on the mat.", "The cat is sitting on the mat.", BAND
    )
    assert middle.decided is False
    assert isinstance(middle.value, float) and 20 <= middle.value < 80  # the score is kept
    assert "between 20 and 80" in middle.detail
    assert "next judge" in middle.detail


def test_band_edges_are_inclusive_above_and_exclusive_below() -> None:
    score = evaluate_metric("bleu", "the cat sat on a mat", "the cat sat on the mat").value
    assert isinstance(score, float)
    at = evaluate_metric(
        "bleu",
        "the cat sat on a mat",
        "the cat sat on the mat",
        {
            "accept_at": score,
            "reject_below": score,
        },
    )
    assert at.decided is True
    assert "at or above" in at.detail


def test_one_sided_bands() -> None:
    reference = "The meeting is on Monday at ten."
    response = "The meeting is on Tuesday."
    only_accept = evaluate_metric("chrf", response, reference, {"accept_at": 95})
    assert only_accept.decided is False
    assert "below 95" in only_accept.detail
    only_reject = evaluate_metric("chrf", response, reference, {"reject_below": 5})
    assert only_reject.decided is False
    assert "not below 5" in only_reject.detail
    exact_copy = evaluate_metric("chrf", reference, reference, {"accept_at": 95})
    assert exact_copy.decided is True


def test_without_a_band_every_score_is_decided() -> None:
    result = evaluate_metric("bleu", "A quick brown fox.", "The quick brown fox jumps.")
    assert result.decided is True
    assert isinstance(result.value, float)
    assert result.detail.startswith("BLEU is ")


@pytest.mark.parametrize("metric", ["exact", "contains"])
def test_undecided_when_false_only_confirms_positives(metric: str) -> None:
    params = {"undecided_when_false": True}
    hit = evaluate_metric(metric, "Paris", "Paris", params)
    assert (hit.decided, hit.value) == (True, True)
    miss = evaluate_metric(metric, "Lyon", "Paris", params)
    assert (miss.decided, miss.value) == (False, False)
    assert "next judge" in miss.detail


def test_undecided_when_false_for_regex() -> None:
    params = {"pattern": r"\[\[A\]\]", "undecided_when_false": True}
    assert evaluate_metric("regex", "Verdict: [[A]]", None, params).decided is True
    miss = evaluate_metric("regex", "Verdict: unclear", None, params)
    assert (miss.decided, miss.value) == (False, False)


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"accept_at": 20, "reject_below": 80}, "reject_below must be the lower"),
        ({"accept_at": "high"}, "accept_at"),
        ({"reject_below": True}, "reject_below"),
        ({"accept_at": float("nan")}, "accept_at"),
    ],
)
def test_band_settings_are_checked(params: dict[str, object], fragment: str) -> None:
    with pytest.raises(MetricError, match=fragment):
        evaluate_metric("chrf", "a", "b", params)


# --- missing reference -----------------------------------------------------------------


@pytest.mark.parametrize("metric", REFERENCE_METRICS)
@pytest.mark.parametrize("reference", [None, "", "   \n", [], [None, ""]])
def test_missing_reference_leaves_the_row_undecided(metric: str, reference: object) -> None:
    result = evaluate_metric(metric, "Paris", reference)  # type: ignore[arg-type]
    assert result == MetricResult(False, None, result.detail)
    assert "no reference" in result.detail


@pytest.mark.parametrize("metric", ["exact", "contains"])
def test_a_reference_that_is_only_punctuation_counts_as_missing(metric: str) -> None:
    result = evaluate_metric(metric, "!", ".")
    assert result.decided is False
    assert "no reference" in result.detail


def test_regex_needs_no_reference() -> None:
    assert evaluate_metric("regex", "yes", None, {"pattern": "yes"}).decided is True


# --- settings --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("metric", "params", "fragment"),
    [
        ("exact", {"temperature": 0.2}, "no setting 'temperature'"),
        ("chrf", {"accept": 80}, "no setting 'accept'"),
        ("exact", {"normalize": "yes"}, "true or false"),
        ("contains", {"references": "Paris"}, "a list of answers"),
        ("chrf", {"word_order": 2.5}, "whole number"),
        ("chrf", {"word_order": -1}, "whole number"),
        ("chrf", {"char_order": 0}, "whole number"),
        ("chrf", {"beta": 0}, "above 0"),
        ("bleu", {"tokenize": "intl"}, "'13a'"),
        ("bleu", {"lowercase": 1}, "true or false"),
    ],
)
def test_settings_errors_say_what_to_change(
    metric: str, params: dict[str, object], fragment: str
) -> None:
    with pytest.raises(MetricError) as caught:
        validate_metric_params(metric, params)
    assert fragment in str(caught.value)
    with pytest.raises(MetricError):
        evaluate_metric(metric, "a", "b", params)


def test_unknown_setting_lists_the_known_ones() -> None:
    with pytest.raises(MetricError) as caught:
        validate_metric_params("bleu", {"tokeniser": "zh"})
    assert "tokenize, lowercase, references, accept_at, reject_below" in str(caught.value)


def test_validate_accepts_good_settings() -> None:
    validate_metric_params("exact")
    validate_metric_params("regex", {"pattern": r"\d+", "flags": "im"})
    validate_metric_params("chrf", {"word_order": 2, "accept_at": 80.0, "reject_below": 20})
    validate_metric_params("chrf", {"word_order": 2.0})  # TOML may give a float


def test_remembered_settings_keep_like_values_apart() -> None:
    # The settings are cached per value; 1 must not be taken for True, nor one list for another.
    with pytest.raises(MetricError):
        evaluate_metric("exact", "a", "A", {"normalize": 1})
    assert evaluate_metric("exact", "a", "A", {"normalize": True}).value is True
    assert evaluate_metric("exact", "x", None, {"references": ["x"]}).value is True
    assert evaluate_metric("exact", "x", None, {"references": ["y"]}).value is False
    # A setting that cannot be hashed is still read (and rejected) properly.
    with pytest.raises(MetricError):
        evaluate_metric("exact", "a", "a", {"normalize": {"on": True}})


# --- chrF and BLEU through the metric API ----------------------------------------------


def test_identical_texts_score_100_and_unrelated_ones_0() -> None:
    text = "Water boils at 100 degrees Celsius at sea level."
    assert evaluate_metric("chrf", text, text).value == pytest.approx(100.0)
    assert evaluate_metric("bleu", text, text).value == pytest.approx(100.0)
    assert evaluate_metric("bleu", "xyz", text).value == 0.0


def test_chinese_scores() -> None:
    response = "北京是中华人民共和国的首都。"
    reference = "中华人民共和国的首都是北京。"
    chrf = evaluate_metric("chrf", response, reference).value
    by_char = evaluate_metric("bleu", response, reference, {"tokenize": "zh"}).value
    by_13a = evaluate_metric("bleu", response, reference).value
    assert isinstance(chrf, float) and 40 < chrf < 100
    assert isinstance(by_char, float) and 40 < by_char < 100
    # Without the zh tokenizer the whole sentence is one token, so nothing matches.
    assert by_13a == 0.0


def test_chrf_plus_plus_is_named_in_the_detail() -> None:
    result = evaluate_metric("chrf", "the cat", "the cats", {"word_order": 2})
    assert result.detail.startswith("chrF++ is ")


def test_empty_response_scores_zero() -> None:
    for metric in ("chrf", "bleu"):
        result = evaluate_metric(metric, None, "Some reference text.")
        assert (result.decided, result.value) == (True, 0.0)


def test_lowercase_setting() -> None:
    plain = evaluate_metric("bleu", "THE CAT SAT", "the cat sat").value
    lowered = evaluate_metric("bleu", "THE CAT SAT", "the cat sat", {"lowercase": True}).value
    assert plain == 0.0
    assert lowered == pytest.approx(100.0)


# --- robustness ------------------------------------------------------------------------

PARAMS_BY_METRIC: dict[str, list[dict[str, object]]] = {
    "exact": [{}, {"normalize": False}, {"undecided_when_false": True}],
    "contains": [{}, {"normalize": False}],
    "regex": [{"pattern": r"\w+", "flags": "ims"}, {"pattern": r"^.*$", "full_match": True}],
    "chrf": [{}, {"word_order": 2}, {"accept_at": 60, "reject_below": 30}],
    "bleu": [{}, {"tokenize": "zh"}, {"tokenize": "char", "lowercase": True}],
}
CASES = [(metric, params) for metric, options in PARAMS_BY_METRIC.items() for params in options]


@settings(max_examples=300, deadline=None)
@given(
    case=st.sampled_from(CASES),
    response=st.one_of(st.none(), st.text()),
    reference=st.one_of(st.none(), st.text(), st.lists(st.text(), max_size=3)),
)
def test_arbitrary_text_never_raises(
    case: tuple[str, dict[str, object]], response: str | None, reference: str | list[str] | None
) -> None:
    metric, params = case
    result = evaluate_metric(metric, response, reference, params)
    assert isinstance(result, MetricResult)
    assert result.detail and "\n" not in result.detail
    if result.value is None:
        assert result.decided is False
    elif METRICS[metric].kind == "score":
        assert isinstance(result.value, float)
        assert 0.0 <= result.value <= 100.0
    else:
        assert isinstance(result.value, bool)


@settings(max_examples=200, deadline=None)
@given(text=st.text())
def test_a_text_matches_and_contains_itself(text: str) -> None:
    for metric in ("exact", "contains"):
        result = evaluate_metric(metric, text, text)
        if normalize_answer(text):
            assert result.value is True, (metric, text)
        else:
            assert result.decided is False


@settings(max_examples=200, deadline=None)
@given(text=st.text().filter(lambda value: value.split()))
def test_a_text_scores_100_against_itself(text: str) -> None:
    assert evaluate_metric("chrf", text, text).value == pytest.approx(100.0)
    bleu = evaluate_metric("bleu", text, text, {"tokenize": "zh"}).value
    assert bleu == pytest.approx(100.0)
