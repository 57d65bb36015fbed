"""Several people's verdicts: labels imported from files, and how far people agree.

People often have labels already, in a spreadsheet or a JSON Lines file keyed by row id.
:func:`import_labels` reads one such file as one reviewer's verdicts, read in the forms
people write them (scores, A/B/tie, correct/incorrect, labels; see
:mod:`judgedesk.core.review.labels`), and merges them into the results file beside the
person's own reviews, without touching those or another reviewer's.

:func:`people_figures` then answers the question to ask before trusting a judge: does it
agree with people as well as people agree with each other?
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import Dataset, open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.messages import Message, say
from judgedesk.core.review.human import ReviewScale, read_values
from judgedesk.core.review.labels import LabelReading
from judgedesk.core.review.reliability import (
    Ceiling,
    PairAgreement,
    consensus_rows,
    human_ceiling,
    pair_agreement,
)
from judgedesk.core.run import Merge, Review, Store

__all__ = ["LabelImport", "PeopleFigures", "import_labels", "people_figures", "scale_level"]

ME = "me"
"""How this person's reviews are named among the reviewers when they gave no name."""


@dataclass(frozen=True)
class LabelImport:
    """What importing one file of labels did.

    Attributes:
        reviewer: whose verdicts they are.
        rows: lines of the file read.
        merge: rows added, changed and unchanged in the results file.
        unknown_ids: ids of the file that no row of the dataset has (the first few).
        unknown_count: how many lines had such an id.
        reading: how the verdicts read: understood, not understood and why.
    """

    reviewer: str
    rows: int
    merge: Merge
    unknown_ids: tuple[str, ...]
    unknown_count: int
    reading: LabelReading

    def summary(self) -> Message:
        """A sentence or two for the person importing."""
        merge = self.merge
        unreadable: str = ""
        if self.reading.unreadable:
            reasons = [f"'{label}' ({why})" for label, why, _n in self.reading.not_understood]
            if reasons:
                unreadable = say(
                    "review.labels.unreadable_why",
                    " {count} could not be read: {reasons}.",
                    count=self.reading.unreadable,
                    reasons=", ".join(reasons[:3]),
                )
            else:
                unreadable = say(
                    "review.labels.unreadable",
                    " {count} could not be read.",
                    count=self.reading.unreadable,
                )
        unknown: str = ""
        if self.unknown_count:
            unknown = say(
                "review.labels.unknown",
                " {count} lines name ids the dataset does not have ({ids}): is the file for "
                "this dataset?",
                count=self.unknown_count,
                ids=", ".join(self.unknown_ids),
            )
        return say(
            "review.labels.imported",
            "{reviewer}: {labelled} verdicts read from {lines} lines; {added} added, "
            "{changed} changed, {unchanged} already there.{unreadable}{unknown}",
            reviewer=self.reviewer,
            labelled=self.reading.labelled,
            lines=self.rows,
            added=merge.added,
            changed=merge.changed,
            unchanged=merge.unchanged,
            unreadable=unreadable,
            unknown=unknown,
        )


def import_labels(
    store: Store,
    dataset: Dataset,
    scale: ReviewScale,
    path: Path,
    reviewer: str,
    *,
    id_column: str = "id",
    verdict_column: str = "verdict",
) -> LabelImport:
    """Merge one reviewer's verdicts from a CSV, TSV, XLSX, JSON or JSONL file.

    Raises:
        JudgeDeskError: no reviewer name, a file that cannot be read, or one without the
            id or verdict column (the message names the columns it has).
    """
    reviewer = reviewer.strip()
    if not reviewer:
        raise JudgeDeskError("Say whose verdicts these are: give the reviewer's name.")
    labels = open_dataset(path)
    ids = {dataset.row(i).id: i for i in range(len(dataset))}
    asked: list[tuple[int, Any]] = []
    unknown: list[str] = []
    lines = 0
    for position in range(len(labels)):
        record = labels.row(position).record
        lines += 1
        if id_column not in record or verdict_column not in record:
            raise JudgeDeskError(
                f"{path.name} has no '{id_column}' and '{verdict_column}' columns "
                f"(it has {', '.join(map(str, record))}); name them with "
                "--id-column and --verdict-column."
            )
        row_id = str(record[id_column]).strip()
        if row_id not in ids:
            unknown.append(row_id)
            continue
        asked.append((ids[row_id], record[verdict_column]))
    verdicts, reading = read_values(asked, scale, verdict_column)
    known = store.reviews.all(reviewer)
    now = time.time()
    reviews = []
    for index, value in verdicts.items():
        # A label replaces the reviewer's verdict; their note and flag stay.
        base = known.get(index) or Review(index, dataset.row(index).id, reviewer=reviewer)
        reviews.append(replace(base, value=value, agree=None, updated=now, source=path.name))
    merge = store.reviews.merge(reviews)
    return LabelImport(reviewer, lines, merge, tuple(unknown[:5]), len(unknown), reading)


@dataclass(frozen=True)
class PeopleFigures:
    """The judge against people, beside people against each other.

    Attributes:
        ceiling: agreement among the reviewers (None with fewer than two).
        judge_vs: the judge against each reviewer.
        judge_vs_consensus: the judge against the people's consensus per row.
    """

    ceiling: Ceiling | None
    judge_vs: tuple[PairAgreement, ...] = ()
    judge_vs_consensus: PairAgreement | None = None
    reviewers: tuple[str, ...] = field(default=())

    def sentence(self) -> str:
        """'The judge agrees with people at κ 0.71; people agree with each other at κ
        0.74 (n = 180).', or why it cannot be said."""
        if self.ceiling is None:
            return say(
                "review.people.one",
                "Only one person's verdicts: the agreement among people needs two or more.",
            )
        judge = self.judge_vs_consensus
        people = self.ceiling.mean_kappa
        if judge is None or judge.kappa.value is None or people is None:
            return say(
                "review.people.few",
                "Too few rows judged and reviewed by several people to compare.",
            )
        return say(
            "review.people.sentence",
            "The judge agrees with people at κ {judge}; people agree with each other at κ "
            "{people} (α {alpha}, n = {n}).",
            judge=f"{judge.kappa.value:.2f}",
            people=f"{people:.2f}",
            alpha=_show(self.ceiling.alpha.value),
            n=self.ceiling.rows,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "reviewers": list(self.reviewers),
            "ceiling": self.ceiling.to_dict() if self.ceiling else None,
            "judge_vs": [p.to_dict() for p in self.judge_vs],
            "judge_vs_consensus": (
                self.judge_vs_consensus.to_dict() if self.judge_vs_consensus else None
            ),
            "sentence": self.sentence(),
        }


def scale_level(scale: ReviewScale) -> str:
    """The level of measurement of verdicts on ``scale`` (see ``ReviewScale.level``)."""
    return scale.level


def _show(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def people_figures(
    mine: Mapping[int, Any],
    others: Mapping[str, Mapping[int, Any]],
    judge: Mapping[int, Any],
    level: str,
    *,
    my_name: str = ME,
    seed: int = 0,
) -> PeopleFigures | None:
    """The people's agreement and the judge's with them; None when no one else reviewed.

    Args:
        mine: this person's verdicts (row → verdict).
        others: other reviewers' verdicts (reviewer → row → verdict).
        judge: the judge's verdicts.
        level: the verdicts' level of measurement (see ``reliability.level_for``).
    """
    if not others:
        return None
    people: dict[str, Mapping[int, Any]] = dict(others)
    if mine:
        people[my_name if my_name not in people else f"{my_name} (here)"] = mine
    names = tuple(sorted(people))
    ceiling = human_ceiling(people, level, seed=seed) if len(people) >= 2 else None
    versus = tuple(pair_agreement("judge", name, judge, people[name], level) for name in names)
    rows = list({row for given in people.values() for row in given})
    decided = consensus_rows([[people[n].get(row) for n in names] for row in rows], level)
    agreed = {row: value for row, value in zip(rows, decided, strict=True) if value is not None}
    overall = pair_agreement("judge", "people", judge, agreed, level)
    return PeopleFigures(ceiling, versus, overall, names)
