"""Connection settings for an endpoint: proxies and certificates from the environment."""

from __future__ import annotations

import ipaddress
import logging
import ssl
import urllib.request

import httpx

from judgedesk.core.errors import JudgeDeskError

log = logging.getLogger(__name__)


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def proxied() -> bool:
    """Whether the environment sets a proxy for http or https."""
    proxies = urllib.request.getproxies()
    return any(proxies.get(name) for name in ("http", "https", "all"))


def ssl_verify(scheme: str, trust_env: bool) -> ssl.SSLContext | bool:
    """The certificates to check servers with; False when they cannot be loaded for http.

    Raises:
        JudgeDeskError: the certificates cannot be loaded and the address uses https.
    """
    try:
        return httpx.create_ssl_context(trust_env=trust_env)
    except OSError as exc:
        # A certificate bundle named by SSL_CERT_FILE that cannot be read would otherwise
        # break every connection, plain http included.
        if scheme == "https":
            raise JudgeDeskError(
                "The certificates for secure connections could not be loaded "
                f"({exc.strerror or type(exc).__name__}). If the environment variable "
                "SSL_CERT_FILE or SSL_CERT_DIR is set, make it point to a real file or "
                "unset it, then restart JudgeDesk."
            ) from None
        log.warning("Certificates could not be loaded (%s); plain http still works", exc)
        return False
