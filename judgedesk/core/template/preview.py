"""The live preview of a judge's prompt for one row, and the names a template can use.

Both are plain functions over plain data, so the template editor can run them in a
worker thread on every pause in typing.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import DERIVED_FIELDS, Dataset
from judgedesk.core.template.answers import AnswerPlaces, row_places, swap_issues
from judgedesk.core.template.limits import RENDER_SECONDS
from judgedesk.core.template.prompt import JudgePrompt
from judgedesk.core.template.render import TemplateIssue, build_context, compile_template
from judgedesk.core.template.tokens import estimate_tokens

RESPONSE_FIELDS = ("content", "reasoning_content", "tool_calls")
ALIASES = ("question", "ref_answer", "answer", "history")


@dataclass(frozen=True)
class PromptPreview:
    """What a judge would be sent for one row, with what is worth telling the author.

    Attributes:
        prompt: the system prompt, the rendered template and the issues of the render.
        row: the row rendered (0-based), None when there was no row to render.
        row_id: that row's id.
        tokens: an estimate of the prompt's length in tokens (system + user message).
        response_keys: the fields of the row's ``response``, for completion.
        seconds: how long compiling and rendering took.
    """

    prompt: JudgePrompt
    row: int | None = None
    row_id: str | None = None
    tokens: int = 0
    response_keys: tuple[str, ...] = field(default_factory=tuple)
    seconds: float = 0.0


def preview_prompt(
    source: str,
    system_prompt: str = "",
    *,
    variables: Mapping[str, Any] | None = None,
    dataset: Dataset | None = None,
    row: int | None = None,
    judge: str = "",
    swap: AnswerPlaces | None = None,
    render_seconds: float = RENDER_SECONDS,
    system_role: bool = True,
) -> PromptPreview:
    """Render a template for one row of a dataset; never raises for template or row problems.

    Args:
        source: the template text (compiled once per distinct text).
        system_prompt: sent before the rendered template, as is.
        variables: the project's variables.
        dataset: where the row comes from; None renders with no row.
        row: the row's index; None renders with no row (only errors are reported then,
            as every variable from a row would be missing).
        judge: the judge's name, carried into the result.
        swap: where the rows hold their answers, when the judge is asked about each pair
            in both orders (``project.checks.swap_places``): what keeps the template's
            answers from being exchanged is reported, with the line to change.
        render_seconds: how long the render may take (the project's
            ``run.render_seconds``); a render stopped by a limit shows as an error.
        system_role: False for a model that takes no system message: the system prompt
            is shown first in the user message, as it is sent.
    """
    started = time.perf_counter()
    compiled = compile_template(source)
    data: dict[str, Any] = {}
    response: dict[str, Any] = {}
    row_id: str | None = None
    read_error: TemplateIssue | None = None
    if dataset is not None and row is not None:
        try:
            found = dataset.row(row)
            data, response, row_id = found.data, found.response, found.id
        except Exception as exc:  # a closed, changed or shortened file: say so, go on
            read_error = TemplateIssue("row", "error", f"Row {row + 1} cannot be read: {exc}")
    context = build_context(data, response, variables=variables)
    result = compiled.render(context, seconds=render_seconds)
    issues = result.issues
    if read_error is not None or row_id is None:
        issues = tuple(i for i in issues if i.severity == "error")
    if read_error is not None:
        issues = (read_error, *issues)
    if swap is not None and compiled.ok:
        # A warning here: the prompt is still worth seeing; the run itself is refused.
        issues = (*issues, *swap_issues(compiled, row_places(swap, data), severity="warning"))
    text = result.text if read_error is None else ""
    prompt = JudgePrompt(judge, system_prompt, text, issues)
    if not system_role and text:
        prompt = prompt.in_user_message()
    return PromptPreview(
        prompt,
        row if row_id is not None else None,
        row_id,
        estimate_tokens(system_prompt) + estimate_tokens(text),
        tuple(str(k) for k in response),
        time.perf_counter() - started,
    )


def completion_names(
    fields: Iterable[str] = (),
    variables: Iterable[str] = (),
    response_keys: Iterable[str] = (),
) -> list[str]:
    """The names a template can read, for completion: short ones first, no repeats.

    Args:
        fields: the dataset's fields (``Dataset.fields()``), offered as ``data.<field>``.
        variables: the project's variable names.
        response_keys: fields of the row's ``response`` beyond the usual ones.
    """
    names: list[str] = [*ALIASES, *variables, "data", "response", "preprocess_result"]
    names += [f"data.{name}" for name in [*DERIVED_FIELDS, *fields] if name]
    names += [f"response.{name}" for name in [*RESPONSE_FIELDS, *response_keys] if name]
    seen: set[str] = set()
    unique = []
    for name in names:
        if name not in seen:
            seen.add(name)
            unique.append(name)
    return unique
