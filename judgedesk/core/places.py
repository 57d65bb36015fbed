"""Where JudgeDesk keeps what belongs to the person, not to a project: the settings folder.

Decisions a project must not be able to make for itself (which project may run its
scripts, which server may receive which key, which file outside a project may be read)
live here, in the user's settings folder. ``JUDGEDESK_SETTINGS_DIR`` moves it, as it
moves the app's own settings.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

from judgedesk.core.fileio import atomic_write_text

log = logging.getLogger(__name__)


def settings_folder() -> Path:
    """The user's JudgeDesk settings folder (``JUDGEDESK_SETTINGS_DIR`` when set)."""
    folder = os.environ.get("JUDGEDESK_SETTINGS_DIR")
    return Path(folder) if folder else Path(user_config_dir("JudgeDesk", appauthor=False))


def read_table(path: Path, key: str) -> Any:
    """The value under ``key`` of a JSON settings file; None when missing or unreadable.

    An unreadable file counts as empty (nothing approved), never as an error.
    """
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        log.warning("%s cannot be read (%s); nothing in it is approved", path, exc)
        return None
    return table.get(key) if isinstance(table, dict) else None


def write_table(path: Path, key: str, value: Any, version: int = 1) -> None:
    """Write ``{"schema_version": version, key: value}`` atomically."""
    table = {"schema_version": version, key: value}
    atomic_write_text(path, json.dumps(table, ensure_ascii=False, indent=1) + "\n")
