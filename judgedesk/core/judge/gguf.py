"""What a GGUF model file says about itself, and whether this machine can hold it.

The header of a GGUF file (the format of llama.cpp, LM Studio and Ollama) lists key/value
metadata before any weights: the architecture, the model's name, its trained context and
layer sizes, and the chat template. It is read here with the standard library alone, so the
Judges pane can describe a file and refuse one that cannot fit in memory without loading it.
"""

from __future__ import annotations

import os
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from judgedesk.core.errors import JudgeDeskError

__all__ = ["GGUFError", "ModelFile", "free_memory", "memory_needed", "read_model_file"]

MAGIC = b"GGUF"
_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q"}
_SCALARS |= {11: "<q", 12: "<d"}
_STRING, _ARRAY = 8, 9
_TEXT_LIMIT = 1 << 20  # a longer text in a header means a damaged file
_KV_LIMIT = 100_000


class GGUFError(JudgeDeskError):
    """The file is not a GGUF model, or is damaged; the message says which."""


@dataclass(frozen=True)
class ModelFile:
    """A model file, described from its header.

    Attributes:
        path: the file.
        size: its size in bytes.
        architecture: e.g. "llama", "qwen2".
        name: the model's name, from its metadata (else the file name).
        context_length: the context it was trained for (0: not said).
        layers: transformer blocks (0: not said).
        embedding: the embedding width (0: not said).
        heads: attention heads; ``kv_heads`` those holding keys and values.
        chat_template: whether the file carries its own chat template.
        metadata: the ``general.*`` entries as read.
    """

    path: Path
    size: int
    architecture: str
    name: str
    context_length: int = 0
    layers: int = 0
    embedding: int = 0
    heads: int = 0
    kv_heads: int = 0
    chat_template: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        """One line for the person choosing it: name, architecture, size, context."""
        parts = [self.name, self.architecture, f"{self.size / 2**20:,.0f} MiB"]
        if self.context_length:
            parts.append(f"context {self.context_length:,}")
        return " · ".join(parts)


def _read(stream: BinaryIO, size: int, path: Path) -> bytes:
    data = stream.read(size)
    if len(data) != size:
        raise GGUFError(f"{path} ends in the middle of its header: the file is cut short.")
    return data


def _text(stream: BinaryIO, path: Path) -> str:
    (length,) = struct.unpack("<Q", _read(stream, 8, path))
    if length > _TEXT_LIMIT:
        raise GGUFError(f"{path} has a damaged header (a text of {length:,} bytes).")
    return _read(stream, length, path).decode("utf-8", "replace")


def _value(stream: BinaryIO, kind: int, path: Path, keep: bool) -> Any:
    if kind in _SCALARS:
        fmt = _SCALARS[kind]
        return struct.unpack(fmt, _read(stream, struct.calcsize(fmt), path))[0]
    if kind == _STRING:
        return _text(stream, path)
    if kind == _ARRAY:
        item, count = struct.unpack("<IQ", _read(stream, 12, path))
        if item in _SCALARS and not keep:  # token tables: skipped, not read
            stream.seek(struct.calcsize(_SCALARS[item]) * count, os.SEEK_CUR)
            return None
        values = [_value(stream, item, path, keep) for _ in range(count)]
        return values if keep else None
    raise GGUFError(f"{path} has a damaged header (an unknown value type {kind}).")


def read_model_file(path: str | Path) -> ModelFile:
    """Reads the header of a GGUF file.

    Raises:
        GGUFError: the file cannot be read, is not GGUF, or its header is damaged.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        with path.open("rb") as stream:
            if stream.read(4) != MAGIC:
                raise GGUFError(
                    f"{path.name} is not a GGUF model file. Choose a .gguf file (LM Studio, "
                    "Ollama and Hugging Face offer models in this format)."
                )
            version, _tensors, count = struct.unpack("<IQQ", _read(stream, 20, path))
            if version < 2:
                raise GGUFError(
                    f"{path.name} is a GGUF file of version {version}, too old to read; "
                    "download the model again in a current format."
                )
            if count > _KV_LIMIT:
                raise GGUFError(f"{path} has a damaged header ({count:,} metadata entries).")
            metadata: dict[str, Any] = {}
            for _ in range(count):
                key = _text(stream, path)
                (kind,) = struct.unpack("<I", _read(stream, 4, path))
                value = _value(stream, kind, path, keep=False)  # arrays are skipped
                if value is not None:
                    metadata[key] = value
    except OSError as exc:
        raise GGUFError(
            f"The model file {path} cannot be read: {exc.strerror or exc}. Check that it "
            "exists and that you may read it."
        ) from None
    arch = str(metadata.get("general.architecture") or "unknown")

    def number(key: str) -> int:
        value = metadata.get(f"{arch}.{key}")
        return int(value) if isinstance(value, int | float) else 0

    heads = number("attention.head_count")
    return ModelFile(
        path=path,
        size=size,
        architecture=arch,
        name=str(metadata.get("general.name") or path.stem),
        context_length=number("context_length"),
        layers=number("block_count"),
        embedding=number("embedding_length"),
        heads=heads,
        kv_heads=number("attention.head_count_kv") or heads,
        chat_template="tokenizer.chat_template" in metadata,
        metadata={k: v for k, v in metadata.items() if k.startswith("general.")},
    )


def memory_needed(model: ModelFile, context_size: int) -> int:
    """Bytes a loaded model takes: its weights, the key/value cache of ``context_size``
    tokens in 16-bit floats, and a margin for the work buffers."""
    kv = 0
    if model.layers and model.embedding and model.heads:
        width = model.embedding * model.kv_heads // model.heads
        kv = 2 * model.layers * context_size * width * 2
    return model.size + kv + max(64 * 2**20, model.size // 10)


def free_memory() -> int | None:
    """Bytes of memory this machine can give now, or None when it cannot be told."""
    try:
        with open("/proc/meminfo", encoding="ascii") as stream:
            for line in stream:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    if sys.platform == "win32":  # pragma: no cover - not the test machines
        return _windows_free()
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def _windows_free() -> int | None:  # pragma: no cover - Windows only
    import ctypes

    class Status(ctypes.Structure):
        _fields_ = [
            ("length", ctypes.c_ulong),
            ("load", ctypes.c_ulong),
            ("total", ctypes.c_ulonglong),
            ("available", ctypes.c_ulonglong),
            ("total_page", ctypes.c_ulonglong),
            ("available_page", ctypes.c_ulonglong),
            ("total_virtual", ctypes.c_ulonglong),
            ("available_virtual", ctypes.c_ulonglong),
            ("extended", ctypes.c_ulonglong),
        ]

    status = Status()
    status.length = ctypes.sizeof(Status)
    if not ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):  # type: ignore[attr-defined]
        return None
    return int(status.available)
