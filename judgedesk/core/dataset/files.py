"""Checks every dataset file goes through before it is read."""

from __future__ import annotations

import os
from pathlib import Path

from judgedesk.core.dataset.encoding import Decoded, decode_file_bytes
from judgedesk.core.errors import DatasetError


def check_dataset_file(path: Path) -> os.stat_result:
    """Makes sure ``path`` is an existing, non-empty file.

    Raises:
        DatasetError: It is missing, a folder, unreadable or empty.
    """
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise DatasetError(
            f"{path.name} was not found in {path.parent}. It may have been moved or "
            "renamed; pick the file again."
        ) from None
    except OSError as exc:
        raise DatasetError(f"{path.name} cannot be opened: {exc.strerror}.") from None
    if path.is_dir():
        raise DatasetError(f"{path} is a folder; pick a data file inside it.")
    if stat.st_size == 0:
        raise DatasetError(f"{path.name} is empty: it has no rows. Pick another file.")
    return stat


def read_text_file(path: Path) -> Decoded:
    """Reads and decodes a whole text dataset file (JSON, CSV, TSV).

    Raises:
        DatasetError: It is missing, empty, unreadable, or in no supported encoding.
    """
    check_dataset_file(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DatasetError(f"{path.name} cannot be read: {exc.strerror}.") from None
    return decode_file_bytes(data, path.name)
