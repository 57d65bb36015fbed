"""Review packs: one reviewer's share of the rows in a file, for teams without a server.

A pack holds what a person needs to judge their rows (the question, the conversation
before it, the answer, the reference; the judge's verdict only when asked for) and the
review scale; never keys, scripts, settings or other rows. JudgeDesk opens a pack on its
own (no project, no judge), saves the reviews into it, and merges it back into the
project it came from: keyed by row and reviewer, so importing twice changes nothing.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.fileio import atomic_write_text
from judgedesk.core.messages import Message, counted, say
from judgedesk.core.project import Project
from judgedesk.core.review.human import ReviewScale, scale_for
from judgedesk.core.review.random_sample import load_sample, rows_of
from judgedesk.core.run import Merge, Review, Store

__all__ = [
    "PACK_SUFFIX",
    "PackImport",
    "PackPlan",
    "PackRow",
    "ReviewPack",
    "import_pack",
    "load_pack",
    "pack_row",
    "plan_packs",
    "row_fingerprint",
    "save_pack",
    "write_packs",
]

PACK_SUFFIX = ".jdpack"
PACK_KIND = "judgedesk-review-pack"
PACK_VERSION = 1


@dataclass(frozen=True)
class PackRow:
    """One row as a reviewer sees it in a pack.

    Attributes:
        index: the row's index in the project's dataset.
        id: the row's id.
        fingerprint: a short hash of the row's content, to notice a changed dataset.
        question: the question (the last user message of a chat).
        history: the conversation before it, one message per line; empty for one turn.
        response: the answer under review.
        reference: the reference answer; empty when there is none.
        judge: the judge's verdict as written (empty unless the pack shows it).
        judge_reply: the judge's reply (empty unless the pack shows the judge).
    """

    index: int
    id: str
    fingerprint: str
    question: str = ""
    history: str = ""
    response: str = ""
    reference: str = ""
    judge: str = ""
    judge_reply: str = ""


@dataclass
class ReviewPack:
    """A review pack in memory.

    Attributes:
        reviewer: whose pack it is.
        project: the name of the project it was made from.
        scale: the review scale (as ``ReviewScale.to_dict`` gives it).
        rows: the rows to review, in order.
        reviews: the reviewer's reviews so far, by row index.
        created: when the pack was made.
        shared: the row indexes every reviewer of the team was given (the overlap).
        instructions: a few words for the reviewer from whoever made the pack.
    """

    reviewer: str
    project: str
    scale: dict[str, Any]
    rows: list[PackRow]
    reviews: dict[int, Review] = field(default_factory=dict)
    created: float = field(default_factory=time.time)
    shared: frozenset[int] = frozenset()
    instructions: str = ""

    def review_scale(self) -> ReviewScale:
        """The scale as a :class:`ReviewScale`."""
        raw = self.scale
        return ReviewScale(
            str(raw.get("kind", "score")),
            raw.get("low"),
            raw.get("high"),
            tuple(raw.get("choices") or ()),
            tuple(raw.get("names") or ()),
        )

    def reviewed(self) -> int:
        """How many rows have a verdict."""
        return sum(1 for r in self.reviews.values() if r.verdict is not None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": PACK_KIND,
            "schema_version": PACK_VERSION,
            "reviewer": self.reviewer,
            "project": self.project,
            "created": self.created,
            "instructions": self.instructions,
            "scale": self.scale,
            "shared": sorted(self.shared),
            "rows": [row.__dict__ for row in self.rows],
            "reviews": [_review_dict(r) for _, r in sorted(self.reviews.items())],
        }


def row_fingerprint(record: Any) -> str:
    """A short hash of a row's content (its record as read)."""
    text = json.dumps(record, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def pack_row(dataset: Dataset, index: int, judge: str = "", judge_reply: str = "") -> PackRow:
    """What a reviewer needs of one row of ``dataset``."""
    row = dataset.row(index)
    data, response = row.data, row.response
    return PackRow(
        index=index,
        id=row.id,
        fingerprint=row_fingerprint(row.record),
        question=_text(data.get("question")),
        history=_text(data.get("history")),
        response=_text(response.get("content")),
        reference=_text(data.get("ref_answer")),
        judge=judge,
        judge_reply=judge_reply,
    )


def save_pack(pack: ReviewPack, path: Path) -> None:
    """Write the pack (atomically: a crash leaves the file as it was)."""
    text = json.dumps(pack.to_dict(), ensure_ascii=False, indent=1, default=str)
    atomic_write_text(path, text + "\n")


def load_pack(path: Path) -> ReviewPack:
    """Read a review pack.

    Raises:
        JudgeDeskError: the file cannot be read, is not a review pack, or was written
            by a newer JudgeDesk.
    """
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise JudgeDeskError(f"{path.name} cannot be read as a review pack ({exc}).") from None
    if not isinstance(raw, dict) or raw.get("kind") != PACK_KIND:
        raise JudgeDeskError(f"{path.name} is not a JudgeDesk review pack.")
    if int(raw.get("schema_version", 0)) > PACK_VERSION:
        raise JudgeDeskError(f"{path.name} was made by a newer JudgeDesk. Update it.")
    try:
        rows = [PackRow(**row) for row in raw["rows"]]
        reviewer = str(raw["reviewer"])
        reviews = {
            int(r["row_index"]): Review(**{**r, "reviewer": reviewer}) for r in raw["reviews"]
        }
        return ReviewPack(
            reviewer=reviewer,
            project=str(raw.get("project", "")),
            scale=dict(raw["scale"]),
            rows=rows,
            reviews=reviews,
            created=float(raw.get("created", 0.0)),
            shared=frozenset(int(i) for i in raw.get("shared", ())),
            instructions=str(raw.get("instructions", "")),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise JudgeDeskError(f"{path.name} is a damaged review pack ({exc}).") from None


@dataclass(frozen=True)
class PackPlan:
    """Which rows each reviewer gets: the shared rows (the overlap every reviewer is
    given, where people's agreement is measured) and a share of the rest.

    Attributes:
        assigned: reviewer → row indexes, in row order.
        shared: the rows every reviewer has.
        rows: how many rows were split.
    """

    assigned: dict[str, list[int]]
    shared: list[int]
    rows: int

    def summary(self) -> Message:
        """The split in a sentence, to show before any file is written."""
        people = len(self.assigned)
        rows = rows_of(self.rows)
        if people == 1:
            name, own_rows = next(iter(self.assigned.items()))
            return say(
                "review.pack.plan_one",
                "1 reviewer, {rows}: {name} {own}.",
                rows=rows,
                name=name,
                own=rows_of(len(own_rows)),
            )
        own = ", ".join(f"{name} {len(part)}" for name, part in self.assigned.items())
        return say(
            "review.pack.plan",
            "{people} reviewers, {rows}: {shared} shared by everyone (where people's "
            "agreement is measured), {split} split. Rows each: {own}.",
            people=people,
            rows=rows,
            shared=len(self.shared),
            split=self.rows - len(self.shared),
            own=own,
        )


def plan_packs(
    rows: Sequence[int], reviewers: Sequence[str], overlap: float, seed: int = 0
) -> PackPlan:
    """Split ``rows`` among ``reviewers``: a seeded share ``overlap`` (0–1) of them goes
    to everyone, the rest in turn, so the same arguments always give the same split.

    Raises:
        JudgeDeskError: no reviewer, a name given twice, no rows, or an overlap outside 0–100%.
    """
    names = [name.strip() for name in reviewers if name.strip()]
    if not names:
        raise JudgeDeskError("Name the reviewers to make packs for (e.g. --reviewers ana,bo,cy).")
    if len(set(names)) != len(names):
        raise JudgeDeskError("Each reviewer's name must be given once.")
    if not rows:
        raise JudgeDeskError("There are no rows to review.")
    if not 0.0 <= overlap <= 1.0:
        raise JudgeDeskError(f"The overlap is a share of the rows from 0% to 100%, not {overlap}.")
    order = sorted(rows)
    random.Random(seed).shuffle(order)
    count = len(order) if len(names) == 1 else round(len(order) * overlap)
    shared, rest = sorted(order[:count]), order[count:]
    assigned = {name: sorted(shared + rest[turn :: len(names)]) for turn, name in enumerate(names)}
    return PackPlan(assigned, shared, len(order))


def write_packs(
    project: Project,
    dataset: Dataset,
    plan: PackPlan,
    out_dir: Path,
    *,
    show_judge: bool = False,
    store: Store | None = None,
    instructions: str = "",
    replace_files: bool = False,
    judge_on_sample: bool = False,
) -> list[Path]:
    """Write one pack per reviewer of ``plan`` into ``out_dir``; their reviews made so
    far (from ``store``) come along, so a reviewer can go on where they stopped.

    With ``show_judge``, each row carries the judge's verdict, but the rows of the
    project's random sample: people's verdicts there correct the judge's figures, so
    they must not lean on it, and those rows are reviewed blind unless
    ``judge_on_sample`` says otherwise. A verdict given on a row that shows no judge's
    verdict is marked blind (see :class:`~judgedesk.core.review.pack_session.PackSession`).

    Raises:
        JudgeDeskError: a pack of that name is there already (a reviewer's work may be
            in it) and ``replace_files`` is False, or the folder cannot be written.
    """
    results = store.latest_results() if store is not None else {}
    scale = scale_for(project, (r.value for r in results.values() if r.status == "ok"))
    paths = {name: out_dir / f"{_file_name(name)}{PACK_SUFFIX}" for name in plan.assigned}
    there = [p.name for p in paths.values() if p.exists()]
    if there and not replace_files:
        raise JudgeDeskError(
            f"{', '.join(there)} already in {out_dir}: a reviewer's work may be in it. "
            "Choose another folder, or import those packs first."
        )
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise JudgeDeskError(f"Cannot make the folder {out_dir} ({exc}).") from None
    sample = load_sample(project) if show_judge and not judge_on_sample else None
    for name, indexes in plan.assigned.items():
        rows = []
        for index in indexes:
            shown = show_judge and (sample is None or index not in sample)
            result = results.get(index) if shown else None
            judged = result.value if result is not None and result.status == "ok" else None
            rows.append(pack_row(dataset, index, scale.name_of(judged)))
        known = store.reviews.all(name) if store is not None else {}
        pack = ReviewPack(
            reviewer=name,
            project=project.name,
            scale=scale.to_dict(),
            rows=rows,
            reviews={i: known[i] for i in indexes if i in known},
            shared=frozenset(plan.shared),
            instructions=instructions,
        )
        try:
            save_pack(pack, paths[name])
        except OSError as exc:
            raise JudgeDeskError(f"Cannot write {paths[name]} ({exc}).") from None
    return list(paths.values())


@dataclass(frozen=True)
class PackImport:
    """What merging one pack back did."""

    reviewer: str
    file: str
    rows: int
    reviewed: int
    merge: Merge

    def summary(self) -> Message:
        """What was merged, in a sentence."""
        merge = self.merge
        return say(
            "review.pack.imported",
            "{reviewer}: {reviewed} of {rows} reviewed in {file}; {added} added, "
            "{changed} changed, {unchanged} already there.",
            reviewer=self.reviewer,
            reviewed=self.reviewed,
            rows=rows_of(self.rows),
            file=self.file,
            added=merge.added,
            changed=merge.changed,
            unchanged=merge.unchanged,
        )


def import_pack(store: Store, dataset: Dataset, project: Project, path: Path) -> PackImport:
    """Merge a pack's reviews into the project's results, under the pack's reviewer.

    Raises:
        JudgeDeskError: the file is no pack, the pack was made for another project, or
            the dataset changed since (the rows are not those the reviewer judged).
    """
    pack = load_pack(path)
    if pack.project and project.name and pack.project != project.name:
        raise JudgeDeskError(
            f"{path.name} was made for the project '{pack.project}', not '{project.name}': "
            "import it into that project."
        )
    changed = [
        row.id
        for row in pack.rows
        if row.index >= len(dataset)
        or dataset.row(row.index).id != row.id
        or row_fingerprint(dataset.row(row.index).record) != row.fingerprint
    ]
    if changed:
        raise JudgeDeskError(
            f"The dataset changed since {path.name} was made: {len(changed):,} of "
            f"{counted(len(pack.rows), 'row', 'rows')} {'is' if len(changed) == 1 else 'are'} "
            f"not the same (first: '{changed[0]}'), so its "
            "verdicts would land on other answers. Import it with the dataset it was made from."
        )
    ids = {row.index: row.id for row in pack.rows}
    reviews = [
        replace(review, row_id=ids[index], reviewer=pack.reviewer, source=path.name)
        for index, review in sorted(pack.reviews.items())
        if index in ids
    ]
    merge = store.reviews.merge(reviews)
    return PackImport(pack.reviewer, path.name, len(pack.rows), pack.reviewed(), merge)


def _file_name(reviewer: str) -> str:
    """A reviewer's name made safe as a file name."""
    return re.sub(r"[^\w.-]+", "_", reviewer, flags=re.UNICODE).strip("._") or "reviewer"


def _review_dict(review: Review) -> dict[str, Any]:
    data = dict(replace(review, reviewer="", source="").__dict__)
    del data["reviewer"], data["source"]
    return data


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)
