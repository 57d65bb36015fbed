"""Results in the shape OpenCompass's LLM-judge evaluator writes its details in.

OpenCompass (``--dump-eval-details``) gives, for each sample, the prompt its judge was
sent (``origin_prompt``), the reference answer (``gold``) and the judge's reply
(``prediction``), and beside them the dataset's ``accuracy``. Tools made for those files
read ours: one JSON object with ``details`` (one entry per judged row) and, when the
rows' results are true/false, ``accuracy``. Each entry also names its row (``id``) and
its result (``verdict``, and ``correct`` when it is true/false).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO, Any

from judgedesk.core.report.exports.records import NOT_RUN

# OpenCompass names the speakers of a chat prompt so.
_ROLES = {"system": "SYSTEM", "user": "HUMAN", "assistant": "BOT"}


def write_opencompass(records: Iterable[dict[str, Any]], handle: IO[str]) -> int:
    """Write the judged rows of ``records`` as OpenCompass's details; returns how many.

    Rows no run judged are left out, as OpenCompass lists only the samples it evaluated.
    The prompt and reply are those of the row's last judge (the one whose verdict is the
    row's, unless a script decides). ``accuracy`` is the percentage of judged rows whose
    result is true, a row whose verdict could not be read counting as not correct (as
    OpenCompass counts a reply it cannot read); it is left out unless every result read
    is true or false.

    Written as the records come, so memory stays bounded however many rows there are.
    """
    handle.write('{\n"details": [')
    count = correct = 0
    truth_values = True
    for record in records:
        if record.get("status") == NOT_RUN:
            continue
        entry = _entry(record)
        result = record.get("result")
        if record.get("status") == "ok":
            truth_values = truth_values and isinstance(result, bool)
        correct += result is True
        handle.write(("\n" if not count else ",\n") + json.dumps(entry, ensure_ascii=False))
        count += 1
    handle.write("\n]")
    if count and truth_values:
        handle.write(f',\n"accuracy": {json.dumps(round(100 * correct / count, 4))}')
    handle.write("\n}\n")
    return count


def _entry(record: dict[str, Any]) -> dict[str, Any]:
    judges = record.get("judges") or []
    last: dict[str, Any] = judges[-1] if judges else {}
    result = record.get("result")
    entry: dict[str, Any] = {
        "origin_prompt": _origin_prompt(last),
        "gold": _text(record.get("reference")),
        "prediction": last.get("reply"),
        "id": record.get("id"),
        "verdict": result if record.get("status") == "ok" else None,
    }
    if isinstance(result, bool):
        entry["correct"] = result
    return entry


def _origin_prompt(judge: dict[str, Any]) -> Any:
    """The prompt as OpenCompass gives it: the text of a lone user message, else the chat
    as its rounds (``{"role": "HUMAN", "prompt": …}``)."""
    messages = judge.get("request")
    if not isinstance(messages, list) or not messages:
        return judge.get("prompt")
    chat = [m for m in messages if isinstance(m, dict)]
    if len(chat) == 1 and chat[0].get("role") == "user":
        return _text(chat[0].get("content"))
    return [
        {
            "role": _ROLES.get(str(m.get("role")), str(m.get("role")).upper()),
            "prompt": m.get("content"),
        }
        for m in chat
    ]


def _text(value: Any) -> Any:
    """A reference as text, as OpenCompass's ``gold`` is; structured values as JSON."""
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)
