"""Screenshots of what goes wrong, as a person sees it: a judge that does not answer, a
script that fails (see tools/screenshots.py)."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

from judgedesk.ui.main_window import MainWindow

FAILING_SCRIPT = '''"""Preprocess: stops the worker instead of returning (a mistake, on purpose)."""

import sys


def preprocess(data, resp, **kwargs):
    if not resp.get("content"):
        return None
    sys.exit(3)
'''


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def shoot_failures(window: MainWindow, out: Path, script: str) -> None:
    """The Judges pane explaining an endpoint nobody answers at; the Scripts pane showing
    a script that called sys.exit (``script`` is put back after)."""
    window.nav.setCurrentRow(window.stack.indexOf(window.judges_pane))
    pane = window.judges_pane
    pane.list.setCurrentIndex(pane.model.index(1))  # the model judge
    before = pane.form.base_url.text()
    dead = f"http://127.0.0.1:{_closed_port()}/v1"
    pane.form.base_url.setText(dead)
    pane.form.base_url.textEdited.emit(dead)
    shown = pane.form.test_result.text()
    pane.form.test_button.click()
    for _ in range(300):
        await asyncio.sleep(0.05)
        if pane.form.test_button.isEnabled() and pane.form.test_result.text() != shown:
            break
    window.grab().save(str(out / "judges-endpoint-error.png"))
    print(out / "judges-endpoint-error.png")
    pane.form.base_url.setText(before)
    pane.form.base_url.textEdited.emit(before)

    window.nav.setCurrentRow(window.stack.indexOf(window.scripts_pane))
    scripts = window.scripts_pane
    while not scripts.run_button.isEnabled():
        await asyncio.sleep(0.05)
    editor = scripts.pages["preprocess"].editor
    editor.selectAll()
    editor.insertPlainText(FAILING_SCRIPT)
    done = asyncio.Event()
    scripts.sig_trial_shown.connect(lambda _: done.set())
    scripts.files.flush()
    scripts.run_on_row()
    await asyncio.wait_for(done.wait(), 60)
    await asyncio.sleep(0.3)
    window.grab().save(str(out / "scripts-failure.png"))
    print(out / "scripts-failure.png")
    editor.selectAll()
    editor.insertPlainText(script)
    scripts.files.flush()
