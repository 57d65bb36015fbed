"""Trying a preprocess or postprocess script on one row, called as a run would call it.

The script runs in a real worker process with the project's time and memory limits.
A postprocess script gets the row's judge replies from the latest run in the results
store when there are any, else a sample reply the person typed; preprocess runs first
when the project uses it, as in a run.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import (
    PARSERS,
    ChatReply,
    ChatRequest,
    JudgeSettings,
    infer_parser,
    render_prompt,
    split_reasoning,
)
from judgedesk.core.messages import counted
from judgedesk.core.project import Project
from judgedesk.core.run.details import judge_steps, verdict_of
from judgedesk.core.run.store import Store
from judgedesk.core.scripts import ScriptOutcome, ScriptPool

DEFAULT_PARSER = "score"


@dataclass(frozen=True)
class FieldChange:
    """One key a script added to, removed from or changed in ``data`` or ``resp``.

    Attributes:
        path: Where, as templates write it: ``data.summary``, ``resp.meta.lang``.
        change: "added", "removed" or "changed".
        old: The value before (None when added).
        new: The value after (None when removed).
    """

    path: str
    change: str
    old: Any = None
    new: Any = None


def field_changes(
    before: Mapping[str, Any], after: Mapping[str, Any], prefix: str
) -> list[FieldChange]:
    """What differs between two versions of a dict, key by key (nested dicts entered)."""
    changes: list[FieldChange] = []
    for key in before:
        path = f"{prefix}.{key}"
        if key not in after:
            changes.append(FieldChange(path, "removed", old=before[key]))
        elif before[key] != after[key] or type(before[key]) is not type(after[key]):
            old, new = before[key], after[key]
            if isinstance(old, Mapping) and isinstance(new, Mapping):
                changes.extend(field_changes(old, new, path))
            else:
                changes.append(FieldChange(path, "changed", old=old, new=new))
    for key in after:
        if key not in before:
            changes.append(FieldChange(f"{prefix}.{key}", "added", new=after[key]))
    return changes


@dataclass(frozen=True)
class JudgeReplies:
    """The judges' side of a postprocess call, and where it came from.

    Attributes:
        source: "store" (replies kept from the latest run of the row) or "sample" (the
            reply the person typed, standing in for a model judge).
        judges: The judges' names, in the order they ran.
        judge_reqs, judge_resps, judge_models: The three lists postprocess receives.
        run_id: The run the stored replies come from.
        run_started: When that run started (seconds since the epoch).
    """

    source: str
    judges: tuple[str, ...]
    judge_reqs: list[dict[str, Any]]
    judge_resps: list[dict[str, Any]]
    judge_models: list[dict[str, Any]]
    run_id: int | None = None
    run_started: float | None = None


@dataclass(frozen=True)
class ScriptTrial:
    """What trying a script on one row did.

    Attributes:
        kind: The script tried.
        row: The row's index; ``row_id`` its own id.
        outcome: The tried script's outcome; None when preprocess failed before it.
        preprocess: For postprocess, the outcome of the preprocess run first (None when
            the project has no preprocess script).
        data: ``data`` as the tried script received it.
        resp: ``resp`` as the tried script received it.
        changes: What the tried script changed in ``data`` and ``resp``.
        replies: For postprocess, the judge replies it received.
    """

    kind: str
    row: int
    row_id: str
    outcome: ScriptOutcome | None
    preprocess: ScriptOutcome | None = None
    data: dict[str, Any] = field(default_factory=dict)
    resp: dict[str, Any] = field(default_factory=dict)
    changes: list[FieldChange] = field(default_factory=list)
    replies: JudgeReplies | None = None

    @property
    def failure(self) -> ScriptOutcome | None:
        """The outcome that failed (preprocess's when it stopped the trial), or None."""
        if self.outcome is None:
            return self.preprocess
        return None if self.outcome.ok else self.outcome


async def try_script(
    project: Project,
    dataset: Dataset,
    row: int,
    kind: str,
    sources: Mapping[str, str],
    *,
    sample_reply: str | None = None,
    use_stored: bool = True,
    command: Sequence[str] | None = None,
) -> ScriptTrial:
    """Run the ``kind`` script on one row in a fresh worker, as a run would.

    Args:
        project: Gives the script paths, the limits, the judges and the store.
        dataset: The project's dataset.
        row: The row's index.
        kind: "preprocess" or "postprocess".
        sources: The text of each script to run: the one tried (perhaps not saved yet)
            and, for postprocess, preprocess's when the project uses it.
        sample_reply: For postprocess, the reply standing in for a model judge when the
            store has none for the row (or ``use_stored`` is False); the parser's
            example when None.
        use_stored: Use the row's replies from the latest run when there are any.
        command: How to start the worker (tests); the app's own command by default.

    Raises:
        JudgeDeskError: the row cannot be read.
    """
    if kind not in sources:
        raise ValueError(f"No text was given for the {kind} script.")
    row_id, data, resp = await asyncio.to_thread(_read_row, dataset, row)
    paths = {name: project.script_path(name) for name in sources}
    pool = ScriptPool(
        paths,
        workers=1,
        timeout=project.scripts.timeout,
        memory_mb=project.scripts.memory_mb,
        command=command,
        sources=sources,
    )
    try:
        before: ScriptOutcome | None = None
        pre_value: Any = None
        if kind == "postprocess" and "preprocess" in sources:
            before = await pool.call("preprocess", data, resp)
            if not before.ok:
                return ScriptTrial(kind, row, row_id, None, before, data, resp)
            data, resp, pre_value = before.data, before.resp, before.value
        data, resp = _as_json(data), _as_json(resp)
        replies: JudgeReplies | None = None
        if kind == "postprocess":
            replies = await asyncio.to_thread(
                judge_replies, project, row, data, resp, pre_value, sample_reply, use_stored
            )
            outcome = await pool.postprocess(
                replies.judge_reqs, replies.judge_resps, replies.judge_models, data, resp
            )
        else:
            outcome = await pool.call(kind, data, resp)
    finally:
        await pool.aclose()
    changes: list[FieldChange] = []
    if outcome.ok:
        changes = field_changes(data, outcome.data, "data")
        changes += field_changes(resp, outcome.resp, "resp")
    return ScriptTrial(kind, row, row_id, outcome, before, data, resp, changes, replies)


# --- judge replies ----------------------------------------------------------------------


def judge_replies(
    project: Project,
    row: int,
    data: Mapping[str, Any],
    resp: Mapping[str, Any],
    preprocess_result: Any = None,
    sample_reply: str | None = None,
    use_stored: bool = True,
) -> JudgeReplies:
    """The replies postprocess gets for a row: stored ones, else the sample (blocking)."""
    stored = stored_replies(project, row) if use_stored else None
    if stored is not None:
        return stored
    text = sample_reply if sample_reply is not None else sample_reply_text(project)
    return sample_replies(project, text, data, resp, preprocess_result)


def stored_replies(project: Project, row: int) -> JudgeReplies | None:
    """The judge replies of the row's latest run, from the results store (blocking).

    None when the row was never judged, or a reply it needs is no longer stored.
    """
    if not project.store_path.is_file():
        return None
    with Store(project.store_path, readonly=True) as store:
        if store.empty:  # being made by another connection this moment
            return None
        result = store.latest_result(row)
        every = result.detail.get("judges") if result is not None else None
        if result is None or not isinstance(every, list) or not every:
            return None
        steps = judge_steps(result.detail)
        if len(steps) < len(every):  # a step that is no object: nothing to try it on
            return None
        keys = [s["key"] for s in steps if s.get("key")]
        calls = store.calls(keys)
        started = next((r.started for r in store.runs() if r.id == result.run_id), None)
    names: list[str] = []
    reqs: list[dict[str, Any]] = []
    resps: list[dict[str, Any]] = []
    models: list[dict[str, Any]] = []
    for step in steps:
        name = str(step.get("judge") or "")
        settings = _judge_named(project, name)
        if "metric" in step:
            verdict = verdict_of(step)
            reqs.append(
                {"metric": step["metric"], "params": dict(settings.params) if settings else {}}
            )
            value = verdict.get("value") if verdict is not None else None
            resps.append({"content": step.get("detail"), "value": value})
        else:
            call = calls.get(str(step.get("key") or ""))
            if call is None:
                return None
            reply = ChatReply.from_dict(call.reply)
            reqs.append(call.request)
            resps.append(_reply_dict(reply.content, reply.reasoning_content, reply.tool_calls))
        names.append(name)
        models.append(_judge_model(project, settings, name))
    return JudgeReplies("store", tuple(names), reqs, resps, models, result.run_id, started)


def sample_replies(
    project: Project,
    text: str,
    data: Mapping[str, Any],
    resp: Mapping[str, Any],
    preprocess_result: Any = None,
) -> JudgeReplies:
    """One judge's request and a typed reply, as if that judge had answered (blocking).

    The judge is the last enabled model judge (else any model judge); its request is
    the prompt its template renders for the row.
    """
    judge = _sample_judge(project)
    name = judge.name if judge is not None else "sample"
    request: dict[str, Any] = {"messages": [], "model": judge.model_name() if judge else ""}
    if judge is not None:
        try:
            prompt = render_prompt(project, judge, data, resp, preprocess_result=preprocess_result)
            request = ChatRequest(
                prompt.messages(),
                judge.model_name(),
                judge.params,
                stream=judge.stream,
                separate_reasoning=judge.separate_reasoning,
            ).body()
        except JudgeDeskError:
            pass  # a missing template: the request stays empty, the reply is what matters
    content, reasoning = split_reasoning(text)
    return JudgeReplies(
        "sample",
        (name,),
        [request],
        [_reply_dict(content, reasoning, None)],
        [_judge_model(project, judge, name)],
    )


def sample_reply_text(project: Project) -> str:
    """A plausible reply in the format the project's model judge reads (blocking)."""
    judge = _sample_judge(project)
    parser = judge.parser if judge is not None and judge.parser in PARSERS else ""
    if judge is not None and not parser:
        try:
            parser = infer_parser(project.read_template(judge)) or ""
        except JudgeDeskError:
            parser = ""
    return PARSERS[parser or DEFAULT_PARSER].example


# --- helpers ----------------------------------------------------------------------------


def _read_row(dataset: Dataset, index: int) -> tuple[str, dict[str, Any], dict[str, Any]]:
    if not 0 <= index < len(dataset):
        raise JudgeDeskError(
            f"Row {index} does not exist: the dataset has {counted(len(dataset), 'row', 'rows')}. "
            "Choose another."
        )
    row = dataset.row(index)
    return row.id, row.data, row.response


def _as_json(value: dict[str, Any]) -> dict[str, Any]:
    """The dict as a script receives it (dates as text, tuples as lists)."""
    result: dict[str, Any] = json.loads(json.dumps(value, default=str))
    return result


def _sample_judge(project: Project) -> JudgeSettings | None:
    models = [j for j in project.judges if j.kind != "metric"]
    enabled = [j for j in models if j.enabled]
    if enabled:
        return enabled[-1]
    return models[-1] if models else None


def _judge_named(project: Project, name: str) -> JudgeSettings | None:
    return next((j for j in project.judges if j.name == name), None)


def _judge_model(project: Project, judge: JudgeSettings | None, name: str) -> dict[str, Any]:
    """A judge's settings as a run passes them to postprocess."""
    if judge is None:
        return {"name": name}
    template = ""
    if judge.kind != "metric":
        try:
            template = project.read_template(judge)
        except JudgeDeskError:
            template = ""
    return {
        "name": judge.name,
        "model": judge.model_name(),
        "judge_template_content": template,
        "generation_params": dict(judge.params),
        "system_prompt": judge.system_prompt,
    }


def _reply_dict(content: str, reasoning: str | None, tool_calls: Any) -> dict[str, Any]:
    return {"content": content, "reasoning_content": reasoning, "tool_calls": tool_calls}
