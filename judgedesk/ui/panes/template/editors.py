"""The Template pane's editors: the judge's system prompt above its template."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from judgedesk.ui.editors import EditorPanel
from judgedesk.ui.editors.completion import NameCompleter


class TemplateEditors(QWidget):
    """The system prompt and the template's editor, which completes the row's values.

    The words keep the ``TemplatePane`` translation context they had in the pane.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system_prompt = QPlainTextEdit(self)
        self.system_prompt.setObjectName("templateSystemPrompt")
        self.system_prompt.setAccessibleName(
            QCoreApplication.translate("TemplatePane", "System prompt")
        )
        self.system_prompt.setPlaceholderText(
            QCoreApplication.translate(
                "TemplatePane", "Optional: sent before the template as the system message"
            )
        )
        self.system_prompt.setTabChangesFocus(True)
        self.system_prompt.setMaximumHeight(84)
        system_label = QLabel(QCoreApplication.translate("TemplatePane", "&System prompt"), self)
        system_label.setBuddy(self.system_prompt)
        self.panel = EditorPanel("jinja", self)
        self.editor = self.panel.editor
        self.editor.setObjectName("templateEditor")
        self.editor.setAccessibleName(QCoreApplication.translate("TemplatePane", "Template"))
        # A prompt is mostly prose: wrap it rather than scroll sideways.
        self.editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.completer = NameCompleter(self.editor)
        template_label = QLabel(QCoreApplication.translate("TemplatePane", "&Template"), self)
        template_label.setBuddy(self.editor)
        hint = QLabel(
            QCoreApplication.translate(
                "TemplatePane", "Type {{ to insert a value from the row; Ctrl+Space lists them all."
            ),
            self,
        )
        hint.setObjectName("templateHint")
        hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(system_label)
        layout.addWidget(self.system_prompt)
        heading = QHBoxLayout()
        heading.addWidget(template_label)
        heading.addStretch(1)
        heading.addWidget(hint)
        layout.addLayout(heading)
        layout.addWidget(self.panel, 1)
