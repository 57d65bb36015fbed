"""Regenerate the README's screenshots: each pane of the sample project, offscreen.

QT_QPA_PLATFORM=offscreen python tools/screenshots.py [--out docs/screenshots]
    [--language zh_CN] [--dark]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import qasync  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from judgedesk.core.workspace import Workspace  # noqa: E402
from judgedesk.resources import resource_path  # noqa: E402
from judgedesk.ui.i18n import install_translators  # noqa: E402
from judgedesk.ui.main_window import MainWindow  # noqa: E402
from judgedesk.ui.settings import AppSettings  # noqa: E402


async def shoot(window: MainWindow, out: Path) -> None:
    while window.workspace.dataset is None:
        await asyncio.sleep(0.05)
    window.workspace.select_row(21)
    await asyncio.sleep(0.3)
    for number in range(window.nav.count()):
        window.nav.setCurrentRow(number)
        if window.stack.currentWidget() is window.judges_pane:
            pane = window.judges_pane
            pane.list.setCurrentIndex(pane.model.index(1))  # the model judge's full form
        await asyncio.sleep(0.2)
        name = window.stack.currentWidget().objectName().removesuffix("Pane").lower()
        window.grab().save(str(out / f"{name}.png"))
        print(out / f"{name}.png")
    await shoot_dialogs(window, out)


async def shoot_template_dialogs(window: MainWindow, out: Path) -> None:
    """The Template pane's library, variables and importer."""
    window.nav.setCurrentRow(window.stack.indexOf(window.template_pane))
    tools = window.template_pane.tools
    library = tools.open_library()
    library.select("multidim_json")
    library.details.tabs.setCurrentIndex(1)  # the example for the row
    await asyncio.sleep(0.8)
    library.grab().save(str(out / "template-library.png"))
    print(out / "template-library.png")
    library.reject()
    variables = tools.open_variables()
    variables.select("max_score")
    await asyncio.sleep(0.3)
    variables.grab().save(str(out / "template-variables.png"))
    print(out / "template-variables.png")
    variables.close()
    importer = tools.open_import()
    importer.original.setPlainText(IMPORT_EXAMPLE)
    await asyncio.sleep(0.5)
    importer.grab().save(str(out / "template-import.png"))
    print(out / "template-import.png")
    importer.reject()


IMPORT_EXAMPLE = """Please act as an impartial judge of the response below.
[Question]
{$question}
[Reference]
{$ref_answer}
[Response]
{$prediction}
Criteria: {$criteria}
Answer with {"score": n} and {reason}."""


async def shoot_dialogs(window: MainWindow, out: Path) -> None:
    """The New Project wizard on each page, the guide, the template dialogs."""
    from judgedesk.ui.guide import GuideDialog
    from judgedesk.ui.wizard import NewProjectWizard

    await shoot_template_dialogs(window, out)
    guide = GuideDialog(window)
    guide.show()
    await asyncio.sleep(0.2)
    guide.grab().save(str(out / "guide.png"))
    print(out / "guide.png")
    guide.close()
    project = window.workspace.project
    assert project is not None
    wizard = NewProjectWizard(
        window.tasks, window, dataset_path=project.dataset_path(), default_folder=Path("/tmp")
    )
    wizard.resize(860, 640)
    wizard.show()
    for page in range(5):
        await asyncio.sleep(0.8)
        wizard.grab().save(str(out / f"wizard-{page + 1}.png"))
        print(out / f"wizard-{page + 1}.png")
        wizard.next()
    wizard.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--language", default="en", help="en or zh_CN")
    parser.add_argument("--dark", action="store_true", help="a dark colour scheme")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["JUDGEDESK_SETTINGS_DIR"] = tmp
        project = Path(tmp) / "Sample project"
        shutil.copytree(resource_path("sample"), project)
        app = QApplication(sys.argv[:1])
        install_translators(app, args.language)
        if args.dark:
            app.styleHints().setColorScheme(Qt.ColorScheme.Dark)
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        window = MainWindow(Workspace(), AppSettings())
        window.resize(1400, 860)
        window.show()
        window.open_project(project)
        with loop:
            loop.run_until_complete(shoot(window, out))
        window.close()


if __name__ == "__main__":
    main()
