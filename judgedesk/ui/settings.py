"""Preferences, window geometry and recent projects: the only place that touches QSettings."""

from __future__ import annotations

import os
from pathlib import Path

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

    def sync(self) -> None:
        self._qs.sync()
