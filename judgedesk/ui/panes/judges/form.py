"""The Judges pane's form for one judge: its settings, storing its key, Test connection."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import (
    METRICS,
    PRESETS,
    ConnectionCheck,
    JudgeSettings,
    KeyUse,
    check_connection,
    store_api_key,
)
from judgedesk.ui.approvals import KeyGate
from judgedesk.ui.core_strings import core_say, core_tr
from judgedesk.ui.panes.judges.local import LocalFileRows
from judgedesk.ui.panes.judges.reader import JudgeReaderRow
from judgedesk.ui.panes.judges.structured import StructuredRows
from judgedesk.ui.tasks import TaskRunner

KEY_NONE, KEY_ENV, KEY_KEYRING = 0, 1, 2


class JudgeForm(QWidget):
    """One judge's settings as a form; every edit goes straight into the judge shown,
    and is then announced (the pane puts it into the project).

    Signals:
        sig_judge_edited: the judge shown and the objectName of the field edited, after
            the person changed it.
        sig_key_stored: the judge shown, after its key went into the system keyring.
        sig_rule_requested: the person asks to write or change the judge's own rule.
        sig_connection_tested: a judge's name and what keeps its server from being used
            ("" when it answered), after Test connection.
    """

    sig_judge_edited = Signal(object, str)
    sig_key_stored = Signal(object)
    sig_rule_requested = Signal()
    sig_connection_tested = Signal(str, str)

    def __init__(
        self,
        tasks: TaskRunner,
        root: Callable[[], Path | None],
        parent: QWidget | None = None,
    ) -> None:
        """``root``: the folder of the project shown, which relative model files are in."""
        super().__init__(parent)
        self.setObjectName("judgeForm")
        self.tasks = tasks
        self.keys = KeyGate(tasks, self)
        self._judge: JudgeSettings | None = None
        self._loading = False
        self.form = QFormLayout()
        self.name = self._line("judgeName", self.tr("Name"))
        self.enabled = QCheckBox(self.tr("Run this judge"), self)
        self.enabled.setObjectName("judgeEnabled")
        self.enabled.toggled.connect(self._edited)
        self.form.addRow("", self.enabled)
        self.kind = QComboBox(self)
        self.kind.setObjectName("judgeKind")
        self.kind.addItem(self.tr("Model endpoint (OpenAI-compatible)"), "openai")
        self.kind.addItem(self.tr("Model file (GGUF, runs here)"), "local")
        self.kind.addItem(self.tr("Rule, no model (offline)"), "metric")
        self.kind.currentIndexChanged.connect(self._edited)
        self.form.addRow(self.tr("Kind"), self.kind)
        self.metric_choice = QComboBox(self)
        self.metric_choice.setObjectName("judgeMetric")
        for info in METRICS.values():
            self.metric_choice.addItem(core_tr(info.title), info.id)
        self.metric_choice.currentIndexChanged.connect(self._edited)
        self.form.addRow(self.tr("Rule"), self.metric_choice)
        self.metric_help = QLabel("", self)
        self.metric_help.setObjectName("judgeMetricHelp")
        self.metric_help.setWordWrap(True)
        self.form.addRow("", self.metric_help)
        self.local = LocalFileRows(self, self.form, self.tasks, self._edited, root)
        self.preset = QComboBox(self)
        self.preset.setObjectName("judgePreset")
        self.preset.addItem(self.tr("Choose a server to fill in its address…"), "")
        for preset in PRESETS.values():
            self.preset.addItem(core_tr(preset.title), preset.id)
        self.preset.activated.connect(self._apply_preset)
        self.form.addRow(self.tr("Server"), self.preset)
        self.base_url = self._line("judgeBaseUrl", self.tr("Base URL"))
        self.model_name = QComboBox(self)
        self.model_name.setObjectName("judgeModel")
        self.model_name.setEditable(True)
        self.model_name.setAccessibleName(self.tr("Model"))
        self.model_name.currentTextChanged.connect(self._edited)
        self.form.addRow(self.tr("Model"), self.model_name)
        self.key_source = QComboBox(self)
        self.key_source.setObjectName("judgeKeySource")
        self.key_source.addItems(
            [self.tr("No key"), self.tr("Environment variable"), self.tr("System keyring")]
        )
        self.key_source.currentIndexChanged.connect(self._key_source_changed)
        self.form.addRow(self.tr("API key"), self.key_source)
        self.key_env = self._line("judgeKeyEnv", self.tr("Variable name"))
        self.key_env.setPlaceholderText("OPENAI_API_KEY")
        self.key_secret = QLineEdit(self)
        self.key_secret.setObjectName("judgeKeySecret")
        self.key_secret.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_secret.setAccessibleName(self.tr("API key to store"))
        self.key_secret.setPlaceholderText(self.tr("Paste the key, then Store in keyring"))
        self.store_key = QPushButton(self.tr("Store in keyring"), self)
        self.store_key.setObjectName("storeKey")
        self.store_key.clicked.connect(self._store_key)
        self._key_row = QHBoxLayout()
        self._key_row.addWidget(self.key_secret, 1)
        self._key_row.addWidget(self.store_key)
        self.form.addRow(self.tr("Key"), self._key_row)
        self.system_prompt = QPlainTextEdit(self)
        self.system_prompt.setObjectName("judgeSystemPrompt")
        self.system_prompt.setAccessibleName(self.tr("System prompt"))
        self.system_prompt.setMaximumHeight(90)
        self.system_prompt.textChanged.connect(self._edited)
        self.form.addRow(self.tr("System prompt"), self.system_prompt)
        self.no_system_role = QCheckBox(self.tr("The model takes no system message"), self)
        self.no_system_role.setObjectName("judgeNoSystemRole")
        self.no_system_role.setToolTip(
            self.tr(
                "For models that refuse or ignore a system message: the system prompt is "
                "sent first in the user message, before the rendered template."
            )
        )
        self.no_system_role.toggled.connect(self._edited)
        self.form.addRow("", self.no_system_role)
        self.temperature = self._spin(QDoubleSpinBox(self), "judgeTemperature", 0, 2, 0.1)
        self.form.addRow(self.tr("Temperature"), self.temperature)
        self.max_tokens = self._spin(QSpinBox(self), "judgeMaxTokens", 0, 1_000_000, 64)
        self.max_tokens.setSpecialValueText(self.tr("server default"))
        self.form.addRow(self.tr("Max tokens"), self.max_tokens)
        self.samples = self._spin(QSpinBox(self), "judgeSamples", 1, 100, 1)
        self.samples.setSuffix(self.tr(" per row"))
        self.samples.setToolTip(
            self.tr(
                "Ask the judge this many times about each row: the row's verdict is the "
                "majority (or, for scores, the mean) of the answers, and the report shows how "
                "far the judge agrees with itself. Each time is a request of its own."
            )
        )
        self.form.addRow(self.tr("Samples"), self.samples)
        self.timeout = self._spin(QDoubleSpinBox(self), "judgeTimeout", 1, 3600, 10)
        self.timeout.setSuffix(self.tr(" s"))
        self.form.addRow(self.tr("Timeout"), self.timeout)
        self.concurrency = self._spin(QSpinBox(self), "judgeConcurrency", 1, 256, 1)
        self.form.addRow(self.tr("Requests at once"), self.concurrency)
        self.rate_limit = self._spin(QSpinBox(self), "judgeRateLimit", 0, 100_000, 10)
        self.rate_limit.setSpecialValueText(self.tr("no limit"))
        self.rate_limit.setSuffix(self.tr(" per minute"))
        self.form.addRow(self.tr("Rate limit"), self.rate_limit)
        self.reader_row = JudgeReaderRow(self)
        self.reader_row.sig_reader_chosen.connect(self._edited)
        self.reader_row.sig_rule_requested.connect(self.sig_rule_requested)
        self.form.addRow(self.tr("How the verdict is read"), self.reader_row)
        self.structured = StructuredRows(self, self.form, self.tasks, self._edited)
        self.stream = QCheckBox(self.tr("Stream replies"), self)
        self.stream.setObjectName("judgeStream")
        self.stream.toggled.connect(self._edited)
        self.form.addRow("", self.stream)
        self.separate = QCheckBox(self.tr("Ask for the reasoning apart from the answer"), self)
        self.separate.setObjectName("judgeSeparateReasoning")
        self.separate.setToolTip(
            self.tr(
                "Sends separate_reasoning: a reasoning model's thinking comes back in a field "
                "of its own. A server that does not know the field is asked again without it."
            )
        )
        self.separate.toggled.connect(self._edited)
        self.form.addRow("", self.separate)
        self.probabilities = QCheckBox(self.tr("Keep the verdict's probabilities"), self)
        self.probabilities.setObjectName("judgeProbabilities")
        self.probabilities.setToolTip(
            self.tr(
                "Asks for the tokens' probabilities (top_logprobs): a score becomes the expected "
                "score, a label the most probable one, a pair gets the chance that B is "
                "better. A server that does not give them is asked again without."
            )
        )
        self.probabilities.toggled.connect(self._edited)
        self.form.addRow("", self.probabilities)
        self.test_button = QPushButton(self.tr("Test connection"), self)
        self.test_button.setObjectName("testConnection")
        self.test_button.clicked.connect(self.test_connection)
        self.test_result = QLabel("", self)
        self.test_result.setObjectName("testConnectionResult")
        self.test_result.setWordWrap(True)
        self.test_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.form.addRow(self.test_button, self.test_result)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addStretch(1)

    # --- building -----------------------------------------------------------------------

    def _line(self, name: str, label: str) -> QLineEdit:
        line = QLineEdit(self)
        line.setObjectName(name)
        line.setAccessibleName(label)
        line.textEdited.connect(self._edited)
        self.form.addRow(label, line)
        return line

    def _spin(
        self, spin: QSpinBox | QDoubleSpinBox, name: str, low: float, high: float, step: float
    ) -> QSpinBox | QDoubleSpinBox:
        spin.setObjectName(name)
        spin.setRange(low, high)  # type: ignore[arg-type]
        spin.setSingleStep(step)  # type: ignore[arg-type]
        spin.valueChanged.connect(self._edited)
        return spin

    # --- the form -----------------------------------------------------------------------

    @property
    def judge(self) -> JudgeSettings | None:
        """The judge shown (None: none)."""
        return self._judge

    def show_judge(self, judge: JudgeSettings | None) -> None:
        """Fill the form with ``judge``'s settings (None: an empty, disabled form)."""
        self._judge = judge
        self.setEnabled(judge is not None)
        self.test_result.clear()
        judge = judge or JudgeSettings(name="")
        self._loading = True
        try:
            self.name.setText(judge.name)
            self.enabled.setChecked(judge.enabled)
            self.kind.setCurrentIndex(max(0, self.kind.findData(judge.kind)))
            self.metric_choice.setCurrentIndex(max(0, self.metric_choice.findData(judge.metric)))
            self.base_url.setText(judge.base_url)
            self.model_name.setCurrentText(judge.model)
            source = judge.api_key.partition(":")[0]
            self.key_source.setCurrentIndex(
                {"env": KEY_ENV, "keyring": KEY_KEYRING}.get(source, KEY_NONE)
            )
            self.key_env.setText(judge.api_key[4:] if source == "env" else "")
            self.key_secret.clear()
            self.system_prompt.setPlainText(judge.system_prompt)
            self.no_system_role.setChecked(not judge.system_role)
            self.temperature.setValue(float(judge.params.get("temperature", 0.0)))
            self.max_tokens.setValue(int(judge.params.get("max_tokens", 0)))
            self.samples.setValue(judge.samples)
            self.timeout.setValue(judge.timeout)
            self.concurrency.setValue(judge.concurrency)
            self.rate_limit.setValue(judge.rate_limit)
            self.stream.setChecked(judge.stream)
            self.separate.setChecked(judge.separate_reasoning)
            self.probabilities.setChecked(judge.probabilities)
            self.reader_row.show_reader(judge)
            self.local.show(judge)
            self.structured.show(judge)
        finally:
            self._loading = False
        self._update_visibility()

    def show_reader(self, judge: JudgeSettings) -> None:
        """Show again how ``judge``'s verdict is read (its rule changed, or was kept)."""
        self.reader_row.show_reader(judge)
        self._update_visibility()

    def _update_visibility(self) -> None:
        kind = self.kind.currentData()
        is_endpoint, is_model = kind == "openai", kind in ("openai", "local")
        for widget in (self.preset, self.base_url, self.model_name, self.key_source):
            self.form.setRowVisible(widget, is_endpoint)
        endpoint_only = (self.concurrency, self.rate_limit, self.stream, self.separate)
        for widget in (*endpoint_only, self.probabilities):
            self.form.setRowVisible(widget, is_endpoint)
        model_rows = (self.system_prompt, self.no_system_role, self.temperature, self.max_tokens)
        for widget in (*model_rows, self.samples):
            self.form.setRowVisible(widget, is_model)
        self.form.setRowVisible(self.timeout, is_model)
        self.form.setRowVisible(self.test_button, is_model)
        self.form.setRowVisible(self.reader_row, is_model)
        self.local.set_visible(kind == "local")
        self.structured.set_visible(is_model, is_endpoint)
        self.reader_row.set_model(is_model)
        self.form.setRowVisible(self.metric_choice, not is_model)
        self.form.setRowVisible(self.metric_help, not is_model)
        info = METRICS.get(str(self.metric_choice.currentData()))
        self.metric_help.setText(core_tr(info.description) if info else "")
        source = self.key_source.currentIndex()
        self.form.setRowVisible(self.key_env, is_endpoint and source == KEY_ENV)
        self.form.setRowVisible(self._key_row, is_endpoint and source == KEY_KEYRING)

    def _edited(self) -> None:
        judge = self._judge
        if self._loading or judge is None:
            return
        name = self.name.text().strip()
        if name and name != judge.name:
            judge.name = name
        judge.enabled = self.enabled.isChecked()
        kind = str(self.kind.currentData())
        if kind == "local" and judge.kind != "local":  # small local models drift from formats
            with QSignalBlocker(self.structured.checkbox):
                self.structured.checkbox.setChecked(True)
        judge.kind = kind
        judge.metric = str(self.metric_choice.currentData()) if judge.kind == "metric" else ""
        judge.base_url = self.base_url.text().strip()
        judge.model = self.model_name.currentText().strip()
        if self.key_source.currentIndex() == KEY_ENV:
            variable = self.key_env.text().strip()
            judge.api_key = f"env:{variable}" if variable else ""
        elif self.key_source.currentIndex() == KEY_NONE:
            judge.api_key = ""
        judge.system_prompt = self.system_prompt.toPlainText()
        judge.system_role = not self.no_system_role.isChecked()
        judge.params["temperature"] = round(self.temperature.value(), 3)
        if self.max_tokens.value():
            judge.params["max_tokens"] = self.max_tokens.value()
        else:
            judge.params.pop("max_tokens", None)
        judge.samples = int(self.samples.value())
        judge.timeout = float(self.timeout.value())
        judge.concurrency = int(self.concurrency.value())
        judge.rate_limit = int(self.rate_limit.value())
        judge.stream = self.stream.isChecked()
        judge.separate_reasoning = self.separate.isChecked()
        judge.probabilities = self.probabilities.isChecked()
        self.local.apply(judge)
        self.structured.apply(judge)
        self.reader_row.apply(judge)
        self._update_visibility()
        sender = self.sender()
        self.sig_judge_edited.emit(judge, sender.objectName() if sender is not None else "")

    def _key_source_changed(self) -> None:
        self._edited()

    def _apply_preset(self) -> None:
        preset = PRESETS.get(str(self.preset.currentData()))
        if preset is None or self._judge is None:
            return
        self.base_url.setText(preset.base_url)
        self.test_result.setText(core_tr(preset.hint))
        self._edited()

    def _store_key(self) -> None:
        judge = self._judge
        secret = self.key_secret.text()
        if judge is None or not secret:
            self.test_result.setText(self.tr("Paste the key first."))
            return
        try:
            judge.api_key = store_api_key("judgedesk", judge.name, secret)
        except JudgeDeskError as exc:
            self.test_result.setText(core_say(exc))
            return
        finally:
            self.key_secret.clear()
        self.test_result.setText(self.tr("The key is stored in the system keyring."))
        self.sig_key_stored.emit(judge)

    # --- test connection ----------------------------------------------------------------

    def test_connection(self) -> None:
        judge = self._judge
        if judge is None:
            return
        self.test_button.setEnabled(False)
        self.structured.clear_finding()
        if judge.kind == "local":
            self.test_result.setText(self.tr("Loading the model…"))
            self.local.test(judge, self._test_ended)
            return
        address, key, headers = judge.base_url, judge.api_key, dict(judge.headers)
        use = KeyUse(key, address, f"judge '{judge.name}'")
        # A judge reading probabilities asks its model whether it gives them.
        model = judge.model if judge.probabilities and judge.model else ""

        def connect() -> None:
            self.test_result.setText(self.tr("Connecting to {0}…").format(address))
            self.tasks.start(
                "test-connection",
                check_connection(address, key, headers, probabilities_of=model),
                on_done=self._show_test_result,
            )

        self.keys.then([use], connect, self._test_ended, key="test-connection-keys")

    def _test_ended(self, words: str) -> None:
        self.test_button.setEnabled(True)
        self.test_result.setText(words)

    def _probability_words(self, outcome: ConnectionCheck) -> str:
        """Whether the model gives its tokens' probabilities, when that was asked."""
        if outcome.logprobs:
            return "\n" + self.tr(
                "The model gives its tokens' probabilities ({0} alternatives at a token): "
                "the verdicts' probabilities can be read."
            ).format(outcome.alternatives)
        if outcome.logprobs is False:
            return "\n" + self.tr(
                "The model gives no token probabilities here: its verdicts will be the ones "
                "it wrote. Use a server that returns logprobs, or turn probabilities off."
            )
        if outcome.logprobs_problem:
            return "\n" + self.tr(
                "Whether the model gives its tokens' probabilities is not known: {0}"
            ).format(core_say(outcome.logprobs_problem))
        return ""

    def _show_test_result(self, outcome: ConnectionCheck) -> None:
        ok, models = outcome.ok, outcome.models
        self.test_button.setEnabled(True)
        message = core_say(outcome.problem)
        if ok:
            names = ", ".join(models[:8]) + (" …" if len(models) > 8 else "")
            message = self.tr("Connected in {0} ms — {1} models: {2}").format(
                f"{outcome.milliseconds:.0f}", len(models), names
            )
            if outcome.slots:
                serves = self.tr("serves {0} requests at a time").format(outcome.slots)
                message += " — " + (
                    self.tr("serves 1 request at a time") if outcome.slots == 1 else serves
                )
            message += self._probability_words(outcome)
        self.test_result.setText(message)
        if self._judge is not None:
            self.sig_connection_tested.emit(self._judge.name, "" if ok else message)
        if ok:
            current = self.model_name.currentText()
            self._loading = True
            self.model_name.clear()
            self.model_name.addItems(models)
            self.model_name.setCurrentText(current or (models[0] if models else ""))
            self._loading = False
            self._edited()
            if self._judge is not None and self._judge.model:
                self.structured.find_format(self._judge)
