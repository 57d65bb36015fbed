"""The Review pane's filter bar: which rows the queue shows, and in what order."""

from __future__ import annotations

from PySide6.QtCore import QLocale, QTimer, Signal
from PySide6.QtGui import QDoubleValidator, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from judgedesk.core.review import ReviewFilter, ReviewScale

SEARCH_DELAY_MS = 300
JUDGE_SORTS = ("score", "score_desc", "confidence")  # the core ignores them in blind mode too


class ReviewFilterBar(QWidget):
    """Show (all, unreviewed, disagreements…), a judge-score range, a confidence bound,
    text, and a sort.

    In blind mode nothing may show the judge's verdict, so the judge-score range, the
    confidence bound and the sorts by the judge's verdict or confidence are disabled (and
    left out of :meth:`filter`).

    Signals:
        sig_changed: the filter or the sort changed (typing is waited out a moment).
        sig_sample_chosen: the person chose to show the random sample (reviewed blind).
    """

    sig_changed = Signal()
    sig_sample_chosen = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewFilterBar")
        self.show_combo = QComboBox(self)
        self.show_combo.setObjectName("reviewShow")
        self.show_combo.setAccessibleName(self.tr("Rows to show"))
        for key, text in (
            ("all", self.tr("All rows")),
            ("unreviewed", self.tr("Not yet reviewed by me")),
            ("reviewed", self.tr("Reviewed")),
            ("disagreements", self.tr("Disagreements")),
            ("flagged", self.tr("Flagged")),
            ("errors", self.tr("Failed rows")),
            ("unparsed", self.tr("Rows with no verdict")),
            ("stale", self.tr("Judge changed since review")),
            ("split", self.tr("Reviewers disagree")),
            ("adjudicated", self.tr("Decided where reviewers disagreed")),
            ("sample", self.tr("The random sample")),
        ):
            self.show_combo.addItem(text, key)
        self._sample: frozenset[int] = frozenset()
        self.blind = False
        self.show_combo.currentIndexChanged.connect(self._show_changed)
        show_label = QLabel(self.tr("&Show"), self)
        show_label.setBuddy(self.show_combo)

        self.score_label = QLabel(self.tr("Judge score"), self)
        self.score_min = self._number("reviewScoreMin", self.tr("Lowest judge score"))
        self.score_max = self._number("reviewScoreMax", self.tr("Highest judge score"))
        self.score_to = QLabel("–", self)
        self.confidence_label = QLabel(self.tr("Confidence below"), self)
        self.confidence_max = self._number(
            "reviewConfidenceBelow", self.tr("Only verdicts the judge was less sure of than")
        )
        self._confidence_tip = self.tr(
            "Only rows whose verdict the judge gave with a confidence below this (0 to 1), "
            "read from its probabilities, e.g. 0.7"
        )
        self.confidence_max.setToolTip(self._confidence_tip)

        self.search = QLineEdit(self)
        self.search.setObjectName("reviewSearch")
        self.search.setAccessibleName(self.tr("Find in the rows"))
        self.search.setPlaceholderText(self.tr("Find in rows, notes, verdicts…"))
        self._search_timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self.sig_changed)
        self.search.textChanged.connect(lambda _: self._search_timer.start())

        self.sort = QComboBox(self)
        self.sort.setObjectName("reviewSort")
        self.sort.setAccessibleName(self.tr("Order of the queue"))
        for key, text in (
            ("row", self.tr("By row")),
            ("disagreement", self.tr("Largest disagreement first")),
            ("score", self.tr("Judge score, lowest first")),
            ("score_desc", self.tr("Judge score, highest first")),
            ("confidence", self.tr("Least sure first")),
            ("updated", self.tr("Reviewed most recently")),
        ):
            self.sort.addItem(text, key)
        self.sort.currentIndexChanged.connect(lambda _: self.sig_changed.emit())
        for combo in (self.show_combo, self.sort):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(12)
        sort_label = QLabel(self.tr("S&ort"), self)
        sort_label.setBuddy(self.sort)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(show_label)
        layout.addWidget(self.show_combo)
        layout.addSpacing(8)
        layout.addWidget(self.score_label)
        layout.addWidget(self.score_min)
        layout.addWidget(self.score_to)
        layout.addWidget(self.score_max)
        layout.addSpacing(8)
        layout.addWidget(self.confidence_label)
        layout.addWidget(self.confidence_max)
        layout.addSpacing(8)
        layout.addWidget(self.search, 1)
        layout.addSpacing(8)
        layout.addWidget(sort_label)
        layout.addWidget(self.sort)

    def _number(self, name: str, spoken: str) -> QLineEdit:
        field = QLineEdit(self)
        field.setObjectName(name)
        field.setAccessibleName(spoken)
        field.setPlaceholderText(self.tr("any"))
        field.setMaximumWidth(56)
        validator = QDoubleValidator(field)
        validator.setLocale(QLocale.c())  # a dot, whatever the language
        field.setValidator(validator)
        field.textChanged.connect(lambda _: self._search_timer.start())
        return field

    def _show_changed(self, _index: int) -> None:
        if self.show_combo.currentData() == "sample":
            self.sig_sample_chosen.emit()
        self.sig_changed.emit()

    def set_sample(self, rows: frozenset[int]) -> None:
        """The rows of the project's random sample (none drawn: empty)."""
        changed = rows != self._sample
        self._sample = rows
        item = self._item(self.show_combo, "sample")
        item.setToolTip(
            self.tr("The rows drawn at random (Review › Draw a Random Sample…), reviewed blind.")
            if rows
            else self.tr("No random sample yet: draw one with Review › Draw a Random Sample…")
        )
        if changed and self.show_combo.currentData() == "sample":
            self.sig_changed.emit()

    def set_blind(self, blind: bool) -> None:
        """Disable (blind) or enable the filter and sorts by the judge's verdict."""
        self.blind = blind
        why = (
            self.tr("Off in blind mode: filtering or sorting by the judge's score would show it.")
            if blind
            else ""
        )
        for widget in (self.score_label, self.score_min, self.score_to, self.score_max):
            widget.setEnabled(not blind)
            widget.setToolTip(why)
        for widget in (self.confidence_label, self.confidence_max):
            widget.setEnabled(not blind)
            widget.setToolTip(why or self._confidence_tip)
        for key in JUDGE_SORTS:
            item = self._item(self.sort, key)
            item.setEnabled(not blind)
            item.setToolTip(why)
        self.sort.blockSignals(True)
        if blind and self.sort.currentData() in JUDGE_SORTS:
            self.sort.setCurrentIndex(self.sort.findData("row"))
        self.sort.blockSignals(False)
        self.sig_changed.emit()

    @staticmethod
    def _item(combo: QComboBox, key: str) -> QStandardItem:
        model = combo.model()
        assert isinstance(model, QStandardItemModel)
        found = model.item(combo.findData(key))
        assert found is not None
        return found

    def set_scale(self, scale: ReviewScale) -> None:
        """The score range applies to scores only."""
        scores = scale.kind == "score"
        for widget in (self.score_label, self.score_min, self.score_to, self.score_max):
            widget.setVisible(scores)
        if not scores:
            self.score_min.clear()
            self.score_max.clear()

    def choose(self, show: str) -> None:
        """Show one kind of rows ("disagreements"…)."""
        self.show_combo.setCurrentIndex(self.show_combo.findData(show))

    def filter(self) -> ReviewFilter:
        show = str(self.show_combo.currentData())
        judged = not self.blind
        return ReviewFilter(
            show="all" if show == "sample" else show,
            score_min=_number(self.score_min.text()) if judged else None,
            score_max=_number(self.score_max.text()) if judged else None,
            text=self.search.text().strip(),
            rows=self._sample if show == "sample" else None,
            confidence_below=_number(self.confidence_max.text()) if judged else None,
            blind=self.blind,
        )

    def sort_key(self) -> str:
        key = str(self.sort.currentData())
        return "row" if self.blind and key in JUDGE_SORTS else key


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None
