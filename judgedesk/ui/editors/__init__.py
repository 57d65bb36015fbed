"""Code editors for templates and scripts."""

from judgedesk.ui.editors.code_editor import CodeEditor, Marker
from judgedesk.ui.editors.find_bar import EditorPanel, FindBar

__all__ = ["CodeEditor", "EditorPanel", "FindBar", "Marker"]
