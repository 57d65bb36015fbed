"""The script worker: a child process that runs a person's preprocess/postprocess scripts.

It speaks the protocol described in :mod:`judgedesk.core.scripts.protocol`. Only the
standard library is imported here (and in the modules it imports), so the process starts
quickly.
"""

from __future__ import annotations

import atexit
import contextlib
import faulthandler
import json
import linecache
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import IO, Any

from judgedesk.core.messages import say
from judgedesk.core.scripts.answers import (
    dump_failure,
    plain,
    unsavable_message,
    user_traceback,
)
from judgedesk.core.scripts.capture import Capture, redirected
from judgedesk.core.scripts.fields import Fields
from judgedesk.core.scripts.protocol import (
    MODULE_PREFIX,
    POSITIONAL,
    SCRIPT_KINDS,
    signature_text,
)

Message = dict[str, Any]

_LAST_JUDGE = ("judge_req", "judge_resp", "judge_model")


@dataclass
class _Loaded:
    function: Callable[..., Any]
    accepted: frozenset[str] | None  # keyword names it takes; None when it has **kwargs


class _Failure(Exception):
    """A load or call failure already described for the person."""

    def __init__(self, kind: str, error: str, line: int | None = None) -> None:
        super().__init__(error)
        self.kind, self.error, self.line = kind, error, line


class _TextLoader:
    """An importlib loader that runs source text the app read (and fingerprinted)."""

    def __init__(self, path: str, source: str) -> None:
        self._path, self._source = path, source

    def create_module(self, spec: Any) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        code = compile(self._source, self._path, "exec", dont_inherit=True)
        exec(code, module.__dict__)


class ScriptWorker:
    """Loads scripts and answers call messages; one instance per worker process."""

    def __init__(self) -> None:
        self._loaded: dict[str, _Loaded] = {}
        self._paths: dict[str, str] = {}

    # --- loading --------------------------------------------------------------------

    def load(self, message: Message) -> Message:
        kind, path, source = message["kind"], message["path"], message["source"]
        reply: Message = {"op": "loaded", "kind": kind, "ok": True}
        out, err = Capture(), Capture()
        try:
            with redirected(out, err):
                self._load(kind, path, source)
        except _Failure as failure:
            reply.update(ok=False, error=failure.error, line=failure.line)
        except BaseException as exc:
            text, line = user_traceback(exc, path)
            error = f"The {kind} script could not be loaded.\n\n{_describe_exit(exc)}{text}"
            reply.update(ok=False, error=error, line=line)
        if not reply["ok"]:
            reply.update(stdout=out.getvalue(), stderr=err.getvalue())
        return reply

    def _load(self, kind: str, path: str, source: str) -> None:
        import importlib.util

        if kind not in SCRIPT_KINDS:
            raise _Failure("load", f"Unknown script kind '{kind}'.")
        self._paths[kind] = path
        # The app may have read newer text than the file on disk shows later; tracebacks
        # must quote the text that actually ran.
        linecache.cache[path] = (len(source), None, source.splitlines(True), path)
        folder = os.path.dirname(path)
        if folder and folder not in sys.path:
            sys.path.insert(0, folder)  # lets a script import helper modules beside it
        name = MODULE_PREFIX + kind
        spec = importlib.util.spec_from_file_location(
            name,
            path,
            loader=_TextLoader(path, source),  # type: ignore[arg-type]
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(name, None)
            raise
        function = getattr(module, kind, None)
        if function is None or not callable(function):
            what = "no function" if function is None else "something that is not a function"
            raise _Failure(
                "load",
                f"The {kind} script defines {what} named '{kind}'. "
                f"It must contain a function like this:\n\n"
                f"    {signature_text(kind)}:\n        ...\n",
            )
        self._loaded[kind] = _Loaded(function, _accepted_keywords(kind, function))

    # --- calling --------------------------------------------------------------------

    def call(self, message: Message) -> str:
        call_id, kind = message["id"], message["kind"]
        args: list[Any] = message["args"]
        kwargs: dict[str, Any] = message.get("kwargs") or {}
        if kind == "postprocess" and len(args) >= 3:
            # The last judge's items are the very objects at the end of the lists;
            # added here rather than sent twice.
            for name, items in zip(_LAST_JUDGE, args[:3], strict=True):
                kwargs.setdefault(name, items[-1] if items else None)
        loaded = self._loaded.get(kind)
        if loaded is None:
            return dump_failure(call_id, "load", f"No {kind} script is loaded.", None)
        if loaded.accepted is not None:
            kwargs = {k: v for k, v in kwargs.items() if k in loaded.accepted}
        out, err = Capture(), Capture()
        path = self._paths[kind]
        try:
            with redirected(out, err):
                value = loaded.function(*args, **kwargs)
        except SystemExit as exc:
            text, line = user_traceback(exc, path)
            error: str = say(
                "script.sys_exit",
                "The {kind} script called sys.exit({code}). A script should return its result "
                "instead of exiting; this row was marked as failed.\n\n{traceback}",
                kind=kind,
                code=_exit_code(exc),
                traceback=text,
            )
            return dump_failure(call_id, "exit", error, line, out, err)
        except MemoryError as exc:
            text, line = user_traceback(exc, path)
            error = say(
                "script.memory",
                "The {kind} script needed more memory than the limit allows and was stopped. "
                "Process less data at once, or raise the memory limit.\n\n{traceback}",
                kind=kind,
                traceback=text,
            )
            return dump_failure(call_id, "memory", error, line, out, err)
        except BaseException as exc:
            text, line = user_traceback(exc, path)
            return dump_failure(call_id, "exception", text, line, out, err)
        data, resp = args[-2], args[-1]
        reply = {
            "id": call_id,
            "kind": "ok",
            "value": value,
            "data": data,
            "resp": resp,
            "stdout": out.getvalue(),
            "stderr": err.getvalue(),
        }
        try:
            return json.dumps(reply, default=plain)
        except (TypeError, ValueError, RecursionError):
            error = unsavable_message(kind, value, data, resp)
            return dump_failure(call_id, "bad_value", error, None, out, err)


# --- helpers ------------------------------------------------------------------------


def _accepted_keywords(kind: str, function: Callable[..., Any]) -> frozenset[str] | None:
    import inspect

    if inspect.iscoroutinefunction(function):
        raise _Failure(
            "load",
            f"'{kind}' is an async function. Write it as a plain function: {signature_text(kind)}:",
            _first_line(function),
        )
    try:
        sig = inspect.signature(function)
    except (TypeError, ValueError):
        return None  # cannot inspect (a builtin?): pass everything and let the call tell
    names = POSITIONAL[kind]
    try:
        sig.bind(*names)
    except TypeError:
        raise _Failure(
            "load",
            f"The function '{kind}{sig}' does not take the arguments it is given. "
            f"It must look like this:\n\n    {signature_text(kind)}:\n        ...\n",
            _first_line(function),
        ) from None
    params = list(sig.parameters.values())
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    # Without **kwargs the function only gets the keyword arguments it names, so the
    # shorter form seen in many examples, ``def preprocess(data, resp)``, still works.
    bound = len(names)
    return frozenset(
        p.name
        for i, p in enumerate(params)
        if p.kind is p.KEYWORD_ONLY or (p.kind is p.POSITIONAL_OR_KEYWORD and i >= bound)
    )


def _first_line(function: Callable[..., Any]) -> int | None:
    code = getattr(function, "__code__", None)
    return getattr(code, "co_firstlineno", None)


def _exit_code(exc: SystemExit) -> str:
    return "" if exc.code is None else repr(exc.code)


def _describe_exit(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"It called sys.exit({_exit_code(exc)}) while being loaded.\n\n"
    if isinstance(exc, MemoryError):
        return "It needed more memory than the limit allows while being loaded.\n\n"
    return ""


# --- process setup ------------------------------------------------------------------


def _limit_memory(megabytes: int) -> None:
    if megabytes <= 0 or sys.platform == "win32":
        return
    import resource

    wanted = megabytes * 1024 * 1024
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    # When not allowed, run without a limit rather than not at all.
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))


def _die_with_parent() -> None:
    """Make sure a worker stuck in an endless loop does not outlive the app."""
    if sys.platform == "win32":
        return
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
            if os.getppid() != parent:
                os._exit(1)
            return
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="judgedesk-parent-watch", daemon=True).start()


class _Channel:
    """The protocol's own file descriptors, kept apart from what scripts can print to."""

    def __init__(self) -> None:
        self.incoming: IO[bytes] = os.fdopen(os.dup(0), "rb")
        self.outgoing: IO[bytes] = os.fdopen(os.dup(1), "wb")
        # Whatever later writes to fd 1 or reads fd 0 directly (C code, os.write, input())
        # must not touch the protocol: fd 1 now goes to stderr, fd 0 reads nothing.
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        os.dup2(2, 1)

    def receive(self) -> bytes:
        return self.incoming.readline()

    def send(self, text: str) -> None:
        self.outgoing.write(text.encode("utf-8") + b"\n")
        self.outgoing.flush()


def _no_planted_bytecode() -> None:
    """Import a script's helper modules from their source, never from a ``__pycache__``.

    A project from elsewhere could carry compiled files beside its scripts that Python
    would prefer to the sources the person read and trusted. Bytecode is looked for in an
    empty folder of this process's own instead, and none is written.
    """
    sys.dont_write_bytecode = True
    folder = tempfile.mkdtemp(prefix="judgedesk-worker-")
    sys.pycache_prefix = folder
    atexit.register(lambda: shutil.rmtree(folder, ignore_errors=True))


def worker_main() -> int:
    """Run a script worker on this process's stdin/stdout until stdin closes."""
    channel = _Channel()
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    sys.stdout = sys.stderr  # stray prints between calls go to the stderr pipe
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the app; it stops us
    faulthandler.enable(file=sys.__stderr__ or sys.stderr)
    _die_with_parent()
    _no_planted_bytecode()
    worker = ScriptWorker()
    channel.send(json.dumps({"op": "ready", "pid": os.getpid()}))
    while True:
        raw = channel.receive()
        if not raw:
            return 0
        # Every object arrives as Fields: data, resp and the judges' requests, replies and
        # models read as keys or as attributes, at any depth.
        message: Message = json.loads(raw, object_pairs_hook=Fields)
        op = message.get("op")
        if op == "call":
            channel.send(worker.call(message))
        elif op == "load":
            channel.send(json.dumps(worker.load(message)))
        elif op == "init":
            _limit_memory(int(message.get("memory_mb") or 0))


if __name__ == "__main__":
    sys.exit(worker_main())
