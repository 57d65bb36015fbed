"""What a script prints during one load or call, kept (up to a limit) for the app to show."""

from __future__ import annotations

import io
import sys
from typing import Any

from judgedesk.core.scripts.protocol import OUTPUT_LIMIT


class Capture(io.TextIOBase):
    """A text stream that keeps what is written, up to a limit, and counts the rest."""

    encoding = "utf-8"

    def __init__(self, limit: int = OUTPUT_LIMIT) -> None:
        super().__init__()
        self._parts: list[str] = []
        self._room = limit
        self._cut = 0
        self.buffer = _BinaryCapture(self)

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self._room >= len(text):
            self._parts.append(text)
            self._room -= len(text)
        else:
            if self._room > 0:
                self._parts.append(text[: self._room])
            self._cut += len(text) - max(self._room, 0)
            self._room = 0
        return len(text)

    def getvalue(self) -> str:
        text = "".join(self._parts)
        if self._cut:
            text += f"\n[… {self._cut:,} more characters were printed but are not shown]"
        return text


class _BinaryCapture(io.RawIOBase):
    """``sys.stdout.buffer`` for code that writes bytes: decoded into the text capture."""

    def __init__(self, text: Capture) -> None:
        super().__init__()
        self._text = text

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raw = bytes(data)
        self._text.write(raw.decode("utf-8", "replace"))
        return len(raw)


class redirected:
    """Point sys.stdout/sys.stderr at capture buffers for the duration of a block."""

    def __init__(self, out: Capture, err: Capture) -> None:
        self._out, self._err = out, err
        self._saved: tuple[Any, Any] = (None, None)

    def __enter__(self) -> None:
        self._saved = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = self._out, self._err

    def __exit__(self, *exc: object) -> None:
        sys.stdout, sys.stderr = self._saved
