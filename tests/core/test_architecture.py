"""The tree reads as the pipeline: stages as packages, small modules, a window that assembles."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "judgedesk"
CORE = PACKAGE / "core"
STAGES = ("dataset", "template", "scripts", "judge", "project", "run", "review", "report")
MODULE_LINES = 400
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
