"""The row under review: the queue's current row, the card showing it, the panes following."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QTimer, Signal

from judgedesk.core.project import Workspace
from judgedesk.ui.models.review_queue_model import ReviewQueueModel
from judgedesk.ui.panes.review.card import ReviewCard
from judgedesk.ui.panes.review.card_text import CardContent, read_card
from judgedesk.ui.panes.review.link import ReviewLink
from judgedesk.ui.panes.review.queue import ReviewQueue

CARD_DELAY_MS = 30
"""The card reads its row's texts once the queue stops moving this long (keys held down
skip the rows in between)."""
SHARE_DELAY_MS = 200
"""The row under review becomes every pane's row once the person stays on it this long."""


class ReviewCursor(QObject):
    """Keeps the card on the queue's current row, and the queue on the workspace's row.

    The card hides the judge's verdicts in blind mode until the person gave theirs.

    Signals:
        sig_card_shown: the card shows this row's texts (a :class:`CardContent`).
    """

    sig_card_shown = Signal(object)

    def __init__(
        self,
        workspace: Workspace,
        model: ReviewQueueModel,
        queue: ReviewQueue,
        card: ReviewCard,
        link: ReviewLink,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.model = model
        self.queue = queue
        self.card = card
        self.link = link
        self.row: int | None = None
        """The dataset row the card shows, or None."""
        card.blind_box.toggled.connect(self._blind_changed)
        queue.view.selectionModel().currentRowChanged.connect(
            lambda current, _: self._row_changed(current)
        )
        self._card_timer = QTimer(self, singleShot=True, interval=CARD_DELAY_MS)
        self._card_timer.timeout.connect(self._read_card)
        self._share_timer = QTimer(self, singleShot=True, interval=SHARE_DELAY_MS)
        self._share_timer.timeout.connect(self._share_row)
        workspace.sig_row_selected.connect(self._follow_row)

    def select(self, position: int) -> None:
        """Make the queue's row at ``position`` the one under review."""
        self.queue.select(position)
        if self.model.dataset_row(position) != self.row:
            self._row_changed(self.model.index(position, 0))

    def step(self, delta: int) -> None:
        """Go ``delta`` rows down the queue (up when negative), stopping at its ends."""
        count = self.model.rowCount()
        if not count:
            return
        here = self.model.position(self.row) if self.row is not None else None
        position = (here if here is not None else self.queue.view.currentIndex().row()) + delta
        if position >= count:
            self.queue.say(self.tr("That was the last row of the queue."))
            return
        self.select(max(position, 0))

    def _row_changed(self, index: QModelIndex) -> None:
        row = self.model.dataset_row(index.row())
        if row == self.row:
            return
        self.link.flush_note()
        self.show(row)
        # The other panes follow once the person stops on a row, not at every key.
        self._share_timer.start()

    def _share_row(self) -> None:
        if self.row is not None:
            self.workspace.select_row(self.row)

    def show(self, row: int | None) -> None:
        """Show ``row`` on the card (None: no row); its texts follow once the queue rests."""
        self.row = row
        self.queue.say("")
        item = self.model.item(row) if row is not None else None
        self.card.show_item(item, self.card.blind_box.isChecked())
        if row is None:
            self._card_timer.stop()
            self.card.show_content(None)
        else:
            self._card_timer.start()

    def clear(self) -> None:
        """Show no row on the card (another project is opening)."""
        self.card.show_item(None, self.card.blind_box.isChecked())
        self.card.show_content(None)
        self.row = None

    def _blind_changed(self, blind: bool) -> None:
        self.model.set_blind(blind)
        self.card.show_item(self.model.item(self.row) if self.row is not None else None, blind)

    def reading(self) -> bool:
        """True while the card's texts are still to be read."""
        return self._card_timer.isActive()

    def _read_card(self) -> None:
        row, project = self.row, self.workspace.project
        if row is None or project is None:
            return
        dataset = self.workspace.dataset
        handle = dataset.with_mapping(dataset.mapping) if dataset is not None else None
        self.link.run_in_thread(
            "review-card", read_card, handle, project.store_path, row, on_done=self._card_read
        )

    def _card_read(self, content: CardContent) -> None:
        if content.row == self.row:
            self.card.show_content(content)
            self.sig_card_shown.emit(content)

    def _follow_row(self, row: int) -> None:
        position = self.model.position(row)
        if position is not None and row != self.row:
            self.select(position)
