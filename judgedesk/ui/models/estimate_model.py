"""A table model over a run estimate, one row per model judge, prices editable."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from judgedesk.core.run import JudgeEstimate, RunEstimate

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("judge", "requests", "tokens", "price_input", "price_output", "cost", "time")
PRICE_COLUMNS = ("price_input", "price_output")


def duration_text(seconds: float) -> str:
    """``0:41``, ``12:05`` or ``3:02:10``."""
    whole = max(round(seconds), 0)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def cost_and_time(estimate: RunEstimate) -> str:
    """What a run may cost and how long it may take, as the end of a sentence:
    ", cost at most 0.0123, about 3:05"; before any reply is stored the cost is the most
    the replies can cost (as long as max_tokens lets them be) and the time is not known."""
    text = ""
    if estimate.cost is not None:
        if estimate.ceiling:
            template = QCoreApplication.translate("EstimateWords", ", cost at most {0:,.4f}")
        else:
            template = QCoreApplication.translate("EstimateWords", ", cost about {0:,.4f}")
        text += template.format(estimate.cost)
    if estimate.seconds is not None:
        words = QCoreApplication.translate("EstimateWords", ", about {0}")
        text += words.format(duration_text(estimate.seconds))
    elif estimate.judges and not estimate.measured:
        text += QCoreApplication.translate(
            "EstimateWords", ", the time known once the first rows are judged"
        )
    return text


class EstimateModel(QAbstractTableModel):
    """What each judge is likely to cost; its two price cells can be edited.

    Editing a price calls ``on_price(judge, field, value)``, which is expected to change
    the judge's settings (undoably) and estimate again.
    """

    def __init__(
        self,
        on_price: Callable[[str, str, float], None] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._judges: tuple[JudgeEstimate, ...] = ()
        self._prices: dict[str, tuple[float, float]] = {}
        self._on_price = on_price

    def set_estimate(
        self, estimate: RunEstimate | None, prices: dict[str, tuple[float, float]]
    ) -> None:
        self.beginResetModel()
        self._judges = estimate.judges if estimate is not None else ()
        self._prices = dict(prices)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._judges)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        column = COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                "judge": self.tr("Judge"),
                "requests": self.tr("Requests"),
                "tokens": self.tr("Tokens"),
                "price_input": self.tr("Price in"),
                "price_output": self.tr("Price out"),
                "cost": self.tr("Cost"),
                "time": self.tr("Time"),
            }[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return {
                "requests": self.tr("Requests to send; replies already stored are reused"),
                "tokens": self.tr("Prompt + reply tokens of the requests to send (estimated)"),
                "price_input": self.tr("Price of a million prompt tokens (0: free). Editable."),
                "price_output": self.tr("Price of a million reply tokens (0: free). Editable."),
                "time": self.tr("From the judge's speed on earlier replies"),
            }.get(column)
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._judges):
            return None
        judge = self._judges[index.row()]
        column = COLUMNS[index.column()]
        prices = self._prices.get(judge.judge, (0.0, 0.0))
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column in PRICE_COLUMNS:
                price = prices[PRICE_COLUMNS.index(column)]
                return price if role == Qt.ItemDataRole.EditRole else f"{price:g}"
            return self._text(judge, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == "judge" and judge.problem:
                return judge.problem
            if column == "requests" and judge.stored:
                if judge.stored == 1:
                    return self.tr("1 reply already stored is reused")
                return self.tr("{0} replies already stored are reused").format(f"{judge.stored:,}")
            if column == "tokens" and judge.ceiling:
                return self.tr("Replies counted as long as max_tokens allows (none stored yet)")
            if column == "tokens" and not judge.measured:
                return self.tr("Replies assumed 400 tokens long (none stored yet)")
        if role == Qt.ItemDataRole.TextAlignmentRole and column != "judge":
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _text(self, judge: JudgeEstimate, column: str) -> str:
        if column == "judge":
            return f"{judge.judge} ({judge.model})" if judge.model else judge.judge
        if column == "requests":
            return f"{judge.requests:,}"
        if column == "tokens":
            return f"{judge.prompt_tokens + judge.completion_tokens:,}"
        if column == "cost":
            return f"{judge.cost:,.4f}" if judge.cost is not None else "—"
        return duration_text(judge.seconds) if judge.seconds is not None else "—"

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and COLUMNS[index.column()] in PRICE_COLUMNS:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        column = COLUMNS[index.column()]
        if column not in PRICE_COLUMNS:
            return False
        try:
            price = float(str(value).replace(",", "."))
        except ValueError:
            return False
        if price < 0:
            return False
        judge = self._judges[index.row()].judge
        old = self._prices.get(judge, (0.0, 0.0))
        new = (price, old[1]) if column == "price_input" else (old[0], price)
        self._prices[judge] = new
        self.dataChanged.emit(index, index)
        if self._on_price is not None:
            self._on_price(judge, column, price)
        return True
