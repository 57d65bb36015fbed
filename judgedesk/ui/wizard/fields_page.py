"""Step 2 of the New Project wizard: which column is the question, the answer… with a preview."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from judgedesk.core.dataset import Dataset
from judgedesk.core.project import PREVIEW_ROLES, ArenaSettings, preview_rows, suggested_fields
from judgedesk.core.review import LabelReading, describe_column
from judgedesk.ui.counts import rows_said
from judgedesk.ui.tasks import TaskRunner
from judgedesk.ui.wizard.common import note_label, plain_label, show_text, with_hint
from judgedesk.ui.wizard.dataset_page import DatasetPage
from judgedesk.ui.wizard.models import PreviewTableModel
from judgedesk.ui.wizard.models_box import ModelsBox

MAIN_ROLES = ("question", "reference", "response", "id", "human")
MORE_ROLES = ("reasoning", "response_a", "response_b", "category")
PREVIEW_COUNT = 5


class FieldsPage(QWizardPage):
    """One combo per role, filled in from the column names, and a live preview of the rows."""

    def __init__(
        self, tasks: TaskRunner, dataset_page: DatasetPage, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("fieldsPage")
        self.setTitle(self.tr("Match the columns"))
        self.setSubTitle(
            self.tr(
                "Tell JudgeDesk which column holds what. The guesses come from the column "
                "names; the preview shows what the judge will get for the first rows."
            )
        )
        self.tasks = tasks
        self.dataset_page = dataset_page
        self._dataset: Dataset | None = None
        self._filling = False
        self._preview_key = f"wizard-{id(self)}-preview"
        self._human_key = f"wizard-{id(self)}-human"
        self._human_asked: tuple[str, bool] | None = None
        self._task: asyncio.Task[Any] | None = None
        self.human_reading = note_label(self, "humanReading", "hint")

        self.chat_note = note_label(self, "chatNote")
        self.combos: dict[str, QComboBox] = {}
        labels = self._role_labels()
        tips = self._role_tips()
        main_form = QFormLayout()
        for role in MAIN_ROLES:
            self._add_role(main_form, role, labels[role], tips[role])
        self.more_button = QToolButton(self)
        self.more_button.setObjectName("moreRoles")
        self.more_button.setText(self.tr("More columns: reasoning, two responses, category"))
        self.more_button.setAccessibleName(self.tr("Show more column roles"))
        self.more_button.setCheckable(True)
        self.more_button.setAutoRaise(True)
        self.more_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.more_button.setArrowType(Qt.ArrowType.RightArrow)
        self.more_button.toggled.connect(self._toggle_more)
        self.more = QWidget(self)
        self.more.setObjectName("moreRolesBox")
        more_form = QFormLayout(self.more)
        more_form.setContentsMargins(0, 0, 0, 0)
        for role in MORE_ROLES:
            self._add_role(more_form, role, labels[role], tips[role])
        self.more.hide()
        self.models_button = QToolButton(self)
        self.models_button.setObjectName("severalModels")
        self.models_button.setText(
            self.tr("Several models: compare their answers on a leaderboard")
        )
        self.models_button.setAccessibleName(self.tr("Show the choice of several models"))
        self.models_button.setCheckable(True)
        self.models_button.setAutoRaise(True)
        self.models_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.models_button.setArrowType(Qt.ArrowType.RightArrow)
        self.models = ModelsBox(self)
        self.models.hide()
        self.models_button.toggled.connect(self._toggle_models)
        self.models.sig_models_changed.connect(self._mapping_changed)

        self.problem = note_label(self, "fieldsProblem")
        preview_label = QLabel(self.tr("What the judge will see in the first rows:"), self)
        self.preview_model = PreviewTableModel(self)
        self.preview = QTableView(self)
        self.preview.setObjectName("fieldsPreview")
        self.preview.setAccessibleName(self.tr("Preview of the first rows"))
        self.preview.setModel(self.preview_model)
        self.preview.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.preview.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.preview.setWordWrap(False)
        self.preview.verticalHeader().hide()  # the ID column names the rows
        self.preview.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.preview.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        preview_label.setBuddy(self.preview)

        layout = QVBoxLayout(self)
        layout.addWidget(self.chat_note)
        layout.addLayout(main_form)
        layout.addWidget(self.more_button)
        layout.addWidget(self.more)
        layout.addWidget(self.models_button)
        layout.addWidget(self.models)
        layout.addWidget(self.problem)
        layout.addSpacing(4)
        layout.addWidget(preview_label)
        layout.addWidget(self.preview, 1)
        show_text(self.chat_note, "")
        show_text(self.problem, "")
        show_text(self.human_reading, "")

    def _role_labels(self) -> dict[str, str]:
        return {
            "question": self.tr("&Question:"),
            "reference": self.tr("&Reference answer:"),
            "response": self.tr("Res&ponse to judge:"),
            "id": self.tr("Row &ID:"),
            "human": self.tr("&Human rating:"),
            "reasoning": self.tr("Reasoning:"),
            "response_a": self.tr("Response A:"),
            "response_b": self.tr("Response B:"),
            "category": self.tr("Category:"),
        }

    def _role_tips(self) -> dict[str, str]:
        return {
            "question": self.tr("The question or prompt the model was given."),
            "reference": self.tr("The correct or expected answer, if your data has one."),
            "response": self.tr("The model's answer that the judge will grade."),
            "id": self.tr("A column that names each row; row numbers are used otherwise."),
            "human": self.tr("A person's rating, to compare the judge with people later."),
            "reasoning": self.tr("The model's thinking, if it was saved apart from the answer."),
            "response_a": self.tr("The first of two answers, for templates that compare two."),
            "response_b": self.tr("The second of two answers, for templates that compare two."),
            "category": self.tr("A label to group results by (topic, task, language…)."),
        }

    def _add_role(self, form: QFormLayout, role: str, text: str, tip: str) -> None:
        label = QLabel(text, self)
        label.setObjectName(f"fieldLabel_{role}")
        combo = QComboBox(self)
        combo.setObjectName(f"field_{role}")
        combo.setAccessibleName(plain_label(text))
        combo.setAccessibleDescription(tip)
        combo.setToolTip(tip)
        combo.setMinimumContentsLength(24)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.currentIndexChanged.connect(self._mapping_changed)
        label.setBuddy(combo)
        if role == "human":  # how its values will be read shows under it
            form.addRow(label, with_hint(combo, self.human_reading))
        else:
            form.addRow(label, combo)
        self.combos[role] = combo

    def _toggle_more(self, shown: bool) -> None:
        self.more.setVisible(shown)
        self.more_button.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)

    def _toggle_models(self, shown: bool) -> None:
        self.models.setVisible(shown)
        arrow = Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        self.models_button.setArrowType(arrow)

    # --- filling in ---------------------------------------------------------------------

    def initializePage(self) -> None:
        dataset = self.dataset_page.dataset
        if dataset is not None and dataset is not self._dataset:
            self.set_dataset(dataset)

    def set_dataset(self, dataset: Dataset) -> None:
        """Offer ``dataset``'s columns and pick the likely ones."""
        self._dataset = dataset
        self._human_asked = None
        columns = dataset.fields()
        suggested = suggested_fields(dataset)
        self._filling = True
        try:
            for role, combo in self.combos.items():
                combo.clear()
                combo.addItem(self.tr("(none)"), "")
                for column in columns:
                    combo.addItem(column, column)
                combo.setCurrentIndex(max(0, combo.findData(suggested.get(role, ""))))
            self.models.set_columns(columns)
        finally:
            self._filling = False
        self.more_button.setChecked(any(role in suggested for role in MORE_ROLES))
        is_chat = "messages" in columns
        show_text(
            self.chat_note,
            self.tr(
                "These rows are chats (they have a “messages” column). The question and the "
                "reference answer are taken from each conversation, so you do not need to "
                "choose columns for them."
            )
            if is_chat
            else "",
        )
        self._mapping_changed()

    def _mapping_changed(self) -> None:
        if self._filling or self._dataset is None:
            return
        mapping = self.mapping()
        self._task = self.tasks.start(
            self._preview_key,
            asyncio.to_thread(preview_rows, self._dataset, mapping, PREVIEW_COUNT),
            on_done=self.preview_model.set_rows,
        )
        self.preview.setColumnHidden(PREVIEW_ROLES.index("human"), "human" not in mapping)
        self._read_human(mapping)
        complete = (
            self._has_question(mapping)
            and self._has_response(mapping)
            and not self.arena().problems()
        )
        kind = "hint" if complete else "error"
        show_text(self.problem, self._problem_text(mapping), kind)
        self.completeChanged.emit()

    def _read_human(self, mapping: dict[str, str]) -> None:
        column = mapping.get("human", "")
        asked = (column, "response_a" in mapping and "response_b" in mapping)
        if asked == self._human_asked or self._dataset is None:
            return
        self._human_asked = asked
        if not column:
            self.tasks.cancel(self._human_key)
            show_text(self.human_reading, "")
            return
        show_text(self.human_reading, self.tr("Reading the ratings…"), "hint")
        work = asyncio.to_thread(describe_column, self._dataset, column, pairwise=asked[1])
        self.tasks.start(self._human_key, work, on_done=self._show_human)

    def _show_human(self, reading: LabelReading) -> None:
        show_text(self.human_reading, self.human_text(reading), "hint")

    def human_text(self, reading: LabelReading) -> str:
        """How a human rating column's values will be read, in a line."""
        meanings = self._meanings()
        parts = []
        between = self.tr(", ", "between the items of a list")
        if reading.understood and reading.kind == "score":
            read = between.join(f"{label} ({count})" for label, _, count in reading.understood)
            parts.append(self.tr("Read as scores: {0}").format(read))
        elif reading.understood:
            read = between.join(
                self.tr("{0} → {1} ({2})").format(label, meanings.get(key, key), count)
                for label, key, count in reading.understood
            )
            parts.append(self.tr("Read as: {0}").format(read))
        if reading.unreadable:
            missed = between.join(
                self.tr("“{0}” ({1})").format(label, count)
                for label, _, count in reading.not_understood
            )
            parts.append(
                self.tr("not understood, so left out: {0}").format(missed)
                if reading.understood
                else self.tr("None of its values is understood: {0}").format(missed)
            )
        if reading.empty:
            parts.append(self.tr("{0} empty").format(f"{reading.empty:,}"))
        if not reading.labelled and not reading.unreadable:
            parts = [self.tr("This column is empty in every row.")]
        text = self.tr("; ", "between the parts of a sentence").join(parts)
        if not reading.complete:
            text = self.tr("In the first {0}: {1}").format(rows_said(reading.rows), text)
        return text

    def _meanings(self) -> dict[str, str]:
        return {
            "A>>B": self.tr("A much better"),
            "A>B": self.tr("A better"),
            "A=B": self.tr("tie"),
            "B>A": self.tr("B better"),
            "B>>A": self.tr("B much better"),
            "A": self.tr("A wins"),
            "B": self.tr("B wins"),
            "correct": self.tr("correct"),
            "incorrect": self.tr("incorrect"),
        }

    def _problem_text(self, mapping: dict[str, str]) -> str:
        if not self._has_question(mapping):
            return self.tr("Choose the column with the question: the judge needs it.")
        notes = []
        twice = [column for column, n in Counter(mapping.values()).items() if n > 1]
        if twice:
            notes.append(
                self.tr("“{0}” is chosen for more than one role; check that this is meant.").format(
                    twice[0]
                )
            )
        notes += self.arena().problems()
        if not self._has_response(mapping):
            notes.append(
                self.tr(
                    "No response is chosen: pick the column with the model's answers, or "
                    "the judge will have nothing to grade."
                )
            )
        return " ".join(notes)

    def _has_response(self, mapping: dict[str, str]) -> bool:
        pair = "response_a" in mapping and "response_b" in mapping
        several = self.arena().active
        return "response" in mapping or self._has_column("response") or pair or several

    def _has_column(self, name: str) -> bool:
        return self._dataset is not None and name in self._dataset.fields()

    def _has_question(self, mapping: dict[str, str]) -> bool:
        return "question" in mapping or self._has_column("messages") or self._has_column("question")

    # --- state --------------------------------------------------------------------------

    def mapping(self) -> dict[str, str]:
        """Role → column, leaving out roles set to (none)."""
        return {
            role: str(combo.currentData())
            for role, combo in self.combos.items()
            if combo.currentData()
        }

    def arena(self) -> ArenaSettings:
        """The models compared (none unless two or more columns are ticked)."""
        return self.models.arena()

    def describe(self) -> str:
        """The chosen columns in words, for the summary on the last page."""
        labels = self._role_labels()
        chosen = [
            self.tr("{0} from “{1}”").format(plain_label(labels[role]), column)
            for role, column in self.mapping().items()
        ]
        if chosen:
            return self.tr(", ", "between the items of a list").join(chosen)
        if self._has_column("messages"):
            return self.tr("none needed, the chats give the question and the reference")
        return self.tr("none chosen")

    def isComplete(self) -> bool:
        mapping = self.mapping()
        return (
            self._dataset is not None
            and self._has_question(mapping)
            and self._has_response(mapping)
            and not self.arena().problems()
        )

    def release(self) -> None:
        """Stop computing the preview (the wizard is closing)."""
        if self._task is not None:
            self._task.cancel()
        self.tasks.cancel(self._human_key)
        self._dataset = None
