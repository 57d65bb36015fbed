"""Tests with a real model file: SmolLM2-135M-Instruct (Q4_1 GGUF) run by llama-cpp-python.

The test command fetches the model first (``python -m tests.support.test_model``) and
installs the ``local-server`` extra. On a developer's machine without them these tests
are skipped; in CI (``CI=true``) a missing model or extra fails them instead.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

from tests.support.test_model import model_path


def _missing(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing; the test command installs it (see README).")
    pytest.skip(f"{what} is not on this machine")


@pytest.fixture(scope="session")
def model_file() -> Path:
    """The real GGUF model file."""
    if importlib.util.find_spec("llama_cpp") is None:
        _missing("llama-cpp-python (the local extra)")
    found = model_path()
    if found is None:
        _missing("the test model (python -m tests.support.test_model)")
    assert found is not None
    return found
