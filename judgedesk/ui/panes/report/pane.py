"""The Report pane: the summary, charts, two runs compared, copy and export."""

from __future__ import annotations

import copy
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.dataset import Dataset
from judgedesk.core.project import Workspace
from judgedesk.core.report import (
    Report,
    ReportPage,
    ReportWorker,
    RunComparison,
    default_category,
)
from judgedesk.core.review import ReviewScale
from judgedesk.core.run import RunRecord
from judgedesk.ui.panes.report.card import ChartCard
from judgedesk.ui.panes.report.charts import BarChartView
from judgedesk.ui.panes.report.compare import RunCompareView
from judgedesk.ui.panes.report.confidence import ConfidenceWords
from judgedesk.ui.panes.report.heatmap import HeatmapView
from judgedesk.ui.panes.report.history import HistorySection
from judgedesk.ui.panes.report.leaderboard import LeaderboardWords
from judgedesk.ui.panes.report.pairs import PairWords
from judgedesk.ui.panes.report.people import PeopleSection
from judgedesk.ui.panes.report.refresh import RefreshPace
from judgedesk.ui.panes.report.sample import SampleWords
from judgedesk.ui.panes.report.words import ChartPage, ReportWords, empty_report
from judgedesk.ui.tasks import TaskRunner


class ReportPane(QWidget):
    """Shows how the judge did: figures with intervals, charts, and what changed.

    The report is computed in the report's process (started, and given the project to
    read, as soon as a project with results opens) when the pane is shown, and again
    while it is shown after reviews, choices and runs (see :class:`RefreshPace`).

    Signals:
        sig_report_shown: the :class:`Report` now shown (None when there is none).
        sig_comparison_shown: the :class:`RunComparison` now shown.
        sig_export_requested: (run id or None, category field or None) for File › Export.
        sig_calibrate_requested: the person asks to calibrate the judges.
        sig_status_changed: a sentence for the status bar.
    """

    sig_report_shown = Signal(object)
    sig_comparison_shown = Signal(object)
    sig_export_requested = Signal(object, object)
    sig_calibrate_requested = Signal()
    sig_status_changed = Signal(str)

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("reportPane")
        self.workspace = workspace
        self.tasks = tasks
        self.words = ReportWords(self)
        self.report: Report | None = None
        self.worker = ReportWorker()  # reports are computed in a process of their own

        self.run = QComboBox(self)
        self.run.setObjectName("reportRun")
        self.run.setAccessibleName(self.tr("Results to report"))
        self.run.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.run.activated.connect(lambda _: self.refresh())
        run_label = QLabel(self.tr("&Results of:"), self)
        run_label.setBuddy(self.run)
        self.tables = QCheckBox(self.tr("Show figures as &tables"), self)
        self.tables.setObjectName("reportShowTables")
        self.tables.setToolTip(self.tr("Each chart's figures as a table, for reading exact values"))
        self.tables.toggled.connect(self._show_tables)
        self.copy_button = self._button("reportCopySummary", self.tr("&Copy Summary"), self.copy)
        self.copy_button.setToolTip(self.tr("Put the summary on the clipboard as plain text"))
        self.export_button = self._button("reportExport", self.tr("&Export…"), self.export)
        self.export_button.setToolTip(
            self.tr("Write these results as CSV, JSON Lines, an Excel workbook or an HTML report")
        )
        self.calibrate_button = self._button(
            "reportCalibrate", self.tr("C&alibrate…"), self.sig_calibrate_requested.emit
        )
        self.calibrate_button.setToolTip(
            self.tr(
                "Compare the enabled judges with people on a tuning part and measure the one "
                "chosen on a test part (Ctrl+Shift+K)"
            )
        )
        bar = QHBoxLayout()
        bar.addWidget(run_label)
        bar.addWidget(self.run)
        bar.addStretch(1)
        for widget in (self.tables, self.calibrate_button, self.copy_button, self.export_button):
            bar.addWidget(widget)

        self.headline = QLabel("", self)
        self.headline.setObjectName("reportHeadline")
        self.headline.setWordWrap(True)
        font = self.headline.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.headline.setFont(font)
        self.counts = QLabel("", self)
        self.counts.setObjectName("reportCounts")
        self.review = QLabel("", self)
        self.review.setObjectName("reportReview")
        self.review.setWordWrap(True)
        self.corrected = QLabel("", self)
        self.corrected.setObjectName("reportCorrected")
        self.corrected.setWordWrap(True)
        self.corrected.setToolTip(
            self.tr(
                "The judge's figure is its own view of every row; the corrected one shifts it "
                "by how far people and the judge differ on the random sample."
            )
        )
        summary = QFrame(self)
        summary.setObjectName("reportSummary")
        summary.setFrameShape(QFrame.Shape.StyledPanel)
        box = QVBoxLayout(summary)
        for label in (self.headline, self.corrected, self.counts, self.review):
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            box.addWidget(label)

        # The cards live in this widget from the start: moving a hidden card into it
        # later would leave it hidden.
        charts = QWidget(self)
        charts.setObjectName("reportCharts")
        self.distribution_card = ChartCard("reportDistribution", BarChartView(), charts)
        self.category_card = ChartCard("reportCategories", BarChartView(), charts)
        self.category = QComboBox(self.category_card)
        self.category.setObjectName("reportCategoryField")
        self.category.setAccessibleName(self.tr("Break results down by"))
        self.category.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.category.activated.connect(lambda _: self.refresh())
        category_label = QLabel(self.tr("Break &down by:"), self.category_card)
        category_label.setBuddy(self.category)
        self.category_card.header.addWidget(category_label)
        self.category_card.header.addWidget(self.category)
        self.dimension_card = ChartCard("reportDimensions", BarChartView(), charts)
        self.agreement_card = ChartCard("reportAgreement", HeatmapView(), charts)
        self.pairs_card = ChartCard("reportPairs", BarChartView(), charts)
        self.corrected_card = ChartCard("reportSample", BarChartView(), charts)
        self.sample_words = SampleWords(self.words.terms, self)
        self.pair_words = PairWords(self)
        self.leaderboard_card = ChartCard("reportLeaderboard", BarChartView(), charts)
        self.board_category = QComboBox(self.leaderboard_card)
        self.board_category.setObjectName("reportLeaderboardCategory")
        self.board_category.setAccessibleName(self.tr("Leaderboard of the rows of"))
        self.board_category.activated.connect(lambda _: self._show_leaderboard())
        board_label = QLabel(self.tr("&Rows:"), self.leaderboard_card)
        board_label.setBuddy(self.board_category)
        self.leaderboard_card.header.addWidget(board_label)
        self.leaderboard_card.header.addWidget(self.board_category)
        self.board_words = LeaderboardWords(self)
        self.confidence_card = ChartCard("reportConfidence", BarChartView(), charts)
        self.confidence_words = ConfidenceWords(self)
        self.cards = [
            self.leaderboard_card,
            self.distribution_card,
            self.category_card,
            self.dimension_card,
            self.agreement_card,
            self.pairs_card,
            self.confidence_card,
            self.corrected_card,
        ]
        self.people = PeopleSection(charts)  # first: whether people trust the judge
        self.history = HistorySection(self.words.terms, charts)  # then whether a change helped
        self.history.sig_row_chosen.connect(self.workspace.select_row)
        # A box, not the grid, holds the sections: a grid sizes wrapped text badly.
        page = QVBoxLayout(charts)
        page.addWidget(self.people)
        page.addWidget(self.history)
        self.grid = QGridLayout()
        self.grid.setColumnStretch(0, 1)
        self.grid.setColumnStretch(1, 1)
        page.addLayout(self.grid, 1)
        scroll = QScrollArea(self)
        scroll.setObjectName("reportChartsScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(charts)
        self.compare = RunCompareView(self.words, self)
        self.compare.sig_runs_chosen.connect(lambda a, b: self._compare(a, b))
        self.compare.sig_row_chosen.connect(self.workspace.select_row)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("reportTabs")
        self.tabs.addTab(scroll, self.tr("C&harts"))
        self.tabs.addTab(self.compare, self.tr("Compare &Two Runs"))

        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(summary)
        layout.addWidget(self.tabs, 1)

        self.pace = RefreshPace(self._compute, lambda: self.tasks.running("report"), self)
        self._warmed: Dataset | None = None
        workspace.sig_project_opened.connect(lambda _: self._project_opened())
        workspace.sig_dataset_loaded.connect(self._fill_fields)
        workspace.sig_dataset_completed.connect(self._fill_fields)
        workspace.sig_dataset_closing.connect(lambda _: self._stop())
        workspace.sig_results_changed.connect(lambda _: self.results_changed())
        workspace.undo.sig_changed.connect(lambda _: self.reviews_changed())
        self._project_opened()

    def _button(self, name: str, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAccessibleName(text.replace("&", ""))
        button.clicked.connect(lambda _=False: slot())
        return button

    # --- choices ----------------------------------------------------------------------

    def _project_opened(self) -> None:
        self.report = None
        self.run.clear()
        self.run.addItem(self.tr("Latest result of each row"), None)
        self.category.clear()
        self.compare.set_runs([])
        self._show(None)
        if self.isVisible():
            self.refresh()

    def _fill_fields(self, dataset: Dataset) -> None:
        if dataset is not self.workspace.dataset:
            return
        kept = self.category.currentData() if self.category.count() else None
        self.category.clear()
        self.category.addItem(self.tr("(no breakdown)"), "")
        for name in dataset.fields():
            self.category.addItem(name, name)
        wanted = kept if kept is not None else default_category(dataset)
        found = self.category.findData(wanted) if wanted else 0
        self.category.setCurrentIndex(max(found, 0))
        if self.isVisible():
            self.refresh()
        elif dataset.complete and self._warmed is not dataset:
            self._warm(dataset)

    def _warm(self, dataset: Dataset) -> None:
        """Have the report's process read the project before the pane is first shown."""
        project = self.workspace.project
        if project is None or not project.store_path.is_file():
            return  # nothing to report yet: no process started for it
        self._warmed = dataset
        self.worker.warm(copy.deepcopy(project), self.run_id(), self.category_field())

    def category_field(self) -> str:
        """The field chosen to break results down by ("" for none)."""
        data = self.category.currentData()
        return data if isinstance(data, str) else ""

    def choose_category(self, name: str) -> None:
        """Break results down by ``name`` ("" for none), as a person picking it would."""
        self.category.setCurrentIndex(self.category.findData(name))
        self.refresh()

    def run_id(self) -> int | None:
        """The run reported, None for each row's latest result."""
        data = self.run.currentData()
        return int(data) if data is not None else None

    def _fill_runs(self, runs: list[RunRecord], shown: int | None) -> None:
        self.run.clear()
        self.run.addItem(self.tr("Latest result of each row"), None)
        for record in reversed(runs):
            self.run.addItem(self.words.terms.run_title(record), record.id)
        self.run.setCurrentIndex(max(0, self.run.findData(shown)) if shown is not None else 0)

    # --- computing ----------------------------------------------------------------------

    def results_changed(self) -> None:
        """A run stored results: compute again soon if shown (else when shown)."""
        if self.isVisible():
            self.pace.results_stored()

    def reviews_changed(self) -> None:
        """A review (or anything undoable) changed: compute again at once if shown."""
        if self.isVisible():
            self.refresh()

    def refresh_soon(self) -> None:
        """Compute again at a steady pace, shown or not: the next-step bar follows how
        wide the corrected figures are as people review the random sample."""
        self.pace.results_stored()

    def refresh(self) -> None:
        """Compute the report in the report's process and show it when done; a report
        being computed is not shown."""
        self.pace.now()

    def _compute(self) -> None:
        project = self.workspace.project
        if project is None:
            return
        # The report's process opens the project's dataset itself.
        category = self.category_field() if self.category.count() else None
        if self.report is None:
            self.headline.setText(self.tr("Computing the report…"))
        self.tasks.start(
            "report",
            self.worker.page(copy.deepcopy(project), self.run_id(), category),
            on_done=self._show_page,
        )

    def _stop(self) -> None:
        self.tasks.cancel("report")
        self.pace.stop()

    def _show_page(self, page: ReportPage) -> None:
        self.pace.shown()
        self._fill_runs(page.runs, page.run_id)
        self.compare.set_runs(page.runs)
        self._show(page.report)
        chosen = self.compare.chosen()
        if chosen is not None:
            self._compare(*chosen)

    def _compare(self, first: int, second: int) -> None:
        project = self.workspace.project
        if project is None:
            return
        self.tasks.start(
            "report-compare",
            self.worker.comparison(copy.deepcopy(project), first, second),
            on_done=self._show_comparison,
        )

    def _show_comparison(self, result: tuple[RunComparison, ReviewScale]) -> None:
        comparison, scale = result
        self.compare.show_comparison(comparison, scale)
        self.sig_comparison_shown.emit(comparison)

    # --- showing ------------------------------------------------------------------------

    def _show(self, report: Report | None) -> None:
        self.report = report
        words = self.words
        self.copy_button.setEnabled(report is not None)
        self.export_button.setEnabled(report is not None)
        self.people.show_people(report.people if report is not None else None)
        self.history.show_history(report.history if report else [], report and report.scale)
        if report is None:
            self.headline.setText(self.tr("No results yet."))
            self.counts.setText(
                self.tr("Run the project (the Run pane, Ctrl+R): its results are reported here.")
            )
            self.review.setText("")
            self.corrected.setText("")
            for card in self.cards:
                card.setVisible(card not in self._optional_cards())
            for card in self.cards:
                self._fill_card(card, None)
            self._lay_out_cards()
            self.sig_report_shown.emit(None)
            return
        self.headline.setText(words.headline(report.summary))
        itself = self.pair_words.judges_words(report.judges, report.judges_alpha)
        self.counts.setText(words.counts(report.summary) + (f"\n{itself}" if itself else ""))
        self.review.setText(words.review(report.review))
        self.corrected.setText(self.sample_words.lines(report.correction))
        self.corrected.setVisible(report.correction is not None)
        self._fill_card(self.distribution_card, words.distribution(report))
        self._fill_card(self.category_card, words.categories(report, report.category_field))
        self._fill_card(self.dimension_card, words.dimensions(report))
        self._fill_card(self.agreement_card, words.agreement(report))
        self.dimension_card.setVisible(bool(report.dimensions))
        self.pairs_card.setVisible(report.pairwise is not None)
        if report.pairwise is not None:
            self._fill_card(self.pairs_card, self.pair_words.page(report.pairwise))
        calibration = report.confidence_calibration
        self.confidence_card.setVisible(calibration is not None)
        if calibration is not None:
            self._fill_card(self.confidence_card, self.confidence_words.page(calibration))
        self._fill_board_categories(report)
        self._show_leaderboard()
        corrected = self.sample_words.page(report)  # the judge's interval beside people's
        self.corrected_card.setVisible(corrected is not None)
        if corrected is not None:
            self._fill_card(self.corrected_card, corrected)
        self._lay_out_cards()
        self.sig_report_shown.emit(report)

    def _fill_board_categories(self, report: Report) -> None:
        """The leaderboard's choice of rows: every row, or one category's."""
        chosen = self.board_category.currentData()
        self.board_category.clear()
        self.board_category.addItem(self.tr("All rows"), "")
        if report.leaderboard is not None:
            for name in report.leaderboard.categories:
                self.board_category.addItem(name, name)
        index = self.board_category.findData(chosen) if chosen else 0
        self.board_category.setCurrentIndex(max(index, 0))

    def _show_leaderboard(self) -> None:
        """The leaderboard of the rows chosen, when several models are compared."""
        figures = self.report.leaderboard if self.report is not None else None
        self.leaderboard_card.setVisible(figures is not None)
        if figures is not None:
            category = str(self.board_category.currentData() or "")
            self._fill_card(self.leaderboard_card, self.board_words.page(figures, category))

    def _optional_cards(self) -> tuple[ChartCard, ...]:
        """The cards shown only for reports that have their figures."""
        return (
            self.dimension_card,
            self.pairs_card,
            self.confidence_card,
            self.leaderboard_card,
            self.corrected_card,
        )

    def _fill_card(self, card: ChartCard, page: ChartPage | None) -> None:
        if page is None:
            page = self._empty_page(card)
        card.set_title(page.title, page.caption)
        card.canvas.set_chart(page.chart)
        card.set_table(page.headers, page.rows, page.row_headers)

    def _empty_page(self, card: ChartCard) -> ChartPage:
        empty = empty_report()
        if card is self.category_card:
            return self.words.categories(empty, self.category_field() or None)
        if card is self.agreement_card:
            return self.words.agreement(empty)
        if card in self._optional_cards():
            return self.words.dimensions(empty)
        return self.words.distribution(empty)

    def _lay_out_cards(self) -> None:
        for card in self.cards:
            self.grid.removeWidget(card)
        shown = [card for card in self.cards if not card.isHidden()]
        for position, card in enumerate(shown):
            self.grid.addWidget(card, position // 2, position % 2, Qt.AlignmentFlag.AlignTop)
        self.grid.setRowStretch(len(shown) // 2 + 1, 1)

    def _show_tables(self, tables: bool) -> None:
        for card in self.cards:
            card.show_table(tables)

    # --- commands -----------------------------------------------------------------------

    def copy(self) -> None:
        """Put the summary on the clipboard as plain text."""
        if self.report is None:
            return
        text = self.words.summary_text(self.report, self.run.currentText())
        itself = self.pair_words.judges_words(self.report.judges, self.report.judges_alpha)
        for section in (itself, self.people.summary_text(), self.history.summary_text()):
            text += f"\n{section}" if section else ""
        QGuiApplication.clipboard().setText(text)
        self.sig_status_changed.emit(self.tr("The summary is on the clipboard."))

    def export(self) -> None:
        """Ask for a file and export the results shown (the window does the writing)."""
        self.sig_export_requested.emit(self.run_id(), self.category_field())

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()  # reviews may have changed anywhere since the pane was last seen

    def shutdown(self) -> None:
        """Stop the report's process (the window is closing)."""
        self.worker.shutdown()
