"""What the command line's commands share: exit codes, messages, opening files."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judgedesk.core.errors import (
    ApprovalNeeded,
    DatasetError,
    JudgeDeskError,
    LibraryError,
    ParserError,
    ProjectError,
    TemplateError,
)

if TYPE_CHECKING:
    from judgedesk.core.dataset import Dataset
    from judgedesk.core.project import Project

# Every command's parser is built for any command (even --version): the top imports only
# what building them needs; the functions import the rest.
EXIT_OK, EXIT_PROBLEM, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 3
TRUST_HELP = (
    "allow what a project not made here asks for: run its scripts, send its keys to its "
    "addresses, read its files outside its folder (read them first; remembered on this "
    "computer)"
)


class UsageError(JudgeDeskError):
    """The command itself is wrong: an option's value, a row that does not exist…"""


class LazyChoices(Sequence[str]):
    """An option's ``choices``, read from the core the first time argparse looks at them."""

    def __init__(self, load: Callable[[], Iterable[str]]) -> None:
        self._load = load

    @cached_property
    def _choices(self) -> tuple[str, ...]:
        return tuple(self._load())

    def __getitem__(self, index: Any) -> Any:
        return self._choices[index]

    def __len__(self) -> int:
        return len(self._choices)


def choices_later(action: argparse.Action, load: Callable[[], Iterable[str]]) -> None:
    """Give an option the choices ``load`` returns, read only when a command uses them.

    argparse reads an option's choices to check a value given for it and to print its
    command's help, and also in ``add_argument``: hence set here, once it is added. The
    other commands never import the module that holds them.
    """
    action.choices = LazyChoices(load)


@cache
def _wrong() -> tuple[type[JudgeDeskError], ...]:
    """What the person must fix before anything can be done: the command or the project.

    Everything else that goes wrong while working (a project never run, a judge that
    fails) is a problem found, exit 1.
    """
    from judgedesk.core.run import ProjectBusyError
    from judgedesk.core.scripts import ScriptFileError
    from judgedesk.core.template import VariableError

    return (
        UsageError,
        ApprovalNeeded,
        ProjectError,
        ProjectBusyError,
        TemplateError,
        DatasetError,
        ParserError,
        LibraryError,
        ScriptFileError,
        VariableError,
    )


def exit_code_for(error: JudgeDeskError) -> int:
    """2 when the command or the project is wrong, else 1."""
    return EXIT_USAGE if isinstance(error, _wrong()) else EXIT_PROBLEM


def err(message: str) -> None:
    print(message, file=sys.stderr)


def parse_pairs(pairs: Sequence[str], what: str) -> dict[str, str]:
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"{what} '{pair}' should look like name=value.")
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
    from judgedesk.core.dataset import open_dataset

    dataset = open_dataset(path, fields, **options)
    opened.append(dataset)
    return dataset


def open_project_data(
    project: Project,
    records: Callable[[dict[str, Any]], object] | None = None,
    fields: bool = True,
) -> Dataset:
    from judgedesk.core.project import open_project_dataset

    dataset = open_project_dataset(project, records, fields)
    opened.append(dataset)
    return dataset


def allow_scripts(project: Project, trust: bool) -> None:
    """Refuse scripts not made or trusted on this machine, unless ``--trust`` says yes."""
    from judgedesk.core.project import TrustStore, UntrustedScriptsError

    store = TrustStore()
    state = store.state(project.root)
    if not state.blocked:
        return
    if not trust:
        raise UntrustedScriptsError(state)
    store.trust(project.root)
    err(f"Trusted {state.script_names()} of {project.root}: they run from now on.")


def allow_project(project: Project, trust: bool, *, keys: bool = True) -> None:
    """Refuse keys to unapproved addresses and files from outside, unless ``--trust``.

    Args:
        keys: whether the command would send the keys (False for render, export…).

    Raises:
        ApprovalNeeded: naming every key and address, every file, when not ``trust``.
    """
    from judgedesk.core.judge import KeyNotApprovedError
    from judgedesk.core.project import OutsideFileError, Pending, approve, pending

    waiting = pending(project)
    if not keys:
        waiting = Pending((), waiting.files)
    if not waiting:
        return
    if not trust:
        problems = []
        if waiting.files:
            problems.append(str(OutsideFileError(project.root, waiting.files)))
        if waiting.keys:
            problems.append(str(KeyNotApprovedError(waiting.keys)))
        raise ApprovalNeeded(" ".join(problems))
    approve(project, waiting)
    for use in waiting.keys:
        err(f"Allowed on this computer: {use.sentence()}.")
    for path in waiting.files:
        err(f"Allowed on this computer: {project.root.name} reads {path}.")


def report_load_issues(dataset: Dataset, limit: int = 10) -> None:
    for issue in dataset.issues[:limit]:
        err(f"{issue.severity}: {issue}")
    if len(dataset.issues) > limit:
        err(f"… and {len(dataset.issues) - limit} more problems in the dataset.")


# --- commands -------------------------------------------------------------------------
