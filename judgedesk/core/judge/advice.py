"""Sentences that explain a failed judge call to a person and say what to do next."""

from __future__ import annotations

import json
from typing import Any

from judgedesk.core.judge.presets import preset_for_url

_DETAIL_LIMIT = 300


def server_detail(body: bytes) -> str:
    """The error text a server put in its reply body, shortened; "" when there is none."""
    if not body:
        return ""
    try:
        data: Any = json.loads(body)
    except ValueError:
        text = body[: _DETAIL_LIMIT * 2].decode("utf-8", "replace")
        # An HTML error page says nothing useful in a sentence.
        if text.lstrip().startswith("<"):
            return ""
        return _shorten(text)
    if isinstance(data, dict):
        error = data.get("error", data.get("detail", data.get("message")))
        if isinstance(error, dict):
            error = error.get("message") or error.get("msg") or error.get("type")
        if isinstance(error, list) and error and isinstance(error[0], dict):
            # FastAPI-style validation errors: a list of {"loc": …, "msg": …}.
            error = error[0].get("msg")
        if isinstance(error, str):
            return _shorten(error)
    return ""


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    if len(text) > _DETAIL_LIMIT:
        text = text[: _DETAIL_LIMIT - 1] + "…"
    return text


def _with_detail(sentence: str, detail: str) -> str:
    if not detail:
        return sentence + "."
    return f"{sentence}: {detail.rstrip('.')}."


def _start_hint(base_url: str) -> str:
    preset = preset_for_url(base_url)
    if preset is None or not preset.start_hint:
        return ""
    return f" ({preset.start_hint})"


def describe(
    kind: str,
    base_url: str,
    *,
    status: int | None = None,
    detail: str = "",
    reason: str = "",
    timeout: float | None = None,
    has_key: bool = False,
    listing: bool = False,
) -> str:
    """A message for a failure of ``kind`` at ``base_url``.

    Args:
        kind: the error kind (see ``ERROR_KINDS``).
        base_url: the judge's endpoint, shown as the person typed it.
        status: the HTTP status, when the server answered.
        detail: what the server or the connection said, already free of secrets.
        reason: a finer cause: "refused" or "reset" for "connect", "certificate" or
            "protocol" for "tls", "redirect" for "bad_request".
        timeout: the read timeout in seconds, for "timeout".
        has_key: whether an API key was sent, for "auth".
        listing: the failure happened while listing models ("Test connection").
    """
    url = base_url
    code = f"HTTP {status}" if status is not None else ""
    if kind == "connect":
        if reason == "reset":
            return _with_detail(
                f"The connection to {url} was closed before the reply was complete. The "
                "server may have crashed or restarted; check that it is still running and "
                "look at its log",
                "",
            )
        return (
            f"Nothing answered at {url}. Is the server running?{_start_hint(url)} "
            "Check the address and the port number."
        )
    if kind == "dns":
        return (
            f"The computer named in {url} could not be found. Check the spelling of the "
            "address and the network connection."
        )
    if kind == "tls":
        if reason == "certificate":
            return (
                f"The secure (https) connection to {url} failed because its certificate "
                "was not accepted. Check the computer's date and time; for a server with a "
                "self-signed certificate, install that certificate or use http:// on a local "
                "network."
            )
        return (
            f"A secure (https) connection to {url} could not be set up. If this is a local "
            "server, it probably speaks plain http: change https:// to http://."
        )
    if kind == "timeout":
        seconds = f" within {timeout:g} seconds" if timeout else " in time"
        return (
            f"{url} did not answer{seconds}. A local model may still be loading or be too "
            "slow for this request: wait and try again, or raise the judge's timeout."
        )
    if kind == "auth":
        if has_key:
            advice = "The API key is wrong or has no access: check the judge's API key."
        else:
            advice = "No API key was sent, and this server needs one: set the judge's API key."
        return f"{_with_detail(f'{url} refused the request ({code})', detail)} {advice}"
    if kind == "not_found":
        if listing:
            if url.rstrip("/").endswith("/v1"):
                return (
                    f"{url}/models was not found ({code}). Check the address: this server "
                    "may not offer the OpenAI-compatible API at this path."
                )
            return (
                f"{url}/models was not found ({code}). The URL is probably missing /v1: "
                f"try {url.rstrip('/')}/v1."
            )
        advice = "Check the judge's model name"
        if not url.rstrip("/").endswith("/v1"):
            advice += " and that the URL ends with /v1"
        return f"{_with_detail(f'{url} answered not found ({code})', detail)} {advice}."
    if kind == "rate_limited":
        return (
            f"{_with_detail(f'{url} is limiting how fast requests may be sent ({code})', detail)}"
            " Lower the judge's concurrency or set a rate limit (requests per minute), then "
            "retry the failed rows."
        )
    if kind == "server":
        what = f"The server at {url} failed" + (f" ({code})" if code else "")
        return (
            f"{_with_detail(what, detail)} It may be overloaded or out of memory: check its "
            "log, then retry the failed rows."
        )
    if kind == "bad_request":
        if reason == "redirect":
            return (
                f"{url} redirected the request to {detail or 'another address'}. Use that "
                "address as the judge's base URL."
            )
        return (
            f"{_with_detail(f'{url} rejected the request ({code})', detail)} Check the "
            "judge's model name and its generation parameters."
        )
    if kind == "bad_reply":
        if listing:
            return (
                f"This does not look like an OpenAI-compatible server: {url}/models answered "
                "without a list of models. Check the address (it usually ends with /v1)."
            )
        return (
            f"{_with_detail(f'{url} answered, but not in the OpenAI chat format', detail)} "
            "Check that the address points to an OpenAI-compatible endpoint (it usually "
            "ends with /v1), then retry the failed rows."
        )
    if kind == "cut_stream":
        what = f"The streamed reply from {url} stopped before it was complete"
        return (
            f"{_with_detail(what, detail)} The server may have crashed or hit a limit: retry "
            "the failed rows, or turn streaming off for this judge."
        )
    return _with_detail(f"The call to {url} failed", detail)
