"""What a project needs the person's yes for before it sends or reads anything.

Two questions besides "may its scripts run?" (:mod:`judgedesk.core.project.trust`):
which keys its models would send to which servers (:mod:`judgedesk.core.judge.approvals`),
and which files outside its folder it would read (:mod:`judgedesk.core.project.boundary`).
A project made on this computer approves its own at creation; any other asks, in the
window, or refuses on the command line unless ``--trust``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judgedesk.core.judge import JudgeSettings, KeyApprovals, KeyNotApprovedError, KeyUse
from judgedesk.core.project.boundary import FileApprovals, OutsideFileError
from judgedesk.core.project.settings import Project


@dataclass(frozen=True)
class Pending:
    """What a project would do that has not been allowed on this computer.

    Attributes:
        keys: keys its models would send to servers not approved for them.
        files: files outside its folder it would read.
    """

    keys: tuple[KeyUse, ...] = ()
    files: tuple[Path, ...] = field(default_factory=tuple)

    def __bool__(self) -> bool:
        return bool(self.keys or self.files)


def key_uses(project: Project, judges: list[JudgeSettings] | None = None) -> list[KeyUse]:
    """Every (key, address) the project's models would use when run.

    Args:
        judges: only these judges (and the models that answer rows); every judge
            switched on when None.
    """
    chosen = judges if judges is not None else [j for j in project.judges if j.enabled]
    models = [(j, "judge") for j in chosen]
    models += [(m, "model") for m in (project.candidate, project.baseline) if m is not None]
    uses = []
    for settings, role in models:
        if settings.kind == "openai" and settings.api_key.strip():
            uses.append(KeyUse(settings.api_key, settings.base_url, f"{role} '{settings.name}'"))
    return uses


def project_files(project: Project) -> list[Path]:
    """The dataset and predictions files the project reads."""
    paths = [project.dataset_path()] if project.dataset.path else []
    return paths + list(project.prediction_paths().values())


def pending(project: Project) -> Pending:
    """What the project would send or read without the person's yes (blocking, quick)."""
    files = FileApprovals()
    outside = tuple(p for p in project_files(project) if not files.allowed(project.root, p))
    return Pending(tuple(KeyApprovals().pending(key_uses(project))), outside)


def require_keys_approved(project: Project, judges: list[JudgeSettings] | None = None) -> None:
    """Raise before anything is sent when a key would go to a server not approved for it.

    Raises:
        KeyNotApprovedError: naming every such key and address.
    """
    waiting = KeyApprovals().pending(key_uses(project, judges))
    if waiting:
        raise KeyNotApprovedError(waiting)


def require_files_allowed(project: Project) -> None:
    """Raise before reading a dataset or predictions file outside the folder not allowed.

    Raises:
        OutsideFileError: naming every such file.
    """
    files = FileApprovals()
    outside = [p for p in project_files(project) if not files.allowed(project.root, p)]
    if outside:
        raise OutsideFileError(project.root, outside)


def approve(project: Project, what: Pending | None = None) -> None:
    """The person said yes (or made the project here): allow what it would do.

    Args:
        what: the answers to approve; everything the project does now when None.
    """
    if what is None:
        what = pending(project)
    if what.keys:
        KeyApprovals().approve(what.keys)
    if what.files:
        FileApprovals().allow(project.root, what.files)
