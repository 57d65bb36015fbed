"""Judges already on this machine: local servers on their usual ports, and model files.

Both searches only read: a server is asked which models it offers (``GET /v1/models``),
and a model folder is listed with each file's header read for a description. Nothing is
loaded, started or sent anywhere but this machine.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from time import perf_counter
from urllib.parse import urlsplit

from judgedesk.core.judge.gguf import GGUFError, read_model_file
from judgedesk.core.judge.presets import PRESETS

__all__ = [
    "KNOWN_PORTS",
    "MAX_FILES",
    "FoundModelFile",
    "FoundServer",
    "ModelFolder",
    "find_model_files",
    "find_servers",
    "judge_name",
    "model_folders",
    "size_text",
]

log = logging.getLogger(__name__)


def _preset_port(preset_id: str) -> tuple[str, int]:
    preset = PRESETS[preset_id]
    return preset.title, int(urlsplit(preset.base_url).port or 80)


KNOWN_PORTS: tuple[tuple[str, int], ...] = (
    _preset_port("ollama"),
    _preset_port("lmstudio"),
    _preset_port("llamacpp"),
    _preset_port("vllm"),
    ("text-generation-webui", 5000),
)
"""The ports local OpenAI-compatible servers listen on by default, with their names."""

MAX_FILES = 500
# A home folder with a huge tree under a model folder must not keep the search going.
_MAX_FOLDERS = 20_000
_DIGEST = re.compile(r"^sha256[:-]([0-9a-f]{64})$")
_SPLIT_PART = re.compile(r"-(\d{5})-of-\d{5}$")
_OLLAMA_MODEL = "application/vnd.ollama.image.model"
_OLLAMA_HOST = "registry.ollama.ai"
LM_STUDIO = "LM Studio"
OLLAMA = "Ollama"


@dataclass(frozen=True)
class FoundServer:
    """A server on this machine that answered with its models.

    Attributes:
        title: what kind of server usually listens on its port (e.g. "Ollama").
        base_url: its address, ending in ``/v1``.
        models: the models it offers, as it names them.
        milliseconds: how long it took to answer.
    """

    title: str
    base_url: str
    models: list[str]
    milliseconds: int


@dataclass(frozen=True)
class FoundModelFile:
    """A GGUF model file found in a model folder.

    Attributes:
        path: the file (for Ollama, a blob with no extension).
        name: a name to show: the file's name, or Ollama's ``name:tag``.
        source: "LM Studio", "Ollama", or the folder it was found in.
        size: its size in bytes.
        description: name, architecture, size and context, from its header.
    """

    path: Path
    name: str
    source: str
    size: int
    description: str


@dataclass(frozen=True)
class ModelFolder:
    """A folder to look for model files in.

    Attributes:
        path: the folder.
        source: what to call files found there ("" means the folder's path).
        ollama: whether it is an Ollama store (``manifests/`` and ``blobs/``) rather than
            a tree of ``.gguf`` files.
    """

    path: Path
    source: str = ""
    ollama: bool = False


async def find_servers(
    ports: Sequence[tuple[str, int]] | None = None,
    host: str = "127.0.0.1",
    timeout: float = 1.5,
) -> list[FoundServer]:
    """Asks every port at once which models it offers; the servers that answered.

    Args:
        ports: (title, port) pairs; :data:`KNOWN_PORTS` by default.
        host: this machine's address (another machine is never asked).
        timeout: seconds to wait for each port.

    Raises:
        ValueError: ``host`` is not this machine.
    """
    # Imported when a search runs: the window and the command line start without the
    # HTTP clients.
    from judgedesk.core.judge.connect import is_loopback

    if not is_loopback(host.strip("[]")):
        raise ValueError(f"Only this machine is searched for servers, not {host}.")
    address = f"[{host}]" if ":" in host and not host.startswith("[") else host
    chosen = KNOWN_PORTS if ports is None else ports
    probes = [_probe(title, f"http://{address}:{port}/v1", timeout) for title, port in chosen]
    found = await asyncio.gather(*probes)
    return [server for server in found if server is not None]


async def _probe(title: str, base_url: str, timeout: float) -> FoundServer | None:
    from judgedesk.core.judge.openai import OpenAIClient

    started = perf_counter()
    client = OpenAIClient(
        base_url, timeout=timeout, connect_timeout=timeout, backoff=0.1, max_backoff=timeout
    )
    try:
        async with asyncio.timeout(timeout * 2):
            listed = await client.list_models(timeout=timeout)
    except Exception as exc:  # whatever else a port answers, it is no judge to offer
        log.debug("no server at %s: %s", base_url, exc)
        return None
    finally:
        await client.aclose()
    elapsed = round((perf_counter() - started) * 1000)
    return FoundServer(title, base_url, list(listed.models), elapsed)


def model_folders(
    home: Path | None = None, environ: Mapping[str, str] | None = None
) -> list[ModelFolder]:
    """The usual model folders of LM Studio and Ollama under ``home``, and
    ``$OLLAMA_MODELS`` when it is set."""
    home = Path.home() if home is None else home
    environ = os.environ if environ is None else environ
    folders = [
        ModelFolder(home / ".lmstudio" / "models", LM_STUDIO),
        ModelFolder(home / ".cache" / "lm-studio" / "models", LM_STUDIO),
        ModelFolder(home / ".ollama" / "models", OLLAMA, ollama=True),
    ]
    if environ.get("OLLAMA_MODELS"):
        folders.append(
            ModelFolder(Path(environ["OLLAMA_MODELS"]).expanduser(), OLLAMA, ollama=True)
        )
    return folders


def find_model_files(
    folders: Sequence[ModelFolder | Path] | None = None, limit: int = MAX_FILES
) -> list[FoundModelFile]:
    """Lists the GGUF model files in model folders, reading only their headers.

    Blocking (it reads the disk): the window calls it in a worker thread.

    Args:
        folders: where to look; :func:`model_folders` by default. A plain path is an
            Ollama store when it holds ``manifests/`` and ``blobs/``, else a tree of
            ``.gguf`` files.
        limit: stop after this many files.
    """
    found: list[FoundModelFile] = []
    seen: set[Path] = set()
    for folder in model_folders() if folders is None else folders:
        if isinstance(folder, Path):
            store = (folder / "manifests").is_dir() and (folder / "blobs").is_dir()
            folder = ModelFolder(folder, OLLAMA if store else "", ollama=store)
        if not folder.path.is_dir():
            continue
        source = folder.source or str(folder.path)
        candidates = _ollama_models(folder.path) if folder.ollama else _gguf_files(folder.path)
        for name, path in candidates:
            if len(found) >= limit:
                return found
            key = _resolved(path)
            if key is None or key in seen:
                continue
            seen.add(key)
            item = _describe(path, name, source)
            if item is not None:
                found.append(item)
    return found


def _resolved(path: Path) -> Path | None:
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError):
        return None


def _describe(path: Path, name: str, source: str) -> FoundModelFile | None:
    try:
        model = read_model_file(path)
    except GGUFError as exc:
        log.debug("skipped %s: %s", path, exc)
        return None
    # Vision projectors sit beside the models they belong to but cannot judge anything.
    if model.architecture == "clip":
        return None
    return FoundModelFile(path, name, source, model.size, model.describe())


def _gguf_files(root: Path) -> Iterator[tuple[str, Path]]:
    """``.gguf`` files under ``root``; symlinked folders are not entered."""
    walked = 0
    for folder, dirs, files in os.walk(root, followlinks=False):
        walked += 1
        if walked > _MAX_FOLDERS:
            return
        dirs.sort()
        for file in sorted(files):
            if not file.lower().endswith(".gguf"):
                continue
            stem = file[: -len(".gguf")]
            part = _SPLIT_PART.search(stem)
            if part is not None and int(part.group(1)) != 1:
                continue  # the later parts of a split model load with its first
            yield stem, Path(folder) / file


def _ollama_models(store: Path) -> Iterator[tuple[str, Path]]:
    """(``name:tag``, blob) for each model in an Ollama store, from its manifests."""
    manifests, blobs = store / "manifests", store / "blobs"
    if not manifests.is_dir():
        return
    walked = 0
    for folder, dirs, files in os.walk(manifests, followlinks=False):
        walked += 1
        if walked > _MAX_FOLDERS:
            return
        dirs.sort()
        for tag in sorted(files):
            manifest = Path(folder) / tag
            digest = _model_digest(manifest)
            if digest is None:
                continue
            blob = blobs / f"sha256-{digest}"
            if blob.is_file():
                yield _ollama_name(manifest.relative_to(manifests)), blob


def _model_digest(manifest: Path) -> str | None:
    try:
        if manifest.stat().st_size > 1 << 20:
            return None
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    layers = data.get("layers") if isinstance(data, dict) else None
    for layer in layers if isinstance(layers, list) else []:
        if isinstance(layer, dict) and layer.get("mediaType") == _OLLAMA_MODEL:
            match = _DIGEST.match(str(layer.get("digest", "")))
            return match.group(1) if match else None
    return None


def _ollama_name(relative: Path) -> str:
    """What Ollama calls a model whose manifest is at ``host/namespace/name/tag``."""
    parts = relative.parts
    if len(parts) < 2:
        return relative.as_posix()
    name, tag = "/".join(parts[:-1]), parts[-1]
    if len(parts) == 4 and parts[0] == _OLLAMA_HOST:
        name = parts[2] if parts[1] == "library" else f"{parts[1]}/{parts[2]}"
    return f"{name}:{tag}"


def size_text(size: int) -> str:
    """A file size for people: ``1.2 GiB``, ``98 MiB``, ``12 KiB``."""
    if size >= 2**30:
        return f"{size / 2**30:.1f} GiB"
    return f"{size / 2**20:.0f} MiB" if size >= 2**20 else f"{max(size, 1) / 2**10:.0f} KiB"


def judge_name(model: str) -> str:
    """A judge name made from a model's name (``qwen2.5:7b`` → ``qwen2.5-7b``)."""
    last = model.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    last = last.removesuffix(".gguf")
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", last).strip("-.")
    return name[:60] or "judge"
