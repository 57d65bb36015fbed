"""A disk that fills up, or a results file another program holds, stops a run with one
sentence that says what to do; everything stored before is kept and reused."""

from __future__ import annotations

import errno
import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judgedesk.core.fileio import FileWriteError
from judgedesk.core.run.store import Store
from judgedesk.core.run.store_errors import StoreWriteError
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI

REPO = Path(__file__).resolve().parents[2]
FILE_LIMIT = 200_000  # bytes a file of the run may grow to, as on a disk about to fill up


def long_reply(body: dict[str, object]) -> str:
    return score_from_question(body) + "\n" + "All considered. " * 200


def limited_files() -> None:  # runs in the child before judgedesk starts
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, no kill
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_LIMIT, FILE_LIMIT))


def judgedesk(*args: str, limit: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "judgedesk", *args],
        cwd=REPO,
        env=os.environ.copy(),
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limited_files if limit else None,
    )


def test_a_run_that_cannot_write_stops_with_one_sentence_and_keeps_what_it_stored(
    tmp_path: Path,
) -> None:
    with FakeOpenAI(reply=long_reply) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=120)
        stopped = judgedesk("run", str(project.root), "--quiet", limit=True)
        assert stopped.returncode == 1, stopped.stderr
        assert "Traceback" not in stopped.stderr and "Unclosed" not in stopped.stderr
        (sentence,) = [line for line in stopped.stderr.splitlines() if line.strip()]
        assert sentence.startswith("judgedesk: Saving the results to ")
        assert "Check that the disk has room" in sentence and "everything saved" in sentence
        asked = len(fake.requests)
        assert 0 < asked < 120

        again = judgedesk("run", str(project.root), "--quiet", "--json")
        figures = json.loads(again.stdout)
        assert figures["rows"] == 120 and figures["cached_calls"] > 0
        assert len(fake.requests) - asked == figures["calls"]  # nothing asked twice


@pytest.mark.parametrize(
    ("cause", "words"),
    [
        ("database or disk is full", "is full, so JudgeDesk could not save the results"),
        ("attempt to write a readonly database", "cannot be written: it is read-only for you"),
        ("database is locked", "is locked by another program"),
        ("disk I/O error", "Check that the disk has room"),
    ],
)
def test_each_cause_is_said_with_what_to_do(tmp_path: Path, cause: str, words: str) -> None:
    path = tmp_path / "p" / ".judgedesk" / "results.sqlite"
    message = str(StoreWriteError(path, sqlite3.OperationalError(cause)))
    assert words in message and "everything saved so far is kept" in message
    assert str(tmp_path / "p") in message


def test_a_results_file_held_by_another_program(tmp_path: Path) -> None:
    path = tmp_path / ".judgedesk" / "results.sqlite"
    with Store(path) as store:
        store.start_run()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with Store(path) as store:
            store._db.execute("PRAGMA busy_timeout=100")
            with pytest.raises(StoreWriteError, match="locked by another program"):
                store.start_run()
    finally:
        holder.rollback()
        holder.close()


def test_a_save_on_a_full_disk_says_so_and_keeps_the_earlier_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1", rows=2)
    before = project.settings_path.read_text(encoding="utf-8")
    project.name = "renamed"

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(FileWriteError) as caught:
        project.save()
    assert str(caught.value) == (
        f"judgedesk.toml could not be saved: the disk holding {project.root} is full. "
        "Free some space there, then try again; the earlier file is kept."
    )
    assert isinstance(caught.value, OSError) and caught.value.errno == errno.ENOSPC
    assert project.settings_path.read_text(encoding="utf-8") == before
    assert [p.name for p in project.root.iterdir() if p.name.endswith(".tmp")] == []


def test_an_export_cleans_what_a_killed_export_of_the_same_file_left(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=3)
        assert judgedesk("run", str(project.root), "--quiet").returncode == 0
    out = tmp_path / "out"
    out.mkdir()
    old = time.time() - 60
    mine, other = out / ".results.csv.a1b2c3d4.tmp", out / ".notes.md.a1b2c3d4.tmp"
    for path in (mine, other):
        path.write_text("half", encoding="utf-8")
        os.utime(path, (old, old))
    assert judgedesk("export", str(project.root), "--out", str(out / "results.csv")).returncode == 0
    assert not mine.exists() and other.exists()
