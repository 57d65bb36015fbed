"""The Review pane's agreement strip: how far the person and the judge agree, in figures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.review import AgreementFigures, Confusion, Figure, ReviewProgress
from judgedesk.ui.counts import rows_said

Index = QModelIndex | QPersistentModelIndex
CELL_WIDTH = 34
MATRIX_HEIGHT = 190
MATRIX_WIDTH = 320


class ConfusionModel(QAbstractTableModel):
    """A confusion matrix: the person's verdicts in rows, the judge's in columns.

    Cells hold how many rows got that pair of verdicts; the diagonal is agreement.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._counts: list[list[int]] = []
        self._names: list[str] = []
        self._total = 0

    def set_confusion(self, confusion: Confusion, name: Callable[[Any], str]) -> None:
        self.beginResetModel()
        self._counts = [list(row) for row in confusion.counts]
        self._names = [name(label) for label in confusion.labels]
        self._total = confusion.n
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._names)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._names)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not 0 <= section < len(self._names):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._names[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            if orientation == Qt.Orientation.Vertical:
                return self.tr("You said {0}").format(self._names[section])
            return self.tr("The judge said {0}").format(self._names[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (
            0 <= index.row() < len(self._names) and 0 <= index.column() < len(self._names)
        ):
            return None
        count = self._counts[index.row()][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return count if count else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("You said {0}, the judge said {1}: {2}").format(
                self._names[index.row()], self._names[index.column()], rows_said(count)
            )
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.BackgroundRole and count:
            return self._shade(count, index.row() == index.column())
        return None

    def _shade(self, count: int, diagonal: bool) -> QColor:
        # Green where person and judge agree, red where they do not; darker = more rows.
        dark = QApplication.palette().color(QPalette.ColorRole.Base).lightness() < 128
        share = count / max(self._total, 1)
        strength = 0.25 + 0.75 * min(1.0, share * 3)
        colour = QColor("#43a047" if diagonal else "#e53935")
        colour.setAlphaF(strength * (0.6 if dark else 0.45))
        return colour


class FigureLabel(QWidget):
    """One figure: a caption, the value in large type, and a note (why "—", a reading)."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.caption = QLabel(self)
        self.caption.setObjectName(f"{name}Caption")
        self.value = QLabel("—", self)
        self.value.setObjectName(f"{name}Value")
        font = self.value.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.value.setFont(font)
        self.note = QLabel(self)
        self.note.setObjectName(f"{name}Note")
        self.note.setWordWrap(True)
        self.setMaximumWidth(150)
        for label in (self.caption, self.note):
            palette = label.palette()
            muted = palette.color(QPalette.ColorRole.PlaceholderText)
            palette.setColor(QPalette.ColorRole.WindowText, muted)
            label.setPalette(palette)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.caption)
        layout.addWidget(self.value)
        layout.addWidget(self.note)

    def set(self, caption: str, value: str, note: str) -> None:
        self.caption.setText(caption)
        self.value.setText(value)
        self.note.setText(note)
        self.setAccessibleName(f"{caption}: {value} {note}".strip())

    def setToolTip(self, tip: str) -> None:
        super().setToolTip(tip)
        for label in (self.caption, self.value, self.note):
            label.setToolTip(tip)


class AgreementStrip(QFrame):
    """Person vs judge — rows, exact agreement, kappa, Spearman, mean difference —
    with a small confusion matrix, and judge vs judge when there are several judges."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewAgreement")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel(self.tr("You vs the judge"), self)
        self.title.setObjectName("agreementTitle")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.labels: dict[str, FigureLabel] = {}
        figures = QHBoxLayout()
        figures.setSpacing(18)
        for key, tip in (
            ("n", self.tr("Rows where both you and the judge gave a verdict.")),
            ("exact", self.tr("The share of those rows where your verdict is the judge's.")),
            ("kappa", self._kappa_tip()),
            (
                "spearman",
                self.tr(
                    "Spearman's correlation: whether you and the judge rank the rows in the "
                    "same order (1: the same order, 0: no relation, −1: reversed). For "
                    "scores only."
                ),
            ),
            (
                "mad",
                self.tr(
                    "The mean absolute difference: how many points apart your score and "
                    "the judge's are, on average. For scores only."
                ),
            ),
        ):
            label = FigureLabel(f"agreement_{key}", self)
            label.setToolTip(tip)
            self.labels[key] = label
            figures.addWidget(label)
        self.judges = QLabel(self)
        self.judges.setObjectName("agreementJudges")
        self.judges.setWordWrap(True)
        self.judges.setToolTip(
            self.tr("How far the project's judges agree with each other, row by row.")
        )
        self.progress = QLabel("", self)
        self.progress.setObjectName("reviewProgress")
        self.progress.setToolTip(self.tr("How far reviewing has got"))
        heading = QHBoxLayout()
        heading.addWidget(self.title)
        heading.addSpacing(12)
        heading.addWidget(self.progress)
        heading.addStretch(1)
        left = QVBoxLayout()
        left.addLayout(heading)
        left.addLayout(figures)
        left.addWidget(self.judges)
        left.addStretch(1)

        self.matrix = ConfusionModel(self)
        self.matrix_view = QTableView(self)
        self.matrix_view.setObjectName("agreementMatrix")
        self.matrix_view.setAccessibleName(
            self.tr("Confusion matrix: you in rows, the judge in columns")
        )
        self.matrix_view.setToolTip(
            self.tr(
                "Confusion matrix: your verdicts in rows, the judge's in columns. The "
                "diagonal (green) is where you agree."
            )
        )
        self.matrix_view.setModel(self.matrix)
        self.matrix_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.matrix_view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.matrix_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.matrix_view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.matrix_view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.matrix_view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 3)
        columns = self.matrix_view.horizontalHeader()
        columns.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        columns.setMinimumSectionSize(CELL_WIDTH)
        self.matrix_caption = QLabel(self.tr("You ↓ · the judge →"), self)
        self.matrix_caption.setObjectName("agreementMatrixCaption")
        right = QVBoxLayout()
        right.setSpacing(2)
        right.addWidget(self.matrix_caption)
        right.addWidget(self.matrix_view)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addLayout(left)
        layout.addSpacing(24)
        layout.addLayout(right)
        layout.addStretch(1)
        self.figures: AgreementFigures | None = None
        self.show_figures([], str)

    def _kappa_tip(self) -> str:
        return self.tr(
            "Cohen's kappa (κ): how much more often you and the judge agree than two "
            "raters giving the same mix of verdicts at random would. 1 is perfect "
            "agreement, 0 is no better than chance, below 0 is worse than chance. "
            "Percent agreement alone looks high when one verdict is common; kappa "
            "corrects for that. For scores, the weighted kappa counts a near miss (4 vs 5) "
            "as a smaller disagreement than a far one (1 vs 5). Rough reading: above 0.8 "
            "almost perfect, 0.6–0.8 substantial, 0.4–0.6 moderate, 0.2–0.4 fair, "
            "below 0.2 slight."
        )

    # --- showing ------------------------------------------------------------------------

    def show_figures(self, figures: list[AgreementFigures], name: Callable[[Any], str]) -> None:
        """Show person vs judge (the first figures) and each pair of judges after it."""
        person = figures[0] if figures else None
        self.figures = person
        none_yet = self.tr("no rows yet")
        n = person.n if person else 0
        self._set("n", self.tr("Rows"), f"{n:,}" if n else "—", "" if n else none_yet)
        if person is None or not n:
            for key, caption in self._captions(None).items():
                self._set(key, caption, "—", none_yet)
            self.matrix.set_confusion(Confusion([], [], 0), name)
        else:
            self._show_person(person)
            self.matrix.set_confusion(person.confusion, name)
        size = self.matrix.rowCount()
        self.matrix_view.setVisible(size > 0)
        self.matrix_caption.setVisible(size > 0)
        if size:
            self._fit_matrix(size)
        pairs = [self._pair_text(f) for f in figures[1:]]
        self.judges.setText("\n".join(pairs))
        self.judges.setVisible(bool(pairs))

    def _fit_matrix(self, size: int) -> None:
        """As small as its cells; with many verdicts it scrolls rather than grow tall."""
        view = self.matrix_view
        view.resizeColumnsToContents()
        frame = 2 * view.frameWidth()
        columns = view.horizontalHeader()
        width = view.verticalHeader().sizeHint().width() + columns.length() + frame
        height = columns.sizeHint().height() + view.verticalHeader().length() + frame
        if height > MATRIX_HEIGHT:
            width += view.verticalScrollBar().sizeHint().width()
        if width > MATRIX_WIDTH:
            height += view.horizontalScrollBar().sizeHint().height()
        view.setFixedSize(min(width, MATRIX_WIDTH), min(height, MATRIX_HEIGHT))

    def show_progress(self, progress: ReviewProgress) -> None:
        """How far reviewing has got, in a line beside the title."""
        parts = [
            self.tr("{0} of {1} reviewed").format(f"{progress.reviewed:,}", f"{progress.total:,}"),
            (
                self.tr("1 disagreement")
                if progress.disagreed == 1
                else self.tr("{0} disagreements").format(f"{progress.disagreed:,}")
            ),
        ]
        if progress.flagged:
            parts.append(self.tr("{0} flagged").format(f"{progress.flagged:,}"))
        if progress.stale:
            parts.append(self.tr("{0} changed since reviewed").format(f"{progress.stale:,}"))
        if progress.from_dataset:
            parts.append(self.tr("{0} labelled in the dataset").format(progress.from_dataset))
        self.progress.setText(" · ".join(parts))

    def _captions(self, person: AgreementFigures | None) -> dict[str, str]:
        ordinal = person is not None and person.kind == "ordinal"
        return {
            "exact": self.tr("Exact agreement"),
            "kappa": self.tr("κ, quadratic weights") if ordinal else self.tr("Cohen's κ"),
            "spearman": self.tr("Spearman"),
            "mad": self.tr("Mean difference"),
        }

    def _show_person(self, person: AgreementFigures) -> None:
        captions = self._captions(person)
        exact = person.exact.value
        self._set("exact", captions["exact"], _percent(exact), "")
        kappa = person.kappa_quadratic if person.kind == "ordinal" else person.kappa
        if kappa.value is None:
            self._set(
                "kappa", captions["kappa"], "—", self.tr("undefined: one verdict on every row")
            )
        else:
            self._set("kappa", captions["kappa"], f"{kappa.value:.2f}", self._band(kappa.value))
        self.labels["kappa"].setToolTip(self._kappa_tip() + self._kappa_values(person))
        for key, figure in (("spearman", person.spearman), ("mad", person.mean_abs_diff)):
            if person.kind != "ordinal":
                self._set(key, captions[key], "—", self.tr("for scores only"))
            elif figure.value is None:
                self._set(key, captions[key], "—", self.tr("needs verdicts that vary"))
            else:
                self._set(key, captions[key], f"{figure.value:.2f}", "")

    def _kappa_values(self, person: AgreementFigures) -> str:
        if person.kind != "ordinal":
            return ""
        parts = [
            self.tr("unweighted {0}").format(_number(person.kappa)),
            self.tr("linear {0}").format(_number(person.kappa_linear)),
            self.tr("quadratic {0}").format(_number(person.kappa_quadratic)),
        ]
        return "\n\n" + self.tr("Here: {0}.").format(", ".join(parts))

    def _band(self, kappa: float) -> str:
        if kappa > 0.8:
            return self.tr("almost perfect")
        if kappa > 0.6:
            return self.tr("substantial")
        if kappa > 0.4:
            return self.tr("moderate")
        if kappa > 0.2:
            return self.tr("fair")
        if kappa > 0:
            return self.tr("slight")
        return self.tr("no better than chance")

    def _pair_text(self, figures: AgreementFigures) -> str:
        kappa = figures.kappa_quadratic if figures.kind == "ordinal" else figures.kappa
        first, second = figures.first, figures.second
        if first.startswith("person ("):  # pairwise verdicts collapsed to who won
            first, second = self.tr("You (who won)"), self.tr("judge (who won)")
        text = self.tr("{0} vs {1}: {2} · {3} exact agreement · κ {4}").format(
            first,
            second,
            rows_said(figures.n),
            _percent(figures.exact.value),
            _number(kappa),
        )
        if figures.kind == "ordinal":
            text += " · " + self.tr("Spearman {0} · mean difference {1}").format(
                _number(figures.spearman), _number(figures.mean_abs_diff)
            )
        return text

    def _set(self, key: str, caption: str, value: str, note: str) -> None:
        self.labels[key].set(caption, value, note)

    def value(self, key: str) -> str:
        """The value shown for a figure ("n", "exact", "kappa", "spearman", "mad")."""
        return self.labels[key].value.text()

    def note(self, key: str) -> str:
        """The note under a figure (why it is "—", or how to read it)."""
        return self.labels[key].note.text()


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _number(figure: Figure) -> str:
    return "—" if figure.value is None else f"{figure.value:.2f}"
