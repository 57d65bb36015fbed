"""English strings of the Qt-free core that the interface shows, made translatable.

``judgedesk.core`` never imports Qt, so the names and explanations it defines (the rules
of ``METRICS``, the servers of ``PRESETS``, the encodings a file is read in) are listed
here for pyside6-lupdate, in the translation context "core", and translated when shown
with :func:`core_tr`. lupdate reads only literal strings: write each one out exactly as
the core spells it. tests/ui/test_core_strings.py fails when one is missing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from judgedesk.core.messages import Message, render, said

CONTEXT = "core"

# judgedesk.core.judge.metrics.METRICS: each rule's title and description.
METRIC_STRINGS = (
    QT_TRANSLATE_NOOP("core", "Exact match"),
    QT_TRANSLATE_NOOP(
        "core",
        "True when the response is the reference answer, ignoring case, spacing, "
        "quotes and final punctuation. Suits short answers: numbers, names, labels.",
    ),
    QT_TRANSLATE_NOOP("core", "Contains the reference"),
    QT_TRANSLATE_NOOP(
        "core",
        "True when the reference answer appears in the response as whole words "
        '("4" is not found in "14"); Chinese and Japanese are matched as they are.',
    ),
    QT_TRANSLATE_NOOP("core", "Regular expression"),
    QT_TRANSLATE_NOOP(
        "core",
        "True when a regular expression finds a match in the response. The reference is not used.",
    ),
    QT_TRANSLATE_NOOP("core", "chrF similarity"),
    QT_TRANSLATE_NOOP(
        "core",
        "How much the response's character sequences overlap the reference's, from "
        "0 to 100 (sacreBLEU's chrF). Works for any language, Chinese included.",
    ),
    QT_TRANSLATE_NOOP("core", "BLEU similarity"),
    QT_TRANSLATE_NOOP(
        "core",
        "How many of the response's word sequences appear in the reference, from 0 "
        'to 100 (sacreBLEU\'s sentence BLEU). Use tokenize = "zh" for Chinese.',
    ),
)

# judgedesk.core.judge.presets.PRESETS: each server's title and hint.
PRESET_STRINGS = (
    QT_TRANSLATE_NOOP("core", "Ollama"),
    QT_TRANSLATE_NOOP(
        "core",
        "Install Ollama, run `ollama serve`, and fetch a model with "
        "`ollama pull <model>`. No API key is needed.",
    ),
    QT_TRANSLATE_NOOP("core", "LM Studio"),
    QT_TRANSLATE_NOOP(
        "core",
        "In LM Studio, load a model and start the local server (Developer tab). "
        "No API key is needed.",
    ),
    QT_TRANSLATE_NOOP("core", "vLLM"),
    QT_TRANSLATE_NOOP(
        "core",
        "Start the server with `vllm serve <model>`. A key is only needed if the "
        "server was started with --api-key.",
    ),
    QT_TRANSLATE_NOOP("core", "llama.cpp server"),
    QT_TRANSLATE_NOOP(
        "core",
        "Start the server with `llama-server -m <model.gguf>`. A key is only "
        "needed if the server was started with --api-key.",
    ),
    QT_TRANSLATE_NOOP("core", "Cloud API (OpenAI-compatible)"),
    QT_TRANSLATE_NOOP(
        "core",
        "Use the provider's base URL (it usually ends with /v1) and keep the API "
        "key in the system keyring or an environment variable.",
    ),
)

# judgedesk.core.dataset.encoding.LABELS: the encodings a text file is read in.
ENCODING_STRINGS = (
    QT_TRANSLATE_NOOP("core", "UTF-8"),
    QT_TRANSLATE_NOOP("core", "UTF-8 (with a byte-order mark)"),
    QT_TRANSLATE_NOOP("core", "UTF-16 LE"),
    QT_TRANSLATE_NOOP("core", "UTF-16 BE"),
    QT_TRANSLATE_NOOP("core", "UTF-32 LE"),
    QT_TRANSLATE_NOOP("core", "UTF-32 BE"),
    QT_TRANSLATE_NOOP("core", "GBK/GB18030 (Chinese)"),
)


def _translate(template: str) -> str:
    return QCoreApplication.translate(CONTEXT, template)


@lru_cache(maxsize=1)
def _templates() -> tuple[str, ...]:
    """The core's message templates, the most literal text first (the surest match)."""
    from judgedesk.ui.core_messages import MESSAGES

    known = [*MESSAGES, *(t for t in (*METRIC_STRINGS, *PRESET_STRINGS) if "{" not in t)]
    return tuple(sorted(known, key=lambda t: -len(re.sub(r"\{\w+\}", "", t))))


def core_say(text: object) -> str:
    """A sentence of the core (a :class:`~judgedesk.core.messages.Message`, an error, or
    its English text as stored) in the interface's language."""
    if isinstance(text, BaseException):
        text = said(text)
    if isinstance(text, Message):
        return render(text, _translate, _templates())
    return _said_text(str(text), _translate("{sentence}."))


@lru_cache(maxsize=4096)
def _said_text(text: str, language: str) -> str:
    # Stored sentences come back on every repaint of a table: each is worked out once
    # per language (``language``: a sentence of the translation, to tell them apart).
    return render(text, _translate, _templates())


def core_tr(text: str) -> str:
    """``text``, a string of the core, in the interface's language (as is if untranslated)."""
    if not text:
        return text
    return QCoreApplication.translate(CONTEXT, text)


# judgedesk.core.template.limits: why a render was stopped ({0}, {1}: the values). Said
# in full so that each sentence reads well; the regular expression is made from it.
STOPPED_TEMPLATES = (
    QT_TRANSLATE_NOOP(
        "core",
        "This template took longer than {0} seconds to render. JudgeDesk stopped it so "
        "that the prompt stays usable; make it do less work, or give it more time with "
        "render_seconds under [run] in judgedesk.toml.",
    ),
    QT_TRANSLATE_NOOP(
        "core",
        "This template's loops go round more than {0} times in all. JudgeDesk stopped it "
        "so that the prompt stays usable; loop over fewer items or nest fewer loops.",
    ),
    QT_TRANSLATE_NOOP(
        "core",
        "This template calls macros or functions more than {0} times in all. JudgeDesk "
        "stopped it so that the prompt stays usable; make it call them fewer times.",
    ),
    QT_TRANSLATE_NOOP(
        "core",
        "A macro or loop in this template calls itself more than {0} levels deep. "
        "JudgeDesk stopped it so that the prompt stays usable; make sure it stops calling "
        "itself.",
    ),
    QT_TRANSLATE_NOOP(
        "core",
        "This template writes more than {0} characters. JudgeDesk stopped it so that the "
        "prompt stays usable; print less, or loop over fewer items.",
    ),
    QT_TRANSLATE_NOOP(
        "core",
        "This template makes a text longer than {0} characters ({1}). JudgeDesk stopped "
        "it so that the prompt stays usable; use a smaller number.",
    ),
    QT_TRANSLATE_NOOP(
        "core",
        "This template makes a list of more than {0} items ({1}). JudgeDesk stopped it so "
        "that the prompt stays usable; use a smaller number.",
    ),
    QT_TRANSLATE_NOOP(
        "core",
        "This template computes a number with more than {0} digits ({1}). JudgeDesk "
        "stopped it so that the prompt stays usable; use smaller numbers.",
    ),
    QT_TRANSLATE_NOOP(
        "core",
        "This template asks for range({0}), more than {1} numbers. JudgeDesk stopped it "
        "so that the prompt stays usable; loop over fewer numbers.",
    ),
)


STOPPED_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(re.sub(r"\\\{(\d)\\\}", "(.+?)", re.escape(template)), re.S), template)
    for template in STOPPED_TEMPLATES
)


def core_problem(text: str) -> str:
    """Why a template's render was stopped (a ``TemplateIssue`` of kind "limit"), translated.

    The values it quotes (numbers, the expression) stay as they are; any other text is
    returned as the core wrote it.
    """
    return core_detail(text, STOPPED_PATTERNS)


# judgedesk.core.judge.metric_eval: what a rule judge found, with the values it quotes.
# Each English pattern of the core, with its translatable form ({0}, {1}: the values).
DETAIL_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.S), template)
    for pattern, template in (
        # The most specific first: an empty response is also "a response".
        (
            r"the response is empty, so it does not match (.+)",
            QT_TRANSLATE_NOOP("core", "the response is empty, so it does not match {0}"),
        ),
        (
            r"the response is empty, so it does not contain (.+)",
            QT_TRANSLATE_NOOP("core", "the response is empty, so it does not contain {0}"),
        ),
        (
            r"the response matches the reference (.+)",
            QT_TRANSLATE_NOOP("core", "the response matches the reference {0}"),
        ),
        (
            r"the response contains the reference (.+)",
            QT_TRANSLATE_NOOP("core", "the response contains the reference {0}"),
        ),
        (
            r"the response does not contain the reference (.+)",
            QT_TRANSLATE_NOOP("core", "the response does not contain the reference {0}"),
        ),
        (
            r"the response contains none of the (\d+) references",
            QT_TRANSLATE_NOOP("core", "the response contains none of the {0} references"),
        ),
        (
            r"the response (.+) does not match the reference (.+)",
            QT_TRANSLATE_NOOP("core", "the response {0} does not match the reference {1}"),
        ),
        (
            r"the response (.+) matches none of the (\d+) references",
            QT_TRANSLATE_NOOP("core", "the response {0} matches none of the {1} references"),
        ),
        (
            r"the whole response matches the pattern (.+)",
            QT_TRANSLATE_NOOP("core", "the whole response matches the pattern {0}"),
        ),
        (
            r"the response as a whole does not match the pattern (.+)",
            QT_TRANSLATE_NOOP("core", "the response as a whole does not match the pattern {0}"),
        ),
        (
            r"the pattern (.+) finds nothing in the response",
            QT_TRANSLATE_NOOP("core", "the pattern {0} finds nothing in the response"),
        ),
        (
            r"the pattern (.+) finds (.+) in the response",
            QT_TRANSLATE_NOOP("core", "the pattern {0} finds {1} in the response"),
        ),
    )
)


def core_detail(text: str, patterns: tuple[tuple[re.Pattern[str], str], ...] = ()) -> str:
    """What a rule judge found (the core's English sentence), in the interface's language.

    The values it quotes (the reference, the response, a pattern) stay as they are.
    """
    for pattern, template in patterns or DETAIL_PATTERNS:
        found = pattern.fullmatch(text)
        if found is not None:
            return QCoreApplication.translate(CONTEXT, template).format(*found.groups())
    return text


# judgedesk.core.judge.parsers: why no verdict was read from a reply (the usual sentences).
REASON_STRINGS = (
    QT_TRANSLATE_NOOP("core", "No verdict was found in the reply."),
    QT_TRANSLATE_NOOP("core", "No JSON object was found in the reply."),
    QT_TRANSLATE_NOOP("core", 'Expected a score such as "Score: [[7]]".'),
    QT_TRANSLATE_NOOP(
        "core", 'Expected a verdict in double brackets, such as "[[A>B]]" or "[[B>>A]]".'
    ),
    QT_TRANSLATE_NOOP(
        "core",
        'Expected one of A++, A+, A=B, B+, B++, for example "choice": "B+" in a JSON object.',
    ),
    QT_TRANSLATE_NOOP("core", 'Expected "A" (the response is correct) or "B" (it is incorrect).'),
    QT_TRANSLATE_NOOP("core", 'Expected a JSON object with a score, such as {"score": 8}.'),
    QT_TRANSLATE_NOOP(
        "core",
        'Expected "[[A]]" (assistant A is better), "[[B]]" (assistant B is better) or '
        '"[[C]]" (a tie).',
    ),
    QT_TRANSLATE_NOOP("core", 'Expected "Output (a)" or "Output (b)" on a line of its own.'),
    QT_TRANSLATE_NOOP(
        "core", 'Expected two scores on the first line, one for each answer, such as "8 6".'
    ),
    QT_TRANSLATE_NOOP(
        "core",
        'Expected "[RESULT]" followed by a whole number from 1 to 5, such as "[RESULT] 4".',
    ),
    QT_TRANSLATE_NOOP("core", 'Expected "[RESULT] A" or "[RESULT] B".'),
    QT_TRANSLATE_NOOP("core", "The judge's reply is empty, so there is no verdict to read."),
    QT_TRANSLATE_NOOP(
        "core",
        "The reply has only reasoning, no answer: the judge stopped before giving its "
        "verdict, so nothing was read.",
    ),
)
_SENTENCE_END = re.compile(r"(?<=\.)\s+")


def core_reason(text: str) -> str:
    """Why no verdict was read (the core's English), in the interface's language.

    Each usual sentence is translated; any other sentence stays as the core wrote it.
    """
    said = ""
    for sentence in _SENTENCE_END.split(text):
        # Chinese sentences follow one another with no space.
        space = "" if not said or said.endswith(("。", "！", "？")) else " "
        said += space + core_tr(sentence)
    return said


def core_stored(text: str) -> str:
    """A sentence the core stored as English (a row's error, or why no verdict was read)
    in the interface's language."""
    said = core_say(text)
    return said if said != text else core_reason(text)
