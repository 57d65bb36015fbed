"""``judgedesk self-test``: what an installation runs to prove it works."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def self_test(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_API": "pyside6"}
    return subprocess.run(
        [sys.executable, "-m", "judgedesk", "self-test", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_the_self_test_runs_the_sample_with_a_script_worker() -> None:
    done = self_test()
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    for name in ("translations", "window", "sample project", "run", "script worker", "report"):
        assert any(line.startswith(f"ok    {name}:") for line in lines), done.stdout
    assert "24 rows judged offline, 0 failed" in done.stdout
    assert lines[-1].startswith("All checks passed")


def test_the_self_test_checks_the_chinese_translation() -> None:
    done = self_test("--language", "zh_CN")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "文件(&F)" in done.stdout


def test_a_model_file_that_cannot_judge_fails_the_self_test_saying_why(tmp_path: Path) -> None:
    fake = tmp_path / "notes.gguf"
    fake.write_text("these are notes, not a model", encoding="utf-8")
    done = self_test("--model", str(fake))
    assert done.returncode == 1, done.stdout + done.stderr
    failed = [line for line in done.stdout.splitlines() if line.startswith("FAIL  model file:")]
    assert failed and len(failed[0]) > len("FAIL  model file: "), done.stdout
    assert "FAILED: model file" in done.stdout
