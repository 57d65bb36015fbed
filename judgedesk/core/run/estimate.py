"""Before a run: how many requests, tokens, money and time it is likely to take.

A sample of the selected rows is rendered for each model judge, exactly as a run would
send them, and looked up in the call cache: rows whose request is stored cost nothing.
Prompt tokens are estimated from the rendered text; completion tokens and latency come
from the judge's stored calls when there are some, else from its ``max_tokens``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError, RowError
from judgedesk.core.judge import ChatRequest, JudgeSettings, judge_template, render_prompt
from judgedesk.core.project import Project
from judgedesk.core.run.asking import Asking
from judgedesk.core.run.battles import pair_inputs
from judgedesk.core.run.context import prepare_judge
from judgedesk.core.run.examples import ExamplePicker, ExampleSource
from judgedesk.core.run.pairs import pair_of, swapped
from judgedesk.core.run.samples import sample_key
from judgedesk.core.run.selection import Selection, selected_rows
from judgedesk.core.run.store import Store
from judgedesk.core.template import estimate_tokens

SAMPLE = 40
"""Rows rendered per judge for an estimate."""
MESSAGE_OVERHEAD = 4
"""Tokens a chat format adds around each message."""
UNKNOWN_REPLY_TOKENS = 400
"""Completion tokens assumed per reply when the judge has none stored and no max_tokens."""


@dataclass(frozen=True)
class JudgeEstimate:
    """One model judge's share of a run.

    Attributes:
        judge: the judge's name; ``model`` its model.
        requests: calls expected to be sent (rows whose request is not stored); a judge
            asked several times per row (``samples``) counts each time.
        stored: calls expected to be answered from the cache.
        prompt_tokens, completion_tokens: for the requests to be sent.
        cost: in the price's currency, or None when the judge has no price.
        seconds: the judge's time at its concurrency, or None with no latency known.
        measured: True when reply length and latency come from stored calls.
        problem: why no row could be rendered (a template error), else "".
        ceiling: not measured, and the replies counted as long as the judge's
            ``max_tokens`` lets them be: its tokens and cost are the most it can take.
    """

    judge: str
    model: str
    requests: int
    stored: int
    prompt_tokens: int
    completion_tokens: int
    cost: float | None
    seconds: float | None
    measured: bool
    problem: str = ""
    ceiling: bool = False


@dataclass(frozen=True)
class RunEstimate:
    """What a run of the selected rows is likely to take.

    Attributes:
        rows: how many rows the selection covers.
        judges: one estimate per enabled model judge (metric judges cost nothing).
        cost: the sum of the judges' costs; None when no judge has a price.
        seconds: the judges' times added up (a row's judges answer one after another),
            or None when a judge's speed is unknown.
    """

    rows: int
    judges: tuple[JudgeEstimate, ...]
    cost: float | None
    seconds: float | None

    @property
    def requests(self) -> int:
        return sum(j.requests for j in self.judges)

    @property
    def tokens(self) -> int:
        return sum(j.prompt_tokens + j.completion_tokens for j in self.judges)

    @property
    def measured(self) -> bool:
        """True when every judge's reply length and speed come from its stored calls."""
        return all(j.measured for j in self.judges)

    @property
    def ceiling(self) -> bool:
        """True when the tokens and cost are the most the run can take: a judge not
        measured yet is counted with replies as long as its ``max_tokens`` allows."""
        return not self.measured and all(j.ceiling or j.measured for j in self.judges)


def estimate_run(
    project: Project,
    dataset: Dataset,
    selection: Selection,
    *,
    sample: int = SAMPLE,
    examples: ExampleSource | None = None,
) -> RunEstimate:
    """Estimate a run of ``selection`` (blocking: reads rows, templates and the store).

    ``examples``: the run's example source (see ``Run``): the prompts are rendered with
    the examples the run would show, so their tokens are counted and their stored
    replies found.

    Raises:
        JudgeDeskError: the selection names rows the dataset does not have.
    """
    with Store(project.store_path) as store:  # made if missing: a run will need it
        rows = selected_rows(selection, len(dataset), store, dataset=dataset, project=project)
        picked = _spread(rows, sample)
        enabled = [j for j in project.judges if j.enabled and j.kind != "metric"]
        picker = None
        if examples is not None and any(j.example_rule() for j in enabled):
            picker = examples(store, dataset, project)
        judges = tuple(
            _estimate_judge(project, dataset, store, judge, len(rows), picked, picker)
            for judge in enabled
        )
        for model, only_missing in ((project.candidate, True), (project.baseline, False)):
            if model is not None:
                judges += (
                    _estimate_answers(
                        project, dataset, store, model, len(rows), picked, only_missing
                    ),
                )
    costs = [j.cost for j in judges if j.cost is not None]
    times = [j.seconds for j in judges if j.seconds is not None]
    return RunEstimate(
        len(rows),
        judges,
        sum(costs) if costs else None,
        sum(times) if times and len(times) == len(judges) else None,
    )


def _spread(rows: list[int], count: int) -> list[int]:
    """Up to ``count`` rows spread evenly over ``rows``."""
    if len(rows) <= count:
        return list(rows)
    step = len(rows) / count
    return [rows[int(i * step)] for i in range(count)]


def _estimate_answers(
    project: Project,
    dataset: Dataset,
    store: Store,
    model: JudgeSettings,
    total: int,
    picked: list[int],
    only_missing: bool,
) -> JudgeEstimate:
    """A model that answers the rows' questions: the candidate (only rows without a
    response) or the baseline (every row)."""
    keys: list[str] = []
    prompt_tokens: list[int] = []
    asked = 0
    try:
        asking = Asking.of(project, model)
    except JudgeDeskError:  # the run will say what is wrong; estimate the plain question
        asking = Asking(model.system_prompt, model.system_role)
    for index in picked:
        try:
            row = dataset.row(index)
        except RowError:
            continue
        if only_missing and row.response.get("content") is not None:
            continue
        asked += 1
        try:
            messages = asking.messages(row, row.data)
        except JudgeDeskError:
            continue
        request = ChatRequest(
            messages=messages,
            model=model.model,
            params=model.params,
            stream=model.stream,
            separate_reasoning=model.separate_reasoning,
        )
        keys.append(request.cache_key(model.endpoint()))
        prompt_tokens.append(
            sum(estimate_tokens(str(m.get("content", ""))) + MESSAGE_OVERHEAD for m in messages)
        )
    share_asked = asked / len(picked) if picked else 0.0
    calls = round(total * share_asked)
    found = store.calls(keys)
    stored = round(calls * (len(found) / len(keys))) if keys else 0
    requests = calls - stored
    return _priced(model, store, requests, stored, prompt_tokens, "")


def _estimate_judge(
    project: Project,
    dataset: Dataset,
    store: Store,
    judge: JudgeSettings,
    total: int,
    picked: list[int],
    picker: ExamplePicker | None = None,
) -> JudgeEstimate:
    template = judge_template(project, judge)
    shows = picker is not None and judge.example_rule() is not None
    context = prepare_judge(project, judge, offline=True, template=template)
    both_orders = project.run.swap and judge.verdict_kind(template.source) == "pairwise"
    samples = max(1, judge.samples)  # each sample is a call of its own
    keys: list[str] = []
    prompt_tokens: list[int] = []
    problem = ""
    for index in picked:
        try:
            row = dataset.row(index)
        except RowError:
            continue
        inputs: list[tuple[Mapping[str, Any], Mapping[str, Any]]] = []
        # Several models compared: every pair of them is judged on the row.
        pairs = pair_inputs(project, row, row.data) if project.arena.active else None
        for given, places in pairs if pairs is not None else [(row.data, None)]:
            inputs.append((given, row.response))
            pair = pair_of(template, given, row.response, places) if both_orders else None
            if pair is not None:  # the same pair asked again, the answers swapped
                inputs.append(swapped(pair, given, row.response))
        shown = picker(judge, row) if picker is not None and shows else []
        for data, response in inputs:
            prompt = render_prompt(
                project, judge, data, response, template=template, examples=shown
            )
            if not prompt.ok:
                problem = str(prompt.issues[0])
                continue
            messages = prompt.messages()
            key = context.request(messages).cache_key(judge.endpoint())
            keys.extend(sample_key(key, sample) for sample in range(samples))
            prompt_tokens.append(
                sum(estimate_tokens(m["content"]) + MESSAGE_OVERHEAD for m in messages)
            )
    found = store.calls(keys)
    share_stored = len(found) / len(keys) if keys else 0.0
    # 2 per sample for pairs swapped
    per_row = len(keys) / len(picked) if picked and keys else float(samples)
    calls = round(total * per_row)
    stored = round(calls * share_stored)
    requests = calls - stored
    return _priced(judge, store, requests, stored, prompt_tokens, problem)


def _priced(
    judge: JudgeSettings,
    store: Store,
    requests: int,
    stored: int,
    prompt_tokens: list[int],
    problem: str,
) -> JudgeEstimate:
    """Tokens, cost and time of ``requests`` calls to a model, from its stored calls."""
    stored_calls, mean_reply, mean_latency = store.call_stats(judge.name)
    measured = stored_calls > 0
    ceiling = False
    if not measured:
        limit = judge.params.get("max_tokens")
        # No reply is longer than max_tokens: counting each that long gives the most a run
        # can cost, which says more before a run than a guess of a reply's length would.
        if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0:
            mean_reply, ceiling = float(limit), True
        else:
            mean_reply = float(UNKNOWN_REPLY_TOKENS)
    mean_prompt = sum(prompt_tokens) / len(prompt_tokens) if prompt_tokens else 0.0
    prompt_total = round(requests * mean_prompt)
    completion_total = round(requests * mean_reply)
    cost = None
    if judge.price_input > 0 or judge.price_output > 0:
        cost = (prompt_total * judge.price_input + completion_total * judge.price_output) / 1e6
    seconds = None
    if measured and mean_latency > 0:
        # A model file decodes its rows together: the latencies stored were measured so.
        at_once = judge.at_once()
        seconds = requests * mean_latency / at_once
        if judge.rate_limit > 0:
            seconds = max(seconds, math.ceil(requests / judge.rate_limit) * 60.0)
    return JudgeEstimate(
        judge.name,
        judge.model_name(),
        requests,
        stored,
        prompt_total,
        completion_total,
        cost,
        seconds,
        measured,
        problem if not prompt_tokens else "",
        ceiling,
    )
