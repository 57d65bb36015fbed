"""A random sample of the judged rows for people to review, kept in the project.

People's verdicts on rows picked at random say how far the judge errs over every row;
verdicts on rows a person chose (the odd ones, the disagreements) do not. The sample is
drawn uniformly from the rows whose latest result has a judge's verdict, or stratified
by a dataset field with proportional allocation (each stratum gets its share of the
sample, so every drawn row stands for as many rows as any other). The seed and the drawn
rows are kept in ``.judgedesk/sample.json`` beside the results file, so the sample is the
same for everyone who opens the project; rows judged after it was drawn are not in it.
"""

from __future__ import annotations

import json
import math
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import MISSING, Dataset, field_reader
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.fileio import atomic_file
from judgedesk.core.messages import Message, say
from judgedesk.core.project import Project
from judgedesk.core.run import Store, latest_statuses

SAMPLE_FILE = "sample.json"
"""The sample's file, in the project's ``.judgedesk`` folder."""

SAMPLE_VERSION = 1
"""The sample file's ``schema_version``."""

NO_STRATUM = "(no value)"
"""The stratum of rows whose field is empty or missing."""


def rows_of(count: int) -> Message:
    """``count`` rows in words: "1 row", "1,200 rows"."""
    if count == 1:
        return say("review.rows.one", "1 row")
    return say("review.rows.many", "{count} rows", count=f"{count:,}")


@dataclass(frozen=True)
class Stratum:
    """One value of the field a sample is stratified by.

    Attributes:
        value: the field's value (:data:`NO_STRATUM` for none).
        rows: judged rows with that value when the sample was drawn.
        drawn: how many of them the sample holds.
        weight: the stratum's share of the judged rows (``rows`` over all of them).
    """

    value: str
    rows: int
    drawn: int
    weight: float

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "rows": self.rows, "drawn": self.drawn, "weight": self.weight}


@dataclass(frozen=True)
class RandomSample:
    """Rows drawn at random from the judged rows, and how.

    Attributes:
        seed: the random generator's seed; the same seed over the same rows draws the
            same sample.
        rows: the drawn rows' indexes, sorted.
        ids: each drawn row's id, in the order of ``rows`` (the dataset's ``id`` field,
            else the row number).
        population: how many rows had a judge's verdict when it was drawn.
        by: the dataset field it is stratified by, or None for a uniform draw.
        strata: each stratum, sorted by value (empty for a uniform draw).
        created: when it was drawn (seconds since the epoch).
    """

    seed: int
    rows: tuple[int, ...]
    ids: tuple[str | int, ...]
    population: int
    by: str | None = None
    strata: tuple[Stratum, ...] = ()
    created: float = 0.0
    members: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "members", frozenset(self.rows))

    def __len__(self) -> int:
        return len(self.rows)

    def __contains__(self, row_index: object) -> bool:
        return row_index in self.members

    def summary(self) -> Message:
        """One sentence saying what was drawn."""
        if self.population == 1:
            rows = say("review.sample.judged.one", "1 judged row")
        else:
            rows = say(
                "review.sample.judged.many", "{count} judged rows", count=f"{self.population:,}"
            )
        drawn = f"{len(self.rows):,}"
        if not self.by:
            return say(
                "review.sample.summary",
                "{drawn} of {rows} drawn at random (seed {seed}).",
                drawn=drawn,
                rows=rows,
                seed=self.seed,
            )
        if len(self.strata) == 1:
            values = say("review.sample.values.one", "1 value")
        else:
            values = say(
                "review.sample.values.many", "{count} values", count=f"{len(self.strata):,}"
            )
        return say(
            "review.sample.summary_by",
            "{drawn} of {rows} drawn at random, stratified by {by} ({values}) (seed {seed}).",
            drawn=drawn,
            rows=rows,
            by=self.by,
            values=values,
            seed=self.seed,
        )

    def stratum_lines(self) -> list[Message]:
        """How many rows were drawn from each stratum ("math: 3 of 10 rows")."""
        return [
            say(
                "review.sample.stratum",
                "{value}: {drawn} of {rows}",
                value=(
                    say("review.sample.no_value", "(no value)")
                    if stratum.value == NO_STRATUM
                    else stratum.value
                ),
                drawn=f"{stratum.drawn:,}",
                rows=rows_of(stratum.rows),
            )
            for stratum in self.strata
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SAMPLE_VERSION,
            "seed": self.seed,
            "rows": list(self.rows),
            "ids": list(self.ids),
            "population": self.population,
            "by": self.by,
            "strata": [s.to_dict() for s in self.strata],
            "created": self.created,
        }


def sample_path(project: Project) -> Path:
    """Where ``project`` keeps its random sample."""
    return project.state_dir / SAMPLE_FILE


def load_sample(project: Project) -> RandomSample | None:
    """The project's random sample; None when none was drawn.

    Raises:
        JudgeDeskError: the file cannot be read, or a newer JudgeDesk wrote it.
    """
    path = sample_path(project)
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise JudgeDeskError(
            f"The random sample in {path} cannot be read ({exc}). Draw it again to replace it."
        ) from None
    version = table.get("schema_version", 0) if isinstance(table, dict) else 0
    if not isinstance(version, int) or version > SAMPLE_VERSION or version < 1:
        raise JudgeDeskError(
            f"The random sample in {path} was written by a newer JudgeDesk. Update it."
        )
    try:
        return RandomSample(
            seed=int(table["seed"]),
            rows=tuple(int(r) for r in table["rows"]),
            ids=tuple(table["ids"]),
            population=int(table["population"]),
            by=table.get("by"),
            strata=tuple(Stratum(**s) for s in table.get("strata", ())),
            created=float(table.get("created", 0.0)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise JudgeDeskError(
            f"The random sample in {path} is damaged ({exc}). Draw it again to replace it."
        ) from None


def save_sample(project: Project, sample: RandomSample) -> None:
    """Keep ``sample`` as the project's random sample, replacing any before it."""
    text = json.dumps(sample.to_dict(), ensure_ascii=False, indent=1)
    with atomic_file(sample_path(project)) as handle:
        handle.write(text.encode("utf-8"))


def judged_rows(project: Project) -> list[int]:
    """The rows whose latest result has a judge's verdict, in order (blocking)."""
    if not project.store_path.is_file():
        return []
    with Store(project.store_path, readonly=True) as store:
        statuses = store.read(latest_statuses)
    return sorted(row for row, status, value, _ in statuses if status == "ok" and value is not None)


def draw_sample(
    project: Project,
    dataset: Dataset,
    size: int,
    *,
    seed: int | None = None,
    by: str | None = None,
    replace: bool = False,
    now: float = 0.0,
) -> RandomSample:
    """Draw ``size`` judged rows at random and keep them as the project's sample (blocking).

    Args:
        project: the project, whose results say which rows have a judge's verdict.
        dataset: its dataset, for the rows' ids and the field ``by``.
        size: how many rows to draw.
        seed: the random generator's seed; a fresh one when None.
        by: a dataset field to stratify by (proportional allocation), or None.
        replace: replace a sample drawn before; without, one drawn before is an error.
        now: when it is drawn (seconds since the epoch), kept with it.

    Raises:
        JudgeDeskError: a sample exists and ``replace`` is not set, no row has a verdict,
            or ``size`` is not between 1 and the judged rows.
    """
    known = load_sample(project) if not replace else None
    if known is not None:
        raise JudgeDeskError(
            say(
                "review.sample.exists",
                "This project already has a random sample: {sample} Drawing again replaces "
                "it, and reviews given for it no longer count as the sample's: say so to "
                "replace it (--replace on the command line).",
                sample=known.summary(),
            )
        )
    rows = [r for r in judged_rows(project) if r < len(dataset)]
    sample = sample_rows(rows, dataset, size, seed=seed, by=by, now=now)
    save_sample(project, sample)
    return sample


def sample_rows(
    rows: Sequence[int],
    dataset: Dataset,
    size: int,
    *,
    seed: int | None = None,
    by: str | None = None,
    now: float = 0.0,
) -> RandomSample:
    """Draw ``size`` of ``rows`` at random (see :func:`draw_sample`), without keeping it."""
    if not rows:
        raise JudgeDeskError(
            "No row has a judge's verdict yet, so there is nothing to draw from. Run the "
            "project first."
        )
    if not 1 <= size <= len(rows):
        raise JudgeDeskError(
            f"A sample holds between 1 and {len(rows)} rows (the rows with a judge's "
            f"verdict), not {size}."
        )
    seed = secrets.randbelow(2**31) if seed is None else seed
    rng = random.Random(seed)
    population = sorted(rows)
    strata: tuple[Stratum, ...] = ()
    if by:
        groups = _strata_of(population, dataset, by)
        counts = _allocate({value: len(members) for value, members in groups.items()}, size)
        drawn: list[int] = []
        for value in sorted(groups):
            drawn += rng.sample(groups[value], counts[value])
        strata = tuple(
            Stratum(value, len(groups[value]), counts[value], len(groups[value]) / len(population))
            for value in sorted(groups)
        )
    else:
        drawn = rng.sample(population, size)
    chosen = tuple(sorted(drawn))
    has_id = _has_id(dataset)
    return RandomSample(
        seed=seed,
        rows=chosen,
        ids=tuple(_row_id(dataset, row, has_id) for row in chosen),
        population=len(population),
        by=by or None,
        strata=strata,
        created=now,
    )


def _strata_of(rows: Sequence[int], dataset: Dataset, by: str) -> dict[str, list[int]]:
    if by not in dataset.fields() and by not in dataset.mapping and "." not in by:
        raise JudgeDeskError(
            f"The dataset has no field '{by}' to stratify by. Its fields: "
            f"{', '.join(dataset.fields()) or 'none'}."
        )
    read = field_reader(dataset.mapping, by)
    groups: dict[str, list[int]] = {}
    for row in rows:
        value = read(dataset.peek(row)[0])
        key = NO_STRATUM if value is MISSING or value is None or value == "" else str(value)
        groups.setdefault(key, []).append(row)
    return groups


def _allocate(sizes: Mapping[str, int], size: int) -> dict[str, int]:
    """Each stratum's share of ``size``, proportional to its rows, rounded by the largest
    remainders so the shares add up to ``size`` exactly."""
    total = sum(sizes.values())
    exact = {value: size * rows / total for value, rows in sizes.items()}
    counts = {value: math.floor(share) for value, share in exact.items()}
    left = size - sum(counts.values())
    by_remainder = sorted(exact, key=lambda v: (-(exact[v] - counts[v]), v))
    for value in by_remainder[:left]:
        counts[value] += 1
    return counts


def _row_id(dataset: Dataset, row: int, has_id: bool) -> str | int:
    """The row's id from the dataset's ``id`` field, else its row number."""
    found = dataset.row(row)
    return row if found.id == str(row) and not has_id else found.id


def _has_id(dataset: Dataset) -> bool:
    return "id" in dataset.mapping or "id" in dataset.fields()
