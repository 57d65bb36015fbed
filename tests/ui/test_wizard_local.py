"""The New Project wizard with a model file on this computer as the judge."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QWizard
from pytestqt.qtbot import QtBot

from judgedesk.core.judge.local_fit import EXTRA_MISSING
from judgedesk.core.project.settings import load_project
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.wizard import NewProjectWizard, judge_file
from judgedesk.ui.wizard.common import PAGE_JUDGE, PAGE_PROJECT
from judgedesk.ui.wizard.judge_page import JudgePage
from tests.support.gguf_files import write_gguf

NEXT = QWizard.WizardButton.NextButton
FINISH = QWizard.WizardButton.FinishButton


def choose(monkeypatch: pytest.MonkeyPatch, path: Path) -> list[str]:
    """Browse… answers ``path`` instead of opening a file dialog; the folders it started
    in are listed."""
    started: list[str] = []

    def chooser(parent: object, start: str) -> str:
        started.append(start)
        return str(path)

    monkeypatch.setattr(judge_file, "choose_model_file", chooser)
    return started


def to_judge_page(qtbot: QtBot, tmp_path: Path) -> NewProjectWizard:
    data = tmp_path / "answers.csv"
    data.write_text(
        "uid,prompt,gold,model_output\nr1,What is 2+2?,4,It is 4\nr2,Capital?,Paris,Lyon\n",
        encoding="utf-8",
    )
    wizard = NewProjectWizard(TaskRunner(), dataset_path=data, default_folder=tmp_path / "p")
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitUntil(lambda: not wizard.dataset_page.is_reading(), timeout=10_000)
    while wizard.currentId() != PAGE_JUDGE:
        assert wizard.button(NEXT).isEnabled(), wizard.currentId()
        wizard.next()
    return wizard


def wait_read(qtbot: QtBot, page: JudgePage) -> None:
    qtbot.waitUntil(lambda: not page.file_box.reading(), timeout=10_000)


def test_a_model_file_is_described_and_becomes_the_projects_judge(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judge_file, "local_extra_installed", lambda: True)
    model = write_gguf(tmp_path / "models" / "m.gguf", name="Tiny Judge")
    started = choose(monkeypatch, model)
    wizard = to_judge_page(qtbot, tmp_path)
    page = wizard.judge_page
    assert not page.file_box.isEnabled()
    assert not page.file_box.missing.isVisibleTo(wizard)  # the extra is there

    page.use_file.setChecked(True)
    assert page.file_box.isEnabled() and not page.model_box.isEnabled()
    assert not wizard.button(NEXT).isEnabled()  # no file yet
    assert "Browse…" in page.problem.text()
    page.file_box.browse.click()
    assert started == [""]
    assert page.file_box.path.text() == str(model)
    assert not wizard.button(NEXT).isEnabled()  # not read yet
    wait_read(qtbot, page)
    description = page.file_box.description
    assert description.isVisibleTo(wizard) and "Tiny Judge" in description.text()
    assert not page.problem.isVisibleTo(wizard)
    assert wizard.button(NEXT).isEnabled()
    page.file_box.browse.click()
    assert started[-1] == str(model.parent)  # Browse… starts where the file is

    wizard.next()
    assert wizard.currentId() == PAGE_PROJECT
    assert "m.gguf" in wizard.project_page.summary.text()
    wizard.project_page.folder.setText(str(tmp_path / "proj"))
    with qtbot.waitSignal(wizard.sig_project_created, timeout=10_000) as created:
        wizard.button(FINISH).click()
    project = load_project(str(created.args[0]))
    [judge] = project.judges
    assert (judge.kind, judge.model_file, judge.structured) == ("local", str(model), True)
    assert (judge.name, judge.concurrency, judge.base_url) == ("judge", 1, "")
    assert judge.template == "templates/judge.j2" and judge.parser
    assert project.read_template(judge)


def test_a_file_that_is_not_gguf_is_explained_and_next_stays_off(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judge_file, "local_extra_installed", lambda: False)
    notes = tmp_path / "notes.gguf"
    notes.write_text("not a model at all\n" * 20, encoding="utf-8")
    wizard = to_judge_page(qtbot, tmp_path)
    page = wizard.judge_page
    missing = page.file_box.missing
    assert missing.isVisibleTo(wizard) and missing.text() == EXTRA_MISSING
    assert missing.textInteractionFlags()  # selectable, to copy the pip command

    page.use_file.setChecked(True)
    page.file_box.path.setText(str(notes))
    wait_read(qtbot, page)
    assert "notes.gguf is not a GGUF model file" in page.problem.text()
    assert page.problem.isVisibleTo(wizard) and "color" in page.problem.styleSheet()
    assert not page.file_box.description.isVisibleTo(wizard)
    assert not page.isComplete() and not wizard.button(NEXT).isEnabled()

    # A file that is not there is a problem as well; a real model mends it.
    page.file_box.path.setText(str(tmp_path / "gone.gguf"))
    wait_read(qtbot, page)
    assert "cannot be read" in page.problem.text() and not page.isComplete()
    page.file_box.path.setText(str(write_gguf(tmp_path / "real.gguf")))
    wait_read(qtbot, page)
    assert page.isComplete() and not page.problem.isVisibleTo(wizard)
    # The missing extra does not stop the project: a run checks for it again.
    assert wizard.button(NEXT).isEnabled()

    # Other choices do not care about the file.
    page.file_box.path.setText(str(notes))
    wait_read(qtbot, page)
    assert not page.isComplete()
    page.use_check.setChecked(True)
    assert page.isComplete() and page.judge().kind == "metric"


def test_find_local_servers_fills_the_model_file_choice(qtbot: QtBot, tmp_path: Path) -> None:
    models = tmp_path / "models"
    model = write_gguf(models / "tiny-judge.gguf", name="Tiny Judge")
    wizard = to_judge_page(qtbot, tmp_path)
    page = wizard.judge_page
    page.ports = []  # no server is asked: the test's folder alone is listed
    page.folders = [models]
    page.find_button.click()
    dialog = page.find_dialog
    assert dialog is not None and dialog.folders == [models]
    # The search ends once what it found is listed: the file is there as it ends.
    qtbot.waitUntil(lambda: not dialog.searching(), timeout=10_000)
    index = dialog.find_item("tiny-judge")
    assert index.isValid()
    dialog.tree.setCurrentIndex(index)
    dialog.add_button.click()

    assert page.use_file.isChecked() and page.file_box.path.text() == str(model)
    wait_read(qtbot, page)
    assert "Tiny Judge" in page.file_box.description.text()
    assert wizard.button(NEXT).isEnabled()
    judge = page.judge()
    assert (judge.kind, judge.model_file, judge.structured) == ("local", str(model), True)
