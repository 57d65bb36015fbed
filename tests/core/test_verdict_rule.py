"""Verdict rules: a judge's own format read without code, in the run, the CLI and check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.errors import ProjectError
from judgedesk.core.judge.parsers.rule import VerdictRule, read_with_rule
from judgedesk.core.project.checks import check_project
from judgedesk.core.project.settings import load_project
from judgedesk.core.run.rule_trial import try_rule
from tests.core.test_pipeline import make_project, run
from tests.support.fake_openai import FakeOpenAI

LLMBAR = {"kind": "pairwise", "pattern": r"Output \((a|b)\)", "map": {"a": "A>B", "b": "B>A"}}


def rule(**table: Any) -> VerdictRule:
    return VerdictRule.from_table(table)


def read(table: dict[str, Any], text: str, reasoning: str | None = None) -> Any:
    return read_with_rule(VerdictRule.from_table(table), text, reasoning)


# --- reading ------------------------------------------------------------------------------


def test_a_pattern_and_a_map_read_a_house_format() -> None:
    verdict = read(LLMBAR, "Both are fluent, but (b) ignores the question.\n\nOutput (a)")
    assert (verdict.ok, verdict.value, verdict.label) == (True, 2, "A>B")
    assert read(LLMBAR, "Output (b)").value == 4
    # Case and width do not matter for the map; the text is narrowed before matching.
    assert read(LLMBAR, "Ｏｕｔｐｕｔ （ｂ）").value == 4
    upper = {**LLMBAR, "pattern": r"(?i)output \((a|b)\)"}
    assert read(upper, "OUTPUT (B)").value == 4


def test_the_named_group_v_is_the_label_and_chinese_text_is_fine() -> None:
    table = {"kind": "correctness", "pattern": r"(?P<why>理由)?结论[:：]\s*(?P<v>对|错)"}
    assert read(table, "理由：数值一致。结论：对").value is True
    assert read(table, "结论：错").value is False
    assert read(table, "结论：也许").ok is False


def test_several_verdicts_follow_pick() -> None:
    text = "Output (a)\nOn reflection, Output (b)"
    last = read(LLMBAR, text)
    assert last.ok and last.value == 4 and last.ambiguous
    assert "the last one, B>A, was taken" in last.reason
    first = read({**LLMBAR, "pick": "first"}, text)
    assert first.value == 2 and "the first one, A>B" in first.reason
    only = read({**LLMBAR, "pick": "only"}, text)
    assert not only.ok and "A>B, B>A" in only.reason and "takes only one" in only.reason
    # The same verdict twice is not a conflict.
    assert read({**LLMBAR, "pick": "only"}, "Output (a). So: Output (a)").value == 2


def test_an_echoed_instruction_is_not_a_verdict() -> None:
    echo = 'Answer in the form "Output (a)" or "Output (b)". For example: Output (a)\n'
    verdict = read(LLMBAR, echo + "Output (b)")
    assert verdict.ok and verdict.value == 4 and not verdict.ambiguous
    assert not read(LLMBAR, "For example: Output (a)").ok


def test_reasoning_is_left_out_of_the_reading() -> None:
    verdict = read(LLMBAR, "<think>Maybe Output (b)?</think>Output (a)")
    assert verdict.value == 2 and not verdict.ambiguous
    assert verdict.reasoning == "Maybe Output (b)?"
    only_thought = read(LLMBAR, "", "Output (a) seems right")
    assert not only_thought.ok and "only reasoning" in only_thought.reason


def test_labels_the_map_does_not_list_are_named() -> None:
    table = {**LLMBAR, "pattern": r"Output \((\w)\)"}
    verdict = read(table, "Output (c)")
    assert not verdict.ok
    assert (
        verdict.reason == "The judge wrote 'c', which the rule's map does not list (it lists a, b)."
    )
    nothing = read(LLMBAR, "I cannot decide.")
    assert nothing.reason == r"Nothing in the reply matches the pattern Output \((a|b)\)."


def test_a_score_rule_reads_numbers_within_its_bounds() -> None:
    table = {"kind": "score", "pattern": r"\[RESULT\]\s*(\d+)", "min": 1, "max": 5}
    assert read(table, "Feedback: clear and correct. [RESULT] 4").value == 4
    high = read(table, "[RESULT] 7")
    assert not high.ok and high.reason == "The judge gave 7, which is not a score from 1 to 5."
    words = read({"kind": "score", "pattern": r"Score: (\w+)"}, "Score: eight")
    assert not words.ok and "'eight', which is not a score" in words.reason


def test_a_json_path_reads_structured_replies() -> None:
    table = {"kind": "score", "path": "scores.overall"}
    reply = 'Here you go: {"scores": {"overall": 8.5, "style": 7}, "why": "…"}'
    assert read(table, reply).value == 8.5
    choice = {"kind": "pairwise", "path": "choice"}
    assert read(choice, '{"choice": "B>>A"}').value == 5
    assert read(choice, '{"Choice": "tie"}').value == 3  # field names match loosely too
    missing = read(table, '{"score": 3}')
    assert not missing.ok and "no JSON object with the field scores.overall" in missing.reason
    flag = {"kind": "correctness", "path": "verdict.correct"}
    assert read(flag, '{"verdict": {"correct": false}}').value is False


def test_pairwise_and_correctness_rules_know_their_words_without_a_map() -> None:
    pair = {"kind": "pairwise", "pattern": r"Winner: (\S+)"}
    assert [read(pair, f"Winner: {w}").value for w in ("A", "b", "tie", "A>>B", "5")] == [
        2,
        4,
        3,
        1,
        5,
    ]
    right = {"kind": "correctness", "pattern": r"Correct\? (\w+)"}
    assert [read(right, f"Correct? {w}").value for w in ("yes", "No", "TRUE", "0")] == [
        True,
        False,
        True,
        False,
    ]


def test_a_label_rule_keeps_the_known_labels() -> None:
    table = {"kind": "label", "pattern": r"Rating: (\w+)", "labels": ["safe", "unsafe"]}
    assert read(table, "Rating: UNSAFE").value == "unsafe"
    assert not read(table, "Rating: maybe").ok
    assert read({"kind": "label", "pattern": r"Tag: (\w+)"}, "Tag: humour").value == "humour"


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ({"kind": "vibes", "pattern": "x"}, "needs a kind"),
        ({"kind": "score"}, "either a pattern"),
        ({"kind": "score", "pattern": "x", "path": "y"}, "and not both"),
        ({"kind": "score", "pattern": "(unclosed"}, "not a regular expression"),
        ({"kind": "score", "pattern": "x", "pick": "middle"}, "first, last or only"),
        ({"kind": "pairwise", "pattern": "x", "map": {"a": "better"}}, "one of A>>B"),
        ({"kind": "correctness", "pattern": "x", "map": {"a": "sure"}}, "correct or incorrect"),
        ({"kind": "score", "pattern": "x", "max": "ten"}, "must be a number"),
        ({"kind": "score", "pattern": "x", "colour": "red"}, "does not know: colour"),
    ],
)
def test_unusable_rules_say_what_to_fix(table: dict[str, Any], words: str) -> None:
    with pytest.raises(ProjectError, match=words):
        VerdictRule.from_table(table)


# --- in a project -------------------------------------------------------------------------


def llmbar_reply(body: dict[str, Any]) -> str:
    question = body["messages"][-1]["content"]
    item = int(question.split("item ")[1].split("?")[0])
    return "Output (a)" if item % 3 else "Both fine.\nOutput (c)"


def test_a_rule_judge_runs_is_saved_and_tried_on_stored_replies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=llmbar_reply) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=6, parser="")
        project.judges[0].verdict = {**LLMBAR, "pattern": r"Output \((\w)\)"}
        project.save()
        text = project.settings_path.read_text(encoding="utf-8")
        assert "[judges.verdict]" in text and "[judges.verdict.map]" in text
        loaded = load_project(project.root)
        assert loaded.judges[0].rule() == VerdictRule.from_table(project.judges[0].verdict)
        assert not [p for p in check_project(loaded) if p.severity == "error"]

        figures = run(loaded).to_dict()
        assert (figures["ok"], figures["unparsed"]) == (4, 2)

        trial = try_rule(loaded, "judge", loaded.judges[0].rule())
        assert (trial.replies, trial.read, trial.distribution["A>B"]) == (6, 4, 4)
        (reason,) = trial.unparsed
        assert "wrote 'c', which the rule's map does not list" in reason
        assert trial.examples[reason].endswith("Output (c)")

        assert main(["check", str(project.root)]) == 0
        out = capsys.readouterr().out
        assert "The rule reads 4 of 6 stored replies" in out and "2 stay unparsed" in out

        broken = load_project(project.root)
        broken.judges[0].verdict = {"kind": "pairwise", "pattern": "("}
        assert any("not a regular expression" in p.message for p in check_project(broken))


def test_judgedesk_new_takes_a_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_text(json.dumps({"question": "q?", "response": "r"}) + "\n", encoding="utf-8")
    command = ["new", str(tmp_path / "p"), "--dataset", str(data), "--judge-model", "m"]
    command += ["--verdict-pattern", r"Output \((a|b)\)", "--verdict-kind", "pairwise"]
    command += ["--verdict-map", "a=A>B", "--verdict-map", "b=B>A", "--verdict-pick", "only"]
    assert main(command) == 0
    assert "the judge's own rule" in capsys.readouterr().out
    judge = load_project(tmp_path / "p").judges[0]
    assert judge.verdict == {**LLMBAR, "pick": "only"}
    bad = ["new", str(tmp_path / "q"), "--dataset", str(data), "--verdict-kind", "score"]
    assert main(bad) == 1
    assert "--verdict-pattern" in capsys.readouterr().err


def test_the_readme_examples_are_rules_that_read_their_replies() -> None:
    import re
    import tomllib

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Reading a judge's own format")[1].split("\n### ")[0]
    blocks = re.findall(r"```toml\n(.*?)```", section, re.S)
    rules = [VerdictRule.from_table(tomllib.loads(b)["judges"]["verdict"]) for b in blocks]
    replies = ["Output (b)", "Feedback: thorough. [RESULT] 4", '{"verdict": {"correct": true}}']
    assert [read_with_rule(r, text).value for r, text in zip(rules, replies, strict=True)] == [
        4,
        4,
        True,
    ]


def test_a_pairwise_rule_is_asked_in_both_orders_with_swap(tmp_path: Path) -> None:
    from tests.core.test_swap_data import PAIR_FIELDS, make_pair_project, prompts
    from tests.core.test_swap_data import run as run_pairs

    def prefers_alpha(body: dict[str, Any]) -> str:
        text = body["messages"][-1]["content"]
        return "Output (a)" if text.index("alpha") < text.index("beta") else "Output (b)"

    with FakeOpenAI(reply=prefers_alpha) as fake:
        template = "A: {{ response_a }}\nB: {{ response_b }}"
        project = make_pair_project(
            tmp_path / "p", fake.base_url, template, fields=PAIR_FIELDS, parser=""
        )
        project.judges[0].verdict = dict(LLMBAR)
        project.save()
        figures = run_pairs(load_project(project.root)).to_dict()
        assert figures["ok"] == 3 and len(fake.requests) == 6
        first, second = prompts(project, 0)
        assert first.index("alpha") < first.index("beta")
        assert second.index("beta") < second.index("alpha")
        # Alpha preferred in both orders: a consistent A>B.
        assert figures["mean_score"] == 2


def test_a_rule_is_written_back_as_it_was_typed() -> None:
    table = {"kind": "pairwise", "pattern": r"\[\[([ABC])\]\]", "map": {"A": "A>B", "C": 3}}
    written = VerdictRule.from_table(table).to_table()
    assert written["map"] == {"A": "A>B", "C": "A=B"}
    assert VerdictRule.from_table(written) == VerdictRule.from_table(table)
