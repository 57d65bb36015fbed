"""A judge's version: a short hash of everything that makes its verdicts what they are.

Two runs with the same version asked the same judge the same way, so their agreement with
people can be pooled; a new version (the template, the system prompt, how the verdict is
read, the model or its parameters changed) is measured on its own.
"""

from __future__ import annotations

import hashlib

from judgedesk.core.judge.base import canonical_json
from judgedesk.core.judge.settings import JudgeSettings

__all__ = ["judge_version"]


def judge_version(settings: JudgeSettings, template_source: str | None) -> str:
    """Eight hex digits naming this judge as it judges now (the address it is reached at
    and its limits are left out: they do not change a verdict)."""
    what: dict[str, object] = {
        "kind": settings.kind,
        "model": settings.model_name(),
        "system_prompt": settings.system_prompt,
        "template": template_source or "",
        "parser": settings.parser,
        "verdict": settings.verdict,
        "params": settings.params,
        "structured": settings.structured_dialect() if settings.structured else "",
        "metric": settings.metric,
    }
    if settings.samples != 1:  # left out when asked once: versions made before stay the same
        what["samples"] = settings.samples
    if not settings.system_role:  # the same words in another message may read otherwise
        what["system_role"] = False
    if settings.examples:  # the examples shown change what the judge says
        what["examples"] = settings.examples
    return hashlib.sha256(canonical_json(what).encode("utf-8")).hexdigest()[:8]
