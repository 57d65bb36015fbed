"""A run in a thread of its own, so a window stays fluid however fast rows finish.

The run's event loop, judge connections, script workers and result store all live in
that thread. The window polls :meth:`BackgroundRun.drain` on a timer and receives the
rows finished since the last look, the latest progress and, at the end, the summary or
the error; pause, resume and stop may be called from any thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import Project, TrustState, UntrustedScriptsError, require_trusted
from judgedesk.core.run.examples import ExampleSource
from judgedesk.core.run.pipeline import Progress, Run, RunSummary
from judgedesk.core.run.selection import Selection
from judgedesk.core.run.steps import RowResult
from judgedesk.core.run.store import Store

log = logging.getLogger(__name__)


@dataclass
class RunNews:
    """What happened since the last :meth:`BackgroundRun.drain`.

    Attributes:
        rows: the rows finished since then, in the order they finished.
        progress: the latest figures (a copy), or None when none came.
        run_id: the run's id in the store, once it started.
        summary: how the run ended, once it has.
        error: why the run could not run (set up wrong, unreadable store…), in words.
        untrusted: when the run refused to start because the project's scripts are not
            trusted on this machine, what they are (``error`` says it in words too).
        done: True once the thread has finished (summary or error is then set).
    """

    rows: list[RowResult] = field(default_factory=list)
    progress: Progress | None = None
    run_id: int | None = None
    summary: RunSummary | None = None
    error: str = ""
    untrusted: TrustState | None = None
    done: bool = False


class BackgroundRun:
    """Runs a project in a daemon thread; its controls are thread-safe.

    The project is copied when the run starts: edits made meanwhile apply to the next
    run. The dataset is shared (its reads are locked) and must stay open until
    :attr:`done`.
    """

    def __init__(
        self,
        project: Project,
        dataset: Dataset,
        selection: Selection | None = None,
        *,
        offline: bool = False,
        concurrency: int | None = None,
        on_news: Callable[[], None] | None = None,
        trusted_only: bool = False,
        examples: ExampleSource | None = None,
        calibration: bool = False,
    ) -> None:
        """``on_news`` is called from the run's thread when there is something to drain
        (an attribute: it may be set while the run goes).

        With ``trusted_only`` the run refuses to start when the project has scripts not
        made or trusted on this machine (see ``judgedesk.core.project.trust``).
        ``examples`` gives judges that ask for them rows people reviewed (see ``Run``);
        ``calibration`` keeps its results out of the rows' latest (see ``Run``).
        """
        self.project = copy.deepcopy(project)
        self.trusted_only = trusted_only
        self.dataset = dataset
        self.selection = selection or Selection()
        self.offline = offline
        self.concurrency = concurrency
        self.examples = examples
        self.calibration = calibration
        self.on_news = on_news
        self._lock = threading.Lock()
        self._news = RunNews()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._run: Run | None = None
        self._stop_requested = False
        self._thread = threading.Thread(target=self._main, name="judgedesk-run", daemon=True)
        self.done = threading.Event()

    # --- control (any thread) -----------------------------------------------------------

    def start(self) -> None:
        self._thread.start()

    def pause(self) -> None:
        """Send no new request; those in flight finish."""
        self._call_in_loop(lambda run: run.pause())

    def resume(self) -> None:
        self._call_in_loop(lambda run: run.resume())

    def stop(self) -> None:
        """End the run soon; answered calls are kept, rows in flight are not recorded."""
        with self._lock:
            self._stop_requested = True
        self._call_in_loop(lambda run: run.cancel())

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread; True when it has ended."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def drain(self) -> RunNews:
        """Take what happened since the last call."""
        with self._lock:
            news, self._news = self._news, RunNews(run_id=self._news.run_id)
            self._news.done = news.done
        return news

    # --- the run's thread ---------------------------------------------------------------

    def _call_in_loop(self, action: Callable[[Run], None]) -> None:
        loop, run = self._loop, self._run
        if loop is not None and run is not None and not loop.is_closed():
            # The loop may close in between: the run is over then anyway.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(action, run)

    def _main(self) -> None:
        summary: RunSummary | None = None
        error = ""
        untrusted: TrustState | None = None
        try:
            summary = asyncio.run(self._execute())
        except UntrustedScriptsError as exc:
            error, untrusted = str(exc), exc.state
        except JudgeDeskError as exc:
            error = str(exc)
        except Exception as exc:  # reported to the person, never lost in a thread
            log.exception("the run failed")
            error = f"The run stopped on an unexpected error: {exc!r}"
        with self._lock:
            self._news.summary = summary
            self._news.error = error
            self._news.untrusted = untrusted
            self._news.done = True
        self.done.set()
        self._notify()

    async def _execute(self) -> RunSummary:
        self._loop = asyncio.get_running_loop()
        if self.trusted_only:
            require_trusted(self.project.root)  # this is the run's own thread already
        with Store(self.project.store_path) as store:
            run = Run(
                self.project,
                self.dataset,
                store,
                self.selection,
                concurrency=self.concurrency,
                offline=self.offline,
                who="a run started in the JudgeDesk window",
                examples=self.examples,
                calibration=self.calibration,
            )
            run.sig_started.connect(self._started)
            run.sig_row_finished.connect(self._row_finished)
            run.sig_progress.connect(self._progress)
            self._run = run
            with self._lock:
                if self._stop_requested:
                    run.cancel()
            return await run.execute()

    def _started(self, run_id: int) -> None:
        with self._lock:
            self._news.run_id = run_id
        self._notify()

    def _row_finished(self, result: RowResult) -> None:
        with self._lock:
            self._news.rows.append(result)

    def _progress(self, progress: Progress) -> None:
        snapshot = copy.copy(progress)
        snapshot.errors = dict(progress.errors)
        snapshot.tokens_by_judge = dict(progress.tokens_by_judge)
        with self._lock:
            self._news.progress = snapshot
        self._notify()

    def _notify(self) -> None:
        on_news = self.on_news  # read once: another thread may take it away meanwhile
        if on_news is not None:
            on_news()
