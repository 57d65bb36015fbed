"""``judgedesk self-test --model FILE``: an installation judges a row with a model file."""

from __future__ import annotations

from pathlib import Path

from tests.ui.test_self_test import self_test


def test_the_self_test_judges_one_row_with_a_real_model_file(model_file: Path) -> None:
    done = self_test("--model", str(model_file), timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    line = next(x for x in done.stdout.splitlines() if "model file:" in x)
    assert line.startswith("ok    model file:") and "1 of 1 row judged and read" in line
