"""Review packs from the main window: exported with the split shown first, reviewed in the
review-only window, imported back once (twice changes nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from judgedesk.core.project.workspace import Workspace
from judgedesk.core.review.pack import ReviewPack, load_pack, plan_packs, save_pack
from judgedesk.core.run.store import Store
from judgedesk.ui.dialogs.review_packs import ExportPacksDialog
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.pack_actions import PackImported
from judgedesk.ui.pack_window import PackWindow
from judgedesk.ui.settings import AppSettings
from tests.ui.windows import copy_sample, open_window

Key = Qt.Key


def action(window: MainWindow, name: str) -> QAction:
    found = window.findChild(QAction, name)
    assert found is not None, name
    return found


def export_dialog(window: MainWindow) -> ExportPacksDialog:
    action(window, "exportPacksAction").trigger()
    dialog = window.menus.packs.export_dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def write_packs(qtbot: QtBot, dialog: ExportPacksDialog) -> list[Path]:
    with qtbot.waitSignal(dialog.sig_written, timeout=10_000) as written:
        dialog.write_button.click()
    return list(written.args[0])


def test_the_split_is_shown_before_the_packs_are_written(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = open_window(qtbot, copy_sample(tmp_path))
    qtbot.waitUntil(lambda: len(window.workspace.dataset) == 24, timeout=10_000)
    dialog = export_dialog(window)
    assert dialog.overlap.value() == 20 and not dialog.show_judge.isChecked()
    assert not dialog.write_button.isEnabled()
    assert "Name the reviewers" in dialog.preview.text()
    dialog.reviewers.setPlainText("ana, bo\ncy")
    dialog.seed.setValue(3)
    expected = plan_packs(range(24), ["ana", "bo", "cy"], 0.2, 3)
    assert dialog.preview.text() == expected.summary()
    assert "3 reviewers, 24 rows: 5 shared by everyone" in dialog.preview.text()
    dialog.reviewers.setPlainText("ana, ana")
    assert "given once: ana" in dialog.preview.text()
    assert not dialog.write_button.isEnabled()
    dialog.reviewers.setPlainText("ana,bo,cy")
    dialog.instructions.setPlainText("Correct or not: judge the answer only.")
    out = tmp_path / "packs"
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args: str(out))
    dialog.findChild(type(dialog.write_button), "packChooseFolder").click()
    assert dialog.folder.text() == str(out)

    paths = write_packs(qtbot, dialog)
    assert [p.name for p in paths] == ["ana.jdpack", "bo.jdpack", "cy.jdpack"]
    assert "Written in" in dialog.message.text() and "ana.jdpack" in dialog.message.text()
    for path in paths:
        pack = load_pack(path)
        assert [row.index for row in pack.rows] == expected.assigned[pack.reviewer]
        assert pack.shared == frozenset(expected.shared)
        assert pack.instructions == "Correct or not: judge the answer only."
        assert all(row.judge == "" for row in pack.rows)  # people judge on their own
    assert "Review packs written" in window.status.text()

    dialog.write_button.click()  # again: the reviewers' files are not overwritten
    qtbot.waitUntil(lambda: "already in" in dialog.message.text(), timeout=10_000)
    assert dialog.write_button.isEnabled()
    dialog.reject()


def review_in_window(qtbot: QtBot, pack_window: PackWindow, keys: list[Qt.Key]) -> None:
    pack_window.activateWindow()
    qtbot.waitUntil(pack_window.isActiveWindow)
    for key in keys:
        qtbot.keyClick(pack_window.view, key)
    qtbot.waitUntil(pack_window.saved, timeout=10_000)
    pack_window.close()
    qtbot.waitUntil(lambda: not pack_window.isVisible(), timeout=10_000)


def test_packs_reviewed_in_their_windows_are_imported_once(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_sample(tmp_path)
    window = open_window(qtbot, folder)
    qtbot.waitUntil(lambda: len(window.workspace.dataset) == 24, timeout=10_000)
    dialog = export_dialog(window)
    dialog.reviewers.setPlainText("ana\nbo")
    dialog.overlap.setValue(50)
    dialog.folder.setText(str(tmp_path / "packs"))
    ana, bo = write_packs(qtbot, dialog)
    dialog.reject()

    for path, keys in (
        (ana, [Key.Key_1, Key.Key_0, Key.Key_K, Key.Key_F]),
        (bo, [Key.Key_1, Key.Key_1]),
    ):
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, p=path: (str(p), ""))
        action(window, "openPackAction").trigger()
        pack_window = window.menus.packs.pack_windows[-1]
        qtbot.waitUntil(lambda w=pack_window: w.pack is not None, timeout=10_000)
        assert pack_window.windowTitle().startswith(f"Review pack — {path.stem} — 0 of")
        review_in_window(qtbot, pack_window, keys)
    first_ana, second_ana = (row.index for row in load_pack(ana).rows[:2])

    elsewhere = tmp_path / "elsewhere.jdpack"
    other = load_pack(ana)
    save_pack(ReviewPack("dee", "Another project", other.scale, other.rows), elsewhere)
    changes: list[int] = []
    window.workspace.sig_results_changed.connect(changes.append)
    chosen = [str(ana), str(bo), str(elsewhere)]
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a: (chosen, ""))
    packs = window.menus.packs
    with qtbot.waitSignal(packs.sig_imported, timeout=10_000) as imported:
        action(window, "importReviewsAction").trigger()
    done: list[PackImported] = imported.args[0]
    assert [item.imported for item in done] == [True, True, False]
    assert "ana: 2 of" in done[0].text and "2 added" in done[0].text
    assert "made for the project 'Another project'" in done[2].text
    assert changes == [0]  # the Review and Report panes read the reviews again
    box = window.findChild(QMessageBox, "packImportMessage")
    assert box is not None and "Reviews imported from 2 of 3 files." in box.text()
    assert "elsewhere.jdpack: not imported." in box.text()
    with Store(folder / ".judgedesk" / "results.sqlite") as store:
        everyone = store.reviews.everyone()
    assert {i: (r.value, r.flag) for i, r in everyone["ana"].items()} == {
        first_ana: (True, False),
        second_ana: (False, True),
    }
    assert len(everyone["bo"]) == 2 and set(everyone) == {"ana", "bo"}

    with qtbot.waitSignal(packs.sig_imported, timeout=10_000) as again:
        packs.import_reviews([ana, bo])
    assert all("0 added, 0 changed, 2 already there" in i.text for i in again.args[0])


def test_with_no_project_the_pack_actions_say_what_to_do_first(qtbot: QtBot) -> None:
    window = MainWindow(Workspace(), AppSettings())
    qtbot.addWidget(window)
    action(window, "exportPacksAction").trigger()
    assert window.menus.packs.export_dialog is None
    assert "Open a project" in window.status.text()
    window.status.clear()
    action(window, "importReviewsAction").trigger()
    assert "Open a project" in window.status.text()


def test_three_reviewers_packs_come_back_and_the_report_sets_people_beside_the_judge(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.ui.test_report_people import _show_report
    from tests.ui.test_review_pane import run_all

    folder = copy_sample(tmp_path)
    window = open_window(qtbot, folder)
    qtbot.waitUntil(lambda: len(window.workspace.dataset) == 24, timeout=10_000)
    run_all(qtbot, window)  # the sample's rule judge needs no network
    dialog = export_dialog(window)
    dialog.reviewers.setPlainText("ana, bo, cy")
    dialog.overlap.setValue(25)
    dialog.folder.setText(str(tmp_path / "packs"))
    assert "6 shared by everyone" in dialog.preview.text()
    paths = write_packs(qtbot, dialog)
    dialog.reject()
    shared = sorted(load_pack(paths[0]).shared)
    assert len(shared) == 6 and all(sorted(load_pack(p).shared) == shared for p in paths)
    # Each reviews their pack in the review-only window: correct (1) or incorrect (0).
    verdicts = {"ana": "110111", "bo": "110101", "cy": "100111"}
    for path in paths:
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, p=path: (str(p), ""))
        action(window, "openPackAction").trigger()
        pack_window = window.menus.packs.pack_windows[-1]
        qtbot.waitUntil(lambda w=pack_window: w.pack is not None, timeout=10_000)
        pack = pack_window.pack
        assert pack is not None
        keys = []
        for row in pack.rows:  # a verdict on the shared rows, Down past the others
            if row.index in shared:
                keys.append(
                    Key.Key_1 if verdicts[path.stem][shared.index(row.index)] == "1" else Key.Key_0
                )
            else:
                keys.append(Key.Key_J)
        review_in_window(qtbot, pack_window, keys)
        assert load_pack(path).reviewed() == 6
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a: ([str(p) for p in paths], ""))
    with qtbot.waitSignal(window.menus.packs.sig_imported, timeout=10_000) as imported:
        action(window, "importReviewsAction").trigger()
    assert all(item.imported for item in imported.args[0])
    pane, report = _show_report(qtbot, window)
    people = report.people
    assert people is not None and people.reviewers == ("ana", "bo", "cy")
    assert people.ceiling is not None and people.ceiling.rows == 6
    assert pane.people.isVisibleTo(pane)
    assert "people agree with each other" in pane.people.sentence.text()
    assert pane.people.sentence.text() == people.sentence()
