"""Screenshots of the window guiding a person: a template problem marked in the sidebar,
and the next step taking them to its line (see tools/screenshots.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from judgedesk.ui.main_window import MainWindow


async def _until(test: object, seconds: float = 20) -> None:
    async def wait() -> None:
        while not test():  # type: ignore[operator]
            await asyncio.sleep(0.05)

    await asyncio.wait_for(wait(), seconds)


async def shoot_guide(window: MainWindow, out: Path) -> None:
    """The sample's model judge switched on, its template broken on a line as if typed:
    the sidebar marks it, the next step names the line and its button goes there. Then
    everything is put back as it was."""
    workspace, pane = window.workspace, window.template_pane
    project = workspace.project
    assert project is not None
    judge = project.judge("local-model")
    judge.enabled = True
    workspace.sig_judges_changed.emit(project.judges)
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    await _until(lambda: pane.judge.currentText() == judge.name and pane.editor.toPlainText())
    text = pane.editor.toPlainText()
    broken = text.replace("{{ data.question }}", "{{ data.question }", 1)
    pane.editor.setPlainText(broken)
    await _until(
        lambda: (
            window.nav.line("template") == window.tr("1 problem")
            or window.nav.state("template").mark.value == "blocks"
        )
    )
    window.nav.setCurrentRow(window.stack.indexOf(window.dataset_pane))
    await asyncio.sleep(0.3)
    window.next_step.button.click()
    await asyncio.sleep(0.6)
    window.grab().save(str(out / "next-step.png"))
    print(out / "next-step.png")
    pane.editor.setPlainText(text)
    await _until(lambda: window.nav.state("template").mark.value != "blocks")
    judge.enabled = False
    workspace.sig_judges_changed.emit(project.judges)
    await asyncio.sleep(1.5)  # the template is saved again a second after the edit
