"""The New Project wizard: read a file, map its columns, pick a template and a judge, create."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QFileDialog,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
    QWizard,
)
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from judgedesk.core.project.new import PREVIEW_ROLES
from judgedesk.core.project.settings import load_project
from judgedesk.core.template.library import get_template
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.wizard import NewProjectWizard
from judgedesk.ui.wizard.common import (
    PAGE_DATASET,
    PAGE_FIELDS,
    PAGE_JUDGE,
    PAGE_PROJECT,
    PAGE_TEMPLATE,
)

NEXT = QWizard.WizardButton.NextButton
FINISH = QWizard.WizardButton.FinishButton
QUESTION = PREVIEW_ROLES.index("question")
REFERENCE = PREVIEW_ROLES.index("reference")
RESPONSE = PREVIEW_ROLES.index("response")
ID = PREVIEW_ROLES.index("id")


def write_csv(folder: Path) -> Path:
    path = folder / "answers.csv"
    path.write_text(
        "uid,prompt,gold,model_output\n"
        "r1,What is 2+2?,4,It is 4\n"
        "r2,Capital of France?,Paris,Lyon\n"
        "r3,Largest planet?,Jupiter,Jupiter\n",
        encoding="utf-8",
    )
    return path


def open_wizard(qtbot: QtBot, path: Path, folder: Path) -> NewProjectWizard:
    wizard = NewProjectWizard(TaskRunner(), dataset_path=path, default_folder=folder)
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitUntil(lambda: not wizard.dataset_page.is_reading(), timeout=10_000)
    return wizard


def finish(qtbot: QtBot, wizard: NewProjectWizard) -> str:
    with qtbot.waitSignal(wizard.sig_project_created, timeout=10_000) as created:
        wizard.button(FINISH).click()
    return str(created.args[0])


def test_a_csv_becomes_a_project_with_an_offline_check(
    qtbot: QtBot, qtmodeltester: ModelTester, tmp_path: Path
) -> None:
    wizard = open_wizard(qtbot, write_csv(tmp_path), tmp_path / "projects")
    page = wizard.dataset_page
    assert page.dataset is not None
    assert "3 rows, CSV, UTF-8" in page.status.text()
    assert not page.issues.isVisibleTo(wizard)
    assert wizard.button(NEXT).isEnabled()

    wizard.next()
    assert wizard.currentId() == PAGE_FIELDS
    fields = wizard.fields_page
    preview = fields.preview_model
    qtbot.waitUntil(lambda: preview.rowCount() == 3)
    qtmodeltester.check(preview)
    assert fields.mapping() == {
        "question": "prompt",
        "reference": "gold",
        "response": "model_output",
        "id": "uid",
    }
    assert preview.data(preview.index(0, ID)) == "r1"
    assert preview.data(preview.index(0, QUESTION)) == "What is 2+2?"
    assert preview.data(preview.index(1, RESPONSE)) == "Lyon"
    assert "ref_answer" in preview.headerData(
        REFERENCE, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert not fields.chat_note.isVisibleTo(wizard)
    # The preview follows the combos.
    combo = fields.combos["reference"]
    with qtbot.waitSignal(preview.modelReset, timeout=5_000):
        combo.setCurrentIndex(combo.findData("model_output"))
    assert preview.data(preview.index(0, REFERENCE)) == "It is 4"
    assert "more than one role" in fields.problem.text()
    with qtbot.waitSignal(preview.modelReset, timeout=5_000):
        combo.setCurrentIndex(combo.findData("gold"))
    assert preview.data(preview.index(0, REFERENCE)) == "4"
    qtmodeltester.check(preview)

    wizard.next()
    assert wizard.currentId() == PAGE_TEMPLATE
    templates = wizard.template_page
    qtmodeltester.check(templates.model)
    templates.language.setCurrentIndex(templates.language.findData("en"))
    assert templates.template_id() == "score_reference"  # there is a reference answer
    assert "reference" in templates.description.text().lower()
    templates.select("score_single")
    templates.language.setCurrentIndex(templates.language.findData("zh"))
    assert templates.template_id() == "score_single"  # kept across languages
    qtmodeltester.check(templates.model)
    templates.language.setCurrentIndex(templates.language.findData("en"))
    templates.select("score_reference")

    wizard.next()
    assert wizard.currentId() == PAGE_JUDGE
    judge = wizard.judge_page
    judge.use_check.setChecked(True)
    judge.metric_choice.setCurrentIndex(judge.metric_choice.findData("exact"))
    assert not judge.base_url.isEnabled() and judge.metric_choice.isEnabled()
    assert "reference answer" in judge.metric_help.text()

    wizard.next()
    assert wizard.currentId() == PAGE_PROJECT
    project_page = wizard.project_page
    assert project_page.name.text() == "answers"
    assert Path(project_page.folder.text()) == tmp_path / "projects" / "answers"
    assert "Exact match" in project_page.summary.text()
    assert "Question from “prompt”" in project_page.summary.text()
    assert project_page.copy_dataset.isChecked()
    project_page.folder.setText(str(tmp_path / "proj"))
    folder = finish(qtbot, wizard)

    assert folder == str((tmp_path / "proj").resolve())
    assert not wizard.isVisible()
    project = load_project(folder)
    assert project.name == "answers"
    assert project.dataset.fields == {
        "question": "prompt",
        "reference": "gold",
        "response": "model_output",
        "id": "uid",
    }
    assert project.dataset.path == "data/answers.csv"
    assert (tmp_path / "proj" / "data" / "answers.csv").is_file()
    [check] = project.judges
    assert (check.kind, check.metric, check.name) == ("metric", "exact", "answer-check")
    assert check.template == "templates/answer-check.j2"
    assert project.read_template(check) == get_template("score_reference", "en").text
    assert page.dataset is None  # the wizard let go of the file


def test_a_chat_file_with_a_model_judge_a_template_file_and_a_linked_dataset(
    qtbot: QtBot, qtmodeltester: ModelTester, tmp_path: Path
) -> None:
    data = tmp_path / "chats.jsonl"
    with data.open("w", encoding="utf-8") as handle:
        for number in range(7):
            chat = [
                {"role": "user", "content": f"Say {number}"},
                {"role": "assistant", "content": str(number)},
            ]
            handle.write(json.dumps({"messages": chat, "answer_text": f"{number}!"}) + "\n")
    template = tmp_path / "mine.txt"
    template.write_text("Question: {question}\nAnswer: {response}\nScore 1-10.\n")
    wizard = open_wizard(qtbot, data, tmp_path / "projects")
    assert "7 rows, JSON Lines" in wizard.dataset_page.status.text()

    wizard.next()
    fields = wizard.fields_page
    assert fields.chat_note.isVisibleTo(wizard)
    assert "messages" in fields.chat_note.text()
    assert fields.combos["question"].currentData() == ""  # taken from the chat
    qtbot.waitUntil(lambda: fields.preview_model.rowCount() == 5)
    qtmodeltester.check(fields.preview_model)
    preview = fields.preview_model
    assert preview.data(preview.index(2, QUESTION)) == "Say 2"
    assert preview.data(preview.index(2, REFERENCE)) == "2"
    assert preview.data(preview.index(2, ID)) == "2"  # row numbers stand in for ids
    response = fields.combos["response"]
    with qtbot.waitSignal(preview.modelReset, timeout=5_000):
        response.setCurrentIndex(response.findData("answer_text"))
    assert preview.data(preview.index(2, RESPONSE)) == "2!"

    wizard.next()
    templates = wizard.template_page
    assert templates.template_id() == "score_reference"  # chats carry their reference
    templates.use_file.setChecked(True)
    assert not wizard.button(NEXT).isEnabled()  # no file chosen yet
    templates.file_edit.setText(str(tmp_path / "nothing.txt"))
    assert not wizard.button(NEXT).isEnabled()
    assert "no file" in templates.warning.text()
    templates.file_edit.setText(str(template))
    assert wizard.button(NEXT).isEnabled()

    wizard.next()
    judge = wizard.judge_page
    assert judge.use_model.isChecked()
    judge.preset.setCurrentIndex(judge.preset.findData("openai_compatible"))
    judge.preset.activated.emit(judge.preset.currentIndex())
    assert judge.base_url.text() == "https://api.openai.com/v1"
    judge.model_name.setText("judge-large")
    judge.key_env.setText("sk-proj-abcdefghijklmnopqrstuvwxyz123456")
    assert not wizard.button(NEXT).isEnabled()
    assert "the API key itself" in judge.problem.text()
    judge.key_env.setText("MY_JUDGE_KEY")
    assert wizard.button(NEXT).isEnabled()

    wizard.next()
    wizard.project_page.copy_dataset.setChecked(False)
    wizard.project_page.name.setText("Chat check")
    wizard.project_page.folder.setText(str(tmp_path / "chat-project"))
    folder = finish(qtbot, wizard)

    project = load_project(folder)
    assert project.name == "Chat check"
    assert project.dataset.path == str(data.resolve())  # linked, not copied
    assert not (tmp_path / "chat-project" / "data").exists()
    assert project.dataset.fields == {"response": "answer_text"}
    [model] = project.judges
    assert (model.kind, model.base_url, model.model, model.api_key) == (
        "openai",
        "https://api.openai.com/v1",
        "judge-large",
        "env:MY_JUDGE_KEY",
    )
    text = project.read_template(model)
    assert "{{ data.question }}" in text and "{question}" not in text
    assert "MY_JUDGE_KEY" not in (tmp_path / "chat-project" / "judgedesk.toml").read_text().replace(
        "env:MY_JUDGE_KEY", ""
    )


def test_an_unreadable_file_is_explained_and_next_stays_disabled(
    qtbot: QtBot, tmp_path: Path
) -> None:
    header_only = tmp_path / "empty.csv"
    header_only.write_text("prompt,gold\n")
    wizard = open_wizard(qtbot, header_only, tmp_path)
    page = wizard.dataset_page
    assert page.dataset is None
    assert "cannot be used" in page.status.text()
    assert "no rows of data" in page.status.text()
    assert page.status.isVisibleTo(wizard)
    assert not page.isComplete() and not wizard.button(NEXT).isEnabled()
    wizard.next()
    assert wizard.currentId() == PAGE_DATASET

    # Load problems are listed with their line; the readable rows can still be used.
    rough = tmp_path / "rough.csv"
    rough.write_text("prompt,gold\nfine,1\nbroken\nalso fine,2\n")
    page.set_path(rough)
    qtbot.waitUntil(page.isComplete, timeout=10_000)
    assert "2 rows" in page.status.text()
    assert page.issues.isVisibleTo(wizard)
    assert "rough.csv, line 3" in page.issues.toPlainText()
    assert "skipped" in page.issues_label.text()
    assert wizard.button(NEXT).isEnabled()

    # A note alone (not UTF-8) skips nothing and says so.
    chinese = tmp_path / "chinese.csv"
    chinese.write_bytes("问题,答案\n天空是什么颜色,蓝色\n".encode("gb18030"))
    page.set_path(chinese)
    qtbot.waitUntil(page.isComplete, timeout=10_000)
    assert "GBK" in page.status.text() and "GBK" in page.issues.toPlainText()
    assert "skipped" not in page.issues_label.text()

    page.path_edit.setText(str(tmp_path / "missing.jsonl"))
    page.path_edit.returnPressed.emit()
    qtbot.waitUntil(lambda: "was not found" in page.status.text(), timeout=10_000)
    assert not wizard.button(NEXT).isEnabled()


def test_going_back_for_another_file_offers_its_columns(qtbot: QtBot, tmp_path: Path) -> None:
    wizard = open_wizard(qtbot, write_csv(tmp_path), tmp_path / "projects")
    wizard.next()
    assert wizard.fields_page.mapping()["question"] == "prompt"
    wizard.back()
    other = tmp_path / "other.tsv"
    other.write_text("question\tprediction\nWhy?\tBecause.\n")
    wizard.dataset_page.set_path(other)
    assert not wizard.button(NEXT).isEnabled()  # while it is read
    qtbot.waitUntil(wizard.dataset_page.isComplete, timeout=10_000)
    assert "TSV" in wizard.dataset_page.status.text()
    wizard.next()
    fields = wizard.fields_page
    assert fields.mapping() == {"question": "question", "response": "prediction"}
    assert fields.combos["question"].findData("prompt") == -1
    qtbot.waitUntil(lambda: fields.preview_model.rowCount() == 1)
    assert "pick the column" not in fields.problem.text()
    wizard.next()
    assert wizard.template_page.template_id() == "score_single"  # no reference this time
    wizard.next()
    wizard.next()
    assert wizard.project_page.name.text() == "other"
    assert Path(wizard.project_page.folder.text()).name == "other"
    wizard.project_page.copy_dataset.setChecked(False)
    assert "used where it is" in wizard.project_page.summary.text()


def test_a_folder_in_use_is_refused_and_the_wizard_stays_open(qtbot: QtBot, tmp_path: Path) -> None:
    wizard = open_wizard(qtbot, write_csv(tmp_path), tmp_path / "projects")
    for _ in range(4):
        wizard.next()
    assert wizard.currentId() == PAGE_PROJECT
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    page = wizard.project_page
    page.folder.setText(str(busy))
    wizard.button(FINISH).click()
    qtbot.waitUntil(lambda: "not empty" in page.status.text(), timeout=10_000)
    assert "was not created" in page.status.text()
    assert wizard.isVisible() and wizard.currentId() == PAGE_PROJECT
    assert wizard.button(FINISH).isEnabled() and page.name.isEnabled()
    assert sorted(p.name for p in busy.iterdir()) == ["notes.txt"]

    page.folder.setText(str(tmp_path / "fresh"))
    assert not page.status.isVisibleTo(wizard)  # the old error goes with the old folder
    assert finish(qtbot, wizard) == str((tmp_path / "fresh").resolve())
    assert load_project(tmp_path / "fresh").judges[0].base_url == "http://127.0.0.1:11434/v1"


def test_the_suggested_folder_avoids_one_in_use(qtbot: QtBot, tmp_path: Path) -> None:
    projects = tmp_path / "projects"
    (projects / "answers").mkdir(parents=True)
    (projects / "answers" / "x.txt").write_text("taken")
    wizard = open_wizard(qtbot, write_csv(tmp_path), projects)
    for _ in range(4):
        wizard.next()
    page = wizard.project_page
    assert Path(page.folder.text()) == projects / "answers-2"
    page.name.setText("Holiday eval")
    page.name.textEdited.emit("Holiday eval")
    assert Path(page.folder.text()) == projects / "Holiday eval"


def test_a_workbook_with_several_sheets_offers_them(qtbot: QtBot, tmp_path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    first = book.active
    first.title = "Notes"
    first.append(["note"])
    first.append(["nothing to judge here"])
    second = book.create_sheet("Eval")
    second.append(["query", "expected", "output"])
    second.append(["1+1?", "2", "2"])
    second.append(["2+2?", "4", "5"])
    path = tmp_path / "book.xlsx"
    book.save(path)

    wizard = open_wizard(qtbot, path, tmp_path / "projects")
    page = wizard.dataset_page
    assert page.sheet.isVisibleTo(wizard)
    assert [page.sheet.itemText(i) for i in range(page.sheet.count())] == ["Notes", "Eval"]
    assert "1 row" in page.status.text() and "Excel" in page.status.text()
    page.sheet.setCurrentIndex(1)
    page.sheet.activated.emit(1)
    qtbot.waitUntil(lambda: page.dataset is not None and len(page.dataset) == 2, timeout=10_000)
    assert "sheet “Eval”" in page.status.text()
    wizard.next()
    assert wizard.fields_page.mapping() == {
        "question": "query",
        "reference": "expected",
        "response": "output",
    }
    assert wizard.plan().sheet == "Eval"


def test_a_parquet_export_is_offered_read_and_mapped(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    rows = [
        {"prompt": "1+1?", "gold": "2", "model_output": "2", "meta": {"tags": ["math"]}},
        {"prompt": "2+2?", "gold": "4", "model_output": "5", "meta": {"tags": []}},
    ]
    path = tmp_path / "test-00000-of-00001.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path)
    offered: list[str] = []

    def choose(parent: QWidget, title: str, start: str, filters: str) -> tuple[str, str]:
        offered.append(filters)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(choose))
    wizard = NewProjectWizard(TaskRunner(), default_folder=tmp_path / "projects")
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.dataset_page
    page.browse()
    qtbot.waitUntil(lambda: page.dataset is not None, timeout=10_000)
    first = offered[0].split(";;")[0]
    assert "*.parquet" in first and "Parquet (*.parquet)" in offered[0]
    assert "2 rows" in page.status.text() and "Parquet table" in page.status.text()
    wizard.next()
    assert wizard.fields_page.mapping()["response"] == "model_output"


def test_every_control_is_named_for_tests_and_screen_readers(qtbot: QtBot, tmp_path: Path) -> None:
    wizard = open_wizard(qtbot, write_csv(tmp_path), tmp_path)
    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        assert page.objectName() and page.title()
        controls = [
            *page.findChildren(QLineEdit),
            *page.findChildren(QComboBox),
            *page.findChildren(QAbstractItemView),
            *page.findChildren(QPlainTextEdit),
            *page.findChildren(QAbstractSpinBox),
        ]
        for control in controls:
            if part_of_another(control):
                continue
            assert control.objectName(), f"{page.objectName()}: {control!r} has no objectName"
            assert control.accessibleName(), f"{control.objectName()} has no accessible name"


def part_of_another(widget: QWidget) -> bool:
    """True for a combo's popup, a spin box's line edit, a table's header: named by the owner."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QComboBox | QAbstractSpinBox | QAbstractItemView):
            return True
        parent = parent.parentWidget()
    return False


def test_a_pairwise_template_offers_to_judge_both_orders(qtbot: QtBot, tmp_path: Path) -> None:
    data = tmp_path / "pairs.csv"
    data.write_text(
        "id,prompt,answer_a,answer_b\nq1,Hi?,Hello,Hey there\nq2,Bye?,Goodbye,See you\n",
        encoding="utf-8",
    )
    wizard = open_wizard(qtbot, data, tmp_path / "projects")
    wizard.next()
    fields = wizard.fields_page
    assert fields.combos["response_a"].currentData() == "answer_a"  # recognised by name
    wizard.next()
    templates = wizard.template_page
    templates.select("score_single")
    assert not templates.swap.isVisibleTo(wizard)  # one answer at a time: nothing to swap
    templates.select("pairwise_checklist")
    assert templates.swap.isVisibleTo(wizard) and templates.swap.isChecked()
    while wizard.currentId() != PAGE_PROJECT:  # the judge page's suggestion is kept
        wizard.next()
    wizard.project_page.folder.setText(str(tmp_path / "pairs-project"))
    project = load_project(finish(qtbot, wizard))
    assert project.run.swap
    assert project.dataset.fields["response_b"] == "answer_b"


def test_the_human_rating_column_shows_how_its_values_are_read(
    qtbot: QtBot, tmp_path: Path
) -> None:
    data = tmp_path / "rated.csv"
    labels = ["A"] * 12 + ["tie"] * 3 + ["maybe", "?", ""]
    checks = ["yes", "no", "对"] * 6
    rows = "".join(
        f"q{i},Question {i}?,one,two,{label},{check}\n"
        for i, (label, check) in enumerate(zip(labels, checks, strict=True))
    )
    data.write_text("id,prompt,answer_a,answer_b,human_label,checked\n" + rows, encoding="utf-8")
    wizard = open_wizard(qtbot, data, tmp_path / "projects")
    wizard.next()
    fields = wizard.fields_page
    assert fields.mapping()["human"] == "human_label"  # recognised by name
    reading = fields.human_reading
    qtbot.waitUntil(lambda: "Read as" in reading.text(), timeout=10_000)
    assert reading.isVisibleTo(wizard)
    assert reading.text() == (
        "Read as: A → A wins (12), tie → tie (3); not understood, so left out: "
        "“?” (1), “maybe” (1); 1 empty"
    )
    combo = fields.combos["human"]
    combo.setCurrentIndex(combo.findData("checked"))
    qtbot.waitUntil(lambda: "correct" in reading.text(), timeout=10_000)
    assert reading.text() == "Read as: no → incorrect (6), yes → correct (6), 对 → correct (6)"
    combo.setCurrentIndex(combo.findData(""))
    assert not reading.isVisibleTo(wizard)


def test_without_a_response_to_grade_the_wizard_does_not_go_on(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "qa.csv"
    # "answer" reads as the reference answer: nothing is left to grade.
    path.write_text("question,answer\nWhat is 2+2?,4\nCapital of France?,Paris\n")
    wizard = open_wizard(qtbot, path, tmp_path / "projects")
    wizard.next()
    fields = wizard.fields_page
    assert "response" not in fields.mapping()
    assert not fields.isComplete() and not wizard.button(NEXT).isEnabled()
    assert "nothing to grade" in fields.problem.text()
    combo = fields.combos["response"]
    combo.setCurrentIndex(combo.findData("answer"))
    assert fields.isComplete() and wizard.button(NEXT).isEnabled()
    assert "nothing to grade" not in fields.problem.text()


def test_several_models_are_chosen_for_a_leaderboard(qtbot: QtBot, tmp_path: Path) -> None:
    data = tmp_path / "models.csv"
    data.write_text(
        "id,prompt,gpt,llama,qwen\nq1,Hi?,Hello,Hey,Hi there\nq2,Bye?,Goodbye,Bye,See you\n",
        encoding="utf-8",
    )
    wizard = open_wizard(qtbot, data, tmp_path / "projects")
    wizard.next()
    fields = wizard.fields_page
    for role in ("response", "response_a", "response_b"):
        fields.combos[role].setCurrentIndex(0)  # (none): the models give the answers
    assert not wizard.button(NEXT).isEnabled()
    fields.models_button.setChecked(True)
    assert fields.models.isVisibleTo(wizard)
    fields.models.tick("gpt", "llama", "qwen")
    assert fields.models.baseline.count() == 3
    fields.models.baseline.setCurrentIndex(fields.models.baseline.findData("llama"))
    fields.models.pairs.setCurrentIndex(fields.models.pairs.findData("all"))
    assert wizard.button(NEXT).isEnabled()
    wizard.next()
    templates = wizard.template_page
    assert templates.template_id() == "pairwise_checklist"  # a pair at a time
    assert templates.warning.text() == ""
    while wizard.currentId() != PAGE_PROJECT:
        wizard.next()
    summary = wizard.project_page.summary.text()
    assert "Models: gpt, llama, qwen, baseline llama; 3 pairs judged on each row" in summary
    wizard.project_page.folder.setText(str(tmp_path / "board"))
    project = load_project(finish(qtbot, wizard))
    assert project.arena.answers == {"gpt": "gpt", "llama": "llama", "qwen": "qwen"}
    assert (project.arena.baseline, project.arena.pairs) == ("llama", "all")
    assert project.judges[0].parser == "choice5"
