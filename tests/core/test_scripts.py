"""Script workers: calling preprocess/postprocess in real worker processes."""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import inspect
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.scripts import (
    SKELETONS,
    ScriptOutcome,
    ScriptPool,
    run_once,
    worker_command,
)
from judgedesk.core.scripts.protocol import OUTPUT_LIMIT

# Starting the worker module directly skips the CLI's imports; tests of the real command
# use worker_command().
FAST = [sys.executable, "-m", "judgedesk.core.scripts.worker"]


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def pool_for(path: Path, kind: str = "preprocess", **options: Any) -> ScriptPool:
    options.setdefault("command", FAST)
    return ScriptPool({kind: path}, **options)


@pytest.mark.asyncio
async def test_preprocess_changes_data_and_resp_and_returns_a_value(tmp_path: Path) -> None:
    script = write(
        tmp_path,
        "preprocess.py",
        """
        def preprocess(data, resp, **kwargs):
            data["n_messages"] = len(data["messages"])
            resp["clean"] = resp["content"].split("</think>")[-1].strip()
            return {"clean_length": len(resp["clean"]), "kwargs": sorted(kwargs)}
        """,
    )
    data = {"messages": [{"role": "user", "content": "2+2?"}], "id": 3}
    resp = {"content": "<think>easy</think> 4", "reasoning_content": None}
    async with pool_for(script) as pool:
        outcome = await pool.preprocess(data, resp)
    assert outcome.ok and outcome.kind == "ok"
    assert outcome.value == {"clean_length": 1, "kwargs": []}
    assert outcome.data == {**data, "n_messages": 1}
    assert outcome.resp == {**resp, "clean": "4"}
    assert outcome.error is None and outcome.error_line is None
    assert outcome.duration > 0
    assert data == {"messages": [{"role": "user", "content": "2+2?"}], "id": 3}  # untouched


@pytest.mark.asyncio
async def test_postprocess_gets_the_lists_and_the_last_judge(tmp_path: Path) -> None:
    script = write(
        tmp_path,
        "postprocess.py",
        """
        def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
            return {
                "n": [len(judge_reqs), len(judge_resps), len(judge_models)],
                "last": [kwargs.get("judge_req"), kwargs.get("judge_resp"),
                         kwargs.get("judge_model")],
                "row": [data["id"], resp["content"]],
            }
        """,
    )
    reqs = [{"messages": [{"role": "user", "content": "a"}]}, {"messages": []}]
    resps = [{"content": "Score: [[3]]"}, {"content": "Score: [[5]]"}]
    models = [{"name": "first"}, {"name": "second"}]
    async with pool_for(script, "postprocess") as pool:
        assert pool.has("postprocess") and not pool.has("preprocess")
        outcome = await pool.postprocess(reqs, resps, models, {"id": 9}, {"content": "x"})
        empty = await pool.postprocess([], [], [], {"id": 1}, {"content": ""})
    assert outcome.ok
    assert outcome.value == {
        "n": [2, 2, 2],
        "last": [reqs[1], resps[1], models[1]],
        "row": [9, "x"],
    }
    assert empty.value["last"] == [None, None, None]


@pytest.mark.asyncio
async def test_fields_are_read_and_set_as_attributes_as_well_as_keys(tmp_path: Path) -> None:
    pre = write(
        tmp_path,
        "preprocess.py",
        """
        def preprocess(data, resp, **kwargs):
            resp.clean = resp.content.split("</think>")[-1].strip()
            data.first = data.messages[0].content
            del data.drop
            return [isinstance(data, dict), hasattr(data, "missing"), getattr(resp, "x", 7)]
        """,
    )
    post = write(
        tmp_path,
        "postprocess.py",
        """
        def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
            last = kwargs["judge_resp"]
            return [judge_models[0].name, last.content, data.ref_answer, resp.clean]
        """,
    )
    data = {"messages": [{"role": "user", "content": "2+2?"}], "ref_answer": "4", "drop": 1}
    resp = {"content": "<think>easy</think> 4"}
    async with ScriptPool({"preprocess": pre, "postprocess": post}, command=FAST) as pool:
        before = await pool.preprocess(data, resp)
        after = await pool.postprocess(
            [{"messages": []}], [{"content": "[[5]]"}], [{"name": "j"}], before.data, before.resp
        )
    assert before.ok, before.error
    assert before.value == [True, False, 7]
    assert before.data == {
        "messages": [{"role": "user", "content": "2+2?"}],
        "ref_answer": "4",
        "first": "2+2?",
    }
    assert before.resp == {**resp, "clean": "4"}
    assert after.ok, after.error
    assert after.value == ["j", "[[5]]", "4", "4"]


@pytest.mark.asyncio
async def test_a_misspelt_attribute_names_the_fields_there_are(tmp_path: Path) -> None:
    script = write(
        tmp_path,
        "preprocess.py",
        """
        def preprocess(data, resp):
            return data.questoin
        """,
    )
    async with pool_for(script) as pool:
        outcome = await pool.preprocess({"question": "q", "id": 1}, {"content": "a"})
    assert not outcome.ok
    assert "there is no field 'questoin'; the fields are: question, id" in (outcome.error or "")


@pytest.mark.asyncio
async def test_short_signatures_without_kwargs_are_accepted(tmp_path: Path) -> None:
    pre = write(tmp_path, "pre.py", "def preprocess(data, resp):\n    return resp['content']\n")
    post = write(
        tmp_path,
        "post.py",
        """
        def postprocess(judge_reqs, judge_resps, judge_models, data, resp, judge_resp=None):
            return judge_resp["content"]
        """,
    )
    pool = ScriptPool({"preprocess": pre, "postprocess": post}, workers=1, command=FAST)
    async with pool:
        first = await pool.preprocess({}, {"content": "hi"})
        second = await pool.call(
            "postprocess",
            {},
            {},
            judge_reqs=[{}],
            judge_resps=[{"content": "verdict"}],
            judge_models=[{}],
        )
    assert (first.value, second.value) == ("hi", "verdict")


@pytest.mark.asyncio
async def test_call_checks_its_arguments(tmp_path: Path) -> None:
    script = write(tmp_path, "post.py", "def postprocess(*args, **kwargs):\n    return 1\n")
    async with pool_for(script, "postprocess", workers=1) as pool:
        with pytest.raises(ValueError, match="no preprocess script"):
            await pool.preprocess({}, {})
        with pytest.raises(TypeError, match="judge_resps, judge_models"):
            await pool.call("postprocess", {}, {}, judge_reqs=[])
    with pytest.raises(RuntimeError, match="closed"):
        await pool.call("postprocess", {}, {}, judge_reqs=[], judge_resps=[], judge_models=[])
    with pytest.raises(ValueError, match="Unknown script kind"):
        ScriptPool({"midprocess": script})


@pytest.mark.asyncio
async def test_print_output_is_captured_per_call(tmp_path: Path) -> None:
    script = write(
        tmp_path,
        "pre.py",
        """
        import sys, time

        def preprocess(data, resp, **kwargs):
            print("start", data["n"])
            time.sleep(0.01)
            print("warn", data["n"], file=sys.stderr)
            print("end", data["n"])
            return data["n"]
        """,
    )
    async with pool_for(script, workers=2) as pool:
        outcomes = await asyncio.gather(*(pool.preprocess({"n": n}, {}) for n in range(12)))
    for n, outcome in enumerate(outcomes):
        assert outcome.value == n
        assert outcome.stdout == f"start {n}\nend {n}\n"
        assert outcome.stderr == f"warn {n}\n"


@pytest.mark.asyncio
async def test_long_output_is_cut_with_a_note(tmp_path: Path) -> None:
    script = write(
        tmp_path,
        "pre.py",
        """
        import os, sys

        def preprocess(data, resp, **kwargs):
            print("x" * 100_000)
            sys.stdout.buffer.write(b"bytes too\\n")
            os.write(1, b"straight to fd 1 does not break the protocol\\n")
            return "done"
        """,
    )
    async with pool_for(script, workers=1) as pool:
        outcome = await pool.preprocess({}, {})
    assert outcome.value == "done"
    assert outcome.stdout.startswith("x" * OUTPUT_LIMIT)
    assert "more characters were printed but are not shown" in outcome.stdout
    assert len(outcome.stdout) < OUTPUT_LIMIT + 200


@pytest.mark.asyncio
async def test_calls_run_in_parallel_on_two_workers(tmp_path: Path) -> None:
    script = write(
        tmp_path,
        "pre.py",
        """
        import os, time

        def preprocess(data, resp, **kwargs):
            time.sleep(0.5)
            return os.getpid()
        """,
    )
    async with pool_for(script, workers=2) as pool:
        started = time.perf_counter()
        first, second = await asyncio.gather(pool.preprocess({}, {}), pool.preprocess({}, {}))
        elapsed = time.perf_counter() - started
    assert first.ok and second.ok
    assert first.value != second.value
    assert elapsed < 0.95


@pytest.mark.asyncio
async def test_rows_are_passed_as_json(tmp_path: Path) -> None:
    script = write(tmp_path, "pre.py", "def preprocess(data, resp):\n    return data['when']\n")
    async with pool_for(script, workers=1) as pool:
        dated = await pool.preprocess({"when": datetime.date(2024, 5, 1)}, {})
        loop: dict[str, Any] = {}
        loop["self"] = loop
        looped = await pool.preprocess({"when": loop}, {})
    assert dated.value == "2024-05-01"  # what JSON lacks arrives as text
    assert looped.kind == "bad_value" and "cannot be passed to the preprocess script" in str(
        looped.error
    )


def test_fingerprint_follows_the_source(tmp_path: Path) -> None:
    script = write(tmp_path, "pre.py", "def preprocess(data, resp, **kwargs):\n    return 1\n")
    before = ScriptPool({"preprocess": script}).fingerprint("preprocess")
    assert before == hashlib.sha256(script.read_bytes()).hexdigest()
    assert ScriptPool({"preprocess": str(script)}).fingerprint("preprocess") == before
    script.write_text("def preprocess(data, resp, **kwargs):\n    return 2\n", encoding="utf-8")
    assert ScriptPool({"preprocess": script}).fingerprint("preprocess") != before
    assert ScriptPool({"preprocess": script}).fingerprint("postprocess") == ""


@pytest.mark.asyncio
async def test_skeletons_are_valid_and_return_none(tmp_path: Path) -> None:
    expected = {
        "preprocess": ["data", "resp", "kwargs"],
        "postprocess": ["judge_reqs", "judge_resps", "judge_models", "data", "resp", "kwargs"],
    }
    assert set(SKELETONS) == set(expected)
    for kind, text in SKELETONS.items():
        namespace: dict[str, Any] = {}
        exec(compile(text, f"{kind}.py", "exec"), namespace)
        function = namespace[kind]
        assert function.__doc__ and "Returns:" in function.__doc__
        params = inspect.signature(function).parameters
        assert list(params) == expected[kind]
        assert params["kwargs"].kind is inspect.Parameter.VAR_KEYWORD
        positional = [p for p in params.values() if p.kind is p.POSITIONAL_OR_KEYWORD]
        assert len(positional) == len(expected[kind]) - 1
        assert all(p.default is p.empty for p in positional)
        assert function(*([{}] * len(positional))) is None
    paths = {kind: write(tmp_path, f"{kind}.py", text) for kind, text in SKELETONS.items()}
    async with ScriptPool(paths, workers=1, command=FAST) as pool:
        pre = await pool.preprocess({"q": 1}, {"content": "a"})
        post = await pool.postprocess([{}], [{"content": "b"}], [{}], pre.data, pre.resp)
    assert (pre.ok, pre.value, post.ok, post.value) == (True, None, True, None)


def test_worker_command(monkeypatch: pytest.MonkeyPatch) -> None:
    assert worker_command() == [sys.executable, "-m", "judgedesk", "script-worker"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert worker_command() == [sys.executable, "script-worker"]


SYS_MODULES_PROBE = """
import sys

def preprocess(data, resp, **kwargs):
    return sorted({name.split(".")[0] for name in sys.modules} & set(data["heavy"]))
"""


@pytest.mark.asyncio
async def test_the_cli_worker_command_runs_scripts_without_qt(tmp_path: Path) -> None:
    script = write(tmp_path, "pre.py", SYS_MODULES_PROBE)
    heavy = ["PySide6", "shiboken6", "qasync"]
    async with ScriptPool({"preprocess": script}, workers=1) as pool:  # worker_command()
        outcome = await pool.preprocess({"heavy": heavy}, {})
    assert outcome.ok, outcome.error
    assert outcome.value == []


@pytest.mark.asyncio
async def test_the_worker_module_itself_stays_light(tmp_path: Path) -> None:
    script = write(tmp_path, "pre.py", SYS_MODULES_PROBE)
    heavy = ["PySide6", "shiboken6", "qasync", "jinja2", "httpx", "asyncio", "judgedesk.ui"]
    outcome = await run_once(script, "preprocess", {"heavy": heavy}, {}, command=FAST)
    assert outcome.ok and outcome.value == []


@pytest.mark.asyncio
async def test_run_once(tmp_path: Path) -> None:
    script = write(
        tmp_path,
        "post.py",
        """
        def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
            print("looking at", kwargs["judge_model"]["name"])
            return float(kwargs["judge_resp"]["content"])
        """,
    )
    outcome = await run_once(
        script,
        "postprocess",
        {"id": 1},
        {"content": "answer"},
        judge_reqs=[{}],
        judge_resps=[{"content": "4.5"}],
        judge_models=[{"name": "judge"}],
        timeout=5,
        command=FAST,
    )
    assert isinstance(outcome, ScriptOutcome)
    assert (outcome.ok, outcome.value, outcome.stdout) == (True, 4.5, "looking at judge\n")


@pytest.mark.asyncio
async def test_aclose_leaves_no_process_behind(tmp_path: Path) -> None:
    script = write(
        tmp_path, "pre.py", "import os\n\ndef preprocess(data, resp):\n    return os.getpid()\n"
    )
    pool = pool_for(script, workers=2)
    await pool.start()
    first, second = await asyncio.gather(pool.preprocess({}, {}), pool.preprocess({}, {}))
    await pool.aclose()
    await pool.aclose()  # twice is fine
    for pid in (first.value, second.value):
        with pytest.raises(ProcessLookupError):  # gone and reaped, not a zombie
            os.kill(pid, 0)


def test_a_worker_stops_when_its_input_closes() -> None:
    proc = subprocess.run(FAST, input=b"", capture_output=True, timeout=30, check=False)
    assert proc.returncode == 0
    assert proc.stdout.startswith(b'{"op": "ready"')


@pytest.mark.asyncio
async def test_a_helper_is_imported_from_its_source_not_a_planted_compiled_file(
    tmp_path: Path,
) -> None:
    import py_compile

    scripts = tmp_path / "scripts"
    scripts.mkdir()
    helper = scripts / "helper.py"
    planted = 'VALUE = "bad"\n'
    honest = 'VALUE = "src"\n'
    assert len(planted) == len(honest)
    helper.write_text(planted, encoding="utf-8")
    # A compiled file made from other text, with the size and time of the real source:
    # Python itself would run it instead of the source.
    py_compile.compile(
        str(helper),
        cfile=str(scripts / "__pycache__" / f"helper.{sys.implementation.cache_tag}.pyc"),
    )
    stamp = helper.stat().st_mtime
    helper.write_text(honest, encoding="utf-8")
    os.utime(helper, (stamp, stamp))
    script = write(
        scripts,
        "preprocess.py",
        """
        import helper

        def preprocess(data, resp, **kwargs):
            return helper.VALUE
        """,
    )
    outcome = await run_once(script, "preprocess", {}, {}, command=FAST)
    assert outcome.ok, outcome.error
    assert outcome.value == "src"
    assert sorted(p.name for p in (scripts / "__pycache__").iterdir()) == [
        f"helper.{sys.implementation.cache_tag}.pyc"
    ]  # nothing written beside the scripts either
