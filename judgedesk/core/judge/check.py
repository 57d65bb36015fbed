"""Test connection: does an endpoint answer, how fast, which models does it offer, how
many requests does it serve at once (when it says), and, for a judge reading its
verdicts' probabilities, does its model give them."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.approvals import approved_key
from judgedesk.core.judge.base import ChatRequest, JudgeCallError
from judgedesk.core.messages import said

if TYPE_CHECKING:
    from judgedesk.core.judge.openai import OpenAIClient


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
        logprobs: for a judge reading its verdicts' probabilities, whether the model
            gave its tokens' probabilities to a short question; None when not asked,
            or when the question got no reply (``logprobs_problem`` says why).
        alternatives: the most alternatives it gave at one token.
        logprobs_problem: why the question asked for probabilities got no reply.
    """

    ok: bool
    milliseconds: float = 0.0
    models: list[str] = field(default_factory=list)
    problem: str = ""
    slots: int | None = None
    kind: str = ""
    logprobs: bool | None = None
    alternatives: int = 0
    logprobs_problem: str = ""

    @property
    def probabilities_asked(self) -> bool:
        """Whether the model was asked if it gives its tokens' probabilities."""
        return self.logprobs is not None or bool(self.logprobs_problem)


async def check_connection(
    base_url: str,
    key_reference: str = "",
    headers: Mapping[str, str] | None = None,
    *,
    timeout: float = 15.0,
    probabilities_of: str = "",
) -> ConnectionCheck:
    """Ask an endpoint for its models; never raises for what the endpoint does.

    A key not approved for the address is not sent: the check then says so and asks
    nothing of the endpoint. ``timeout``: seconds to wait for the model list.
    ``probabilities_of``: a model to ask a one-word question with ``logprobs``, to say
    whether it gives its tokens' probabilities (a judge reading them).
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
            answer = ConnectionCheck(True, milliseconds, list(found.models), slots=slots)
            if probabilities_of:
                answer = await _ask_probabilities(client, probabilities_of, answer, timeout)
    except JudgeCallError as exc:
        return ConnectionCheck(False, problem=said(exc), kind=exc.kind)
    except JudgeDeskError as exc:  # an address that is not a URL, and the like
        return ConnectionCheck(False, problem=said(exc))
    return answer


async def _ask_probabilities(
    client: OpenAIClient, model: str, answer: ConnectionCheck, timeout: float
) -> ConnectionCheck:
    """``answer`` with whether ``model`` gives its tokens' probabilities: one short
    question asked with ``logprobs`` (a server refusing the field is asked again
    without, as a run asks, and then gave none)."""
    request = ChatRequest(
        [{"role": "user", "content": "Answer with one word: is the sky blue?"}],
        model,
        {"max_tokens": 4, "temperature": 0},
        logprobs=True,
    )
    try:
        reply = await asyncio.wait_for(client.chat(request), timeout)
    except (JudgeCallError, TimeoutError) as exc:
        why = said(exc) if isinstance(exc, JudgeCallError) else f"no reply in {timeout:g} s"
        return replace(answer, logprobs_problem=why)
    tokens = reply.logprobs or []
    alternatives = max(
        (len(t.get("top_logprobs") or []) for t in tokens if isinstance(t, dict)), default=0
    )
    return replace(answer, logprobs=bool(tokens), alternatives=alternatives)


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
