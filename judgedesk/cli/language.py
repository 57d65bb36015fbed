"""The command line's language: the core's sentences in Chinese with ``--language zh``
(or when ``LANG`` says Chinese), read from the interface's translation file."""

from __future__ import annotations

import os
import re
from functools import cache

from judgedesk.core.messages import render, said

LANGUAGES = ("en", "zh")
_language = "en"


def pick(option: str | None) -> str:
    """The language asked for with ``--language``, else the environment's, else English."""
    if option:
        return "zh" if option.lower().startswith("zh") else "en"
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def use(option: str | None) -> str:
    """Say the core's sentences in the language picked from ``option`` from now on."""
    global _language
    _language = pick(option)
    return _language


@cache
def _table(language: str) -> dict[str, str]:
    """English → ``language`` for the core's sentences (the "core" context of the .ts)."""
    import xml.etree.ElementTree as ET  # only a Chinese command line reads the .ts

    from judgedesk.resources import resource_path

    if language == "en":
        return {}
    path = resource_path("translations", "judgedesk_zh_CN.ts")
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return {}
    table = {}
    for context in root.iter("context"):
        if context.findtext("name") != "core":
            continue
        for message in context.iter("message"):
            source, translation = message.findtext("source"), message.find("translation")
            finished = translation is not None and translation.get("type") is None
            if source and finished and translation is not None and translation.text:
                table[source] = translation.text
    return table


@cache
def _templates(language: str) -> tuple[str, ...]:
    named = [t for t in _table(language) if not re.search(r"\{\d*\}", t)]
    return tuple(sorted(named, key=lambda t: -len(re.sub(r"\{\w+\}", "", t))))


_SENTENCES = re.compile(r"(?<=\.) +")
"""Where one sentence of the core ends and the next begins."""

SEVERITIES = {"error": "错误", "warning": "警告", "info": "提示"}


def severity(word: str) -> str:
    """A problem's severity ("error", "warning", "info") in the language in use."""
    return SEVERITIES.get(word, word) if _language == "zh" else word


def template(english: str) -> str:
    """A template of the core (``say``'s English) in the language in use."""
    if _language == "en":
        return english
    return _table(_language).get(english, english)


def text(sentence: object) -> str:
    """A sentence of the core (a message, an error, or its English text) in the language
    in use."""
    if isinstance(sentence, BaseException):
        sentence = said(sentence)
    if _language == "en":
        return str(sentence)
    table = _table(_language)
    shown = render(sentence, lambda t: table.get(t, t), _templates(_language))
    if shown != str(sentence):
        return shown
    # Why no verdict was read is stored as sentences put one after another: each usual
    # sentence is said in the language in use, any other as the core wrote it.
    joined = ""
    for part in _SENTENCES.split(shown):
        space = "" if not joined or joined.endswith(("。", "！", "？")) else " "
        joined += space + table.get(part, part)
    return joined
