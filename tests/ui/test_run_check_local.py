"""The Run pane's check before a run looks at a model-file judge's file without loading it."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from judgedesk.core.judge.local_file import local_extra_installed
from judgedesk.ui.panes.run.check import Answer, Target, ask_all, targets
from tests.core.test_pipeline import make_project
from tests.support.gguf_files import write_gguf


def asked(wanted: list[Target]) -> list[Answer]:
    """As the pane asks: in a worker thread (this thread runs the window's loop)."""
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(ask_all, wanted).result()


def test_a_model_file_judge_is_checked_by_reading_its_file(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", "", kind="local", model_file="models/tiny.gguf")
    write_gguf(project.root / "models" / "tiny.gguf")
    wanted = targets(project)
    assert [(t.name, t.model, t.model_file) for t in wanted] == [
        ("judge", "tiny.gguf", str(project.root / "models" / "tiny.gguf"))
    ]
    (answer,) = asked(wanted)
    if local_extra_installed():
        assert answer.found.ok and answer.found.models == ["tiny.gguf"]
    else:
        assert "llama-cpp-python" in answer.found.problem


def test_a_file_that_is_not_a_model_stops_the_run_with_the_reason(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", "", kind="local", model_file="notes.gguf")
    (project.root / "notes.gguf").write_text("not a model", encoding="utf-8")
    (answer,) = asked(targets(project))
    assert not answer.found.ok
    assert "not a GGUF model file" in answer.found.problem or not local_extra_installed()
