"""The sample project's offer: a model server or file found on this computer judges it."""

from __future__ import annotations

import socket
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

from pytestqt.qtbot import QtBot

from judgedesk.core.judge.discover import ModelFolder, size_text
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.workspace import Workspace
from judgedesk.ui.main_window import MainWindow
from judgedesk.ui.sample_offer import SAMPLE_JUDGE, choose_model
from judgedesk.ui.settings import AppSettings
from tests.support.fake_openai import FakeOpenAI
from tests.support.gguf_files import write_gguf
from tests.ui.windows import copy_sample


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _close_quietly(window: MainWindow) -> None:
    window.run_pane.stop_and_wait()
    window.workspace.dirty = False


def open_sample(
    qtbot: QtBot,
    project: Path,
    *,
    sample: Path,
    ports: Sequence[tuple[str, int]],
    folders: Sequence[ModelFolder | Path],
) -> MainWindow:
    """A window whose sample project lives in ``sample``, with ``project`` open; the
    offer looks only at ``ports`` and ``folders``."""
    window = MainWindow(Workspace(), AppSettings(), sample_folder=sample)
    window.sample_offer.ports = ports
    window.sample_offer.folders = folders
    qtbot.addWidget(window, before_close_func=_close_quietly)
    window.show()
    with qtbot.waitSignal(window.dataset_pane.model.modelReset, timeout=10_000):
        window.open_project(project)
    qtbot.waitUntil(lambda: window.workspace.dataset is not None, timeout=10_000)
    return window


def wait_offer(qtbot: QtBot, window: MainWindow) -> str:
    offer = window.sample_offer
    qtbot.waitUntil(lambda: not offer.searching() and offer.isVisible(), timeout=10_000)
    return offer.text.text()


def model_judge(window: MainWindow) -> JudgeSettings:
    project = window.workspace.project
    assert project is not None
    return next(j for j in project.judges if j.name == SAMPLE_JUDGE)


def test_a_server_found_judges_the_sample_in_one_undoable_click(
    qtbot: QtBot, tmp_path: Path
) -> None:
    sample = copy_sample(tmp_path)
    with FakeOpenAI(models=["tiny-base", "tiny-instruct", "other"]) as fake:
        port = urlsplit(fake.base_url).port
        assert port is not None
        window = open_sample(
            qtbot,
            sample,
            sample=sample,
            ports=[("Test Server", port), ("Gone", closed_port())],
            folders=[tmp_path / "no-models"],
        )
        text = wait_offer(qtbot, window)
        assert (
            text
            == f"Test Server is running at 127.0.0.1:{port} with tiny-instruct (and 2 more models)."
        )
        assert window.sample_offer.use_button.isVisible()
        assert not model_judge(window).enabled

        window.sample_offer.use_button.click()
        judge = model_judge(window)
        assert (judge.enabled, judge.kind, judge.base_url, judge.model) == (
            True,
            "openai",
            fake.base_url,
            "tiny-instruct",
        )
        assert "Edit › Undo" in window.sample_offer.text.text()
        assert not window.sample_offer.use_button.isVisible()
        assert window.workspace.dirty
        # The Judges pane shows the judge as it now is.
        assert window.judges_pane.model.judge(1) == judge

        assert window.undo_action.isEnabled()
        window.undo_action.trigger()
        judge = model_judge(window)
        assert (judge.enabled, judge.base_url, judge.model) == (
            False,
            "http://127.0.0.1:11434/v1",
            "qwen2.5:7b",
        )
        assert window.sample_offer.text.text() == text  # offered again
        assert window.sample_offer.use_button.isVisible()
        window.redo_action.trigger()
        assert model_judge(window).enabled


def test_a_model_file_found_becomes_a_local_judge(qtbot: QtBot, tmp_path: Path) -> None:
    sample = copy_sample(tmp_path)
    model = write_gguf(tmp_path / "lmstudio" / "x" / "m.gguf")
    window = open_sample(
        qtbot,
        sample,
        sample=sample,
        ports=[("Gone", closed_port())],
        folders=[tmp_path / "lmstudio"],
    )
    size = size_text(model.stat().st_size)
    assert wait_offer(qtbot, window) == f"A model file was found: m ({size})."
    window.sample_offer.use_button.click()
    judge = model_judge(window)
    assert judge.enabled and judge.kind == "local" and judge.structured
    assert (judge.model_file, judge.concurrency) == (str(model), 1)
    window.undo_action.trigger()
    judge = model_judge(window)
    assert (judge.enabled, judge.kind, judge.model_file) == (False, "openai", "")


def test_nothing_found_says_how_and_a_closed_bar_stays_closed(qtbot: QtBot, tmp_path: Path) -> None:
    sample = copy_sample(tmp_path)
    places = {"ports": [("Gone", closed_port())], "folders": [tmp_path / "no-models"]}
    window = open_sample(qtbot, sample, sample=sample, **places)  # type: ignore[arg-type]
    text = wait_offer(qtbot, window)
    assert text.startswith("To see a model judge the sample, start Ollama or LM Studio")
    assert "“local-model”" in text
    assert not window.sample_offer.use_button.isVisible()

    window.sample_offer.close_button.click()
    assert not window.sample_offer.isVisible()
    again = open_sample(qtbot, sample, sample=sample, **places)  # type: ignore[arg-type]
    assert not again.sample_offer.searching()
    assert again.sample_offer.isHidden()


def test_only_the_sample_with_its_judge_off_gets_an_offer(qtbot: QtBot, tmp_path: Path) -> None:
    sample = copy_sample(tmp_path)
    places = {"ports": [("Gone", closed_port())], "folders": [tmp_path / "no-models"]}
    # The same files in another folder are someone's own project.
    other = tmp_path / "mine"
    sample.rename(other)
    window = open_sample(qtbot, other, sample=sample, **places)  # type: ignore[arg-type]
    assert not window.sample_offer.searching()
    assert window.sample_offer.isHidden()

    other.rename(sample)
    settings = sample / "judgedesk.toml"
    settings.write_text(settings.read_text().replace("enabled = false", "enabled = true"))
    window = open_sample(qtbot, sample, sample=sample, **places)  # type: ignore[arg-type]
    assert model_judge(window).enabled
    assert not window.sample_offer.searching()
    assert window.sample_offer.isHidden()


def test_the_model_offered_is_one_that_chats() -> None:
    assert choose_model(["nomic-embed-text", "llama3.2:1b"]) == "llama3.2:1b"
    assert choose_model(["qwen2.5:7b", "phi3:mini-chat"]) == "phi3:mini-chat"
    assert choose_model(["only-embed"]) == "only-embed"
