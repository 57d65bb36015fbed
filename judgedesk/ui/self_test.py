"""``judgedesk self-test``: start the window, run the sample project, say whether all worked.

It checks what an installation can get wrong and a person would only find out later:
the Qt libraries and platform plugin, the shipped resources (sample project, templates,
translations), the script worker processes, the results store and the run machinery.
The sample is copied to a temporary folder, given a small preprocess script (so a worker
process starts), and run from the Run pane with its offline judge. Nothing is sent over
the network. Prints one line per step and exits 0 when every step passed.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from judgedesk.core.messages import counted  # the standard library only

if TYPE_CHECKING:  # imported when running, so that missing libraries can be reported
    from judgedesk.core.report import Report
    from judgedesk.core.run import RunSummary
    from judgedesk.ui.main_window import MainWindow

PREPROCESS = '''"""Counts the words of the response: proves a script worker process runs."""


def preprocess(data, resp, **kwargs):
    return len(str(resp.get("content") or "").split())
'''
TIMEOUT = 120.0


def main(args: list[str]) -> int:
    """Run the self-test; ``--language zh_CN`` checks the Chinese interface too, and
    ``--model FILE`` judges one row in-process with a GGUF model file."""
    os.environ.setdefault("QT_API", "pyside6")
    language = args[args.index("--language") + 1] if "--language" in args else "en"
    model = Path(args[args.index("--model") + 1]) if "--model" in args else None
    started = time.perf_counter()
    print(f"JudgeDesk self-test ({sys.executable})", flush=True)
    try:
        import qasync
        from PySide6.QtCore import QCoreApplication
        from PySide6.QtWidgets import QApplication

        from judgedesk.core.project import TrustStore, Workspace
        from judgedesk.resources import resource_path
        from judgedesk.ui.i18n import install_translators
        from judgedesk.ui.main_window import MainWindow
        from judgedesk.ui.settings import AppSettings
    except ImportError as exc:
        print(f"FAIL  the window's libraries cannot be loaded: {exc}", flush=True)
        return 1
    with tempfile.TemporaryDirectory(prefix="judgedesk-self-test-") as tmp:
        os.environ["JUDGEDESK_SETTINGS_DIR"] = str(Path(tmp) / "settings")
        app = QApplication.instance() or QApplication(sys.argv[:1])
        assert isinstance(app, QApplication)
        step = _Steps()
        chosen = install_translators(app, language)
        menu = QCoreApplication.translate("MainWindow", "&File")
        translated = chosen == "en" or menu != "&File"
        step.check("translations", translated, f"interface language {chosen}: {menu}")
        folder = Path(tmp) / "sample"
        shutil.copytree(resource_path("sample"), folder)
        (folder / "scripts").mkdir(exist_ok=True)
        (folder / "scripts" / "preprocess.py").write_text(PREPROCESS, encoding="utf-8")
        TrustStore().mark_made_here(folder)  # its script is the self-test's own
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        window = MainWindow(Workspace(), AppSettings())
        window.show()
        step.check("window", window.isVisible(), f"platform {app.platformName()}")
        try:
            with loop:
                loop.run_until_complete(
                    asyncio.wait_for(_run_sample(window, folder, step.check), TIMEOUT)
                )
                if model is not None:
                    loop.run_until_complete(
                        asyncio.wait_for(judge_with_model_file(folder, model, step.check), TIMEOUT)
                    )
        except TimeoutError:
            step.check("run", False, f"no result after {TIMEOUT:.0f} s")
        finally:
            window.workspace.dirty = False
            window.run_pane.stop_and_wait()
            window.close()
    elapsed = time.perf_counter() - started
    if step.failed:
        print(f"FAILED: {', '.join(step.failed)} ({elapsed:.1f} s)", flush=True)
        return 1
    print(f"All checks passed ({elapsed:.1f} s).", flush=True)
    return 0


async def judge_with_model_file(
    folder: Path, model: Path, check: Callable[[str, bool, str], None]
) -> None:
    """Judge the sample's first row with ``model`` in a model worker process: proves that
    llama-cpp-python and its library load in this installation and a verdict comes back.

    The sample's model judge is copied as a model-file judge with structured verdicts,
    so even a very small model's reply can be read.
    """
    from judgedesk.core.dataset import open_dataset
    from judgedesk.core.judge import check_model_file
    from judgedesk.core.project import load_project
    from judgedesk.core.run import Selection, run_project

    found = await asyncio.to_thread(check_model_file, model, 2048)
    if not found.ok:
        check("model file", False, found.problem)
        return
    project = load_project(folder)
    for judge in project.judges:
        judge.enabled = judge.name == "local-model"
        if judge.enabled:
            judge.kind, judge.model_file, judge.structured = "local", str(model), True
            judge.context_size, judge.stream = 2048, False
            judge.params = {"temperature": 0, "max_tokens": 160, "seed": 1}
    started = time.perf_counter()
    with open_dataset(project.dataset_path()) as dataset:
        summary = await run_project(
            project, dataset, Selection(rows=(0,)), who="judgedesk self-test"
        )
    elapsed = time.perf_counter() - started
    progress = summary.progress
    check(
        "model file",
        summary.status == "finished" and progress.ok == 1,
        f"{model.name}: {progress.ok} of 1 row judged and read in {elapsed:.1f} s "
        f"({progress.failed} failed, {progress.unparsed} unread)",
    )


class _Steps:
    def __init__(self) -> None:
        self.failed: list[str] = []

    def check(self, name: str, ok: bool, detail: str) -> None:
        print(f"{'ok  ' if ok else 'FAIL'}  {name}: {detail}", flush=True)
        if not ok:
            self.failed.append(name)


async def _run_sample(
    window: MainWindow, folder: Path, check: Callable[[str, bool, str], None]
) -> None:
    opened = asyncio.Event()
    window.workspace.sig_dataset_loaded.connect(lambda _: opened.set())
    window.open_project(folder)
    await opened.wait()
    dataset = window.workspace.dataset
    project = window.workspace.project
    rows = len(dataset) if dataset is not None else 0
    check("sample project", project is not None and rows > 0, counted(rows, "row", "rows"))
    pane = window.run_pane
    finished: asyncio.Future[RunSummary | None] = asyncio.get_running_loop().create_future()
    pane.sig_run_finished.connect(lambda summary: finished.done() or finished.set_result(summary))
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    pane.start()
    summary = await finished
    if summary is None:
        check("run", False, pane.figures.line.text())
        return
    progress = summary.progress
    accuracy = f"{summary.accuracy:.0%}" if summary.accuracy is not None else "—"
    check(
        "run",
        summary.status == "finished" and progress.done == rows and progress.failed == 0,
        f"{counted(progress.done, 'row', 'rows')} judged offline, {progress.failed} failed, "
        f"accuracy {accuracy}",
    )
    window.workspace.select_row(0)
    deadline = time.monotonic() + 30  # the row's outcome is read in a worker thread
    outcome = window.judging.outcome()
    while outcome is None and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        outcome = window.judging.outcome()
    preprocess = outcome.preprocess if outcome is not None else None
    check(
        "script worker",
        bool(preprocess and preprocess.get("ok")),
        f"preprocess returned {preprocess.get('value') if preprocess else None!r}",
    )
    # The report is computed in a process of its own: it must start in this installation.
    pane_report = window.report_pane
    shown: asyncio.Future[Report] = asyncio.get_running_loop().create_future()
    pane_report.sig_report_shown.connect(
        lambda report: shown.done() or report is None or shown.set_result(report)
    )
    window.nav.setCurrentRow(window.stack.indexOf(pane_report))
    pane_report.refresh()
    report = await shown
    rows = report.summary.rows
    check(
        "report",
        rows == progress.done,
        f"{counted(rows, 'row', 'rows')} reported by the report's process",
    )
