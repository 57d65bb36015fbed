"""Small GGUF files for tests: a real header (the format llama.cpp reads), no real weights.

They describe a model the way a real file does, so the header reader, the memory check
and the model-file listings can be tested without a 100 MB download; they cannot be run.
The real model for running tests is :func:`tests.support.test_model.model_path`.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

_TYPES = {int: 4, float: 6, bool: 7, str: 8}


def _text(value: str) -> bytes:
    data = value.encode("utf-8")
    return struct.pack("<Q", len(data)) + data


def _entry(key: str, value: Any) -> bytes:
    out = _text(key)
    if isinstance(value, list):  # an array of texts, like a token table
        out += struct.pack("<IIQ", 9, 8, len(value)) + b"".join(_text(v) for v in value)
        return out
    kind = _TYPES[type(value)]
    out += struct.pack("<I", kind)
    if kind == 4:
        return out + struct.pack("<I", value)
    if kind == 6:
        return out + struct.pack("<f", value)
    if kind == 7:
        return out + struct.pack("<?", value)
    return out + _text(value)


def write_gguf(
    path: Path,
    *,
    name: str = "Tiny Test Model",
    architecture: str = "llama",
    context_length: int = 2048,
    layers: int = 4,
    embedding: int = 64,
    heads: int = 4,
    kv_heads: int = 2,
    padding: int = 1024,
    chat_template: bool = True,
) -> Path:
    """Writes a GGUF header describing a small model, then ``padding`` bytes of zeros."""
    entries: dict[str, Any] = {
        "general.architecture": architecture,
        "general.name": name,
        f"{architecture}.context_length": context_length,
        f"{architecture}.block_count": layers,
        f"{architecture}.embedding_length": embedding,
        f"{architecture}.attention.head_count": heads,
        f"{architecture}.attention.head_count_kv": kv_heads,
        "tokenizer.ggml.tokens": ["<s>", "</s>", "hello"],
    }
    if chat_template:
        entries["tokenizer.chat_template"] = "{% for m in messages %}{{ m.content }}{% endfor %}"
    header = b"GGUF" + struct.pack("<IQQ", 3, 0, len(entries))
    header += b"".join(_entry(key, value) for key, value in entries.items())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + bytes(padding))
    return path
