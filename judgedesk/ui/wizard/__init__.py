"""Wizards: the New Project wizard that turns a dataset file into a project."""

from __future__ import annotations

from judgedesk.ui.wizard.new_project import NewProjectWizard

__all__ = ["NewProjectWizard"]
