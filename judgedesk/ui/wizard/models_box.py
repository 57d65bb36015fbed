"""The New Project wizard's choice of several models to compare: their columns, the baseline
and which pairs are judged."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QListWidget, QListWidgetItem, QWidget

from judgedesk.core.project import PAIRINGS, ArenaSettings
from judgedesk.ui.wizard.common import buddy_label


class ModelsBox(QWidget):
    """A column per model (ticked in a list), the baseline among them, and the pairing.

    Each ticked column is one model's answers, named as the column. With two or more,
    the project compares them a pair at a time for a leaderboard.

    Signals:
        sig_models_changed: the models, the baseline or the pairing changed.
    """

    sig_models_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("modelsBox")
        self.columns = QListWidget(self)
        self.columns.setObjectName("modelColumns")
        self.columns.setAccessibleName(self.tr("Columns holding a model's answers"))
        self.columns.setMaximumHeight(self.fontMetrics().height() * 7)
        self.columns.itemChanged.connect(lambda _: self._models_changed())
        self.baseline = QComboBox(self)
        self.baseline.setObjectName("modelBaseline")
        self.baseline.setAccessibleName(self.tr("Baseline model"))
        self.baseline.currentIndexChanged.connect(lambda _: self.sig_models_changed.emit())
        self.pairs = QComboBox(self)
        self.pairs.setObjectName("modelPairs")
        self.pairs.setAccessibleName(self.tr("Pairs judged"))
        words = {
            "baseline": self.tr("Each model against the baseline"),
            "all": self.tr("Every two models"),
        }
        for pairing in PAIRINGS:
            self.pairs.addItem(words[pairing], pairing)
        self.pairs.currentIndexChanged.connect(lambda _: self.sig_models_changed.emit())
        note = QLabel(
            self.tr(
                "Tick the column of each model's answers. The judge compares them a pair at "
                "a time, shown as Response A and Response B, and the report ranks them on a "
                "leaderboard with the baseline at 1000."
            ),
            self,
        )
        note.setWordWrap(True)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(note)
        form.addRow(buddy_label(self, self.tr("&Models:"), self.columns), self.columns)
        form.addRow(buddy_label(self, self.tr("&Baseline:"), self.baseline), self.baseline)
        form.addRow(buddy_label(self, self.tr("Pa&irs:"), self.pairs), self.pairs)

    def set_columns(self, columns: list[str]) -> None:
        """Offer ``columns``, none ticked."""
        self.columns.blockSignals(True)
        try:
            self.columns.clear()
            for column in columns:
                item = QListWidgetItem(column, self.columns)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
        finally:
            self.columns.blockSignals(False)
        self._models_changed()

    def tick(self, *columns: str) -> None:
        """Tick these columns as models' answers (and untick the others)."""
        for row in range(self.columns.count()):
            item = self.columns.item(row)
            checked = item.text() in columns
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def ticked(self) -> list[str]:
        """The columns ticked, in the list's order."""
        items = (self.columns.item(row) for row in range(self.columns.count()))
        return [item.text() for item in items if item.checkState() == Qt.CheckState.Checked]

    def arena(self) -> ArenaSettings:
        """The models chosen: none unless two or more are ticked."""
        models = self.ticked()
        if len(models) < 2:
            return ArenaSettings()
        return ArenaSettings(
            {name: name for name in models},
            str(self.baseline.currentData() or ""),
            str(self.pairs.currentData()),
        )

    def _models_changed(self) -> None:
        models = self.ticked()
        chosen = self.baseline.currentData()
        self.baseline.blockSignals(True)
        try:
            self.baseline.clear()
            for name in models:
                self.baseline.addItem(name, name)
            self.baseline.setCurrentIndex(max(0, self.baseline.findData(chosen)))
        finally:
            self.baseline.blockSignals(False)
        self.baseline.setEnabled(bool(models))
        self.sig_models_changed.emit()
