"""The review pack window's left side: progress, the pack's instructions and its rows."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QProgressBar,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.review import ReviewPack
from judgedesk.ui.models.pack_queue_model import COLUMNS, PackQueueModel


class PackQueue(QWidget):
    """How far the review is, where the pack comes from, its instructions, the rows
    (a table over :class:`PackQueueModel`) and a line for messages."""

    def __init__(self, model: PackQueueModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("packQueuePanel")
        self.progress = self._label("packProgress")
        font = self.progress.font()
        font.setBold(True)
        self.progress.setFont(font)
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setMaximumHeight(6)
        self.source = self._label("packSource")
        self.instructions = self._label("packInstructions")  # written by anyone: plain text
        self.instructions.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.instructions.setStyleSheet(
            "QLabel { border: 1px solid palette(mid); border-radius: 4px; padding: 6px; }"
        )
        self.view = QTableView(self)
        self.view.setObjectName("packQueue")
        self.view.setAccessibleName(self.tr("The pack's rows"))
        self.view.setModel(model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.view.setWordWrap(False)
        self.view.setAlternatingRowColors(True)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COLUMNS.index("note"), QHeaderView.ResizeMode.Stretch)
        self.message = self._label("packMessage")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.progress, self.progress_bar, self.source, self.instructions):
            layout.addWidget(widget)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.message)

    def _label(self, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        return label

    def show_pack(self, pack: ReviewPack | None, path: Path | None) -> None:
        """Where the pack comes from and its instructions (no pack: how to open one)."""
        if pack is None:
            self.progress.setText(self.tr("No review pack is open."))
            self.source.setText(self.tr("File › Open Review Pack… (Ctrl+O)"))
            self.instructions.hide()
            self.progress_bar.setRange(0, 1)
            self.progress_bar.setValue(0)
            return
        self.source.setText(
            self.tr("From the project “{0}” · {1}").format(pack.project, path)
            if pack.project
            else str(path)
        )
        self.instructions.setText(pack.instructions)
        self.instructions.setVisible(bool(pack.instructions.strip()))
        self.show_progress(pack)

    def show_progress(self, pack: ReviewPack) -> str:
        """Show how many rows are reviewed; returns the sentence (the window's title)."""
        text = self.tr("Review pack — {0} — {1} of {2} reviewed").format(
            pack.reviewer, pack.reviewed(), len(pack.rows)
        )
        self.progress.setText(text)
        self.progress_bar.setRange(0, max(1, len(pack.rows)))
        self.progress_bar.setValue(pack.reviewed())
        return text
