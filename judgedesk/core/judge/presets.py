"""Ready-made endpoints for the usual local servers and for a cloud API."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Preset:
    """A known kind of OpenAI-compatible server.

    Attributes:
        id: the name kept in settings.
        title: a short name for menus.
        base_url: where the server listens by default.
        needs_key: whether it refuses requests without an API key.
        hint: how to get it running, for the person setting up a judge.
        start_hint: the short advice shown when nothing answers at its address.
    """

    id: str
    title: str
    base_url: str
    needs_key: bool
    hint: str
    start_hint: str = ""


PRESETS: dict[str, Preset] = {
    preset.id: preset
    for preset in (
        Preset(
            id="ollama",
            title="Ollama",
            base_url="http://127.0.0.1:11434/v1",
            needs_key=False,
            hint="Install Ollama, run `ollama serve`, and fetch a model with "
            "`ollama pull <model>`. No API key is needed.",
            start_hint="Ollama: run `ollama serve`",
        ),
        Preset(
            id="lmstudio",
            title="LM Studio",
            base_url="http://127.0.0.1:1234/v1",
            needs_key=False,
            hint="In LM Studio, load a model and start the local server (Developer tab). "
            "No API key is needed.",
            start_hint="LM Studio: start the local server in the Developer tab",
        ),
        Preset(
            id="vllm",
            title="vLLM",
            base_url="http://127.0.0.1:8000/v1",
            needs_key=False,
            hint="Start the server with `vllm serve <model>`. A key is only needed if the "
            "server was started with --api-key.",
            start_hint="vLLM: run `vllm serve <model>`",
        ),
        Preset(
            id="llamacpp",
            title="llama.cpp server",
            base_url="http://127.0.0.1:8080/v1",
            needs_key=False,
            hint="Start the server with `llama-server -m <model.gguf>`. A key is only "
            "needed if the server was started with --api-key.",
            start_hint="llama.cpp: run `llama-server -m <model.gguf>`",
        ),
        Preset(
            id="openai_compatible",
            title="Cloud API (OpenAI-compatible)",
            base_url="https://api.openai.com/v1",
            needs_key=True,
            hint="Use the provider's base URL (it usually ends with /v1) and keep the API "
            "key in the system keyring or an environment variable.",
            start_hint="",
        ),
    )
}


def _host_port(url: str) -> tuple[str, int | None]:
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return "", None
    host = (parts.hostname or "").lower()
    if host in ("localhost", "::1", "0.0.0.0"):
        host = "127.0.0.1"
    if port is None:
        port = 443 if parts.scheme == "https" else 80 if parts.scheme == "http" else None
    return host, port


def preset_for_url(base_url: str) -> Preset | None:
    """The preset whose default address matches the host and port of ``base_url``."""
    host, port = _host_port(base_url)
    if not host:
        return None
    for preset in PRESETS.values():
        if _host_port(preset.base_url) == (host, port):
            return preset
    return None
