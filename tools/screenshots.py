"""Regenerate the README's screenshots: each pane of the sample project, offscreen.

QT_QPA_PLATFORM=offscreen python tools/screenshots.py [--out docs/screenshots]
    [--language zh_CN] [--theme light|dark] [--scale 2] [--panes-only]
python tools/screenshots.py --looks   # every pane in light and dark, en and zh, at 1x and 2x
python tools/screenshots.py --screen 1280x720 --panes-only --out docs/screenshots/screen-1280x720

The window opens on a screen of 1920 × 1080 (``--screen`` another size), as on a desktop:
its size and the row inspector's place come from the screen, as they do for a person.
With ``--screen`` the window keeps the size it chose for that screen.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication, QScrollArea  # noqa: E402

from judgedesk.core.project import Workspace  # noqa: E402
from judgedesk.resources import resource_path  # noqa: E402
from judgedesk.ui.i18n import install_translators  # noqa: E402
from judgedesk.ui.main_window import MainWindow  # noqa: E402
from judgedesk.ui.settings import AppSettings  # noqa: E402
from judgedesk.ui.theme import use_theme  # noqa: E402
from tools.screenshots_failures import shoot_failures  # noqa: E402
from tools.screenshots_guide import shoot_guide  # noqa: E402
from tools.screenshots_local import shoot_local, shoot_people  # noqa: E402


async def shoot(window: MainWindow, out: Path, *, panes_only: bool = False) -> None:
    while window.workspace.dataset is None:
        await asyncio.sleep(0.05)
    window.workspace.select_row(21)
    await asyncio.sleep(0.3)
    for number in range(window.nav.count()):
        window.nav.setCurrentRow(number)
        if window.stack.currentWidget() is window.judges_pane:
            pane = window.judges_pane
            pane.list.setCurrentIndex(pane.model.index(1))  # the model judge's full form
        if window.stack.currentWidget() is window.template_pane:
            await judge_this_row(window)
        if window.stack.currentWidget() is window.run_pane:
            await run_sample(window)
        if window.stack.currentWidget() is window.scripts_pane:
            await try_a_script(window)
        if window.stack.currentWidget() is window.report_pane:
            await show_report(window, out)
        if window.stack.currentWidget() is window.review_pane:
            await review_some_rows(window)
        await asyncio.sleep(0.2)
        name = window.stack.currentWidget().objectName().removesuffix("Pane").lower()
        window.grab().save(str(out / f"{name}.png"))
        print(out / f"{name}.png")
    if panes_only:
        return
    await shoot_guide(window, out)
    await shoot_dialogs(window, out)
    await shoot_failures(window, out, SCREENSHOT_SCRIPT)
    await shoot_local(window, out, run_and_wait)
    await shoot_pairwise(window, out)
    await shoot_people(window, out, refresh_report)


async def shoot_pairwise(window: MainWindow, out: Path) -> None:
    """A pairwise project judged in both orders: its run and its report."""
    from tools.pairwise_demo import demo_server, make_pairwise_demo

    server = demo_server()
    try:
        folder = Path(tempfile.mkdtemp(prefix="judgedesk-pairs-")) / "Model X vs model Y"
        make_pairwise_demo(folder, server.base_url)
        window.workspace.dirty = False  # the sample's edits for the pictures are not kept
        opened = asyncio.Event()
        window.workspace.sig_dataset_loaded.connect(lambda _: opened.set())
        window.open_project(folder)
        await asyncio.wait_for(opened.wait(), 30)
        window.nav.setCurrentRow(window.stack.indexOf(window.run_pane))
        await run_and_wait(window)
        window.workspace.select_row(3)
        pane = window.report_pane
        shown = asyncio.Event()
        pane.sig_report_shown.connect(lambda report: report is not None and shown.set())
        window.nav.setCurrentRow(window.stack.indexOf(pane))
        pane.tabs.setCurrentIndex(0)
        pane.refresh()
        await asyncio.wait_for(shown.wait(), 60)
        await asyncio.sleep(0.4)
        pane.findChild(QScrollArea, "reportChartsScroll").ensureWidgetVisible(pane.pairs_card)
        await asyncio.sleep(0.2)
        window.grab().save(str(out / "pairwise-report.png"))
        print(out / "pairwise-report.png")
        review = window.review_pane
        window.nav.setCurrentRow(window.stack.indexOf(review))
        while review.model.rowCount() == 0 or not review.idle():
            await asyncio.sleep(0.05)
        review._set_position(review.model.position(2) or 0)
        while not review.idle():
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        window.grab().save(str(out / "pairwise-review.png"))
        print(out / "pairwise-review.png")
    finally:
        server.stop()


SAMPLE_REPLY = (
    "<think>The reference says an omelette is quicker; the answer agrees and gives a "
    "time.</think>"
    "**Agreement:** the answer picks the omelette, as the reference does, and its five "
    "minutes match the reference's timing.\n\n"
    "**Omissions:** it does not say why the frittata takes longer (it finishes in the "
    "oven), a small gap for a comparison question.\n\n"
    "Score: [[8]]"
)


async def judge_this_row(window: MainWindow) -> None:
    """A dry run of the sample's model judge against a local stand-in server."""
    from tests.support.fake_openai import FakeOpenAI

    pane = window.template_pane
    fake = FakeOpenAI(reply=lambda body: SAMPLE_REPLY, latency=0.4)
    fake.start()
    try:
        project = window.workspace.project
        assert project is not None
        judge = next(j for j in project.judges if j.name == pane.judge.currentText())
        saved_url, judge.base_url = judge.base_url, fake.base_url
        pane.judge_row()
        while pane.dry_run.busy():
            await asyncio.sleep(0.05)
        judge.base_url = saved_url
    finally:
        fake.stop()


async def run_sample(window: MainWindow) -> None:
    """A run of the sample project with its offline judge."""
    pane = window.run_pane
    await run_and_wait(window)
    pane.finished_rows.view.selectRow(2)
    window.inspector.tabs.setCurrentWidget(window.judging)
    await asyncio.sleep(0.3)


async def refresh_report(window: MainWindow) -> None:
    """Compute the report again and wait until the pane shows it."""
    pane = window.report_pane
    shown = asyncio.Event()
    pane.sig_report_shown.connect(lambda report: report is not None and shown.set())
    pane.refresh()
    await asyncio.wait_for(shown.wait(), 30)
    await asyncio.sleep(0.3)


async def show_report(window: MainWindow, out: Path) -> None:
    """The report of the sample's run; then a second run compared with the first."""
    pane = window.report_pane
    await refresh_report(window)
    window.grab().save(str(out / "report-charts.png"))
    print(out / "report-charts.png")
    # A stricter rule (exact match instead of "contains") changes some verdicts.
    project = window.workspace.project
    assert project is not None
    judge = project.judges[0]
    judge.metric = "exact"
    await run_and_wait(window)
    judge.metric = "contains"
    compared = asyncio.Event()
    pane.sig_comparison_shown.connect(lambda _: compared.set())
    pane.tabs.setCurrentWidget(pane.compare)
    pane.refresh()
    await asyncio.wait_for(compared.wait(), 30)
    pane.compare.table.selectRow(0)  # the inspector follows
    await asyncio.sleep(0.3)


async def review_some_rows(window: MainWindow) -> None:
    """A person's first verdicts on the sample's run, given with the pane's keys."""
    pane = window.review_pane
    while pane.model.rowCount() == 0 or not pane.idle():
        await asyncio.sleep(0.05)
    # The rule judge says correct / incorrect (key 1 / key 0). It is too literal on
    # rows 12 and 15: right answers worded unlike the reference.
    keys = ["A"] * 12 + ["1", "A", "A", "1"]
    for key in keys:
        if key == "A":
            pane.agree(True)
        else:
            pane.press_digit(int(key))
        while not pane.idle():
            await asyncio.sleep(0.02)
    pane._set_position(pane.model.position(12) or 0)
    pane.flag()
    pane.focus_note()
    pane.card.note.setText("Right answer; the rule wants the reference word for word")
    pane.card.note.textEdited.emit(pane.card.note.text())
    pane.card.sig_note_left.emit()
    while not pane.idle():
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)


SCREENSHOT_SCRIPT = '''"""Preprocess: tidy the answer before the judges see it."""

import re


def preprocess(data, resp, **kwargs):
    answer = resp.get("content") or ""
    # Some models leave their thinking in the answer.
    answer = re.sub(r"<think>.*?</think>", "", answer, flags=re.S).strip()
    resp["content"] = answer
    data["answer_words"] = len(answer.split())
    print("row", data.get("id"), "has", data["answer_words"], "words")
    return {"short_answer": data["answer_words"] < 5}
'''


async def try_a_script(window: MainWindow) -> None:
    """A preprocess script typed in and tried on the selected row."""
    pane = window.scripts_pane
    while not pane.run_button.isEnabled():
        await asyncio.sleep(0.05)
    editor = pane.pages["preprocess"].editor
    editor.selectAll()
    editor.insertPlainText(SCREENSHOT_SCRIPT)
    done, saved = asyncio.Event(), asyncio.Event()
    pane.sig_trial_shown.connect(lambda _: done.set())
    pane.sig_script_saved.connect(lambda _: saved.set())
    pane.files.flush()
    pane.run_on_row()
    await asyncio.wait_for(done.wait(), 60)
    await asyncio.wait_for(saved.wait(), 10)
    pane.results.tabs.setCurrentWidget(pane.results.changes)


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


async def shoot_preferences(window: MainWindow, out: Path) -> None:
    """Preferences on its Trust tab, with answers like those a person gives over time."""
    from judgedesk.core.judge import KeyApprovals, KeyUse
    from judgedesk.core.project import FileApprovals, TrustStore

    projects = Path.home() / "JudgeDesk"
    # Folders that need not exist: trusting one only reads it.
    TrustStore().trust(projects / "Support answers from Lin")
    KeyApprovals().approve(
        [
            KeyUse("env:OPENAI_API_KEY", "https://api.openai.com/v1"),
            KeyUse("keyring:judgedesk/deepseek", "https://api.deepseek.com/v1"),
        ]
    )
    FileApprovals().allow(
        projects / "Chatbot evaluation", [Path.home() / "datasets" / "chat-logs-2024.jsonl"]
    )
    dialog = window.menus.open_preferences()
    loaded = asyncio.Event()
    dialog.trust.sig_loaded.connect(loaded.set)
    await asyncio.wait_for(loaded.wait(), 10)
    dialog.tabs.setCurrentWidget(dialog.trust)
    dialog.trust.keys.view.selectRow(0)
    await asyncio.sleep(0.3)
    dialog.grab().save(str(out / "preferences.png"))
    print(out / "preferences.png")
    dialog.reject()


async def run_and_wait(window: MainWindow) -> None:
    """Start a run of the open project and wait until it ends (the judges are asked first)."""
    finished = asyncio.Event()
    window.run_pane.sig_run_finished.connect(lambda _: finished.set())
    window.run_pane.start()
    await asyncio.wait_for(finished.wait(), 600)  # a model file on a busy machine is slow


async def shoot_verdict_rule(window: MainWindow, out: Path) -> None:
    """The verdict rule dialog: a house format shown in a stored reply, tried on them all."""
    from PySide6.QtGui import QTextCursor

    from tests.support.fake_openai import FakeOpenAI

    def house_format(body: dict[str, object]) -> str:
        number = len(str(body["messages"])) % 7  # type: ignore[index]
        if number == 0:
            return "The question asks for a source I cannot check, so I will not grade it."
        if number == 1:
            return "Final grade: 6/10, or rather, on reflection, Final grade: 7/10"
        return f"Accurate and clear; one step is not explained.\n\nFinal grade: {number + 3}/10"

    project = window.workspace.project
    assert project is not None
    judge = project.judges[1]  # the sample's model judge, answering in its own format
    saved = (judge.base_url, judge.enabled)
    fake = FakeOpenAI(reply=house_format, models=[judge.model]).start()
    try:
        judge.base_url, judge.enabled = fake.base_url, True
        window.nav.setCurrentRow(window.stack.indexOf(window.run_pane))
        await run_and_wait(window)
    finally:
        judge.base_url, judge.enabled = saved
        fake.stop()
    pane = window.judges_pane
    window.nav.setCurrentRow(window.stack.indexOf(pane))
    pane.list.setCurrentIndex(pane.model.index(1))
    dialog = pane.open_rule_dialog()
    assert dialog is not None
    while dialog.example_box.loading():
        await asyncio.sleep(0.05)
    box = dialog.example_box
    box.pick(next(i for i, (text, _) in enumerate(box.replies) if "Accurate" in text))
    text = dialog.example.toPlainText()
    start = text.rindex("/10") - 1
    cursor = dialog.example.textCursor()
    cursor.setPosition(start)
    cursor.setPosition(start + 1, QTextCursor.MoveMode.KeepAnchor)
    dialog.example.setTextCursor(cursor)
    box.use_selected_text()
    dialog.low.setText("0")
    dialog.high.setText("10")
    shown = asyncio.Event()
    dialog.trial.sig_trial_shown.connect(lambda _: shown.set())
    dialog.try_on_stored_replies()
    await asyncio.wait_for(shown.wait(), 30)
    await asyncio.sleep(0.3)
    dialog.grab().save(str(out / "verdict-rule.png"))
    print(out / "verdict-rule.png")
    dialog.reject()


async def shoot_dialogs(window: MainWindow, out: Path) -> None:
    """The New Project wizard on each page, the guide, the template dialogs, Preferences."""
    from judgedesk.ui.guide import GuideDialog
    from judgedesk.ui.wizard import NewProjectWizard

    await shoot_template_dialogs(window, out)
    await shoot_preferences(window, out)
    await shoot_verdict_rule(window, out)
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


LOOKS = [
    (lang, theme, scale)
    for lang in ("en", "zh_CN")
    for theme in ("light", "dark")
    for scale in (1, 2)
]
"""The looks every pane is shown in: language, theme and scale."""


def shoot_looks(out: Path) -> None:
    """Every pane in each of :data:`LOOKS`, one process each (the scale is fixed at start)."""
    for lang, theme, scale in LOOKS:
        folder = out / "looks" / f"{lang.split('_')[0]}-{theme}-{scale}x"
        command = [sys.executable, __file__, "--out", str(folder), "--language", lang]
        command += ["--theme", theme, "--scale", str(scale), "--panes-only"]
        subprocess.run(command, check=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--language", default="en", help="en or zh_CN")
    parser.add_argument("--theme", default="light", choices=("light", "dark"))
    parser.add_argument("--dark", action="store_true", help="the same as --theme dark")
    parser.add_argument("--scale", default=1.0, type=float, help="the screen's scale, 1 to 2")
    parser.add_argument("--panes-only", action="store_true", help="the seven panes, no dialogs")
    parser.add_argument("--looks", action="store_true", help="every pane in every look")
    parser.add_argument(
        "--screen", help="the screen's size, e.g. 1280x720 (the window fits it as on a laptop)"
    )
    args = parser.parse_args()
    out = Path(args.out)
    if args.looks:
        shoot_looks(out)
        return
    out.mkdir(parents=True, exist_ok=True)
    if args.scale != 1:
        os.environ["QT_SCALE_FACTOR"] = str(args.scale)
    screen_file = _screen_config(args.screen or "1920x1080", args.scale)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["JUDGEDESK_SETTINGS_DIR"] = tmp
        project = Path(tmp) / "Sample project"
        shutil.copytree(resource_path("sample"), project)
        app = QApplication(sys.argv[:1])
        install_translators(app, args.language)
        use_theme("dark" if args.dark else args.theme)
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        window = MainWindow(Workspace(), AppSettings())
        if not args.screen:
            window.resize(1600, 860)
        window.show()
        window.open_project(project)
        with loop:
            loop.run_until_complete(shoot(window, out, panes_only=args.panes_only))
        window.close()
    screen_file.unlink(missing_ok=True)


def _screen_config(size: str, scale: float) -> Path:
    """Make the offscreen platform show one screen of ``size`` ("1280x720") once scaled."""
    width, height = (round(int(x) * scale) for x in size.lower().split("x"))
    screen = {"name": "screen", "x": 0, "y": 0, "width": width, "height": height}
    screen |= {"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    config = {"windowFrameMargins": False, "screens": [screen]}
    handle, name = tempfile.mkstemp(prefix="judgedesk-screen-", suffix=".json")
    os.close(handle)
    Path(name).write_text(json.dumps(config), encoding="utf-8")
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={name}"
    return Path(name)


if __name__ == "__main__":
    main()
