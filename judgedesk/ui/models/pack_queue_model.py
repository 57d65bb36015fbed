"""A table model over a review pack's rows: each row's id and what the reviewer said of it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from judgedesk.core.review import PackRow, ReviewPack, ReviewScale
from judgedesk.core.run import Review
from judgedesk.ui.models.queue_table import Index, QueueTableModel
from judgedesk.ui.rich_text import plain_tip

COLUMNS = ("number", "id", "verdict", "flag", "note")
NOTE_CHARS = 80
"""A note is cut to this many characters in the queue (all of it in the tooltip)."""


class PackQueueModel(QueueTableModel):
    """The pack's rows in the pack's order: number, id, the reviewer's verdict, flag, note.

    The model reads the pack's reviews as they are: after changing one, the window calls
    :meth:`row_changed` with the row's index.
    """

    columns = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[PackRow] = []
        self._reviews: dict[int, Review] = {}
        self._position: dict[int, int] = {}
        self.scale = ReviewScale("score")

    def set_pack(self, pack: ReviewPack | None) -> None:
        """Show ``pack``'s rows (None: no pack)."""
        self.beginResetModel()
        self._rows = list(pack.rows) if pack is not None else []
        self._reviews = pack.reviews if pack is not None else {}
        self._position = {row.index: pos for pos, row in enumerate(self._rows)}
        self.scale = pack.review_scale() if pack is not None else ReviewScale("score")
        self.endResetModel()

    def row_changed(self, index: int) -> None:
        """The review of the row with dataset index ``index`` changed."""
        position = self._position.get(index)
        if position is not None:
            self.row_changed_at(position)

    def pack_row(self, position: int) -> PackRow | None:
        """The row at ``position`` in the queue, or None."""
        return self._rows[position] if 0 <= position < len(self._rows) else None

    def position(self, index: int) -> int | None:
        """Where the row with dataset index ``index`` is in the queue, or None."""
        return self._position.get(index)

    # --- Qt -----------------------------------------------------------------------------

    def row_total(self) -> int:
        return len(self._rows)

    def header_texts(self, role: int) -> dict[str, str]:
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                "number": self.tr("#"),
                "id": self.tr("ID"),
                "verdict": self.tr("Your verdict"),
                "flag": self.tr("⚑"),
                "note": self.tr("Note"),
            }
        if role == Qt.ItemDataRole.ToolTipRole:
            return {
                "number": self.tr("The row's place in this pack"),
                "id": self.tr("The row's id in the project's dataset"),
                "flag": self.tr("Flagged for a second look"),
            }
        return {}

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        review = self._reviews.get(row.index)
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(index.row(), row, review, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == "note" and review is not None and review.note:
                return plain_tip(review.note)
            if column == "id":
                return plain_tip(row.id)
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and column in ("number", "flag"):
            return int(Qt.AlignmentFlag.AlignCenter)
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and column == "number"
            and (review is None or review.verdict is None)
        ):
            return QApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        return None

    def _display(self, position: int, row: PackRow, review: Review | None, column: str) -> Any:
        if column == "number":
            return position + 1
        if column == "id":
            return row.id
        if review is None:
            return ""
        if column == "verdict":
            return self.scale.name_of(review.verdict)
        if column == "flag":
            return "⚑" if review.flag else ""
        note = " ".join(review.note.split())
        return note if len(note) <= NOTE_CHARS else note[: NOTE_CHARS - 1] + "…"
