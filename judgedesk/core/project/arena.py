"""Answers of several models in one project, compared a pair at a time for a leaderboard.

Each model's answer to a row is a column of the dataset, or a file of answers joined to
the rows by id (its records then carry it under :func:`answer_column`). The pairs judged
are each model against the baseline (``pairs = "baseline"``, as Arena-Hard compares) or
every two models (``"all"``); a pairwise template sees the two answers of a pair as
``response_a`` and ``response_b``, as it sees any pair.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from judgedesk.core.dataset import MISSING, MODEL_ROLE, joined_column, lookup
from judgedesk.core.errors import ProjectError

PAIRINGS = ("baseline", "all")
"""How the models are paired: each against the baseline, or every two."""


@dataclass
class ArenaSettings:
    """The models whose answers are compared (the ``[arena]`` table of a project).

    Attributes:
        answers: model name → the column holding its answer to each row (a joined
            file's column for answers kept in a file of their own).
        baseline: the model anchored at 1000 on the leaderboard; with ``pairs =
            "baseline"``, the model every other one is compared with.
        pairs: "baseline" (each model against the baseline) or "all" (every two models).
    """

    answers: dict[str, str] = field(default_factory=dict)
    baseline: str = ""
    pairs: str = "baseline"

    @property
    def active(self) -> bool:
        """Whether the project compares two or more models' answers."""
        return len(self.answers) >= 2

    def models(self) -> list[str]:
        """The models, in the order they were given."""
        return list(self.answers)

    def pairs_judged(self) -> list[tuple[str, str]]:
        """The pairs of models each row is judged on, as (answer A, answer B).

        Against the baseline, the baseline's answer is A, as a baseline model's is.
        """
        names = self.models()
        if not self.active:
            return []
        if self.pairs == "baseline" and self.baseline in self.answers:
            return [(self.baseline, name) for name in names if name != self.baseline]
        return list(combinations(names, 2))

    def problems(self) -> list[str]:
        """What keeps these settings from making a leaderboard, each saying what to do."""
        found = []
        if self.answers and len(self.answers) < 2:
            found.append(
                "Only one model's answers are given: a leaderboard compares two or more. "
                "Add another with --answers NAME=COLUMN, or remove the one."
            )
        if self.pairs not in PAIRINGS:
            found.append(f"The pairing '{self.pairs}' is unknown: choose baseline or all.")
        if self.baseline and self.baseline not in self.answers:
            known = ", ".join(self.answers) or "none"
            found.append(
                f"The baseline '{self.baseline}' is none of the models ({known}): choose one "
                "of them."
            )
        if self.active and self.pairs == "baseline" and not self.baseline:
            found.append(
                "Each model is to be compared with the baseline, but no baseline is chosen: "
                "choose one (--baseline NAME), or compare every pair (--pairs all)."
            )
        return found


def answer_column(model: str) -> str:
    """The column a model's answers joined from a file of their own appear under."""
    return joined_column(MODEL_ROLE + model)


def model_answer(record: Mapping[str, Any], column: str) -> dict[str, Any] | None:
    """A model's answer in a row's record, shaped as a response; None when it gave none.

    An answer is a text, or an object with ``content`` (a joined file's response);
    nothing, an empty text or an object without content is no answer.
    """
    value = lookup(record, column)
    if isinstance(value, Mapping):
        content = value.get("content")
        if content is None or (isinstance(content, str) and not content.strip()):
            return None
        return {"reasoning_content": None, "tool_calls": None, **value}
    if value is MISSING or value is None:
        return None
    text = value if isinstance(value, str) else str(value)
    if not text.strip():
        return None
    return {"content": text, "reasoning_content": None, "tool_calls": None}


def arena_from_table(table: Any) -> ArenaSettings:
    """The ``[arena]`` table read back (checked for kinds; see :class:`ArenaSettings`).

    Raises:
        ProjectError: a value of the wrong kind.
    """
    if not isinstance(table, dict):
        raise ProjectError("[arena] must be a table.")
    answers = table.get("answers", {})
    if not isinstance(answers, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in answers.items()
    ):
        raise ProjectError("[arena] answers must be a table of model = column names.")
    baseline, pairs = table.get("baseline", ""), table.get("pairs", "baseline")
    if not isinstance(baseline, str) or not isinstance(pairs, str):
        raise ProjectError("[arena] baseline and pairs must be text.")
    return ArenaSettings(dict(answers), baseline, pairs)
