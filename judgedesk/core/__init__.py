"""The Qt-free core of JudgeDesk: datasets, templates, parsers, projects and the pipeline."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A stage package's ``__getattr__``: each exported name (name → its module in the
    package) is imported on first use, so importing one module of a stage does not
    import all of them."""

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{module}"), name)

    return __getattr__
