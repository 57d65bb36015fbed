"""What a template sees for one row: the names it can read, and answers that print as text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judgedesk.core.dataset import content_text


class ResponseRecord(dict[str, Any]):
    """A model's answer as templates see it: its fields, printed whole as its content.

    ``{{ response }}`` or ``{{ data.response_a }}`` put the answer's text in the prompt,
    not the Python form of a dict; ``response.content``, ``response.reasoning_content``
    and the other fields read as before. Only the render context holds these: scripts
    and the stores get plain dicts.
    """

    # No attributes or methods of its own: a template's ``response.text`` must still
    # read the answer's own ``text`` field, as with a plain dict.
    __slots__ = ()

    def __str__(self) -> str:
        return content_text(self.get("content"))


def is_response_record(value: Any) -> bool:
    """Whether a value has the shape of a model's answer (an object with ``content``)."""
    return isinstance(value, Mapping) and "content" in value


def as_record(value: Any) -> Any:
    """An answer-shaped value as a :class:`ResponseRecord`; anything else as it is."""
    if isinstance(value, ResponseRecord) or not is_response_record(value):
        return value
    return ResponseRecord(value)


def build_context(
    data: Mapping[str, Any],
    response: Mapping[str, Any],
    *,
    preprocess_result: Any = None,
    variables: Mapping[str, Any] | None = None,
    examples: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """Assemble what a template sees for one row.

    Args:
        data: the row's fields plus the derived question, gt, history and ref_answer.
        response: the evaluated model's output (content, reasoning_content, …).
        preprocess_result: what the preprocess script returned, if any.
        variables: the project's variables (max_score, scene_desc, …).
        examples: rows people reviewed, shown to the judge: each with ``id``, ``data``,
            ``response``, ``verdict`` (the people's), ``label`` (its words) and ``note``.

    Returns:
        The context: project variables, ``data``, ``response``, ``preprocess_result`` and
        the short aliases ``question``, ``ref_answer`` (the reference, or the chat's final
        assistant turn when there is none), ``answer``, ``history`` and, for pairs,
        ``response_a`` / ``response_b``. ``response`` and the fields of ``data`` shaped
        like an answer (``response_a``, ``response_b``, …) print as their content.
        Neither ``data`` nor ``response`` is changed.
    """
    context: dict[str, Any] = dict(variables or {})
    if any(is_response_record(v) and not isinstance(v, ResponseRecord) for v in data.values()):
        data = {key: as_record(value) for key, value in data.items()}
    ref_answer = data.get("ref_answer")
    if ref_answer is None:
        ref_answer = data.get("gt")
    context.update(
        data=data,
        response=ResponseRecord(response),
        preprocess_result=preprocess_result,
        question=data.get("question"),
        ref_answer=ref_answer,
        answer=response.get("content"),
        history=data.get("history"),
    )
    if examples:
        context["examples"] = [_example(e) for e in examples]
    else:  # a project variable of that name, from before examples, keeps its value
        context.setdefault("examples", [])
    for side in ("response_a", "response_b"):
        if side in data:
            context[side] = data[side]
    return context


def _example(example: Mapping[str, Any]) -> dict[str, Any]:
    """An example as a template sees it: its answer prints as its content."""
    shown = dict(example)
    response = shown.get("response")
    if isinstance(response, Mapping):
        shown["response"] = ResponseRecord(response)
    data = shown.get("data")
    if isinstance(data, Mapping):
        shown["data"] = {key: as_record(value) for key, value in data.items()}
    return shown
