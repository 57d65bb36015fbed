"""The main window's keyboard shortcuts, read from where they are defined: the menus'
actions and the key tables of the panes, the editors and the review pack window."""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from judgedesk.ui.dialogs.shortcuts import ShortcutGroup
from judgedesk.ui.editors.code_editor import EDITOR_KEYS
from judgedesk.ui.editors.completion import COMPLETION_KEYS
from judgedesk.ui.editors.find_bar import FIND_KEYS
from judgedesk.ui.keys import PaneKey, key_text
from judgedesk.ui.panes.dataset.pane import DATASET_KEYS
from judgedesk.ui.panes.pack_card import PACK_KEYS, PACK_MENU_KEYS
from judgedesk.ui.panes.review.keys import REVIEW_KEYS
from judgedesk.ui.panes.scripts.pane import SCRIPT_KEYS
from judgedesk.ui.panes.template.dry_run import DRY_RUN_KEYS
from judgedesk.ui.panes.template.rows import ROW_KEYS

WINDOW_KEYS: tuple[PaneKey, ...] = (
    PaneKey(("Tab",), QT_TRANSLATE_NOOP("Shortcuts", "Next field")),
    PaneKey(("Shift+Tab",), QT_TRANSLATE_NOOP("Shortcuts", "Previous field")),
    PaneKey(("Esc",), QT_TRANSLATE_NOOP("Shortcuts", "Close a dialog or a list that popped up")),
)
"""What Qt's keys do in every window (Qt handles them; they are listed for completeness)."""

PANE_KEYS: tuple[tuple[str, tuple[PaneKey, ...]], ...] = (
    (QT_TRANSLATE_NOOP("ShortcutsDialog", "Dataset pane"), DATASET_KEYS),
    (
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Template pane"),
        ROW_KEYS + DRY_RUN_KEYS + COMPLETION_KEYS,
    ),
    (QT_TRANSLATE_NOOP("ShortcutsDialog", "Scripts pane"), ROW_KEYS + SCRIPT_KEYS),
    (QT_TRANSLATE_NOOP("ShortcutsDialog", "Template and script editors"), FIND_KEYS + EDITOR_KEYS),
    (QT_TRANSLATE_NOOP("ShortcutsDialog", "Review pane"), REVIEW_KEYS),
    (QT_TRANSLATE_NOOP("ShortcutsDialog", "Review pack window"), PACK_MENU_KEYS + PACK_KEYS),
)
"""The keys of each pane (and of the review pack window), from the tables beside their code."""


def window_shortcuts(window: QMainWindow) -> list[ShortcutGroup]:
    """Every shortcut of ``window``: its own, its menus' (as they read now), its panes'."""
    in_no_menu = [
        action
        for action in window.findChildren(QAction)
        if action.shortcuts()
        and not any(isinstance(owner, QMenu) for owner in action.associatedObjects())
    ]
    groups = [
        ShortcutGroup(
            QCoreApplication.translate("ShortcutsDialog", "Window"),
            [*_table(WINDOW_KEYS), *_actions(in_no_menu)],
        )
    ]
    for item in window.menuBar().actions():
        menu = item.menu()
        if isinstance(menu, QMenu):
            title = QCoreApplication.translate("ShortcutsDialog", "{0} menu").format(
                plain_text(menu.title())
            )
            groups.append(ShortcutGroup(title, _actions(_menu_actions(menu))))
    groups += [
        ShortcutGroup(QCoreApplication.translate("ShortcutsDialog", title), _table(table))
        for title, table in PANE_KEYS
    ]
    return [group for group in groups if group.rows]


def plain_text(text: str) -> str:
    """A menu's or an action's words without the mnemonic or the closing ellipsis."""
    text = re.sub(r"\(&\w\)", "", text)  # "文件(&F)"
    text = re.sub(r"&(.)", r"\1", text)  # "&File"; "&&" is a written "&"
    return text.strip().removesuffix("…").removesuffix("...").strip()


def _menu_actions(menu: QMenu) -> list[QAction]:
    found: list[QAction] = []
    for action in menu.actions():
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            found += _menu_actions(submenu)
        elif not action.isSeparator():
            found.append(action)
    return found


def _actions(actions: Iterable[QAction]) -> list[tuple[str, str]]:
    return [
        (key_text(action.shortcuts()), plain_text(action.text()))
        for action in actions
        if action.shortcuts()
    ]


def _table(table: Iterable[PaneKey]) -> list[tuple[str, str]]:
    return [(key_text(entry.sequences()), entry.description()) for entry in table]
