"""Creating a project from a dataset: mapping, template, judge (the CLI's and the wizard's)."""

from __future__ import annotations

import errno
import json
import shutil
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import MODEL_ROLE, Dataset, suggest_mapping
from judgedesk.core.errors import DatasetError, JudgeDeskError, ProjectError
from judgedesk.core.fileio import atomic_write_text
from judgedesk.core.judge import PARSERS, JudgeSettings, infer_parser
from judgedesk.core.messages import say
from judgedesk.core.project.approvals import approve
from judgedesk.core.project.arena import ArenaSettings, answer_column
from judgedesk.core.project.settings import SETTINGS_FILE, Project
from judgedesk.core.project.trust import TrustStore
from judgedesk.core.template import (
    Replacement,
    build_context,
    compile_template,
    convert_placeholders,
    get_scene,
    get_template,
)


@dataclass
class NewProjectPlan:
    """Everything a new project is made from.

    Attributes:
        root: the new (or empty) project folder.
        dataset: the dataset, already opened (its fields drive the suggestions).
        fields: role → column; empty means suggested from the column names.
        template: a built-in template id, a template file, or None to pick one that fits.
        language: of the built-in template ("en", "zh").
        scene: a scene preset id for the multi-dimension template.
        parser: the verdict parser; empty means the template's, or inferred.
        judge: the first judge (its template path and parser are filled in).
        candidate: the model that answers rows with no response, if any.
        candidate_prompt: a prompt template file the candidate is asked each row with
            (copied into the project, ``{name}`` placeholders converted); empty: the
            row's question or chat.
        variables: project variables, over the template's defaults.
        link: use the dataset where it is instead of copying it into ``data/``.
        name: the project's name; empty means the folder's.
        format: the dataset's format when not given by its extension.
        sheet: the XLSX sheet.
        swap: judge pairwise verdicts in both orders (``run.swap``).
        predictions: role → a file of answers joined to the rows by id (``response``,
            ``response_a``, ``response_b``); copied into ``data/`` unless ``link``.
        baseline: a model whose answers become answer A of each pair.
        arena: several models' answers compared a pair at a time (their columns; see
            :class:`~judgedesk.core.project.arena.ArenaSettings`).
        answer_files: model → a file of its answers joined to the rows by id; copied
            into ``data/`` unless ``link``.
    """

    root: Path
    dataset: Dataset
    fields: dict[str, str] = field(default_factory=dict)
    template: str | None = None
    language: str = "en"
    scene: str | None = None
    parser: str = ""
    judge: JudgeSettings = field(default_factory=JudgeSettings)
    candidate: JudgeSettings | None = None
    candidate_prompt: str = ""
    variables: Mapping[str, Any] = field(default_factory=dict)
    link: bool = False
    name: str = ""
    format: str = ""
    sheet: str = ""
    swap: bool = False
    predictions: Mapping[str, Path] = field(default_factory=dict)
    baseline: JudgeSettings | None = None
    arena: ArenaSettings = field(default_factory=ArenaSettings)
    answer_files: Mapping[str, Path] = field(default_factory=dict)
    need_reader: bool = False
    """Refuse to make the project when nothing can read the judge's verdicts (no parser
    recognised from the template, none given, no verdict rule): it could not run."""


@dataclass
class NewProjectReport:
    """What was made, and what the person should know about it."""

    project: Project
    replacements: list[Replacement] = field(default_factory=list)
    parser_guessed: bool = True
    scene_used: tuple[str, ...] = ()
    """The scene's variables the template reads (empty without ``--scene``)."""


def suggested_fields(dataset: Dataset, given: Mapping[str, str] | None = None) -> dict[str, str]:
    """Roles suggested from column names; chats need no question or reference.

    Args:
        dataset: The opened dataset whose column names drive the suggestions.
        given: Roles already chosen (role → column). Each overrides only its own role: the
            other roles are still recognised by name, from the columns not already chosen.

    Returns:
        A mapping from role to column name.
    """
    names = dataset.fields()
    chosen = dict(given or {})
    taken = set(chosen.values())
    suggested = {
        role: column
        for role, column in suggest_mapping(names).items()
        if not ("messages" in names and role in ("question", "reference"))
        and role not in chosen
        and column not in taken
    }
    return {**suggested, **chosen}


ARENA_TEMPLATE = "pairwise_checklist"
"""The built-in template a project comparing several models starts from."""

PREVIEW_ROLES: tuple[str, ...] = ("id", "question", "reference", "response", "human")
"""The roles :func:`preview_rows` shows, in the order a preview lists them."""


def default_template(dataset: Dataset, fields: Mapping[str, str]) -> str:
    """The built-in template a project starts from when none is chosen.

    ``score_reference`` when the rows have a reference answer (a mapped column, a
    ``ref_answer`` field or chats), else ``score_single``.
    """
    names = dataset.fields()
    has_reference = "reference" in fields or any(f in names for f in ("ref_answer", "messages"))
    return "score_reference" if has_reference else "score_single"


def preview_rows(
    dataset: Dataset, fields: Mapping[str, str], count: int = 5
) -> list[dict[str, str]]:
    """What templates would see in the first rows with ``fields`` as the column mapping.

    ``question``, ``reference`` and ``response`` are the template aliases ``question``,
    ``ref_answer`` (the chat's last assistant turn when there is no reference) and
    ``answer``. Reads rows (from the file, for JSON Lines): call it off the GUI thread.

    Returns:
        One dict per row, keyed by :data:`PREVIEW_ROLES`; values as text ("" for none).
    """
    with dataset.with_mapping(fields) as mapped:
        rows = mapped.rows(0, count)  # rows keep their records: usable once closed
    previews = []
    for row in rows:
        data = row.data
        context = build_context(data, row.response)
        previews.append(
            {
                "id": row.id,
                "question": _as_text(context["question"]),
                "reference": _as_text(context["ref_answer"]),
                "response": _as_text(context["answer"]),
                "human": _as_text(data.get("human")),
            }
        )
    return previews


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)


def workbook_sheets(path: Path) -> list[str]:
    """The names of an XLSX workbook's worksheets, in order (chart sheets left out).

    Raises:
        DatasetError: The file is not a readable workbook.
    """
    import openpyxl  # slow to import; only spreadsheets need it
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        with open(path, "rb") as handle:
            workbook = openpyxl.load_workbook(handle, read_only=True, data_only=True)
            try:
                return [str(sheet.title) for sheet in workbook.worksheets]
            finally:
                workbook.close()
    except (zipfile.BadZipFile, InvalidFileException, KeyError, ValueError, OSError) as exc:
        raise DatasetError(
            f"{path.name} could not be read as an Excel workbook ({exc}). Open it in a "
            "spreadsheet program and save it again as .xlsx, or export it as CSV."
        ) from None


def free_folder(parent: Path, name: str) -> Path:
    """``parent / name``, or ``name-2``, ``name-3``… when that folder is in use already."""
    name = name.strip().strip(".") or "project"
    candidate = parent / name
    number = 2
    while candidate.exists() and (not candidate.is_dir() or any(candidate.iterdir())):
        candidate = parent / f"{name}-{number}"
        number += 1
    return candidate


def create_project(plan: NewProjectPlan) -> NewProjectReport:
    """Make the project folder, its settings and the judge's template.

    Raises:
        ProjectError: the folder is a project already or is not empty.
        LibraryError: the built-in template or scene does not exist.
        JudgeDeskError: the folder could not be written (a full disk…); what was made of
            it is removed.
    """
    root = plan.root.expanduser().resolve()
    if (root / SETTINGS_FILE).exists():
        raise ProjectError(f"{root} is already a JudgeDesk project. Open it instead.")
    if root.exists() and any(root.iterdir()):
        raise ProjectError(f"{root} is not empty. Choose a new or empty folder.")
    fields = dict(plan.fields) or suggested_fields(plan.dataset)
    arena = _arena(plan)
    project = Project(root=root, name=plan.name or root.name, language=plan.language)
    project.dataset.format = plan.format
    project.dataset.sheet = plan.sheet
    project.dataset.fields = fields
    judge = plan.judge
    judge.template = f"templates/{judge.name}.j2"
    text, parser, replacements = _template(plan, project, judge)
    scene_used = _apply_scene(plan, project, text)
    judge.parser = plan.parser or parser or ""
    if plan.need_reader and not judge.parser and not judge.verdict:
        raise ProjectError(
            say(
                "new.no_reader",
                "The template's verdict format was not recognised, so its verdicts could "
                "not be read: add --parser NAME (one of: {parsers}) or a verdict rule "
                "(--verdict-pattern or --verdict-path).",
                parsers=", ".join(PARSERS),
            )
        )
    project.judges.append(judge)
    project.candidate = plan.candidate
    if plan.candidate is not None and plan.candidate_prompt:
        if not Path(plan.candidate_prompt).expanduser().is_file():
            raise ProjectError(
                f"The candidate's prompt template {plan.candidate_prompt} was not found. "
                "Give the path of a template file."
            )
        plan.candidate.prompt_template = CANDIDATE_PROMPT
    project.variables.update(plan.variables)
    _score_bounds(project, judge, text)
    project.run.swap = plan.swap
    project.baseline = plan.baseline
    project.arena = arena

    existed = root.exists()
    try:
        _make(plan, project, judge, text)
    except OSError as exc:  # a full disk, a folder that is not writable…
        _unmake(root, existed)
        raise JudgeDeskError(_not_made(root, exc, existed)) from None
    except BaseException:
        _unmake(root, existed)
        raise
    return NewProjectReport(
        project, replacements, parser is not None or bool(plan.parser), scene_used
    )


def _make(plan: NewProjectPlan, project: Project, judge: JudgeSettings, text: str) -> None:
    """Write the project's folder: its data, settings and template; approve it."""
    root = project.root
    root.mkdir(parents=True, exist_ok=True)
    source = plan.dataset.path.resolve()
    if plan.link:
        project.dataset.path = str(source)
    else:
        target = root / "data" / source.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        project.dataset.path = f"data/{source.name}"
    taken = {Path(project.dataset.path).name}
    files = {**plan.predictions, **{MODEL_ROLE + m: f for m, f in plan.answer_files.items()}}
    for role, file in files.items():
        path = file.expanduser().resolve()
        if not path.is_file():
            raise ProjectError(f"The predictions file {path} does not exist.")
        if plan.link:
            project.dataset.predictions[role] = str(path)
            continue
        prefix = role.replace(":", "-")
        name = path.name if path.name not in taken else f"{prefix}-{path.name}"
        taken.add(name)
        (root / "data").mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, root / "data" / name)
        project.dataset.predictions[role] = f"data/{name}"
    project.save()
    project.write_template(judge, text)
    if project.candidate is not None and plan.candidate_prompt:
        raw = Path(plan.candidate_prompt).expanduser().read_text(encoding="utf-8")
        converted = convert_placeholders(raw, fields=plan.dataset.fields()).text
        atomic_write_text(root / project.candidate.prompt_template, converted)
    TrustStore().mark_made_here(root)  # made here: its scripts will be the person's own
    approve(project)  # the keys, addresses and files the person chose here


def _arena(plan: NewProjectPlan) -> ArenaSettings:
    """The models compared, their columns checked against the dataset's.

    Raises:
        ProjectError: a column the dataset lacks, a model named twice, or settings that
            make no leaderboard (see :meth:`ArenaSettings.problems`).
    """
    given = plan.arena
    columns = set(plan.dataset.fields())
    for model, column in given.answers.items():
        if column.split(".")[0] not in columns and column not in columns:
            raise ProjectError(
                f"The dataset has no column '{column}' for the answers of {model}. Its "
                f"columns are: {', '.join(sorted(columns))}."
            )
    twice = sorted(set(given.answers) & set(plan.answer_files))
    if twice:
        raise ProjectError(f"The answers of {twice[0]} are given twice: give them once.")
    answers = {**given.answers, **{m: answer_column(m) for m in plan.answer_files}}
    arena = ArenaSettings(answers, given.baseline, given.pairs)
    problems = arena.problems()
    if problems:
        raise ProjectError(problems[0])
    return arena


def _unmake(root: Path, existed: bool) -> None:
    """Remove what :func:`_make` wrote: the folder, or its contents when it was there
    (empty) before."""
    if not existed:
        shutil.rmtree(root, ignore_errors=True)
        return
    for child in root.iterdir() if root.is_dir() else ():
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)


def _not_made(root: Path, error: OSError, existed: bool) -> str:
    """Why the project could not be made, in a sentence that says what to do."""
    left = f"{root} is empty again" if existed else "nothing of it was left behind"
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return (
            f"The project could not be made: the disk holding {root.parent} is full. Free "
            f"some space there, then try again; {left}."
        )
    if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return (
            f"The project could not be made: {root.parent} cannot be written, it is "
            f"read-only for you. Choose a folder you can write to; {left}."
        )
    why = error.strerror or str(error)
    return (
        f"The project could not be made in {root} ({why}). Check the disk, then try again; {left}."
    )


def _template(
    plan: NewProjectPlan, project: Project, judge: JudgeSettings
) -> tuple[str, str | None, list[Replacement]]:
    spec = plan.template
    if spec and Path(spec).expanduser().is_file():
        raw = Path(spec).expanduser().read_text(encoding="utf-8")
        conversion = convert_placeholders(raw, fields=plan.dataset.fields())
        return conversion.text, infer_parser(conversion.text), list(conversion.replacements)
    if spec is None:
        spec = default_template(plan.dataset, project.dataset.fields)
        if plan.arena.answers or plan.answer_files:
            spec = ARENA_TEMPLATE
    info = get_template(spec, plan.language)
    project.variables.update(info.variables)
    judge.system_prompt = info.system_prompt
    return info.text, info.parser, []


CANDIDATE_PROMPT = "templates/candidate.j2"
"""Where a new project keeps the prompt template its candidate model is asked with."""

SCORE_SCALE = (1, 10)
"""The scale a score is given on when neither the verdict rule nor the reader says one."""
_READER_SCALES = {"prometheus": (1, 5)}


def _score_bounds(project: Project, judge: JudgeSettings, text: str) -> None:
    """Give ``min_score``/``max_score`` to a template that reads them and has no value.

    A template of one's own often says "a score from {{ min_score }} to {{ max_score }}"
    (as the platforms' examples do) without the project setting them; they come from the
    verdict's scale then: the verdict rule's bounds, the reader's own scale, or 1 to 10.
    Only the names the template reads are set, so "0 to {{ max_score }}" keeps 0 valid.
    """
    compiled = compile_template(text)
    if not compiled.ok:
        return
    wanted = [n for n in ("min_score", "max_score") if n not in project.variables]
    wanted = [n for n in wanted if n in compiled.variables()]
    if not wanted:
        return
    low, high = _READER_SCALES.get(judge.parser, SCORE_SCALE)
    rule = judge.verdict
    scale = {"min_score": rule.get("min", low), "max_score": rule.get("max", high)}
    for name in wanted:
        project.variables[name] = scale[name]


def _apply_scene(plan: NewProjectPlan, project: Project, text: str) -> tuple[str, ...]:
    """Fill the project variables from the scene preset, when one is chosen.

    Returns:
        The scene's variables the template reads, in the preset's order.

    Raises:
        ProjectError: the template is the person's own and reads none of them, so the
            scene would change nothing.
    """
    if not plan.scene:
        return ()
    scene = get_scene(plan.scene, plan.language)
    compiled = compile_template(text)
    read = set(compiled.variables())
    used = tuple(name for name in scene.variables if name in read)
    own_file = bool(plan.template) and Path(str(plan.template)).expanduser().is_file()
    if own_file and compiled.ok and not used:
        names = ", ".join(scene.variables)
        raise ProjectError(
            f"The scene '{plan.scene}' fills the variables {names}, and the template "
            f"{plan.template} uses none of them, so the scene would change nothing. Write "
            "some of them into the template (for example {{ scene_desc }}), or make the "
            "project without a scene."
        )
    project.variables.update(scene.variables)
    return used
