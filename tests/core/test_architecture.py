"""The tree reads as the pipeline: stages as packages, small modules, a window that assembles."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "judgedesk"
CORE = PACKAGE / "core"
STAGES = ("dataset", "template", "scripts", "judge", "project", "run", "review", "report")
# CONVENTIONS.md: aim under 400 lines (split along the design, never to fit a number),
# never over 600.
MODULE_LINES = 600
MAIN_WINDOW_LINES = 300


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_core_shows_its_stages_with_few_modules_at_its_root() -> None:
    root_modules = sorted(p.name for p in CORE.glob("*.py") if p.name != "__init__.py")
    assert len(root_modules) <= 6, root_modules
    packages = sorted(p.name for p in CORE.iterdir() if (p / "__init__.py").exists())
    assert packages == sorted(STAGES)


def test_each_stage_says_what_it_does_and_exports_what_others_use() -> None:
    for stage in STAGES:
        tree = ast.parse((CORE / stage / "__init__.py").read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree)
        assert doc and len(doc) > 80, f"{stage}/__init__.py needs a docstring saying what it does"
        exported = [
            node
            for node in tree.body
            if isinstance(node, ast.Assign | ast.ImportFrom | ast.FunctionDef)
        ]
        assert exported, f"{stage}/__init__.py exports nothing"


def test_the_layers_contract_names_every_stage_in_pipeline_order() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layers = [
        c for c in contracts if c["type"] == "layers" and c["containers"] == ["judgedesk.core"]
    ]
    assert len(layers) == 1
    assert layers[0]["containers"] == ["judgedesk.core"]
    assert layers[0]["layers"] == list(reversed(STAGES))
    assert any(
        c["type"] == "acyclic_siblings" and c["ancestors"] == ["judgedesk"] for c in contracts
    )


def test_no_module_is_longer_than_a_person_can_hold_in_mind() -> None:
    long = {
        str(path.relative_to(ROOT)): _lines(path)
        for path in PACKAGE.rglob("*.py")
        if _lines(path) > MODULE_LINES
    }
    assert long == {}


def test_the_main_window_only_assembles() -> None:
    assert _lines(PACKAGE / "ui" / "main_window.py") <= MAIN_WINDOW_LINES


def _stage_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[:2] == ["judgedesk", "core"] and len(parts) > 2 and parts[2] in STAGES:
        return parts[2]
    return None


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _workspace_signals() -> set[str]:
    """The names of the signals the workspace announces its changes with."""
    tree = ast.parse((CORE / "project" / "workspace.py").read_text(encoding="utf-8"))
    return {
        node.target.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Attribute)
        and node.target.attr.startswith("sig_")
    }


def _undo_commands() -> set[str]:
    """The core's classes that are undo commands (they can be done and undone)."""
    names = set()
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                methods = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
                if {"do", "undo"} <= methods:
                    names.add(node.name)
    return names


def test_the_window_changes_a_project_only_through_workspace_operations() -> None:
    # CONVENTIONS.md: a workspace operation applies the edit, records it for undo and
    # announces what changed; the window never announces for it nor builds commands.
    signals, commands = _workspace_signals(), _undo_commands()
    assert {"sig_judges_changed", "sig_results_changed"} <= signals
    assert "SnapshotCommand" in commands
    found = []
    for path in (PACKAGE / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func, where = node.func, f"{path.relative_to(ROOT)}:{node.lineno}"
            emitted = func.value if isinstance(func, ast.Attribute) else None
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "emit"
                and isinstance(emitted, ast.Attribute)
                and emitted.attr in signals
                and ast.unparse(emitted.value) != "self"
            ):
                found.append(f"{where} emits {ast.unparse(emitted)}")
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in commands:
                found.append(f"{where} builds {name}")
    assert found == []


def test_from_outside_a_stage_only_its_face_is_imported() -> None:
    bypasses = []
    for path in PACKAGE.rglob("*.py"):
        here = _stage_of(_module_name(path))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            for module in modules:
                stage = _stage_of(module)
                if stage and stage != here and module != f"judgedesk.core.{stage}":
                    bypasses.append(f"{path.relative_to(ROOT)}:{node.lineno} {module}")
    assert bypasses == []
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    protected = {
        tuple(c["protected_modules"]): c["allowed_importers"]
        for c in config["tool"]["importlinter"]["contracts"]
        if c["type"] == "protected"
    }
    for stage in STAGES:
        assert protected[(f"judgedesk.core.{stage}.*",)] == [f"judgedesk.core.{stage}"]


def test_every_name_a_face_lists_is_there_and_no_name_is_a_module() -> None:
    import importlib

    for stage in STAGES:
        face = importlib.import_module(f"judgedesk.core.{stage}")
        names = [
            alias.asname or alias.name
            for node in ast.walk(ast.parse((CORE / stage / "__init__.py").read_text("utf-8")))
            if isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith(f"judgedesk.core.{stage}.")
            for alias in node.names
        ]
        assert names, stage
        for name in names:
            # A name that is also a module of the stage is replaced by the module once
            # that module is imported: the face would hand out different things in turn.
            assert not (CORE / stage / f"{name}.py").exists(), f"{stage}.{name}"
            assert not (CORE / stage / name / "__init__.py").exists(), f"{stage}.{name}"
            assert getattr(face, name) is not None, f"{stage}.{name}"
        if hasattr(face, "__all__"):
            assert sorted(face.__all__) == sorted(names)


def test_the_architecture_page_lists_each_face_as_it_is() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for stage in STAGES:
        tree = ast.parse((CORE / stage / "__init__.py").read_text(encoding="utf-8"))
        names = {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith(f"judgedesk.core.{stage}.")
            for alias in node.names
        }
        line = next(x for x in page.splitlines() if x.startswith(f"- **{stage}** ("))
        listed = set(line.split(": ", 1)[1].replace("`", "").split(", "))
        assert listed == names, stage


# SQL as the results file's tables are read and written with: upper-case keywords (prose
# never writes them so) or a table of the results file after FROM, INTO or JOIN.
_SQL = re.compile(
    r"\b(SELECT|INSERT\s+INTO|DELETE\s+FROM|CREATE\s+TABLE|ALTER\s+TABLE|UPDATE\s+\w+\s+SET)\b"
    r"|\b(?:FROM|INTO|JOIN)\s+(?:results|calls|runs|reviews|adjudications|meta)\b"
    r"|\bjson_(?:extract|each|remove|type)\("
)
_RUNS_SQL = ("execute", "executemany", "executescript")


def _sql_in(source: str) -> list[str]:
    """Where a module holds SQL: a string that reads as SQL, or a statement run on a
    connection (``db.execute(...)``, also inside a reader handed to ``Store.read``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if _SQL.search(node.value):
                found.append(f"{node.lineno}: {node.value.strip()[:60]!r}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _RUNS_SQL
        ):
            found.append(f"{node.lineno}: .{node.func.attr}(")
    return found


def test_only_the_run_stage_holds_sql_of_the_results_file() -> None:
    # The check itself finds what it is for: queries as other stages once ran them.
    assert _sql_in('store.read(lambda db: db.execute(f"SELECT COUNT(*) FROM results{w}"))')
    assert _sql_in('Q = """SELECT r.row_index FROM results r"""')
    assert _sql_in("def read(db):\n    return db.executemany(QUERY, rows)\n")
    assert not _sql_in('"""Select the rows whose results a person reviewed."""')
    run = CORE / "run"
    found = {
        str(path.relative_to(ROOT)): sql
        for path in PACKAGE.rglob("*.py")
        if run not in path.parents and (sql := _sql_in(path.read_text(encoding="utf-8")))
    }
    assert found == {}, "SQL of the results file belongs in judgedesk/core/run/ (store_reads)"
