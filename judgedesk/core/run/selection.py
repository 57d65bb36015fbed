"""Which rows a run covers: the ``Selection`` and the row indexes it chooses."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.messages import counted
from judgedesk.core.project import Project
from judgedesk.core.run.store import Store

RowPicker = Callable[[Store, Dataset | None, Project | None], Iterable[int]]
"""Chooses rows from the results store: ``pick(store, dataset, project)``."""


@dataclass(frozen=True)
class Selection:
    """Which rows a run covers.

    Attributes:
        rows: explicit row indexes, in order; None means every row.
        only: "failed" or "unparsed": of those, only rows whose latest result has that
            status; another name ("disagreements") for rows that ``pick`` chooses; None
            for no such filter.
        pick: chooses rows from what is stored, for a filter the run does not know
            itself (the review stage's rows where a person disagrees with the judge).
            A module-level function, so that a run in another process can take it.
    """

    rows: tuple[int, ...] | None = None
    only: str | None = None
    pick: RowPicker | None = None

    @classmethod
    def parse(cls, spec: str | None, only: str | None = None) -> Selection:
        """Read ``"0:100"``, ``":10"``, ``"5"`` or ``"1,4,9"`` (None: every row)."""
        if not spec:
            return cls(None, only)
        rows: list[int] = []
        try:
            for part in spec.split(","):
                part = part.strip()
                if ":" in part:
                    start, _, stop = part.partition(":")
                    rows.extend(range(int(start or 0), int(stop)))
                else:
                    rows.append(int(part))
        except ValueError:
            raise JudgeDeskError(
                f"'{spec}' is not a row selection. Use 0:100 (rows 0 to 99), 5, or 1,4,9."
            ) from None
        return cls(tuple(dict.fromkeys(rows)), only)

    def describe(self) -> str:
        """A short text for the run list."""
        text = "all rows" if self.rows is None else counted(len(self.rows), "row", "rows")
        return f"{text}, {self.only} only" if self.only else text


def selected_rows(
    selection: Selection,
    count: int,
    store: Store,
    *,
    dataset: Dataset | None = None,
    project: Project | None = None,
) -> list[int]:
    """The row indexes a selection covers in a dataset of ``count`` rows, in order.

    ``dataset`` and ``project`` are handed to the selection's ``pick`` (the review
    stage counts a person's verdicts from a dataset column with the right scale).

    Raises:
        JudgeDeskError: the selection names a row the dataset does not have.
    """
    if selection.rows is None:
        indexes = list(range(count))
    else:
        bad = [i for i in selection.rows if not 0 <= i < count]
        if bad:
            raise JudgeDeskError(
                f"Row {bad[0]} does not exist: the dataset has rows 0 to {count - 1}."
            )
        indexes = list(selection.rows)
    if selection.pick is not None:
        chosen = set(selection.pick(store, dataset, project))
        indexes = [i for i in indexes if i in chosen]
    elif selection.only in ("failed", "unparsed"):
        wanted = {"failed": "error", "unparsed": "unparsed"}[selection.only]
        latest = store.latest_results()
        indexes = [i for i in indexes if i in latest and latest[i].status == wanted]
    elif selection.only:
        raise JudgeDeskError(f"A run cannot choose the rows named {selection.only!r} by itself.")
    return indexes
