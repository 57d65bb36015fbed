"""One judge on one row, outside any run: "Judge this row" in the template editor.

The row goes through the same steps as in a run (candidate answer, preprocess, the
judge's request, the parser), with the template text being edited rather than the file.
The judge's reply is kept in the store's call cache, so a later run does not ask again;
no run and no row result are recorded.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError, RowError
from judgedesk.core.project import Project
from judgedesk.core.run.context import JudgeContext, prepare_judge
from judgedesk.core.run.details import JudgeStepDetail, VerdictDetail, judge_steps, verdict_of
from judgedesk.core.run.examples import ExampleSource
from judgedesk.core.run.steps import RowProcessor
from judgedesk.core.run.store import Store
from judgedesk.core.scripts import ScriptPool
from judgedesk.core.template import compile_template

STOP_POLL = 0.05
"""Seconds between looks at the stop flag of a blocking dry run."""


@dataclass(frozen=True)
class DryRun:
    """What one judge made of one row.

    Attributes:
        judge: the judge's name.
        row: the row's index; ``row_id`` its id.
        status: "ok" (a verdict was read), "unparsed" (the reply holds none) or "error".
        value: the parsed verdict's value (a score, True/False, 1..5), None unless ok.
        label: the verdict as written in the reply ("8", "A>>B"…), when one was read.
        reason: why nothing was read, or what was assumed; or the error, in words.
        error_kind: the failing step and cause ("template", "judge: timeout"…) on errors.
        parser: the parser that read the reply.
        dimensions: per-dimension scores of a JSON verdict.
        messages: the chat messages sent (system prompt and rendered template).
        content: the reply without its reasoning; ``reasoning`` the reasoning, if any.
        cached: True when the reply came from the store rather than the judge.
        latency: seconds the judge took (of the attempt that succeeded).
        attempts: how many attempts the call needed.
        prompt_tokens, completion_tokens: as the server counted them (0 if not given).
        seconds: the whole dry run, scripts included.
        warnings: template warnings of the render (empty values and the like).
    """

    judge: str
    row: int
    row_id: str
    status: str
    value: Any = None
    label: str | None = None
    reason: str = ""
    error_kind: str = ""
    parser: str | None = None
    dimensions: dict[str, float] = field(default_factory=dict)
    messages: list[dict[str, Any]] = field(default_factory=list)
    content: str | None = None
    reasoning: str | None = None
    cached: bool = False
    latency: float = 0.0
    attempts: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    warnings: tuple[str, ...] = ()


async def judge_one_row(
    project: Project,
    dataset: Dataset,
    row: int,
    judge: str,
    *,
    template_source: str | None = None,
    examples: ExampleSource | None = None,
) -> DryRun:
    """Ask ``judge`` about ``row``; never raises for what the row, judge or scripts do.

    Args:
        template_source: the template to send instead of the judge's file (the editor's
            text, which may not be saved yet).
        examples: the example source a run would be given (see ``Run``): a judge that
            asks for examples is shown those a run would show it for the row.

    Raises:
        JudgeDeskError: there is no model judge by that name.
    """
    started = time.perf_counter()
    settings = next((j for j in project.judges if j.name == judge and j.kind != "metric"), None)
    if settings is None:
        raise JudgeDeskError(f"The project has no model judge named '{judge}'.")
    try:
        found = dataset.row(row)
    except RowError as exc:
        return DryRun(judge, row, str(row), "error", reason=str(exc), error_kind="row")
    template = compile_template(template_source) if template_source is not None else None
    context = prepare_judge(project, settings, template=template)
    candidate: JudgeContext | None = None
    if project.candidate is not None:
        candidate = prepare_judge(project, project.candidate, prompt=False)
    baseline: JudgeContext | None = None
    if project.baseline is not None:
        baseline = prepare_judge(project, project.baseline, prompt=False)
    scripts = None
    if project.script_path("preprocess").is_file():
        scripts = ScriptPool(
            {"preprocess": project.script_path("preprocess")},
            workers=1,
            timeout=project.scripts.timeout,
            memory_mb=project.scripts.memory_mb,
        )
    models = (context, candidate, baseline)
    clients = [c.client for c in models if c is not None and c.client is not None]
    try:
        with Store(project.store_path) as store:
            picker = None
            if examples is not None and settings.example_rule():
                picker = examples(store, dataset, project)
            processor = RowProcessor(
                project, store, [context], scripts, candidate, baseline=baseline, examples=picker
            )
            if scripts is not None:
                await scripts.start()
            result = await processor.process(found)
            keys = [s["key"] for s in judge_steps(result.detail) if "key" in s]
            calls = store.calls(keys)
    finally:
        for client in clients:
            await client.aclose()
        if scripts is not None:
            await scripts.aclose()
    steps = judge_steps(result.detail)
    step: JudgeStepDetail = steps[0] if steps else {"judge": judge}
    verdict: VerdictDetail | dict[str, Any] = verdict_of(step) or {}
    call = calls.get(step.get("key", ""))
    reply: dict[str, Any] = call.reply if call is not None else {}
    usage = reply.get("usage") or {}
    reason = result.error if result.status == "error" else str(verdict.get("reason") or "")
    return DryRun(
        judge=judge,
        row=row,
        row_id=found.id,
        status=result.status,
        value=verdict.get("value") if result.status == "ok" else None,
        label=verdict.get("label"),
        reason=reason,
        error_kind=result.error_kind,
        parser=context.parser or ("rule" if context.rule is not None else None),
        dimensions=dict(verdict.get("dimensions") or {}),
        messages=list(call.request.get("messages", [])) if call is not None else [],
        content=reply.get("content"),
        reasoning=reply.get("reasoning_content"),
        cached=bool(step.get("cached", False)),
        latency=float(call.latency) if call is not None else 0.0,
        attempts=int(call.attempts) if call is not None else 0,
        prompt_tokens=int(usage.get("prompt_tokens", 0)),
        completion_tokens=int(usage.get("completion_tokens", 0)),
        seconds=time.perf_counter() - started,
        warnings=tuple(step.get("warnings", ())),
    )


def judge_one_row_blocking(
    project: Project,
    dataset: Dataset,
    row: int,
    judge: str,
    *,
    template_source: str | None = None,
    stop: threading.Event | None = None,
    examples: ExampleSource | None = None,
) -> DryRun:
    """:func:`judge_one_row` on an event loop of its own, for a worker thread.

    Setting ``stop`` abandons the call (within a twentieth of a second); the result then
    says it was stopped.
    """

    async def watched() -> DryRun:
        task = asyncio.ensure_future(
            judge_one_row(
                project, dataset, row, judge, template_source=template_source, examples=examples
            )
        )
        while not task.done():
            if stop is not None and stop.is_set():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
                return DryRun(
                    judge,
                    row,
                    str(row),
                    "error",
                    reason="Stopped before the judge answered.",
                    error_kind="stopped",
                )
            await asyncio.wait({task}, timeout=STOP_POLL)
        return task.result()

    return asyncio.run(watched())
