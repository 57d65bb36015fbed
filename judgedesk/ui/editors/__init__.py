"""Code editors for templates and scripts."""

from judgedesk.ui.editors.code_editor import CodeEditor
from judgedesk.ui.editors.find_bar import EditorPanel, FindBar
from judgedesk.ui.editors.markers import Marker

__all__ = ["CodeEditor", "EditorPanel", "FindBar", "Marker"]
