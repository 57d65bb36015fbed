"""The Run pane's figures: progress, speed, time left, tokens, cost and errors, in words."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QProgressBar, QVBoxLayout, QWidget

from judgedesk.core.run import Progress, RunEstimate, RunSummary
from judgedesk.ui.counts import calls_said, rows_said
from judgedesk.ui.models.estimate_model import cost_and_time, duration_text


class RunFigures(QWidget):
    """Shows where a run stands; keeps the last progress and summary for others to read."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runFigures")
        self.bar = QProgressBar(self)
        self.bar.setObjectName("runProgress")
        self.bar.setAccessibleName(self.tr("Run progress"))
        self.bar.setTextVisible(True)
        self.line = QLabel("", self)
        self.line.setObjectName("runFiguresLine")
        self.line.setWordWrap(True)
        self.errors = QLabel("", self)
        self.errors.setObjectName("runErrors")
        self.errors.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.line)
        layout.addWidget(self.errors)
        self.progress: Progress | None = None
        self.summary: RunSummary | None = None
        self.paused = False
        self.stopping_now = False
        self._offline = False
        self._cost: float | None = None
        self._status = ""
        self.clear()

    def clear(self) -> None:
        self.progress = None
        self.summary = None
        self.paused = self.stopping_now = False
        self._cost = None
        self.bar.setRange(0, 1)
        self.bar.setValue(0)
        self.bar.setFormat(self.tr("Not started"))
        self.line.setText("")
        self.errors.setText("")
        self._status = ""

    # --- while running ------------------------------------------------------------------

    def starting(self, offline: bool) -> None:
        self.clear()
        self._offline = offline
        self.bar.setRange(0, 0)  # busy until the rows are counted
        self.bar.setFormat("")
        self.line.setText(
            self.tr("Recomputing results from stored replies…")
            if offline
            else self.tr("Starting: checking the judges and counting the rows…")
        )
        self._status = self.tr("Run starting…")

    def show_progress(self, progress: Progress, prices: dict[str, tuple[float, float]]) -> None:
        self.progress = progress
        total = max(progress.total, 1)
        self.bar.setRange(0, total)
        self.bar.setValue(progress.done)
        self.bar.setFormat(
            self.tr("{0} of {1} (%p%)").format(f"{progress.done:,}", rows_said(progress.total))
        )
        parts = [self.tr("{0:.1f} rows/s").format(progress.rows_per_second)]
        if progress.in_flight and progress.done < progress.total:
            # Rows a model writes together finish together: the count alone would
            # look stuck while several rows are well under way.
            parts.append(self.tr("{0} being judged now").format(f"{progress.in_flight:,}"))
        for name, speed in progress.writing_speed.items():
            parts.append(self.tr("{0} writes {1:.0f} tokens/s").format(name, speed))
        if self.paused:
            parts.append(self.tr("paused: requests already sent are finishing"))
        elif progress.eta is not None and progress.done < progress.total:
            parts.append(self.tr("{0} left").format(duration_text(progress.eta)))
        parts.append(self.tr("elapsed {0}").format(duration_text(progress.elapsed)))
        parts.append(
            self.tr("{0}, {1} reused").format(calls_said(progress.calls), f"{progress.cached:,}")
        )
        parts.append(self._tokens_text(progress))
        cost = progress.cost(prices)
        self._cost = cost
        if cost is not None:
            parts.append(self.tr("cost {0:,.4f}").format(cost))
        self.line.setText(" · ".join(parts))
        self.errors.setText(self._errors_text(progress))
        percent = 100 * progress.done // total
        self._status = self.tr("Run {0}%: {1} rows/s").format(
            percent, f"{progress.rows_per_second:.1f}"
        )
        if self.paused:
            self._status = self.tr("Run paused at {0}%").format(percent)
        elif progress.eta is not None:
            self._status += " · " + self.tr("{0} left").format(duration_text(progress.eta))
        failed = progress.failed
        if failed:
            self._status += " · " + self.tr("{0} failed").format(f"{failed:,}")
        self._status += self._concurrency_text(progress)

    def _tokens_text(self, progress: Progress) -> str:
        tokens = f"{progress.prompt_tokens + progress.completion_tokens:,}"
        if progress.tokens_estimated:
            return self.tr("about {0} tokens (estimated)").format(tokens)
        return self.tr("{0} tokens").format(tokens)

    def _concurrency_text(self, progress: Progress) -> str:
        """Judges sending fewer requests at once because their server could not keep up."""
        said = []
        for judge, now in progress.concurrency.items():
            if now == 1:
                said.append(
                    self.tr(
                        "{0}: the server serves 1 request at a time; concurrency lowered to 1"
                    ).format(judge)
                )
            else:
                said.append(
                    self.tr("{0}: the server could not keep up; concurrency lowered to {1}").format(
                        judge, now
                    )
                )
        return "".join(" · " + text for text in said)

    def _errors_text(self, progress: Progress) -> str:
        counts = [
            self.tr("{0} ok").format(f"{progress.ok:,}"),
            self.tr("{0} with no verdict").format(f"{progress.unparsed:,}"),
            self.tr("{0} failed").format(f"{progress.failed:,}"),
        ]
        text = " · ".join(counts)
        if progress.errors:
            kinds = sorted(progress.errors.items(), key=lambda item: -item[1])
            text += " (" + ", ".join(f"{kind}: {count:,}" for kind, count in kinds) + ")"
        return text

    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        if paused:
            self._status = self.tr("Run paused")
        elif self.progress is not None:
            self._status = self.tr("Run resumed")
            self.line.setText(self.tr("Paused: requests already sent are finishing."))

    def stopping(self) -> None:
        self.stopping_now = True
        self.line.setText(self.tr("Stopping: replies received so far are kept…"))
        self._status = self.tr("Run stopping…")

    def finished(self, summary: RunSummary | None, error: str) -> None:
        self.paused = self.stopping_now = False
        self.summary = summary
        if summary is None:
            self.bar.setRange(0, 1)
            self.bar.setValue(0)
            self.bar.setFormat(self.tr("Not run"))
            self.line.setText(self.tr("The run could not start: {0}").format(error))
            self._status = self.tr("The run could not start")
            return
        progress = summary.progress
        self.progress = progress
        self.bar.setRange(0, max(progress.total, 1))
        self.bar.setValue(progress.done)
        if summary.status == "finished":
            self.bar.setFormat(self.tr("Done: {0}").format(rows_said(progress.done)))
        else:
            self.bar.setFormat(
                self.tr("Stopped after {0} of {1}").format(
                    f"{progress.done:,}", rows_said(progress.total)
                )
            )
        parts = []
        if summary.mean is not None:
            parts.append(self.tr("mean score {0:.2f}").format(summary.mean))
        if summary.accuracy is not None:
            parts.append(self.tr("accuracy {0:.1%}").format(summary.accuracy))
        parts.append(self.tr("took {0}").format(duration_text(progress.elapsed)))
        parts.append(
            self.tr("{0}, {1} reused").format(calls_said(progress.calls), f"{progress.cached:,}")
        )
        parts.append(self._tokens_text(progress))
        if self._cost is not None:
            parts.append(self.tr("cost {0:,.4f}").format(self._cost))
        self.line.setText(
            self.tr("Run {0}: {1}").format(summary.run_id, " · ".join(parts))
            if summary.status == "finished"
            else self.tr("Run {0} was stopped; run again to judge the rest: {1}").format(
                summary.run_id, " · ".join(parts)
            )
        )
        self.errors.setText(self._errors_text(progress))
        self._status = self.tr("Run {0} done: {1} ok, {2} failed, {3} with no verdict").format(
            summary.run_id,
            f"{progress.ok:,}",
            f"{progress.failed:,}",
            f"{progress.unparsed:,}",
        )
        self._status += self._concurrency_text(progress)

    def status_line(self) -> str:
        """The run's state in a few words, for the status bar."""
        return self._status

    # --- before running -----------------------------------------------------------------

    def describe_estimate(self, estimate: RunEstimate) -> str:
        """What a run of the chosen rows is likely to take, in one or two sentences."""
        if not estimate.rows:
            return self.tr("No row matches this choice.")
        rows = rows_said(estimate.rows)
        if not estimate.judges:
            return self.tr("{0}: rule judges only, so no request is sent.").format(rows)
        text = self.tr("{0}: about {1} requests and {2} tokens").format(
            rows, f"{estimate.requests:,}", f"{estimate.tokens:,}"
        )
        text += cost_and_time(estimate)
        stored = sum(j.stored for j in estimate.judges)
        if stored == 1:
            text += self.tr("; 1 reply already stored is reused")
        elif stored:
            text += self.tr("; {0} replies already stored are reused").format(f"{stored:,}")
        problems = [j.problem for j in estimate.judges if j.problem]
        if problems:
            text += ". " + self.tr("A template cannot be rendered: {0}").format(problems[0])
        return text + "."
