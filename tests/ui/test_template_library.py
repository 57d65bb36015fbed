"""The template library, the project variables and Import… opened from the Template pane."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from judgedesk.core.template.library import get_template
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.panes.template.pane import TemplatePane
from tests.ui.test_accessibility import unnamed_controls
from tests.ui.test_translations import chinese, combo_items, english_left, visible_texts
from tests.ui.windows import copy_sample, open_window

__all__ = ["chinese"]  # a fixture, used by name

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (raise|grabbing)")

ROW_0_QUESTION = "What is the capital of Australia?"
ROW_0_ANSWER = "The capital of Australia is Canberra."


def open_pane(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, TemplatePane]:
    window = open_window(qtbot, copy_sample(tmp_path))
    pane = window.template_pane
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=10_000):
        window.nav.setCurrentRow(window.stack.indexOf(pane))
    return window, pane


def titles(dialog: object) -> list[str]:
    proxy = dialog.proxy  # type: ignore[attr-defined]
    return [proxy.index(row, 0).data() for row in range(proxy.rowCount())]


def test_the_library_filters_and_renders_an_example_for_the_row(
    qtbot: QtBot, tmp_path: Path, qtmodeltester: ModelTester
) -> None:
    _, pane = open_pane(qtbot, tmp_path)
    dialog = pane.tools.open_library()
    assert dialog.isVisible() and dialog.proxy.rowCount() == 13
    qtmodeltester.check(dialog.model)
    qtmodeltester.check(dialog.proxy)
    assert unnamed_controls(dialog) == []
    # Chinese, then a search.
    dialog.set_language("zh")
    assert "多维度评分（JSON）" in titles(dialog)
    dialog.search.setText("json")
    assert titles(dialog) == ["多维度评分（JSON）"]
    dialog.search.setText("nothing is called this")
    assert titles(dialog) == [] and dialog.empty.isVisibleTo(dialog)
    dialog.search.clear()
    assert len(titles(dialog)) == 13
    # A template: what it is, what it reads, its source and its example for row 0.
    with qtbot.waitSignal(
        dialog.sig_example_shown,
        timeout=5_000,
        check_params_cb=lambda p: p.prompt.judge == "score_reference",
    ) as shown:
        dialog.select("score_reference")
    info = get_template("score_reference", "zh")
    assert dialog.details.title.text() == info.title
    assert dialog.details.source.toPlainText() == info.text and dialog.details.source.isReadOnly()
    assert dialog.details.verdict.text().startswith("A score")
    reads = dialog.details.row_values.text()
    assert "data.question" in reads and "ref_answer" in reads
    assert "min_score, max_score (the project has them)" in dialog.details.variables.text()
    preview = shown.args[0]
    assert preview.row == 0 and preview.row_id == "geo-1"
    example = dialog.details.example.text.toPlainText()
    assert ROW_0_QUESTION in example and ROW_0_ANSWER in example and "Canberra" in example
    assert "参考答案" in example  # the Chinese template
    assert dialog.details.example_row.text().startswith("Row 0 (id geo-1)")
    assert not dialog.add_variables.isVisibleTo(dialog)  # nothing is missing
    dialog.reject()


def test_replacing_the_template_from_the_library_is_one_undoable_edit(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, pane = open_pane(qtbot, tmp_path)
    project = window.workspace.project
    assert project is not None
    old_text = pane.editor.toPlainText()
    old_preview = pane.preview.toPlainText()
    dialog = pane.tools.open_library()
    dialog.set_language("en")
    with qtbot.waitSignal(dialog.sig_example_shown, timeout=5_000):
        dialog.select("multidim_json")
    # The project lacks the scene variables: they are offered with their defaults.
    assert dialog.add_variables.isVisibleTo(dialog)
    assert "evaluation_scene = General assistant, scene_desc," in dialog.add_variables.names.text()
    assert "scene_desc = Answering" in dialog.add_variables.names.toolTip()
    assert "evaluation_scene" in dialog.details.variables.text()
    assert "(missing in the project)" in dialog.details.variables.text()
    assert "defaults" in dialog.details.example_row.text()
    assert "General assistant" in dialog.details.example.text.toPlainText()
    assert dialog.use_parser.isVisibleTo(dialog)
    assert dialog.use_parser.text() == (
        "Also read the judge's ver&dicts as “JSON scores” (now “a score”)"
    )
    info = get_template("multidim_json", "en")
    with qtbot.waitSignal(
        pane.sig_preview_shown,
        timeout=5_000,
        check_params_cb=lambda p: "General assistant" in p.prompt.user,
    ):
        dialog.replace_button.click()
    assert not dialog.isVisible()
    assert pane.editor.toPlainText() == info.text
    new_preview = pane.preview.toPlainText()
    assert new_preview != old_preview and ROW_0_QUESTION in new_preview
    assert project.variables["evaluation_scene"] == "General assistant"
    assert project.variables["max_score"] == 10 and project.variables["min_score"] == 1
    assert project.judge("local-model").parser == "json"
    assert "●" in window.windowTitle()
    # Ctrl+Z in the editor puts the old text back in one step.
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        qtbot.keyClick(pane.editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert pane.editor.toPlainText() == old_text
    assert pane.preview.toPlainText() == old_preview
    # The variables and the parser are undone from Edit › Undo.
    assert window.undo_action.text() == "&Undo Change how “local-model” reads its verdicts"
    window.undo_action.trigger()
    assert project.judge("local-model").parser == "score"
    window.undo_action.trigger()
    assert "evaluation_scene" not in project.variables


def test_inserting_a_template_at_the_cursor(qtbot: QtBot, tmp_path: Path) -> None:
    _, pane = open_pane(qtbot, tmp_path)
    pane.editor.selectAll()
    pane.editor.insertPlainText("Start. ")
    dialog = pane.tools.open_library()
    dialog.set_language("en")
    with qtbot.waitSignal(dialog.sig_example_shown, timeout=5_000):
        dialog.select("correctness_ab")
    assert "“correct or incorrect”" in dialog.use_parser.text()
    with qtbot.waitSignal(pane.tools.sig_template_applied, timeout=5_000):
        dialog.insert_button.click()
    assert pane.editor.toPlainText() == "Start. " + get_template("correctness_ab", "en").text
    qtbot.keyClick(pane.editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert pane.editor.toPlainText() == "Start. "


def test_a_variable_added_is_used_by_the_preview_and_undone(
    qtbot: QtBot, tmp_path: Path, qtmodeltester: ModelTester
) -> None:
    window, pane = open_pane(qtbot, tmp_path)
    project = window.workspace.project
    assert project is not None
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        pane.editor.selectAll()
        pane.editor.insertPlainText("Tone: {{ tone }}; out of {{ max_score }}")
    assert pane.preview.toPlainText().endswith("Tone: ; out of 10")
    dialog = pane.tools.open_variables()
    assert unnamed_controls(dialog) == []
    model = dialog.model
    qtmodeltester.check(model)
    assert [model.name(r) for r in range(model.rowCount())] == ["min_score", "max_score"]
    dialog.add_button.click()
    row = model.row_of("variable")
    assert row == 2 and project.variables["variable"] == ""
    dialog.table.closePersistentEditor(model.index(row, 0))
    assert model.setData(model.index(row, 0), "tone")
    assert list(project.variables) == ["min_score", "max_score", "tone"]
    dialog.select("tone")
    assert dialog.value.isEnabled() and "tone" in dialog.value_label.text()
    with qtbot.waitSignal(
        pane.sig_preview_shown, timeout=5_000, check_params_cb=lambda p: "polite" in p.prompt.user
    ):
        dialog.value.setFocus()
        qtbot.keyClicks(dialog.value, "polite")
    assert project.variables["tone"] == "polite"
    assert pane.preview.toPlainText().endswith("Tone: polite; out of 10")
    assert model.index(row, 2).data() == "polite"
    assert "●" in window.windowTitle()
    # Typing the value is one step of undo; then the rename and the addition.
    assert window.undo_action.text() == "&Undo Set the variable “tone”"
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        window.undo_action.trigger()
    assert project.variables["tone"] == "" and dialog.value.toPlainText() == ""
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert "tone" not in project.variables and model.rowCount() == 2
    window.redo_action.trigger()
    assert project.variables["variable"] == ""
    qtmodeltester.check(model)


def test_numbers_stay_numbers_and_text_stays_text(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane = open_pane(qtbot, tmp_path)
    project = window.workspace.project
    assert project is not None
    dialog = pane.tools.open_variables()
    model = dialog.model
    row = model.row_of("max_score")
    assert model.index(row, 1).data() == "Number"
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        assert model.setData(model.index(row, 2), "5")
    assert project.variables["max_score"] == 5
    assert "from 1 (worst) to 5 (best)" in pane.preview.toPlainText()
    with qtbot.waitSignal(model.sig_refused) as refused:
        assert not model.setData(model.index(row, 2), "ten")
    assert refused.args[0].startswith("“ten” is not a number")
    assert project.variables["max_score"] == 5
    assert model.setData(model.index(row, 2), "7.5")
    assert project.variables["max_score"] == 7.5
    assert model.setData(model.index(row, 1), "text")
    assert project.variables["max_score"] == "7.5"
    assert model.setData(model.index(row, 2), "42")
    assert project.variables["max_score"] == "42"  # text stays text
    assert not model.setData(model.index(row, 0), "min_score")  # taken
    assert not model.setData(model.index(row, 0), "question")  # a name of the row
    assert dialog.message.text().startswith("“question” is a name templates already use")
    dialog.remove_button.setFocus()
    dialog.select("max_score")
    dialog.remove_selected()
    assert list(project.variables) == ["min_score"]
    window.undo_action.trigger()
    assert list(project.variables) == ["min_score", "max_score"]


def test_a_scene_preset_fills_the_scene_variables(qtbot: QtBot, tmp_path: Path) -> None:
    window, pane = open_pane(qtbot, tmp_path)
    project = window.workspace.project
    assert project is not None
    dialog = pane.tools.open_variables()
    assert dialog.scene.count() == 6  # three scenes, English first, then Chinese
    assert dialog.scene.itemText(0) == "Translation (English)"
    dialog.scene.setCurrentIndex(dialog.scene.findText("翻译 (中文)"))
    with qtbot.waitSignal(pane.sig_preview_shown, timeout=5_000):
        dialog.apply_scene_button.click()
    assert project.variables["evaluation_scene"] == "翻译"
    assert project.variables["max_score"] == 10 and project.variables["min_score"] == 1
    assert "Translation" not in project.variables["scene_desc"]
    names = [dialog.model.name(r) for r in range(dialog.model.rowCount())]
    assert names[:2] == ["min_score", "max_score"] and "evaluation_metric" in names
    dialog.select("evaluation_metric")
    assert dialog.value.toPlainText().startswith("1. 可理解度")
    assert "⏎" in dialog.model.index(dialog.model.row_of("steps"), 2).data()
    assert window.undo_action.text() == "&Undo Apply the scene preset “翻译”"
    window.undo_action.trigger()
    assert list(project.variables) == ["min_score", "max_score"]


PROMPT = """You grade answers.
Question: {$question}
Answer: {$prediction}
Rubric: {$rubric}
Reply as {"score": n} or {other}."""


def test_importing_a_dollar_prompt_shows_the_conversion(
    qtbot: QtBot, tmp_path: Path, qtmodeltester: ModelTester
) -> None:
    window, pane = open_pane(qtbot, tmp_path)
    project = window.workspace.project
    assert project is not None
    dialog = pane.tools.open_import()
    assert unnamed_controls(dialog) == []
    path = tmp_path / "prompt.txt"
    path.write_bytes(PROMPT.replace("\n", "\r\n").encode("gb18030"))
    with qtbot.waitSignal(dialog.sig_file_read, timeout=5_000) as read:
        dialog.open_file(path)
    assert read.args == ["prompt.txt"] and dialog.file_name.text() == "prompt.txt"
    assert dialog.original.toPlainText() == PROMPT
    converted = dialog.converted.toPlainText()
    assert "Question: {{ data.question }}" in converted
    assert "Answer: {{ response.content }}" in converted
    assert "Rubric: {{ rubric }}" in converted
    assert '{"score": n} or {other}.' in converted
    qtmodeltester.check(dialog.model)
    rows = dialog.model.texts()
    assert ("2", "{$question}", "{{ data.question }}") in rows
    assert ("3", "{$prediction}", "{{ response.content }}") in rows
    assert ("4", "{$rubric}", "{{ rubric }}") in rows
    notes = [row for row in rows if not row[2].startswith("{{")]
    assert [(line, text) for line, text, _ in notes] == [("4", "{$rubric}"), ("5", "{other}")]
    assert "project variable “rubric”" in notes[0][2]
    assert "other placeholder style" in notes[1][2]
    assert dialog.changes_title.text() == "&Changes: 3 placeholders converted, 2 to check"
    assert dialog.add_variables.isVisibleTo(dialog)
    assert dialog.add_variables.names.text() == "rubric (empty)"
    with qtbot.waitSignal(
        pane.sig_preview_shown,
        timeout=5_000,
        check_params_cb=lambda p: ROW_0_QUESTION in p.prompt.user,
    ):
        dialog.replace_button.click()
    assert pane.editor.toPlainText() == converted
    assert f"Answer: {ROW_0_ANSWER}" in pane.preview.toPlainText()
    assert project.variables["rubric"] == ""


def test_pasted_text_is_converted_and_braces_style_is_detected(
    qtbot: QtBot, tmp_path: Path
) -> None:
    _, pane = open_pane(qtbot, tmp_path)
    dialog = pane.tools.open_import()
    with qtbot.waitSignal(dialog.sig_converted, timeout=5_000):
        dialog.original.setPlainText("Q: {question}\nA: {answer}\nref {ref_answer}")
    assert dialog.conversion is not None and dialog.conversion.style == "brace"
    assert dialog.converted.toPlainText() == (
        "Q: {{ data.question }}\nA: {{ answer }}\nref {{ data.ref_answer }}"
    )
    assert len(dialog.model.texts()) == 3
    with qtbot.waitSignal(dialog.sig_converted, timeout=5_000):
        dialog.original.setPlainText("Already {{ data.question }}")
    assert dialog.model.texts()[0][2].startswith("No {$name} or {name} placeholders")
    missing = tmp_path / "nowhere.txt"
    with qtbot.waitSignal(dialog.sig_file_read, timeout=5_000) as read:
        dialog.open_file(missing)
    assert read.args == [""] and "does not exist" in dialog.error.text()


def test_the_chinese_dialogs_have_no_english_left(
    chinese: None, qtbot: QtBot, tmp_path: Path
) -> None:
    window, pane = open_pane(qtbot, tmp_path)
    assert pane.tools.library_button.text() == "模板库(&L)…"
    library = pane.tools.open_library()
    library.set_language("zh")
    with qtbot.waitSignal(library.sig_example_shown, timeout=5_000):
        library.select("multidim_json")
    names = [*get_template("multidim_json").variables, "min_score", "geo-1"]
    texts = [*visible_texts(library), *combo_items(library.language)]
    assert english_left(iter(texts), names) == []
    assert library.use_parser.text() == "同时将评审结论按“JSON 评分”读取（当前为“分数”）(&D)"
    library.reject()
    variables = pane.tools.open_variables()
    model = variables.model
    texts = [
        *visible_texts(variables),
        *(model.headerData(c, Qt.Orientation.Horizontal) for c in range(3)),
        *(model.index(r, 1).data() for r in range(model.rowCount())),
    ]
    assert english_left(iter(texts), ["steps"]) == []  # a variable's name
    variables.close()
    importer = pane.tools.open_import()
    with qtbot.waitSignal(importer.sig_converted, timeout=5_000):
        importer.original.setPlainText(PROMPT)
    texts = [*visible_texts(importer), *combo_items(importer.style_choice)]
    texts += [row[2] for row in importer.model.texts()]
    texts += [str(importer.model.headerData(c, Qt.Orientation.Horizontal)) for c in range(3)]
    assert english_left(iter(texts), ["{$name}", "{$rubric}", "rubric", "other"]) == []
    importer.reject()
    assert window.workspace.project is not None


def test_the_dialogs_close_when_another_project_opens_or_the_window_closes(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window, pane = open_pane(qtbot, tmp_path)
    dialogs = (pane.tools.open_library(), pane.tools.open_variables(), pane.tools.open_import())
    assert all(dialog.isVisible() for dialog in dialogs)
    other = copy_sample(tmp_path / "other")
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(other)
    assert not any(dialog.isVisible() for dialog in dialogs)
    # Opened again for the new project, they go with the window.
    dialogs = (pane.tools.open_library(), pane.tools.open_variables(), pane.tools.open_import())
    assert all(dialog.isVisible() for dialog in dialogs)
    assert window.close()
    assert not any(dialog.isVisible() for dialog in dialogs)
