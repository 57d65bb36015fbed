"""Sentences that explain a failed judge call to a person and say what to do next."""

from __future__ import annotations

import json
from typing import Any

from judgedesk.core.judge.presets import preset_for_url
from judgedesk.core.messages import Message, say

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


def _with_detail(sentence: Message, detail: str) -> Message:
    if not detail:
        return say("judge.sentence", "{sentence}.", sentence=sentence)
    return say(
        "judge.detail", "{sentence}: {detail}.", sentence=sentence, detail=detail.rstrip(".")
    )


def _coded(with_code: Message, without: Message, code: str) -> Message:
    """The sentence with the HTTP status when there is one."""
    return with_code if code else without


def _start_hint(base_url: str) -> str:
    preset = preset_for_url(base_url)
    if preset is None or not preset.start_hint:
        return ""
    return say("judge.start_hint", " ({hint})", hint=preset.start_hint)


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
) -> Message:
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
            return say(
                "judge.reset",
                "The connection to {url} was closed before the reply was complete. The "
                "server may have crashed or restarted; check that it is still running and "
                "look at its log.",
                url=url,
            )
        return say(
            "judge.refused",
            "Nothing answered at {url}. Is the server running?{hint} Check the address and "
            "the port number.",
            url=url,
            hint=_start_hint(url),
        )
    if kind == "dns":
        return say(
            "judge.dns",
            "The computer named in {url} could not be found. Check the spelling of the "
            "address and the network connection.",
            url=url,
        )
    if kind == "tls":
        if reason == "certificate":
            return say(
                "judge.certificate",
                "The secure (https) connection to {url} failed because its certificate "
                "was not accepted. Check the computer's date and time; for a server with a "
                "self-signed certificate, install that certificate or use http:// on a local "
                "network.",
                url=url,
            )
        return say(
            "judge.tls",
            "A secure (https) connection to {url} could not be set up. If this is a local "
            "server, it probably speaks plain http: change https:// to http://.",
            url=url,
        )
    if kind == "timeout":
        if timeout:
            return say(
                "judge.timeout",
                "{url} did not answer within {seconds} seconds. A local model may still be "
                "loading or be too slow for this request: wait and try again, or raise the "
                "judge's timeout.",
                url=url,
                seconds=f"{timeout:g}",
            )
        return say(
            "judge.late",
            "{url} did not answer in time. A local model may still be loading or be too "
            "slow for this request: wait and try again, or raise the judge's timeout.",
            url=url,
        )
    if kind == "auth":
        refused = _coded(
            say("judge.auth", "{url} refused the request ({code})", url=url, code=code),
            say("judge.auth.plain", "{url} refused the request", url=url),
            code,
        )
        if has_key:
            advice = say(
                "judge.auth.key",
                "The API key is wrong or has no access: check the judge's API key.",
            )
        else:
            advice = say(
                "judge.auth.no_key",
                "No API key was sent, and this server needs one: set the judge's API key.",
            )
        return say(
            "judge.advice",
            "{problem} {advice}",
            problem=_with_detail(refused, detail),
            advice=advice,
        )
    if kind == "not_found":
        if listing:
            if url.rstrip("/").endswith("/v1"):
                return say(
                    "judge.models_missing",
                    "{url}/models was not found ({code}). Check the address: this server "
                    "may not offer the OpenAI-compatible API at this path.",
                    url=url,
                    code=code,
                )
            return say(
                "judge.models_no_v1",
                "{url}/models was not found ({code}). The URL is probably missing /v1: "
                "try {fixed}.",
                url=url,
                code=code,
                fixed=f"{url.rstrip('/')}/v1",
            )
        missing = _coded(
            say("judge.not_found", "{url} answered not found ({code})", url=url, code=code),
            say("judge.not_found.plain", "{url} answered not found", url=url),
            code,
        )
        if url.rstrip("/").endswith("/v1"):
            advice = say("judge.not_found.model", "Check the judge's model name.")
        else:
            advice = say(
                "judge.not_found.v1",
                "Check the judge's model name and that the URL ends with /v1.",
            )
        return say(
            "judge.advice",
            "{problem} {advice}",
            problem=_with_detail(missing, detail),
            advice=advice,
        )
    if kind == "rate_limited":
        limited = _coded(
            say(
                "judge.rate_limited",
                "{url} is limiting how fast requests may be sent ({code})",
                url=url,
                code=code,
            ),
            say(
                "judge.rate_limited.plain",
                "{url} is limiting how fast requests may be sent",
                url=url,
            ),
            code,
        )
        advice = say(
            "judge.rate_limited.advice",
            "Lower the judge's concurrency or set a rate limit (requests per minute), then "
            "retry the failed rows.",
        )
        return say(
            "judge.advice",
            "{problem} {advice}",
            problem=_with_detail(limited, detail),
            advice=advice,
        )
    if kind == "server":
        if code:
            failed = say("judge.server", "The server at {url} failed ({code})", url=url, code=code)
        else:
            failed = say("judge.server.no_code", "The server at {url} failed", url=url)
        advice = say(
            "judge.server.advice",
            "It may be overloaded or out of memory: check its log, then retry the failed rows.",
        )
        return say(
            "judge.advice",
            "{problem} {advice}",
            problem=_with_detail(failed, detail),
            advice=advice,
        )
    if kind == "bad_request":
        if reason == "redirect":
            return say(
                "judge.redirect",
                "{url} redirected the request to {target}. Use that address as the judge's "
                "base URL.",
                url=url,
                target=detail or "another address",
            )
        rejected = _coded(
            say("judge.rejected", "{url} rejected the request ({code})", url=url, code=code),
            say("judge.rejected.plain", "{url} rejected the request", url=url),
            code,
        )
        advice = say(
            "judge.rejected.advice", "Check the judge's model name and its generation parameters."
        )
        return say(
            "judge.advice",
            "{problem} {advice}",
            problem=_with_detail(rejected, detail),
            advice=advice,
        )
    if kind == "bad_reply":
        if listing:
            return say(
                "judge.not_openai",
                "This does not look like an OpenAI-compatible server: {url}/models answered "
                "without a list of models. Check the address (it usually ends with /v1).",
                url=url,
            )
        odd = say("judge.bad_reply", "{url} answered, but not in the OpenAI chat format", url=url)
        advice = say(
            "judge.bad_reply.advice",
            "Check that the address points to an OpenAI-compatible endpoint (it usually ends "
            "with /v1), then retry the failed rows.",
        )
        return say(
            "judge.advice", "{problem} {advice}", problem=_with_detail(odd, detail), advice=advice
        )
    if kind == "cut_stream":
        cut = say(
            "judge.cut_stream",
            "The streamed reply from {url} stopped before it was complete",
            url=url,
        )
        advice = say(
            "judge.cut_stream.advice",
            "The server may have crashed or hit a limit: retry the failed rows, or turn "
            "streaming off for this judge.",
        )
        return say(
            "judge.advice", "{problem} {advice}", problem=_with_detail(cut, detail), advice=advice
        )
    return _with_detail(say("judge.failed", "The call to {url} failed", url=url), detail)
