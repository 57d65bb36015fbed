"""One run of a project at a time: a second is refused, naming the first, or waits."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judgedesk.core.run import ProjectBusyError, RunLock
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI

REPO = Path(__file__).resolve().parents[2]
ROWS = 12


def test_a_second_lock_is_refused_with_who_holds_it(tmp_path: Path) -> None:
    first = RunLock(tmp_path, "judgedesk run")
    first.acquire()
    second = RunLock(tmp_path, "a run started in the JudgeDesk window")
    with pytest.raises(ProjectBusyError) as refused:
        second.acquire()
    words = str(refused.value)
    assert "being run already: judgedesk run" in words
    assert f"process {os.getpid()}" in words and "--wait" in words
    first.release()
    second.acquire()  # free again: taken at once
    assert second.held and second.holder()["what"] == "a run started in the JudgeDesk window"
    second.release()


def test_a_lock_whose_process_was_killed_is_taken_over(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from judgedesk.core.run import RunLock;"
            "lock = RunLock(Path(sys.argv[1]), 'judgedesk run'); lock.acquire();"
            "print('held', flush=True);"
            "time.sleep(60)",
            str(tmp_path),
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        lock = RunLock(tmp_path)
        assert not lock.try_acquire()
        assert f"process {holder.pid}" in lock.busy_message()
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=10)
        assert lock.try_acquire()  # nothing to clean up after a crash
        lock.release()
    finally:
        holder.kill()
        holder.wait()


def _run(project_root: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "judgedesk", "run", str(project_root), "--quiet", *extra],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_runs_at_once_ask_each_row_once(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question, latency=0.3) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=ROWS, concurrency=2)
        first = _run(project.root)
        deadline = time.monotonic() + 30
        while fake.count() == 0 and time.monotonic() < deadline:  # the first is asking
            time.sleep(0.02)
        refused = _run(project.root)
        _, err = refused.communicate(timeout=60)
        assert refused.returncode == 2, err
        assert "being run already: judgedesk run" in err and "--wait" in err
        waiting = _run(project.root, "--wait")
        first.communicate(timeout=120)
        _, err = waiting.communicate(timeout=120)
        assert first.returncode in (0, 1) and waiting.returncode in (0, 1), err
        # The waiting run found every reply stored: no row was asked twice.
        assert fake.count() == ROWS
        assert max(fake.counts_by_key().values()) == 1
