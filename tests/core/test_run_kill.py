"""A run killed with SIGKILL resumes without asking any finished call again."""

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

from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")


def finished_rows(store: Path) -> int:
    if not store.exists():
        return 0
    with sqlite3.connect(store) as db:
        try:
            return int(db.execute("SELECT COUNT(*) FROM results").fetchone()[0])
        except sqlite3.OperationalError:
            return 0


def test_killed_run_resumes_without_repeating_finished_calls(tmp_path: Path) -> None:
    rows = 60
    with FakeOpenAI(reply=score_from_question, latency=0.05) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=rows, concurrency=4)
        repo = Path(__file__).resolve().parents[2]
        child = subprocess.Popen(
            [sys.executable, "-m", "judgedesk", "run", str(project.root), "--quiet"],
            cwd=repo,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            deadline = time.monotonic() + 60
            while finished_rows(project.store_path) < 15:
                assert child.poll() is None, child.stderr.read() if child.stderr else ""
                assert time.monotonic() < deadline, "the run made no progress"
                time.sleep(0.02)
            child.send_signal(signal.SIGKILL)
            child.wait(10)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            if child.stderr is not None:
                child.stderr.close()
        with sqlite3.connect(project.store_path) as db:
            done_before = {row for (row,) in db.execute("SELECT row_index FROM results")}
            stored_calls = int(db.execute("SELECT COUNT(*) FROM calls").fetchone()[0])
        asked_before = len(fake.requests)
        assert stored_calls >= len(done_before) >= 15

        figures = run(project).to_dict()
        assert figures["rows"] == rows and figures["ok"] + figures["unparsed"] == rows
        counts = fake.counts_by_key()
        repeated = {key for key, count in counts.items() if count > 1}
        # Only calls that were in flight at the kill (never answered to us) may be asked again.
        assert len(repeated) <= 4
        for key in repeated:
            body = json.loads(key)
            number = int(body["messages"][-1]["content"].split("item ")[1].split("?")[0])
            assert number not in done_before
        assert figures["cached_calls"] == stored_calls
        assert len(fake.requests) == asked_before + (rows - stored_calls)
