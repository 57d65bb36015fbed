"""Rows as scripts see them: fields read and set as keys or as attributes.

Platforms people bring scripts from let ``data`` and ``resp`` be used either way
(``data["question"]`` or ``data.question``, ``resp.clean = …``), so both work here. The
objects are still dicts: ``json`` writes them as they are, and ``isinstance(data, dict)``
holds. A field named like a dict method (``items``, ``keys``…) is read as a key only.
The worker reads every message's objects as these; only the standard library is used.
"""

from __future__ import annotations

from typing import Any


class Fields(dict[str, Any]):
    """A dict whose keys can also be read, set and deleted as attributes."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(
                f"there is no field '{name}'; the fields are: {', '.join(map(str, self)) or 'none'}"
            ) from None

    def __setattr__(self, name: str, value: Any) -> None:
        self[name] = value

    def __delattr__(self, name: str) -> None:
        try:
            del self[name]
        except KeyError:
            raise AttributeError(f"there is no field '{name}'") from None
