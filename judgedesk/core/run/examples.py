"""Rows people reviewed, shown to a judge as examples: what a run is given to pick them.

The run does not know people's reviews (the review stage comes after it), so whoever
starts a run (the command line, the window) may hand it an :data:`ExampleSource`, as a
selection is handed a ``pick``: the run calls it once, in its own process, with the
store, the dataset and the project, and asks the :data:`ExamplePicker` it returns for
each row and judge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judgedesk.core.dataset import Dataset, Row
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Project
from judgedesk.core.run.store import Store

__all__ = ["ExamplePicker", "ExampleSource"]

ExamplePicker = Callable[[JudgeSettings, Row], list[dict[str, Any]]]
"""The examples a judge is shown for a row: ``picker(judge, row)``, each a dict with
``id``, ``data``, ``response``, ``verdict``, ``label`` and ``note``; [] for none."""

ExampleSource = Callable[[Store, Dataset, Project], ExamplePicker]
"""Makes a run's :data:`ExamplePicker` from what is stored: ``source(store, dataset,
project)``. A picklable object, so that a run in another process can take it."""
