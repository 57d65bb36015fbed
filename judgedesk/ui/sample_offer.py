"""The sample project's offer: judge its rows with a model server or file on this computer."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from judgedesk.core.judge import (
    FoundModelFile,
    FoundServer,
    JudgeSettings,
    ModelFolder,
    find_model_files,
    find_servers,
    local_extra_installed,
    size_text,
)
from judgedesk.core.project import Project, Workspace
from judgedesk.ui.settings import AppSettings
from judgedesk.ui.tasks import TaskRunner

log = logging.getLogger(__name__)

SAMPLE_JUDGE = "local-model"
"""The sample's model judge, shipped switched off (see resources/sample/judgedesk.toml)."""
_TASK = "sample-offer"
_LIKELY_JUDGES = ("instruct", "chat")


@dataclass(frozen=True)
class Found:
    """The server or model file to offer; neither when nothing usable was found."""

    server: FoundServer | None = None
    model: str = ""
    more_models: int = 0
    file: FoundModelFile | None = None


async def search(
    ports: Sequence[tuple[str, int]] | None, folders: Sequence[ModelFolder | Path] | None
) -> Found:
    """Look for local servers and model files at once; what the sample should use."""
    # Only plain data goes to the worker thread: no widget may be touched there.
    servers, files = await asyncio.gather(
        find_servers(ports), asyncio.to_thread(find_model_files, folders), return_exceptions=True
    )
    # The search is a courtesy nobody asked for: a failure is logged, never shown.
    if isinstance(servers, BaseException):
        log.warning("looking for local servers failed: %s", servers)
        servers = []
    if isinstance(files, BaseException):
        log.warning("looking for model files failed: %s", files)
        files = []
    for server in servers:
        if server.models:
            model = choose_model(server.models)
            return Found(server=server, model=model, more_models=len(server.models) - 1)
    if files:
        return Found(file=choose_file(files))
    return Found()


def choose_model(models: Sequence[str]) -> str:
    """An instruction-tuned model if the server has one, else its first that can chat."""
    for model in models:
        if any(word in model.lower() for word in _LIKELY_JUDGES):
            return model
    # Embedding models are often listed too, and cannot answer a prompt.
    return next((m for m in models if "embed" not in m.lower()), models[0])


def choose_file(files: Sequence[FoundModelFile]) -> FoundModelFile:
    """An instruction-tuned file if there is one, the smallest first: it loads quickest
    and is likeliest to fit in memory."""
    ordered = sorted(files, key=lambda f: f.size)
    for file in ordered:
        if any(word in file.name.lower() for word in _LIKELY_JUDGES):
            return file
    return next((f for f in ordered if "embed" not in f.name.lower()), ordered[0])


def sample_judge(project: Project | None) -> JudgeSettings | None:
    """The sample's model judge, if the project still has it."""
    if project is None:
        return None
    return next((j for j in project.judges if j.name == SAMPLE_JUDGE), None)


def same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


class SampleOfferBar(QFrame):
    """A slim bar above the panes, shown only for the app's own sample project while its
    model judge is off: it offers a server or model file found on this computer, or
    says how to get one.

    The sample is recognised by its folder, the one the app copied it to on first start
    (``sample_folder``): a copy elsewhere or a project that only looks like the sample is
    someone's own project, and is left alone.

    ``ports`` and ``folders`` say where to look (``None``: the usual ports and folders).
    """

    def __init__(
        self,
        workspace: Workspace,
        tasks: TaskRunner,
        settings: AppSettings,
        sample_folder: Path | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("sampleOffer")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.workspace = workspace
        self.tasks = tasks
        self.settings = settings
        self.sample_folder = sample_folder
        self.ports: Sequence[tuple[str, int]] | None = None
        self.folders: Sequence[ModelFolder | Path] | None = None
        self.found = Found()

        self.text = QLabel("", self)
        self.text.setObjectName("sampleOfferText")
        self.text.setWordWrap(True)
        self.use_button = QPushButton(self.tr("Judge the Sample With It"), self)
        self.use_button.setObjectName("sampleOfferUse")
        self.use_button.clicked.connect(self.use_found)
        self.close_button = QToolButton(self)
        self.close_button.setObjectName("sampleOfferClose")
        self.close_button.setText("×")
        self.close_button.setAccessibleName(self.tr("Close"))
        self.close_button.setToolTip(self.tr("Close this bar; it does not come back"))
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.close_offer)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 2, 2, 2)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.use_button)
        layout.addWidget(self.close_button)
        self.hide()
        workspace.sig_project_opened.connect(self._project_opened)
        workspace.sig_judges_changed.connect(lambda _: self._judges_changed())

    def _is_sample(self, project: Project | None) -> bool:
        return (
            project is not None
            and self.sample_folder is not None
            and same_folder(project.root, self.sample_folder)
        )

    def _wanted(self) -> bool:
        """Whether the open project is the sample, its model judge still off, the bar not
        closed before."""
        project = self.workspace.project
        judge = sample_judge(project)
        return (
            project is not None
            and self._is_sample(project)
            and judge is not None
            and not judge.enabled
            and not self.settings.sample_offer_closed(self._key())
        )

    def _key(self) -> str:
        return str(self.sample_folder.resolve()) if self.sample_folder is not None else ""

    def _project_opened(self, project: Project) -> None:
        self.tasks.cancel(_TASK)
        self.hide()
        self.found = Found()
        if self._wanted():
            self.tasks.start(_TASK, search(self.ports, self.folders), on_done=self._show_found)

    def searching(self) -> bool:
        return self.tasks.running(_TASK)

    def _show_found(self, found: Found) -> None:
        if not self._wanted():  # the person switched the judge on meanwhile
            return
        self.found = found
        self._show_offer()

    def _show_offer(self) -> None:
        found = self.found
        if found.server is not None:
            self.text.setText(self._server_sentence(found.server, found.model, found.more_models))
        elif found.file is not None:
            self.text.setText(
                self.tr("A model file was found: {0} ({1}).").format(
                    found.file.name, size_text(found.file.size)
                )
            )
        else:
            self.text.setText(
                self.tr(
                    "To see a model judge the sample, start Ollama or LM Studio, or choose "
                    "a .gguf model file for the judge “{0}” in the Judges pane."
                ).format(SAMPLE_JUDGE)
            )
        self.use_button.setVisible(found.server is not None or found.file is not None)
        self.show()

    def _server_sentence(self, server: FoundServer, model: str, more: int) -> str:
        address = urlsplit(server.base_url).netloc
        if more == 0:
            return self.tr("{0} is running at {1} with {2}.").format(server.title, address, model)
        if more == 1:
            return self.tr("{0} is running at {1} with {2} (and 1 more model).").format(
                server.title, address, model
            )
        return self.tr("{0} is running at {1} with {2} (and {3} more models).").format(
            server.title, address, model, more
        )

    def use_found(self) -> None:
        """Point the sample's model judge at what was found and switch it on, as one step
        of Edit › Undo."""
        project = self.workspace.project
        judge = sample_judge(project)
        found = self.found
        if project is None or judge is None or not self._is_sample(project):
            return
        changes: dict[str, object]
        if found.server is not None:
            changes = {"kind": "openai", "base_url": found.server.base_url, "model": found.model}
            what = found.model
        elif found.file is not None:
            changes = {"kind": "local", "model_file": str(found.file.path)}
            changes.update(structured=True, concurrency=1)
            what = found.file.name
        else:
            return
        label = self.tr("Judge the sample with {0}").format(what)
        self.workspace.change_judge(judge.name, label, enabled=True, **changes)

    def _judges_changed(self) -> None:
        """A judge change or Edit › Undo: the bar follows whether the judge is on."""
        judge = sample_judge(self.workspace.project)
        if self.isHidden() or judge is None:
            return
        if not judge.enabled:
            self._show_offer()
            return
        what = self.found.model or (self.found.file.name if self.found.file else judge.model)
        done = self.tr(
            "The judge “{0}” now judges with {1}: run the sample in the Run pane to see its "
            "verdicts, or choose Edit › Undo to switch it off again."
        ).format(SAMPLE_JUDGE, what)
        if judge.kind == "local" and not local_extra_installed():
            done += " " + self.tr(
                "Judging with a model file needs JudgeDesk's local extra: the Judges pane "
                "says how to install it."
            )
        self.text.setText(done)
        self.use_button.hide()

    def close_offer(self) -> None:
        """Hide the bar for good: it does not come back for this sample project."""
        self.tasks.cancel(_TASK)
        self.hide()
        project = self.workspace.project
        if project is not None and self._is_sample(project):
            self.settings.set_sample_offer_closed(self._key())
            self.settings.sync()
