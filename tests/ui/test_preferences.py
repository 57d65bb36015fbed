"""Preferences: the General settings saved by OK, the trust answers listed and revoked."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialogButtonBox, QMenu
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from judgedesk.core.judge.approvals import KeyApprovals, KeyUse
from judgedesk.core.project.boundary import FileApprovals
from judgedesk.core.project.trust import TrustStore
from judgedesk.core.project.workspace import Workspace
from judgedesk.ui.dialogs.preferences import PreferencesDialog
from judgedesk.ui.dialogs.preferences_trust import ApprovalList
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner
from tests.ui.test_accessibility import unnamed_controls


def make_dialog(qtbot: QtBot, settings: AppSettings | None = None) -> PreferencesDialog:
    dialog = PreferencesDialog(settings or AppSettings(), TaskRunner())
    qtbot.addWidget(dialog)
    return dialog


def open_and_wait(qtbot: QtBot, dialog: PreferencesDialog) -> None:
    with qtbot.waitSignal(dialog.trust.sig_loaded, timeout=10_000):
        dialog.open()
    dialog.tabs.setCurrentWidget(dialog.trust)


def column(part: ApprovalList, number: int) -> list[str]:
    model = part.model
    return [model.index(row, number).data() for row in range(model.rowCount())]


def select(part: ApprovalList, *rows: int) -> None:
    part.view.clearSelection()
    for row in rows:
        part.view.selectionModel().select(
            part.model.index(row, 0),
            part.view.selectionModel().SelectionFlag.Select
            | part.view.selectionModel().SelectionFlag.Rows,
        )


def revoke_and_wait(qtbot: QtBot, dialog: PreferencesDialog, part: ApprovalList) -> None:
    assert part.revoke_button.isEnabled()
    with qtbot.waitSignal(dialog.trust.sig_loaded, timeout=10_000):
        part.revoke_button.click()


@pytest.fixture
def approvals(tmp_path: Path) -> dict[str, Path]:
    """Answers given on this computer, written by the core as the app writes them."""
    trusted, made_here, linked = tmp_path / "trusted", tmp_path / "made here", tmp_path / "linked"
    for folder in (trusted, made_here, linked):
        folder.mkdir()
    TrustStore().trust(trusted)
    TrustStore().mark_made_here(made_here)
    KeyApprovals().approve(
        [
            KeyUse("env:OPENAI_API_KEY", "https://api.example.com/v1"),
            KeyUse("keyring:judgedesk/my-judge", "http://127.0.0.1:8000/v1"),
        ]
    )
    data, predictions = tmp_path / "data.jsonl", tmp_path / "predictions.jsonl"
    data.write_text("{}\n", encoding="utf-8")
    predictions.write_text("{}\n", encoding="utf-8")
    FileApprovals().allow(linked, [data, predictions])
    return {
        "trusted": trusted.resolve(),
        "made here": made_here.resolve(),
        "linked": linked.resolve(),
        "data": data.resolve(),
        "predictions": predictions.resolve(),
    }


def test_the_trust_answers_are_listed_and_revoked(
    qtbot: QtBot, qtmodeltester: ModelTester, approvals: dict[str, Path]
) -> None:
    dialog = make_dialog(qtbot)
    open_and_wait(qtbot, dialog)
    assert unnamed_controls(dialog) == []
    trust = dialog.trust
    for part in trust.lists():
        qtmodeltester.check(part.model)
        assert part.view.isVisibleTo(dialog) and not part.empty.isVisibleTo(dialog)
        assert not part.revoke_button.isEnabled()  # nothing selected
        assert all(column(part, 2))  # when each was given
    assert column(trust.projects, 0) == [str(approvals["trusted"]), str(approvals["made here"])]
    assert column(trust.projects, 1) == ["trusted by you", "made here"]
    assert column(trust.keys, 0) == ["OPENAI_API_KEY", "keyring entry judgedesk/my-judge"]
    assert column(trust.keys, 1) == ["https://api.example.com", "http://127.0.0.1:8000"]
    assert column(trust.files, 0) == [str(approvals["linked"])] * 2
    assert column(trust.files, 1) == [str(approvals["data"]), str(approvals["predictions"])]

    # A project: selected, then the Revoke button.
    select(trust.projects, 0)
    revoke_and_wait(qtbot, dialog, trust.projects)
    assert list(TrustStore().entries()) == [str(approvals["made here"])]
    assert column(trust.projects, 0) == [str(approvals["made here"])]
    assert not trust.projects.revoke_button.isEnabled()

    # A key: selected, then the Delete key.
    select(trust.keys, 0)
    with qtbot.waitSignal(trust.sig_loaded, timeout=10_000):
        qtbot.keyClick(trust.keys.view, Qt.Key.Key_Delete)
    assert [(a.reference, a.server) for a in KeyApprovals().entries()] == [
        ("keyring:judgedesk/my-judge", "http://127.0.0.1:8000")
    ]

    # Both files at once: the list is then empty.
    select(trust.files, 0, 1)
    revoke_and_wait(qtbot, dialog, trust.files)
    assert FileApprovals().entries() == []
    assert trust.files.empty.isVisibleTo(dialog) and not trust.files.view.isVisibleTo(dialog)
    assert trust.files.empty.text() == "Nothing yet."
    # The other answers stay.
    assert len(TrustStore().entries()) == 1 and len(KeyApprovals().entries()) == 1


def test_with_no_answers_each_list_says_nothing_yet(qtbot: QtBot) -> None:
    dialog = make_dialog(qtbot)
    open_and_wait(qtbot, dialog)
    for part in dialog.trust.lists():
        assert part.model.rowCount() == 0
        assert part.empty.isVisibleTo(dialog) and not part.view.isVisibleTo(dialog)
        assert not part.revoke_button.isEnabled()


def test_general_preferences_are_saved_by_ok_and_kept_by_cancel(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = AppSettings()
    settings.set_reviewer_name("ann")
    settings.set_projects_folder(tmp_path / "projects")
    dialog = make_dialog(qtbot, settings)
    open_and_wait(qtbot, dialog)
    general = dialog.general
    assert general.reviewer.text() == "ann"
    assert general.projects_folder.text() == str(tmp_path / "projects")
    assert general.advance.isChecked()
    chosen = tmp_path / "elsewhere"
    monkeypatch.setattr(general, "choose_folder", lambda start: str(chosen))
    general.browse_button.click()
    assert general.projects_folder.text() == str(chosen)
    general.reviewer.setText("Bea")
    general.advance.setChecked(False)
    assert settings.reviewer_name() == "ann"  # nothing is kept before OK
    with qtbot.waitSignal(dialog.sig_preferences_saved):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert not dialog.isVisible()
    stored = AppSettings()
    assert stored.reviewer_name() == "Bea"
    assert stored.projects_folder() == chosen
    assert not stored.advance_after_verdict()

    # Opened again it shows what is stored; Cancel drops the changes.
    open_and_wait(qtbot, dialog)
    assert general.reviewer.text() == "Bea" and not general.advance.isChecked()
    general.reviewer.setText("Cy")
    general.projects_folder.setText(str(tmp_path / "third"))
    general.advance.setChecked(True)
    with qtbot.assertNotEmitted(dialog.sig_preferences_saved):
        dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    stored = AppSettings()
    assert stored.reviewer_name() == "Bea"
    assert stored.projects_folder() == chosen
    assert not stored.advance_after_verdict()


# Offscreen Qt cannot bring a window to the front; the dialog asks when already open.
@pytest.mark.qt_log_ignore("This plugin does not support raise")
def test_edit_preferences_opens_the_dialog_without_blocking(
    qtbot: QtBot, approvals: dict[str, Path]
) -> None:
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window)
    window.show()
    edit = window.menuBar().actions()[1].menu()
    action = window.findChild(QAction, "preferencesAction")
    assert isinstance(edit, QMenu) and action is not None
    assert action in edit.actions()
    assert not action.shortcut().isEmpty()
    action.trigger()
    dialog = window.findChild(PreferencesDialog, "preferencesDialog")
    assert dialog is not None and dialog.isVisible()
    assert dialog.isModal()  # window-modal through open(), the window's loop goes on
    qtbot.waitUntil(lambda: dialog.trust.keys.model.rowCount() == 2, timeout=10_000)
    action.trigger()  # a second time: the same dialog
    assert window.findChildren(PreferencesDialog) == [dialog]

    # The Review pane's card follows the preferences saved.
    dialog.general.reviewer.setText("Dee")
    dialog.general.advance.setChecked(False)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    card = window.review_pane.card
    assert card.reviewer.text() == "Dee" and not card.advance.isChecked()
    assert AppSettings().reviewer_name() == "Dee"
