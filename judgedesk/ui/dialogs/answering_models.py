"""Models that answer the questions themselves: the candidate and the baseline."""

from __future__ import annotations

import copy

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.judge import (
    KEY_REFERENCE,
    ConnectionCheck,
    JudgeSettings,
    KeyUse,
    check_connection,
)
from judgedesk.core.project import Workspace
from judgedesk.ui.approvals import KeyGate
from judgedesk.ui.tasks import TaskRunner


class ModelBox(QGroupBox):
    """One answering model: checkable, with its server, model, key and system prompt."""

    def __init__(
        self,
        name: str,
        title: str,
        explanation: str,
        tasks: TaskRunner,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.setObjectName(f"{name}Box")
        self.setCheckable(True)
        self.name = name
        self.tasks = tasks
        self.keys = KeyGate(tasks, self)
        note = QLabel(explanation, self)
        note.setWordWrap(True)
        self.same_as = QComboBox(self)
        self.same_as.setObjectName(f"{name}SameAs")
        self.same_as.setAccessibleName(self.tr("Use the server of a judge"))
        self.same_as.activated.connect(self._copy_server)
        self.base_url = QLineEdit(self)
        self.base_url.setObjectName(f"{name}BaseUrl")
        self.base_url.setAccessibleName(self.tr("Server address"))
        self.base_url.setPlaceholderText("http://127.0.0.1:11434/v1")
        self.model = QComboBox(self)
        self.model.setObjectName(f"{name}Model")
        self.model.setAccessibleName(self.tr("Model"))
        self.model.setEditable(True)
        self.key = QLineEdit(self)
        self.key.setObjectName(f"{name}Key")
        self.key.setAccessibleName(self.tr("Where the API key is"))
        self.key.setPlaceholderText(self.tr("env:NAME or keyring:service/user; empty for none"))
        self.system_prompt = QPlainTextEdit(self)
        self.system_prompt.setObjectName(f"{name}SystemPrompt")
        self.system_prompt.setAccessibleName(self.tr("System prompt"))
        self.system_prompt.setMaximumHeight(60)
        self.system_prompt.setTabChangesFocus(True)
        self.prompt_template = QLineEdit(self)
        self.prompt_template.setObjectName(f"{name}PromptTemplate")
        self.prompt_template.setAccessibleName(self.tr("Prompt template"))
        self.prompt_template.setPlaceholderText(
            self.tr("a template file in the project; empty: the row's question or chat")
        )
        self.prompt_template.setToolTip(
            self.tr(
                "What the model is asked for each row, rendered as the judges' templates "
                "are, e.g. templates/candidate.j2 holding {{ data.question }}."
            )
        )
        self.test_button = QPushButton(self.tr("Test connection"), self)
        self.test_button.setObjectName(f"{name}Test")
        self.test_button.clicked.connect(self.test_connection)
        self.result = QLabel("", self)
        self.result.setObjectName(f"{name}TestResult")
        self.result.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Same server as:"), self.same_as)
        form.addRow(self.tr("Server address:"), self.base_url)
        form.addRow(self.tr("Model:"), self.model)
        form.addRow(self.tr("API key:"), self.key)
        form.addRow(self.tr("System prompt:"), self.system_prompt)
        form.addRow(self.tr("Prompt template:"), self.prompt_template)
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button)
        test_row.addWidget(self.result, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(form)
        layout.addLayout(test_row)
        self._judges: list[JudgeSettings] = []

    def show_settings(self, settings: JudgeSettings | None, judges: list[JudgeSettings]) -> None:
        self._judges = [j for j in judges if j.kind != "metric"]
        self.same_as.clear()
        self.same_as.addItem(self.tr("(type it below)"), "")
        for judge in self._judges:
            self.same_as.addItem(judge.name, judge.name)
        self.setChecked(settings is not None)
        shown = settings or JudgeSettings(name=self.name, template="")
        self.base_url.setText(shown.base_url)
        self.model.setCurrentText(shown.model)
        self.key.setText(shown.api_key)
        self.system_prompt.setPlainText(shown.system_prompt)
        self.prompt_template.setText(shown.prompt_template)
        self._kept = copy.deepcopy(shown)

    def settings(self) -> JudgeSettings | None:
        """The model as set here, or None when the box is unchecked."""
        if not self.isChecked():
            return None
        settings = copy.deepcopy(self._kept)
        settings.name = self.name
        settings.kind = "openai"
        settings.template = ""
        settings.base_url = self.base_url.text().strip()
        settings.model = self.model.currentText().strip()
        settings.api_key = self.key.text().strip()
        settings.system_prompt = self.system_prompt.toPlainText()
        settings.prompt_template = self.prompt_template.text().strip()
        return settings

    def problem(self) -> str:
        """What must be fixed before the settings can be kept, or ""."""
        settings = self.settings()
        if settings is None:
            return ""
        if not settings.base_url or not settings.model:
            return self.tr("{0}: give a server address and a model.").format(self.title())
        if settings.api_key and not KEY_REFERENCE.match(settings.api_key):
            return self.tr("{0}: type where the key is (env:NAME), never the key itself.").format(
                self.title()
            )
        return ""

    def _copy_server(self, index: int) -> None:
        judge = next((j for j in self._judges if j.name == self.same_as.itemData(index)), None)
        if judge is not None:
            self.base_url.setText(judge.base_url)
            self.key.setText(judge.api_key)
            self._kept.headers = dict(judge.headers)

    def test_connection(self) -> None:
        address, key = self.base_url.text().strip(), self.key.text().strip()
        self.test_button.setEnabled(False)
        use = KeyUse(key, address, self.title().lower()) if KEY_REFERENCE.match(key) else None
        self.keys.then(
            [use] if use is not None else [],
            lambda: self._connect(address, key),
            self._not_allowed,
            key=f"answering-keys-{self.name}",
        )

    def _connect(self, address: str, key: str) -> None:
        self.result.setText(self.tr("Connecting to {0}…").format(address))
        self.tasks.start(
            f"answering-test-{self.name}", check_connection(address, key), on_done=self._tested
        )

    def _not_allowed(self, words: str) -> None:
        self.test_button.setEnabled(True)
        self.result.setText(words)

    def _tested(self, outcome: ConnectionCheck) -> None:
        self.test_button.setEnabled(True)
        if not outcome.ok:
            self.result.setText(outcome.problem)
            return
        current = self.model.currentText()
        self.model.clear()
        self.model.addItems(outcome.models)
        self.model.setCurrentText(current or (outcome.models[0] if outcome.models else ""))
        self.result.setText(
            self.tr("Connected in {0} ms — {1} models").format(
                f"{outcome.milliseconds:.0f}", len(outcome.models)
            )
        )


class AnsweringModelsDialog(QDialog):
    """Sets the project's candidate and baseline models, as one step of Edit › Undo."""

    def __init__(self, workspace: Workspace, tasks: TaskRunner, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("answeringModelsDialog")
        self.setWindowTitle(self.tr("Models that answer"))
        self.workspace = workspace
        self.candidate = ModelBox(
            "candidate",
            self.tr("&Candidate"),
            self.tr(
                "Answers the rows that have no response, so a dataset of questions alone "
                "can be judged. It is asked the row's question (or its chat), and its answer "
                "is what the judges grade."
            ),
            tasks,
            self,
        )
        self.baseline = ModelBox(
            "baseline",
            self.tr("&Baseline"),
            self.tr(
                "Its answer to each row becomes answer A, compared with the row's response "
                "(answer B) by a template that compares two answers, such as “Pairwise "
                "comparison with a checklist”."
            ),
            tasks,
            self,
        )
        self.problem = QLabel("", self)
        self.problem.setObjectName("answeringModelsProblem")
        self.problem.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.candidate)
        layout.addWidget(self.baseline)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        project = workspace.project
        judges = project.judges if project is not None else []
        self.candidate.show_settings(project.candidate if project else None, judges)
        self.baseline.show_settings(project.baseline if project else None, judges)
        self.resize(620, 640)

    def accept(self) -> None:
        problems = [p for p in (self.candidate.problem(), self.baseline.problem()) if p]
        if problems:
            self.problem.setText("\n".join(problems))
            return
        self.workspace.change_answering_models(
            self.candidate.settings(),
            self.baseline.settings(),
            self.tr("Change the models that answer"),
        )
        super().accept()
