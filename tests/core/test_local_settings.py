"""A model-file judge's settings: its file's header, the project check, the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from judgedesk.cli import main
from judgedesk.core.judge.check import check_model_file
from judgedesk.core.judge.gguf import GGUFError, memory_needed, read_model_file
from judgedesk.core.judge.local_fit import EXTRA_MISSING, local_extra_installed
from judgedesk.core.judge.local_worker import ORPHANED
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.checks import check_project
from judgedesk.core.project.settings import load_project
from tests.core.test_pipeline import make_project
from tests.support.gguf_files import write_gguf


def test_the_header_says_what_the_model_is(tmp_path: Path) -> None:
    path = write_gguf(tmp_path / "m.gguf", name="Tiny", context_length=4096, padding=5000)
    model = read_model_file(path)
    assert (model.name, model.architecture, model.context_length) == ("Tiny", "llama", 4096)
    assert (model.layers, model.embedding, model.heads, model.kv_heads) == (4, 64, 4, 2)
    assert model.chat_template and model.size == path.stat().st_size
    assert "Tiny · llama" in model.describe() and "context 4,096" in model.describe()
    # The key/value cache grows with the context: 2 × layers × tokens × kv width × 2 bytes.
    assert memory_needed(model, 2048) - memory_needed(model, 1024) == 2 * 4 * 1024 * 32 * 2


def test_files_that_are_not_models_are_refused_with_a_sentence(tmp_path: Path) -> None:
    text = tmp_path / "notes.gguf"
    text.write_text("just some notes", encoding="utf-8")
    with pytest.raises(GGUFError, match="is not a GGUF model file"):
        read_model_file(text)
    cut = tmp_path / "cut.gguf"
    cut.write_bytes(write_gguf(tmp_path / "whole.gguf").read_bytes()[:60])
    with pytest.raises(GGUFError, match="cut short"):
        read_model_file(cut)
    with pytest.raises(GGUFError, match="cannot be read"):
        read_model_file(tmp_path / "missing.gguf")


def test_a_file_that_cannot_fit_in_memory_is_refused_before_loading(tmp_path: Path) -> None:
    path = write_gguf(tmp_path / "m.gguf", layers=80, embedding=8192, heads=64, kv_heads=64)
    found = check_model_file(path, 2**24)  # a context no computer here holds
    if not local_extra_installed():
        assert found.problem == EXTRA_MISSING
        return
    assert not found.ok and "needs about" in found.problem and "is free" in found.problem
    usable = check_model_file(write_gguf(tmp_path / "small.gguf"), 512)
    assert usable.ok and usable.models == ["small.gguf"]


def test_a_model_file_judge_keys_its_cache_by_the_file_name() -> None:
    local = JudgeSettings(kind="local", model_file="/models/a/Smol.Q4.gguf")
    assert local.endpoint() == "local:Smol.Q4.gguf"
    assert local.structured_dialect() == "json_object"
    assert local.model_path(Path("/p")) == Path("/models/a/Smol.Q4.gguf")
    assert JudgeSettings(kind="local", model_file="m/x.gguf").model_path(Path("/p")) == Path(
        "/p/m/x.gguf"
    )
    assert JudgeSettings(base_url="http://127.0.0.1:8080/v1").structured_dialect() == "json_object"
    assert JudgeSettings(base_url="https://api.example.com/v1").structured_dialect() == (
        "json_schema"
    )
    chosen = JudgeSettings(base_url="http://127.0.0.1:8080/v1", structured_format="format")
    assert chosen.structured_dialect() == "format"


def _messages(project_root: Path) -> list[tuple[str, str]]:
    return [(p.severity, p.message) for p in check_project(load_project(project_root))]


def test_the_project_check_names_what_is_wrong_with_a_model_file_judge(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", "", kind="local", model_file="")
    assert any("has no model file" in m for s, m in _messages(project.root) if s == "error")
    project.judges[0].model_file = "models/none.gguf"
    project.save()
    assert any("cannot be read" in m for s, m in _messages(project.root) if s == "error")
    write_gguf(project.root / "models" / "none.gguf")
    problems = _messages(project.root)
    assert not [m for s, m in problems if s == "error"], problems
    project.judges[0].structured_format = "xml"
    project.judges[0].structured = True
    project.judges[0].parser = ""
    project.save()
    project.write_template(project.judges[0], "Judge {{ data.question }} as you like.")
    problems = _messages(project.root)
    assert any("'xml', which is not a format" in m for s, m in problems if s == "error")
    assert any("no JSON schema can be made" in m for s, m in problems if s == "warning")


def test_new_with_a_model_file_makes_a_structured_local_judge(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "qa.jsonl"
    data.write_text(
        json.dumps({"question": "2+2?", "ref_answer": "4", "response": {"content": "4"}}) + "\n",
        encoding="utf-8",
    )
    model = write_gguf(tmp_path / "models" / "tiny.gguf")
    code = main(["new", str(tmp_path / "p"), "--dataset", str(data), "--judge-file", str(model)])
    assert code == 0
    judge = load_project(tmp_path / "p").judges[0]
    assert (judge.kind, judge.model_file, judge.structured) == ("local", str(model), True)
    assert "the model file" in capsys.readouterr().out
    again = ["new", str(tmp_path / "q"), "--dataset", str(data), "--judge-file", str(model)]
    code = main([*again, "--no-structured"])
    assert code == 0 and not load_project(tmp_path / "q").judges[0].structured
    both = ["new", str(tmp_path / "r"), "--dataset", str(data), "--judge-file", str(model)]
    assert main([*both, "--judge-url", "http://127.0.0.1:1/v1"]) == 2
    assert "not both" in capsys.readouterr().err


def test_check_reads_the_model_file_without_loading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", "", kind="local", model_file="m.gguf")
    write_gguf(project.root / "m.gguf")
    code = main(["check", str(project.root)])
    out = capsys.readouterr().out
    if local_extra_installed():
        assert code == 0 and "m.gguf can be loaded here" in out
    else:
        assert code == 1 and "llama-cpp-python" in out


def test_a_worker_whose_app_is_gone_stops_at_the_next_token() -> None:
    # A real process: the counter is given an app process id that is not its parent's.
    code = (
        "import time\n"
        "from judgedesk.core.judge import local_worker as w\n"
        "sent = []\n"
        "counter = w._Counter(sent.append, 1, parent=-1)\n"
        "counter.last = time.monotonic() - 1\n"
        "counter(None, 'scores')\n"
        "print('still writing')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == ORPHANED and "still writing" not in done.stdout
    kept = subprocess.run(
        [sys.executable, "-c", code.replace("parent=-1", "parent=None")],
        capture_output=True,
        text=True,
    )
    assert kept.returncode == 0 and "still writing" in kept.stdout
