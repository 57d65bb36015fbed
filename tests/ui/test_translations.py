"""The Chinese interface is complete: every string translated, nothing left in English."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTranslator
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QTabBar,
    QWidget,
    QWizard,
)
from pytestqt.qtbot import QtBot

from judgedesk.core.dataset.encoding import LABELS
from judgedesk.core.judge import PRESETS
from judgedesk.core.judge.metrics import METRICS
from judgedesk.core.project.workspace import Workspace
from judgedesk.resources import resource_path
from judgedesk.ui.core_strings import core_tr
from judgedesk.ui.i18n import install_translators, pick_language
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.project_actions import DISCARD
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.wizard import NewProjectWizard
from judgedesk.ui.wizard.common import (
    PAGE_DATASET,
    PAGE_FIELDS,
    PAGE_JUDGE,
    PAGE_PROJECT,
    PAGE_TEMPLATE,
)

ROOT = Path(__file__).resolve().parents[2]
WIZARD_BUTTONS = (
    QWizard.WizardButton.BackButton,
    QWizard.WizardButton.NextButton,
    QWizard.WizardButton.CancelButton,
    QWizard.WizardButton.FinishButton,
)
# Words that stay as they are in any language: names, formats, code.
KEPT = re.compile(
    r"JudgeDesk|MT-Bench|Prometheus|LLMBar|JudgeLM|"
    r"OpenAI|Ollama|LM Studio|vLLM|llama\.cpp|Jinja2?|JSON( Lines)?|JSONL|CSV|TSV|"
    r"GGUF|\.gguf|XLSX|Excel|Parquet|HTML|Markdown|URL|API|HTTP|SSE|chrF|sacreBLEU|BLEU|GBK|BOM|Python|"
    r"English|"
    r"(?:(?:Ctrl|Alt|Shift)\+)+(?:[\w←→↑↓]+|[.,/])|Esc|"
    r"(?i:utf-(?:8|16|32)(?:-sig|[- ][lb]e)?|gb18030)|"
    r"data\.\w+|response\.\w+|(?:[\w.-]*/)*[\w.-]*\.(j2|py|toml|jsonl|csv|xlsx)|\d+|"
    r"Sample: general knowledge|answer-check|local-model|qwen[\w.:-]*|https?://\S+|"
    # Code: `a command`, a template's {placeholder} or {{ value }}, snake_case names.
    r"`[^`]+`|\{+ ?\w+ ?\}+|[A-Za-z]\w*_\w+|"
    # Scripts: a signature, their arguments and streams, folders, tags, a verdict's format.
    r"\w+\([^)]*\)|\b(?:data|resp|kwargs|stdout|stderr)\b|(?:[\w.-]+/)+|</?\w+>|"
    r"(?:Score|Rating): \[\[\d+\]\]"
)


def test_the_translation_is_complete_and_built() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "translations.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_language_follows_the_preference_then_the_system() -> None:
    assert pick_language("zh_CN", "en_US") == "zh_CN"
    assert pick_language("en", "zh_TW") == "en"
    assert pick_language("", "zh_CN") == "zh_CN"
    assert pick_language("", "de_DE") == "en"
    assert pick_language("klingon", "fr_FR") == "en"


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    install_translators(qapp, "zh_CN")
    yield
    for translator in qapp.findChildren(QTranslator):
        qapp.removeTranslator(translator)
        translator.deleteLater()
    QLocale.setDefault(QLocale("en"))


def english_left(texts: Iterator[str], data: Iterable[str] = ()) -> list[str]:
    """The texts with English words left once names, code and ``data`` are taken out.

    ``data``: what comes from the person's files (column names…), shown as it is.
    """
    shown_as_is = sorted(data, key=len, reverse=True)
    left = []
    for text in texts:
        rest = text.replace("&", "")
        for value in shown_as_is:
            rest = rest.replace(value, "")
        rest = KEPT.sub("", rest)
        if re.search(r"[A-Za-z]{3,}", rest):
            left.append(text)
    return left


def visible_texts(root: QWidget) -> Iterator[str]:
    for action in root.findChildren(QAction):
        if action.text():
            yield action.text()
    for widget in root.findChildren(QWidget):
        if isinstance(widget, (QLabel, QAbstractButton)) and widget.text():
            yield widget.text()
        if isinstance(widget, QGroupBox) and widget.title():
            yield widget.title()
        if widget.toolTip():
            yield widget.toolTip()
        if getattr(widget, "placeholderText", None) and widget.placeholderText():
            yield widget.placeholderText()
        if isinstance(widget, QTabBar):
            yield from (widget.tabText(i) for i in range(widget.count()))
        if isinstance(widget, QDockWidget) and widget.windowTitle():
            yield widget.windowTitle()
        if isinstance(widget, QAbstractSpinBox):
            yield from (t for t in (widget.specialValueText(), widget.suffix()) if t.strip())


def combo_items(*combos: QComboBox) -> Iterator[str]:
    """What the lists of these combo boxes offer (their items are interface text)."""
    for combo in combos:
        yield from (combo.itemText(i) for i in range(combo.count()))


def test_the_chinese_window_has_no_english_left(
    chinese: None, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window)
    # Choosing servers below edits the judges: closing at the end must not ask to save.
    monkeypatch.setattr(window.files, "ask_unsaved", lambda: DISCARD)
    window.show()
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(folder)
    assert window.menuBar().actions()[0].text().startswith("文件")
    model = window.dataset_pane.model
    headers = [model.headerData(c, 1) for c in range(5)]
    texts = [*visible_texts(window), *(h for h in headers if isinstance(h, str))]
    assert window.workspace.dataset is not None
    columns = window.workspace.dataset.fields()  # the column chooser lists them as they are
    assert english_left(iter(texts), columns) == []
    # The inspector's headings (the row's own values stay as they are).
    window.workspace.select_row(21)  # a chat, with fields beyond the derived ones
    shown = window.inspector.browser.toPlainText()
    for heading in ("第 21 行", "对话", "模板看到的内容", "回答", "其他字段"):
        assert heading in shown
    for english in ("Conversation", "What templates see", "Other fields", "Row 21"):
        assert english not in shown
    pane = window.judges_pane
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    texts = [
        *visible_texts(pane),
        *combo_items(pane.form.kind, pane.form.metric_choice, pane.form.preset),
    ]
    assert english_left(iter(texts)) == []
    for row in range(pane.model.rowCount()):  # a rule's explanation, a server's hint
        pane.list.setCurrentIndex(pane.model.index(row))
        for index in range(pane.form.preset.count()):
            pane.form.preset.setCurrentIndex(index)
            pane.form.preset.activated.emit(index)
        assert english_left(visible_texts(pane)) == []


def test_the_core_strings_are_translated(chinese: None) -> None:
    texts = [
        *(core_tr(text) for info in METRICS.values() for text in (info.title, info.description)),
        *(core_tr(text) for preset in PRESETS.values() for text in (preset.title, preset.hint)),
        *(core_tr(label) for label in LABELS.values()),
    ]
    assert english_left(iter(texts)) == []
    assert core_tr(METRICS["exact"].title) != METRICS["exact"].title
    from judgedesk.ui.core_strings import core_detail

    found = core_detail("the response does not contain the reference 'Canberra'")
    assert found == "回答中不包含参考答案 'Canberra'"
    from judgedesk.core.judge.parsers import parse_verdict
    from judgedesk.ui.core_strings import core_reason

    reason = parse_verdict("score", "I cannot decide.").reason
    assert core_reason(reason) == "回复中没有找到判定。应为类似“Score: [[7]]”的分数。"
    # A row's stored error, whichever kind it is, as an export from the window says it.
    from judgedesk.core.judge.advice import describe
    from judgedesk.ui.core_strings import core_stored

    assert core_stored(reason) == core_reason(reason)
    stored = str(describe("server", "http://127.0.0.1:9/v1"))
    assert stored.startswith("The server") and core_stored(stored).startswith(
        "http://127.0.0.1:9/v1 上"
    )


def write_answers(folder: Path) -> Path:
    path = folder / "answers.csv"
    path.write_text(
        "uid,prompt,gold,model_output\n"
        "r1,What is 2+2?,4,It is 4\n"
        "r2,Capital of France?,Paris,Lyon\n",
        encoding="utf-8",
    )
    return path


def test_the_chinese_wizard_has_no_english_left(
    chinese: None, qtbot: QtBot, tmp_path: Path
) -> None:
    wizard = NewProjectWizard(
        TaskRunner(), dataset_path=write_answers(tmp_path), default_folder=tmp_path / "projects"
    )
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitUntil(lambda: not wizard.dataset_page.is_reading(), timeout=10_000)
    assert wizard.dataset_page.dataset is not None
    assert wizard.windowTitle() == "新建项目"
    columns = ["uid", "prompt", "gold", "model_output"]  # the file's, shown as they are
    judge = wizard.judge_page
    templates = wizard.template_page
    for page in (PAGE_DATASET, PAGE_FIELDS, PAGE_TEMPLATE, PAGE_JUDGE, PAGE_PROJECT):
        assert wizard.currentId() == page
        qtbot.wait(50)  # the preview, read in a worker thread
        texts = [
            *visible_texts(wizard),
            *(wizard.buttonText(button) for button in WIZARD_BUTTONS),
            *combo_items(judge.preset, judge.metric_choice),
            *(templates.model.index(row).data() for row in range(templates.model.rowCount())),
        ]
        assert english_left(iter(texts), columns) == [], f"page {page}"
        if page == PAGE_JUDGE:  # every server's hint, every rule's explanation
            for combo in (judge.preset, judge.metric_choice):
                for index in range(combo.count()):
                    combo.setCurrentIndex(index)
                    judge._preset_chosen()
                    assert english_left(visible_texts(wizard)) == [], combo.currentText()
            judge.preset.setCurrentIndex(judge.preset.findData("ollama"))
            judge._preset_chosen()
        if page != PAGE_PROJECT:  # "next" on the last page would make the project
            wizard.next()
    assert "“prompt”列作为问题" in wizard.project_page.summary.text()
    wizard.reject()


def test_a_disagreement_has_one_chinese_word_everywhere() -> None:
    import xml.etree.ElementTree as ET

    root = ET.parse(resource_path("translations", "judgedesk_zh_CN.ts")).getroot()
    nouns = [
        (message.findtext("source") or "", message.findtext("translation") or "")
        for message in root.iter("message")
        if re.search(r"\bdisagreements?\b", message.findtext("source") or "")
    ]
    assert nouns
    assert [pair for pair in nouns if "分歧" not in pair[1]] == []


def test_a_token_has_one_chinese_word_everywhere() -> None:
    import xml.etree.ElementTree as ET

    root = ET.parse(resource_path("translations", "judgedesk_zh_CN.ts")).getroot()
    said = [
        (message.findtext("source") or "", message.findtext("translation") or "")
        for message in root.iter("message")
        if re.search(r"\btokens?\b", message.findtext("source") or "", re.IGNORECASE)
    ]
    assert said
    assert [pair for pair in said if "词元" not in pair[1]] == []


def test_qt_s_own_file_chooser_speaks_chinese(qapp: QApplication) -> None:
    from PySide6.QtWidgets import QFileDialog, QLabel

    try:
        install_translators(qapp, "zh_CN")
        dialog = QFileDialog(None, "x")
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        texts = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
        assert texts and all(not text.isascii() for text in texts), texts
        dialog.deleteLater()
    finally:
        for translator in qapp.findChildren(QTranslator):
            qapp.removeTranslator(translator)
            translator.deleteLater()
        QLocale.setDefault(QLocale("en"))
