"""Running a project's preprocess/postprocess scripts in worker processes.

The names are imported on first use, so that a script worker process (which only needs
:func:`worker_main`) does not pay for asyncio and the pool at startup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_face

# The stage's public names. Each is imported on first use (``lazy_face`` reads this
# block), so a command loads only the modules it uses.
if TYPE_CHECKING:
    from judgedesk.core.scripts.files import ScriptFileError as ScriptFileError
    from judgedesk.core.scripts.files import disable_script as disable_script
    from judgedesk.core.scripts.files import has_disabled_copy as has_disabled_copy
    from judgedesk.core.scripts.files import restore_script as restore_script
    from judgedesk.core.scripts.outcome import OUTCOME_KINDS as OUTCOME_KINDS
    from judgedesk.core.scripts.outcome import ScriptOutcome as ScriptOutcome
    from judgedesk.core.scripts.outcome import ScriptWorkerError as ScriptWorkerError
    from judgedesk.core.scripts.pool import ScriptPool as ScriptPool
    from judgedesk.core.scripts.pool import run_once as run_once
    from judgedesk.core.scripts.process import worker_command as worker_command
    from judgedesk.core.scripts.protocol import SCRIPT_KINDS as SCRIPT_KINDS
    from judgedesk.core.scripts.skeletons import SKELETONS as SKELETONS
    from judgedesk.core.scripts.worker import worker_main as worker_main

__getattr__, __all__ = lazy_face(__name__, __file__)
