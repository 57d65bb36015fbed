"""Preferences, window geometry and recent projects: the only place that touches QSettings."""

from __future__ import annotations

import getpass
import hashlib
import os
from pathlib import Path

from platformdirs import user_documents_dir
from PySide6.QtCore import QByteArray, QSettings

MAX_RECENT = 10


class AppSettings:
    """Typed access to the app's stored preferences.

    ``JUDGEDESK_SETTINGS_DIR`` moves the file (tests point it at a temporary folder).
    """

    def __init__(self) -> None:
        folder = os.environ.get("JUDGEDESK_SETTINGS_DIR")
        if folder:
            self._qs = QSettings(str(Path(folder) / "judgedesk.ini"), QSettings.Format.IniFormat)
        else:
            self._qs = QSettings("JudgeDesk", "JudgeDesk")

    def recent_projects(self) -> list[str]:
        value = self._qs.value("recent_projects", [])
        items = [value] if isinstance(value, str) else list(value or [])
        return [str(p) for p in items if p]

    def add_recent_project(self, path: str) -> None:
        items = [p for p in self.recent_projects() if p != path]
        self._qs.setValue("recent_projects", [path, *items][:MAX_RECENT])

    def language(self) -> str:
        """The interface language chosen ("en", "zh_CN"), or "" to follow the system."""
        return str(self._qs.value("language", "") or "")

    def set_language(self, code: str) -> None:
        self._qs.setValue("language", code)

    def theme(self) -> str:
        """The look chosen: "system" (follow the desktop), "light" or "dark"."""
        value = str(self._qs.value("theme", "system") or "system")
        return value if value in ("system", "light", "dark") else "system"

    def set_theme(self, theme: str) -> None:
        self._qs.setValue("theme", theme)

    def projects_folder(self) -> Path:
        """Where new projects go unless the person picks another folder."""
        value = self._qs.value("projects_folder")
        return Path(str(value)) if value else Path(user_documents_dir()) / "JudgeDesk"

    def set_projects_folder(self, folder: Path) -> None:
        self._qs.setValue("projects_folder", str(folder))

    def reviewer_name(self) -> str:
        """The name written with a person's reviews; by default their login name."""
        value = self._qs.value("review/reviewer")
        if value is not None:
            return str(value)
        try:
            return getpass.getuser()
        except (KeyError, OSError):  # no login name (some containers)
            return ""

    def set_reviewer_name(self, name: str) -> None:
        self._qs.setValue("review/reviewer", name)

    def advance_after_verdict(self) -> bool:
        """Whether the Review pane moves to the next row once a verdict is given."""
        return str(self._qs.value("review/advance", "true")).lower() == "true"

    def set_advance_after_verdict(self, advance: bool) -> None:
        self._qs.setValue("review/advance", "true" if advance else "false")

    def geometry(self) -> QByteArray | None:
        value = self._qs.value("window/geometry")
        return value if isinstance(value, QByteArray) else None

    def set_geometry(self, value: QByteArray) -> None:
        self._qs.setValue("window/geometry", value)

    def window_state(self) -> QByteArray | None:
        value = self._qs.value("window/state")
        return value if isinstance(value, QByteArray) else None

    def set_window_state(self, value: QByteArray) -> None:
        self._qs.setValue("window/state", value)

    def hidden_columns(self, key: str) -> list[str]:
        """The columns hidden in the dataset table for the dataset ``key`` (its path)."""
        value = self._qs.value(_hidden_columns_key(key), [])
        items = [value] if isinstance(value, str) else list(value or [])
        return [str(c) for c in items if c]

    def set_hidden_columns(self, key: str, columns: list[str]) -> None:
        if columns:
            self._qs.setValue(_hidden_columns_key(key), list(columns))
        else:
            self._qs.remove(_hidden_columns_key(key))

    def sample_offer_closed(self, folder: str) -> bool:
        """Whether the bar offering a model for the sample project in ``folder`` was closed."""
        value = self._qs.value(_sample_offer_key(folder), "false")
        return str(value).lower() == "true"

    def set_sample_offer_closed(self, folder: str) -> None:
        self._qs.setValue(_sample_offer_key(folder), "true")

    def sync(self) -> None:
        self._qs.sync()


def _hidden_columns_key(key: str) -> str:
    # A path holds slashes, which QSettings reads as groups: store it by its digest.
    return "hidden_columns/" + hashlib.sha1(key.encode()).hexdigest()[:16]


def _sample_offer_key(folder: str) -> str:
    return "sample_offer_closed/" + hashlib.sha1(folder.encode()).hexdigest()[:16]
