"""Test connection: does an endpoint answer, how fast, which models does it offer, and
how many requests does it serve at once (when it says)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.approvals import approved_key
from judgedesk.core.judge.base import JudgeCallError
from judgedesk.core.messages import said


@dataclass(frozen=True)
class ConnectionCheck:
    """The answer of an endpoint to "which models do you offer?".

    Attributes:
        ok: the endpoint answered with a model list.
        milliseconds: how long it took, when it answered.
        models: the model names it offers.
        problem: what is wrong and what to do, when it did not answer.
        slots: how many requests the server serves at once, when it says (llama.cpp's
            ``/props``); None when it does not.
        kind: what failed, one of ``ERROR_KINDS`` ("connect", "auth", …), when the
            endpoint was asked and failed; "" otherwise.
    """

    ok: bool
    milliseconds: float = 0.0
    models: list[str] = field(default_factory=list)
    problem: str = ""
    slots: int | None = None
    kind: str = ""


async def check_connection(
    base_url: str,
    key_reference: str = "",
    headers: Mapping[str, str] | None = None,
    *,
    timeout: float = 15.0,
) -> ConnectionCheck:
    """Ask an endpoint for its models; never raises for what the endpoint does.

    A key not approved for the address is not sent: the check then says so and asks
    nothing of the endpoint. ``timeout``: seconds to wait for the model list.
    """
    # The client is imported when a check runs: the window's judge form shows without it.
    from judgedesk.core.judge.openai import OpenAIClient

    try:
        key = approved_key(key_reference, base_url)
    except JudgeDeskError as exc:
        return ConnectionCheck(False, problem=said(exc))
    started = time.perf_counter()
    try:
        async with OpenAIClient(base_url, api_key=key, headers=dict(headers or {})) as client:
            found = await client.list_models(timeout=timeout)
            milliseconds = (time.perf_counter() - started) * 1000
            slots = await client.server_slots(timeout=5)
    except JudgeCallError as exc:
        return ConnectionCheck(False, problem=said(exc), kind=exc.kind)
    except JudgeDeskError as exc:  # an address that is not a URL, and the like
        return ConnectionCheck(False, problem=said(exc))
    return ConnectionCheck(True, milliseconds, list(found.models), slots=slots)


def check_model_file(path: str | Path, context_size: int) -> ConnectionCheck:
    """Whether a model file can be judged with here, without loading it (blocking: it reads
    the file's header): llama-cpp-python installed, a GGUF file, memory enough.

    ``models`` holds the file's name when it can be used; ``problem`` says why not.
    """
    from judgedesk.core.judge.local_fit import model_file_problem

    started = time.perf_counter()
    problem = model_file_problem(path, context_size)
    if problem:
        # As a run's model-file client says it: the file cannot be reached as a judge.
        return ConnectionCheck(False, problem=problem, kind="connect")
    milliseconds = (time.perf_counter() - started) * 1000
    return ConnectionCheck(True, milliseconds, [Path(path).name], slots=1)
