"""Screenshots of judging with no server: a model-file judge, its run, Find Local Servers.

Called by ``tools/screenshots.py``. It uses the test model (``python -m
tests.support.test_model``); without it, or without llama-cpp-python, these pictures are
skipped with a line saying so.
"""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
import tempfile
from pathlib import Path
from typing import Any

from tests.support.test_model import model_path


async def shoot_local(window: Any, out: Path, run_and_wait: Any) -> None:
    """The Judges pane with the sample's model judge set to a model file, a run of the
    sample with it, and Find Local Servers finding a server and model files."""
    model = model_path()
    if model is None or importlib.util.find_spec("llama_cpp") is None:
        print("skipped the model-file pictures: no test model or no llama-cpp-python")
        return
    from tests.support.fake_openai import FakeOpenAI

    project = window.workspace.project
    judge = project.judges[1]  # the sample's model judge, off until set up
    saved = (judge.kind, judge.model_file, judge.structured, judge.enabled, judge.concurrency)
    judge.kind, judge.model_file, judge.structured = "local", str(model), True
    judge.enabled, judge.concurrency = True, 1
    judge.params = {**judge.params, "max_tokens": 200}
    pane = window.judges_pane
    try:
        pane.show_project(project)
        window.nav.setCurrentRow(window.stack.indexOf(pane))
        pane.list.setCurrentIndex(pane.model.index(1))
        await asyncio.sleep(1.0)  # the file's header is read off the window's thread
        window.grab().save(str(out / "judges-local.png"))
        print(out / "judges-local.png")
        window.nav.setCurrentRow(window.stack.indexOf(window.run_pane))
        await run_and_wait(window)
        await asyncio.sleep(0.3)
        window.grab().save(str(out / "run-local.png"))
        print(out / "run-local.png")
    finally:
        judge.kind, judge.model_file, judge.structured, judge.enabled, judge.concurrency = saved
        pane.show_project(project)

    with tempfile.TemporaryDirectory() as home, FakeOpenAI(models=["qwen2.5:7b-instruct"]) as fake:
        folder = Path(home) / ".lmstudio" / "models" / "HuggingFaceTB" / "SmolLM2"
        folder.mkdir(parents=True)
        shutil.copy(model, folder / model.name)
        from judgedesk.core.judge import model_folders
        from judgedesk.ui.dialogs.find_servers import FindServersDialog

        port = int(fake.base_url.rsplit(":", 1)[1].split("/")[0])
        dialog = FindServersDialog(
            window.tasks, window, ports=[("Ollama", port)], folders=model_folders(Path(home), {})
        )
        dialog.resize(760, 440)
        dialog.show()
        while dialog.searching():
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        dialog.grab().save(str(out / "find-servers.png"))
        print(out / "find-servers.png")
        dialog.reject()


async def shoot_people(window: Any, out: Path, refresh_report: Any) -> None:
    """A project of its own, judged, with two colleagues' labels imported beside the
    person's reviews: the Report pane sets people beside the judge."""
    import csv

    from judgedesk.cli import main as cli
    from judgedesk.core.run import Review, Store
    from tests.core.test_pipeline import make_project, score_from_question
    from tests.support.fake_openai import FakeOpenAI

    folder = Path(tempfile.mkdtemp(prefix="judgedesk-people-"))
    with FakeOpenAI(reply=score_from_question, models=["judge-small"]) as fake:
        project = make_project(folder / "Answers reviewed by three", fake.base_url, rows=40)
        assert await asyncio.to_thread(cli, ["run", str(project.root), "--quiet"]) in (0, 1)
    judge = {i: i % 10 + 1 for i in range(40) if i != 7}  # what the fake judge gave
    people = {
        "ana": {i: max(1, v - (i % 3 == 0)) for i, v in judge.items() if i % 5},
        "bo": {i: min(10, v + (i % 4 == 1) * 2) for i, v in judge.items() if i % 6},
    }
    for name, verdicts in people.items():
        path = folder / f"{name}.csv"
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["id", "verdict"])
            writer.writerows((f"r{i}", v) for i, v in verdicts.items())
        argv = ["review", "import", str(project.root), str(path), "--reviewer", name]
        await asyncio.to_thread(cli, argv)
    with Store(project.store_path) as store:  # the person's own reviews
        for i, v in judge.items():
            if i % 2 == 0:
                store.reviews.put(Review(i, f"r{i}", value=v if i % 8 else v - 2, updated=1.0))
    window.workspace.dirty = False
    opened = asyncio.Event()
    window.workspace.sig_dataset_loaded.connect(lambda _: opened.set())
    window.open_project(project.root)
    await asyncio.wait_for(opened.wait(), 30)
    window.nav.setCurrentRow(window.stack.indexOf(window.report_pane))
    window.report_pane.tabs.setCurrentIndex(0)  # the charts, where people are shown
    await refresh_report(window)
    window.grab().save(str(out / "report-people.png"))
    print(out / "report-people.png")
