"""Several models' answers to one row, judged a pair at a time: the row's battles.

A project comparing several models (``project.arena``) judges each row once for every
pair of models (each against the baseline, or every two): the pair's answers are shown
as ``response_a`` and ``response_b``, and with ``run.swap`` each pair is asked in both
orders and the two verdicts combined, as any pair is. Each pair's verdict is one battle,
kept in the row's detail under ``battles``; the row's own verdict (and its judge steps)
are its first judged battle's, so the figures of a single verdict per row still read it.

Every request is stored under its own key (the answers it shows are part of it), so a
row resumed after some of its pairs were judged asks only the others.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from judgedesk.core.dataset import Row
from judgedesk.core.project import Project, model_answer
from judgedesk.core.run.asking import RowFailed
from judgedesk.core.run.details import BattleDetail, RowDetail
from judgedesk.core.template import AnswerPlaces

PAIR_PLACES = AnswerPlaces(pair_fields=True)
"""Where a battle's two answers are: ``response_a`` and ``response_b`` only."""

NO_ANSWER = "no answer"
"""The status of a battle left out because a model gave no answer on the row."""


class Judged(Protocol):
    """What judging one pair gives (a row's result)."""

    status: str
    value: Any
    error: str
    error_kind: str


@dataclass(frozen=True)
class BattlesOutcome:
    """A row's result made from its battles.

    Attributes:
        status: "ok" when a battle was judged, else "unparsed".
        value: the first judged battle's verdict.
        error: why no battle was judged.
        kind: the kind of that.
    """

    status: str
    value: Any
    error: str = ""
    kind: str = ""


def row_answers(project: Project, row: Row) -> dict[str, dict[str, Any] | None]:
    """Each model's answer to the row, None where it gave none."""
    record = row.record
    return {name: model_answer(record, column) for name, column in project.arena.answers.items()}


def pair_data(
    data: Mapping[str, Any], answers: Mapping[str, dict[str, Any] | None], a: str, b: str
) -> dict[str, Any]:
    """The row's data with the two models' answers as ``response_a`` and ``response_b``."""
    return {**data, "response_a": dict(answers[a] or {}), "response_b": dict(answers[b] or {})}


def pair_inputs(
    project: Project, row: Row, data: Mapping[str, Any]
) -> list[tuple[dict[str, Any], AnswerPlaces]]:
    """The data of each battle the row holds (both models answered), for an estimate."""
    answers = row_answers(project, row)
    return [
        (pair_data(data, answers, a, b), PAIR_PLACES)
        for a, b in project.arena.pairs_judged()
        if answers[a] is not None and answers[b] is not None
    ]


async def judge_battles(
    project: Project,
    row: Row,
    data: Mapping[str, Any],
    detail: RowDetail,
    judge: Callable[[dict[str, Any], RowDetail], Awaitable[Judged]],
) -> BattlesOutcome:
    """Judge every pair of models on the row; their verdicts go to ``detail["battles"]``.

    Args:
        project: the project (its ``arena``).
        row: the row.
        data: its data.
        detail: the row's detail, filled in.
        judge: judges one pair given its data and a detail of its own.

    Raises:
        RowFailed: a pair's judging failed (after every pair was tried): the row is
            asked again on the next run, its judged pairs taken from the stored calls.
    """
    answers = row_answers(project, row)
    battles: list[BattleDetail] = []
    detail["battles"] = battles
    first: Judged | None = None
    unjudged: Judged | None = None
    failure: RowFailed | None = None
    for a, b in project.arena.pairs_judged():
        battle: BattleDetail = {"a": a, "b": b}
        battles.append(battle)
        silent = [name for name in (a, b) if answers[name] is None]
        if silent:
            battle["status"] = NO_ANSWER
            battle["error"] = f"{' and '.join(silent)} gave no answer on this row."
            continue
        shown = pair_data(data, answers, a, b)
        battle["lengths"] = [len(_text(shown["response_a"])), len(_text(shown["response_b"]))]
        part: RowDetail = {}
        try:
            result = await judge(shown, part)
        except RowFailed as exc:
            battle["status"], battle["error"] = "error", str(exc)
            failure = failure or exc
            continue
        battle["status"], battle["value"] = result.status, result.value
        if result.error:
            battle["error"] = result.error
        orders = _orders(part)
        if orders is not None:
            battle["orders"] = orders
        if result.status == "ok" and first is None:
            first = result
            detail.update(part)
        elif result.status != "ok" and unjudged is None:
            unjudged = result
    if failure is not None:
        raise RowFailed(failure.kind, str(failure), failure.detail)
    if first is not None:
        return BattlesOutcome("ok", first.value)
    if unjudged is not None:
        return BattlesOutcome("unparsed", None, unjudged.error, unjudged.error_kind)
    return BattlesOutcome(
        "unparsed",
        None,
        "No two models answered this row, so it holds no battle.",
        NO_ANSWER,
    )


def _orders(part: RowDetail) -> list[Any] | None:
    """The verdicts of the last pair asked in both orders, each as the judge gave it."""
    for step in reversed(part.get("judges", [])):
        orders = step.get("orders")
        if orders:
            return [order.get("verdict", {}).get("value") for order in orders]
    return None


def _text(answer: Any) -> str:
    if isinstance(answer, Mapping):
        answer = answer.get("content")
    return "" if answer is None else str(answer)
