"""What a row's result detail records of its steps: the judge, its verdict, a script's outcome."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# Annotations only: a report reads details (through run.samples) without loading the
# templates and scripts a run's context needs.
if TYPE_CHECKING:
    from judgedesk.core.judge import Verdict
    from judgedesk.core.run.context import JudgeContext
    from judgedesk.core.scripts import ScriptOutcome


def judge_model(judge: JudgeContext) -> dict[str, Any]:
    """The judge as a postprocess script is shown it: name, model, template, params."""
    settings = judge.settings
    return {
        "name": settings.name,
        "model": settings.model_name(),
        "judge_template_content": judge.template.source if judge.template else "",
        "generation_params": dict(settings.params),
        "system_prompt": settings.system_prompt,
    }


def verdict_detail(verdict: Verdict) -> dict[str, Any]:
    """A verdict as a row's detail keeps it."""
    # Written by hand: dataclasses.asdict deep-copies and costs more than the rest of it.
    return {
        "ok": verdict.ok,
        "value": verdict.value,
        "label": verdict.label,
        "dimensions": dict(verdict.dimensions),
        "ambiguous": verdict.ambiguous,
        "candidates": list(verdict.candidates),
        "reason": verdict.reason,
    }


def script_detail(outcome: ScriptOutcome) -> dict[str, Any]:
    """A script's outcome as a row's detail keeps it: its value, output and error."""
    return {
        "ok": outcome.ok,
        "kind": outcome.kind,
        "value": outcome.value,
        "stdout": outcome.stdout,
        "stderr": outcome.stderr,
        "error": outcome.error,
        "error_line": outcome.error_line,
        "duration": outcome.duration,
    }


def script_error(kind: str, outcome: ScriptOutcome) -> str:
    """The message of a row whose ``kind`` script (preprocess, postprocess) failed."""
    where = f" (line {outcome.error_line})" if outcome.error_line else ""
    return f"The {kind} script failed{where}: {outcome.error or outcome.kind}"
