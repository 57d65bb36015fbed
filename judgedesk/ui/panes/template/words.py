"""The Template pane's sentences: why there is no template, and the template file's state."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def no_template_words(has_project: bool) -> str:
    """Why there is no template to write: no project open, or no model judge in it."""
    if not has_project:
        return QCoreApplication.translate(
            "TemplatePane", "Open a project to write its judges' prompts."
        )
    return QCoreApplication.translate(
        "TemplatePane",
        "This project has no model judge, so there is no prompt to write: "
        "rule judges compare answers without one. Add a judge of the kind "
        "“Model endpoint” in the Judges pane, then come back here.",
    )


def save_words(state: str, file_state: str) -> str:
    """The template file's state, for the line beside its name.

    Args:
        state: "saving", "saved", or why the last write failed.
        file_state: what reading the file said ("" when it was read, "missing",
            "not-utf8", or why it could not be read).
    """
    if state == "saving":
        return QCoreApplication.translate("TemplatePane", "Saving…")
    if state != "saved":
        return QCoreApplication.translate("TemplatePane", "Not saved: {0}").format(state)
    if file_state == "missing":
        return QCoreApplication.translate("TemplatePane", "New file: it is created when you type")
    if file_state == "not-utf8":
        return QCoreApplication.translate(
            "TemplatePane", "The file is not UTF-8 text; save it as UTF-8 to edit it here"
        )
    if file_state:
        return QCoreApplication.translate("TemplatePane", "Cannot read the file: {0}").format(
            file_state
        )
    return QCoreApplication.translate("TemplatePane", "Saved")
