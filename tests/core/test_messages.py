"""The core's sentences with an id and arguments, said again in another language."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest

from judgedesk.cli import language, main
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.advice import describe
from judgedesk.core.judge.base import ERROR_KINDS
from judgedesk.core.messages import Message, render, said, say
from judgedesk.core.review import undo_words
from judgedesk.core.scripts.process import describe_exit
from tests.core.test_pipeline import make_project

URL = "http://127.0.0.1:9/v1"
ZH = {
    "Nothing answered at {url}. Is the server running?{hint} Check the address and the "
    "port number.": "{url} 没有任何应答。服务器在运行吗？{hint}请检查地址和端口号。",
    " ({hint})": "（{hint}）",
    "Start {what}.": "启动 {what}。",
    "{sentence}: {detail}.": "{sentence}：{detail}。",
    "{url} rejected the request ({code})": "{url} 拒绝了该请求（{code}）",
}


def zh(template: str) -> str:
    return ZH.get(template, template)


def test_a_message_is_its_english_sentence_with_its_id_and_arguments() -> None:
    hint = say("t.hint", "Start {what}.", what="ollama")
    message = say("t.refused", next(iter(ZH)), url=URL, hint=say("t.wrap", " ({hint})", hint=hint))
    english = f"Nothing answered at {URL}. Is the server running? (Start ollama.) Check the "
    assert message == english + "address and the port number."
    assert (message.id, message.args["url"]) == ("t.refused", URL)
    assert json.loads(json.dumps({"error": message})) == {"error": str(message)}
    again = pickle.loads(pickle.dumps(message))  # as a worker process sends it
    assert isinstance(again, Message) and again.template == message.template
    assert (
        render(message, zh)
        == f"{URL} 没有任何应答。服务器在运行吗？（启动 ollama。）请检查地址和端口号。"
    )
    assert render(again, zh) == render(message, zh)
    error = JudgeDeskError(message)
    assert said(error) is message and str(error) == str(message)
    assert said(ValueError("a", "b")) == "('a', 'b')"


def test_stored_english_is_recognised_and_plain_text_is_left_whole() -> None:
    templates = tuple(ZH)
    stored = str(
        say(
            "t.detail",
            "{sentence}: {detail}.",
            sentence=say(
                "t.rejected", "{url} rejected the request ({code})", url=URL, code="HTTP 400"
            ),
            detail="unknown field 'x'",
        )
    )
    assert render(stored, zh, templates) == f"{URL} 拒绝了该请求（HTTP 400）：unknown field 'x'。"
    for text in (
        "The folder /tmp/x does not exist.",
        "a: b.",
        "Hello: world.",
        "",
        "Nothing answered at the door.",
    ):
        assert render(text, zh, templates) == text
    broken = {"{url} rejected the request ({code})": "{address} 拒绝"}  # a bad translation
    text = str(say("t.rejected", "{url} rejected the request ({code})", url=URL, code="x"))
    assert render(text, lambda t: broken.get(t, t), tuple(broken)) == text


def test_a_count_is_recognised_only_where_a_number_is() -> None:
    counts = {"{count} rows": "{count} 行", "1 row": "1 行"}
    templates = tuple(counts)

    def zh_counts(template: str) -> str:
        return counts.get(template, template)

    assert render("1,200 rows", zh_counts, templates) == "1,200 行"
    # A sentence that merely ends in "rows" is not a count of them.
    sentence = "Check its log, then retry the failed rows"
    assert render(sentence, zh_counts, templates) == sentence
    # Nor is a whole paragraph the seed of a sample it mentions.
    template = "{drawn} of {rows} drawn at random (seed {seed})."
    drawn = {template: "从{rows}中抽取了 {drawn} 行（种子 {seed}）。"}
    paragraph = "It has a sample (5 of 24 rows drawn at random (seed 7).). Say so (--replace)."
    assert render(paragraph, lambda t: drawn.get(t, t), tuple(drawn)) == paragraph
    assert render(
        "5 of 24 rows drawn at random (seed 7).", lambda t: drawn.get(t, t), tuple(drawn)
    ) == ("从24 rows中抽取了 5 行（种子 7）。")


def test_a_name_that_is_a_word_of_the_core_stays_a_name() -> None:
    words = {"judge": "评审", "Judge “{name}”: {problem}": "评审“{name}”：{problem}"}
    problem = "No verdict was found in the reply."
    words[problem] = "回复中没有找到判定。"

    def zh_words(template: str) -> str:
        return words.get(template, template)

    said = say("t.judge", "Judge “{name}”: {problem}", name="judge", problem=problem)
    assert render(said, zh_words, tuple(words)) == "评审“judge”：回复中没有找到判定。"
    assert render(str(said), zh_words, tuple(words)) == "评审“judge”：回复中没有找到判定。"
    assert render("judge", zh_words, tuple(words)) == "评审"  # the word alone is the core's


def english_words(text: str) -> list[str]:
    """Runs of three or more English words left once addresses and codes are taken out."""
    rest = re.sub(r"https?://\S+|HTTP \d+|/v1|/models|\b(API|OpenAI|https?|ctypes|C)\b", "", text)
    return re.findall(r"[A-Za-z]{2,}(?:[ ,;:]+[A-Za-z]{2,}){2,}", rest)


@pytest.mark.parametrize("kind", sorted(ERROR_KINDS))
def test_every_endpoint_diagnosis_is_said_in_chinese_even_as_stored(kind: str) -> None:
    language.use("zh")
    try:
        for extra in ({}, {"status": 503, "detail": "model overloaded", "timeout": 30.0}):
            message = describe(kind, "http://127.0.0.1:11434/v1", **extra)  # type: ignore[arg-type]
            for form in (message, str(message)):
                chinese = language.text(form)
                assert re.search(r"[\u4e00-\u9fff]", chinese), (kind, chinese)
                assert english_words(chinese.replace("model overloaded", "")) == [], chinese
    finally:
        language.use("en")


def test_script_failures_and_undo_labels_are_said_in_chinese() -> None:
    language.use("zh")
    try:
        texts = [
            describe_exit(-9, 512)[1],
            describe_exit(-11, 0)[1],
            describe_exit(3, 0)[1],
            str(
                say(
                    "script.timeout",
                    "The {kind} script ran longer than {limit} and was stopped "
                    "(an endless loop?). Make it faster or raise the time limit.",
                    kind="postprocess",
                    limit="3 s",
                )
            ),
            undo_words.verdict(4, "7"),
            undo_words.agreement(2, None),
            undo_words.decision(1, "correct"),
        ]
        for text in texts:
            chinese = language.text(text)
            assert re.search(r"[\u4e00-\u9fff]", chinese) and english_words(chinese) == [], chinese
    finally:
        language.use("en")


def test_the_command_line_speaks_chinese_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make_project(tmp_path / "p", URL)
    assert main(["--language", "zh", "check", str(project.root)]) != 0
    out = capsys.readouterr().out
    assert "没有任何应答" in out and "错误：评审“" in out and "无法运行" in out
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main(["check", str(tmp_path / "missing")]) != 0
    assert main(["--language", "en", "check", str(project.root)]) != 0
    out = capsys.readouterr().out
    assert "Nothing answered" in out and "not runnable" in out
    language.use("en")


def test_the_language_may_be_given_before_or_after_any_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", URL)
    try:
        for argv in (
            ["--language", "zh", "check", str(project.root)],
            ["check", str(project.root), "--language", "zh"],
        ):
            assert main(argv) != 0
            assert "无法运行" in capsys.readouterr().out, argv
        for argv in (
            ["--language", "zh", "templates", "--show", "score_single"],
            ["templates", "--show", "score_single", "--language", "zh"],
        ):
            assert main(argv) == 0
            assert "你是一名公正的评审" in capsys.readouterr().out, argv
        assert main(["--language", "zh", "templates"]) == 0
        assert "  en  " not in capsys.readouterr().out
    finally:
        language.use("en")


def test_counts_are_said_in_the_singular_for_one() -> None:
    from judgedesk.core.messages import counted

    assert [counted(n, "row", "rows") for n in (0, 1, 2, 1200)] == [
        "0 rows",
        "1 row",
        "2 rows",
        "1,200 rows",
    ]
