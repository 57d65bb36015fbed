"""What the command line's commands share: exit codes, messages, opening files."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import Dataset, open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project.settings import Project
from judgedesk.core.project.trust import TrustStore, UntrustedScriptsError
from judgedesk.core.project.workspace import open_project_dataset

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2
TRUST_HELP = (
    "let the project's scripts run although it was not made or trusted on this machine "
    "(read them first; remembered for this folder)"
)


def err(message: str) -> None:
    print(message, file=sys.stderr)


def parse_pairs(pairs: Sequence[str], what: str) -> dict[str, str]:
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise JudgeDeskError(f"{what} '{pair}' should look like name=value.")
        result[key.strip()] = value.strip()
    return result


def variable_value(text: str) -> Any:
    # Numbers stay numbers so that templates can compare them ({% if score > max_score %}).
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


# Datasets a command opened, closed when it returns (see main).
opened: list[Dataset] = []


def open_data(path: Path, fields: dict[str, str] | None, **options: Any) -> Dataset:
    dataset = open_dataset(path, fields, **options)
    opened.append(dataset)
    return dataset


def open_project_data(project: Project) -> Dataset:
    dataset = open_project_dataset(project)
    opened.append(dataset)
    return dataset


def allow_scripts(project: Project, trust: bool) -> None:
    """Refuse scripts not made or trusted on this machine, unless ``--trust`` says yes."""
    store = TrustStore()
    state = store.state(project.root)
    if not state.blocked:
        return
    if not trust:
        raise UntrustedScriptsError(state)
    store.trust(project.root)
    err(f"Trusted {state.script_names()} of {project.root}: they run from now on.")


def report_load_issues(dataset: Dataset, limit: int = 10) -> None:
    for issue in dataset.issues[:limit]:
        err(f"{issue.severity}: {issue}")
    if len(dataset.issues) > limit:
        err(f"… and {len(dataset.issues) - limit} more problems in the dataset.")


# --- commands -------------------------------------------------------------------------
