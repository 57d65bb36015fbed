"""Whether a model file can judge here, and how many of its rows fit in memory together.

Read before a model is loaded (the file's header against free memory), by the client that
loads it, the project check and the Judges pane.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from judgedesk.core.judge.gguf import (
    GGUFError,
    ModelFile,
    free_memory,
    memory_needed,
    read_model_file,
)

__all__ = [
    "EXTRA_MISSING",
    "MAX_PARALLEL",
    "Parallel",
    "choose_parallel",
    "default_parallel",
    "local_extra_installed",
    "model_file_problem",
    "rows_at_once",
]

EXTRA_MISSING = (
    "Judging with a model file needs llama-cpp-python, which is not installed. Install "
    "JudgeDesk's local extra: pip install 'judgedesk[local]' (from a source folder: "
    "pip install -e '.[local]'); it builds llama.cpp, which takes several minutes."
)

MAX_PARALLEL = 64
"""The most rows decoded together that the settings accept."""


def default_parallel(cores: int | None = None) -> int:
    """Rows decoded together when the judge leaves it to us (``parallel = 0``).

    Decoding reads every weight once a step whatever the rows in it, so a few rows cost
    little more than one even on one core; past eight the steps grow slower than they
    gain on a laptop's CPU.
    """
    cores = cores if cores is not None else os.cpu_count() or 1
    return min(8, max(4, cores))


@dataclass(frozen=True)
class Parallel:
    """Rows decoded together: ``asked`` (the setting, or the default), ``rows`` (what fits)
    and ``note`` (why fewer, in a sentence; "" when all fit)."""

    asked: int
    rows: int
    note: str = ""


def choose_parallel(
    model: ModelFile, context_size: int, asked: int, free: int | None, cores: int | None = None
) -> Parallel:
    """The rows a model decodes together: as asked (or the default for ``asked = 0``),
    halved while each row's context of ``context_size`` tokens does not fit in ``free``
    bytes of memory (unknown: as asked). One row when not even two fit."""
    wanted = asked if asked > 0 else default_parallel(cores)
    rows = wanted
    while rows > 1 and free is not None and memory_needed(model, context_size * rows) > free:
        rows //= 2
    note = ""
    if rows < wanted:
        note = (
            f"{wanted} rows at once need {memory_needed(model, context_size * wanted) / 2**30:.1f} "
            f"GiB with a context of {context_size:,} tokens each, more than is free; "
            f"{rows} {'is' if rows == 1 else 'are'} decoded together. Lower the context size "
            "or close other programs to judge more rows at once."
        )
    return Parallel(wanted, rows, note)


def local_extra_installed() -> bool:
    """Whether llama-cpp-python can be imported (checked without importing it)."""
    return importlib.util.find_spec("llama_cpp") is not None


def model_file_problem(path: str | Path, context_size: int) -> str:
    """Why a model file cannot be judged with here, or "" when it can (blocking: it reads
    the file's header): llama-cpp-python missing, not a GGUF file, or too big for memory."""
    if not local_extra_installed():
        return EXTRA_MISSING
    path = Path(path)
    try:
        model = read_model_file(path)
    except GGUFError as exc:
        return str(exc)
    needed, free = memory_needed(model, context_size), free_memory()
    if free is not None and needed > free:
        return (
            f"{path.name} needs about {needed / 2**30:.1f} GiB of memory with a context of "
            f"{context_size:,} tokens, but only {free / 2**30:.1f} GiB is free. Close other "
            "programs, lower the context size, or choose a smaller (more quantised) file."
        )
    return ""


def rows_at_once(path: str | Path, context_size: int, parallel: int) -> Parallel:
    """How many rows the model file decodes together (blocking: it reads the header):
    ``parallel`` (0: chosen from the cores), fewer when their contexts do not fit in
    memory. One when the file cannot be read (the load then says why)."""
    try:
        model = read_model_file(Path(path))
    except GGUFError:
        return Parallel(max(parallel, 1), 1)
    return choose_parallel(model, context_size, parallel, free_memory())
