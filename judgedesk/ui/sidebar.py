"""The pipeline as a sidebar: each stage with its icon, its state in a line, and a mark."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from judgedesk.core.project import STAGES, Mark, StageState
from judgedesk.ui.stage_words import mark_word, stage_title, state_line, state_tip
from judgedesk.ui.theme import MARK_SYMBOLS, mark_colour, stage_icon

STATE_ROLE = Qt.ItemDataRole.UserRole + 1
"""Where an item keeps its :class:`StageState`."""

ICON = 22
PAD = 8


class StageDelegate(QStyledItemDelegate):
    """Draws a stage: icon, name, state line, and the mark's symbol in its colour."""

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        metrics = QFontMetrics(option.font)
        # The name, and room for the state to wrap onto a second line ("16 of 24, 2
        # disagreements"; longer in some languages) rather than be cut.
        return QSize(160, max(ICON, metrics.height() * 3 + 2) + 2 * PAD)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        state = index.data(STATE_ROLE)
        title = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        painter.save()
        # The background (hover, selection, focus) as the style draws it, without text.
        plain = QStyleOptionViewItem(option)
        self.initStyleOption(plain, index)
        plain.text = ""
        widget = option.widget  # type: ignore[attr-defined]
        style = widget.style() if widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, plain, painter, widget)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)  # type: ignore[attr-defined]
        palette = option.palette  # type: ignore[attr-defined]
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        text_colour = palette.color(role)
        rect: QRect = option.rect  # type: ignore[attr-defined]
        ratio = widget.devicePixelRatioF() if widget is not None else 1.0
        icon_rect = QRect(rect.left() + PAD, rect.top() + PAD, ICON, ICON)
        stage = index.data(Qt.ItemDataRole.UserRole)
        stage_icon(str(stage), text_colour, ICON, ratio).paint(painter, icon_rect)

        font = QFont(option.font)  # type: ignore[attr-defined]
        metrics = QFontMetrics(font)
        left = icon_rect.right() + PAD
        symbol_width = metrics.horizontalAdvance("✕") + PAD
        width = rect.right() - left - symbol_width
        bold = QFont(font)
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(text_colour)
        top = rect.top() + PAD - 1
        painter.drawText(QRect(left, top, width, metrics.height()), 0, title)
        if isinstance(state, StageState):
            below = QRect(left, top + metrics.height() + 1, width, metrics.height() * 2)
            self._paint_state(painter, state, font, below, selected, palette)
            symbol = QRect(rect.right() - symbol_width, rect.top(), symbol_width, rect.height())
            self._paint_mark(painter, state.mark, font, symbol, selected, palette)
        painter.restore()

    @staticmethod
    def _paint_state(
        painter: QPainter,
        state: StageState,
        font: QFont,
        rect: QRect,
        selected: bool,
        palette: QPalette,
    ) -> None:
        line_font = QFont(font)
        line_font.setPointSizeF(max(7.0, font.pointSizeF() * 0.9))
        painter.setFont(line_font)
        if selected:
            colour = palette.color(QPalette.ColorRole.HighlightedText)
        elif state.mark in (Mark.DONE, Mark.IDLE):
            colour = palette.color(QPalette.ColorRole.PlaceholderText)
        else:
            colour = mark_colour(state.mark, palette)
        painter.setPen(colour)
        painter.drawText(rect, int(Qt.TextFlag.TextWordWrap), state_line(state))

    @staticmethod
    def _paint_mark(
        painter: QPainter, mark: Mark, font: QFont, rect: QRect, selected: bool, palette: QPalette
    ) -> None:
        symbol_font = QFont(font)
        symbol_font.setBold(True)
        painter.setFont(symbol_font)
        if selected:
            painter.setPen(palette.color(QPalette.ColorRole.HighlightedText))
        else:
            painter.setPen(mark_colour(mark, palette))
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), MARK_SYMBOLS[mark])


class PipelineSidebar(QListWidget):
    """The stages in order; choosing one shows its pane.

    A click on a stage that stops a run asks for its problem to be shown
    (``sig_problem_requested``), once the pane is shown.

    Signals:
        sig_problem_requested: the :class:`StageState` whose problem to go to.
    """

    sig_problem_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("paneNavigation")
        self.setAccessibleName(self.tr("Stages"))
        self.setItemDelegate(StageDelegate(self))
        self.setFixedWidth(184)
        self.setSpacing(1)
        self.setUniformItemSizes(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.itemClicked.connect(self._clicked)

    def add_stage(self, stage: str) -> None:
        """Add a stage (one of :data:`STAGES`) at the end."""
        item = QListWidgetItem(stage_title(stage))
        item.setData(Qt.ItemDataRole.UserRole, stage)
        self.addItem(item)

    def stage_row(self, stage: str) -> int:
        """The row of a stage, -1 when it is not there."""
        for row in range(self.count()):
            if self.item(row).data(Qt.ItemDataRole.UserRole) == stage:
                return row
        return -1

    def show_states(self, states: tuple[StageState, ...]) -> None:
        """Show each stage's state (items whose state did not change are left alone)."""
        for state in states:
            row = self.stage_row(state.stage)
            if row < 0:
                continue
            item = self.item(row)
            if item.data(STATE_ROLE) == state:
                continue
            item.setData(STATE_ROLE, state)
            line = state_line(state)
            item.setToolTip(state_tip(state))
            # Screen readers hear what the eye sees: the stage, its state and its mark.
            item.setData(
                Qt.ItemDataRole.AccessibleTextRole,
                f"{stage_title(state.stage)}: {line}, {mark_word(state.mark)}",
            )

    def state(self, stage: str) -> StageState | None:
        """The state shown for a stage."""
        row = self.stage_row(stage)
        value = self.item(row).data(STATE_ROLE) if row >= 0 else None
        return value if isinstance(value, StageState) else None

    def line(self, stage: str) -> str:
        """The state line shown for a stage ("" before any state)."""
        state = self.state(stage)
        return state_line(state) if state is not None else ""

    def _clicked(self, item: QListWidgetItem) -> None:
        state = item.data(STATE_ROLE)
        if isinstance(state, StageState) and state.spot is not None:
            self.sig_problem_requested.emit(state)


__all__ = ["STAGES", "PipelineSidebar", "StageDelegate"]
