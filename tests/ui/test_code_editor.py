"""The code editor: colours, indentation, brackets, markers, zoom, find and replace."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from pytestqt.qtbot import QtBot

from judgedesk.ui.editors import CodeEditor, EditorPanel, Marker
from judgedesk.ui.editors.highlighters import LIGHT


def make(qtbot: QtBot, language: str = "jinja", text: str = "") -> CodeEditor:
    editor = CodeEditor(language)
    qtbot.addWidget(editor)
    editor.resize(600, 400)
    editor.show()
    editor.setPlainText(text)
    return editor


def colour_at(editor: CodeEditor, line: int, position: int) -> str | None:
    """The foreground colour the highlighter gave a UTF-16 position of a 0-based line."""
    block = editor.document().findBlockByNumber(line)
    for found in block.layout().formats():
        if found.start <= position < found.start + found.length:
            return QColor(found.format.foreground().color()).name()
    return None


def italic_at(editor: CodeEditor, line: int, position: int) -> bool:
    block = editor.document().findBlockByNumber(line)
    return any(
        f.start <= position < f.start + f.length and f.format.fontItalic()
        for f in block.layout().formats()
    )


def test_jinja_is_coloured_inside_tags_and_prose_is_left_alone(qtbot: QtBot) -> None:
    text = 'Rate: {{ data.question | trim }} {# note #}\n{% if x\n   and "y" %}done{% endif %}'
    editor = make(qtbot, text=text)
    qtbot.waitUntil(lambda: colour_at(editor, 0, 9) is not None)
    assert colour_at(editor, 0, 0) is None  # prose
    assert colour_at(editor, 0, 6) == LIGHT["delimiter"]
    assert colour_at(editor, 0, 9) == LIGHT["variable"]  # data.question
    assert colour_at(editor, 0, 25) == LIGHT["filter"]  # | trim
    assert italic_at(editor, 0, 35)  # the comment
    # A statement going on over two lines keeps its colours on the second.
    assert colour_at(editor, 2, 3) == LIGHT["keyword"]  # and
    assert colour_at(editor, 2, 8) == LIGHT["string"]
    assert colour_at(editor, 2, 14) is None  # "done" is prose again


def test_colours_do_not_shift_after_emoji_or_rare_characters(qtbot: QtBot) -> None:
    editor = make(qtbot, text="😀𠀀 {{ name }}")
    # Each of the two characters takes two UTF-16 units: the tag starts at 5.
    qtbot.waitUntil(lambda: colour_at(editor, 0, 5) is not None)
    assert colour_at(editor, 0, 4) is None
    assert colour_at(editor, 0, 5) == LIGHT["delimiter"]
    assert colour_at(editor, 0, 8) == LIGHT["variable"]


def test_python_strings_comments_and_definitions(qtbot: QtBot) -> None:
    text = (
        "def preprocess(data, resp):\n"
        '    text = "a # not a comment"  # a comment\n'
        '    doc = """first\n'
        "    still a string\n"
        '    """\n'
        "    return 42\n"
    )
    editor = make(qtbot, "python", text)
    qtbot.waitUntil(lambda: colour_at(editor, 0, 0) is not None)
    assert colour_at(editor, 0, 0) == LIGHT["keyword"]
    assert colour_at(editor, 0, 4) == LIGHT["definition"]
    assert colour_at(editor, 1, 14) == LIGHT["string"] and not italic_at(editor, 1, 14)
    assert italic_at(editor, 1, 35)
    assert colour_at(editor, 3, 10) == LIGHT["string"]  # inside the triple-quoted string
    assert colour_at(editor, 5, 4) == LIGHT["keyword"]  # return, after the string ended
    assert colour_at(editor, 5, 11) == LIGHT["number"]


def test_indentation_with_spaces(qtbot: QtBot) -> None:
    editor = make(qtbot, "python", "if x:")
    editor.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "y = 1")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "z")
    assert editor.toPlainText() == "if x:\n    y = 1\n    z"
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    assert editor.toPlainText() == "    if x:\n        y = 1\n        z"
    qtbot.keyClick(editor, Qt.Key.Key_Backtab)
    qtbot.keyClick(editor, Qt.Key.Key_Backtab)
    assert editor.toPlainText() == "if x:\ny = 1\nz"
    assert "\t" not in editor.toPlainText()
    editor.undo()
    assert editor.toPlainText() == "if x:\n    y = 1\n    z"


def test_brackets_are_matched(qtbot: QtBot) -> None:
    editor = make(qtbot, "python", "f(a[1], (b))")
    cursor = editor.textCursor()
    cursor.setPosition(1)  # just before "("
    editor.setTextCursor(cursor)
    marked = sorted(
        s.cursor.selectionStart()
        for s in editor.extraSelections()
        if s.format.background().color().alpha() == 70
    )
    assert marked == [1, 11]


def test_markers_underline_and_explain(qtbot: QtBot) -> None:
    editor = make(qtbot, text="line one\nHello {{ nme }}\nthird")
    editor.set_markers([Marker(2, 10, "'nme' is not defined", length=3)])
    underlined = [
        s
        for s in editor.extraSelections()
        if s.format.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline
    ]
    assert len(underlined) == 1
    cursor = underlined[0].cursor
    assert cursor.selectedText() == "nme"
    assert editor.tooltip_for_line(2) == "'nme' is not defined"
    assert editor.marker_at_line(2) is not None and editor.marker_at_line(1) is None
    editor.set_markers([Marker(3, 0, "whole line", severity="warning")])
    underlined = [
        s
        for s in editor.extraSelections()
        if s.format.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline
    ]
    assert underlined[0].cursor.selectedText() == "third"
    editor.go_to_line(3, 2)
    assert editor.textCursor().blockNumber() == 2
    assert editor.textCursor().positionInBlock() == 1


def test_a_marker_on_an_empty_last_line_stays_inside_the_text(qtbot: QtBot) -> None:
    editor = make(qtbot, text="def f():\n    return 1\n")
    editor.set_markers([Marker(3, 0, "here")])  # Qt would warn about a position past the end
    editor.setPlainText("x\n")
    assert editor.tooltip_for_line(3) == "here"


def test_zoom_with_keys(qtbot: QtBot) -> None:
    editor = make(qtbot, text="x")
    size = editor.font().pointSize()
    with qtbot.waitSignal(editor.sig_zoom_changed):
        qtbot.keyClick(editor, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert editor.font().pointSize() == size + 1
    qtbot.keyClick(editor, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(editor, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert editor.font().pointSize() == size - 1
    qtbot.keyClick(editor, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert editor.font().pointSize() == size


def test_find_and_replace(qtbot: QtBot) -> None:
    panel = EditorPanel("jinja")
    qtbot.addWidget(panel)
    panel.show()
    editor, bar = panel.editor, panel.find_bar
    editor.setPlainText("score the answer; Score it again; score")
    editor.setFocus()
    bar.show_replace()
    assert bar.isVisible() and bar.replace_text.isVisible()
    bar.find_text.setText("score")
    assert bar.count.text() == "3 matches"
    bar.case.setChecked(True)
    assert bar.count.text() == "2 matches"
    assert bar.find_next() and editor.textCursor().selectionStart() == 0
    assert bar.find_next() and editor.textCursor().selectionStart() == 34
    assert bar.find_next() and editor.textCursor().selectionStart() == 0  # wrapped
    bar.replace_text.setText("grade")
    assert bar.replace_all() == 2
    assert editor.toPlainText() == "grade the answer; Score it again; grade"
    editor.undo()  # one step undoes every replacement
    assert editor.toPlainText() == "score the answer; Score it again; score"
    bar.find_text.setText("missing")
    assert not bar.find_next() and bar.count.text() == "Not found"
    qtbot.keyClick(bar.find_text, Qt.Key.Key_Escape)
    assert not bar.isVisible()
