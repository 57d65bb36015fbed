"""A process killed while it saves a project leaves the old project or the new one.

A child process saves two versions of a project in turn — ``judgedesk.toml`` through
``Project.save()``, the judge's template through ``write_template`` and another file
through ``atomic_write_text`` — and is killed with SIGKILL at a random moment. Every
time, the project must open and each file must be exactly one of its two versions.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project, load_project

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")

KILLS = 12
REPO = Path(__file__).resolve().parents[2]

CHILD = """
import sys
from pathlib import Path

from judgedesk.core.fileio import atomic_write_text
from judgedesk.core.project.settings import load_project
from tests.reliability.test_save_kill import NOTES, TEMPLATES, apply_version

root = Path(sys.argv[1])
project = load_project(root)
print("ready", flush=True)
turn = 0
while True:
    version = turn % 2
    apply_version(project, version)
    project.save()
    project.write_template(project.judges[0], TEMPLATES[version])
    atomic_write_text(root / "notes.md", NOTES[version])
    turn += 1
"""

# Big enough that a write takes a while, so kills land in the middle of writes too.
TEMPLATES = (
    "Old prompt {{ data.question }}\n" + "old line\n" * 20_000,
    "New prompt {{ data.question }} / {{ response.content }}\n" + "new text, longer\n" * 30_000,
)
NOTES = ("old notes\n" * 5_000, "new notes, rewritten\n" * 9_000)


def apply_version(project: Project, version: int) -> None:
    """Make ``project`` hold settings version 0 (old) or 1 (new)."""
    project.name = ("old name", "new name — 新")[version]
    project.variables = {"max_score": (10, 5), "scene_desc": ("x" * 40_000, "y" * 70_000)[version]}
    project.judges[0].system_prompt = ("be fair", "be strict and fair")[version]


def make_project(root: Path) -> Project:
    project = Project(root=root, name="saving")
    project.dataset.path = "data/items.jsonl"
    project.judges = [JudgeSettings(name="judge", model="m", base_url="http://127.0.0.1:9/v1")]
    apply_version(project, 0)
    project.save()
    project.write_template(project.judges[0], TEMPLATES[0])
    (root / "notes.md").write_text(NOTES[0], encoding="utf-8")
    return project


def settings_texts(project: Project) -> set[str]:
    texts = set()
    for version in (0, 1):
        apply_version(project, version)
        texts.add(project.settings_text())
    return texts


def test_a_kill_during_saves_leaves_the_old_or_the_new_project(tmp_path: Path) -> None:
    seed = int(os.environ.get("JUDGEDESK_KILL_SEED") or time.time_ns() % 1_000_000)
    rng = random.Random(seed)
    root = tmp_path / "project"
    project = make_project(root)
    expected_settings = settings_texts(project)
    seen: set[tuple[str, str, str]] = set()
    for kill in range(KILLS):
        why = f"kill {kill}, seed {seed} (set JUDGEDESK_KILL_SEED to repeat it)"
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(root)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        try:
            assert child.stdout is not None
            assert child.stdout.readline() == b"ready\n", (
                child.stderr.read() if child.stderr else ""
            )
            time.sleep(rng.uniform(0.0, 0.4))  # a random moment in the loop of saves
            assert child.poll() is None, child.stderr.read() if child.stderr else ""
            child.send_signal(signal.SIGKILL)
            child.wait(10)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            for stream in (child.stdout, child.stderr):
                if stream is not None:
                    stream.close()

        loaded = load_project(root)
        settings = loaded.settings_path.read_text(encoding="utf-8")
        template = loaded.read_template(loaded.judges[0])
        notes = (root / "notes.md").read_text(encoding="utf-8")
        assert settings in expected_settings, why
        assert template in TEMPLATES, why
        assert notes in NOTES, why
        assert loaded.name in ("old name", "new name — 新"), why
        seen.add(
            (
                "new" if "new name" in settings else "old",
                "new" if template == TEMPLATES[1] else "old",
                "new" if notes == NOTES[1] else "old",
            )
        )
        # What a kill can leave behind is a hidden temporary file, never a visible one.
        for path in root.rglob("*"):
            if path.is_file() and path.name not in ("judgedesk.toml", "judge.j2", "notes.md"):
                assert path.name.startswith(".") and path.name.endswith(".tmp"), (why, path)
    # The kills landed at different moments of the loop, not always at the same step.
    assert len(seen) > 1, (seed, seen)


def test_the_next_open_removes_what_a_killed_save_left_and_nothing_else(tmp_path: Path) -> None:
    root = tmp_path / "project"
    make_project(root)
    old = time.time() - 60
    leftovers = [
        root / ".judgedesk.toml.k2j4_x9a.tmp",
        root / "templates" / ".judge.j2.0abcDEF1.tmp",
        root / ".judgedesk" / ".recovery.toml.zzzzzzzz.tmp",
    ]
    kept = [
        root / ".judgedesk.toml.fresh123.tmp",  # a write going on right now
        root / "notes.tmp",
        root / ".notes.tmp",
        root / "templates" / ".judge.j2.short.tmp",
        root / "data" / ".items.jsonl.abcdefgh.tmp",  # not a folder JudgeDesk writes to
    ]
    for path in leftovers + kept:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("half of something", encoding="utf-8")
    for path in leftovers + kept[1:]:
        os.utime(path, (old, old))
    load_project(root)
    assert [p for p in leftovers if p.exists()] == []
    assert [p for p in kept if not p.exists()] == []
