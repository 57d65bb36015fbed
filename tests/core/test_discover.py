"""Find local servers: ports asked at once, and model files found in their usual folders."""

from __future__ import annotations

import asyncio
import hashlib
import json
import socket
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from judgedesk.core.judge.discover import (
    KNOWN_PORTS,
    FoundModelFile,
    ModelFolder,
    find_model_files,
    find_servers,
    model_folders,
)
from tests.support.fake_openai import FakeOpenAI
from tests.support.gguf_files import write_gguf

OLLAMA_MODEL = "application/vnd.ollama.image.model"


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def port_of(base_url: str) -> int:
    port = urlsplit(base_url).port
    assert port is not None
    return port


def ollama_model(store: Path, name: str, tag: str, model_name: str) -> Path:
    """An Ollama store entry: a manifest naming a model blob (and a template layer)."""
    digest = hashlib.sha256(f"{name}:{tag}".encode()).hexdigest()
    blob = write_gguf(store / "blobs" / f"sha256-{digest}", name=model_name)
    manifest = {
        "schemaVersion": 2,
        "layers": [
            {"mediaType": "application/vnd.ollama.image.template", "digest": "sha256:" + "0" * 64},
            {"mediaType": OLLAMA_MODEL, "digest": f"sha256:{digest}", "size": blob.stat().st_size},
        ],
    }
    path = store / "manifests" / "registry.ollama.ai" / "library" / name / tag
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(manifest), encoding="utf-8")
    return blob


def test_known_ports_are_the_usual_servers() -> None:
    ports = dict(KNOWN_PORTS)
    assert ports == {
        "Ollama": 11434,
        "LM Studio": 1234,
        "llama.cpp server": 8080,
        "vLLM": 8000,
        "text-generation-webui": 5000,
    }


def test_find_servers_lists_the_one_that_answers_with_its_models() -> None:
    dead = closed_port()
    with FakeOpenAI(models=["m1", "m2"]) as fake:
        live = port_of(fake.base_url)
        found = asyncio.run(find_servers([("Test", live), ("Nobody", dead)], timeout=2.0))
    assert len(found) == 1
    [server] = found
    assert server.title == "Test"
    assert server.base_url == f"http://127.0.0.1:{live}/v1"
    assert server.models == ["m1", "m2"]
    assert server.milliseconds >= 0


def test_find_servers_with_nothing_listening_finds_nothing() -> None:
    assert asyncio.run(find_servers([("A", closed_port()), ("B", closed_port())])) == []


def test_find_servers_never_asks_another_machine() -> None:
    with pytest.raises(ValueError, match="this machine"):
        asyncio.run(find_servers([("X", 80)], host="192.0.2.1"))


def test_model_files_from_lm_studio_and_ollama(tmp_path: Path) -> None:
    home = tmp_path / "home"
    lmstudio = home / ".lmstudio" / "models"
    tiny = write_gguf(lmstudio / "acme" / "Tiny-GGUF" / "tiny-q4.gguf", name="Tiny Chat")
    write_gguf(lmstudio / "acme" / "Big-GGUF" / "big-00001-of-00002.gguf", name="Big")
    write_gguf(lmstudio / "acme" / "Big-GGUF" / "big-00002-of-00002.gguf", name="Big")
    (lmstudio / "acme" / "notes.gguf").write_bytes(b"not a model at all")
    (lmstudio / "acme" / "README.md").write_text("hello", encoding="utf-8")
    blob = ollama_model(home / ".ollama" / "models", "qwen2.5", "0.5b", "Qwen Small")

    found = find_model_files(model_folders(home, environ={}))

    by_name = {f.name: f for f in found}
    assert set(by_name) == {"tiny-q4", "big-00001-of-00002", "qwen2.5:0.5b"}
    assert by_name["tiny-q4"] == FoundModelFile(
        path=tiny,
        name="tiny-q4",
        source="LM Studio",
        size=tiny.stat().st_size,
        description=by_name["tiny-q4"].description,
    )
    assert "Tiny Chat" in by_name["tiny-q4"].description
    ollama = by_name["qwen2.5:0.5b"]
    assert ollama.path == blob and ollama.source == "Ollama"
    assert ollama.size == blob.stat().st_size and "Qwen Small" in ollama.description


def test_ollama_models_setting_and_plain_folders(tmp_path: Path) -> None:
    store = tmp_path / "elsewhere"
    ollama_model(store, "llama3.2", "1b", "Llama Small")
    usb = tmp_path / "usb"
    write_gguf(usb / "judge.gguf", name="Judge")
    folders = model_folders(tmp_path / "empty-home", environ={"OLLAMA_MODELS": str(store)})
    assert folders[-1] == ModelFolder(store, "Ollama", ollama=True)

    found = find_model_files([*folders, usb])

    assert [(f.name, f.source) for f in found] == [
        ("llama3.2:1b", "Ollama"),
        ("judge", str(usb)),
    ]
    # A plain path holding an Ollama store is read as one.
    assert [f.name for f in find_model_files([store])] == ["llama3.2:1b"]


def test_symlinked_folders_are_not_followed_and_the_count_is_bounded(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    write_gguf(outside / "secret.gguf")
    root = tmp_path / "models"
    for number in range(5):
        write_gguf(root / f"m{number}.gguf")
    (root / "link").symlink_to(outside, target_is_directory=True)

    assert {f.name for f in find_model_files([root])} == {f"m{n}" for n in range(5)}
    assert len(find_model_files([root], limit=3)) == 3
    assert find_model_files([tmp_path / "missing"]) == []
