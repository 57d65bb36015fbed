"""One row through the pipeline: candidate answer, preprocess, each judge, postprocess."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from judgedesk.core.dataset import Row
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import (
    ChatReply,
    ChatRequest,
    JudgeCallError,
    Verdict,
    aggregate_verdicts,
    evaluate_metric,
    mirror,
    parse_verdict,
    read_probabilities,
    read_with_rule,
    render_prompt_async,
    with_probabilities,
)
from judgedesk.core.messages import say
from judgedesk.core.project import Project
from judgedesk.core.run.asking import Asking, RowFailed
from judgedesk.core.run.battles import PAIR_PLACES, judge_battles
from judgedesk.core.run.context import JudgeContext
from judgedesk.core.run.details import (
    AnswerDetail,
    JudgeStepDetail,
    RowDetail,
    add_probabilities,
    judge_model,
    script_detail,
    script_error,
    verdict_detail,
)
from judgedesk.core.run.examples import ExamplePicker
from judgedesk.core.run.pairs import (
    combine,
    combined_verdict,
    pair_of,
    pair_values,
    swap_problem,
    swapped,
)
from judgedesk.core.run.probability_steps import (
    combine_probabilities,
    judges_mean,
    mirrored,
    probability_part,
)
from judgedesk.core.run.samples import ask_samples, sample_key
from judgedesk.core.run.store import Store
from judgedesk.core.scripts import ScriptPool
from judgedesk.core.template import AnswerPlaces, answer_places

log = logging.getLogger(__name__)


@dataclass
class StepCounters:
    """Calls made and reused, and tokens spent, during a run."""

    calls: int = 0
    cached: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    by_judge: dict[str, list[int]] = field(default_factory=dict)
    """Per judge: [calls, prompt tokens, completion tokens] of the calls made."""

    def count_reply(self, reply: ChatReply, cached: bool, judge: str = "") -> None:
        if cached:
            self.cached += 1
            return
        prompt = reply.usage.get("prompt_tokens", 0)
        completion = reply.usage.get("completion_tokens", 0)
        self.calls += 1
        self.prompt_tokens += prompt
        self.completion_tokens += completion
        counts = self.by_judge.setdefault(judge, [0, 0, 0])
        counts[0] += 1
        counts[1] += prompt
        counts[2] += completion


NO_MAJORITY = "no majority"
"""The kind of an unparsed row whose judges gave no strict majority."""


@dataclass
class RowResult:
    """A row's final outcome, ready for the store and the views."""

    index: int
    row_id: str
    status: str  # "ok" | "error" | "unparsed"
    value: Any
    error: str = ""
    error_kind: str = ""
    detail: RowDetail = field(default_factory=RowDetail)


class RowProcessor:
    """Takes rows through the steps; shared by every worker task of a run."""

    def __init__(
        self,
        project: Project,
        store: Store,
        judges: list[JudgeContext],
        scripts: ScriptPool | None,
        candidate: JudgeContext | None = None,
        *,
        offline: bool = False,
        baseline: JudgeContext | None = None,
        examples: ExamplePicker | None = None,
    ) -> None:
        self.project = project
        self.examples = examples
        self.store = store
        self.judges = judges
        self.scripts = scripts
        self.candidate = candidate
        self.baseline = baseline
        # How each answering model is asked (its prompt template read once, here).
        self.asking = {
            id(model): Asking.of(project, model.settings)
            for model in (candidate, baseline)
            if model is not None
        }
        self.offline = offline
        self.counters = StepCounters()

    async def process(self, row: Row) -> RowResult:
        """Run every step for one row; failures become an error result, never raise."""
        detail: RowDetail = {}
        try:
            return await self._process(row, detail)
        except RowFailed as exc:
            # The failed call's key, then the judge the row failed at, as they were found.
            if "key" in exc.detail:
                detail["key"] = exc.detail["key"]
            if "failed_judge" in exc.detail:
                detail["failed_judge"] = exc.detail["failed_judge"]
            return RowResult(row.index, row.id, "error", None, str(exc), exc.kind, detail)

    async def _process(self, row: Row, detail: RowDetail) -> RowResult:
        data: Mapping[str, Any] = row.data
        resp: Mapping[str, Any] = row.response
        if self.candidate is not None and resp.get("content") is None:
            answer = await self._answer(row, data, self.candidate)
            detail["candidate"] = answer
            resp = answer
        if self.baseline is not None:
            # The baseline's answer is A, the response (given or generated) is B.
            baseline = await self._answer(row, data, self.baseline)
            detail["baseline"] = baseline
            data = {**data, "response_a": baseline, "response_b": dict(resp)}
        if self.project.arena.active:

            async def judge_pair(shown: dict[str, Any], part: RowDetail) -> RowResult:
                return await self.judged(row, shown, resp, part, PAIR_PLACES)

            found = await judge_battles(self.project, row, data, detail, judge_pair)
            return RowResult(
                row.index, row.id, found.status, found.value, found.error, found.kind, detail
            )
        places = answer_places(row.mapping, baseline=self.baseline is not None)
        return await self.judged(row, data, resp, detail, places)

    async def judged(
        self,
        row: Row,
        data: Mapping[str, Any],
        resp: Mapping[str, Any],
        detail: RowDetail,
        places: AnswerPlaces,
    ) -> RowResult:
        """The row's answers through the scripts and the judges: its result.

        Args:
            row: the row.
            data, resp: its data and response, with any generated answers in place.
            detail: filled in with how the result was made.
            places: where the row holds the answers of a pair.

        Raises:
            RowFailed: a step failed the row.
        """
        preprocess_result: Any = None
        if self.scripts is not None and self.scripts.has("preprocess"):
            outcome = await self.scripts.preprocess(data, resp)
            detail["preprocess"] = script_detail(outcome)
            if not outcome.ok:
                raise RowFailed(f"preprocess: {outcome.kind}", script_error("preprocess", outcome))
            data, resp, preprocess_result = outcome.data, outcome.resp, outcome.value
        steps: list[JudgeStepDetail] = []
        detail["judges"] = steps
        requests: list[dict[str, Any]] = []
        replies: list[dict[str, Any]] = []
        models: list[dict[str, Any]] = []
        final: Verdict | None = None
        verdicts: list[Verdict] = []
        decided_by_rule = False
        failed: list[int] = []  # the positions of judges whose failure is their vote
        for judge in self.judges:
            try:
                if judge.settings.kind == "metric":
                    step, verdict, decided = self._metric(judge, data, resp)
                    steps.append(step)
                    requests.append(
                        {"metric": judge.settings.metric, "params": judge.settings.params}
                    )
                    replies.append({"content": step["detail"], "value": verdict.value})
                else:
                    shown = self._examples(judge, row)
                    step, verdict, sent, answered = await ask_samples(
                        judge.settings.samples,
                        judge.kind,
                        partial(self._judge, judge, data, resp, preprocess_result, places, shown),
                    )
                    steps.append(step)
                    requests.extend(sent)
                    replies.extend(answered)
                    decided = False
                    # The order the answers were shown in, when the pair was judged twice.
                    if len(sent) > 1:
                        models.append({**judge_model(judge), "order": "as given"})
                        models.append({**judge_model(judge), "order": "swapped"})
                        verdicts.append(verdict)
                        final = verdict
                        continue
                models.append(judge_model(judge))
                verdicts.append(verdict)
                final = verdict
                if decided and self.project.run.cascade:
                    decided_by_rule = True
                    break
            except RowFailed as exc:
                if not self._failure_is_a_vote(exc):
                    exc.detail.setdefault("failed_judge", judge.settings.name)
                    raise
                failed_step: JudgeStepDetail = {"judge": judge.settings.name, "failed": str(exc)}
                if "key" in exc.detail:  # the call that failed (the step names its judge)
                    failed_step["key"] = exc.detail["key"]
                steps.append(failed_step)
                failed.append(len(verdicts))
                final = Verdict(ok=False, value=None, label=None, reason=str(exc))
                verdicts.append(final)
        detail["decided_by_rule"] = decided_by_rule
        if self.scripts is not None and self.scripts.has("postprocess") and not decided_by_rule:
            outcome = await self.scripts.postprocess(requests, replies, models, data, resp)
            detail["postprocess"] = script_detail(outcome)
            if not outcome.ok:
                raise RowFailed(
                    f"postprocess: {outcome.kind}", script_error("postprocess", outcome)
                )
            if outcome.value is None:
                # No verdict is not a verdict: count the row as unparsed, as a reply
                # that could not be read, so the run does not end as if all went well.
                reason = say(
                    "run.postprocess_none",
                    "postprocess returned no verdict; make it return a value for this row.",
                )
                return RowResult(row.index, row.id, "unparsed", None, reason, "unparsed", detail)
            return RowResult(row.index, row.id, "ok", outcome.value, detail=detail)
        if final is None:
            raise RowFailed("setup", "The project has no judge to run.")
        if self.project.run.aggregate != "last" and len(verdicts) > 1 and not decided_by_rule:
            names = [j.settings.name for j in self.judges]
            final = aggregate_verdicts(verdicts, self.project.run.aggregate, names, failed)
            detail["aggregate"] = self.project.run.aggregate
            if len(steps) > 1 and all("sampled" in step for step in steps):
                judges_mean(detail, steps)
        if not final.ok:
            # Under a majority the judges' replies were read: they disagree.
            kind = NO_MAJORITY if detail.get("aggregate") == "majority" else "unparsed"
            return RowResult(row.index, row.id, "unparsed", None, final.reason, kind, detail)
        return RowResult(row.index, row.id, "ok", final.value, detail=detail)

    def _examples(self, judge: JudgeContext, row: Row) -> list[dict[str, Any]]:
        """The examples the judge is shown for the row (none unless it asks for some)."""
        if self.examples is None or not judge.settings.example_rule():
            return []
        return self.examples(judge.settings, row)

    def _failure_is_a_vote(self, failure: RowFailed) -> bool:
        # A majority is of every judge asked, so under one a judge's failure is its vote;
        # in a recompute without calls ("not judged") the judge is to be asked instead.
        postprocess = self.scripts is not None and self.scripts.has("postprocess")
        majority = self.project.run.aggregate == "majority" and len(self.judges) > 1
        return majority and not postprocess and failure.kind != "not judged"

    # --- steps ------------------------------------------------------------------------

    async def _call(
        self, context: JudgeContext, request: ChatRequest, sample: int = 0
    ) -> tuple[ChatReply, str, bool]:
        judge, client = context.settings, context.client
        key = sample_key(request.cache_key(judge.endpoint()), sample)
        stored = self.store.get_call(key)
        if stored is not None:
            reply = ChatReply.from_dict(stored.reply)
            self.counters.count_reply(reply, cached=True, judge=judge.name)
            return reply, key, True
        if self.offline or client is None:
            raise RowFailed(
                "not judged",
                f"Judge '{judge.name}' has no stored reply for this row; run it to ask the judge.",
            )
        if context.unreachable:
            raise RowFailed(f"{judge.name}: unreachable", context.unreachable, {"key": key})
        try:
            reply = await client.chat(request)
        except JudgeCallError as exc:
            raise RowFailed(f"{judge.name}: {exc.kind}", str(exc), {"key": key}) from None
        # Stored before this task takes another request: a kill loses no answered call.
        self.store.put_call(
            key,
            judge=judge.name,
            model=request.model,
            request=_sent(request),
            reply=reply.to_dict(),
            latency=reply.latency,
            attempts=reply.attempts,
        )
        self.counters.count_reply(reply, cached=False, judge=judge.name)
        return reply, key, False

    async def _judge(
        self,
        judge: JudgeContext,
        data: Mapping[str, Any],
        resp: Mapping[str, Any],
        pre: Any,
        places: AnswerPlaces | None = None,
        examples: list[dict[str, Any]] | None = None,
        sample: int = 0,
    ) -> tuple[JudgeStepDetail, Verdict, list[dict[str, Any]], list[dict[str, Any]]]:
        """Ask one judge (its sample ``sample``); a pairwise judge is asked in both orders
        when ``run.swap`` is on.

        Returns:
            The step's detail, the verdict, and the requests and replies (two of each
            when the pair was judged in both orders: as given, then swapped). A template
            showing no two answers that can be exchanged fails the row, never silently
            asks once.
        """
        step: JudgeStepDetail
        pair = None
        if self.project.run.swap and judge.kind == "pairwise" and judge.template is not None:
            pair = pair_of(judge.template, data, resp, places)
            if pair is None:
                problem = swap_problem(judge.template, data, places)
                raise RowFailed(
                    f"{judge.settings.name}: swap", f"Judge '{judge.settings.name}': {problem}"
                )
        if pair is None:
            step, verdict, request, reply = await self._ask(
                judge, data, resp, pre, sample, examples
            )
            if judge.kind == "pairwise":
                step["pairwise"] = True
            return step, verdict, [request], [reply]
        data_swapped, resp_swapped = swapped(pair, data, resp)
        (step, first, request, reply), (step2, second, request2, reply2) = await asyncio.gather(
            self._ask(judge, data, resp, pre, sample, examples),
            self._ask(judge, data_swapped, resp_swapped, pre, sample, examples),
        )
        verdict = combined_verdict(
            judge.parser or ("comparison" if judge.rule else ""), first, second
        )
        own = [probability_part(step), probability_part(step2)]
        step["orders"] = [
            {"key": step.get("key"), "cached": step.get("cached"), "verdict": step["verdict"]},
            {"key": step2.get("key"), "cached": step2.get("cached"), "verdict": step2["verdict"]},
        ]
        for order, part in zip(step["orders"], own, strict=True):
            order.update(part)  # type: ignore[typeddict-item]
        combine_probabilities(step, [own[0], mirrored(own[1])], "orders")
        step["lengths"] = [len(pair.a), len(pair.b)]
        numbers = pair_values(first, second)
        step["consistent"] = (
            combine(numbers[0], mirror(numbers[1]))[1] if numbers is not None else None
        )
        step["verdict"] = verdict_detail(verdict)
        step["pairwise"] = True
        step["warnings"] = list(dict.fromkeys([*step["warnings"], *step2["warnings"]]))
        return step, verdict, [request, request2], [reply, reply2]

    async def _ask(
        self,
        judge: JudgeContext,
        data: Mapping[str, Any],
        resp: Mapping[str, Any],
        pre: Any,
        sample: int = 0,
        examples: list[dict[str, Any]] | None = None,
    ) -> tuple[JudgeStepDetail, Verdict, dict[str, Any], dict[str, Any]]:
        settings = judge.settings
        prompt = await render_prompt_async(
            self.project,
            settings,
            data,
            resp,
            preprocess_result=pre,
            template=judge.template,
            examples=examples or (),
        )
        if not prompt.ok:
            raise RowFailed("template", f"Judge '{settings.name}': {prompt.issues[0]}")
        request = judge.request(prompt.messages())
        reply, key, cached = await self._call(judge, request, sample)
        if judge.structured is not None:
            verdict = judge.structured.verdict(reply.content, reply.reasoning_content)
        elif judge.rule is not None:
            verdict = read_with_rule(judge.rule, reply.content, reply.reasoning_content)
        elif judge.parser is None:
            verdict = Verdict(
                ok=False,
                value=None,
                label=None,
                reason="No verdict parser is set for this judge's template; choose one.",
                raw=reply.content,
            )
        else:
            verdict = parse_verdict(
                judge.parser,
                reply.content,
                reasoning_content=reply.reasoning_content,
                options=judge.options,
            )
        read = None
        reader = judge.rule if judge.rule is not None else judge.parser
        if judge.structured is not None:  # read at the JSON's verdict value
            reader = judge.structured.reader
        if request.logprobs and reader is not None:
            read = read_probabilities(verdict, reader, reply.logprobs, options=judge.options)
            verdict = with_probabilities(verdict, read)
        step: JudgeStepDetail = {
            "judge": settings.name,
            "key": key,
            "cached": cached,
            "verdict": verdict_detail(verdict),
            "warnings": [str(i) for i in prompt.issues],
        }
        if examples:
            step["examples"] = [str(e.get("id", "")) for e in examples]
        if read is not None:
            add_probabilities(step, read)
        reply_dict = {
            "content": reply.content,
            "reasoning_content": reply.reasoning_content,
            "tool_calls": reply.tool_calls,
        }
        return step, verdict, request.body(), reply_dict

    def _metric(
        self, judge: JudgeContext, data: Mapping[str, Any], resp: Mapping[str, Any]
    ) -> tuple[JudgeStepDetail, Verdict, bool]:
        settings = judge.settings
        reference = data.get("ref_answer")
        if reference is None:
            reference = data.get("gt")
        try:
            result = evaluate_metric(
                settings.metric,
                _text(resp.get("content")),
                reference if isinstance(reference, list) else _text(reference),
                settings.params,
            )
        except JudgeDeskError as exc:
            raise RowFailed(f"{settings.name}: metric", str(exc)) from None
        verdict = Verdict(
            ok=result.value is not None,
            value=result.value,
            label=None if result.value is None else str(result.value),
            reason="" if result.value is not None else result.detail,
            raw=result.detail,
        )
        step: JudgeStepDetail = {
            "judge": settings.name,
            "metric": settings.metric,
            "decided": result.decided,
            "detail": result.detail,
            "verdict": verdict_detail(verdict),
        }
        return step, verdict, result.decided

    async def _answer(self, row: Row, data: Mapping[str, Any], model: JudgeContext) -> AnswerDetail:
        """The answer of a model that is asked the row's question (candidate, baseline)."""
        messages = self.asking[id(model)].messages(row, data)
        reply, _, _ = await self._call(model, model.request(messages))
        return {
            "content": reply.content,
            "reasoning_content": reply.reasoning_content,
            "tool_calls": reply.tool_calls,
        }


def _sent(request: ChatRequest) -> str | dict[str, Any]:
    try:
        return request.body_json  # the text a judge endpoint was sent
    except (TypeError, ValueError):  # not plain data: a model file's judge takes it as is
        return request.body()


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else str(value)
