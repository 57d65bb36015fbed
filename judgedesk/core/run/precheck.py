"""Before a run: ask every model the run calls whether it answers and offers its model."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path

from judgedesk.core.judge import (
    ConnectionCheck,
    JudgeSettings,
    check_connection,
    check_model_file,
)
from judgedesk.core.messages import Message, say
from judgedesk.core.project import Project

MODELS_SHOWN = 8
"""How many of the models a server offers are named when it lacks the one asked for."""

UNREACHABLE = ("connect", "dns", "tls")
"""Failures that no retry mends during a run: nothing answers at the address."""


@dataclass(frozen=True)
class ModelCheck:
    """What one model a run calls answered when it was asked before the run.

    Attributes:
        role: "judge", "candidate" or "baseline".
        settings: the model's settings, as the project holds them.
        found: the endpoint's answer, or what reading a model file found.
        model_file: a local-file model's file (read, not loaded); None for an endpoint.
    """

    role: str
    settings: JudgeSettings
    found: ConnectionCheck
    model_file: Path | None = None

    @property
    def who(self) -> Message:
        """The words that name the model: "Judge 'x'", "The candidate model"."""
        if self.role == "candidate":
            return say("check.candidate", "The candidate model")
        if self.role == "baseline":
            return say("check.baseline", "The baseline model")
        return say("check.judge", "Judge '{name}'", name=self.settings.name)

    @property
    def unreachable(self) -> bool:
        """Nothing answered at the address (or the file cannot be used): a run's calls to
        this model would all fail the same way."""
        return not self.found.ok and self.found.kind in UNREACHABLE

    @property
    def problem(self) -> str:
        """What keeps the model from being used, said to a person; "" when it can be.

        A server that lists no model may still serve it: only the run can tell, so that
        is no problem here (:meth:`finding` still mentions it).
        """
        severity, sentence = self.finding()
        return sentence if severity == "error" else ""

    def finding(self) -> tuple[str, Message]:
        """What was found, with its severity: "error" (the model cannot be used),
        "warning" (whether it can is not known) or "info" (it can)."""
        found, who = self.found, self.who
        if not found.ok:
            return "error", say("check.who", "{who}: {problem}", who=who, problem=found.problem)
        if self.model_file is not None:
            sentence = say(
                "check.loadable",
                "{who}: {file} can be loaded here.",
                who=who,
                file=self.model_file.name,
            )
            return "info", sentence
        url, model = self.settings.base_url.strip(), self.settings.model
        milliseconds = f"{found.milliseconds:.0f}"
        if not found.models:
            return "warning", say(
                "check.lists_none",
                "{who}: {url} answers ({ms} ms) but lists no model, so whether it offers "
                "'{model}' is not known.",
                who=who,
                url=url,
                ms=milliseconds,
                model=model,
            )
        if model not in found.models:
            return "error", say(
                "check.not_offered",
                "{who}: {url} does not offer the model '{model}'. It offers {offered}. "
                "Correct the model name, or load the model on the server.",
                who=who,
                url=url,
                model=model,
                offered=_offered(found.models),
            )
        answers = say(
            "check.answers",
            "{who}: {url} answers ({ms} ms) and offers '{model}'.",
            who=who,
            url=url,
            ms=milliseconds,
            model=model,
        )
        if self.role == "judge" and self.settings.probabilities and found.probabilities_asked:
            return self._probabilities(answers)
        return "info", answers

    def _probabilities(self, answers: Message) -> tuple[str, Message]:
        """What a judge reading its verdicts' probabilities learnt of them: whether its
        model gives them."""
        found, model = self.found, self.settings.model
        if found.logprobs:
            return "info", say(
                "check.probabilities",
                "{answers} It gives its tokens' probabilities ({count} alternatives at a "
                "token), so the verdicts' probabilities can be read.",
                answers=answers,
                count=found.alternatives,
            )
        if found.logprobs is False:
            return "warning", say(
                "check.no_probabilities",
                "{answers} But '{model}' gives no token probabilities here: its verdicts "
                'will be the ones it wrote, marked "no probabilities from this server". '
                "Use a server that returns logprobs (vLLM, SGLang, llama.cpp, OpenAI), or "
                "turn probabilities off for this judge.",
                answers=answers,
                model=model,
            )
        return "warning", say(
            "check.probabilities_unknown",
            "{answers} Whether '{model}' gives its tokens' probabilities is not known: "
            "asking it failed ({problem}).",
            answers=answers,
            model=model,
            problem=found.logprobs_problem,
        )


def _offered(models: list[str]) -> str:
    shown = ", ".join(models[:MODELS_SHOWN])
    if len(models) <= MODELS_SHOWN:
        return shown
    return say(
        "check.more", "{models} and {count} more", models=shown, count=len(models) - MODELS_SHOWN
    )


def models_to_check(project: Project) -> list[tuple[str, JudgeSettings]]:
    """The models a run of ``project`` calls, each with its role, in the order they run.

    An endpoint without an address or a model name is left out: the project's checks
    (and the run) say what is missing. Metric judges call nothing.
    """
    chosen: list[tuple[str, JudgeSettings | None]] = [
        ("judge", j) for j in project.judges if j.enabled
    ]
    chosen += [("candidate", project.candidate), ("baseline", project.baseline)]
    return [(role, s) for role, s in chosen if s is not None and _calls(s)]


def _calls(settings: JudgeSettings) -> bool:
    if settings.kind == "local":
        return bool(settings.model_file)
    return settings.kind == "openai" and bool(settings.base_url.strip() and settings.model.strip())


async def check_models(
    project: Project, *, timeout: float = 15.0, probabilities: bool = False
) -> list[ModelCheck]:
    """Ask every model a run of ``project`` calls, all at the same time; never raises for
    what a server does.

    Each endpoint is asked once for its models, however many judges use it; a model
    file is read, not loaded. A key not approved for its address is not sent (the check
    says so). ``timeout``: seconds to wait for an endpoint's model list.
    ``probabilities``: also ask each judge reading its verdicts' probabilities one short
    question, to say whether its model gives them (a call of its own: a run's own check
    does not ask it).
    """
    asked: dict[Hashable, asyncio.Future[ConnectionCheck]] = {}
    plan: list[tuple[str, JudgeSettings, Path | None, Hashable]] = []
    for role, settings in models_to_check(project):
        path = settings.model_path(project.root) if settings.kind == "local" else None
        if path is not None:
            key: Hashable = (str(path), settings.context_size)
            if key not in asked:
                asked[key] = asyncio.ensure_future(
                    asyncio.to_thread(check_model_file, path, settings.context_size)
                )
        else:
            url, headers = settings.base_url.strip(), tuple(sorted(settings.headers.items()))
            # A judge reading probabilities asks its own model whether it gives them.
            asks = probabilities and role == "judge" and settings.probabilities
            model = settings.model if asks else ""
            key = (url, settings.api_key, headers, model)
            if key not in asked:
                asked[key] = asyncio.ensure_future(
                    check_connection(
                        url,
                        settings.api_key,
                        settings.headers,
                        timeout=timeout,
                        probabilities_of=model,
                    )
                )
        plan.append((role, settings, path, key))
    try:
        await asyncio.gather(*asked.values())
    finally:
        for future in asked.values():
            future.cancel()  # when this check was itself cancelled
    return [ModelCheck(role, s, asked[key].result(), path) for role, s, path, key in plan]
