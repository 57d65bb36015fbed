"""Shared test setup: Qt runs offscreen and picks PySide6; settings stay in temp folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest_plugins = ("tests.support.revision_server",)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")
# Tests must not depend on this machine's keyring.
os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.fail.Keyring")


@pytest.fixture(autouse=True)
def settings_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The app's settings and the trusted-projects file, in a folder of the test's own."""
    folder = tmp_path / "settings"
    monkeypatch.setenv("JUDGEDESK_SETTINGS_DIR", str(folder))
    return folder
