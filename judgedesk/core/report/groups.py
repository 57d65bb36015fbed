"""The groups of a report: its rows by category, and each dimension of its verdicts."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import MISSING, Dataset, field_reader
from judgedesk.core.errors import RowError
from judgedesk.core.report.figures import Bin, Summary, distribution, estimate_mean, summarize
from judgedesk.core.review import (
    NOT_APPLICABLE,
    Figure,
    JudgeVerdict,
    ReviewItem,
    ReviewScale,
    agreement,
    is_number,
    said_about,
)

__all__ = [
    "MAX_CATEGORIES",
    "NO_VALUE",
    "OTHER",
    "DimensionScores",
    "Group",
    "by_category",
    "category_groups",
    "category_reader",
    "dimensions",
    "named_categories",
    "read_categories",
    "report_category",
]

MAX_CATEGORIES = 50
NO_VALUE = "(none)"
OTHER = "(other)"
CHUNK_BYTES = 4 << 20
"""How much of a JSON Lines file is read at once for the rows' categories."""


@dataclass(frozen=True)
class Group:
    """The figures of one category, or one dimension of a multi-dimension verdict."""

    name: str
    summary: Summary
    person_agreement: Figure = NOT_APPLICABLE
    labels: list[Bin] = field(default_factory=list)
    """How often each label was given, for labels (empty for other verdicts)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            **self.summary.to_dict(),
            "person_agreement": self.person_agreement.to_dict(),
            "labels": [b.to_dict() for b in self.labels],
        }


def by_category(
    items: list[ReviewItem],
    dataset: Dataset,
    name: str,
    scale: ReviewScale,
    seed: int,
    known: dict[int, str],
) -> list[Group]:
    """The groups of ``items`` by ``name``; ``known`` holds rows' categories already read
    from ``dataset`` and is given those read here."""
    read_categories(dataset, [i.row_index for i in items if i.row_index not in known], name, known)
    groups: dict[str, list[ReviewItem]] = {}
    for item in items:
        groups.setdefault(known[item.row_index], []).append(item)
    return category_groups(
        {
            name: ([(i.status, i.judge_value) for i in members], said_about(members))
            for name, members in groups.items()
        },
        scale,
        seed,
    )


def category_groups(
    groups: Mapping[str, tuple[list[tuple[str | None, Any]], list[ReviewItem]]],
    scale: ReviewScale,
    seed: int,
) -> list[Group]:
    """The groups of a report from each category's (status, verdict) per row and its
    rows' items that hold a human verdict (others may be among them), in row order."""
    ordered = sorted(groups.items(), key=lambda kv: (-len(kv[1][0]), kv[0]))
    if len(ordered) > MAX_CATEGORIES:
        rest = [member for _, (results, _) in ordered[MAX_CATEGORIES - 1 :] for member in results]
        people = [item for _, (_, items) in ordered[MAX_CATEGORIES - 1 :] for item in items]
        ordered = [*ordered[: MAX_CATEGORIES - 1], (OTHER, (rest, people))]
    return [_group(label, *members, scale, seed) for label, members in ordered]


def _group(
    name: str,
    results: list[tuple[str | None, Any]],
    people: list[ReviewItem],
    scale: ReviewScale,
    seed: int,
) -> Group:
    summary = summarize(results, scale, seed=seed)
    figures = agreement((i.human_value, i.judge_value) for i in people)
    labels = []
    if summary.kind == "label":
        given = [value for status, value in results if status == "ok" and value is not None]
        labels = distribution(given, scale)
    return Group(name, summary, figures.exact, labels)


def named_categories(found: Mapping[int, str], groups: Iterable[Group]) -> dict[int, str]:
    """Each row's category of ``found`` as the report's ``groups`` name it: a category
    beyond the :data:`MAX_CATEGORIES` shown is :data:`OTHER`."""
    names = {group.name for group in groups}
    return {row: value if value in names else OTHER for row, value in found.items()}


def read_categories(dataset: Dataset, rows: list[int], name: str, found: dict[int, str]) -> None:
    """Put the category of each of ``rows`` (in order) in ``found``: a JSON Lines file is
    read a large piece at a time when most of its rows between the first and the last
    are wanted, any other dataset (or few rows) a row at a time."""
    count, at = len(dataset), 0
    dense = bool(rows) and rows[-1] - rows[0] < 2 * len(rows)
    category = category_reader(dataset.mapping, name)
    while at < len(rows):
        index = rows[at]
        text = None
        if dense and 0 <= index < count:
            with suppress(RowError):  # a file changed on disk is read a row at a time
                text = dataset.record_text(index, count, CHUNK_BYTES)
        if text is None:
            found[index] = _category_of(dataset, index, category)
            at += 1
            continue
        while at < len(rows) and text.start <= rows[at] < text.stop:
            place = rows[at] - text.start
            line = text.data[text.starts[place] : text.ends[place]]
            try:
                record = json.loads(line)
            except (ValueError, RecursionError):
                record = None
            found[rows[at]] = category(record) if isinstance(record, dict) else NO_VALUE
            at += 1


def _category_of(dataset: Dataset, index: int, category: Callable[[Mapping[str, Any]], str]) -> str:
    if not 0 <= index < len(dataset):
        return NO_VALUE
    try:
        record = dataset.peek(index)[0]
    except RowError:
        return NO_VALUE
    return category(record)


def report_category(mapping: Mapping[str, str], category: str | None) -> str | None:
    """The field a report breaks results down by: ``category``, else the column mapped
    to the category role, if any."""
    return "category" if category is None and "category" in mapping else category


def category_reader(mapping: Mapping[str, str], name: str) -> Callable[[Mapping[str, Any]], str]:
    """What reads the category a record's row is in, by the field ``name`` (``data.`` and
    a field of the row's data, or the field itself), record after record."""
    read = field_reader(mapping, name[5:] if name.startswith("data.") else name)

    def category(record: Mapping[str, Any]) -> str:
        value = read(record)
        if value is MISSING or value is None or value == "":
            return NO_VALUE
        return value if isinstance(value, str) else str(value)

    return category


def dimensions(items: list[ReviewItem], seed: int) -> list[Group]:
    """Each dimension of the judges' multi-dimension verdicts, with the people's agreement
    on the last judge's (see :class:`DimensionScores`)."""
    scores = DimensionScores()
    scores.add(items)
    return scores.groups(items, seed)


class DimensionScores:
    """Each judge's score on each dimension over rows added a batch at a time."""

    def __init__(self) -> None:
        self.per_judge: dict[str, dict[str, list[float]]] = {}

    def add(self, items: Iterable[ReviewItem]) -> None:
        """Add the rows of ``items``, in row order."""
        for item in items:
            self.add_judges(item.judges)

    def add_judges(self, judges: Iterable[JudgeVerdict]) -> None:
        """Add one row's judges' verdicts (the next row's)."""
        per_judge = self.per_judge
        for judge in judges:
            for dim, score in judge.dimensions.items():
                if is_number(score):
                    per_judge.setdefault(judge.name, {}).setdefault(dim, []).append(float(score))

    def groups(self, people: list[ReviewItem], seed: int) -> list[Group]:
        """One group per judge and dimension; ``people``: the rows' items that hold a
        person's scores (others may be among them), in row order."""
        per_judge = self.per_judge
        several = len(per_judge) > 1
        last = list(per_judge)[-1] if per_judge else None
        groups = []
        for judge_name, dims in per_judge.items():
            for dim, scores in dims.items():
                name = f"{judge_name}: {dim}" if several else dim
                counts = {"ok": len(scores), "error": 0, "unparsed": 0}
                summary = Summary(len(scores), counts, "score", estimate_mean(scores, seed=seed))
                person = NOT_APPLICABLE
                if judge_name == last:  # people score the dimensions of the final verdict
                    pairs = [
                        (i.human_dimensions.get(dim), i.judge_dimensions.get(dim)) for i in people
                    ]
                    if any(human is not None for human, _ in pairs):
                        person = agreement(pairs, kind="ordinal").exact
                groups.append(Group(name, summary, person))
        return groups
