"""English strings of the Qt-free core that the interface shows, made translatable.

``judgedesk.core`` never imports Qt, so the names and explanations it defines (the rules
of ``METRICS``, the servers of ``PRESETS``, the encodings a file is read in) are listed
here for pyside6-lupdate, in the translation context "core", and translated when shown
with :func:`core_tr`. lupdate reads only literal strings: write each one out exactly as
the core spells it. tests/ui/test_core_strings.py fails when one is missing.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

CONTEXT = "core"

# judgedesk.core.judges.metrics.METRICS: each rule's title and description.
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

# judgedesk.core.judges.presets.PRESETS: each server's title and hint.
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

# judgedesk.core.datasets.encoding.LABELS: the encodings a text file is read in.
ENCODING_STRINGS = (
    QT_TRANSLATE_NOOP("core", "UTF-8"),
    QT_TRANSLATE_NOOP("core", "UTF-8 (with a byte-order mark)"),
    QT_TRANSLATE_NOOP("core", "UTF-16 LE"),
    QT_TRANSLATE_NOOP("core", "UTF-16 BE"),
    QT_TRANSLATE_NOOP("core", "UTF-32 LE"),
    QT_TRANSLATE_NOOP("core", "UTF-32 BE"),
    QT_TRANSLATE_NOOP("core", "GBK/GB18030 (Chinese)"),
)


def core_tr(text: str) -> str:
    """``text``, a string of the core, in the interface's language (as is if untranslated)."""
    if not text:
        return text
    return QCoreApplication.translate(CONTEXT, text)
