"""A batch runner for tests: sends each line of batch request files to an OpenAI-compatible
server and writes the results as OpenAI's Batch API (and vLLM's ``run_batch``) does.

    run_batch([Path("requests-001.jsonl")], fake.base_url, Path("results.jsonl"),
              fail={"<custom_id>"})

Each request line's ``body`` is POSTed as it is to ``{base_url}/chat/completions`` (real
HTTP); the result line carries the same ``custom_id``, ``response.status_code`` and
``response.body``. Ids in ``fail`` get an error line instead (``response`` null, an
``error`` object), as a batch reports a request that failed for good. Lines are written
in a shuffled order (seeded): batch results come in any order.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

URL = "/v1/chat/completions"


@dataclass
class BatchRun:
    """What the runner did: lines sent, answered and written as errors; the bodies sent."""

    sent: int = 0
    answered: int = 0
    errors: int = 0
    bodies: list[dict[str, Any]] = field(default_factory=list)


def read_requests(files: Iterable[Path]) -> list[dict[str, Any]]:
    """Every request line of the files, checked to be in the Batch API's shape."""
    lines: list[dict[str, Any]] = []
    for path in files:
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = json.loads(raw)
            assert set(line) == {"custom_id", "method", "url", "body"}, line
            assert line["method"] == "POST" and line["url"] == URL
            assert "stream" not in line["body"] and "stream_options" not in line["body"]
            lines.append(line)
    return lines


def run_batch(
    files: Iterable[Path],
    base_url: str,
    out: Path,
    *,
    fail: Collection[str] = (),
    seed: int = 0,
) -> BatchRun:
    """Send every request of ``files`` to ``base_url`` and write the results to ``out``."""
    done = BatchRun()
    results: list[dict[str, Any]] = []
    with httpx.Client(base_url=base_url.rstrip("/"), timeout=30, trust_env=False) as client:
        for number, line in enumerate(read_requests(files), 1):
            custom_id, body = line["custom_id"], line["body"]
            result: dict[str, Any] = {"id": f"batch_req_{number}", "custom_id": custom_id}
            if custom_id in fail:
                result["response"] = None
                result["error"] = {"code": "server_error", "message": "The model crashed."}
                done.errors += 1
                results.append(result)
                continue
            response = client.post("/chat/completions", json=body)
            done.sent += 1
            done.bodies.append(body)
            result["response"] = {
                "status_code": response.status_code,
                "request_id": f"req_{number}",
                "body": response.json(),
            }
            result["error"] = None
            done.answered += response.status_code == 200
            results.append(result)
    random.Random(seed).shuffle(results)
    out.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in results), encoding="utf-8"
    )
    return done
