"""A tuning part and a test part of the rows people gave a verdict on.

Calibrating a judge with people's verdicts uses them twice: some rows show the judge
examples and pick the judge (the **tuning** part), the others measure how well the chosen
judge agrees with people on rows it never learnt from (the **test** part). Figures on the
rows a judge was tuned on flatter it; only the test part says what to expect.

How a row is placed. A row's stratum is the people's verdict on it (true / false, the
label, the score rounded to a whole number). The row's part is then a pure function of
the project's seed, the row's id and its stratum: the SHA-256 of the three, read as a
number ``u`` in [0, 1), puts the row in the tuning part when ``u < share``. So:

- the split is **seeded**: another seed draws another split, the same seed the same one;
- it is **stratified**: within each verdict, every row has the same chance ``share`` of
  being for tuning, so each verdict is in both parts in proportion (in expectation: a
  verdict given three times may fall all in one part);
- it is **stable**: a row's part depends on nothing else, so reviewing more rows never
  moves a row already placed. A row moves only when the people's verdict on it changes
  (its stratum changes), as it should: it is then another labelled example.

The people's verdict on a row is gathered as the review stage reads it everywhere: every
reviewer's verdicts in the results file (their own, labels imported from files, review
packs), the dataset's reviewer columns and its ``human`` column, made one by their
consensus (:func:`~judgedesk.core.review.people_verdict.consensus`); a verdict decided
where reviewers disagreed (an adjudication) comes first.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judgedesk.core.dataset import Dataset, reviewer_columns
from judgedesk.core.errors import JudgeDeskError, RowError
from judgedesk.core.project import Project
from judgedesk.core.review.human import ReviewScale, read_labels, scale_for
from judgedesk.core.review.people_verdict import consensus
from judgedesk.core.review.team import ME
from judgedesk.core.run import Store

__all__ = [
    "MIN_PART",
    "TEST_GOAL",
    "CalibrationSplit",
    "Labelled",
    "labelled_rows",
    "part_of",
    "project_split",
    "split_rows",
]

MIN_PART = 5
"""Rows each part needs at least for its figures to mean something."""
TEST_GOAL = 30
"""A test part this big gives a κ interval narrow enough to tell judges apart."""

TUNING = "tuning"
TEST = "test"


@dataclass(frozen=True)
class Labelled:
    """A row people gave a verdict on.

    Attributes:
        index: the row's index in the dataset.
        row_id: the row's id (the dataset's ``id`` field, else its index).
        verdict: the people's verdict (their consensus, or the adjudicated one).
        label: how the verdict is shown ("correct", "A>B", "7").
        note: the reviewers' notes, joined.
    """

    index: int
    row_id: str
    verdict: Any
    label: str = ""
    note: str = ""


def stratum(verdict: Any) -> str:
    """The stratum of a verdict: numbers by their nearest whole number, the rest as
    written; True and 1 are told apart."""
    if isinstance(verdict, bool):
        return f"bool:{verdict}"
    if isinstance(verdict, int | float):
        return f"number:{round(verdict)}" if math.isfinite(verdict) else f"number:{verdict}"
    return f"label:{verdict}"


def part_of(seed: int, row_id: str, verdict: Any, share: float) -> str:
    """The part of a row: "tuning" or "test" (see the module docstring)."""
    text = f"{seed}\x1f{stratum(verdict)}\x1f{row_id}".encode()
    u = int.from_bytes(hashlib.sha256(text).digest()[:8], "big") / 2**64
    return TUNING if u < share else TEST


@dataclass(frozen=True)
class CalibrationSplit:
    """The labelled rows in their two parts.

    Attributes:
        seed: the split's seed.
        share: the share of rows meant for tuning.
        rows: every labelled row, by index.
        tuning: the indexes of the tuning rows, ascending.
        test: the indexes of the test rows, ascending.
    """

    seed: int
    share: float
    rows: Mapping[int, Labelled]
    tuning: tuple[int, ...]
    test: tuple[int, ...]

    def ids(self, part: str) -> list[str]:
        """The row ids of a part ("tuning" or "test"), in row order."""
        indexes = self.tuning if part == TUNING else self.test
        return [self.rows[i].row_id for i in indexes]

    def more_needed(self, part: int = MIN_PART) -> int:
        """About how many more rows need a person's verdict for both parts to have
        ``part`` rows (0 when they have)."""
        if min(len(self.tuning), len(self.test)) >= part:
            return 0
        thinner = min(self.share, 1.0 - self.share)
        wanted = math.ceil(part / thinner) if thinner > 0 else part
        return max(1, wanted - len(self.rows))

    def require_parts(self) -> None:
        """Refuse a split whose parts are too small to measure a judge on.

        Raises:
            JudgeDeskError: a part has fewer than :data:`MIN_PART` rows; the message
                says about how many more rows need a person's verdict.
        """
        more = self.more_needed()
        if not more:
            return
        raise JudgeDeskError(
            f"Too few rows have a person's verdict to calibrate: {len(self.rows)} "
            f"({len(self.tuning)} for tuning, {len(self.test)} for the test; each part needs "
            f"{MIN_PART}). Review about {more} more rows, or import labels with "
            "`judgedesk review import`."
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "share": self.share,
            "tuning": self.ids(TUNING),
            "test": self.ids(TEST),
        }


def split_rows(rows: Mapping[int, Labelled], share: float, seed: int) -> CalibrationSplit:
    """Place each labelled row in the tuning or the test part.

    Raises:
        JudgeDeskError: ``share`` is not strictly between 0 and 1.
    """
    if not 0.0 < share < 1.0:
        raise JudgeDeskError(
            f"The tuning share must be between 0 and 1 (not {share}); 0.5 is half and half."
        )
    tuning: list[int] = []
    test: list[int] = []
    for index in sorted(rows):
        row = rows[index]
        (tuning if part_of(seed, row.row_id, row.verdict, share) == TUNING else test).append(index)
    return CalibrationSplit(seed, share, dict(rows), tuple(tuning), tuple(test))


def labelled_rows(
    store: Store, dataset: Dataset, project: Project | None, scale: ReviewScale | None = None
) -> dict[int, Labelled]:
    """Every row people gave a verdict on, with that verdict (module docstring).

    Reads the results file and the dataset's label columns: call it off the GUI thread.
    """
    reviews = store.reviews.everyone()
    given: dict[str, dict[int, Any]] = {}
    notes: dict[int, list[str]] = {}
    for name, by_row in reviews.items():
        for row, review in by_row.items():
            if review.verdict is not None:
                given.setdefault(name or ME, {})[row] = review.verdict
            if review.note.strip():
                notes.setdefault(row, []).append(review.note.strip())
    if scale is None:
        scale = scale_for(project, [v for verdicts in given.values() for v in verdicts.values()])
    rows = range(len(dataset))
    columns = dict(reviewer_columns(dataset.mapping))
    if dataset.mapping.get("human"):
        columns.setdefault("human", dataset.mapping["human"])
    for name, column in columns.items():
        read = read_labels(dataset, rows, scale, column)[0]
        if read:
            given.setdefault(name, read)
    decided = {row: d.value for row, d in store.adjudications.all().items()}
    everyone = list(given.values())
    found: dict[int, Labelled] = {}
    for index in sorted({row for verdicts in everyone for row in verdicts} | set(decided)):
        verdict = decided.get(index)
        if verdict is None:
            verdict = consensus([v.get(index) for v in everyone], scale.level)
        if verdict is None or not 0 <= index < len(dataset):
            continue
        try:
            row_id = dataset.row(index).id
        except RowError:
            continue
        note = " / ".join(notes.get(index, []))
        found[index] = Labelled(index, row_id, verdict, scale.name_of(verdict), note)
    return found


def project_split(
    store: Store,
    dataset: Dataset,
    project: Project,
    *,
    share: float | None = None,
    seed: int | None = None,
) -> CalibrationSplit:
    """The project's split (its ``[calibration]`` share and seed, unless given)."""
    rows = labelled_rows(store, dataset, project)
    share = project.calibration.share if share is None else share
    seed = project.calibration.seed if seed is None else seed
    return split_rows(rows, share, seed)
