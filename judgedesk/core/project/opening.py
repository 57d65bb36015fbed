"""Opening a project's dataset as its settings describe it: the format, sheet and column
mapping, the predictions files joined by id, and the first rows readable at once while a
long JSON Lines file is indexed; and the sample project copied for a first start."""

from __future__ import annotations

import logging
import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import (
    Dataset,
    JsonlIndexer,
    detect_format,
    join_predictions,
    open_dataset,
)
from judgedesk.core.project.approvals import require_files_allowed
from judgedesk.core.project.settings import Project
from judgedesk.resources import resource_path

log = logging.getLogger(__name__)


def open_project_dataset(
    project: Project,
    records: Callable[[dict[str, Any]], object] | None = None,
    fields: bool = True,
) -> Dataset:
    """Open a project's dataset with its format, sheet and column mapping.

    ``records``: called with each row's record as a JSON Lines file is indexed, in row
    order, never when predictions files add to the rows; ``fields``: collect the field
    names (see :func:`~judgedesk.core.dataset.open_dataset`).

    Raises:
        OutsideFileError: the dataset (or a predictions file) is outside the project
            folder and was not chosen or allowed on this computer; nothing is read.
    """
    require_files_allowed(project)
    settings = project.dataset
    dataset = open_dataset(
        project.dataset_path(),
        settings.fields or None,
        format=settings.format or None,
        sheet=settings.sheet or None,
        records=None if project.dataset.predictions else records,
        fields=fields,
    )
    return _with_predictions(dataset, project)


def _with_predictions(dataset: Dataset, project: Project) -> Dataset:
    """The dataset with the project's predictions files joined (closes it on failure)."""
    try:
        return join_predictions(dataset, project.prediction_paths())
    except BaseException:
        dataset.close()
        raise


@dataclass
class DatasetOpening:
    """A dataset whose first rows are readable, and how to read or stop reading the rest.

    Attributes:
        dataset: usable now; its length grows while ``finish`` runs.
        finish: blocking; indexes the rest and returns the dataset (None if stopped).
            None when the dataset is already complete.
        stop: makes a running ``finish`` return early.
    """

    dataset: Dataset
    finish: Callable[[], Dataset | None] | None = None
    stop: Callable[[], None] | None = None


def begin_project_dataset(project: Project) -> DatasetOpening:
    """Open a project's dataset far enough to show its first rows (blocking, but short).

    JSON Lines files are indexed progressively; other formats are read whole.

    Raises:
        OutsideFileError: as :func:`open_project_dataset`.
    """
    require_files_allowed(project)
    settings = project.dataset
    path = project.dataset_path()
    if (settings.format or detect_format(path)) != "jsonl":
        return DatasetOpening(open_project_dataset(project))
    indexer = JsonlIndexer(path, settings.fields or None)
    if indexer.step(0.1):
        return DatasetOpening(_with_predictions(indexer.dataset(), project))
    # The joined dataset shares the indexer's records, so it grows as they are indexed.
    shown = _with_predictions(indexer.dataset(), project)
    stopped = threading.Event()

    def finish() -> Dataset | None:
        try:
            indexer.run(cancel=stopped.is_set)
        except Exception:
            if stopped.is_set():  # another project was opened meanwhile
                return None
            raise
        return shown

    return DatasetOpening(shown, finish, stopped.set)


def ensure_sample_project(folder: Path) -> Path:
    """Copy the shipped sample project to ``folder`` unless it is already there."""
    if not (folder / "judgedesk.toml").is_file():
        shutil.copytree(resource_path("sample"), folder, dirs_exist_ok=True)
        log.info("sample project copied to %s", folder)
    return folder
