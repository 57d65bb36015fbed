"""The Review pane with several reviewers: reviewing as a name, others' verdicts beside
one's own (hidden while blind), the filters, and deciding where reviewers disagree."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from judgedesk.core.run.reviews import Review
from judgedesk.core.run.store import Store
from judgedesk.resources import resource_path
from tests.ui.test_review_pane import PERSON, open_review, open_window, press, run_all, shown

Key = Qt.Key


def test_reviewing_as_a_name_beside_another_reviewer(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "sample"
    shutil.copytree(resource_path("sample"), folder)
    window = open_window(qtbot, folder)
    run_all(qtbot, window)  # the sample's rule judge needs no network
    store_path = folder / ".judgedesk" / "results.sqlite"
    with Store(store_path) as store:  # bo's reviews, as a review pack brings them
        store.reviews.merge(
            [
                Review(0, "geo-1", value=False, reviewer="bo", updated=1.0, source="bo.jdpack"),
                Review(1, "geo-2", value=True, reviewer="bo", updated=1.0, source="bo.jdpack"),
            ]
        )
    pane = open_review(qtbot, window)
    card = pane.card
    card.advance.setChecked(False)
    with qtbot.waitSignal(pane.sig_loaded, timeout=10_000):
        card.reviewer.setText("Ana")
        card.reviewer.editingFinished.emit()
    qtbot.waitUntil(pane.idle)
    card.blind_box.setChecked(True)
    pane.view.setFocus()
    pane.row_cursor.select(0)
    qtbot.waitUntil(lambda: card.people.isVisible())
    assert "Also reviewed by bo" in card.people.verdicts.text()
    assert not card.people.decide.isVisible()
    assert shown(pane, 0, PERSON) == "?"  # bo's verdict is hidden like the judge's
    press(qtbot, Key.Key_1)  # Ana: correct
    qtbot.waitUntil(pane.idle)
    assert shown(pane, 0, PERSON) == "correct"
    assert card.undo_button.toolTip() == "Undo: Give row 0 the verdict correct (Ctrl+Z)"
    text = card.people.verdicts.text()
    assert "<b>bo</b> incorrect" in text and "reviewers disagree" in text
    assert card.people.decide.isVisible()
    # Only the row where reviewers differ is in "Reviewers disagree".
    with qtbot.waitSignal(pane.sig_queue_shown, timeout=10_000) as shown_rows:
        pane.filters.show_combo.setCurrentIndex(pane.filters.show_combo.findData("split"))
    assert shown_rows.args == [[0]]
    card.people.choice.setCurrentText("incorrect")
    card.people.decide.click()
    qtbot.waitUntil(pane.idle)
    qtbot.waitUntil(lambda: "decided: <b>incorrect</b>" in card.people.verdicts.text())
    assert card.people.undecide.isVisible()
    with Store(store_path) as store:
        decided = store.adjudications.get(0)
        assert decided is not None and decided.value is False and decided.adjudicator == "Ana"
        assert store.reviews.get(0, "Ana").value is True  # type: ignore[union-attr]
        assert store.reviews.get(0, "bo").value is False  # type: ignore[union-attr]
    # Undo takes the decision back.
    card.undo_button.click()
    qtbot.waitUntil(pane.idle)
    qtbot.waitUntil(lambda: "decided" not in card.people.verdicts.text())
    # Reviewing as bo: bo's verdicts are the ones shown and changed now.
    with qtbot.waitSignal(pane.sig_loaded, timeout=10_000):
        card.reviewer.setText("bo")
        card.reviewer.editingFinished.emit()
    qtbot.waitUntil(pane.idle)
    item = pane.model.item(0)
    assert item is not None and item.review is not None and item.review.value is False
    assert [r.reviewer for r in item.others] == ["Ana"]
    assert not card.undo_button.isEnabled()  # Ana's changes are not bo's to undo
    window.close()
