"""How runs go: pairs in both orders, several judges combined, rule judges first."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QWidget

from judgedesk.core.project import AGGREGATES, Project, Workspace
from judgedesk.core.run import is_pairwise


class RunOptions(QWidget):
    """The project's run settings, each change one step of Edit › Undo.

    Each control shows only when it matters: swapping needs a judge giving A-against-B
    verdicts, combining needs two judges, the cascade needs a rule judge before a model.
    """

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runOptions")
        self.workspace = workspace
        self._syncing = False
        self.swap = QCheckBox(self.tr("Judge pairs in both &orders"), self)
        self.swap.setObjectName("runSwap")
        self.swap.setToolTip(
            self.tr(
                "Ask each judge that compares two answers twice, the second time with A and "
                "B exchanged. Judges often prefer the answer shown first; a pair judged "
                "differently in the two orders counts as a tie and is flagged. Doubles the "
                "requests of those judges."
            )
        )
        self.swap.toggled.connect(self._swap_toggled)
        self.aggregate = QComboBox(self)
        self.aggregate.setObjectName("runAggregate")
        self.aggregate.setAccessibleName(self.tr("How several judges make a result"))
        names = {
            "last": self.tr("the last judge's verdict"),
            "mean": self.tr("the mean of the judges' scores"),
            "median": self.tr("the median of the judges' scores"),
            "majority": self.tr("the verdict most judges give"),
            "min": self.tr("the lowest score"),
            "max": self.tr("the highest score"),
            "all": self.tr("correct only if every judge says so"),
        }
        for key in AGGREGATES:
            self.aggregate.addItem(names[key], key)
        self.aggregate.setToolTip(
            self.tr(
                "With several judges and no postprocess script, how a row's result is made "
                "from their verdicts. Each judge's own verdict stays visible in the inspector."
            )
        )
        self.aggregate.currentIndexChanged.connect(lambda _: self._aggregate_chosen())
        self.aggregate_label = QLabel(self.tr("Result &of several judges:"), self)
        self.aggregate_label.setBuddy(self.aggregate)
        self.cascade = QCheckBox(self.tr("Rule judges &decide first"), self)
        self.cascade.setObjectName("runCascade")
        self.cascade.setToolTip(
            self.tr(
                "When a rule judge (exact match, contains…) decides a row, the judges after "
                "it are not asked: cheaper runs when many answers are plainly right."
            )
        )
        self.cascade.toggled.connect(
            lambda on: self._change(self.tr("Let rule judges decide first"), cascade=on)
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.aggregate_label)
        layout.addWidget(self.aggregate)
        layout.addSpacing(12)
        layout.addWidget(self.swap)
        layout.addSpacing(12)
        layout.addWidget(self.cascade)
        layout.addStretch(1)
        workspace.sig_project_opened.connect(lambda _: self.refresh())
        workspace.sig_judges_changed.connect(lambda _: self.refresh())
        workspace.sig_run_settings_changed.connect(lambda _: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        """Follow the project's settings and judges."""
        project = self.workspace.project
        self._syncing = True
        try:
            if project is not None:
                self.swap.setChecked(project.run.swap)
                self.cascade.setChecked(project.run.cascade)
                self.aggregate.setCurrentIndex(
                    max(self.aggregate.findData(project.run.aggregate), 0)
                )
        finally:
            self._syncing = False
        judges = [j for j in project.judges if j.enabled] if project is not None else []
        models = [j for j in judges if j.kind != "metric"]
        self.swap.setVisible(any(_may_be_pairwise(project, j.parser) for j in models))
        several = len(judges) > 1
        self.aggregate.setVisible(several)
        self.aggregate_label.setVisible(several)
        rule_first = bool(judges) and judges[0].kind == "metric" and bool(models)
        self.cascade.setVisible(rule_first)
        self.setVisible(self.swap.isVisibleTo(self) or several or rule_first)

    def _swap_toggled(self, on: bool) -> None:
        label = self.tr("Judge pairs in both orders") if on else self.tr("Judge pairs once")
        self._change(label, swap=on)

    def _aggregate_chosen(self) -> None:
        self._change(
            self.tr("Combine judges: {0}").format(self.aggregate.currentText()),
            aggregate=self.aggregate.currentData(),
        )

    def _change(self, label: str, **changes: object) -> None:
        if not self._syncing:
            self.workspace.change_run_settings(label, **changes)


def _may_be_pairwise(project: Project | None, parser: str) -> bool:
    # A judge without a parser set reads what its template asks for: it may be pairwise.
    return project is not None and (not parser or is_pairwise(parser))
