"""What one failed attempt means: its kind, and whether trying again may help."""

from __future__ import annotations

import socket
import ssl
from collections.abc import Collection
from typing import TYPE_CHECKING

from judgedesk.core.judge.advice import describe, server_detail
from judgedesk.core.judge.base import JudgeCallError
from judgedesk.core.judge.retry import parse_retry_after
from judgedesk.core.messages import say

# httpx only names the clients' responses here: a model file's or a batch file's failure
# is read without loading an HTTP client.
if TYPE_CHECKING:
    import httpx


class AttemptFailure(Exception):
    """One attempt failed; the client decides whether to try again.

    Attributes:
        kind: the error kind (see ``ERROR_KINDS``).
        retryable: whether another attempt may succeed.
        status: the HTTP status, when the server answered.
        detail: what went wrong, free of secrets, for the final message.
        reason: a finer cause used to pick the advice (see ``advice.describe``).
        retry_after: the wait the server asked for, in seconds.
        fields: with the reason "refused_fields", the optional fields the server named in
            refusing the request; it may be sent again without them.
    """

    def __init__(
        self,
        kind: str,
        retryable: bool,
        *,
        status: int | None = None,
        detail: str = "",
        reason: str = "",
        retry_after: float | None = None,
        fields: tuple[str, ...] = (),
    ) -> None:
        super().__init__(kind)
        self.kind = kind
        self.retryable = retryable
        self.status = status
        self.detail = detail
        self.reason = reason
        self.retry_after = retry_after
        self.fields = fields


def refused_fields(response: httpx.Response, sent: Collection[str]) -> AttemptFailure | None:
    """A refusal naming optional fields that were sent (the body must already be read).

    Servers that check request bodies strictly answer 400 or 422 to a field they do not
    know, and name it; the request is fine without it.

    Args:
        response: the error response.
        sent: the optional fields (``base.OPTIONAL_FIELDS``) the request carried.
    """
    if response.status_code not in (400, 422):
        return None
    named = tuple(name for name in sent if name.encode() in response.content)
    if not named:
        return None
    return AttemptFailure(
        "bad_request", False, status=response.status_code, reason="refused_fields", fields=named
    )


def status_failure(response: httpx.Response) -> AttemptFailure:
    """What an error status means for this attempt (the body must already be read)."""
    status = response.status_code
    detail = server_detail(response.content)
    if status in (401, 403):
        return AttemptFailure("auth", False, status=status, detail=detail)
    if status == 404:
        return AttemptFailure("not_found", False, status=status, detail=detail)
    if status == 408:
        return AttemptFailure("timeout", True, status=status, detail=detail)
    if status == 429 or status >= 500:
        return AttemptFailure(
            "rate_limited" if status == 429 else "server",
            True,
            status=status,
            detail=detail,
            retry_after=parse_retry_after(response.headers.get("retry-after")),
        )
    if 300 <= status < 400:
        location = response.headers.get("location", "")
        return AttemptFailure(
            "bad_request", False, status=status, detail=location, reason="redirect"
        )
    return AttemptFailure("bad_request", False, status=status, detail=detail)


def transport_failure(exc: httpx.HTTPError, *, in_body: bool = False) -> AttemptFailure:
    """What a failed connection, timeout or broken transfer means for this attempt."""
    import httpx  # already loaded: ``exc`` is one of its errors

    if isinstance(exc, httpx.TimeoutException):
        return AttemptFailure("timeout", True)
    if isinstance(exc, httpx.DecodingError):
        return AttemptFailure("bad_reply", True, detail="the reply could not be decoded")
    if isinstance(exc, httpx.UnsupportedProtocol):
        return AttemptFailure("bad_request", False, detail="the address must use http or https")
    cause: BaseException | None = exc
    while cause is not None:
        if isinstance(cause, ssl.SSLCertVerificationError):
            return AttemptFailure("tls", False, reason="certificate")
        if isinstance(cause, ssl.SSLError):
            return AttemptFailure("tls", False, reason="protocol")
        if isinstance(cause, socket.gaierror):
            # A resolver that is only busy may answer next time; an unknown name never will.
            return AttemptFailure("dns", cause.errno == socket.EAI_AGAIN)
        cause = cause.__cause__ or cause.__context__
    if isinstance(exc, httpx.ConnectError):
        return AttemptFailure("connect", True, reason="refused")
    if in_body:
        return AttemptFailure("cut_stream", True, detail="the connection was closed")
    return AttemptFailure("connect", True, reason="reset")


def call_error(
    failure: AttemptFailure,
    base_url: str,
    attempts: int,
    *,
    key: str | None,
    timeout: float,
    listing: bool = False,
) -> JudgeCallError:
    """The error of a call that failed for good: what happened and what to do, with the
    number of attempts, and never the API key."""
    message: str = describe(
        failure.kind,
        base_url,
        status=failure.status,
        detail=failure.detail,
        reason=failure.reason,
        timeout=timeout,
        has_key=key is not None,
        listing=listing,
    )
    if attempts > 1:
        message = say(
            "judge.tried", "{problem} (Tried {attempts} times.)", problem=message, attempts=attempts
        )
    if key and key in message:
        message = message.replace(key, "***")
    return JudgeCallError(
        failure.kind,
        message,
        status=failure.status,
        attempts=attempts,
        retryable=failure.retryable,
    )
