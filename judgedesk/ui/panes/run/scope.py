"""Which rows a run judges: all, the first few, the selected one, failures, or rows sent."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSpinBox, QWidget

from judgedesk.core.project import Workspace
from judgedesk.core.review import disagreeing_rows
from judgedesk.core.run import Selection


class RunScope(QWidget):
    """The choice of rows to judge, and how many when it is "The first rows".

    Signals:
        sig_changed: the rows chosen may be other rows now.
    """

    sig_changed = Signal()

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runScopeBox")
        self.workspace = workspace
        self._chosen_rows: tuple[int, ...] = ()
        self.scope = QComboBox(self)
        self.scope.setObjectName("runScope")
        self.scope.setAccessibleName(self.tr("Rows to judge"))
        for key, text in (
            ("all", self.tr("All rows")),
            ("first", self.tr("The first rows")),
            ("current", self.tr("The selected row")),
            ("failed", self.tr("Rows that failed last time")),
            ("unparsed", self.tr("Rows with no verdict last time")),
            ("disagreements", self.tr("Rows where a person disagrees with the judge")),
        ):
            self.scope.addItem(text, key)
        self.scope.currentIndexChanged.connect(lambda _: self._scope_changed())
        label = QLabel(self.tr("&Rows to judge"), self)
        label.setBuddy(self.scope)
        self.first = QSpinBox(self)
        self.first.setObjectName("runFirstRows")
        self.first.setAccessibleName(self.tr("How many rows"))
        self.first.setRange(1, 10_000_000)
        self.first.setValue(10)
        self.first.setSuffix(self.tr(" rows"))
        self.first.valueChanged.connect(lambda _: self.sig_changed.emit())
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(label)
        layout.addWidget(self.scope)
        layout.addWidget(self.first)
        workspace.sig_row_selected.connect(lambda _: self._row_selected())
        self.first.setVisible(self.scope.currentData() == "first")

    def choose(self, rows: Sequence[int]) -> None:
        """Choose exactly ``rows``, kept in the list as "The rows sent from Review"."""
        self._chosen_rows = tuple(rows)
        text = self.tr("The rows sent from Review ({0})").format(f"{len(rows):,}")
        index = self.scope.findData("chosen")
        if index < 0:
            self.scope.addItem(text, "chosen")
            index = self.scope.count() - 1
        self.scope.setItemText(index, text)
        self.scope.setCurrentIndex(index)

    def forget_chosen(self) -> None:
        """Take the rows sent from Review out of the list (their project closed)."""
        chosen = self.scope.findData("chosen")
        if chosen >= 0:
            self.scope.removeItem(chosen)
            self._chosen_rows = ()

    def selection(self) -> Selection:
        """The rows the controls choose."""
        scope = self.scope.currentData()
        if scope == "chosen":
            count = self._row_count()
            return Selection(tuple(r for r in self._chosen_rows if 0 <= r < count))
        if scope == "first":
            return Selection(tuple(range(min(self.first.value(), self._row_count()))))
        if scope == "current":
            row = self.workspace.row if self.workspace.row is not None else 0
            return Selection((row,) if self._row_count() else ())
        if scope == "disagreements":
            return Selection(None, scope, pick=disagreeing_rows)
        if scope in ("failed", "unparsed"):
            return Selection(None, scope)
        return Selection()

    def _row_count(self) -> int:
        return len(self.workspace.dataset) if self.workspace.dataset is not None else 0

    def _scope_changed(self) -> None:
        self.first.setVisible(self.scope.currentData() == "first")
        self.sig_changed.emit()

    def _row_selected(self) -> None:
        if self.scope.currentData() == "current":
            self.sig_changed.emit()
