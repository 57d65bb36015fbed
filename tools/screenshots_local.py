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
        from judgedesk.core.judge.discover import model_folders
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
