"""Hostile templates end within their limits: 2.5 s of wall clock and 512 MB of memory.

Each template here once ran away (tens of seconds, gigabytes) in the calling process.
They render in real worker processes through the guard; a run stopped with Ctrl+C while
they render ends within the time a stop may take.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgedesk.core.template import compile_template, render_template
from judgedesk.core.template.guard import GUARD, MEMORY_MB, SLACK_SECONDS
from judgedesk.core.template.limits import RENDER_SECONDS
from tests.core.test_pipeline import make_project
from tests.reliability.test_cli_interrupt import (
    REPO,
    STOP_SECONDS,
    command,
    stop,
)
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX memory limits and signals")

DEADLINE = RENDER_SECONDS + SLACK_SECONDS  # 2.5 s
# What a busy machine (2 cores, shared) may add to a render stopped at its deadline.
MARGIN = 1.0

MAP_CHAIN = "{{ (('x'*4900000)|list)" + "|map('center',2)" * 20 + "|list|length }}"
HOSTILE = [
    pytest.param(MAP_CHAIN, "list of more than 1,000,000 items", id="map-chain"),
    pytest.param(
        "{{ (('x'*900000)|list)" + "|map('center',2)" * 4 + "|list|length }}",
        "JudgeDesk stopped it",  # by counting rounds, or by the clock on a busy machine
        id="map-chain-under-the-list-limit",
    ),
    pytest.param(
        "{{ ('x'*4900000)|list|length }}", "list of more than 1,000,000 items", id="long-list"
    ),
    pytest.param("{{ ''.join(['x'*1000000]*100) }}", "text longer than 5,000,000", id="str-join"),
    pytest.param("{{ ('x'*4000000)|wordwrap(1) }}", "text longer than 5,000,000", id="wordwrap-1"),
    pytest.param(
        # Killed at 2.5 s, or stopped by its own 2 s clock when the wrap ends just before.
        "{{ ('x'*4000000)|wordwrap(79)|length }}",
        "took longer than 2",
        id="wordwrap",
    ),
    pytest.param(
        "{% set l = ['x' * 1000] %}{% for i in range(100000) %}"
        "{% set _ = l.append(l[:]) %}{% endfor %}{{ l|length }}",
        # Past the memory ceiling within a second; a busy machine may meet the clock first.
        f"more than {MEMORY_MB} MB of memory|took longer than 2",
        id="appending-slices",
    ),
]


@pytest.fixture(autouse=True)
def warm_worker() -> None:
    """The workers are started before the clock of a test starts (as after a first render)."""
    assert render_template("{{ [1]|map('string')|join }}", {}).text == "1"


@pytest.mark.parametrize(("source", "limit"), HOSTILE)
def test_a_hostile_template_is_stopped_in_time_naming_the_limit(source: str, limit: str) -> None:
    started = time.monotonic()
    result = render_template(source, {})
    seconds = time.monotonic() - started
    assert seconds < DEADLINE + MARGIN, seconds
    assert not result.ok and result.text == ""
    [issue] = result.errors
    assert issue.kind == "limit", issue
    assert any(word in issue.message for word in limit.split("|")), issue.message
    assert GUARD.peak_kb <= MEMORY_MB * 1024
    # The guard is ready for the next template: a fresh worker renders it.
    assert render_template("{{ [2]|map('string')|join }}", {}).text == "2"


def test_a_worker_past_its_memory_ceiling_is_replaced_and_its_peak_stays_under_it() -> None:
    hog = "{% set l = [] %}{% for i in range(100000) %}{% set _ = l.append('y' * 100000) %}"
    result = render_template(hog + "{% endfor %}{{ l|length }}", {})
    assert [i.kind for i in result.errors] == ["limit"]
    assert f"{MEMORY_MB} MB" in result.errors[0].message
    assert 0 < GUARD.peak_kb <= MEMORY_MB * 1024
    assert render_template("{{ [3]|map('string')|join }}", {}).text == "3"


def test_plain_templates_render_in_the_calling_process() -> None:
    # The built-in prompts' kind of template: printed values, conditions, loops, join.
    plain = compile_template(
        "{% for t in data.turns %}{{ t.text|trim|upper }}{% endfor %}{{ data.tags|join(', ') }}"
    )
    assert not plain.guarded
    assert compile_template(MAP_CHAIN).guarded


FILTERS = [
    "list",
    "map('center', 3)",
    "map('upper')",
    "select",
    "reject",
    "unique",
    "reverse",
    "batch(3)",
    "slice(3)",
    "join(',')",
    "wordwrap(5)",
    "center(50)",
    "string",
    "sort",
    "first",
    "length",
    "sum(start=[])",
    "map('list')",
    "urlize",
    "indent(4)",
    "replace('x', 'xyz')",
]
VALUES = [
    "('x' * {n})",
    "('x y ' * {n})",
    "(('x' * {n})|list)",
    "range({n})",
    "(['ab'] * {n})",
]


@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    value=st.sampled_from(VALUES),
    size=st.sampled_from([10, 100_000, 1_000_000, 4_900_000]),
    chain=st.lists(st.sampled_from(FILTERS), min_size=1, max_size=6),
)
def test_any_chain_of_filters_over_a_long_value_ends_within_the_deadline(
    value: str, size: int, chain: list[str]
) -> None:
    source = "{{ " + value.format(n=size) + "|" + "|".join(chain) + "|length }}"
    started = time.monotonic()
    result = render_template(source, {})
    seconds = time.monotonic() - started
    assert seconds < DEADLINE + MARGIN, (source, seconds)
    assert result.ok or all(i.kind in ("limit", "error") for i in result.errors), result.issues
    assert GUARD.peak_kb <= MEMORY_MB * 1024


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):  # a thread that just ended
            found.update(int(n) for n in (task / "children").read_text().split())
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")
def test_ctrl_c_during_a_runaway_render_ends_the_run_in_time(tmp_path: Path) -> None:
    with FakeOpenAI(latency=0.0) as fake:
        root = _runaway_project(tmp_path / "p", fake.base_url)
        child = subprocess.Popen(
            command(root), cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        workers = _wait_for_workers(child)
        out, err, seconds = stop(child, signal.SIGINT)
        assert child.returncode == 3, (out, err)
        assert seconds < STOP_SECONDS, seconds
        assert _all_ended(workers)  # no worker is left rendering on its own


def _runaway_project(root: Path, base_url: str) -> Path:
    project = make_project(root, base_url, rows=4, concurrency=4)
    project.write_template(project.judges[0], "{{ ('x'*4000000)|wordwrap(79)|length }}")
    # Given 10 s, the render would hold a stop that waited for it far too long.
    project.run.render_seconds = 10
    project.save()
    return project.root


def _wait_for_workers(child: subprocess.Popen[str]) -> set[int]:
    deadline = time.monotonic() + 60
    while not (workers := _children(child.pid)):
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "no render worker was started"
        time.sleep(0.01)
    time.sleep(0.5)  # the workers have started, and their runaway renders with them
    return workers


def _all_ended(workers: set[int]) -> bool:
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(_alive(pid) for pid in workers)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")
def test_ctrl_c_during_judgedesk_render_leaves_no_worker_rendering(tmp_path: Path) -> None:
    root = _runaway_project(tmp_path / "p", "http://127.0.0.1:9")
    child = subprocess.Popen(
        [sys.executable, "-m", "judgedesk", "render", str(root), "--row", "0"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    workers = _wait_for_workers(child)
    _out, err, seconds = stop(child, signal.SIGINT)
    assert child.returncode != 0 and seconds < STOP_SECONDS, (seconds, err)
    assert _all_ended(workers)


def test_judgedesk_render_names_the_limit_of_a_runaway_template(tmp_path: Path) -> None:
    root = make_project(tmp_path / "p", "http://127.0.0.1:9").root
    (root / "templates" / "judge.j2").write_text(MAP_CHAIN, encoding="utf-8")
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "judgedesk", "render", str(root), "--row", "0"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "error: line 1: This template makes a list of more than 1,000,000 items" in done.stderr
    assert time.monotonic() - started < 10


def test_a_worker_started_by_a_large_process_reports_its_own_peak() -> None:
    import subprocess
    import sys

    # The window or a test run may be large when it starts a worker: the worker's peak
    # is its own, not the size of the process that started it.
    code = (
        "big = bytearray(700 * 1024 * 1024)\n"
        "for i in range(0, len(big), 4096): big[i] = 1\n"
        "from judgedesk.core.template import render_template\n"
        "from judgedesk.core.template.guard import GUARD\n"
        "assert render_template(\"{{ [1]|map('string')|join }}\", {}).text == '1'\n"
        "print(GUARD.peak_kb)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert 0 < int(done.stdout.strip()) <= MEMORY_MB * 1024
