"""The render worker's side of the guard: renders templates sent over stdin until it closes."""

from __future__ import annotations

import os
import pickle
import signal
import sys

from judgedesk.core.template.guard import HEADER, MEMORY_MB, memory_issue, read_frame
from judgedesk.core.template.render import compile_template


def worker_main() -> int:
    """Serve renders over stdin/stdout until stdin closes (``judgedesk template-worker``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is for the app; it kills us
    _limit_memory()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # only replies go down the pipe
    stdout.write(HEADER.pack(0))  # ready: the time of the renders starts now
    stdout.flush()
    while True:
        frame = read_frame(stdin)
        if frame is None:
            return 0
        source, context, seconds = pickle.loads(frame)
        result = compile_template(source).render_here(context, seconds=seconds)
        spent = any(issue == memory_issue() for issue in result.issues)
        try:
            reply = pickle.dumps((result.text, result.issues, _peak_kb(), spent))
        except MemoryError:
            reply = pickle.dumps(("", (memory_issue(),), _peak_kb(), True))
        stdout.write(HEADER.pack(len(reply)) + reply)
        stdout.flush()
        if spent:
            return 0


def _limit_memory() -> None:
    if os.name != "posix":
        return  # Windows has no RLIMIT_AS: the wall clock still holds
    import resource

    ceiling = MEMORY_MB * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))


def _peak_kb() -> int:
    if os.name != "posix":
        return 0
    # Linux keeps the largest resident size of the process that started this one across
    # exec in ru_maxrss; VmHWM is this program's own.
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak // 1024 if sys.platform == "darwin" else peak)
