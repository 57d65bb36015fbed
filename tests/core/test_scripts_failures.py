"""Script workers: every way a script can fail stays inside its own call."""

from __future__ import annotations

import asyncio
import os
import sys
import textwrap
import time
from pathlib import Path

import pytest

from judgedesk.core.scripts import ScriptPool
from judgedesk.core.scripts.process import describe_exit

FAST = [sys.executable, "-m", "judgedesk.core.scripts.worker"]

# Each mode misbehaves in its own way; the line numbers are asserted below.
MISCHIEF = """\
import ctypes, os, sys, time


def preprocess(data, resp, **kwargs):
    mode = data["mode"]
    print("before", mode)
    if mode == "raise":
        return helper(data)
    if mode == "exit":
        sys.exit(3)
    if mode == "os_exit":
        os._exit(1)
    if mode == "segfault":
        ctypes.string_at(0)
    if mode == "loop":
        while True:
            pass
    if mode == "memory":
        return len(bytearray(4 * 1024**3))
    if mode == "object":
        return object()
    if mode == "set":
        data["tags"] = {"a", "b"}
    if mode == "input":
        return input()
    if mode == "sleep":
        time.sleep(0.3)
    return os.getpid()


def helper(data):
    return int(data["mode"])
"""


@pytest.fixture
def mischief(tmp_path: Path) -> Path:
    path = tmp_path / "preprocess.py"
    path.write_text(MISCHIEF, encoding="utf-8")
    return path


def pool_for(path: Path, **options: object) -> ScriptPool:
    return ScriptPool({"preprocess": path}, command=FAST, **options)  # type: ignore[arg-type]


async def fail_then_recover(pool: ScriptPool, mode: str) -> tuple[object, object]:
    data, resp = {"mode": mode}, {"content": "answer"}
    failed = await pool.preprocess(data, resp)
    assert not failed.ok
    assert failed.value is None
    assert (failed.data, failed.resp) == (data, resp)  # inputs unchanged
    assert failed.error
    after = await pool.preprocess({"mode": "fine"}, {})
    assert after.ok, after.error
    return failed, after


@pytest.mark.asyncio
async def test_exception_shows_only_script_frames(mischief: Path) -> None:
    async with pool_for(mischief, workers=1) as pool:
        failed, _ = await fail_then_recover(pool, "raise")
    assert failed.kind == "exception"
    assert failed.error_line == 32
    error = str(failed.error)
    assert error.startswith("Traceback (most recent call last):")
    assert f'File "{mischief}", line 8, in preprocess' in error
    assert f'File "{mischief}", line 32, in helper' in error
    assert "return int(data" in error
    assert error.rstrip().endswith("ValueError: invalid literal for int() with base 10: 'raise'")
    assert "judgedesk" not in error.replace(str(mischief), "")
    assert failed.stdout == "before raise\n"
    assert failed.summary.startswith("ValueError: invalid literal")


@pytest.mark.asyncio
async def test_sys_exit(mischief: Path) -> None:
    async with pool_for(mischief, workers=1) as pool:
        failed, _ = await fail_then_recover(pool, "exit")
    assert failed.kind == "exit"
    assert "sys.exit(3)" in str(failed.error)
    assert failed.error_line == 10


@pytest.mark.asyncio
async def test_os_exit_is_a_crash_and_the_worker_is_replaced(mischief: Path) -> None:
    async with pool_for(mischief, workers=1) as pool:
        before = await pool.preprocess({"mode": "fine"}, {})
        failed, after = await fail_then_recover(pool, "os_exit")
    assert failed.kind == "crash"
    assert "exited with code 1" in str(failed.error)
    assert before.value != after.value  # a new process


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.asyncio
async def test_segfault_is_a_crash_pointing_at_the_line(mischief: Path) -> None:
    async with pool_for(mischief, workers=1) as pool:
        failed, _ = await fail_then_recover(pool, "segfault")
    assert failed.kind == "crash"
    assert "SIGSEGV" in str(failed.error)
    assert "Segmentation fault" in failed.stderr
    assert failed.error_line == 14


@pytest.mark.asyncio
async def test_endless_loop_times_out_without_stopping_other_calls(mischief: Path) -> None:
    async with pool_for(mischief, workers=2, timeout=1.0) as pool:
        started = time.perf_counter()
        looping, sleeping = await asyncio.gather(
            pool.preprocess({"mode": "loop"}, {}), pool.preprocess({"mode": "sleep"}, {})
        )
        assert sleeping.ok
        assert looping.kind == "timeout"
        assert "longer than 1 s" in str(looping.error)
        assert "endless loop" in str(looping.error)
        assert 0.9 < looping.duration < 3
        assert time.perf_counter() - started < 5
        assert (await pool.preprocess({"mode": "fine"}, {})).ok


@pytest.mark.skipif(sys.platform == "win32", reason="the memory limit is POSIX only")
@pytest.mark.asyncio
async def test_memory_limit(mischief: Path) -> None:
    async with pool_for(mischief, workers=1, memory_mb=512) as pool:
        failed, _ = await fail_then_recover(pool, "memory")
    assert failed.kind == "memory"
    assert "more memory than the limit" in str(failed.error)
    assert failed.error_line == 19


def test_a_worker_killed_by_the_system_is_reported_as_memory() -> None:
    kind, text = describe_exit(-9, 512)
    assert kind == "memory" and "512 MB" in text


@pytest.mark.asyncio
async def test_values_that_are_not_json(mischief: Path) -> None:
    async with pool_for(mischief, workers=1) as pool:
        returned, _ = await fail_then_recover(pool, "object")
        stored, _ = await fail_then_recover(pool, "set")
    assert returned.kind == stored.kind == "bad_value"
    assert "returned a value of type 'object'" in str(returned.error)
    assert "type 'set'" in str(stored.error) and "data['tags']" in str(stored.error)


@pytest.mark.asyncio
async def test_input_does_not_hang(mischief: Path) -> None:
    async with pool_for(mischief, workers=1, timeout=5) as pool:
        failed, _ = await fail_then_recover(pool, "input")
    assert failed.kind == "exception" and "EOFError" in str(failed.error)


@pytest.mark.asyncio
async def test_a_cancelled_call_does_not_confuse_the_next(mischief: Path) -> None:
    async with pool_for(mischief, workers=1) as pool:
        task = asyncio.create_task(pool.preprocess({"mode": "loop"}, {}))
        await asyncio.sleep(0.3)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert (await pool.preprocess({"mode": "fine"}, {})).ok


# --- scripts that cannot be loaded ------------------------------------------------------


async def load_failure(tmp_path: Path, source: str, **options: object) -> ScriptPool:
    path = tmp_path / "preprocess.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return pool_for(path, workers=1, **options)


@pytest.mark.asyncio
async def test_syntax_error(tmp_path: Path) -> None:
    async with await load_failure(
        tmp_path, "x = 1\n\ndef preprocess(data, resp:\n    pass\n"
    ) as pool:
        outcome = await pool.preprocess({"a": 1}, {})
    assert outcome.kind == "load" and not outcome.ok
    assert outcome.error_line == 3
    assert "SyntaxError" in str(outcome.error)
    assert outcome.data == {"a": 1}


@pytest.mark.asyncio
async def test_missing_function(tmp_path: Path) -> None:
    async with await load_failure(tmp_path, "def pre_process(data, resp):\n    pass\n") as pool:
        outcome = await pool.preprocess({}, {})
    assert outcome.kind == "load"
    assert "no function named 'preprocess'" in str(outcome.error)
    assert "def preprocess(data, resp, **kwargs)" in str(outcome.error)


@pytest.mark.asyncio
async def test_wrong_signature(tmp_path: Path) -> None:
    async with await load_failure(tmp_path, "\n\ndef preprocess(data):\n    pass\n") as pool:
        outcome = await pool.preprocess({}, {})
    assert outcome.kind == "load"
    assert "def preprocess(data, resp, **kwargs)" in str(outcome.error)
    assert outcome.error_line == 3


@pytest.mark.asyncio
async def test_error_at_import_time_is_a_load_failure(tmp_path: Path) -> None:
    source = """
    print("loading")
    import not_a_module_anywhere

    def preprocess(data, resp, **kwargs):
        return 1
    """
    async with await load_failure(tmp_path, source) as pool:
        outcome = await pool.preprocess({}, {})
    assert outcome.kind == "load"
    assert "ModuleNotFoundError" in str(outcome.error)
    assert outcome.error_line == 3
    assert outcome.stdout == "loading\n"


@pytest.mark.asyncio
async def test_endless_loop_at_import_time_is_reported_once(tmp_path: Path) -> None:
    source = "while True:\n    pass\n\ndef preprocess(data, resp):\n    return 1\n"
    async with await load_failure(tmp_path, source, timeout=1.0) as pool:
        outcome = await pool.preprocess({}, {})
        started = time.perf_counter()
        again = await pool.preprocess({}, {})
        assert time.perf_counter() - started < 0.5  # remembered, not retried
    assert outcome.kind == again.kind == "load"
    assert "took longer than 1 s" in str(outcome.error)


@pytest.mark.asyncio
async def test_crash_at_import_time(tmp_path: Path) -> None:
    async with await load_failure(tmp_path, "import os\nos._exit(4)\n") as pool:
        outcome = await pool.preprocess({}, {})
    assert outcome.kind == "load" and "code 4" in str(outcome.error)


@pytest.mark.asyncio
async def test_a_broken_postprocess_leaves_preprocess_working(tmp_path: Path) -> None:
    pre = tmp_path / "pre.py"
    pre.write_text("def preprocess(data, resp):\n    return 'fine'\n", encoding="utf-8")
    post = tmp_path / "post.py"
    post.write_text("import os\nos._exit(2)\n", encoding="utf-8")
    pool = ScriptPool({"preprocess": pre, "postprocess": post}, workers=1, command=FAST)
    async with pool:
        assert (await pool.preprocess({}, {})).value == "fine"
        failed = await pool.postprocess([], [], [], {}, {})
        assert failed.kind == "load"
        assert (await pool.preprocess({}, {})).value == "fine"


@pytest.mark.asyncio
async def test_missing_file(tmp_path: Path) -> None:
    pool = pool_for(tmp_path / "nowhere.py")
    async with pool:
        outcome = await pool.preprocess({}, {})
    assert outcome.kind == "load" and "cannot be read" in str(outcome.error)
    assert pool.fingerprint("preprocess") == ""


@pytest.mark.asyncio
async def test_a_worker_that_cannot_start(tmp_path: Path) -> None:
    path = tmp_path / "pre.py"
    path.write_text("def preprocess(data, resp):\n    return 1\n", encoding="utf-8")
    broken = ScriptPool({"preprocess": path}, command=[sys.executable, "-c", "print('hello')"])
    try:
        outcome = await broken.preprocess({}, {})
    finally:
        await broken.aclose()
    assert outcome.kind == "crash" and "could not be started" in str(outcome.error)


@pytest.mark.skipif(sys.platform == "win32", reason="process groups are POSIX")
@pytest.mark.asyncio
async def test_a_timeout_also_stops_programs_the_script_started(tmp_path: Path) -> None:
    marker = tmp_path / "child.pid"
    path = tmp_path / "pre.py"
    path.write_text(
        textwrap.dedent(
            f"""
            import subprocess, sys

            def preprocess(data, resp, **kwargs):
                child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
                open({str(marker)!r}, "w").write(str(child.pid))
                while True:
                    pass
            """
        ),
        encoding="utf-8",
    )
    async with pool_for(path, workers=1, timeout=1.0) as pool:
        outcome = await pool.preprocess({}, {})
    assert outcome.kind == "timeout"
    child = int(marker.read_text())
    for _ in range(50):
        if not running(child):
            break
        await asyncio.sleep(0.1)
    else:
        pytest.fail("the script's own child process is still running")


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    # Killed but not yet reaped by whoever adopted it (a zombie) counts as stopped.
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True
