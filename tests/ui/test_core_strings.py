"""Every English string of the core that the interface shows is registered for translation."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from judgedesk.core.dataset.encoding import LABELS
from judgedesk.core.judge import PRESETS
from judgedesk.core.judge.metrics import METRICS
from judgedesk.ui import core_strings
from judgedesk.ui.core_strings import core_tr

SOURCE = Path(core_strings.__file__)


def registered() -> set[str]:
    """The strings lupdate finds in core_strings.py: QT_TRANSLATE_NOOP("core", "literal")."""
    found = set()
    for node in ast.walk(ast.parse(SOURCE.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "QT_TRANSLATE_NOOP"
        ):
            context, text = node.args
            assert isinstance(context, ast.Constant) and context.value == "core"
            assert isinstance(text, ast.Constant) and isinstance(text.value, str), (
                "lupdate reads only literal strings"
            )
            found.add(text.value)
    return found


def test_every_metric_title_and_description_is_registered() -> None:
    texts = registered()
    missing = [
        text
        for info in METRICS.values()
        for text in (info.title, info.description)
        if text not in texts
    ]
    assert missing == [], "add these to judgedesk/ui/core_strings.py and translate them"


def test_every_preset_title_and_hint_is_registered() -> None:
    texts = registered()
    missing = [
        text
        for preset in PRESETS.values()
        for text in (preset.title, preset.hint)
        if text not in texts
    ]
    assert missing == [], "add these to judgedesk/ui/core_strings.py and translate them"


def test_every_encoding_label_is_registered() -> None:
    assert set(LABELS.values()) <= registered()


def test_the_lists_hold_what_is_registered() -> None:
    listed = {
        *core_strings.METRIC_STRINGS,
        *core_strings.PRESET_STRINGS,
        *core_strings.ENCODING_STRINGS,
        *(template for _, template in core_strings.DETAIL_PATTERNS),
        *core_strings.REASON_STRINGS,
        *core_strings.STOPPED_TEMPLATES,
    }
    assert listed == registered()


def test_an_untranslated_string_is_shown_as_it_is() -> None:
    assert core_tr("") == ""
    assert core_tr("Exact match") == "Exact match"  # no translator installed here
    assert core_tr("not a core string") == "not a core string"


def test_a_rule_judges_findings_are_said_in_the_interfaces_words() -> None:
    from judgedesk.core.judge.metric_eval import evaluate_metric
    from judgedesk.ui.core_strings import DETAIL_PATTERNS, core_detail

    cases = [
        ("exact", "Paris", "Paris", {}),
        ("exact", "Lyon", "Paris", {}),
        ("exact", "Lyon", ["Paris", "Rome"], {}),
        ("exact", "", "Paris", {}),
        ("contains", "It is Paris.", "Paris", {}),
        ("contains", "It is Lyon.", "Paris", {}),
        ("contains", "It is Lyon.", ["Paris", "Rome"], {}),
        ("contains", " ", "Paris", {}),
        ("regex", "answer: 42", None, {"pattern": r"\d+"}),
        ("regex", "no digits", None, {"pattern": r"\d+"}),
        ("regex", "42", None, {"pattern": r"\d+", "full_match": True}),
        ("regex", "42 apples", None, {"pattern": r"\d+", "full_match": True}),
    ]
    matched = set()
    for metric, response, reference, params in cases:
        detail = evaluate_metric(metric, response, reference, params).detail
        for number, (pattern, _) in enumerate(DETAIL_PATTERNS):
            if pattern.fullmatch(detail):
                matched.add(number)
                break
        else:
            raise AssertionError(f"no pattern for the core's sentence: {detail!r}")
        assert core_detail(detail) == detail  # untranslated: the English sentence itself
    assert matched == set(range(len(DETAIL_PATTERNS)))  # every pattern is still needed
    assert core_detail("something else") == "something else"


def test_the_usual_reasons_for_no_verdict_are_registered() -> None:
    from judgedesk.core.judge.parsers import PARSERS, parse_verdict
    from judgedesk.ui.core_strings import REASON_STRINGS, core_reason

    reasons = {parse_verdict(name, "nothing to see here").reason for name in PARSERS}
    reasons.add(parse_verdict("score", "").reason)
    reasons.add(parse_verdict("score", "<think>hmm</think>").reason)
    for reason in reasons:
        for part in re.split(r"(?<=\.)\s+", reason):
            assert part in REASON_STRINGS, part
        assert core_reason(reason) == reason  # untranslated: as the core wrote it


def test_why_a_render_was_stopped_is_said_in_the_interfaces_words() -> None:
    from judgedesk.core.template.render import compile_template, render_template
    from judgedesk.ui.core_strings import STOPPED_PATTERNS, core_problem

    sources = [
        "{{ 9**(9**9) }}",
        "{{ 'a' * 10**10 }}",
        "{{ [0] * 10**9 }}",
        "{% for i in range(10**9) %}{% endfor %}",
        "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
        "{% for a in range(2000) %}{% for b in range(1000) %}{% endfor %}{% endfor %}",
        "{% set s = 'x' * 1000000 %}{% for i in range(9) %}{{ s }}{% endfor %}",
    ]
    messages = [render_template(source, {}).issues[0].message for source in sources]
    slow = compile_template("{% for i in range(9999) %}{{ i }}{% endfor %}")
    messages.append(slow.render({}, seconds=1e-9).issues[0].message)
    for message in messages:
        assert any(p.fullmatch(message) for p, _ in STOPPED_PATTERNS), message
        assert core_problem(message) == message  # untranslated: the English itself
    assert core_problem("something else") == "something else"
