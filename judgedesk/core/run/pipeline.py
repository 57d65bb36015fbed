"""Runs: the pipeline over a selection of rows, with pause, resume, cancel and progress."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import ProjectError, RowError
from judgedesk.core.events import Signal
from judgedesk.core.judge import ChatClient, JudgeCallError, JudgeSettings, judge_version
from judgedesk.core.project import Project, check_project, require_keys_approved
from judgedesk.core.run.context import JudgeContext, prepare_judge
from judgedesk.core.run.examples import ExampleSource
from judgedesk.core.run.lock import RunLock
from judgedesk.core.run.precheck import UNREACHABLE, check_models
from judgedesk.core.run.progress import Progress, RunSummary, VerdictTally
from judgedesk.core.run.selection import Selection, selected_rows
from judgedesk.core.run.steps import NO_MAJORITY, RowProcessor, RowResult
from judgedesk.core.run.store import Store
from judgedesk.core.run.store_reads import CALIBRATION
from judgedesk.core.scripts import ScriptPool

__all__ = ["Progress", "Run", "RunSummary", "run_project"]

log = logging.getLogger(__name__)

PROGRESS_INTERVAL = 0.1


class Run:
    """One pass of the pipeline over a selection of rows.

    Signals:
        sig_started: the run id, once the rows are chosen.
        sig_row_finished: a :class:`RowResult` for each row, as it finishes.
        sig_progress: a :class:`Progress`, at most every 0.1 s and at the end.
        sig_finished: the :class:`RunSummary`.
    """

    def __init__(
        self,
        project: Project,
        dataset: Dataset,
        store: Store,
        selection: Selection | None = None,
        *,
        concurrency: int | None = None,
        offline: bool = False,
        wait: bool = False,
        who: str = "a run",
        examples: ExampleSource | None = None,
        calibration: bool = False,
    ) -> None:
        self.project = project
        # A candidate judge tried on the labelled rows: its results never become the
        # rows' latest, which Review and Report show (``store_reads.CALIBRATION``).
        self.calibration = calibration
        # Rows people reviewed, shown to judges that ask for examples (review stage).
        self.examples = examples
        # One run of a project at a time; ``wait`` waits for another to end instead of
        # refusing to start, ``who`` is what another run is told is running.
        self.lock = RunLock(project.store_path.parent, who)
        self.wait = wait
        self.dataset = dataset
        self.store = store
        self.selection = selection or Selection()
        self.concurrency = concurrency
        self.offline = offline
        self.sig_started: Signal[int] = Signal()
        self.sig_row_finished: Signal[RowResult] = Signal()
        self.sig_progress: Signal[Progress] = Signal()
        self.sig_finished: Signal[RunSummary] = Signal()
        self._gate = asyncio.Event()
        self._gate.set()
        self._cancelled = False
        self._tally = VerdictTally()
        self._contexts: list[JudgeContext] = []

    # --- control ---------------------------------------------------------------------

    def pause(self) -> None:
        """Send nothing new; requests already sent finish."""
        self._gate.clear()
        for client in self._clients():
            client.pause()

    def resume(self) -> None:
        """Go on after :meth:`pause`."""
        for client in self._clients():
            client.resume()
        self._gate.set()

    def _clients(self) -> list[ChatClient]:
        return [c.client for c in self._contexts if c.client is not None]

    def cancel(self) -> None:
        """Stop: rows in flight are abandoned (answered calls are already stored)."""
        self._cancelled = True
        for client in self._clients():
            client.resume()
            client.interrupt()
        self._gate.set()

    @property
    def paused(self) -> bool:
        return not self._gate.is_set()

    # --- running ---------------------------------------------------------------------

    def rows(self) -> list[int]:
        """The row indexes this run covers, in order."""
        return selected_rows(
            self.selection,
            len(self.dataset),
            self.store,
            dataset=self.dataset,
            project=self.project,
        )

    async def execute(self) -> RunSummary:
        """Run the pipeline and return the summary; never leaves workers behind.

        Raises:
            ProjectBusyError: another process is running the project (unless ``wait``).
        """
        if self.wait:
            await self.lock.acquire_waiting()
        else:
            self.lock.acquire()
        try:
            return await self._execute()
        finally:
            self.lock.release()

    async def _execute(self) -> RunSummary:
        problems = [p for p in check_project(self.project) if p.severity == "error"]
        problems = [p for p in problems if not (self.offline and "endpoint" in p.message)]
        if problems:
            raise ProjectError("The project cannot run: " + " ".join(p.message for p in problems))
        if not self.offline:
            require_keys_approved(self.project)  # before anything is sent
        indexes = self.rows()
        judges = [self._prepare(j) for j in self.project.judges if j.enabled]
        candidate = baseline = None
        if self.project.candidate is not None:
            candidate = self._prepare(self.project.candidate, prompt=False)
        if self.project.baseline is not None:
            baseline = self._prepare(self.project.baseline, prompt=False)
        answering = [c for c in (candidate, baseline) if c is not None]
        self._contexts = [*judges, *answering]
        await self._preflight()
        scripts = self._scripts()
        versions = {
            c.settings.name: judge_version(c.settings, c.template.source if c.template else None)
            for c in judges
        }
        unreadable = self.dataset.unreadable()
        note = json.dumps(unreadable.to_dict()) if unreadable.count else ""
        picker = None
        if self.examples is not None and any(c.settings.example_rule() for c in judges):
            picker = self.examples(self.store, self.dataset, self.project)
        run_id = self.store.start_run(
            self.selection.describe(),
            note,
            judges=versions,
            purpose=CALIBRATION if self.calibration else "",
        )
        progress = Progress(run_id, len(indexes))
        processor = RowProcessor(
            self.project,
            self.store,
            judges,
            scripts,
            candidate,
            offline=self.offline,
            baseline=baseline,
            examples=picker,
        )
        self.sig_started.emit(run_id)
        status = "finished"
        started = time.monotonic()
        try:
            if scripts is not None:
                await scripts.start()
            await self._work(indexes, processor, progress, started)
            if self._cancelled:
                status = "cancelled"
        except asyncio.CancelledError:
            status = "cancelled"
            raise
        finally:  # connections close first: a full disk may stop finish_run
            for client in self._clients():
                await client.aclose()
            if scripts is not None:
                await scripts.aclose()
            self.store.finish_run(run_id, status)
            self._update(progress, processor, started)
            self.sig_progress.emit(progress)
        mean, accuracy, by_judge = self._tally.figures()
        prices = {
            c.settings.name: (c.settings.price_input, c.settings.price_output)
            for c in self._contexts
        }
        cost = progress.cost(prices)
        summary = RunSummary(run_id, status, progress, mean, accuracy, unreadable, cost, by_judge)
        self.sig_finished.emit(summary)
        return summary

    async def _work(
        self, indexes: list[int], processor: RowProcessor, progress: Progress, started: float
    ) -> None:
        queue: asyncio.Queue[int] = asyncio.Queue()
        for index in indexes:
            queue.put_nowait(index)
        errors: Counter[str] = Counter()
        progress.errors = errors  # counted as rows finish, so progress shows them live
        last_emit = 0.0

        async def worker() -> None:
            nonlocal last_emit
            while not self._cancelled:
                await self._gate.wait()
                if self._cancelled:
                    return
                try:
                    index = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                result = await self._one(index, processor)
                if self._cancelled and result.status == "error":
                    return  # cut short by Stop: asked again by the next run, not a failure
                self._record(result, progress, errors)
                now = time.monotonic()
                if now - last_emit >= PROGRESS_INTERVAL:
                    last_emit = now
                    self._update(progress, processor, started)
                    self.sig_progress.emit(progress)

        count = max(1, min(self._workers(), len(indexes) or 1))
        tasks = [asyncio.ensure_future(worker()) for _ in range(count)]
        try:
            await asyncio.gather(*tasks)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            progress.errors = dict(errors)

    async def _one(self, index: int, processor: RowProcessor) -> RowResult:
        try:
            row = self.dataset.row(index)
        except RowError as exc:
            return RowResult(index, str(index), "error", None, str(exc), "row")
        return await processor.process(row)

    def _record(self, result: RowResult, progress: Progress, errors: Counter[str]) -> None:
        self.store.put_result(
            progress.run_id,
            result.index,
            result.row_id,
            result.status,
            result.value,
            result.error,
            result.detail,
        )
        progress.done += 1
        if result.status == "ok":
            progress.ok += 1
            self._tally.add(result.value, self._decider(result))
        elif result.status == "unparsed":
            progress.unparsed += 1
            progress.no_majority += result.error_kind == NO_MAJORITY
        else:
            progress.failed += 1
            errors[result.error_kind or "error"] += 1
        self.sig_row_finished.emit(result)

    def _update(self, progress: Progress, processor: RowProcessor, started: float) -> None:
        counters = processor.counters
        progress.calls, progress.cached = counters.calls, counters.cached
        progress.retries = sum(c.stats.retries for c in self._clients())
        progress.prompt_tokens = counters.prompt_tokens
        progress.completion_tokens = counters.completion_tokens
        progress.tokens_by_judge = {
            name: (counts[1], counts[2]) for name, counts in counters.by_judge.items()
        }
        progress.elapsed = time.monotonic() - started
        progress.paused = self.paused
        # New containers each time: a copy of the progress may be read in another thread.
        stats = [(c.settings.name, c.client.stats) for c in self._contexts if c.client]
        progress.tokens_estimated = any(s.estimated_replies for _, s in stats)
        progress.in_flight = sum(s.in_flight for _, s in stats)
        lowered = [(n, s) for n, s in stats if s.concurrency < s.concurrency_configured]
        progress.concurrency = {n: s.concurrency for n, s in lowered}
        progress.notes = [f"{n}: {s.concurrency_note}" for n, s in stats if s.concurrency_note]
        progress.writing_speed = {
            c.settings.name: speed
            for c in self._contexts
            if (speed := getattr(c.client, "tokens_per_second", 0.0))
        }

    def _decider(self, result: RowResult) -> str | None:
        """The judge whose verdict a cascade's row took (None outside a cascade): the
        judges of a cascade may give verdicts of different kinds or scales."""
        detail = result.detail
        if not self.project.run.cascade or "postprocess" in detail or "aggregate" in detail:
            return None
        steps = detail.get("judges") or []
        return steps[-1].get("judge") if steps else None

    # --- preparation -----------------------------------------------------------------

    def _workers(self) -> int:
        if self.project.run.workers > 0:
            return self.project.run.workers
        widest = max(
            [
                j.at_once() if j.kind == "local" else self.concurrency or j.concurrency
                for j in self.project.judges
                if j.kind != "metric" and j.enabled
            ]
            or [4]
        )
        return widest * 2

    async def _preflight(self) -> None:
        """Find the models that do not answer at all, so their rows fail at once.

        They are asked as the window and ``judgedesk check`` ask them
        (:func:`~judgedesk.core.run.precheck.check_models`). Rows whose replies are stored
        still complete; only new calls to such a model fail, with the reason, instead of
        each waiting through its retries.
        """
        calling = [c for c in self._contexts if c.client is not None]
        if not calling:
            return  # offline, or only metric judges: nothing is asked
        checks = await check_models(self.project, timeout=10)
        cut_off = {id(c.settings): c.found.problem for c in checks if c.unreachable}
        for context in calling:
            context.unreachable = cut_off.get(id(context.settings), "")
            if context.unreachable:
                log.warning("judge %s unreachable: %s", context.settings.name, context.unreachable)
        ready = [self._get_ready(c) for c in calling if not c.unreachable]
        await asyncio.gather(*ready, return_exceptions=True)  # the rows then say what fails

    @staticmethod
    async def _get_ready(context: JudgeContext) -> None:
        client = context.client
        if client is None:
            return
        if context.settings.kind != "local":
            # A server that says how many requests it serves at once is sent no more.
            await client.server_slots()
            return
        # The model is loaded now: a file that reads well but does not load then fails
        # its rows at once, not by loading again for each row.
        try:
            await client.list_models()
        except JudgeCallError as exc:
            if exc.kind in UNREACHABLE:
                context.unreachable = str(exc)
                log.warning("judge %s unreachable: %s", context.settings.name, exc)

    def _prepare(self, settings: JudgeSettings, *, prompt: bool = True) -> JudgeContext:
        return prepare_judge(
            self.project,
            settings,
            prompt=prompt,
            offline=self.offline,
            concurrency=self.concurrency,
        )

    def _scripts(self) -> ScriptPool | None:
        found = {
            kind: self.project.script_path(kind)
            for kind in ("preprocess", "postprocess")
            if self.project.script_path(kind).is_file()
        }
        if not found:
            return None
        return ScriptPool(
            found,
            workers=2,
            timeout=self.project.scripts.timeout,
            memory_mb=self.project.scripts.memory_mb,
        )


async def run_project(
    project: Project,
    dataset: Dataset,
    selection: Selection | None = None,
    *,
    concurrency: int | None = None,
    offline: bool = False,
    listeners: Sequence[Any] = (),
    wait: bool = False,
    who: str = "a run",
    examples: ExampleSource | None = None,
    calibration: bool = False,
) -> RunSummary:
    """Open the project's store, run, close: the headless way to run a project.

    ``calibration``: the run tries candidate judges on the labelled rows; its results
    are kept but never become the rows' latest (see ``Run``)."""
    with Store(project.store_path) as store:
        run = Run(
            project,
            dataset,
            store,
            selection,
            concurrency=concurrency,
            offline=offline,
            wait=wait,
            who=who,
            examples=examples,
            calibration=calibration,
        )
        for listener in listeners:
            listener(run)
        return await run.execute()
