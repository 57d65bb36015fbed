"""The requests a run would send and has no stored reply for, found without sending any.

Each row goes through the run's own steps (:class:`RowProcessor`: candidate answer,
preprocess, every judge, both orders, every sample), with one difference: a judge call
whose reply is not stored is noted instead of sent, and the row goes on with an empty
reply so that the judges after it are reached as well. A judge's prompt holds the answer
of the candidate (or baseline) model, so a row whose answers are not stored yet gives only
the answering models' requests: once their replies are imported, the judges' requests
can be written in turn.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import ProjectError, RowError
from judgedesk.core.judge import ChatReply, ChatRequest
from judgedesk.core.project import Project, check_project, require_trusted
from judgedesk.core.run.asking import Asking, RowFailed
from judgedesk.core.run.context import JudgeContext, prepare_judge
from judgedesk.core.run.samples import sample_key
from judgedesk.core.run.selection import Selection, selected_rows
from judgedesk.core.run.steps import RowProcessor
from judgedesk.core.run.store import Store
from judgedesk.core.scripts import ScriptPool

__all__ = ["Pending", "Tally", "find_requests"]

CHUNK = 64
"""Rows worked on at once (their preprocess scripts run side by side)."""
PROBLEMS_KEPT = 10


@dataclass(frozen=True)
class Pending:
    """A request a run would send: its cache key, who is asked, and the request itself.

    Attributes:
        key: the key the run stores the reply under (the batch line's ``custom_id``).
        name: the judge's (or candidate's, baseline's) name, as its calls are stored.
        role: "judge", "candidate" or "baseline".
        request: the request exactly as the run builds it.
    """

    key: str
    name: str
    role: str
    request: ChatRequest


@dataclass
class Tally:
    """What the walk over the rows found, beside the requests themselves.

    Attributes:
        rows: rows looked at.
        stored: requests whose reply is stored already (a run takes them from the cache).
        waiting: rows whose judges wait for the candidate's or baseline's answer.
        local: requests to a model file on this computer, which only a run can ask.
        failed: rows that fail before every request can be made, as they would in a run;
            ``problems`` holds the first reasons.
    """

    rows: int = 0
    stored: int = 0
    waiting: int = 0
    local: int = 0
    failed: int = 0
    problems: list[str] = field(default_factory=list)

    def fail(self, index: int | None, reason: str) -> None:
        self.failed += 1
        if len(self.problems) < PROBLEMS_KEPT:
            self.problems.append(reason if index is None else f"row {index}: {reason}")


class _Collector(RowProcessor):
    """A row's steps with every call that has no stored reply noted, not sent."""

    def __init__(self, walk: _Walk) -> None:
        super().__init__(
            walk.project,
            walk.store,
            walk.judges,
            walk.scripts,
            walk.candidate,
            offline=True,
            baseline=walk.baseline,
        )
        self.tally = walk.tally
        self.found: list[Pending] = []

    async def _call(
        self, context: JudgeContext, request: ChatRequest, sample: int = 0
    ) -> tuple[ChatReply, str, bool]:
        settings = context.settings
        key = sample_key(request.cache_key(settings.endpoint()), sample)
        answering = context is self.candidate or context is self.baseline
        stored = self.store.get_call(key)
        if stored is not None:
            self.tally.stored += not answering  # an answer was counted as the row came
            return ChatReply.from_dict(stored.reply), key, True
        if answering:
            # Looked up before the row came here; a judge's prompt would hold no answer.
            raise RowFailed("waiting", f"The answer of '{settings.name}' is not stored yet.")
        if settings.kind == "local":
            self.tally.local += 1
        else:
            self.found.append(Pending(key, settings.name, "judge", request))
        return ChatReply(content=""), key, False


class _Walk:
    """The models of a project prepared once, and each row's requests."""

    def __init__(
        self, project: Project, store: Store, scripts: ScriptPool | None, tally: Tally
    ) -> None:
        self.project, self.store, self.scripts, self.tally = project, store, scripts, tally
        self.judges = [prepare_judge(project, j, offline=True) for j in project.judges if j.enabled]
        self.answering: list[tuple[JudgeContext, str]] = []
        self.candidate: JudgeContext | None = None
        self.baseline: JudgeContext | None = None
        if project.candidate is not None:
            self.candidate = prepare_judge(project, project.candidate, prompt=False, offline=True)
            self.answering.append((self.candidate, "candidate"))
        if project.baseline is not None:
            self.baseline = prepare_judge(project, project.baseline, prompt=False, offline=True)
            self.answering.append((self.baseline, "baseline"))
        self.asking = {role: Asking.of(project, c.settings) for c, role in self.answering}

    async def row(self, dataset: Dataset, index: int) -> list[Pending]:
        self.tally.rows += 1
        try:
            row = dataset.row(index)
        except RowError as exc:
            self.tally.fail(index, str(exc))
            return []
        answers: list[Pending] = []
        waiting = False
        for context, role in self.answering:
            if role == "candidate" and row.response.get("content") is not None:
                continue  # as in a run: only rows without a response are answered
            settings = context.settings
            try:
                messages = self.asking[role].messages(row, row.data)
            except RowFailed as exc:
                self.tally.fail(index, str(exc))
                return []
            request = context.request(messages)
            key = request.cache_key(settings.endpoint())
            if self.store.get_call(key) is not None:
                self.tally.stored += 1
                continue
            waiting = True
            if settings.kind == "local":
                self.tally.local += 1
            else:
                answers.append(Pending(key, settings.name, role, request))
        if waiting:
            self.tally.waiting += 1
            return answers
        collector = _Collector(self)
        result = await collector.process(row)
        if result.status == "error":
            self.tally.fail(index, result.error)
        return collector.found


async def find_requests(
    project: Project,
    dataset: Dataset,
    store: Store,
    found: Callable[[Pending], None],
    *,
    selection: Selection | None = None,
    trusted_only: bool = False,
    tally: Tally | None = None,
) -> Tally:
    """Hand ``found`` each request a run of ``selection`` would send, in row order.

    A request asked by several rows is handed once per row asking it (the caller keeps
    one). What else is found is counted in ``tally`` (a new one by default), which is
    returned. With ``trusted_only``, scripts not made or trusted on this computer stop the
    walk before any runs.

    Raises:
        ProjectError: the project cannot run (its settings, templates or data).
        UntrustedScriptsError: with ``trusted_only``, scripts that are not trusted.
    """
    problems = [p for p in check_project(project) if p.severity == "error"]
    problems = [p for p in problems if "endpoint" not in p.message]  # nothing is sent
    if problems:
        raise ProjectError("The project cannot run: " + " ".join(p.message for p in problems))
    indexes = selected_rows(
        selection or Selection(), len(dataset), store, dataset=dataset, project=project
    )
    tally = tally if tally is not None else Tally()
    scripts = None
    preprocess = project.script_path("preprocess")
    if preprocess.is_file():
        if trusted_only:
            require_trusted(project.root)
        # Only preprocess: it makes what the judges are sent; postprocess reads replies.
        scripts = ScriptPool(
            {"preprocess": preprocess},
            workers=2,
            timeout=project.scripts.timeout,
            memory_mb=project.scripts.memory_mb,
        )
    walk = _Walk(project, store, scripts, tally)
    try:
        if scripts is not None:
            await scripts.start()
        for start in range(0, len(indexes), CHUNK):
            chunk = indexes[start : start + CHUNK]
            for pendings in await asyncio.gather(*(walk.row(dataset, i) for i in chunk)):
                for pending in pendings:
                    found(pending)
    finally:
        if scripts is not None:
            await scripts.aclose()
    return tally
