"""Examples for a judge's template: rows people reviewed, from the tuning part only.

A judge that asks for examples (``examples = {count = 3, pick = "stratified"}``) is
shown, for each row, ``count`` rows people gave a verdict on, with that verdict, its
words and the reviewers' note. They come from the calibration's tuning part only
(:mod:`~judgedesk.core.review.calibration_split`): a row of the test part is never
shown, so the test figures measure the judge on rows it never saw; the row being judged
is never its own example. The rule picks them:

- ``stratified``: in turn one row of each verdict, so that every verdict is shown as
  far as the count allows;
- ``category``: rows of the same category as the row judged first (the dataset's
  ``category`` column), then as ``stratified``;
- ``similar``: the rows whose question and answer share the most words with the row's
  (Jaccard's overlap of their word sets; no model involved).

Ties go by a hash of the seed and the row id, so a row is shown the same examples in
every run (and its request stays in the cache).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from judgedesk.core.dataset import Dataset, Row, content_text, suggest_mapping
from judgedesk.core.errors import RowError
from judgedesk.core.judge import JudgeSettings
from judgedesk.core.project import Project
from judgedesk.core.review.calibration_split import CalibrationSplit, project_split, stratum
from judgedesk.core.run import Store

__all__ = ["Example", "ExamplePool", "ReviewExamples", "overlap", "words"]

_WORD = re.compile(r"\w+", re.UNICODE)


def words(text: str) -> frozenset[str]:
    """The words of a text, lower case; each CJK character counts as a word."""
    found: set[str] = set()
    for word in _WORD.findall(text.lower()):
        if any("\u3400" <= ch <= "\u9fff" for ch in word):
            found.update(word)
        else:
            found.add(word)
    return frozenset(found)


def overlap(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard's overlap of two word sets: shared words over all words (0 when empty)."""
    union = len(a | b)
    return len(a & b) / union if union else 0.0


def _row_text(data: Mapping[str, Any], response: Mapping[str, Any]) -> str:
    question = data.get("question")
    return f"{content_text(question) if question is not None else ''} " + content_text(
        response.get("content")
    )


@dataclass(frozen=True)
class Example:
    """A tuning row as a judge may be shown it.

    Attributes:
        index: the row's index in the dataset.
        shown: what the template sees: ``id``, ``data``, ``response``, ``verdict``,
            ``label``, ``note``.
        stratum: the people's verdict as the split's stratum.
        category: the row's category ("" when none).
        words: the words of its question and answer.
        order: its place among ties (a hash of the seed and its id).
    """

    index: int
    shown: Mapping[str, Any]
    stratum: str
    category: str
    words: frozenset[str]
    order: str


class ExamplePool:
    """The tuning rows of a split, and the examples each row is shown (module docstring).

    An :data:`~judgedesk.core.run.ExamplePicker`: call it with a judge and a row.
    """

    def __init__(self, examples: Iterable[Example], category: str | None = None) -> None:
        self.examples = sorted(examples, key=lambda e: e.order)
        self.category = category

    @classmethod
    def from_split(cls, split: CalibrationSplit, dataset: Dataset) -> ExamplePool:
        """The pool of a split's tuning rows, read from ``dataset``."""
        category = dataset.mapping.get("category") or suggest_mapping(dataset.fields()).get(
            "category"
        )
        found = []
        for index in split.tuning:
            labelled = split.rows[index]
            try:
                row = dataset.row(index)
            except RowError:
                continue
            data, response = row.data, row.response
            shown = {
                "id": row.id,
                "data": data,
                "response": response,
                "verdict": labelled.verdict,
                "label": labelled.label,
                "note": labelled.note,
            }
            order = hashlib.sha256(f"{split.seed}\x1f{row.id}".encode()).hexdigest()
            found.append(
                Example(
                    index,
                    shown,
                    stratum(labelled.verdict),
                    _category(row.record, category),
                    words(_row_text(data, response)),
                    order,
                )
            )
        return cls(found, category)

    def __call__(self, judge: JudgeSettings, row: Row) -> list[dict[str, Any]]:
        rule = judge.example_rule()
        if rule is None:
            return []
        count, pick = rule
        candidates = [e for e in self.examples if e.index != row.index]
        if pick == "similar":
            mine = words(_row_text(row.data, row.response))
            chosen = sorted(candidates, key=lambda e: -overlap(mine, e.words))[:count]
        elif pick == "category":
            own = _category(row.record, self.category)
            same = [e for e in candidates if own and e.category == own]
            rest = [e for e in candidates if not (own and e.category == own)]
            chosen = (_stratified(same) + _stratified(rest))[:count]
        else:
            chosen = _stratified(candidates)[:count]
        return [dict(e.shown) for e in chosen]


def _category(record: Mapping[str, Any], column: str | None) -> str:
    value = record.get(column) if column else None
    return "" if value is None else str(value)


def _stratified(examples: list[Example]) -> list[Example]:
    """The examples in turns: the first of each verdict, then the second of each…"""
    by_stratum: dict[str, list[Example]] = {}
    for example in examples:
        by_stratum.setdefault(example.stratum, []).append(example)
    ordered: list[Example] = []
    turn = 0
    groups = [by_stratum[key] for key in sorted(by_stratum)]
    while any(turn < len(group) for group in groups):
        ordered.extend(group[turn] for group in groups if turn < len(group))
        turn += 1
    return ordered


@dataclass(frozen=True)
class ReviewExamples:
    """A run's example source (:data:`~judgedesk.core.run.ExampleSource`): the tuning
    part of the project's split (its share and seed, unless given here)."""

    share: float | None = None
    seed: int | None = None

    def __call__(self, store: Store, dataset: Dataset, project: Project) -> ExamplePool:
        split = project_split(store, dataset, project, share=self.share, seed=self.seed)
        return ExamplePool.from_split(split, dataset)
