"""The Run pane's estimate: its words, its table per judge, and the prices it counts."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Project
from judgedesk.core.run import RunEstimate
from judgedesk.ui.models.estimate_model import EstimateModel


class EstimateBox(QWidget):
    """What a run of the chosen rows would ask and cost, in words and per judge.

    A price typed in the table goes to ``on_price(judge, field, price)``.
    """

    def __init__(
        self, on_price: Callable[[str, str, float], None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("runEstimateBox")
        self.text = QLabel("", self)
        self.text.setObjectName("runEstimate")
        self.text.setWordWrap(True)
        self.model = EstimateModel(on_price, self)
        self.view = QTableView(self)
        self.view.setObjectName("runEstimateTable")
        self.view.setAccessibleName(self.tr("Estimate per judge"))
        self.view.setModel(self.model)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.setMaximumHeight(120)
        self.view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text)
        layout.addWidget(self.view)

    def show_estimate(
        self, estimate: RunEstimate | None, prices: dict[str, tuple[float, float]], words: str
    ) -> None:
        """Show ``estimate`` (None: none) with each model's (input, output) ``prices``,
        described by ``words``."""
        self.model.set_estimate(estimate, prices)
        if estimate is not None:
            self.view.setVisible(bool(estimate.judges))
        self.text.setText(words)

    def say(self, words: str) -> None:
        """Say what the estimate is waiting for ("Estimating…")."""
        self.text.setText(words)


def priced_models(project: Project | None) -> list[JudgeSettings]:
    """The judges, and the candidate and baseline models: whatever is paid per token."""
    if project is None:
        return []
    answering = [m for m in (project.candidate, project.baseline) if m is not None]
    return [*project.judges, *answering]


def token_prices(project: Project | None) -> dict[str, tuple[float, float]]:
    """Each priced model's (input, output) price, by name."""
    return {m.name: (m.price_input, m.price_output) for m in priced_models(project)}
