"""A real ``judgedesk run`` killed with SIGKILL three times in a row, then resumed.

Each kill comes at a random point: during start-up, or after a random number of stored
replies. The resumed run must end complete and consistent: every row has a result, no
answered call was asked again, the killed runs are marked interrupted and the last one
finished, and no script worker outlives the process that started it.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.core.test_pipeline import make_project, score_from_question
from tests.reliability.calls import repeated_after_storing, stored_calls
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")

ROWS = 300
REPO = Path(__file__).resolve().parents[2]
POSTPROCESS = """
import re


def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
    found = re.search(r"\\[\\[(\\d+)\\]\\]", judge_resps[-1].get("content") or "")
    return int(found.group(1)) if found else None
"""


def count_calls(store: Path) -> int:
    if not store.exists():
        return 0
    try:
        with sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True) as db:
            return int(db.execute("SELECT COUNT(*) FROM calls").fetchone()[0])
    except sqlite3.OperationalError:
        return 0  # not created yet, or being created


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc; empty elsewhere)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.parent.name))
    return found


def gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"


def start_run(project_root: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "judgedesk",
            "run",
            str(project_root),
            "--quiet",
            "--json",
            "--trust",
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def kill_at_random_point(
    child: subprocess.Popen[bytes], store: Path, rng: random.Random, mode: str, why: str
) -> list[int]:
    """SIGKILL ``child`` during start-up or after a random number of new replies.

    Returns the child's own children (its script workers) as they were at the kill.
    """
    before = count_calls(store)
    deadline = time.monotonic() + 60
    if mode == "start-up":
        wait_until = time.monotonic() + rng.uniform(0.05, 0.8)  # during start-up
        while time.monotonic() < wait_until and child.poll() is None:
            time.sleep(0.01)
    else:
        wanted = before + rng.randint(5, 60)
        while count_calls(store) < wanted:
            assert child.poll() is None, (why, child.stderr.read() if child.stderr else b"")
            assert time.monotonic() < deadline, f"{why}: the run made no progress"
            time.sleep(0.005)
    workers = children_of(child.pid)
    child.send_signal(signal.SIGKILL)
    child.wait(10)
    for stream in (child.stdout, child.stderr):
        if stream is not None:
            stream.close()
    return workers


def test_three_kills_in_a_row_then_a_resume_end_complete_and_consistent(
    tmp_path: Path,
) -> None:
    seed = int(os.environ.get("JUDGEDESK_KILL_SEED") or time.time_ns() % 1_000_000)
    rng = random.Random(seed)
    why = f"kill seed {seed} (set JUDGEDESK_KILL_SEED to repeat it)"
    with FakeOpenAI(reply=score_from_question, latency=0.03) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=ROWS, concurrency=4)
        project.script_path("postprocess").parent.mkdir()
        project.script_path("postprocess").write_text(POSTPROCESS, encoding="utf-8")
        store = project.store_path
        killed_pids: list[int] = []
        orphans: list[int] = []
        modes = ["replies", "replies", rng.choice(["start-up", "replies"])]
        rng.shuffle(modes)
        for mode in modes:
            child = start_run(project.root)
            killed_pids.append(child.pid)
            orphans += kill_at_random_point(child, store, rng, mode, why)

        stored_before = count_calls(store)
        final = subprocess.run(
            [
                sys.executable,
                "-m",
                "judgedesk",
                "run",
                str(project.root),
                "--quiet",
                "--json",
                "--trust",
            ],
            cwd=REPO,
            capture_output=True,
            timeout=120,
        )
        # Row 7's reply holds no score: the postprocess returns None, which counts as a
        # row without a verdict (exit 1), as it does in a run never killed.
        assert final.returncode == 1, (why, final.stderr.decode())
        figures = json.loads(final.stdout)
        assert figures["unparsed"] == 1, (why, figures)

        assert figures["status"] == "finished", why
        assert figures["rows"] == ROWS and figures["error"] == 0, (why, figures)
        assert figures["cached_calls"] == stored_before, why
        assert figures["calls"] == ROWS - stored_before, why
        assert repeated_after_storing(fake, store) == {}, why
        assert len(stored_calls(store)) == ROWS, why

    with sqlite3.connect(store) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        runs = db.execute("SELECT id, status, owner, finished FROM runs ORDER BY id").fetchall()
        last = runs[-1][0]
        covered = {
            i for (i,) in db.execute("SELECT row_index FROM results WHERE run_id=?", (last,))
        }
        values = dict(db.execute("SELECT row_index, value FROM results WHERE run_id=?", (last,)))
    assert covered == set(range(ROWS)), why
    assert json.loads(values[3]) == 4 and json.loads(values[7]) is None, why
    # A kill during start-up may come before the run was recorded: at most four runs.
    assert 2 <= len(runs) <= 4, (why, runs)
    *killed, (_, status, _, finished) = runs
    assert status == "finished" and finished is not None, (why, runs)
    for _, run_status, owner, run_finished in killed:
        assert run_status == "interrupted" and run_finished is None, (why, runs)
        assert int(owner.rpartition(":")[2]) in killed_pids, (why, owner)

    # Script workers notice that their parent is gone and end.
    deadline = time.monotonic() + 20
    while not all(gone(pid) for pid in orphans):
        assert time.monotonic() < deadline, (why, [p for p in orphans if not gone(p)])
        time.sleep(0.05)
