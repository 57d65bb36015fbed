"""Review › Draw a Random Sample…: how many rows, the seed, a field to stratify by."""

from __future__ import annotations

import copy
import time

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project
from judgedesk.core.review import RandomSample, draw_sample, load_sample
from judgedesk.ui.core_strings import core_say
from judgedesk.ui.tasks import TaskRunner


class SampleDialog(QDialog):
    """Draws a random sample of the judged rows, as ``judgedesk review sample`` does.

    The draw runs in a thread; a sample drawn before is named, and Draw becomes Replace.

    Signals:
        sig_drawn: the sample drawn (a :class:`~judgedesk.core.review.RandomSample`).
    """

    sig_drawn = Signal(object)

    def __init__(
        self, project: Project, dataset: Dataset, tasks: TaskRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("sampleDialog")
        self.setWindowTitle(self.tr("Draw a Random Sample"))
        self.project = project
        self.dataset = dataset
        self.tasks = tasks
        self.size = QSpinBox(self)
        self.size.setObjectName("sampleSize")
        self.size.setRange(1, max(1, len(dataset)))
        self.size.setValue(min(100, len(dataset)))
        self.seed = QLineEdit(self)
        self.seed.setObjectName("sampleSeed")
        self.seed.setPlaceholderText(self.tr("a random one (kept with the sample)"))
        self.by = QComboBox(self)
        self.by.setObjectName("sampleBy")
        self.by.addItem(self.tr("Nothing: every row alike"), "")
        for name in dataset.fields():
            self.by.addItem(name, name)
        self.by.setToolTip(
            self.tr("Each value of the field gets its share of the sample (proportional).")
        )
        form = QFormLayout()
        form.addRow(self.tr("&Rows to draw"), self.size)
        form.addRow(self.tr("&Seed"), self.seed)
        form.addRow(self.tr("Stratify &by"), self.by)
        self.about = QLabel(self)
        self.about.setObjectName("sampleAbout")
        self.about.setWordWrap(True)
        self.problem = QLabel(self)
        self.problem.setObjectName("sampleProblem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.draw)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                self.tr(
                    "People's verdicts on rows drawn at random say how far the judge errs "
                    "over every row; the report then gives each figure corrected by them."
                ),
                self,
            )
        )
        layout.addLayout(form)
        layout.addWidget(self.about)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self._known: RandomSample | None = None
        try:  # a small file: read at once, so the dialog says what drawing would replace
            self._known = load_sample(project)
        except JudgeDeskError as exc:
            self.about.setText(str(exc))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if self._known is not None:
            self.about.setText(
                self.tr("This project has a sample: {0} Drawing again replaces it.").format(
                    core_say(self._known.summary())
                )
            )
            ok.setText(self.tr("&Replace Sample"))
        else:
            ok.setText(self.tr("&Draw"))

    def draw(self) -> None:
        """Draw the sample in a thread; the dialog closes once it is kept."""
        text = self.seed.text().strip()
        try:
            seed = int(text) if text else None
        except ValueError:
            self._say(self.tr("The seed is a whole number, such as 7, or empty for a random one."))
            return
        self.buttons.setEnabled(False)
        handle = self.dataset.with_mapping(self.dataset.mapping)
        self.tasks.run_in_thread(
            "draw-sample",
            _draw,
            copy.deepcopy(self.project),
            handle,
            self.size.value(),
            seed,
            str(self.by.currentData()) or None,
            on_done=self._drawn,
        )

    def _drawn(self, outcome: RandomSample | str) -> None:
        self.buttons.setEnabled(True)
        if isinstance(outcome, str):
            self._say(outcome)
            return
        self.sig_drawn.emit(outcome)
        self.accept()

    def _say(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.show()


def _draw(
    project: Project, dataset: Dataset, size: int, seed: int | None, by: str | None
) -> RandomSample | str:
    """The sample drawn and kept, or why it could not be (said in the dialog)."""
    try:
        return draw_sample(project, dataset, size, seed=seed, by=by, replace=True, now=time.time())
    except JudgeDeskError as exc:
        return str(exc)
    finally:
        dataset.close()
