"""The answers a candidate model gave to rows that had none, for showing those rows.

A run asks the candidate to answer each row without a response, and judges that answer.
A prompt shown outside a run (``judgedesk render``, the Template pane's preview) should
read the same answer, so it is taken from the results file: the candidate's stored reply
to the request the next run would send, else the answer the latest run recorded.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import Dataset, Row
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import ChatReply, JudgeSettings
from judgedesk.core.project import Project
from judgedesk.core.run.asking import Asking
from judgedesk.core.run.battles import row_answers
from judgedesk.core.run.context import JudgeContext
from judgedesk.core.run.store import Store


@dataclass(frozen=True)
class AnsweredRow(Row):
    """A row as a run's judges see it: its response the answer a candidate model
    generated for it, and in a project comparing several models, the first pair's
    answers as ``response_a`` and ``response_b``."""

    answer: Mapping[str, Any] | None = None
    pair: Mapping[str, Any] = field(default_factory=dict)

    @property
    def data(self) -> dict[str, Any]:
        """The row's data, with the first pair of models' answers (a fresh copy)."""
        return {**super().data, **copy.deepcopy(dict(self.pair))}

    @property
    def response(self) -> dict[str, Any]:
        """The generated answer (a fresh copy), as the run's steps see it."""
        if self.answer is None:
            return super().response
        return copy.deepcopy(dict(self.answer))


def generated_answer(
    candidate: JudgeSettings | None, store_path: Path, row: Row, asking: Asking | None = None
) -> dict[str, Any] | None:
    """The candidate's stored answer for a row that has no response of its own (blocking).

    Args:
        candidate: the project's candidate model; None means no answer is generated.
        store_path: the project's results file.
        row: the row.
        asking: how the candidate is asked (its prompt template); None asks the row's
            chat or question.

    Returns:
        ``content``, ``reasoning_content`` and ``tool_calls`` as a run hands them to the
        judges; None when the row has its own response, there is no candidate, or no
        answer was stored yet.
    """
    if candidate is None or row.response.get("content") is not None:
        return None
    if not store_path.is_file():
        return None
    try:
        with Store(store_path, readonly=True) as store:
            if store.empty:
                return None
            return _stored_answer(store, candidate, row, asking)
    except JudgeDeskError:
        return None  # a damaged results file: the row shows as it is in the dataset


def _stored_answer(
    store: Store, candidate: JudgeSettings, row: Row, asking: Asking | None
) -> dict[str, Any] | None:
    asking = asking or Asking(candidate.system_prompt, candidate.system_role)
    try:
        messages = asking.messages(row, row.data)
    except JudgeDeskError:
        messages = None
    if messages is not None:
        # The request a run sends the candidate, built the same way, finds its reply.
        context = JudgeContext(candidate, None, None, None, params=dict(candidate.params))
        call = store.get_call(context.request(messages).cache_key(candidate.endpoint()))
        if call is not None:
            reply = ChatReply.from_dict(call.reply)
            return {
                "content": reply.content,
                "reasoning_content": reply.reasoning_content,
                "tool_calls": reply.tool_calls,
            }
    latest = store.latest_result(row.index)
    answer = latest.detail.get("candidate") if latest is not None else None
    return dict(answer) if isinstance(answer, Mapping) else None


def answered_row(project: Project, row: Row) -> Row:
    """The row as a run's judges see it: with the candidate's stored answer as its
    response when it has none of its own, and the first pair of several models compared
    (blocking)."""
    answer = generated_answer(project.candidate, project.store_path, row, _asking(project))
    return _shown(project, row, answer)


def _shown(project: Project, row: Row, answer: dict[str, Any] | None) -> Row:
    pair = first_pair(project, row) if project.arena.active else {}
    if answer is None and not pair:
        return row
    return AnsweredRow(row.index, row.id, row.line, row.record, row.mapping, answer, pair)


def first_pair(project: Project, row: Row) -> dict[str, Any]:
    """The answers of the first pair of models both answering the row, as a run shows
    them (``response_a``, ``response_b``); empty when no pair has both."""
    answers = row_answers(project, row)
    for a, b in project.arena.pairs_judged():
        if answers[a] is not None and answers[b] is not None:
            return {"response_a": answers[a], "response_b": answers[b]}
    return {}


class AnsweredDataset:
    """A dataset whose rows carry the candidate's stored answers (see :func:`answered_row`).

    Made on any thread without reading anything: the project's settings are copied, and
    the results file is read only when a row is asked for.
    """

    def __init__(self, dataset: Dataset, project: Project) -> None:
        self._dataset = dataset
        self._project = copy.deepcopy(project)
        # A prompt template is read when the first row is asked for, not here.
        self._asking: Asking | None = None
        self._asking_read = not _has_prompt(project)

    def row(self, index: int) -> Row:
        """The row at ``index``, with the generated answer when it has no response, and
        the first pair of several models compared."""
        row = self._dataset.row(index)
        project = self._project
        if not self._asking_read:  # once: the template is read for the first row
            self._asking, self._asking_read = _asking(project), True
        answer = generated_answer(project.candidate, project.store_path, row, self._asking)
        return _shown(project, row, answer)

    def __len__(self) -> int:
        return len(self._dataset)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._dataset, name)


def answered_dataset(dataset: Dataset | None, project: Project) -> AnsweredDataset | None:
    """``dataset`` with the candidate's answers, or None without a dataset (no I/O)."""
    if dataset is None:
        return None
    return AnsweredDataset(dataset, project)


def _has_prompt(project: Project) -> bool:
    return project.candidate is not None and bool(project.candidate.prompt_template)


def _asking(project: Project) -> Asking | None:
    """How the candidate is asked; None (the row's question) when it cannot be read."""
    if project.candidate is None or not project.candidate.prompt_template:
        return None
    try:
        return Asking.of(project, project.candidate)
    except JudgeDeskError:
        return None  # the run says what is wrong; the row shows as it is meanwhile
