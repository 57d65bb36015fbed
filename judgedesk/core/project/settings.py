"""Project folders: ``judgedesk.toml`` settings, versioned, validated and saved atomically."""

from __future__ import annotations

import logging
import shutil
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import tomli_w

from judgedesk.core.errors import ProjectError
from judgedesk.core.fileio import atomic_write_text, remove_leftovers
from judgedesk.core.judge import JudgeSettings, check_no_secret
from judgedesk.core.project.arena import ArenaSettings, arena_from_table
from judgedesk.core.project.boundary import inside_project

log = logging.getLogger(__name__)

SETTINGS_FILE = "judgedesk.toml"
STATE_DIR = ".judgedesk"
SCHEMA_VERSION = 1

# Step n turns a settings table of version n into version n + 1.
Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


@dataclass
class DatasetSettings:
    """Where the evaluation set is and how its columns are read.

    Attributes:
        path: relative to the project folder (``data/qa.jsonl``) or absolute.
        format: "jsonl", "json", "csv", "tsv", "xlsx" or "parquet"; empty means by file extension.
        sheet: the XLSX sheet to read; empty means the first.
        fields: role → column, e.g. ``{"question": "problem", "reference": "answer"}``.
        predictions: role → a file of answers joined to the rows by id, for
            ``response``, ``response_a`` or ``response_b`` (paths as for ``path``).
    """

    path: str = ""
    format: str = ""
    sheet: str = ""
    fields: dict[str, str] = field(default_factory=dict)
    predictions: dict[str, str] = field(default_factory=dict)


@dataclass
class ScriptSettings:
    """Limits for the preprocess and postprocess scripts."""

    timeout: float = 30.0
    memory_mb: int = 2048


@dataclass
class RunSettings:
    """How runs go.

    Attributes:
        cascade: when a metric judge decides a row, the judges after it are skipped.
        workers: rows worked on at once; 0 means twice the largest judge concurrency.
        swap: judges giving pairwise verdicts (A against B) are asked twice, once with
            the answers in the other order, and the two verdicts are combined; a pair
            judged differently in the two orders counts as a tie and is flagged.
        aggregate: how the judges' verdicts make a row's result when there is no
            postprocess script: "last" (the last judge's), "mean", "median", "majority",
            "min", "max" or "all" (true only when every judge says true).
        render_seconds: how long rendering a judge's template for one row may take
            before it is stopped and that row fails.
    """

    cascade: bool = False
    workers: int = 0
    swap: bool = False
    aggregate: str = "last"
    render_seconds: float = 2.0


@dataclass
class CalibrationSettings:
    """How the rows people gave a verdict on are split to calibrate judges.

    Attributes:
        share: the share of those rows in the tuning part (examples are drawn from it and
            a judge is chosen on it); the rest are the test part.
        seed: the seed of the split; the same seed keeps every row in its part.
    """

    share: float = 0.5
    seed: int = 0


@dataclass
class Problem:
    """A reason a project cannot run (error) or may not do what is meant (warning).

    ``stage`` names the pipeline stage it belongs to ("dataset", "template", "judges",
    "run" for the models that answer; "" for the whole project), ``judge`` the judge
    and ``line`` the template's line.
    """

    severity: str
    message: str
    stage: str = ""
    judge: str = ""
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.severity}: {self.message}"


@dataclass
class Project:
    """A project folder and its settings.

    Attributes:
        root: the project folder.
        name: shown in the title bar and reports.
        language: the language of the built-in templates it started from ("en", "zh").
        dataset: the evaluation set.
        judges: the judges, in the order they run for each row.
        variables: project variables the templates see (max_score, scene_desc, …).
        scripts: limits for the scripts.
        run: how runs go (cascade, workers).
        calibration: how labelled rows are split into tuning and test parts.
        candidate: the model that answers rows that have no response yet (optional).
        baseline: a model whose answer to each row becomes answer A, compared with the
            row's response (or the candidate's) as answer B by pairwise templates.
        arena: the answers of several models, compared a pair at a time (a leaderboard).
        extra: tables this version does not know, kept so that saving loses nothing.
    """

    root: Path
    name: str = ""
    language: str = "en"
    dataset: DatasetSettings = field(default_factory=DatasetSettings)
    judges: list[JudgeSettings] = field(default_factory=list)
    variables: dict[str, Any] = field(default_factory=dict)
    scripts: ScriptSettings = field(default_factory=ScriptSettings)
    run: RunSettings = field(default_factory=RunSettings)
    calibration: CalibrationSettings = field(default_factory=CalibrationSettings)
    candidate: JudgeSettings | None = None
    baseline: JudgeSettings | None = None
    arena: ArenaSettings = field(default_factory=ArenaSettings)
    extra: dict[str, Any] = field(default_factory=dict)

    # --- places ------------------------------------------------------------------------

    @property
    def settings_path(self) -> Path:
        """The ``judgedesk.toml`` file."""
        return self.root / SETTINGS_FILE

    @property
    def state_dir(self) -> Path:
        """The ``.judgedesk`` folder holding the results store."""
        return self.root / STATE_DIR

    @property
    def store_path(self) -> Path:
        """The SQLite results store."""
        return self.state_dir / "results.sqlite"

    def script_path(self, kind: str) -> Path:
        """Return ``scripts/preprocess.py`` or ``scripts/postprocess.py``.

        Raises:
            ProjectError: the file is a symbolic link out of the project folder.
        """
        if kind not in ("preprocess", "postprocess"):
            raise ValueError(f"unknown script kind {kind!r}")
        return inside_project(self.root, f"scripts/{kind}.py", f"The {kind} script")

    def dataset_path(self) -> Path:
        """The dataset file, resolved against the project folder."""
        path = Path(self.dataset.path).expanduser()
        return path if path.is_absolute() else self.root / path

    def prediction_paths(self) -> dict[str, Path]:
        """The predictions files by role, resolved against the project folder."""
        found = {}
        for role, name in self.dataset.predictions.items():
            path = Path(name).expanduser()
            found[role] = path if path.is_absolute() else self.root / path
        return found

    def judge(self, name: str | None = None) -> JudgeSettings:
        """Return the judge called ``name``, or the first one when ``name`` is None."""
        if not self.judges:
            raise ProjectError("This project has no judge yet. Add one in the Judges pane.")
        if name is None:
            return self.judges[0]
        for judge in self.judges:
            if judge.name == name:
                return judge
        known = ", ".join(j.name for j in self.judges)
        raise ProjectError(f"There is no judge called '{name}'. The judges are: {known}.")

    def template_path(self, judge: JudgeSettings) -> Path:
        """The template file of a judge.

        Raises:
            ProjectError: the file is outside the project folder (see
                :func:`~judgedesk.core.project.boundary.inside_project`).
        """
        return inside_project(self.root, judge.template, f"The template of judge '{judge.name}'")

    def read_template(self, judge: JudgeSettings) -> str:
        """Read a judge's template text."""
        path = self.template_path(judge)
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ProjectError(
                f"The template of judge '{judge.name}' is missing: {judge.template}. "
                "Pick a template for it in the Template pane."
            ) from None
        except UnicodeDecodeError:
            raise ProjectError(
                f"The template {judge.template} is not UTF-8 text. Save it as UTF-8."
            ) from None

    def write_template(self, judge: JudgeSettings, text: str) -> None:
        """Save a judge's template text atomically."""
        atomic_write_text(self.template_path(judge), text)

    def read_prompt_template(self, model: JudgeSettings) -> str:
        """Read the prompt template a candidate or baseline model is asked with.

        Raises:
            ProjectError: it lies outside the project folder, is missing or is not text.
        """
        what = f"The prompt template of the {model.name} model"
        path = inside_project(self.root, model.prompt_template, what)
        try:
            return path.read_text(encoding="utf-8")
        except (FileNotFoundError, IsADirectoryError):
            raise ProjectError(
                f"{what} is missing: {model.prompt_template}. Put it back, or clear "
                f"prompt_template in [{model.name}] to ask the row's question as it is."
            ) from None
        except UnicodeDecodeError:
            raise ProjectError(f"{what}, {model.prompt_template}, is not UTF-8 text.") from None

    # --- saving ------------------------------------------------------------------------

    def to_table(self) -> dict[str, Any]:
        """The settings as the TOML table written to disk."""
        for model in [*self.judges, self.candidate, self.baseline]:
            if model is not None:
                check_no_secret(model)
        table: dict[str, Any] = {"schema_version": SCHEMA_VERSION, "name": self.name}
        table["language"] = self.language
        table["dataset"] = _dataclass_table(self.dataset)
        table["variables"] = dict(self.variables)
        table["scripts"] = _dataclass_table(self.scripts)
        table["run"] = _dataclass_table(self.run)
        if self.calibration != CalibrationSettings():  # only once someone calibrated
            table["calibration"] = _dataclass_table(self.calibration)
        table["judges"] = [_dataclass_table(j) for j in self.judges]
        if self.candidate is not None:
            table["candidate"] = _dataclass_table(self.candidate)
        if self.baseline is not None:
            table["baseline"] = _dataclass_table(self.baseline)
        if self.arena.answers:
            table["arena"] = _dataclass_table(self.arena)
        for key, value in self.extra.items():
            table.setdefault(key, value)
        return table

    def save(self) -> None:
        """Write ``judgedesk.toml`` atomically.

        Raises:
            ProjectError: when a judge holds what looks like an API key rather than a
                reference to one; nothing is written then.
        """
        text = self.settings_text()
        self.root.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.settings_path, text)

    def settings_text(self) -> str:
        """The settings as the text of ``judgedesk.toml`` (refuses to hold an API key)."""
        return tomli_w.dumps(_drop_empty(self.to_table()))


def _dataclass_table(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


def _drop_empty(value: Any) -> Any:
    # TOML has no null; empty strings and tables are left out to keep the file short.
    # Project variables are kept as they are: an empty text is still a variable.
    if isinstance(value, dict):
        kept = {
            k: v if k == "variables" else _drop_empty(v)
            for k, v in value.items()
            if k == "variables" or (v is not None and v != "")
        }
        return {k: v for k, v in kept.items() if v != {} or k in ("fields", "variables")}
    if isinstance(value, list):
        return [_drop_empty(v) for v in value]
    return value


# --- loading ---------------------------------------------------------------------------


def load_project(root: str | Path) -> Project:
    """Open a project folder, migrating an older settings file in place.

    Raises:
        ProjectError: the folder or its settings file is missing, unreadable, made by a
            newer JudgeDesk, or holds values of the wrong kind.
    """
    root = Path(root).expanduser().resolve()
    path = root / SETTINGS_FILE
    if not root.is_dir():
        raise ProjectError(f"The folder {root} does not exist.")
    if not path.is_file():
        raise ProjectError(
            f"{root} is not a JudgeDesk project: it has no {SETTINGS_FILE}. "
            "Create one with File ▸ New Project, or `judgedesk new`."
        )
    for folder in (root, root / STATE_DIR, root / "templates", root / "scripts"):
        remove_leftovers(folder)  # a save killed half-way left its temporary file
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ProjectError(
            f"{path} cannot be read: {exc}. Fix the line it names in a text editor, "
            "or restore the file from a backup."
        ) from None
    except UnicodeDecodeError:
        raise ProjectError(f"{path} is not UTF-8 text.") from None
    version = table.get("schema_version")
    if not isinstance(version, int):
        raise ProjectError(f"{path} has no valid schema_version, so it cannot be read safely.")
    if version > SCHEMA_VERSION:
        raise ProjectError(
            f"This project was saved by a newer JudgeDesk (format {version}; this version "
            f"reads up to {SCHEMA_VERSION}). Update JudgeDesk to open it."
        )
    if version < SCHEMA_VERSION:
        table = migrate(table, path)
    project = project_from_table(root, table)
    if version < SCHEMA_VERSION:
        project.save()
        log.info("migrated %s from format %d to %d", path, version, SCHEMA_VERSION)
    return project


def migrate(table: dict[str, Any], path: Path) -> dict[str, Any]:
    """Bring a settings table up to the current format, keeping a backup of the file."""
    version = int(table["schema_version"])
    backup = path.with_name(f"{path.name}.v{version}.bak")
    if not backup.exists():
        shutil.copy2(path, backup)
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise ProjectError(f"There is no way to read project format {version}.")
        table = step(dict(table))
        version += 1
        table["schema_version"] = version
    return table


def project_from_table(root: Path, table: dict[str, Any]) -> Project:
    """Build a :class:`Project` from a settings table of the current format."""
    known = {"schema_version", "name", "language", "dataset", "judges", "variables", "scripts"}
    known |= {"run", "calibration", "candidate", "baseline", "arena"}
    try:
        judges_table = table.get("judges", [])
        if not isinstance(judges_table, list):
            raise TypeError("judges must be a list of [[judges]] tables")
        project = Project(
            root=root,
            name=str(table.get("name") or root.name),
            language=str(table.get("language", "en")),
            dataset=_build(DatasetSettings, table.get("dataset", {}), "dataset"),
            judges=[_build(JudgeSettings, j, f"judges[{i}]") for i, j in enumerate(judges_table)],
            variables=dict(table.get("variables", {})),
            scripts=_build(ScriptSettings, table.get("scripts", {}), "scripts"),
            run=_build(RunSettings, table.get("run", {}), "run"),
            calibration=_build(CalibrationSettings, table.get("calibration", {}), "calibration"),
            candidate=(
                _build(JudgeSettings, table["candidate"], "candidate")
                if "candidate" in table
                else None
            ),
            baseline=(
                _build(JudgeSettings, table["baseline"], "baseline")
                if "baseline" in table
                else None
            ),
            arena=arena_from_table(table.get("arena", {})),
            extra={k: v for k, v in table.items() if k not in known},
        )
    except (TypeError, ValueError) as exc:
        raise ProjectError(
            f"{root / SETTINGS_FILE} has a setting of the wrong kind: {exc}."
        ) from None
    return project


def _build(cls: Any, table: Any, where: str) -> Any:
    if not isinstance(table, dict):
        raise TypeError(f"[{where}] must be a table")
    defaults = cls()
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in table:
            continue
        value = table[f.name]
        default = getattr(defaults, f.name)
        expected = type(default)
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise TypeError(f"[{where}] {f.name} should be {_kind_name(expected)}, not {value!r}")
        values[f.name] = value
    return cls(**values)


def _kind_name(kind: type) -> str:
    return {
        str: "text",
        int: "a whole number",
        float: "a number",
        bool: "true or false",
        dict: "a table",
        list: "a list",
    }.get(kind, kind.__name__)


AGGREGATES = ("last", "mean", "median", "majority", "min", "max", "all")
"""The ways a row's result can be made from several judges' verdicts (``run.aggregate``)."""
