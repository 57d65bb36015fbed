"""Batch results read back: each reply stored where a run looks for it.

A results file has one line per request (OpenAI's and vLLM's ``run_batch`` format)::

    {"id": …, "custom_id": KEY, "response": {"status_code": 200, "body": {chat.completion}},
     "error": null}

Each reply is read as the live client reads a reply and stored in the results file under
its key, with the request and who was asked, as a live call is: a run then finds it in
the cache and asks nothing. Lines with an error (or a status other than 200) are only
reported, so the next run asks those requests again. Ids that no export wrote, ids met
twice and a cut-off last line are reported and never stored twice; a file imported again
changes nothing.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgedesk.core.judge import AttemptFailure, parse_completion, with_usage
from judgedesk.core.messages import Message, say
from judgedesk.core.project import Project
from judgedesk.core.run.batch import pending_path, replies_said
from judgedesk.core.run.batch_pending import PendingRequests
from judgedesk.core.run.store import Store

__all__ = ["BatchImport", "FileImport", "import_batch"]

KEPT = 20
"""Failures and unknown ids named per import; the others are counted."""
REMOVE_BATCH = 1000
"""Answered requests forgotten at once, in one transaction."""


@dataclass
class FileImport:
    """What importing one results file did.

    Attributes:
        name: the file's name.
        lines: lines with content read (a cut-off last one included).
        stored: replies stored now.
        already: replies that were stored before (imported before, or asked by a run).
        failed: lines holding an error instead of a reply; the next run asks them again.
        unknown: lines whose ``custom_id`` no export of this project wrote.
        duplicates: lines whose ``custom_id`` came earlier in this import.
        unreadable: lines that are not a result (not JSON, no ``custom_id``).
        truncated: the last line is cut off: the file was not written to its end.
        missing: the file could not be read at all (why).
    """

    name: str
    lines: int = 0
    stored: int = 0
    already: int = 0
    failed: int = 0
    unknown: int = 0
    duplicates: int = 0
    unreadable: int = 0
    truncated: bool = False
    missing: str = ""

    @property
    def problems(self) -> int:
        broken = int(self.truncated) + int(bool(self.missing))
        return self.failed + self.unknown + self.duplicates + self.unreadable + broken

    def summary(self) -> Message:
        """What became of the file's lines, in a sentence."""
        if self.missing:
            return say(
                "run.batch_import.not_read",
                "{name}: not read. {why}",
                name=self.name,
                why=self.missing,
            )
        more = {
            "already": say(
                "run.batch_import.already", ", {count} already stored", count=f"{self.already:,}"
            ),
            "failed": "",
            "unknown": "",
            "repeated": "",
            "unreadable": "",
        }
        if self.failed:
            more["failed"] = say("run.batch_import.failed", ", {count} failed", count=self.failed)
        if self.unknown:
            more["unknown"] = say(
                "run.batch_import.unknown", ", {count} with an unknown id", count=self.unknown
            )
        if self.duplicates:
            more["repeated"] = say(
                "run.batch_import.repeated", ", {count} repeated", count=self.duplicates
            )
        if self.unreadable:
            more["unreadable"] = say(
                "run.batch_import.unreadable", ", {count} unreadable", count=self.unreadable
            )
        cut: str = ""
        if self.truncated:
            cut = say(
                "run.batch_import.cut_off",
                " The last line is cut off: the file was not written to its end.",
            )
        return say(
            "run.batch_import.file",
            "{name}: {lines} lines: {stored} stored{already}{failed}{unknown}{repeated}"
            "{unreadable}.{cut}",
            name=self.name,
            lines=self.lines,
            stored=replies_said(self.stored),
            cut=cut,
            **more,
        )


@dataclass
class BatchImport:
    """What importing results files did, per file and in all.

    Attributes:
        files: each file's counts, in the order given.
        by_model: replies stored now, per judge (or candidate, baseline) name.
        by_role: replies stored now, per "judge", "candidate" and "baseline".
        failures: (custom_id, why) of the first failed lines.
        unknown_ids: the first ids no export wrote.
        waiting: requests exported and still without a reply, after this import.
    """

    files: list[FileImport] = field(default_factory=list)
    by_model: dict[str, int] = field(default_factory=dict)
    by_role: dict[str, int] = field(default_factory=dict)
    failures: list[tuple[str, str]] = field(default_factory=list)
    unknown_ids: list[str] = field(default_factory=list)
    waiting: int = 0

    def _total(self, name: str) -> int:
        return sum(int(getattr(f, name)) for f in self.files)

    @property
    def stored(self) -> int:
        return self._total("stored")

    @property
    def already(self) -> int:
        return self._total("already")

    @property
    def failed(self) -> int:
        return self._total("failed")

    @property
    def unknown(self) -> int:
        return self._total("unknown")

    @property
    def duplicates(self) -> int:
        return self._total("duplicates")

    @property
    def unreadable(self) -> int:
        return self._total("unreadable")

    @property
    def truncated(self) -> int:
        return self._total("truncated")

    @property
    def problems(self) -> int:
        return self._total("problems")

    @property
    def answers_came(self) -> bool:
        """Whether candidate or baseline answers were stored: the judges' requests of
        their rows can be exported now."""
        return any(self.by_role.get(role) for role in ("candidate", "baseline"))

    def summary(self) -> str:
        """Lines for the command line."""
        return "\n".join(self.lines())

    def lines(self) -> list[str]:
        """The summary's lines, each a sentence of the core."""
        lines: list[str] = [f.summary() for f in self.files]
        lines += [
            say("run.batch_import.failed_line", "  failed: {key}: {why}", key=key, why=why)
            for key, why in self.failures
        ]
        lines += [
            say("run.batch_import.unknown_line", "  unknown id: {key}", key=key)
            for key in self.unknown_ids
        ]
        if self.failed:
            lines.append(
                say(
                    "run.batch_import.asked_again",
                    "The {count} failed requests are asked again by the next run.",
                    count=self.failed,
                )
            )
        if self.answers_came:
            lines.append(
                say(
                    "run.batch_import.answers_came",
                    "Answers of the candidate or baseline model came in: export again for the "
                    "judges' requests of those rows.",
                )
            )
        lines.append(
            say(
                "run.batch_import.still_waiting",
                "{count} exported requests still wait for their reply.",
                count=self.waiting,
            )
        )
        return lines


def import_batch(project: Project, files: Iterable[Path]) -> BatchImport:
    """Store the replies of batch results files in the project's results file (blocking).

    Raises:
        JudgeDeskError: the results file or the list of exported requests cannot be used.
    """
    done = BatchImport()
    seen: set[str] = set()
    by_model: Counter[str] = Counter()
    by_role: Counter[str] = Counter()
    with Store(project.store_path) as store, PendingRequests(pending_path(project)) as pending:
        reader = _Reader(store, pending, done, seen, by_model, by_role)
        for path in files:
            done.files.append(reader.read(Path(path).expanduser()))
            reader.flush()
        done.waiting = pending.count()
    done.by_model, done.by_role = dict(by_model), dict(by_role)
    return done


@dataclass
class _Reader:
    store: Store
    pending: PendingRequests
    done: BatchImport
    seen: set[str]
    by_model: Counter[str]
    by_role: Counter[str]
    answered: list[str] = field(default_factory=list)

    def read(self, path: Path) -> FileImport:
        report = FileImport(path.name)
        try:
            handle = path.open("rb")
        except OSError as exc:
            report.missing = exc.strerror or str(exc)
            return report
        with handle:
            try:
                for raw in handle:
                    if raw.strip():
                        report.lines += 1
                        self._line(raw, report)
            except OSError as exc:
                report.missing = exc.strerror or str(exc)
        return report

    def _line(self, raw: bytes, report: FileImport) -> None:
        try:
            entry = json.loads(raw)
        except ValueError:
            if raw.endswith(b"\n"):
                report.unreadable += 1
            else:  # the last line, without its end: the file was cut short
                report.truncated = True
            return
        key = entry.get("custom_id") if isinstance(entry, dict) else None
        if not isinstance(key, str) or not key:
            report.unreadable += 1
            return
        if key in self.seen:
            report.duplicates += 1
            return
        reply_body, why = _reply_body(entry)
        if reply_body is None:
            self._failed(report, key, why)
            return
        if self.store.get_call(key) is not None:
            self.seen.add(key)
            report.already += 1
            self._answered(key)
            return
        asked = self.pending.get(key)
        if asked is None:
            report.unknown += 1
            if len(self.done.unknown_ids) < KEPT:
                self.done.unknown_ids.append(key)
            return
        try:
            reply = parse_completion(json.dumps(reply_body).encode("utf-8"))
        except AttemptFailure as failure:
            self._failed(report, key, failure.detail or failure.kind)
            return
        # As the live client keeps a reply: token counts estimated when the server gave none.
        reply = with_usage(reply, asked.request.get("messages") or [])
        reply = dataclasses.replace(reply, latency=0.0, attempts=1)
        self.store.put_call(
            key,
            judge=asked.name,
            model=asked.model,
            request=asked.request,
            reply=reply.to_dict(),
            latency=reply.latency,
            attempts=reply.attempts,
        )
        self._answered(key)
        self.seen.add(key)
        report.stored += 1
        self.by_model[asked.name] += 1
        self.by_role[asked.role] += 1

    def _answered(self, key: str) -> None:
        self.answered.append(key)
        if len(self.answered) >= REMOVE_BATCH:
            self.flush()

    def flush(self) -> None:
        """Forget the exported requests answered so far."""
        self.pending.remove(self.answered)
        self.answered.clear()

    def _failed(self, report: FileImport, key: str, why: str) -> None:
        report.failed += 1
        if len(self.done.failures) < KEPT:
            self.done.failures.append((key, why))


def _reply_body(entry: Mapping[str, Any]) -> tuple[dict[str, Any] | None, str]:
    """The ``chat.completion`` of a result line, or None and why there is none."""
    error = entry.get("error")
    response = entry.get("response")
    status = response.get("status_code") if isinstance(response, dict) else None
    body = response.get("body") if isinstance(response, dict) else None
    if error:
        return None, _error_text(error)
    if status != 200:
        detail = _error_text(body.get("error")) if isinstance(body, dict) else ""
        return None, f"status {status}" + (f": {detail}" if detail else "")
    if not isinstance(body, dict):
        return None, "the line holds no reply body"
    return body, ""


def _error_text(error: Any) -> str:
    if isinstance(error, dict):
        message = error.get("message") or error.get("code") or json.dumps(error)
        return str(message)
    return str(error) if error else ""
