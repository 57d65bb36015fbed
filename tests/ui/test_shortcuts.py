"""Help › Keyboard Shortcuts lists every key of the window, by menu and by pane, from the
places that bind them."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QMenu, QWidget
from pytestqt.qtbot import QtBot

from judgedesk.core.project.workspace import Workspace
from judgedesk.ui.dialogs.shortcuts import ShortcutsDialog
from judgedesk.ui.keys import key_text
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.pack_window import PackWindow
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.shortcut_list import plain_text
from tests.ui.test_translations import chinese, english_left, visible_texts  # noqa: F401


def make_window(qtbot: QtBot) -> MainWindow:
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window)
    window.show()
    return window


def open_shortcuts(window: MainWindow) -> ShortcutsDialog:
    action = window.findChild(QAction, "shortcutsAction")
    assert isinstance(action, QAction)
    action.trigger()
    dialog = window.menus.shortcuts
    assert dialog is not None
    return dialog


def keys_of(dialog: ShortcutsDialog, group: str) -> set[str]:
    """Each key the rows of ``group`` name ("0–9" stands for the ten digits)."""
    found: set[str] = set()
    for title, keys, _ in dialog.shown():
        if title == group:
            for key in keys.split(", "):
                found.update(str(d) for d in range(10)) if key == "0–9" else found.add(key)
    return found


def native(sequences: Iterable[QKeySequence]) -> set[str]:
    """The keys as shown, but for the dedicated keys some keyboards have (Undo, Find…):
    the list leaves those out beside the usual keys."""
    return {
        s.toString(QKeySequence.SequenceFormat.NativeText)
        for s in sequences
        if not (
            s.count() == 1
            and s[0].keyboardModifiers() == Qt.KeyboardModifier.NoModifier
            and s[0].key().value >= Qt.Key.Key_Back.value
        )
    }


def test_help_offers_the_shortcuts_on_ctrl_slash_and_no_other_action_takes_it(
    qtbot: QtBot,
) -> None:
    window = make_window(qtbot)
    action = window.findChild(QAction, "shortcutsAction")
    assert isinstance(action, QAction)
    assert action.shortcut() == QKeySequence("Ctrl+/")
    menus = [owner for owner in action.associatedObjects() if isinstance(owner, QMenu)]
    assert [plain_text(menu.title()) for menu in menus] == ["Help"]
    others = [a for a in window.findChildren(QAction) if a is not action]
    assert all(QKeySequence("Ctrl+/") not in a.shortcuts() for a in others)
    # The key itself opens it: an ambiguous shortcut would not.
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_Slash, Qt.KeyboardModifier.ControlModifier)
    dialog = window.menus.shortcuts
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    assert not dialog.isModal()


def test_the_dialog_lists_the_menus_and_the_panes_keys_and_filters_them(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    dialog = open_shortcuts(window)
    assert dialog.isVisible() and not dialog.isModal()
    rows = dialog.shown()
    assert ("File menu", "Ctrl+E", "Export Results") in rows
    assert ("Review pane", "J, N, Down", "Next row") in rows
    assert ("Help menu", "Ctrl+/", "Keyboard Shortcuts") in rows
    assert ("Review menu", "Ctrl+Shift+K", "Calibrate Judges") in rows
    titles = list(dict.fromkeys(title for title, _, _ in rows))
    assert titles[:7] == [
        "Window",
        "File menu",
        "Edit menu",
        "View menu",
        "Run menu",
        "Review menu",
        "Help menu",
    ]
    assert {"Dataset pane", "Template pane", "Scripts pane", "Review pane"} <= set(titles)
    assert titles[-1] == "Review pack window"
    assert "0–9" in {keys for title, keys, _ in rows if title == "Review pane"}

    dialog.filter.setText("export")
    narrowed = dialog.shown()
    assert ("File menu", "Ctrl+E", "Export Results") in narrowed
    assert 0 < len(narrowed) < len(rows)
    assert all("export" in f"{keys} {what}".lower() for _, keys, what in narrowed)
    assert not dialog.nothing.isVisible()
    dialog.filter.setText("Review pane")  # a group's name shows all its keys
    assert len(dialog.shown()) == len([r for r in rows if r[0] == "Review pane"])
    dialog.filter.setText("no such key anywhere")
    assert dialog.shown() == [] and dialog.nothing.isVisible()
    dialog.filter.clear()
    assert dialog.shown() == rows

    qtbot.keyClick(dialog.filter, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert open_shortcuts(window) is dialog and dialog.isVisible()  # shown again, not a copy


def test_every_action_with_a_shortcut_is_listed_as_its_menu_shows_it(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    window.workspace.undo.sig_changed.emit(None)  # the Undo action's text as it reads now
    rows = {(keys, what) for _, keys, what in open_shortcuts(window).shown()}
    actions = [a for a in window.findChildren(QAction) if not a.shortcut().isEmpty()]
    assert len(actions) >= 20
    for action in actions:
        assert (key_text(action.shortcuts()), plain_text(action.text())) in rows, action.text()


def _bound_keys(widget: QWidget) -> set[str]:
    """The keys bound inside ``widget``: its shortcuts', its actions' and its buttons' (but
    for the buttons' Alt+letter, which their underlined letter shows)."""
    keys: set[str] = set()
    for shortcut in widget.findChildren(QShortcut):
        keys |= native(shortcut.keys())
    for button in widget.findChildren(QAbstractButton):
        if button.shortcut() not in (QKeySequence(), QKeySequence.mnemonic(button.text())):
            keys |= native([button.shortcut()])
    for action in widget.findChildren(QAction):
        keys |= native(action.shortcuts())
    return keys


@pytest.mark.parametrize(
    ("pane", "groups"),
    [
        ("dataset_pane", ["Dataset pane"]),
        ("template_pane", ["Template pane", "Template and script editors"]),
        ("scripts_pane", ["Scripts pane", "Template and script editors"]),
        ("review_pane", ["Review pane"]),
        ("run_pane", ["Run menu"]),
    ],
)
def test_each_key_a_pane_binds_is_listed_under_it(
    qtbot: QtBot, pane: str, groups: list[str]
) -> None:
    window = make_window(qtbot)
    dialog = open_shortcuts(window)
    listed: set[str] = set()
    for group in groups:
        listed |= keys_of(dialog, group)
    bound = _bound_keys(getattr(window, pane))
    assert bound and bound <= listed, bound - listed


def test_each_key_of_the_review_pack_window_is_listed(qtbot: QtBot) -> None:
    pack = PackWindow()
    qtbot.addWidget(pack)
    window = make_window(qtbot)
    listed = keys_of(open_shortcuts(window), "Review pack window")
    bound = _bound_keys(pack)
    assert bound <= listed, bound - listed
    assert {"Ctrl+O", "Ctrl+W", "J", "0", "9", "Ctrl+Shift+Z"} <= listed


@pytest.mark.usefixtures("chinese")
def test_the_chinese_dialog_has_no_english_left(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    dialog = open_shortcuts(window)
    rows = dialog.shown()
    assert ("“文件”菜单", "Ctrl+E", "导出结果") in rows
    texts = [
        dialog.windowTitle(),
        *visible_texts(dialog),
        *(dialog.model.headerData(c, Qt.Orientation.Horizontal) for c in range(2)),
        *(title for title, _, _ in rows),
        *(what for _, _, what in rows),
    ]
    # The keys as Qt names them (a lone letter is a key, not a word to take out).
    keys = {key for _, keys, _ in rows for key in keys.split(", ") if len(key) > 1}
    assert english_left(iter(texts), keys) == []
