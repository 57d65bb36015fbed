"""Which templates render in the guarded worker, and the sandbox's own bounds on list work."""

from __future__ import annotations

import time

import pytest

from judgedesk.core.template import LANGUAGES, compile_template, get_template, list_templates
from judgedesk.core.template.limits import LIST_ITEMS
from judgedesk.resources import resource_path

PLAIN = [
    "Question: {{ data.question }}\nAnswer: {{ response.content | default('none') | trim }}",
    "{% for line in (data.history or '').splitlines() %}- {{ line | trim }}\n{% endfor %}",
    "{% macro item(x) %}* {{ x }}{% endmacro %}{% for t in data.tags %}{{ item(t) }}{% endfor %}",
    "{{ data.tags | join(', ') }} {{ max_score + 1 }} {{ data.q[:500] }} {{ data | tojson }}",
    "{% if not (data.a or data.b) %}{{ loop_count is divisibleby(3) }}{% endif %}",
    "{% set ns = namespace(n=0) %}{% for x in data.items %}{{ ns.n }}{% endfor %}",
]
RISKY = [
    "{{ data.words | list | length }}",
    "{{ data.words | map('upper') | join }}",
    "{{ data.words | select | first }}",
    "{{ data.text | wordwrap(40) }}",
    "{% filter wordwrap(10) %}{{ data.text }}{% endfilter %}",
    "{% set l = [] %}{% for x in data.items %}{{ l.append(x) }}{% endfor %}",
    "{% set f = data.items.append %}{{ f(1) }}",
    "{{ data.items['append'](1) }}",
    "{% set ns = namespace(l=[]) %}{% for x in range(9) %}{% set ns.l = ns.l + [ns.l] %}"
    "{% endfor %}",
    "{{ data.items | random }}",
]


@pytest.mark.parametrize("source", PLAIN)
def test_plain_templates_render_in_the_calling_process(source: str) -> None:
    assert not compile_template(source).guarded


@pytest.mark.parametrize("source", RISKY)
def test_templates_that_might_run_away_render_in_the_guard(source: str) -> None:
    assert compile_template(source).guarded


def test_the_built_in_and_sample_templates_are_plain() -> None:
    texts = [get_template(t.id, lang).text for lang in LANGUAGES for t in list_templates(lang)]
    texts.append((resource_path("sample") / "templates" / "local.j2").read_text("utf-8"))
    assert texts and not [t[:60] for t in texts if compile_template(t).guarded]


def render_here(source: str) -> tuple[str, list[str], float]:
    started = time.monotonic()
    result = compile_template(source).render_here({})
    return result.text, [i.message for i in result.errors], time.monotonic() - started


def test_a_list_over_the_item_limit_is_refused_before_it_is_made() -> None:
    text, errors, _ = render_here("{{ ('x' * 4900000) | list | length }}")
    # Refused by its count before the list exists, not stopped by the clock afterwards.
    assert text == "" and f"list of more than {LIST_ITEMS:,} items (list)" in errors[0]


def test_a_chain_of_maps_counts_each_item_like_a_loop_round() -> None:
    source = "{{ (('x' * 900000) | list)" + "| map('center', 2)" * 4 + "| list | length }}"
    text, errors, _ = render_here(source)
    # Counted (or, on a busy machine, timed: each round looks at the clock too).
    assert text == "" and ("loops go round more than 1,000,000" in errors[0] or "took" in errors[0])
    # Short lists still map, select and batch as in Jinja2.
    text, errors, _ = render_here(
        "{{ [1, 2, 3] | map('string') | join(',') }} {{ [1, 2, 3] | select('odd') | join }}"
        " {{ range(5) | batch(2) | list }}"
    )
    assert (text, errors) == ("1,2,3 13 [[0, 1], [2, 3], [4]]", [])


@pytest.mark.parametrize(
    ("source", "what"),
    [
        ("{{ ('x' * 4000000) | wordwrap(1) }}", "(wordwrap)"),
        ("{{ ('x' * 4000000) | join(',') }}", "(a text joined from its characters)"),
        ("{{ ('x' * 4000000) | batch(2) | list | length }}", "loops go round"),
    ],
)
def test_work_over_a_long_text_is_refused_before_it_is_done(source: str, what: str) -> None:
    text, errors, _ = render_here(source)
    # The limit that refused it is named: a count, not the render's clock ("took").
    assert text == "" and what in errors[0] and "took" not in errors[0]
