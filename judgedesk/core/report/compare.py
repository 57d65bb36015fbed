"""Two runs of a project side by side: which rows changed, and the figures before and after."""

from __future__ import annotations

import json
from array import array
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, TextIO, overload

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.report.figures import Summary, summarize
from judgedesk.core.review import AgreementFigures, ReviewScale, agreement, same_value
from judgedesk.core.run import Outcome, Store, outcomes, row_span


@dataclass(frozen=True)
class RowChange:
    """A row two runs judged differently."""

    row_index: int
    row_id: str
    before_status: str | None
    before: Any
    after_status: str | None
    after: Any

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class RunComparison:
    """Two runs of the same project side by side (what changed after a prompt edit).

    Attributes:
        first: the earlier run's id.
        second: the later run's id.
        rows: rows both runs have a result for.
        changed: those whose status or result differs.
        before: the first run's figures over those rows.
        after: the second run's figures over those rows.
        agreement: the two runs' verdicts compared, as two raters.
    """

    first: int
    second: int
    rows: int
    changed: Sequence[RowChange]
    before: Summary
    after: Summary
    agreement: AgreementFigures

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "second": self.second,
            "rows": self.rows,
            "changed": [c.to_dict() for c in self.changed],
            "before": self.before.to_dict(),
            "after": self.after.to_dict(),
            "agreement": self.agreement.to_dict(),
        }


def check_runs(store: Store, wanted: Sequence[int]) -> None:
    known = {run.id for run in store.runs()}
    for run_id in wanted:
        if run_id not in known:
            runs = ", ".join(str(r) for r in sorted(known)) or "none yet"
            raise JudgeDeskError(f"There is no run {run_id} in this project (runs: {runs}).")


def compare_runs(
    store: Store, first: int, second: int, scale: ReviewScale, *, seed: int = 0
) -> RunComparison:
    """Compare two runs over the rows both have a result for, reading both a chunk of
    rows at a time (each chunk's outcomes are let go once compared).

    Raises:
        JudgeDeskError: a run does not exist.
    """
    check_runs(store, [first, second])
    spans = [store.read(partial(row_span, run_id=run)) for run in (first, second)]
    compared = _Compared()
    start, last = max(span[1] for span in spans), min(span[2] for span in spans)
    for at in range(start, last + 1, CHUNK_ROWS):
        rows = (at, min(at + CHUNK_ROWS, last + 1))
        before = store.read(partial(outcomes, run_id=first, rows=rows))
        compared.add(before, store.read(partial(outcomes, run_id=second, rows=rows)))
    return compared.comparison(first, second, scale, seed)


def compare_outcomes(
    first: int,
    second: int,
    before: Mapping[int, Outcome],
    after: Mapping[int, Outcome],
    scale: ReviewScale,
    *,
    seed: int = 0,
) -> RunComparison:
    """Two runs compared from their rows' outcomes (see :func:`compare_runs`)."""
    compared = _Compared()
    compared.add(before, after)
    return compared.comparison(first, second, scale, seed)


CHUNK_ROWS = 20_000
"""Row indexes of both runs read and compared at once."""


class ChangedRows(Sequence[RowChange]):
    """The rows two runs judged differently, in row order, kept compactly: a row index,
    an id and two shared (status, value) pairs a row; each :class:`RowChange` is made
    when asked for."""

    def __init__(self) -> None:
        self.indexes = array("q")
        self.ids: list[str] = []
        self.before: list[tuple[str | None, Any]] = []
        self.after: list[tuple[str | None, Any]] = []

    def __len__(self) -> int:
        return len(self.indexes)

    @overload
    def __getitem__(self, index: int) -> RowChange: ...
    @overload
    def __getitem__(self, index: slice) -> list[RowChange]: ...
    def __getitem__(self, index: int | slice) -> RowChange | list[RowChange]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        before, after = self.before[index], self.after[index]
        return RowChange(self.indexes[index], self.ids[index], *before, *after)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ChangedRows | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ChangedRows({len(self)} rows)"


class _Compared:
    """What a comparison needs of the rows compared so far: each row's (status, value)
    in either run, the changed rows, and the pairs of verdicts, all as tuples shared by
    rows alike."""

    def __init__(self) -> None:
        self.changed = ChangedRows()
        self.before: list[tuple[str | None, Any]] = []
        self.after: list[tuple[str | None, Any]] = []
        self.pairs: list[tuple[Any, Any]] = []
        self._shared: dict[Hashable, Any] = {}

    def _share(self, made: tuple[Any, ...], key: Hashable) -> Any:
        try:
            return self._shared.setdefault(key, made)
        except TypeError:  # a verdict that is a list or an object: its own tuple
            return made

    def add(self, before: Mapping[int, Outcome], after: Mapping[int, Outcome]) -> None:
        """Add the rows both hold a result for (any rows not added yet, in any order)."""
        share, changed = self._share, self.changed
        for row in sorted(before.keys() & after.keys()):
            old, new = before[row], after[row]
            was = share((old[1], old[2]), (old[1], type(old[2]), old[2]))
            now = share((new[1], new[2]), (new[1], type(new[2]), new[2]))
            old_value, new_value = _ok_value(old), _ok_value(new)
            self.before.append(share((old[1], old_value), (old[1], type(old_value), old_value)))
            self.after.append(share((new[1], new_value), (new[1], type(new_value), new_value)))
            self.pairs.append(
                share(
                    (old_value, new_value),
                    ("pair", type(old_value), old_value, type(new_value), new_value),
                )
            )
            if not _same_result(old, new):
                changed.indexes.append(row)
                changed.ids.append(new[0])
                changed.before.append(was)
                changed.after.append(now)

    def comparison(self, first: int, second: int, scale: ReviewScale, seed: int) -> RunComparison:
        return RunComparison(
            first,
            second,
            len(self.pairs),
            self.changed,
            summarize(self.before, scale, seed=seed),
            summarize(self.after, scale, seed=seed),
            agreement(self.pairs, f"run {first}", f"run {second}"),
        )


def _ok_value(outcome: Outcome) -> Any:
    return outcome[2] if outcome[1] == "ok" else None


def _same_result(a: Outcome, b: Outcome) -> bool:
    return a[1] == b[1] and same_value(a[2], b[2])


_CHANGED = "\0the changed rows\0"
"""Stands in a report's JSON for the changed rows, which are written after it."""


def write_json(data: dict[str, Any], comparison: RunComparison | None, out: TextIO) -> None:
    """``data`` (a report's :meth:`to_dict` without its comparison) as indented JSON, with
    ``comparison`` in its place and the changed rows written a few at a time, never all
    at once: the text is that of ``json.dumps(..., ensure_ascii=False, indent=2)``."""
    if comparison is not None:
        data = {**data, "comparison": {**replace(comparison, changed=()).to_dict()}}
        data["comparison"]["changed"] = _CHANGED
    text = _dumps(data)
    head, mark, tail = text.partition(_dumps(_CHANGED))
    out.write(head)
    if mark and comparison is not None:
        changed = comparison.changed
        if not changed:
            out.write("[]")
        else:
            margin = " " * (len(head) - head.rindex("\n") - 1 - len('"changed": ') + 2)
            out.write("[")
            for start in range(0, len(changed), 1000):
                items = (
                    _dumps(c.to_dict()).replace("\n", "\n" + margin)
                    for c in changed[start : start + 1000]
                )
                out.write(("," if start else "") + ",".join("\n" + margin + item for item in items))
            out.write("\n" + margin[:-2] + "]")
    out.write(tail + "\n")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)
