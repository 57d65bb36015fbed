"""What a run prepares once per judge: its client, compiled template and verdict parser."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.judge import (
    PARSERS,
    ChatClient,
    ChatRequest,
    JudgeSettings,
    StructuredVerdict,
    VerdictRule,
    approved_key,
    infer_parser,
    judge_template,
    structured_params,
    structured_verdict,
)
from judgedesk.core.project import Project
from judgedesk.core.template import CompiledTemplate


@dataclass
class JudgeContext:
    """What a run prepares once per judge: its client, compiled template and parser."""

    settings: JudgeSettings
    client: ChatClient | None
    template: CompiledTemplate | None
    parser: str | None
    options: dict[str, Any] = field(default_factory=dict)
    unreachable: str = ""  # why the endpoint cannot be reached, found before the run
    rule: VerdictRule | None = None  # the judge's own verdict rule, read instead of parser
    structured: StructuredVerdict | None = None  # the JSON the verdict is asked in
    params: dict[str, Any] = field(default_factory=dict)  # as sent: the structured fields too

    def request(self, messages: Sequence[dict[str, Any]]) -> ChatRequest:
        """The request this judge sends with ``messages``."""
        settings = self.settings
        return ChatRequest(
            messages=list(messages),
            model=settings.model_name(),
            params=self.params,
            stream=settings.stream,
            separate_reasoning=settings.separate_reasoning,
            # A model file gives them when it decodes rows together (parallel above 1).
            logprobs=settings.probabilities and settings.kind in ("openai", "local"),
        )

    @property
    def kind(self) -> str | None:
        """What the verdicts are: "score", "pairwise", "correctness", "label", "json"."""
        if self.rule is not None:
            return self.rule.kind
        return PARSERS[self.parser].kind if self.parser in PARSERS else None


def prepare_judge(
    project: Project,
    settings: JudgeSettings,
    *,
    prompt: bool = True,
    offline: bool = False,
    concurrency: int | None = None,
    template: CompiledTemplate | None = None,
) -> JudgeContext:
    """What running ``settings`` needs: a client, the compiled template and its parser.

    Args:
        prompt: False for a candidate model, which is sent the row's chat, not a template.
        offline: no client; only stored replies can be used.
        concurrency: overrides the judge's own limit of requests at once.
        template: the template to use instead of the judge's file (text being edited).
    """
    if settings.kind == "metric":
        return JudgeContext(settings, None, None, None)
    client = None if offline else judge_client(project, settings, prompt, concurrency)
    if prompt and template is None:
        template = judge_template(project, settings)  # the file is read once, here
    if not prompt:
        template = None
    parser = None
    rule = settings.rule()
    if template is not None and rule is None:
        parser = settings.parser or infer_parser(template.source)
    options: dict[str, Any] = {}
    if parser is not None and PARSERS[parser].kind == "score":
        for key, option in (("min_score", "min"), ("max_score", "max")):
            value = project.variables.get(key)
            if isinstance(value, int | float) and not isinstance(value, bool):
                options[option] = value
    structured = None
    params = dict(settings.params)
    if settings.structured and template is not None:
        structured = structured_verdict(parser, rule, options, project.variables)
        if structured is not None:
            params.update(structured_params(settings.structured_dialect(), structured.schema))
            limit = params.get("max_tokens")
            if isinstance(limit, int) and limit < structured.longest():
                params["max_tokens"] = structured.longest()  # the JSON ends within its schema
    return JudgeContext(
        settings,
        client,
        template,
        parser,
        options,
        rule=rule,
        structured=structured,
        params=params,
    )


def judge_client(
    project: Project,
    settings: JudgeSettings,
    prompt: bool = True,
    concurrency: int | None = None,
) -> ChatClient:
    """The client a run asks ``settings``' model with: its endpoint (with the key approved
    for it) or its model file. Close it with ``aclose``.

    Raises:
        KeyNotApprovedError: the key is not approved for the endpoint.
    """
    # The clients are imported when a run makes one: what only renders a judge's prompt
    # (judgedesk render, the stored answers) needs no HTTP client.
    from judgedesk.core.judge import LocalFileClient, OpenAIClient

    if settings.kind == "local":
        return LocalFileClient(
            settings.model_path(project.root),
            context_size=settings.context_size,
            threads=settings.threads,
            gpu_layers=settings.gpu_layers,
            timeout=settings.timeout,
            parallel=settings.at_once(),
            probabilities=settings.probabilities,
        )
    who = f"judge '{settings.name}'" if prompt else f"model '{settings.name}'"
    return OpenAIClient(
        settings.base_url,
        api_key=approved_key(settings.api_key, settings.base_url, who),
        headers=settings.headers,
        timeout=settings.timeout,
        concurrency=concurrency or settings.concurrency,
        rate_limit=settings.rate_limit,
    )
