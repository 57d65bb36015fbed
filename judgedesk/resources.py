"""Find the shipped resources folder from a source tree, an installed wheel or a frozen app."""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _candidates() -> list[Path]:
    found: list[Path] = []
    override = os.environ.get("JUDGEDESK_RESOURCES")
    if override:
        found.append(Path(override))
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        found.append(Path(frozen_root) / "resources")
    # An installed wheel carries the folder inside the package.
    found.append(_PACKAGE_DIR / "_resources")
    # A source checkout (also an editable install) keeps it beside the package.
    found.append(_PACKAGE_DIR.parent / "resources")
    return found


@cache
def resources_root() -> Path:
    """Return the folder holding templates, the sample project, icons and translations.

    Raises:
        FileNotFoundError: when no candidate exists, which means a broken installation.
    """
    for candidate in _candidates():
        if (candidate / "templates").is_dir():
            return candidate
    tried = ", ".join(str(c) for c in _candidates())
    raise FileNotFoundError(
        f"JudgeDesk's resources folder was not found (looked in: {tried}). "
        "Reinstall JudgeDesk, or set JUDGEDESK_RESOURCES to the folder."
    )


def resource_path(*parts: str) -> Path:
    """Return the path of a shipped resource, e.g. ``resource_path("templates")``."""
    return resources_root().joinpath(*parts)
