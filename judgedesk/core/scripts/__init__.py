"""Running a project's preprocess/postprocess scripts in worker processes.

The names are imported on first use, so that a script worker process (which only needs
:func:`worker_main`) does not pay for asyncio and the pool at startup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_exports

if TYPE_CHECKING:
    from judgedesk.core.scripts.outcome import (
        OUTCOME_KINDS as OUTCOME_KINDS,
    )
    from judgedesk.core.scripts.outcome import (
        ScriptOutcome as ScriptOutcome,
    )
    from judgedesk.core.scripts.outcome import (
        ScriptWorkerError as ScriptWorkerError,
    )
    from judgedesk.core.scripts.pool import ScriptPool as ScriptPool
    from judgedesk.core.scripts.pool import run_once as run_once
    from judgedesk.core.scripts.process import worker_command as worker_command
    from judgedesk.core.scripts.protocol import SCRIPT_KINDS as SCRIPT_KINDS
    from judgedesk.core.scripts.skeletons import SKELETONS as SKELETONS
    from judgedesk.core.scripts.worker import worker_main as worker_main

_WHERE = {
    "OUTCOME_KINDS": "outcome",
    "ScriptOutcome": "outcome",
    "ScriptWorkerError": "outcome",
    "ScriptPool": "pool",
    "run_once": "pool",
    "worker_command": "process",
    "SCRIPT_KINDS": "protocol",
    "SKELETONS": "skeletons",
    "worker_main": "worker",
}

__all__ = sorted(_WHERE)


__getattr__ = lazy_exports(__name__, _WHERE)
