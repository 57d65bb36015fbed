"""``judgedesk servers``: the servers on given ports and the model files, as JSON or text."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from judgedesk.cli import main
from tests.support.fake_openai import FakeOpenAI
from tests.support.gguf_files import write_gguf


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.delenv("OLLAMA_MODELS", raising=False)
    return folder


def test_servers_json_lists_the_server_on_the_port_and_the_model_files(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = write_gguf(home / ".lmstudio" / "models" / "acme" / "judge-q4.gguf", name="Judge")
    dead = closed_port()
    with FakeOpenAI(models=["m1", "m2"]) as fake:
        port = urlsplit(fake.base_url).port
        assert port is not None
        code = main(["servers", "--port", str(port), "--port", str(dead), "--json"])
    out = capsys.readouterr().out
    assert code == 0
    report = json.loads(out)
    [server] = report["servers"]
    assert server["base_url"] == f"http://127.0.0.1:{port}/v1"
    assert server["models"] == ["m1", "m2"]
    [file] = report["model_files"]
    assert file["path"] == str(model) and file["source"] == "LM Studio"
    assert file["size"] == model.stat().st_size and file["name"] == "judge-q4"


def test_servers_text_says_how_to_get_one_when_nothing_is_found(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["servers", "--port", str(closed_port())]) == 0
    out = capsys.readouterr().out
    assert "No server answered" in out and "ollama serve" in out
    assert "No model file found" in out and ".gguf" in out


def test_a_port_that_is_not_a_number_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["servers", "--port", "99999"])
    assert exited.value.code == 2
    assert "not a port number" in capsys.readouterr().err
