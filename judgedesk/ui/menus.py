"""The main window's menu bar: File, Edit, View, Run, Review and Help, and their actions."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QListWidget, QMainWindow, QMenu, QMessageBox

from judgedesk import __version__
from judgedesk.core.project import Workspace
from judgedesk.ui.dialogs.preferences import PreferencesDialog
from judgedesk.ui.dialogs.shortcuts import ShortcutsDialog
from judgedesk.ui.i18n import LANGUAGES
from judgedesk.ui.pack_actions import PackActions
from judgedesk.ui.project_actions import ProjectActions
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.shortcut_list import window_shortcuts
from judgedesk.ui.tasks import TaskRunner


class WindowMenus(QObject):
    """Fills the window's menu bar; the actions are the window's children.

    The words keep the ``MainWindow`` translation context they had in the window.

    Signals:
        sig_status_changed: a sentence for the status bar.
        sig_preferences_saved: the person changed the preferences (OK in Preferences).
    """

    sig_status_changed = Signal(str)
    sig_preferences_saved = Signal()

    def __init__(
        self,
        window: QMainWindow,
        files: ProjectActions,
        workspace: Workspace,
        settings: AppSettings,
        tasks: TaskRunner,
        nav: QListWidget,
        *,
        open_project: Callable[[str | Path], None],
        find: Callable[[], None],
        toggle_inspector: Callable[[], None],
        add_run_actions: Callable[[QMenu], None],
        show_guide: Callable[[], None],
        calibrate: Callable[[], object],
    ) -> None:
        super().__init__(window)
        self.window = window
        self.workspace = workspace
        self.settings = settings
        self.tasks = tasks
        self._open_project = open_project
        self.preferences: PreferencesDialog | None = None
        self.shortcuts: ShortcutsDialog | None = None
        keys = QKeySequence.StandardKey
        menu = window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&File"))
        self._action(
            menu,
            "newProjectAction",
            QCoreApplication.translate("MainWindow", "&New Project…"),
            files.new_project,
            keys.New,
        )
        self._action(
            menu,
            "openProjectAction",
            QCoreApplication.translate("MainWindow", "&Open Project…"),
            files.choose_and_open,
            keys.Open,
        )
        self.recent_menu = menu.addMenu(QCoreApplication.translate("MainWindow", "Open &Recent"))
        self.recent_menu.setObjectName("recentMenu")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        menu.addSeparator()
        self.save_action = self._action(
            menu,
            "saveAction",
            QCoreApplication.translate("MainWindow", "&Save"),
            files.save,
            keys.Save,
        )
        self._action(
            menu,
            "saveAsAction",
            QCoreApplication.translate("MainWindow", "Save &As…"),
            files.save_as,
            keys.SaveAs,
        )
        self._action(
            menu,
            "trustScriptsAction",
            QCoreApplication.translate("MainWindow", "&Trust Project Scripts…"),
            files.trust_scripts,
        )
        menu.addSeparator()
        self._action(
            menu,
            "importDatasetAction",
            QCoreApplication.translate("MainWindow", "&Import Dataset…"),
            files.import_dataset,
            "Ctrl+I",
        )
        self._action(
            menu,
            "exportAction",
            QCoreApplication.translate("MainWindow", "&Export Results…"),
            files.export,
            "Ctrl+E",
        )
        menu.addSeparator()
        self.packs = PackActions(window, workspace, settings, tasks)
        self.packs.sig_status_changed.connect(self.sig_status_changed)
        self._action(
            menu,
            "openPackAction",
            QCoreApplication.translate("MainWindow", "Open Re&view Pack…"),
            self.packs.open_pack,
        )
        self._action(
            menu,
            "exportPacksAction",
            QCoreApplication.translate("MainWindow", "Export Review &Pack…"),
            self.packs.export_packs,
        )
        self._action(
            menu,
            "importReviewsAction",
            QCoreApplication.translate("MainWindow", "Import Revie&ws…"),
            self.packs.import_reviews,
        )
        menu.addSeparator()
        self._action(
            menu,
            "quitAction",
            QCoreApplication.translate("MainWindow", "&Quit"),
            window.close,
            keys.Quit,
        )

        menu = window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&Edit"))
        self.undo_action = self._action(
            menu,
            "undoAction",
            QCoreApplication.translate("MainWindow", "&Undo"),
            workspace.undo.undo,
            keys.Undo,
        )
        self.redo_action = self._action(
            menu,
            "redoAction",
            QCoreApplication.translate("MainWindow", "&Redo"),
            workspace.undo.redo,
            keys.Redo,
        )
        menu.addSeparator()
        self._action(
            menu, "findAction", QCoreApplication.translate("MainWindow", "&Find…"), find, keys.Find
        )
        menu.addSeparator()
        preferences = self._action(
            menu,
            "preferencesAction",
            QCoreApplication.translate("MainWindow", "&Preferences…"),
            self.open_preferences,
            # Most Linux desktops have no standard key for it.
            keys.Preferences if QKeySequence.keyBindings(keys.Preferences) else "Ctrl+,",
        )
        preferences.setMenuRole(QAction.MenuRole.PreferencesRole)
        workspace.undo.sig_changed.connect(lambda _: self._update_undo_actions())
        self._update_undo_actions()

        menu = window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&View"))
        for number in range(nav.count()):
            self._action(
                menu,
                f"showPane{number + 1}",
                nav.item(number).text(),
                lambda n=number: nav.setCurrentRow(n),
                f"Ctrl+{number + 1}",
            )
        menu.addSeparator()
        self._action(
            menu,
            "toggleInspector",
            QCoreApplication.translate("MainWindow", "Row &Inspector"),
            toggle_inspector,
            "Ctrl+Shift+I",
        )
        self._add_languages(menu)

        menu = window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&Run"))
        menu.setObjectName("runMenu")
        add_run_actions(menu)

        menu = window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "Re&view"))
        menu.setObjectName("reviewMenu")
        self._action(
            menu,
            "drawSampleAction",
            QCoreApplication.translate("MainWindow", "Draw a &Random Sample…"),
            self.packs.draw_sample,
        )
        self._action(
            menu,
            "calibrateAction",
            QCoreApplication.translate("MainWindow", "&Calibrate Judges…"),
            calibrate,
            "Ctrl+Shift+K",
        )

        menu = window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "&Help"))
        self._action(
            menu,
            "guideAction",
            QCoreApplication.translate("MainWindow", "JudgeDesk &Guide"),
            show_guide,
            keys.HelpContents,
        )
        self._action(
            menu,
            "shortcutsAction",
            QCoreApplication.translate("MainWindow", "&Keyboard Shortcuts"),
            self.show_shortcuts,
            "Ctrl+/",
        )
        self._action(
            menu,
            "aboutAction",
            QCoreApplication.translate("MainWindow", "&About JudgeDesk"),
            self._about,
        )

    def _action(
        self,
        menu: QMenu,
        name: str,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self.window)
        action.setObjectName(name)
        if isinstance(shortcut, QKeySequence.StandardKey):
            action.setShortcuts(shortcut)  # every key the platform has for it (Redo: two)
        elif shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)
        return action

    def open_preferences(self) -> PreferencesDialog:
        """Open Preferences without blocking the window (the one already open, if any)."""
        dialog = self.preferences
        if dialog is None:
            dialog = PreferencesDialog(self.settings, self.tasks, self.window)
            dialog.sig_preferences_saved.connect(self.sig_preferences_saved)
            self.preferences = dialog
        if dialog.isVisible():
            dialog.raise_()
            dialog.activateWindow()
        else:
            dialog.open()
        return dialog

    def show_shortcuts(self) -> ShortcutsDialog:
        """Show the keyboard shortcuts beside the window, as the menus read now."""
        dialog = self.shortcuts
        if dialog is None:
            dialog = ShortcutsDialog(self.window)
            self.shortcuts = dialog
        dialog.set_groups(window_shortcuts(self.window))
        if dialog.isVisible():
            dialog.raise_()
            dialog.activateWindow()
        else:
            dialog.show()
        return dialog

    def _add_languages(self, menu: QMenu) -> None:
        languages = menu.addMenu(QCoreApplication.translate("MainWindow", "&Language"))
        languages.setObjectName("languageMenu")
        group = QActionGroup(self.window)
        same = QCoreApplication.translate("MainWindow", "Same as the system")
        for code, name in [("", same), *LANGUAGES.items()]:
            action = languages.addAction(name)
            action.setCheckable(True)
            action.setChecked(self.settings.language() == code)
            action.setActionGroup(group)
            action.triggered.connect(lambda _=False, c=code: self._choose_language(c))

    def _update_undo_actions(self) -> None:
        stack = self.workspace.undo
        self.undo_action.setEnabled(stack.can_undo)
        self.redo_action.setEnabled(stack.can_redo)
        self.undo_action.setText(
            QCoreApplication.translate("MainWindow", "&Undo {0}").format(stack.undo_label)
            if stack.can_undo
            else QCoreApplication.translate("MainWindow", "&Undo")
        )
        self.redo_action.setText(
            QCoreApplication.translate("MainWindow", "&Redo {0}").format(stack.redo_label)
            if stack.can_redo
            else QCoreApplication.translate("MainWindow", "&Redo")
        )

    def _choose_language(self, code: str) -> None:
        self.settings.set_language(code)
        self.sig_status_changed.emit(
            QCoreApplication.translate(
                "MainWindow", "The new language is used from the next start of JudgeDesk."
            )
        )

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.settings.recent_projects():
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self._open_project(p))
        if self.recent_menu.isEmpty():
            none = QCoreApplication.translate("MainWindow", "(none yet)")
            self.recent_menu.addAction(none).setEnabled(False)

    def _about(self) -> None:
        QMessageBox.about(
            self.window,
            QCoreApplication.translate("MainWindow", "About JudgeDesk"),
            QCoreApplication.translate(
                "MainWindow",
                "<b>JudgeDesk {0}</b><p>A desktop workbench for LLM-as-judge evaluation: "
                "write the judge's prompt, run it, review its verdicts and report.</p>",
            ).format(__version__),
        )
