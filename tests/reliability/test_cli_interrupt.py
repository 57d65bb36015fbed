"""A real ``judgedesk run`` stopped with Ctrl+C (SIGINT) or SIGTERM, then run again.

The run must end promptly with exit code 3, say how to go on, keep every reply it
received, and the same command run again must finish without asking any of them again.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.core.test_pipeline import make_project
from tests.reliability.calls import repeated_after_storing, stored_calls
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")

ROWS = 120
REPO = Path(__file__).resolve().parents[2]
# How long a stopped run may take to end: the brief's 2 s, plus room for a busy machine.
STOP_SECONDS = 3.0


def command(root: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "judgedesk", "run", str(root), "--quiet", *extra]


def count_calls(store: Path) -> int:
    if not store.exists():
        return 0
    try:
        with sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True) as db:
            return int(db.execute("SELECT COUNT(*) FROM calls").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def wait_for_replies(child: subprocess.Popen[str], store: Path, wanted: int) -> None:
    deadline = time.monotonic() + 60
    while count_calls(store) < wanted:
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "the run made no progress"
        time.sleep(0.01)


def stop(child: subprocess.Popen[str], number: int) -> tuple[str, str, float]:
    child.send_signal(number)
    sent = time.monotonic()
    out, err = child.communicate(timeout=30)
    return out, err, time.monotonic() - sent


def rerun_reuses_everything_stored(fake: FakeOpenAI, root: Path, store: Path) -> None:
    stored = len(stored_calls(store))
    assert 0 < stored < ROWS
    done = subprocess.run(
        command(root, "--json"), cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["status"] == "finished" and figures["ok"] == ROWS, figures
    assert figures["cached_calls"] == stored and figures["calls"] == ROWS - stored
    assert figures["exit_code"] == 0 and figures["exit_reasons"] == []
    assert repeated_after_storing(fake, store) == {}


@pytest.mark.parametrize(
    ("number", "name"), [(signal.SIGINT, "Ctrl+C"), (signal.SIGTERM, "SIGTERM")]
)
def test_a_stopped_run_ends_with_3_keeps_its_replies_and_resumes(
    tmp_path: Path, number: int, name: str
) -> None:
    with FakeOpenAI(latency=0.05) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=ROWS, concurrency=4)
        store = project.store_path
        child = subprocess.Popen(
            command(project.root),
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_for_replies(child, store, 10)
        out, err, seconds = stop(child, number)
        assert child.returncode == 3, (out, err)
        assert seconds < STOP_SECONDS, seconds
        assert f"Stopping ({name})" in err
        assert "rows not judged." in out
        assert "Every reply received is kept. To go on, run the same command again" in out
        assert "only the rows not judged yet are asked" in out
        with sqlite3.connect(store) as db:
            [(status,)] = db.execute("SELECT status FROM runs").fetchall()
        assert status == "cancelled"
        rerun_reuses_everything_stored(fake, project.root, store)


def test_a_run_waiting_on_slow_replies_still_stops_promptly(tmp_path: Path) -> None:
    with FakeOpenAI(latency=0.05) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=ROWS, concurrency=4)
        store = project.store_path
        child = subprocess.Popen(
            command(project.root, "--json"),
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_for_replies(child, store, 5)
        fake.set_latency(60)  # every request in flight now waits far longer than a stop may
        time.sleep(0.2)
        out, err, seconds = stop(child, signal.SIGINT)
        assert child.returncode == 3, (out, err)
        assert seconds < STOP_SECONDS, seconds
        figures = json.loads(out)
        assert figures["exit_code"] == 3 and figures["status"] == "cancelled"
        assert "stopped by Ctrl+C" in figures["exit_reasons"][0]
        assert figures["not_judged"] > 0 and "run the same command again" in figures["resume"]
        fake.set_latency(0.0)
        rerun_reuses_everything_stored(fake, project.root, store)


def test_a_second_ctrl_c_quits_at_once(tmp_path: Path) -> None:
    with FakeOpenAI(latency=0.05) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=ROWS, concurrency=4)
        store = project.store_path
        child = subprocess.Popen(
            command(project.root),
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_for_replies(child, store, 5)
        fake.set_latency(60)
        time.sleep(0.2)
        child.send_signal(signal.SIGINT)
        assert child.stderr is not None
        assert "Stopping (Ctrl+C)" in child.stderr.readline()
        out, err, seconds = stop(child, signal.SIGINT)  # within the stop's grace
        assert child.returncode == 3, (out, err)
        assert seconds < STOP_SECONDS, seconds
        assert "stopped at once (Ctrl+C again)" in err and "run the same command again" in err
        fake.set_latency(0.0)
        rerun_reuses_everything_stored(fake, project.root, store)
