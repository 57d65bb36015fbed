"""Batch files: the requests a run would send, written for a cloud batch API or vLLM.

``export_batch`` writes every request a run of the project would send and has no stored
reply for (judges, both orders of a swapped pair, each sample; the candidate's and the
baseline's answers) as OpenAI Batch JSONL, one request a line::

    {"custom_id": KEY, "method": "POST", "url": "/v1/chat/completions", "body": {…}}

The body is what the live client sends, streaming off; ``custom_id`` is the key the run
stores the reply under, so :func:`judgedesk.core.run.batch_import.import_batch` puts each
result where a run looks for it. Files are split at 50,000 lines or 200 MB (the cloud
APIs' limits), with a ``manifest.json`` beside them.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from judgedesk.core.dataset import Dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.fileio import FileWriteError, atomic_write_text
from judgedesk.core.judge import ChatRequest, judge_version
from judgedesk.core.messages import Message, rows_said, say
from judgedesk.core.project import Project
from judgedesk.core.run.batch_pending import PENDING_FILE, Asked, PendingRequests
from judgedesk.core.run.batch_walk import Pending, Tally, find_requests
from judgedesk.core.run.selection import Selection
from judgedesk.core.run.store import Store

__all__ = [
    "MANIFEST",
    "MAX_BYTES",
    "MAX_LINES",
    "BatchExport",
    "batch_body",
    "export_batch",
    "pending_path",
]

URL = "/v1/chat/completions"
MAX_LINES = 50_000
MAX_BYTES = 200 * 1024 * 1024
MANIFEST = "manifest.json"
SCHEMA_VERSION = 1
FILE_NAME = "requests-{:03d}.jsonl"


def pending_path(project: Project) -> Path:
    """Where the requests of batch exports wait for their replies."""
    return project.state_dir / PENDING_FILE


def batch_body(request: ChatRequest) -> dict[str, Any]:
    """The body the live client sends for ``request``, not streamed (batch APIs refuse
    ``stream``; a reply read whole is the same reply)."""
    body = dataclasses.replace(request, stream=False).body()
    body.pop("stream", None)
    return body


@dataclass(frozen=True)
class BatchFile:
    """One file written: its name in the folder, its lines and its size in bytes."""

    name: str
    lines: int
    bytes: int


@dataclass
class BatchExport:
    """What an export wrote and found.

    Attributes:
        folder: where the files are.
        files: the request files, in order (none when nothing is to be asked).
        requests: lines written, each a request a run would send.
        by_model: of those, per judge (or candidate, baseline) name.
        by_role: of those, per "judge", "candidate" and "baseline".
        rows, stored, waiting, local, failed, problems: see :class:`Tally`.
    """

    folder: Path
    files: list[BatchFile] = field(default_factory=list)
    requests: int = 0
    by_model: dict[str, int] = field(default_factory=dict)
    by_role: dict[str, int] = field(default_factory=dict)
    rows: int = 0
    stored: int = 0
    waiting: int = 0
    local: int = 0
    failed: int = 0
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """A few lines for the command line."""
        return "\n".join(self.lines())

    def lines(self) -> list[str]:
        """The summary's lines, each a sentence of the core (a problem as it was said)."""
        names = ", ".join(f"{name} {count}" for name, count in self.by_model.items())
        lines: list[str] = [
            say(
                "run.batch.exported",
                "{requests} in {files} in {folder}{names}; {stored} already stored, of {rows}.",
                requests=requests_said(self.requests),
                files=files_said(len(self.files)),
                folder=str(self.folder),
                names=f" ({names})" if names else "",
                stored=replies_said(self.stored),
                rows=rows_said(self.rows),
            )
        ]
        if self.waiting:
            if self.waiting == 1:
                wait = say("run.batch.waits_one", "1 row waits")
            else:
                wait = say("run.batch.wait", "{count} rows wait", count=f"{self.waiting:,}")
            lines.append(
                say(
                    "run.batch.waiting",
                    "{wait} for the answers of the candidate or baseline model: import their "
                    "results, then export again for the judges' requests.",
                    wait=wait,
                )
            )
        if self.local:
            lines.append(
                say(
                    "run.batch.local",
                    "{count} requests go to a model file on this computer: a run asks them.",
                    count=self.local,
                )
            )
        if self.failed:
            lines.append(
                say(
                    "run.batch.would_fail",
                    "{rows} would fail in a run, for example:",
                    rows=rows_said(self.failed),
                )
            )
            lines += [f"  {problem}" for problem in self.problems]
        return lines


def requests_said(count: int) -> Message:
    """``count`` requests: "1 request", "12 requests"."""
    if count == 1:
        return say("run.requests.one", "1 request")
    return say("run.requests.many", "{count} requests", count=f"{count:,}")


def files_said(count: int) -> Message:
    """``count`` files: "1 file", "3 files"."""
    if count == 1:
        return say("run.files.one", "1 file")
    return say("run.files.many", "{count} files", count=f"{count:,}")


def replies_said(count: int) -> Message:
    """``count`` replies: "1 reply", "12 replies"."""
    if count == 1:
        return say("run.replies.one", "1 reply")
    return say("run.replies.many", "{count} replies", count=f"{count:,}")


class _Files:
    """Request files of at most ``max_lines`` lines and ``max_bytes`` bytes each."""

    def __init__(self, folder: Path, max_lines: int, max_bytes: int) -> None:
        self.folder, self.max_lines, self.max_bytes = folder, max_lines, max_bytes
        self.written: list[BatchFile] = []
        self._handle: IO[bytes] | None = None
        self._lines = self._bytes = 0
        self._parts: list[Path] = []

    def write(self, line: bytes) -> None:
        full = self._handle is not None and (
            self._lines >= self.max_lines or self._bytes + len(line) > self.max_bytes
        )
        if full:
            self._finish()
        if self._handle is None:
            part = self.folder / f".{FILE_NAME.format(len(self.written) + 1)}.part"
            self._parts.append(part)
            self._handle = part.open("wb")
        self._handle.write(line)
        self._lines += 1
        self._bytes += len(line)

    def _finish(self) -> None:
        handle, self._handle = self._handle, None
        if handle is None:
            return
        handle.close()
        name = FILE_NAME.format(len(self.written) + 1)
        os.replace(self._parts[-1], self.folder / name)
        self.written.append(BatchFile(name, self._lines, self._bytes))
        self._lines = self._bytes = 0

    def close(self) -> list[BatchFile]:
        self._finish()
        return self.written

    def abandon(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
        for part in self._parts:
            with contextlib.suppress(OSError):
                part.unlink()


def export_batch(
    project: Project,
    dataset: Dataset,
    out_dir: Path,
    *,
    selection: Selection | None = None,
    max_lines: int = MAX_LINES,
    max_bytes: int = MAX_BYTES,
    trusted_only: bool = False,
) -> BatchExport:
    """Write the requests a run of ``selection`` would send as batch files (blocking).

    Files of an earlier export to the same folder (named in its manifest) are replaced.
    Each request is also kept in the project (see :mod:`batch_pending`) until its reply
    is imported.

    Raises:
        JudgeDeskError: the project cannot run, its scripts are not trusted (with
            ``trusted_only``), or the folder cannot be written.
    """
    out_dir = Path(out_dir).expanduser()
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FileWriteError(out_dir / MANIFEST, exc) from None
    _remove_earlier(out_dir)
    export = BatchExport(out_dir)
    files = _Files(out_dir, max(1, max_lines), max(1, max_bytes))
    seen: set[str] = set()
    by_model: Counter[str] = Counter()
    by_role: Counter[str] = Counter()
    waiting: list[tuple[str, Asked]] = []

    with Store(project.store_path) as store, PendingRequests(pending_path(project)) as pending:

        def found(request: Pending) -> None:
            if request.key in seen:
                return  # the same request asked by another row: one reply serves both
            try:
                body = batch_body(request.request)
                line = {"custom_id": request.key, "method": "POST", "url": URL, "body": body}
                text = json.dumps(line, ensure_ascii=False, separators=(",", ":"))
            except (TypeError, ValueError) as exc:
                tally.fail(None, f"a request of '{request.name}' is not plain data ({exc})")
                return
            seen.add(request.key)
            files.write(text.encode("utf-8") + b"\n")
            by_model[request.name] += 1
            by_role[request.role] += 1
            asked = Asked(request.name, request.role, request.request.model, request.request.body())
            waiting.append((request.key, asked))
            if len(waiting) >= 1000:
                pending.add(waiting)
                waiting.clear()

        tally = Tally()
        try:
            tally = asyncio.run(
                find_requests(
                    project,
                    dataset,
                    store,
                    found,
                    selection=selection,
                    trusted_only=trusted_only,
                    tally=tally,
                )
            )
            pending.add(waiting)
            export.files = files.close()
        except OSError as exc:
            files.abandon()
            raise FileWriteError(out_dir / FILE_NAME.format(len(files.written) + 1), exc) from None
        except BaseException:
            files.abandon()
            raise
    export.requests = sum(by_model.values())
    export.by_model, export.by_role = dict(by_model), dict(by_role)
    export.rows, export.stored, export.waiting = tally.rows, tally.stored, tally.waiting
    export.local, export.failed, export.problems = tally.local, tally.failed, tally.problems
    atomic_write_text(out_dir / MANIFEST, json.dumps(_manifest(project, export), indent=2) + "\n")
    return export


def _remove_earlier(folder: Path) -> None:
    """Delete the request files an earlier export listed in this folder's manifest."""
    try:
        earlier = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        names = [f["name"] for f in earlier["files"] if isinstance(f, dict)]
    except (OSError, ValueError, KeyError, TypeError):
        return
    for name in names:
        if isinstance(name, str) and name == Path(name).name and name.endswith(".jsonl"):
            with contextlib.suppress(OSError):
                (folder / name).unlink()


def _manifest(project: Project, export: BatchExport) -> dict[str, Any]:
    judges = {}
    for judge in project.judges:
        if judge.enabled and judge.kind != "metric":
            try:
                source: str | None = project.read_template(judge)
            except JudgeDeskError:
                source = None
            judges[judge.name] = judge_version(judge, source)
    models = {
        role: {"name": model.name, "model": model.model_name()}
        for role, model in (("candidate", project.candidate), ("baseline", project.baseline))
        if model is not None
    }
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": "judgedesk batch requests",
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "project": project.name,
        "dataset": {
            "path": project.dataset.path,
            "fingerprint": dataset_fingerprint(project),
            "rows_looked_at": export.rows,
        },
        "judges": judges,
        "models": models,
        "url": URL,
        "custom_id": "the key the project's results file stores the reply under",
        "requests": export.requests,
        "by_model": export.by_model,
        "by_role": export.by_role,
        "already_stored": export.stored,
        "rows_waiting_for_answers": export.waiting,
        "local_requests": export.local,
        "failed_rows": export.failed,
        "problems": export.problems,
        "files": [dataclasses.asdict(f) for f in export.files],
    }


def dataset_fingerprint(project: Project) -> str:
    """The SHA-256 of the dataset file and its predictions files, to notice a change."""
    digest = hashlib.sha256()
    for path in (project.dataset_path(), *project.prediction_paths().values()):
        try:
            with path.open("rb") as handle:
                while chunk := handle.read(1 << 20):
                    digest.update(chunk)
        except OSError:
            digest.update(b"unreadable")
    return "sha256:" + digest.hexdigest()
