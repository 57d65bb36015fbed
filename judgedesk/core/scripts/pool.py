"""A pool of worker processes that run a project's preprocess/postprocess scripts.

A broken script fails only the row it was called for: exceptions, endless loops,
``sys.exit``, crashes in native code and runaway memory all become a
:class:`ScriptOutcome`, and a worker that had to be stopped is replaced.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from judgedesk.core.scripts.loading import Script, load_scripts, read_script
from judgedesk.core.scripts.outcome import ScriptOutcome, ScriptWorkerError
from judgedesk.core.scripts.process import (
    ProtocolError,
    WorkerProcess,
    describe_exit,
    fault_line,
    spawn,
    worker_command,
)
from judgedesk.core.scripts.protocol import SCRIPT_KINDS
from judgedesk.core.scripts.results import (
    for_row,
    from_reply,
    garbled,
    startup_failure,
    stopped,
    time_limit,
    timed_out,
    with_last_words,
)

_JUDGE_LISTS = ("judge_reqs", "judge_resps", "judge_models")


@dataclass
class _Slot:
    worker: WorkerProcess | None = None


class ScriptPool:
    """Long-lived worker processes that run the user's scripts, one call at a time each.

    Args:
        scripts: ``{"preprocess": path, "postprocess": path}``; either may be absent.
        workers: How many processes run calls in parallel.
        timeout: Seconds one call (or loading a script) may take; 0 means no limit.
        memory_mb: Address-space limit of each worker (POSIX only); 0 means no limit.
        command: How to start a worker; :func:`worker_command` by default.
        sources: Text to run instead of a script file's (an editor's text not saved
            yet); the path still names it in tracebacks.

    Use it as an async context manager, or call :meth:`aclose` when done.
    """

    def __init__(
        self,
        scripts: Mapping[str, Path | str],
        *,
        workers: int = 2,
        timeout: float = 30.0,
        memory_mb: int = 2048,
        command: Sequence[str] | None = None,
        sources: Mapping[str, str] | None = None,
    ) -> None:
        if workers < 1:
            raise ValueError("A script pool needs at least one worker.")
        self._scripts: dict[str, Script] = {}
        self._load_failures: dict[str, ScriptOutcome] = {}
        for kind, where in scripts.items():
            if kind not in SCRIPT_KINDS:
                raise ValueError(f"Unknown script kind {kind!r}; expected one of {SCRIPT_KINDS}.")
            path = Path(where).expanduser().absolute()
            script = read_script(kind, path, (sources or {}).get(kind))
            self._scripts[kind] = script
            if script.problem:
                self._load_failures[kind] = ScriptOutcome(False, "load", error=script.problem)
        self._timeout = timeout
        self._memory_mb = memory_mb
        self._command = list(command) if command is not None else worker_command()
        self._slots = [_Slot() for _ in range(workers)]
        self._idle: asyncio.Queue[_Slot] = asyncio.Queue()
        for slot in self._slots:
            self._idle.put_nowait(slot)
        self._reapers: set[asyncio.Task[int | None]] = set()
        self._started = False
        self._closed = False

    # --- public API -------------------------------------------------------------------

    def has(self, kind: str) -> bool:
        """Whether a script of this kind is configured."""
        return kind in self._scripts

    def fingerprint(self, kind: str) -> str:
        """Return the SHA-256 of the script's file as read, or "" when there is none."""
        script = self._scripts.get(kind)
        return script.fingerprint if script else ""

    async def start(self) -> None:
        """Start every worker now rather than on first use.

        Raises:
            ScriptWorkerError: a worker process cannot be started at all.
        """
        self._check_open()
        if self._started or not self._scripts:
            return
        self._started = True
        slots = [self._idle.get_nowait() for _ in range(self._idle.qsize())]
        try:
            results = await asyncio.gather(*(self._ensure_worker(slot) for slot in slots))
        finally:
            for slot in slots:
                self._idle.put_nowait(slot)
        for result in results:
            if isinstance(result, ScriptOutcome):
                raise ScriptWorkerError(result.error or "The script worker could not start.")

    async def preprocess(
        self, data: Mapping[str, Any], resp: Mapping[str, Any], **kwargs: Any
    ) -> ScriptOutcome:
        """Run ``preprocess(data, resp, **kwargs)``."""
        return await self.call("preprocess", data, resp, **kwargs)

    async def postprocess(
        self,
        judge_reqs: Sequence[Any],
        judge_resps: Sequence[Any],
        judge_models: Sequence[Any],
        data: Mapping[str, Any],
        resp: Mapping[str, Any],
        **kwargs: Any,
    ) -> ScriptOutcome:
        """Run ``postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs)``."""
        return await self.call(
            "postprocess",
            data,
            resp,
            judge_reqs=judge_reqs,
            judge_resps=judge_resps,
            judge_models=judge_models,
            **kwargs,
        )

    async def call(
        self, kind: str, data: Mapping[str, Any], resp: Mapping[str, Any], **kwargs: Any
    ) -> ScriptOutcome:
        """Run the ``kind`` script's function on one row; never raises for script faults.

        For ``"postprocess"``, ``kwargs`` must hold ``judge_reqs``, ``judge_resps`` and
        ``judge_models``; they are passed positionally, and ``judge_req``,
        ``judge_resp`` and ``judge_model`` (the last judge's, or None) are added to the
        keyword arguments unless given.

        Raises:
            ValueError: no script of this kind is configured.
            TypeError: the judge lists are missing for postprocess.
            RuntimeError: the pool is closed.
        """
        self._check_open()
        if kind not in self._scripts:
            raise ValueError(f"There is no {kind} script in this pool; check has() first.")
        data = data if isinstance(data, dict) else dict(data)
        resp = resp if isinstance(resp, dict) else dict(resp)
        args = _arguments(kind, data, resp, kwargs)
        failure = self._load_failures.get(kind)
        if failure is not None:
            return for_row(failure, data, resp)
        try:
            # Values JSON lacks (dates from a spreadsheet…) reach the script as text.
            body = json.dumps({"kind": kind, "args": args, "kwargs": kwargs}, default=str)
        except (ValueError, RecursionError) as exc:
            return ScriptOutcome(
                False,
                "bad_value",
                data=dict(data),
                resp=dict(resp),
                error=f"This row cannot be passed to the {kind} script: {exc}.",
            )
        slot = await self._idle.get()
        try:
            return await self._run(slot, kind, body.encode(), data, resp)
        finally:
            self._idle.put_nowait(slot)

    async def aclose(self) -> None:
        """Stop every worker and wait until they are gone."""
        self._closed = True
        for slot in self._slots:
            if slot.worker is not None:
                self._bury(slot.worker)
                slot.worker = None
        while self._reapers:
            await asyncio.gather(*self._reapers, return_exceptions=True)

    async def __aenter__(self) -> ScriptPool:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    # --- one call ---------------------------------------------------------------------

    async def _run(
        self, slot: _Slot, kind: str, body: bytes, data: dict[str, Any], resp: dict[str, Any]
    ) -> ScriptOutcome:
        worker = await self._ensure_worker(slot)
        if isinstance(worker, ScriptOutcome):
            return for_row(worker, data, resp)
        failure = self._load_failures.get(kind)
        if failure is not None:  # found out while starting this worker
            return for_row(failure, data, resp)
        call_id = worker.new_id()
        payload = b'{"op": "call", "id": %d, %s\n' % (call_id, body[1:])
        mark = worker.stderr_total
        started = time.perf_counter()
        try:
            sent = await worker.send(payload)
            reply = await worker.receive(time_limit(self._timeout)) if sent else None
        except TimeoutError:
            slot.worker = None
            self._bury(worker)
            return ScriptOutcome(
                False,
                "timeout",
                data=dict(data),
                resp=dict(resp),
                error=timed_out(kind, self._timeout),
                duration=time.perf_counter() - started,
            )
        except ProtocolError as exc:
            slot.worker = None
            self._bury(worker)
            return for_row(garbled(str(exc)), data, resp)
        except BaseException:  # cancelled: the worker is busy with a call nobody awaits
            slot.worker = None
            self._bury(worker)
            raise
        duration = time.perf_counter() - started
        if reply is None:
            slot.worker = None
            return await self._crashed(worker, kind, mark, data, resp, duration)
        if reply.get("id") != call_id:
            slot.worker = None
            self._bury(worker)
            return for_row(garbled(f"an answer to another call ({reply!r:.200})"), data, resp)
        outcome = from_reply(reply, data, resp, duration)
        if outcome.kind == "memory":  # do not keep a worker that hit its limit
            slot.worker = None
            self._bury(worker)
        return outcome

    async def _crashed(
        self,
        worker: WorkerProcess,
        kind: str,
        mark: int,
        data: dict[str, Any],
        resp: dict[str, Any],
        duration: float,
    ) -> ScriptOutcome:
        try:
            code = await worker.reap()
        except BaseException:
            self._bury(worker)
            raise
        last_words = worker.stderr_since(mark)
        if self._closed:
            outcome_kind, text = "crash", "The script pool was closed while the script ran."
        else:
            outcome_kind, why = describe_exit(code, self._memory_mb)
            text = stopped(kind, why)
        if last_words.strip():
            text = with_last_words(text, last_words)
        return ScriptOutcome(
            False,
            outcome_kind,
            data=dict(data),
            resp=dict(resp),
            stderr=last_words,
            error=text,
            error_line=fault_line(last_words, self._scripts[kind].path),
            duration=duration,
        )

    # --- starting workers ---------------------------------------------------------------

    async def _ensure_worker(self, slot: _Slot) -> WorkerProcess | ScriptOutcome:
        """Return the slot's live worker, starting one (and loading scripts) if needed."""
        if slot.worker is not None:
            if slot.worker.alive:
                return slot.worker
            self._bury(slot.worker)  # died while idle
            slot.worker = None
        for _attempt in range(len(self._scripts) + 1):
            try:
                worker = await spawn(self._command)
            except OSError as exc:
                return startup_failure(f"The command {self._command!r} failed: {exc}.")
            try:
                result = await load_scripts(
                    worker,
                    self._scripts,
                    self._load_failures,
                    memory_mb=self._memory_mb,
                    timeout=self._timeout,
                    bury=self._bury,
                )
            except BaseException:
                self._bury(worker)
                raise
            if result == "ready":
                if self._closed:
                    self._bury(worker)
                    return ScriptOutcome(False, "crash", error="The script pool was closed.")
                slot.worker = worker
                return worker
            if isinstance(result, ScriptOutcome):
                return result
            # "retry": loading one script broke the worker; start afresh without it.
        return startup_failure("Loading the scripts kept stopping the worker.")

    # --- housekeeping -------------------------------------------------------------------

    def _bury(self, worker: WorkerProcess) -> None:
        """Kill a worker and reap it in the background (aclose waits for the rest)."""
        worker.kill()
        task = asyncio.get_running_loop().create_task(worker.reap())
        self._reapers.add(task)
        task.add_done_callback(self._reapers.discard)

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("This script pool is closed.")


async def run_once(
    path: Path | str,
    kind: str,
    data: Mapping[str, Any],
    resp: Mapping[str, Any],
    *,
    timeout: float = 30.0,
    memory_mb: int = 2048,
    command: Sequence[str] | None = None,
    source: str | None = None,
    **kwargs: Any,
) -> ScriptOutcome:
    """Run one script once on one row in a fresh worker.

    ``source``, when given, is run instead of the file's text (``path`` still names it).
    """
    pool = ScriptPool(
        {kind: path},
        workers=1,
        timeout=timeout,
        memory_mb=memory_mb,
        command=command,
        sources={kind: source} if source is not None else None,
    )
    try:
        return await pool.call(kind, data, resp, **kwargs)
    finally:
        await pool.aclose()


# --- helpers --------------------------------------------------------------------------


def _arguments(
    kind: str, data: dict[str, Any], resp: dict[str, Any], kwargs: dict[str, Any]
) -> list[Any]:
    if kind == "preprocess":
        return [data, resp]
    missing = [name for name in _JUDGE_LISTS if name not in kwargs]
    if missing:
        raise TypeError(f"A postprocess call needs {', '.join(missing)}.")
    # The worker adds judge_req, judge_resp and judge_model from these lists.
    lists = [list(kwargs.pop(name)) for name in _JUDGE_LISTS]
    return [*lists, data, resp]
