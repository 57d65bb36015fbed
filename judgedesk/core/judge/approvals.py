"""Which server may receive which API key: the person's approvals on this computer.

A judge's settings name a key (``env:OPENAI_API_KEY``, ``keyring:judgedesk/my-judge``)
and an address. A project handed over from elsewhere could point a well-known key at a
server of its author's; so a key is sent only to a server approved for it here. The
approvals live in ``key-approvals.json`` in the user's settings folder, never in a
project, and hold key references, never keys.

A server is the address's scheme, host and port: every path on it is the same recipient.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from judgedesk.core.errors import ApprovalNeeded
from judgedesk.core.judge.keys import resolve_api_key
from judgedesk.core.places import read_table, settings_folder, write_table

APPROVALS_FILE = "key-approvals.json"
_DEFAULT_PORTS = {"http": 80, "https": 443}
_lock = threading.Lock()


def server_of(address: str) -> str:
    """The recipient an address names: ``scheme://host[:port]``, lower case.

    The default port of the scheme is left out; an address that cannot be read as a URL
    is kept as it is written (it then matches only itself).
    """
    text = address.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return text
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if not scheme or not host:
        return text
    if ":" in host:
        host = f"[{host}]"
    if port is not None and port != _DEFAULT_PORTS.get(scheme):
        host = f"{host}:{port}"
    return f"{scheme}://{host}"


def key_reference(reference: str) -> str:
    """A key reference as approvals keep it (``env: X`` and ``env:X`` are the same)."""
    kind, sep, rest = reference.strip().partition(":")
    return f"{kind.strip()}:{rest.strip()}" if sep else reference.strip()


def key_name(reference: str) -> str:
    """A key as a person knows it: ``OPENAI_API_KEY``, or ``keyring entry judgedesk/x``."""
    reference = key_reference(reference)
    if reference.startswith("env:"):
        return reference[4:]
    if reference.startswith("keyring:"):
        return f"keyring entry {reference[8:]}"
    return "an API key"


@dataclass(frozen=True)
class KeyUse:
    """A key a model would send, and where.

    Attributes:
        reference: the key's reference (``env:NAME`` or ``keyring:service/user``).
        address: the model's endpoint address as written in its settings.
        who: whose settings these are, for a sentence ("judge 'strict'").
    """

    reference: str
    address: str
    who: str = ""

    @property
    def server(self) -> str:
        """The recipient of the key (see :func:`server_of`)."""
        return server_of(self.address)

    @property
    def key_name(self) -> str:
        return key_name(self.reference)

    def sentence(self) -> str:
        """``judge 'x' sends OPENAI_API_KEY to https://…`` (never the key itself)."""
        who = f"{self.who} " if self.who else ""
        return f"{who}sends {self.key_name} to {self.address.strip()}"


@dataclass(frozen=True)
class KeyApproval:
    """One approval: this key may go to this server (approved at ``when``)."""

    reference: str
    server: str
    when: str = ""


class KeyNotApprovedError(ApprovalNeeded):
    """A key was about to go to a server not approved for it on this computer."""

    def __init__(self, uses: Iterable[KeyUse]) -> None:
        self.uses = tuple(uses)
        sentences = "; ".join(use.sentence() for use in self.uses)
        super().__init__(
            f"{sentences[:1].upper()}{sentences[1:]}: an address not approved for that key "
            "on this computer, so nothing was sent. A project from elsewhere could collect "
            "a key this way. If the address is right, allow it in the window, or run again "
            "with --trust (remembered on this computer)."
        )


class KeyApprovals:
    """The approved (key, server) pairs. Safe from several threads; written atomically."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or settings_folder() / APPROVALS_FILE

    def entries(self) -> list[KeyApproval]:
        """Every approval, in the order given."""
        rows = read_table(self.path, "keys")
        if not isinstance(rows, list):
            return []
        found = []
        for row in rows:
            if isinstance(row, dict) and row.get("key") and row.get("server"):
                found.append(
                    KeyApproval(str(row["key"]), str(row["server"]), str(row.get("when", "")))
                )
        return found

    def approved(self, use: KeyUse) -> bool:
        """Whether ``use`` may happen: no key, or its key approved for its server."""
        if not use.reference.strip():
            return True
        pair = (key_reference(use.reference), use.server)
        return any((a.reference, a.server) == pair for a in self.entries())

    def pending(self, uses: Iterable[KeyUse]) -> list[KeyUse]:
        """The uses not approved yet (each pair once)."""
        approved = {(a.reference, a.server) for a in self.entries()}
        found: dict[tuple[str, str], KeyUse] = {}
        for use in uses:
            pair = (key_reference(use.reference), use.server)
            if use.reference.strip() and pair not in approved:
                found.setdefault(pair, use)
        return list(found.values())

    def approve(self, uses: Iterable[KeyUse]) -> None:
        """The person said yes: these keys may go to these servers from now on."""
        with _lock:
            entries = self.entries()
            known = {(a.reference, a.server) for a in entries}
            when = time.strftime("%Y-%m-%dT%H:%M:%S")
            for use in uses:
                pair = (key_reference(use.reference), use.server)
                if use.reference.strip() and pair not in known:
                    known.add(pair)
                    entries.append(KeyApproval(*pair, when))
            self._write(entries)

    def revoke(self, reference: str, server: str) -> None:
        """Take an approval back: the next use of that key there asks again."""
        with _lock:
            entries = self.entries()
            kept = [a for a in entries if (a.reference, a.server) != (reference, server)]
            if len(kept) != len(entries):
                self._write(kept)

    def _write(self, entries: list[KeyApproval]) -> None:
        rows = [{"key": a.reference, "server": a.server, "when": a.when} for a in entries]
        write_table(self.path, "keys", rows)


def approved_key(reference: str, address: str, who: str = "") -> str | None:
    """The key to send to ``address``: None when there is none.

    Raises:
        KeyNotApprovedError: the key is not approved for that server on this computer.
        JudgeDeskError: the key cannot be found (see :func:`resolve_api_key`).
    """
    use = KeyUse(reference, address, who)
    if not KeyApprovals().approved(use):
        raise KeyNotApprovedError([use])
    return resolve_api_key(reference)
