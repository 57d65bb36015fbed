"""The Qt-free core of JudgeDesk: datasets, templates, parsers, projects and the pipeline."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any


def lazy_face(package: str, face_file: str) -> tuple[Callable[[str], Any], list[str]]:
    """A stage's ``__getattr__`` and ``__all__``, read from its face's one list of names.

    The face lists its public names once, as imports under ``if TYPE_CHECKING:`` (what
    type checkers and readers see); here that block becomes a map of name → module, and
    each name is imported on first use. Importing one module of a stage so imports no
    other: a command loads only what it uses (``judgedesk render`` no HTTP client).

    Args:
        package: The stage's ``__name__``.
        face_file: The stage's ``__file__``; its source is read (a frozen app ships the
            faces' sources beside their bytecode).
    """
    source = Path(face_file).with_name("__init__.py").read_text(encoding="utf-8")
    where: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom) and statement.module:
                    for alias in statement.names:
                        where[alias.asname or alias.name] = statement.module

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    return __getattr__, sorted(where)
