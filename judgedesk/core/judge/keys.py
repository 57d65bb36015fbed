"""Finding API keys from their references (``env:NAME``, ``keyring:service/user``).

Projects keep only the reference; the key itself stays in the environment or the system
keyring. No message built here ever contains a key, nor a reference that may be one.
"""

from __future__ import annotations

import os
import re
from typing import Any

from judgedesk.core.errors import JudgeDeskError

_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_KEYRING_PART = re.compile(r"^[^/\s]+$")

_USE_ENV_INSTEAD = (
    "Put the key in an environment variable instead (for example OPENAI_API_KEY) and "
    "set the judge's key to env:OPENAI_API_KEY."
)


def resolve_api_key(reference: str) -> str | None:
    """Looks up the API key a reference points to.

    Args:
        reference: "" (no key), ``env:NAME`` or ``keyring:service/user``.

    Returns:
        The key, or None when the reference is empty.

    Raises:
        JudgeDeskError: the reference is malformed, or the key cannot be found; the message
            says what to do and never repeats the reference when it might be a key.
    """
    text = (reference or "").strip()
    if not text:
        return None
    if text.startswith("env:"):
        name = text[4:].strip()
        if not _ENV_NAME.match(name):
            raise JudgeDeskError(
                "The API key setting starts with env: but what follows is not a valid "
                "environment variable name. Write env:NAME, where NAME is made of letters, "
                "digits and underscores (for example env:OPENAI_API_KEY)."
            )
        value = os.environ.get(name)
        if not value:
            raise JudgeDeskError(
                f"The environment variable {name} is not set, so the judge has no API key. "
                f"Set {name} to your key before starting JudgeDesk, or choose another key "
                "source in the judge's settings."
            )
        return value
    if text.startswith("keyring:"):
        service, user = _split_keyring(text[8:])
        return _read_keyring(service, user)
    raise JudgeDeskError(
        "The API key setting is not a key reference. Write env:NAME to read the key from an "
        "environment variable, or keyring:service/user to read it from the system keyring. "
        "Never paste the key itself into the project: save it with the judge's "
        "'Save key' button instead."
    )


def store_api_key(service: str, user: str, secret: str) -> str:
    """Saves a key in the system keyring.

    Args:
        service: the keyring service name, e.g. ``judgedesk``.
        user: the entry name within the service, e.g. the judge's name.
        secret: the key itself.

    Returns:
        The reference to keep in the project, ``keyring:service/user``.

    Raises:
        JudgeDeskError: the names are unusable, or no keyring can store the key.
    """
    service, user = service.strip(), user.strip()
    if not _KEYRING_PART.match(service) or not _KEYRING_PART.match(user):
        raise JudgeDeskError(
            "The keyring service and entry names must be non-empty and contain no spaces "
            "or slashes, for example service 'judgedesk' and entry 'my-judge'."
        )
    if not secret.strip():
        raise JudgeDeskError("The API key is empty. Paste the key, then save it again.")
    keyring, errors = _import_keyring()
    try:
        keyring.set_password(service, user, secret.strip())
    except errors.NoKeyringError:
        raise JudgeDeskError(_no_keyring_message()) from None
    except errors.KeyringError as exc:
        raise JudgeDeskError(
            f"The system keyring refused to save the key ({type(exc).__name__}). It may be "
            f"locked: unlock it and try again. {_USE_ENV_INSTEAD}"
        ) from None
    return f"keyring:{service}/{user}"


def _split_keyring(rest: str) -> tuple[str, str]:
    service, _, user = rest.strip().partition("/")
    if not _KEYRING_PART.match(service) or not _KEYRING_PART.match(user):
        raise JudgeDeskError(
            "The API key setting starts with keyring: but is not in the form "
            "keyring:service/user (for example keyring:judgedesk/my-judge). Save the key "
            "again from the judge's settings to get a correct reference."
        )
    return service, user


def _read_keyring(service: str, user: str) -> str:
    keyring, errors = _import_keyring()
    try:
        secret = keyring.get_password(service, user)
    except errors.NoKeyringError:
        raise JudgeDeskError(_no_keyring_message()) from None
    except errors.KeyringError as exc:
        raise JudgeDeskError(
            f"The system keyring could not be read ({type(exc).__name__}). It may be "
            f"locked: unlock it and try again. {_USE_ENV_INSTEAD}"
        ) from None
    if not secret:
        raise JudgeDeskError(
            f"No API key is saved in the system keyring under service '{service}' and "
            f"entry '{user}'. Save the key again from the judge's settings, or "
            + _USE_ENV_INSTEAD[0].lower()
            + _USE_ENV_INSTEAD[1:]
        )
    return str(secret)


def _no_keyring_message() -> str:
    return (
        "No system keyring is available on this computer (on Linux this needs a running "
        "Secret Service such as GNOME Keyring or KWallet). " + _USE_ENV_INSTEAD
    )


def _import_keyring() -> tuple[Any, Any]:
    # Imported late: choosing a keyring backend can be slow and is only needed here.
    try:
        import keyring
        import keyring.errors
    except ImportError:
        raise JudgeDeskError(
            "Keyring support is not installed, so keys cannot be kept in the system "
            "keyring. " + _USE_ENV_INSTEAD
        ) from None
    return keyring, keyring.errors
