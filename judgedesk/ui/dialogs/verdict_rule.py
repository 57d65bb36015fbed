"""The verdict rule dialog: say where a judge writes its verdict, without writing code."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.errors import ProjectError
from judgedesk.core.judge import RULE_KINDS, JudgeSettings, VerdictRule, fold, to_number
from judgedesk.core.project import Project
from judgedesk.ui.core_strings import core_reason
from judgedesk.ui.dialogs.choice import hint_label
from judgedesk.ui.dialogs.verdict_rule_example import ExamplePanel
from judgedesk.ui.dialogs.verdict_rule_map import MapEditor, guess_kind
from judgedesk.ui.dialogs.verdict_rule_pattern import PRESET_TABLES, SelectedVerdict
from judgedesk.ui.dialogs.verdict_rule_trial import TrialPanel
from judgedesk.ui.dialogs.verdict_rule_words import RuleWords
from judgedesk.ui.tasks import TaskRunner


class VerdictRuleDialog(QDialog):
    """A verdict rule for one judge: a common format, or the verdict shown in an example.

    Every edit is checked at once (the problem is said in place, and OK waits until the
    rule is usable); the rule can be tried on every reply the judge already gave.

    Signals:
        sig_rule_chosen: the rule's settings table (``JudgeSettings.verdict``), on OK.
    """

    sig_rule_chosen = Signal(dict)

    def __init__(
        self,
        project: Project,
        judge: JudgeSettings,
        tasks: TaskRunner,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("verdictRuleDialog")
        self.setWindowTitle(self.tr("How the verdict of “{0}” is read").format(judge.name))
        self.resize(1100, 760)
        self.project = project
        self.judge_name = judge.name
        self.tasks = tasks
        self.words = RuleWords(self)
        self._labels = tuple(str(x) for x in judge.verdict.get("labels") or ())
        self._loading = False

        intro = hint_label(
            self,
            "verdictRuleIntro",
            self.tr(
                "Tell JudgeDesk where this judge writes its verdict. Start from a common "
                "format, or pick one of its replies, select the verdict in it and press "
                "“Use the selection as the verdict”."
            ),
        )
        self.preset = QComboBox(self)
        self.preset.setObjectName("verdictRulePreset")
        self.preset.setAccessibleName(self.tr("Start from a common format"))
        self.preset.addItem(self.tr("Start from a common format…"), "")
        for preset_id, title in self.words.preset_titles().items():
            self.preset.addItem(title, preset_id)
        self.preset.activated.connect(lambda _: self.apply_preset(str(self.preset.currentData())))

        self.example_box = ExamplePanel(tasks, project.store_path, judge.name, self)
        self.example_box.sig_selected.connect(self.use_selection)
        self.example_box.sig_text_changed.connect(self._show_example_reading)
        self.example = self.example_box.example

        self.kind = QComboBox(self)
        self.kind.setObjectName("verdictRuleKind")
        self.kind.setAccessibleName(self.tr("What the verdict is"))
        for kind in RULE_KINDS:
            self.kind.addItem(self.words.kind_choice(kind), kind)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.in_text = QRadioButton(self.tr("Words in the reply"), self)
        self.in_text.setObjectName("verdictRuleInText")
        self.in_json = QRadioButton(self.tr("A field of a JSON answer"), self)
        self.in_json.setObjectName("verdictRuleInJson")
        self.where = QButtonGroup(self)
        self.where.addButton(self.in_text)
        self.where.addButton(self.in_json)
        self.in_text.setChecked(True)
        self.in_text.toggled.connect(self._changed)
        self.path = self._line("verdictRulePath", self.tr("JSON field"))
        self.path.setPlaceholderText(self.tr("score, or scores.overall for a field inside another"))
        self.show_pattern = QCheckBox(self.tr("Show the regular expression"), self)
        self.show_pattern.setObjectName("verdictRuleShowPattern")
        self.show_pattern.setToolTip(
            self.tr(
                "Common formats and the verdict you select in an example write it for you; "
                "show it to see or change it."
            )
        )
        self.show_pattern.toggled.connect(self._changed)
        self.pattern = self._line("verdictRulePattern", self.tr("Regular expression"))
        self.pattern.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.pattern.setPlaceholderText(self.tr("group 1 (or the group named v) is the verdict"))
        self.pick = QComboBox(self)
        self.pick.setObjectName("verdictRulePick")
        self.pick.setAccessibleName(self.tr("When the reply gives several verdicts"))
        for pick, words in self.words.picks().items():
            self.pick.addItem(words, pick)
        self.pick.currentIndexChanged.connect(self._changed)
        self.low = self._line("verdictRuleMin", self.tr("Lowest score"))
        self.high = self._line("verdictRuleMax", self.tr("Highest score"))
        for bound in (self.low, self.high):
            bound.setPlaceholderText(self.tr("no limit"))
        self.map = MapEditor(self)
        self.map.sig_changed.connect(self._changed)

        where_row = QHBoxLayout()
        where_row.addWidget(self.in_text)
        where_row.addWidget(self.in_json)
        where_row.addStretch(1)
        bounds = QHBoxLayout()
        bounds.addWidget(self.low)
        bounds.addWidget(QLabel(self.tr("to"), self))
        bounds.addWidget(self.high)
        self.bounds = QWidget(self)
        self.bounds.setLayout(bounds)
        bounds.setContentsMargins(0, 0, 0, 0)
        self.form = QFormLayout()
        self.form.addRow(self.tr("The verdict is"), self.kind)
        self.form.addRow(self.tr("It is found in"), where_row)
        self.form.addRow(self.tr("JSON field"), self.path)
        self.form.addRow("", self.show_pattern)
        self.form.addRow(self.tr("Regular expression"), self.pattern)
        self.form.addRow(self.tr("If it gives several"), self.pick)
        self.form.addRow(self.tr("Scores from"), self.bounds)
        self.form.addRow(self.tr("Labels"), self.map)
        rule_box = QGroupBox(self.tr("The rule"), self)
        rule_box.setLayout(self.form)

        self.check = QLabel("", self)
        self.check.setObjectName("verdictRuleCheck")
        self.check.setWordWrap(True)
        self.check.setTextFormat(Qt.TextFormat.PlainText)
        self.trial = TrialPanel(tasks, self)
        self.trial.button.clicked.connect(self.try_on_stored_replies)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.setObjectName("verdictRuleButtons")
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("verdictRuleOk")
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setObjectName(
            "verdictRuleCancel"
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(intro)
        left_layout.addWidget(self.preset)
        left_layout.addWidget(self.example_box, 1)
        left_layout.addWidget(rule_box)
        scroll = QScrollArea(self)
        scroll.setObjectName("verdictRuleScroll")
        scroll.setWidgetResizable(True)
        scroll.setWidget(left)
        splitter = QSplitter(self)
        splitter.addWidget(scroll)
        splitter.addWidget(self.trial)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.check)
        layout.addWidget(self.buttons)

        self.set_table(judge.verdict or {"kind": "score", "pattern": ""})

    def _line(self, name: str, label: str) -> QLineEdit:
        line = QLineEdit(self)
        line.setObjectName(name)
        line.setAccessibleName(label)
        line.textChanged.connect(self._changed)
        return line

    # --- the rule's settings -----------------------------------------------------------

    def set_table(self, table: dict[str, Any]) -> None:
        """Show a rule's settings table in the fields."""
        self._loading = True
        try:
            kind = str(table.get("kind", "score"))
            self.kind.setCurrentIndex(max(0, self.kind.findData(kind)))
            self.map.set_kind(str(self.kind.currentData()))
            in_json = bool(table.get("path")) and not table.get("pattern")
            (self.in_json if in_json else self.in_text).setChecked(True)
            self.path.setText(str(table.get("path", "")))
            self.pattern.setText(str(table.get("pattern", "")))
            self.pick.setCurrentIndex(max(0, self.pick.findData(table.get("pick", "last"))))
            self.low.setText(_bound_text(table.get("min")))
            self.high.setText(_bound_text(table.get("max")))
            raw_map = table.get("map")
            self.map.set_entries(dict(raw_map) if isinstance(raw_map, dict) else {})
        finally:
            self._loading = False
        self._changed()

    def table(self) -> dict[str, Any]:
        """The settings table the fields describe (checked by :meth:`rule`)."""
        kind = str(self.kind.currentData())
        table: dict[str, Any] = {"kind": kind}
        if self.in_json.isChecked():
            table["path"] = self.path.text().strip()
        else:
            table["pattern"] = self.pattern.text()
        table["pick"] = str(self.pick.currentData())
        mapping = self.map.mapping()
        if mapping:
            table["map"] = mapping
        if kind == "score":
            for key, line in (("min", self.low), ("max", self.high)):
                if line.text().strip():
                    table[key] = line.text().strip()
        if kind == "label" and self._labels:
            table["labels"] = list(self._labels)
        return table

    def check_rule(self) -> tuple[VerdictRule | None, str]:
        """The rule, or None and what to fix, in words for the person."""
        table = self.table()
        if "path" in table and not table["path"]:
            return None, self.tr(
                "Write the name of the JSON field that holds the verdict, such as score or choice."
            )
        if "pattern" in table and not table["pattern"].strip():
            return None, self.tr(
                "Say where the verdict is: start from a common format, or select the verdict "
                "in an example reply and press “Use the selection as the verdict”."
            )
        if table.get("pattern"):
            try:
                re.compile(table["pattern"])
            except re.error as exc:
                return None, self.tr("The regular expression is not valid: {0}.").format(exc)
        bounds = []
        for key, problem in (
            ("min", self.tr("The lowest score must be a number, or empty for no limit.")),
            ("max", self.tr("The highest score must be a number, or empty for no limit.")),
        ):
            if key in table and to_number(table[key]) is None:
                return None, problem
            bounds.append(to_number(table[key]) if key in table else None)
        if bounds[0] is not None and bounds[1] is not None and bounds[0] > bounds[1]:
            return None, self.tr("The lowest score is above the highest.")
        seen: set[str] = set()
        for label, meaning in self.map.entries():
            if fold(label) in seen:
                return None, self.tr("The label “{0}” is listed twice.").format(label)
            seen.add(fold(label))
            if table["kind"] == "score" and to_number(str(meaning)) is None:
                return None, self.tr("What “{0}” means must be a number, such as 4.").format(label)
        try:
            return VerdictRule.from_table(table), ""
        except ProjectError as exc:
            return None, core_reason(str(exc))

    def rule(self) -> VerdictRule | None:
        return self.check_rule()[0]

    def _changed(self) -> None:
        if self._loading:
            return
        rule, problem = self.check_rule()
        self.ok_button.setEnabled(rule is not None)
        self.trial.set_ready(rule is not None)
        self.check.setText(
            problem
            or self.tr("The rule is complete. Try it on stored replies to see what it reads.")
        )
        self.check.setStyleSheet("" if rule is not None else "color: #c0392b;")
        self._update_visibility()
        self._show_example_reading()

    def _update_visibility(self) -> None:
        in_text = self.in_text.isChecked()
        self.form.setRowVisible(self.path, not in_text)
        self.form.setRowVisible(self.show_pattern, in_text)
        self.form.setRowVisible(self.pattern, in_text and self.show_pattern.isChecked())
        self.form.setRowVisible(self.bounds, self.kind.currentData() == "score")

    def _kind_changed(self) -> None:
        if not self._loading:
            self.map.set_kind(str(self.kind.currentData()))
            self._changed()

    def apply_preset(self, preset_id: str) -> None:
        """Fill the rule with one of the common formats (an empty id changes nothing)."""
        table = PRESET_TABLES.get(preset_id)
        if table is None:
            return
        self.set_table(table)
        self.preset.setCurrentIndex(max(0, self.preset.findData(preset_id)))
        if "path" in table:
            self.path.setFocus()
            self.path.selectAll()

    # --- the example -------------------------------------------------------------------

    def use_selection(self, selected: SelectedVerdict) -> None:
        """Make the rule find the verdict selected in the example, and replies like it."""
        was = kind = str(self.kind.currentData())
        if selected.number:
            small = to_number(selected.label) in (1, 2, 3, 4, 5)
            kind = "pairwise" if kind == "pairwise" and small else "score"
        elif kind == "score":
            kind = guess_kind(selected.label)
        self._loading = True
        try:
            self.kind.setCurrentIndex(self.kind.findData(kind))
            if kind != was:  # the labels listed belonged to another kind of verdict
                self.map.clear()
            self.map.set_kind(kind)
            self.in_text.setChecked(True)
            self.pattern.setText(selected.pattern)
            if not selected.number and not self.map.has_label(selected.label):
                self.map.add_row(selected.label, None)
        finally:
            self._loading = False
        self.preset.setCurrentIndex(0)
        self._changed()

    def _show_example_reading(self) -> None:
        self.example_box.show_reading(self.rule())

    # --- trying and closing ------------------------------------------------------------

    def try_on_stored_replies(self) -> None:
        """Read the judge's stored replies with the rule, in a worker thread."""
        rule = self.rule()
        if rule is not None:
            self.trial.start(self.project, self.judge_name, rule)

    def had_replies(self) -> bool:
        """True when the judge has replies stored (re-reading them is then worth asking)."""
        trial = self.trial.trial
        return bool(self.example_box.replies) or (trial is not None and trial.replies > 0)

    def accept(self) -> None:
        rule = self.rule()
        if rule is None:
            return
        super().accept()
        self.sig_rule_chosen.emit(rule.to_table())  # once closed: what follows may ask

    def done(self, result: int) -> None:
        self.example_box.stop()
        self.trial.stop()
        super().done(result)


def _bound_text(value: object) -> str:
    if value is None or value == "":
        return ""
    number = to_number(str(value))
    return str(value) if number is None else f"{number:g}"
