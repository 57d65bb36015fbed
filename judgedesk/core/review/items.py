"""The rows of a review: what the judge and the person said, and how the queue picks them."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from judgedesk.core.dataset import text_contains
from judgedesk.core.review.two_raters import Side, is_number
from judgedesk.core.run import (
    ResultRecord,
    Review,
    RowDetail,
    VerdictDetail,
    judge_steps,
    row_confidence,
    verdict_of,
)

SHOW = (
    "all",
    "unreviewed",
    "reviewed",
    "disagreements",
    "flagged",
    "errors",
    "unparsed",
    "stale",
    "split",
    "adjudicated",
)
PEOPLE = "people"
"""The reviewer name of a row's review that stands for several reviewers' (in reports)."""

SORTS = ("row", "disagreement", "score", "score_desc", "confidence", "updated")
JUDGE_SORTS = ("score", "score_desc", "confidence")
"""The sorts by the judge's verdict or how sure it was, which blind mode ignores (they
would reveal it)."""


@dataclass(frozen=True)
class JudgeVerdict:
    """One judge's parsed verdict on a row (from the result's per-judge detail)."""

    name: str
    ok: bool
    value: Any
    label: str | None
    dimensions: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class ReviewItem:
    """A row as the review sees it: the judge's result, the review, the dataset's label.

    Attributes:
        row_index: the row's index.
        row_id: the row's id.
        result: its latest result (or the chosen run's), None when never run.
        review: the person's review, None when there is none.
        dataset_value: the human verdict the dataset's ``human`` column holds, if any.
        judges: each judge's own verdict, in the order they ran.
        others: the other reviewers' reviews of the row.
        people_value: the other reviewers' consensus verdict (majority, or mean for
            scores), None when they gave none or are split evenly.
        adjudicated: the verdict decided where reviewers disagree, if any.
    """

    row_index: int
    row_id: str
    result: ResultRecord | None
    review: Review | None
    dataset_value: Any = None
    judges: tuple[JudgeVerdict, ...] = ()
    others: tuple[Review, ...] = ()
    people_value: Any = None
    adjudicated: Any = None

    @property
    def status(self) -> str | None:
        """ "ok", "error" or "unparsed"; None when the row has no result."""
        return self.result.status if self.result else None

    @property
    def judge_value(self) -> Any:
        """The row's final result (None unless the status is "ok")."""
        return self.result.value if self.result and self.result.status == "ok" else None

    @property
    def human(self) -> tuple[Any, str | None]:
        """The person's verdict and where it comes from.

        The source is "review" (given by hand), "agree" (the person agreed with the
        judge's verdict, which becomes theirs), "disagree" (disagreed with a true/false
        verdict, so theirs is the opposite), "adjudicated" (decided where reviewers
        disagree), "people" (the other reviewers' consensus), "dataset" (the dataset's
        human column), or None when there is no human verdict. The person's own review
        wins, then the adjudicated verdict, the other reviewers', the dataset's.
        """
        review = self.review
        if review is not None:
            if review.value is not None:
                return review.value, "review"
            if review.agree is True and review.judge_status == "ok":
                return review.judge_value, "agree"
            if review.agree is False and isinstance(review.judge_value, bool):
                return (not review.judge_value), "disagree"
        if self.adjudicated is not None:
            return self.adjudicated, "adjudicated"
        if self.people_value is not None:
            return self.people_value, "people"
        if self.dataset_value is not None:
            return self.dataset_value, "dataset"
        return None, None

    @property
    def human_value(self) -> Any:
        return self.human[0]

    @property
    def reviewed(self) -> bool:
        """The person gave a verdict or said whether they agree."""
        review = self.review
        return review is not None and (review.value is not None or review.agree is not None)

    @property
    def flagged(self) -> bool:
        return self.review is not None and self.review.flag

    @property
    def stale(self) -> bool:
        """The judge's result changed (or the row's id did) since the review was made."""
        review = self.review
        if review is None or review.judge_status is None:
            return False
        if review.row_id != self.row_id:
            return True
        current = self.result
        if current is None:
            return True
        return review.judge_status != current.status or not same_value(
            review.judge_value, current.value
        )

    @property
    def disagreement(self) -> float | None:
        """How far the person and the judge are apart: 0 when they agree, the absolute
        difference for scores, 1 for different labels or a plain "disagree"; None when
        it is not known (no human verdict, or no judge verdict)."""
        human, judge = self.human_value, self.judge_value
        if human is None:
            return 1.0 if self.review is not None and self.review.agree is False else None
        if judge is None:
            return None
        if isinstance(human, Side) and is_number(judge):
            # A plain "A" or "B" agrees with every verdict on its side, however strong.
            same_side = judge < 3 if human < 3 else judge > 3
            return 0.0 if same_side else abs(float(human) - float(judge))
        if is_number(human) and is_number(judge):
            return abs(float(human) - float(judge))
        return 0.0 if same_value(human, judge) else 1.0

    @property
    def confidence(self) -> float | None:
        """How sure the judge was of its verdict (read from its probabilities), None
        when the row was not judged with them."""
        result = self.result
        if result is None or result.status != "ok":
            return None
        return row_confidence(result.detail)

    @property
    def judge_dimensions(self) -> dict[str, float]:
        """The last judge's per-dimension scores (multi-dimension JSON verdicts)."""
        return dict(self.judges[-1].dimensions) if self.judges else {}

    @property
    def human_dimensions(self) -> dict[str, float]:
        """The person's own per-dimension scores."""
        return dict(self.review.dimensions) if self.review is not None else {}

    def judge_visible(self, blind: bool) -> bool:
        """Whether the judge's verdict (and the other reviewers') may be shown: always,
        or in blind mode only once the person has given their own."""
        return not blind or self.reviewed

    @property
    def combined(self) -> bool:
        """The row's human verdict combines several reviewers' (and none decided it)."""
        if self.adjudicated is not None:
            return False
        review = self.review
        return self.human[1] == "people" or (review is not None and review.reviewer == PEOPLE)

    @property
    def verdicts(self) -> dict[str, Any]:
        """Every reviewer's verdict on the row, the person's own included: name → verdict."""
        given = {r.reviewer: r.verdict for r in self.others if r.verdict is not None}
        if self.review is not None and self.review.verdict is not None:
            given[self.review.reviewer] = self.review.verdict
        return given

    @property
    def split(self) -> bool:
        """Reviewers gave the row different verdicts."""
        values = list(self.verdicts.values())
        return any(not same_value(values[0], other) for other in values[1:])


def same_value(a: Any, b: Any) -> bool:
    """Equal verdicts, with True never equal to the score 1."""
    return bool(a == b) and isinstance(a, bool) == isinstance(b, bool)


@dataclass(frozen=True)
class ReviewFilter:
    """Which rows the queue shows.

    Attributes:
        show: one of :data:`SHOW`: every row, rows the person has not yet reviewed,
            reviewed ones, disagreements (the person and the judge differ, or the person
            disagreed), flagged, failed ("errors"), unreadable verdicts ("unparsed"),
            reviews made before the judge's result changed ("stale"), rows reviewers
            gave different verdicts ("split"), or rows with an adjudicated verdict.
        score_min: only rows whose judge score is at least this.
        score_max: only rows whose judge score is at most this.
        text: only rows holding this text (any dataset field, the note, the verdicts,
            the error), ignoring case. Searching reads the dataset.
        rows: only these rows (e.g. the rows two runs judged differently).
        confidence_below: only rows whose verdict was read with a confidence below
            this (rows judged without probabilities are left out).
        blind: blind mode, where nothing may show the judge's verdict: the judge-score
            range, the confidence bound and the sorts by the judge's verdict
            (:data:`JUDGE_SORTS`) are ignored.
    """

    show: str = "all"
    score_min: float | None = None
    score_max: float | None = None
    text: str = ""
    rows: frozenset[int] | None = None
    confidence_below: float | None = None
    blind: bool = False


@dataclass(frozen=True)
class ReviewProgress:
    """How far reviewing has got.

    Attributes:
        total: rows in the review.
        reviewed: rows the person gave a verdict for (or agreed / disagreed).
        agreed: of those, rows where the person and the judge agree.
        disagreed: rows where they disagree.
        flagged: rows flagged.
        stale: reviews made before the judge's result changed.
        from_dataset: rows whose only human verdict comes from the dataset.
        decided: rows whose human verdict was decided where reviewers disagreed.
        combined: rows whose human verdict combines several reviewers' (their majority,
            or mean for scores).
    """

    total: int
    reviewed: int
    agreed: int
    disagreed: int
    flagged: int
    stale: int
    from_dataset: int
    decided: int = 0
    combined: int = 0

    def to_dict(self) -> dict[str, int]:
        return dict(self.__dict__)


def said_about(items: Iterable[ReviewItem]) -> list[ReviewItem]:
    """The items somebody said something about (a review, an adjudicated verdict, other
    reviewers' verdicts, a dataset label): the only ones with a human verdict, and
    the only ones :func:`progress_of` counts."""
    return [
        i
        for i in items
        if i.review is not None
        or i.adjudicated is not None
        or i.people_value is not None
        or i.dataset_value is not None
        or i.others
    ]


def progress_of(items: Collection[ReviewItem], total: int) -> ReviewProgress:
    """How far reviewing has got over ``total`` rows, ``items`` holding every row that
    anybody said anything about (a row's result alone counts in no figure but the total)."""
    reviewed = [i for i in items if i.reviewed]
    return ReviewProgress(
        total=total,
        reviewed=len(reviewed),
        agreed=sum(1 for i in reviewed if i.disagreement == 0),
        disagreed=sum(1 for i in items if disagrees(i)),
        flagged=sum(1 for i in items if i.flagged),
        stale=sum(1 for i in items if i.stale),
        from_dataset=sum(1 for i in items if i.human[1] == "dataset"),
        decided=sum(1 for i in items if i.adjudicated is not None),
        combined=sum(1 for i in items if i.combined),
    )


def build_item(
    index: int,
    result: ResultRecord | None,
    review: Review | None,
    label: Any,
    **people: Any,
) -> ReviewItem:
    """The item of one row from its result, review and dataset label (any may be None);
    ``people`` holds ``others``, ``people_value`` and ``adjudicated`` when known."""
    row_id = result.row_id if result else review.row_id if review else str(index)
    judges = judge_verdicts(result.detail) if result is not None else ()
    return ReviewItem(index, row_id, result, review, label, judges, **people)


def judge_verdicts(detail: RowDetail) -> tuple[JudgeVerdict, ...]:
    """Each judge's own verdict in a row's result detail, in the order they ran."""
    judges: list[JudgeVerdict] = []
    for step in judge_steps(detail):
        verdict: VerdictDetail | dict[str, Any] = verdict_of(step) or {}
        judges.append(
            JudgeVerdict(
                name=str(step.get("judge", "")),
                ok=bool(verdict.get("ok")),
                value=verdict.get("value") if verdict.get("ok") else None,
                label=verdict.get("label"),
                dimensions=dict(verdict.get("dimensions") or {}),
            )
        )
    return tuple(judges)


def disagrees(item: ReviewItem) -> bool:
    """The person and the judge differ (or the person said they disagree)."""
    size = item.disagreement
    return size is not None and size > 0


def in_range(value: Any, low: float | None, high: float | None) -> bool:
    """A score within the bounds given (any value when no bound is given)."""
    if low is None and high is None:
        return True
    if not is_number(value):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def item_holds(item: ReviewItem, text: str) -> bool:
    """The text is in the row's id, note, verdicts or error (the dataset is apart)."""
    review, result = item.review, item.result
    values: list[Any] = [item.row_id, [j.label for j in item.judges]]
    if review is not None:
        values += [review.note, review.value]
    if result is not None:
        values += [result.error, result.value]
    return text_contains(values, text)


# What each choice of ReviewFilter.show keeps, and how each sort orders the queue.
SHOW_TESTS: dict[str, Callable[[ReviewItem], bool]] = {
    "all": lambda item: True,
    "unreviewed": lambda item: not item.reviewed,
    "reviewed": lambda item: item.reviewed,
    "disagreements": disagrees,
    "flagged": lambda item: item.flagged,
    "errors": lambda item: item.status == "error",
    "unparsed": lambda item: item.status == "unparsed",
    "stale": lambda item: item.stale,
    "split": lambda item: item.split,
    "adjudicated": lambda item: item.adjudicated is not None,
}


def _score(item: ReviewItem) -> float:
    value = item.judge_value
    return float(value) if is_number(value) or isinstance(value, bool) else math.inf


SORT_KEYS: dict[str, Callable[[ReviewItem], Any]] = {
    "row": lambda item: item.row_index,
    "disagreement": lambda item: (
        -(item.disagreement if item.disagreement is not None else -1.0),
        item.row_index,
    ),
    "score": lambda item: (_score(item), item.row_index),
    "score_desc": lambda item: (
        -_score(item) if _score(item) != math.inf else math.inf,
        item.row_index,
    ),
    "confidence": lambda item: (least_sure(item), item.row_index),
    "updated": lambda item: (-(item.review.updated if item.review else -1.0), item.row_index),
}


def least_sure(item: ReviewItem) -> float:
    """The row's confidence, for putting the least sure first (rows without one last)."""
    confidence = item.confidence
    return math.inf if confidence is None else confidence


def below(item: ReviewItem, bound: float | None) -> bool:
    """The row's verdict was read with a confidence below ``bound`` (any row without one)."""
    if bound is None:
        return True
    confidence = item.confidence
    return confidence is not None and confidence < bound
