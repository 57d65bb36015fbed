"""A judge's settings: the model it calls, its template, how its verdict is read."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgedesk.core.errors import ProjectError
from judgedesk.core.judge.parsers import PARSERS, infer_parser
from judgedesk.core.judge.parsers.rule import VerdictRule
from judgedesk.core.judge.presets import preset_for_url

KEY_REFERENCE = re.compile(r"^(env:[A-Za-z_][A-Za-z0-9_]*|keyring:[^/\s]+/[^/\s]+)$")
"""Where a key may be found: ``env:NAME`` or ``keyring:service/user``, never the key."""
JUDGE_KINDS = ("openai", "local", "metric")
EXAMPLE_PICKS = ("stratified", "category", "similar")
"""How a judge's examples are picked from the rows people reviewed (``examples.pick``)."""


@dataclass
class JudgeSettings:
    """One judge: a model endpoint with its own prompt template and parser.

    Attributes:
        name: unique within the project; used in reports and the CLI's ``--judge``.
        kind: "openai" (an OpenAI-compatible chat endpoint), "local" (a GGUF model file
            run in a worker process of its own) or "metric" (no model).
        base_url: the endpoint, e.g. ``http://127.0.0.1:11434/v1``.
        model: the model name the endpoint knows.
        api_key: where the key is found (``env:NAME`` or ``keyring:service/user``), never
            the key itself.
        template: the prompt template file, relative to the project folder.
        system_prompt: sent as the system message when not empty.
        prompt_template: for a candidate or baseline model, a template file in the project
            whose render is the user message the model is asked, in place of the row's
            chat or question (as OpenCompass's ``infer_cfg`` prompt template, such as
            "{problem}"). It sees what a judge's template sees, without a response.
            Empty: the row's chat, or its question. Judges do not use it.
        system_role: whether the model takes a system message. Some models refuse one or
            ignore it; for them (False) the system prompt goes first in the user message,
            followed by a blank line and the rendered template.
        parser: the verdict parser id; empty means inferred from the template.
        verdict: a verdict rule (``[judges.verdict]``: pattern or path, pick, kind, map),
            read instead of ``parser`` when set; see :meth:`rule`.
        params: generation parameters (temperature, max_tokens, top_p, …).
        timeout: seconds before a silent request is abandoned and retried.
        concurrency: requests in flight at once.
        rate_limit: requests per minute; 0 means no limit.
        stream: ask for a streamed (SSE) reply; on by default, as on the platforms judges
            come from. Replies are stored the same streamed or not.
        separate_reasoning: ask the server to give a reasoning model's thinking in a
            field of its own (``reasoning_content``); sent by default. A server that
            refuses the field is asked again without it.
        headers: extra HTTP headers (no secrets: those belong in api_key).
        metric: for ``kind = "metric"``, which metric (exact, contains, regex, chrf, bleu).
        enabled: a disabled judge keeps its settings but does not run.
        price_input: the price of a million prompt tokens, for estimates (0: free).
        price_output: the price of a million completion tokens (0: free).
        structured: ask for the verdict as JSON in a schema made from what the judge
            reads (see ``judge.structured``); on for new local-file judges.
        structured_format: the server's dialect for it (one of ``structured.FORMATS``);
            empty means the usual one for the server.
        model_file: for ``kind = "local"``, the GGUF file (absolute, or relative to the
            project folder).
        context_size: for a local-file judge, the context window in tokens.
        threads: for a local-file judge, CPU threads (0: as many as the machine has).
        gpu_layers: for a local-file judge, layers offloaded to a GPU (0: none; -1: all).
        parallel: for a local-file judge, rows decoded together in one context (0: chosen
            from the cores, see ``local_fit.default_parallel``); fewer when their
            contexts (``context_size`` each) do not fit in memory. The run sends the
            model that many requests at once.
        samples: how many times the judge is asked about each row (1: once). With more,
            the row's verdict is the majority of the samples' verdicts that could be read
            (labels, true/false, pairwise choices; a tie goes to the earliest sample
            among the tied) or their mean (scores, and each dimension of JSON verdicts),
            and the report gives the judge's agreement with itself across samples
            (Krippendorff's α), which tells its noise apart from a real change. The
            request is the same each time, so samples differ only as far as the model's
            sampling does (a temperature above 0, no fixed ``seed``). Each sample is a
            call of its own in the cache (the first under the request's own key), so a
            re-run asks nothing again and a resumed run repeats no answered sample; a
            row's detail keeps every sample's key and verdict. A postprocess script is
            still given one request and reply per judge (per order for a pair judged in
            both orders): the first sample's, its reply carrying ``samples``, that reply
            of every sample in order. Rule judges (``kind = "metric"``) are asked once.
        examples: rows people reviewed, shown to the judge in its template's
            ``examples`` (``{count = 3, pick = "stratified"}``): ``count`` rows of the
            calibration's tuning part, never the row judged nor a test row, picked
            "stratified" (as many of each verdict as can be), "category" (rows of the
            row's category first) or "similar" (the rows sharing the most words with
            it). Empty: no examples.
        probabilities: ask the server for the tokens' probabilities (``logprobs`` with
            20 alternatives) and read the verdict's from them: a score becomes the
            expected score, a label the most probable one, a pair gets the probability
            that B is better, each with a confidence; the sampled verdict is kept beside
            (see ``judge.probabilities``). A server that refuses the field is asked again
            without it, and the verdict stays the sampled one.
    """

    name: str = "judge"
    kind: str = "openai"
    base_url: str = ""
    model: str = ""
    api_key: str = ""
    template: str = "templates/judge.j2"
    system_prompt: str = ""
    prompt_template: str = ""
    system_role: bool = True
    parser: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    timeout: float = 120.0
    concurrency: int = 4
    rate_limit: int = 0
    stream: bool = True
    separate_reasoning: bool = True
    headers: dict[str, str] = field(default_factory=dict)
    metric: str = ""
    enabled: bool = True
    price_input: float = 0.0
    price_output: float = 0.0
    verdict: dict[str, Any] = field(default_factory=dict)
    structured: bool = False
    structured_format: str = ""
    model_file: str = ""
    context_size: int = 4096
    threads: int = 0
    gpu_layers: int = 0
    parallel: int = 0
    samples: int = 1
    examples: dict[str, Any] = field(default_factory=dict)

    def example_rule(self) -> tuple[int, str] | None:
        """How many examples the judge is shown and how they are picked; None for none.

        Raises:
            ProjectError: ``examples`` holds a count or a pick that cannot be used.
        """
        if not self.examples:
            return None
        count = self.examples.get("count", 3)
        pick = self.examples.get("pick", "stratified")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ProjectError(
                f"Judge '{self.name}': examples count should be a whole number of rows "
                f"(0 or more), not {count!r}."
            )
        if pick not in EXAMPLE_PICKS:
            raise ProjectError(
                f"Judge '{self.name}': examples pick should be one of "
                f"{', '.join(EXAMPLE_PICKS)}, not {pick!r}."
            )
        return (count, str(pick)) if count else None

    probabilities: bool = False

    def at_once(self) -> int:
        """Requests the judge's model is sent at once: ``concurrency`` for a server, the
        rows decoded together for a model file (before memory may lower them)."""
        if self.kind != "local":
            return max(self.concurrency, 1)
        if self.parallel > 0:
            return self.parallel
        from judgedesk.core.judge.local_fit import default_parallel

        return default_parallel()

    def endpoint(self) -> str:
        """Where the judge's requests go, as cache keys name it: the base URL, or for a
        local-file judge ``local:<file name>``."""
        if self.kind != "local":
            return self.base_url
        # Imported here: the local client's module brings asyncio and the worker's
        # plumbing, which reading a project's settings (judgedesk render) does not need.
        from judgedesk.core.judge.local_file import local_endpoint

        return local_endpoint(self.model_file)

    def model_name(self) -> str:
        """The model as requests and reports name it: for a local-file judge, its file's
        name (the ``model`` field is for servers)."""
        return Path(self.model_file).name if self.kind == "local" else self.model

    def model_path(self, project_root: Path) -> Path:
        """The model file of a local-file judge: as written when absolute (``~`` expanded),
        else inside the project folder."""
        path = Path(self.model_file).expanduser()
        return path if path.is_absolute() else project_root / path

    def structured_dialect(self) -> str:
        """The dialect structured verdicts are asked in: the one set, else the usual one
        for the server (``json_object`` for llama.cpp servers and model files)."""
        if self.structured_format:
            return self.structured_format
        preset = preset_for_url(self.base_url)
        if self.kind == "local" or (preset is not None and preset.id == "llamacpp"):
            return "json_object"
        return "json_schema"

    def rule(self) -> VerdictRule | None:
        """The judge's verdict rule, or None when it uses a built-in parser.

        Raises:
            ProjectError: the rule's settings are not usable (the message says why).
        """
        if not self.verdict:
            return None
        return VerdictRule.from_table(self.verdict, f"The verdict rule of judge '{self.name}'")

    def verdict_kind(self, template_source: str | None = None) -> str | None:
        """What this judge's verdicts are: "score", "pairwise", "correctness", "label" or
        "json"; None when nothing says (no rule, no parser, nothing inferred).

        Args:
            template_source: the template's text, to infer the parser when none is set.
        """
        if self.verdict:
            kind = self.verdict.get("kind")
            return str(kind) if kind else None
        parser = self.parser or (infer_parser(template_source) if template_source else None)
        return PARSERS[parser].kind if parser in PARSERS else None


def check_no_secret(settings: JudgeSettings) -> None:
    """Refuse settings that would put an API key into the project folder.

    Raises:
        ProjectError: the key setting holds a key rather than a reference to one, or a
            header carries a secret.
    """
    if settings.api_key and not KEY_REFERENCE.match(settings.api_key):
        raise ProjectError(
            f"Judge '{settings.name}' has an API key typed where only its location belongs. "
            "Keys are never saved in the project: store it in the system keyring from the "
            "Judges pane, or put it in an environment variable and write env:NAME here."
        )
    for header, value in settings.headers.items():
        if header.lower() in ("authorization", "api-key", "x-api-key") and value:
            raise ProjectError(
                f"Judge '{settings.name}' has a '{header}' header with a secret in it. "
                "Use the API key setting (keyring or env:NAME) instead."
            )
