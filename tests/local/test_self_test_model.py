"""``judgedesk self-test --model FILE``: an installation judges a row with a model file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_self_test_judges_one_row_with_a_real_model_file(model_file: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_API": "pyside6"}
    done = subprocess.run(
        [sys.executable, "-m", "judgedesk", "self-test", "--model", str(model_file)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    line = next(x for x in done.stdout.splitlines() if "model file:" in x)
    assert line.startswith("ok    model file:") and "1 of 1 row judged and read" in line
