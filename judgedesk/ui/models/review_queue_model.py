"""A table model over the review queue: the judge's verdict and the person's, row by row."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

from judgedesk.core.review import ReviewItem, ReviewScale
from judgedesk.ui.core_strings import core_say
from judgedesk.ui.models.queue_table import Index, QueueTableModel
from judgedesk.ui.rich_text import plain_tip

ROW_ROLE = Qt.ItemDataRole.UserRole
"""The dataset row index of a queue row."""
COLUMNS = ("row", "id", "judge", "person", "match", "flag", "stale", "note")
# (light, dark) text colours.
AGREE_COLOURS = ("#2e7d32", "#81c784")
DISAGREE_COLOURS = ("#c62828", "#ef9a9a")
STALE_COLOURS = ("#8d6e00", "#ffd54f")


class ReviewQueueModel(QueueTableModel):
    """The rows of the queue, in the queue's order, with what the judge and person said.

    The model mirrors items computed in the review's worker thread: :meth:`set_items`
    when the review is read, :meth:`set_queue` when the filter or sort changes, and
    :meth:`update_items` after each change. In blind mode the judge's verdict is "?"
    until the person has given theirs.
    """

    columns = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._items: dict[int, ReviewItem] = {}
        self._queue: list[int] = []
        self._position: dict[int, int] = {}
        self.scale = ReviewScale("score")
        self.blind = False

    # --- what is shown ------------------------------------------------------------------

    def set_items(self, items: dict[int, ReviewItem], scale: ReviewScale) -> None:
        """Take every row's item (the review was read again); the queue keeps the rows
        that are still there until the next :meth:`set_queue`."""
        self.beginResetModel()
        self._items = dict(items)
        self.scale = scale
        self._queue = [row for row in self._queue if row in self._items]
        self._position = {row: pos for pos, row in enumerate(self._queue)}
        self.endResetModel()

    def set_queue(self, rows: Iterable[int]) -> None:
        """Show these rows, in this order (rows with no item are left out)."""
        self.beginResetModel()
        self._queue = [row for row in rows if row in self._items]
        self._position = {row: pos for pos, row in enumerate(self._queue)}
        self.endResetModel()

    def update_items(self, items: Iterable[ReviewItem]) -> None:
        """Take changed items; the queue keeps its rows (a refresh re-filters it)."""
        for item in items:
            self._items[item.row_index] = item
            pos = self._position.get(item.row_index)
            if pos is not None:
                self.row_changed_at(pos)

    def set_blind(self, blind: bool) -> None:
        if blind == self.blind:
            return
        self.blind = blind
        if self._queue:
            column = COLUMNS.index("judge")
            bottom = len(self._queue) - 1
            self.dataChanged.emit(self.index(0, column), self.index(bottom, column))

    def clear(self) -> None:
        self.set_items({}, self.scale)
        self.set_queue([])

    # --- lookups ------------------------------------------------------------------------

    def rows(self) -> list[int]:
        """The dataset rows of the queue, in order."""
        return list(self._queue)

    def dataset_row(self, position: int) -> int | None:
        return self._queue[position] if 0 <= position < len(self._queue) else None

    def position(self, row: int) -> int | None:
        """Where dataset row ``row`` is in the queue, or None."""
        return self._position.get(row)

    def item(self, row: int) -> ReviewItem | None:
        """The item of dataset row ``row`` (in the queue or not)."""
        return self._items.get(row)

    def item_count(self) -> int:
        return len(self._items)

    # --- Qt -----------------------------------------------------------------------------

    def row_total(self) -> int:
        return len(self._queue)

    def header_texts(self, role: int) -> dict[str, str]:
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                "row": self.tr("Row"),
                "id": self.tr("ID"),
                "judge": self.tr("Judge"),
                "person": self.tr("You"),
                "match": self.tr("Match"),
                "flag": self.tr("Flag"),
                "stale": self.tr("Changed"),
                "note": self.tr("Note"),
            }
        if role == Qt.ItemDataRole.ToolTipRole:
            return {
                "judge": self.tr("The judge's verdict (“?” in blind mode until you give yours)"),
                "person": self.tr("Your verdict (in italics: the dataset's own human label)"),
                "match": self.tr("✓ you and the judge agree; ✗ you disagree, by how much"),
                "flag": self.tr("Flagged for a second look"),
                "stale": self.tr("The judge's verdict changed after you reviewed the row"),
            }
        return {}

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._queue):
            return None
        item = self._items[self._queue[index.row()]]
        column = COLUMNS[index.column()]
        if role == ROW_ROLE:
            return item.row_index
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(item, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(item, column)
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._colour(item, column)
        if role == Qt.ItemDataRole.FontRole and column == "person" and _borrowed(item):
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == "row":
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in ("judge", "person", "match"):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == "flag":
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _display(self, item: ReviewItem, column: str) -> Any:
        if column == "row":
            return item.row_index
        if column == "id":
            return item.row_id
        if column == "judge":
            return self.judge_text(item)
        if column == "person":
            if _borrowed(item) and not item.judge_visible(self.blind):
                return "?"  # other reviewers' verdicts are hidden like the judge's
            return self.value_text(item.human_value)
        if column == "match":
            return self.match_text(item)
        if column == "flag":
            return "⚑" if item.flagged else ""
        if column == "stale":
            return self.tr("changed") if item.stale else ""
        note = item.review.note if item.review else ""
        return note.splitlines()[0] if note else ""

    def _tooltip(self, item: ReviewItem, column: str) -> str | None:
        if column == "note" and item.review and item.review.note:
            return plain_tip(item.review.note)
        if column == "person" and _borrowed(item):
            return {
                "dataset": self.tr(
                    "From the dataset's human column; a verdict you give replaces it"
                ),
                "people": self.tr("The other reviewers' verdict; yours, once given, is shown"),
                "adjudicated": self.tr("Decided where reviewers disagreed"),
            }[item.human[1] or "dataset"]
        if column == "judge" and item.status == "error" and item.result is not None:
            return plain_tip(core_say(item.result.error))
        if column == "match" and item.disagreement:
            return self.tr("You and the judge disagree")
        if column == "stale" and item.stale:
            return self.tr(
                "The judge's verdict changed after you reviewed the row: look at it again"
            )
        return None

    def _colour(self, item: ReviewItem, column: str) -> QColor | None:
        colours = None
        if column == "match" and item.disagreement is not None:
            colours = DISAGREE_COLOURS if item.disagreement > 0 else AGREE_COLOURS
        elif column == "stale" and item.stale:
            colours = STALE_COLOURS
        elif column == "judge" and item.status in ("error", "unparsed"):
            colours = DISAGREE_COLOURS if item.status == "error" else STALE_COLOURS
        if colours is None:
            return None
        base = QApplication.palette().color(QPalette.ColorRole.Base)
        return QColor(colours[1] if base.lightness() < 128 else colours[0])

    # --- words --------------------------------------------------------------------------

    def judge_text(self, item: ReviewItem) -> str:
        """The judge's verdict as the queue shows it ("?" while blind)."""
        if item.status is None:
            return ""
        if item.status == "error":
            return self.tr("failed")
        if item.status == "unparsed":
            return self.tr("no verdict")
        if not item.judge_visible(self.blind):
            return "?"
        return self.value_text(item.judge_value)

    def match_text(self, item: ReviewItem) -> str:
        if not item.judge_visible(self.blind):
            return ""
        size = item.disagreement
        if size is None:
            return ""
        if size == 0:
            return "✓"
        if self.scale.kind == "score" and not self.scale.choices and item.human_value is not None:
            return f"✗ {size:g}"
        return "✗"

    def value_text(self, value: Any) -> str:
        """A verdict in words: correct / incorrect, a score, a pairwise verdict, a label."""
        if value is None:
            return ""
        if isinstance(value, bool):
            return self.tr("correct") if value else self.tr("incorrect")
        return self.scale.name_of(value)


def _borrowed(item: ReviewItem) -> bool:
    """The verdict shown as the person's is someone else's (the dataset's, the other
    reviewers', or one decided where they disagreed)."""
    return item.human[1] in ("dataset", "people", "adjudicated")
