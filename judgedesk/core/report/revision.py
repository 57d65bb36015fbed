"""A revised template for a judge, written by a model from the judge's disagreements
with people on the calibration's tuning part.

"Suggest a revision" shows a model the person picks (any judge of the project: an
endpoint or a model file) the judge's template and the rows of the **tuning** part where
the judge's verdict differs from people's, with the people's notes, and asks it for the
whole template revised (in our own words, in English or Chinese as the template is
written). A row of the test part is never shown to it: the test figures stay an honest
measure of the revised judge too.

The reply's fenced block is read as the revised template and checked as a run would
use it: it compiles, renders for a row the judge disagreed on (with the examples the
judge is shown), and its verdicts can still be read as the judge's are. A revision that
passes becomes a new candidate: a copy of the judge with the revised template under
``templates/``, enabled so that calibrating measures it like any other, never adopted by
itself. One that fails says why, and nothing is added.
"""

from __future__ import annotations

import copy
import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import Dataset, content_text
from judgedesk.core.errors import JudgeDeskError, RowError
from judgedesk.core.judge import ChatRequest, JudgeSettings, infer_parser, render_prompt
from judgedesk.core.messages import say
from judgedesk.core.project import Project, require_trusted
from judgedesk.core.report.calibration import JudgeOutcome
from judgedesk.core.report.candidates import run_candidate
from judgedesk.core.report.revision_ask import (
    SHOWN,
    Disagreement,
    read_revision,
    revision_prompt,
    template_language,
)
from judgedesk.core.review import (
    CalibrationSplit,
    ExamplePool,
    project_split,
    same_value,
    scale_for,
)
from judgedesk.core.run import Selection, Store, judge_client
from judgedesk.core.template import compile_template, estimate_tokens

__all__ = ["Revision", "add_revision", "suggest_revision", "tuning_disagreements"]

REPLY_TOKENS = 2048
"""Tokens the model may write at most (unless its judge allows more)."""
MIN_REPLY_TOKENS = 512
"""Tokens the model may write at least, however short the template."""


def tuning_disagreements(
    split: CalibrationSplit,
    verdicts: Mapping[int, Any],
    dataset: Dataset,
    label: Any = str,
) -> list[Disagreement]:
    """The rows of the split's tuning part (only) where ``verdicts`` (row index → the
    judge's verdict, for the rows it was read on) differ from people's, in row order.

    ``label`` shows a verdict (the review scale's ``name_of``). A row the judge was not
    read on is not a disagreement, nor is any row of the test part.
    """
    found = []
    for index in split.tuning:
        people = split.rows[index]
        if index not in verdicts or same_value(verdicts[index], people.verdict):
            continue
        try:
            row = dataset.row(index)
        except RowError:
            continue
        found.append(
            Disagreement(
                index,
                people.row_id,
                row.data,
                content_text(row.response.get("content")),
                people.verdict,
                people.label or str(label(people.verdict)),
                verdicts[index],
                str(label(verdicts[index])),
                people.note,
            )
        )
    return found


@dataclass(frozen=True)
class Revision:
    """A revised template proposed for a judge, checked.

    Attributes:
        judge: the judge revised; ``model`` the judge (or model file) that wrote it.
        disagreements: the tuning rows shown to the model; ``tuning_rows`` how many rows
            the tuning part has.
        messages: what the model was sent; ``reply`` what it answered.
        template: the revised template ("" when none could be read).
        diff: the unified diff from the judge's template to it.
        candidate: the new judge it becomes (named ``<judge>-revised``), None when the
            revision has a problem.
        problem: why it cannot become a candidate ("" when it can).
        warnings: what rendering it for a row noted (a value the row lacks…).
    """

    judge: str
    model: str
    disagreements: tuple[Disagreement, ...]
    tuning_rows: int
    messages: list[dict[str, str]]
    reply: str
    template: str
    diff: str
    candidate: JudgeSettings | None
    problem: str = ""
    warnings: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return self.candidate is not None and not self.problem

    def to_dict(self) -> dict[str, Any]:
        return {
            "judge": self.judge,
            "model": self.model,
            "disagreements": [d.row_id for d in self.disagreements],
            "tuning_rows": self.tuning_rows,
            "candidate": self.candidate.name if self.candidate is not None else None,
            "template_file": self.candidate.template if self.candidate is not None else None,
            "diff": self.diff,
            "problem": self.problem,
            "warnings": list(self.warnings),
        }


async def suggest_revision(
    project: Project,
    dataset: Dataset,
    judge: str,
    model: JudgeSettings | None = None,
    *,
    outcome: JudgeOutcome | None = None,
    trusted_only: bool = False,
) -> Revision:
    """Ask ``model`` (the judge's own model when None) to revise ``judge``'s template
    from its disagreements with people on the tuning part (module docstring).

    Args:
        outcome: the judge's verdicts on the labelled rows, when a calibration has them;
            else the judge is run on the tuning rows (a calibration run: stored replies
            reused, the rows' latest results untouched).
        trusted_only: refuse to run scripts not made or trusted on this machine.

    Raises:
        JudgeDeskError: the judge is not a model judge, no tuning row has a person's
            verdict, the judge agrees with people on every tuning row, or the model
            cannot be asked (each says what to do).
    """
    settings = project.judge(judge)
    if settings.kind == "metric":
        raise JudgeDeskError(
            f"Judge '{judge}' is a rule, not a prompt: there is no template to revise."
        )
    asker = model or settings
    if asker.kind == "metric":
        raise JudgeDeskError(f"'{asker.name}' has no model to write a template: pick another.")
    with Store(project.store_path) as store:
        split = project_split(store, dataset, project)
    if not split.tuning:
        raise JudgeDeskError(
            "No row of the tuning part has a person's verdict yet: review some rows (or "
            "import labels with `judgedesk review import`), then ask again."
        )
    if outcome is None:
        if trusted_only:
            require_trusted(project.root)
        outcome = await _run_on_tuning(project, dataset, split, judge)
    original = project.read_template(settings)
    scale = scale_for(project, [row.verdict for row in split.rows.values()])
    found = tuning_disagreements(split, outcome.verdicts, dataset, scale.name_of)
    if not found:
        raise JudgeDeskError(
            f"Judge '{judge}' agrees with people on every tuning row it was read on: "
            "there is nothing for a revision to mend."
        )
    messages = revision_prompt(original, found, len(split.tuning), template_language(original))
    reply = await _ask(project, asker, messages, original)
    template, problem = read_revision(reply)
    if not problem and template.strip() == original.strip():
        problem = say(
            "report.revision.unchanged",
            "The model gave the template back unchanged: nothing to add.",
        )
    warnings: tuple[str, ...] = ()
    if not problem:
        problem, warnings = _check(project, dataset, settings, original, template, split, found)
    candidate = None if problem else _candidate(project, settings)
    new_file = candidate.template if candidate is not None else f"{settings.template} (revised)"
    diff = "".join(
        difflib.unified_diff(
            original.splitlines(keepends=True),
            template.splitlines(keepends=True),
            fromfile=settings.template,
            tofile=new_file,
        )
    )
    return Revision(
        judge,
        asker.model_file if asker.kind == "local" and model is not None else asker.name,
        tuple(found[:SHOWN]),
        len(split.tuning),
        messages,
        reply,
        template,
        diff,
        candidate,
        problem,
        warnings,
    )


def add_revision(project: Project, revision: Revision) -> JudgeSettings:
    """Write the revision's template and add its candidate after the judge revised, then
    save the project (the command line's way; the window goes through the workspace).

    Raises:
        JudgeDeskError: the revision has a problem, or its name is taken meanwhile.
    """
    candidate = revision.candidate
    if candidate is None or revision.problem:
        raise JudgeDeskError(revision.problem or "This revision cannot be added.")
    if any(j.name == candidate.name for j in project.judges):
        raise JudgeDeskError(f"A judge called '{candidate.name}' exists already: ask again.")
    project.write_template(candidate, revision.template)
    place = next(
        (i + 1 for i, j in enumerate(project.judges) if j.name == revision.judge),
        len(project.judges),
    )
    project.judges.insert(place, copy.deepcopy(candidate))
    project.save()
    return candidate


async def _run_on_tuning(
    project: Project, dataset: Dataset, split: CalibrationSplit, judge: str
) -> JudgeOutcome:
    """The judge's verdicts on the tuning rows, from a calibration run of it alone."""
    selection = Selection(rows=split.tuning)
    who = "a revision suggested for a judge"
    return await run_candidate(project, dataset, split, selection, judge, who)


async def _ask(
    project: Project, model: JudgeSettings, messages: list[dict[str, str]], template: str
) -> str:
    params = {
        key: value
        for key, value in model.params.items()
        if key not in ("response_format", "json_schema", "guided_json", "grammar")
    }
    # Room for the template rewritten, a little longer, and a few sentences after it.
    needed = min(REPLY_TOKENS, max(MIN_REPLY_TOKENS, 2 * estimate_tokens(template) + 200))
    limit = params.get("max_tokens")
    params["max_tokens"] = max(limit, needed) if isinstance(limit, int) else needed
    if model.kind == "local":  # the prompt and the reply share the model's context
        params["max_tokens"] = min(int(params["max_tokens"]), max(256, model.context_size // 2))
    request = ChatRequest(
        messages=messages,
        model=model.model_name(),
        params=params,
        stream=model.stream,
        separate_reasoning=model.separate_reasoning,
    )
    client = judge_client(project, model, concurrency=1)
    try:
        reply = await client.chat(request)
    finally:
        await client.aclose()
    return reply.content


def _check(
    project: Project,
    dataset: Dataset,
    judge: JudgeSettings,
    original: str,
    template: str,
    split: CalibrationSplit,
    rows: Sequence[Disagreement],
) -> tuple[str, tuple[str, ...]]:
    """Why the revised template cannot be used as the judge's ("" when it can), and the
    warnings of rendering it for the first row the judge disagreed on."""
    compiled = compile_template(template)
    if compiled.issues:
        return say(
            "report.revision.no_compile",
            "The revised template does not compile: {issue}",
            issue=compiled.issues[0],
        ), ()
    before, after = judge.verdict_kind(original), judge.verdict_kind(template)
    if after is None:
        return (
            say(
                "report.revision.unreadable",
                "Nothing can read the verdicts the revised template asks for (it no longer "
                "says how the verdict is written). Ask again, or edit it by hand.",
            ),
            (),
        )
    if infer_parser(original) is not None and infer_parser(template) is None:
        return (
            say(
                "report.revision.no_format",
                "The revised template no longer says how the judge writes its verdict, so its "
                "replies could not be read. Ask again, or edit it by hand.",
            ),
            (),
        )
    if before is not None and after != before:
        return (
            say(
                "report.revision.other_kind",
                "The revised template asks for another kind of verdict ({after}, not "
                "{before}): its verdicts could not be compared with the judge's. Ask again.",
                after=after,
                before=before,
            ),
            (),
        )
    row = dataset.row(rows[0].index)
    shown = ExamplePool.from_split(split, dataset)(judge, row)
    prompt = render_prompt(
        project, judge, row.data, row.response, template=compiled, examples=shown
    )
    errors = [issue for issue in prompt.issues if issue.severity == "error"]
    if errors:
        return say(
            "report.revision.no_render",
            "The revised template does not render for row {row}: {issue}",
            row=row.id,
            issue=errors[0],
        ), ()
    return "", tuple(str(issue) for issue in prompt.issues)


def _candidate(project: Project, judge: JudgeSettings) -> JudgeSettings:
    """A copy of ``judge`` under a new name, with a template file of its own not yet there."""
    taken = {j.name for j in project.judges}
    number = 1
    while True:
        name = f"{judge.name}-revised" + (f"-{number}" if number > 1 else "")
        template = f"templates/{name}.j2"
        if name not in taken and not (project.root / Path(template)).exists():
            break
        number += 1
    candidate = copy.deepcopy(judge)
    candidate.name, candidate.template, candidate.enabled = name, template, True
    return candidate
