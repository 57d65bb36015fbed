"""Find Local Servers: the model servers on this machine and the model files, as judges."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.judge import (
    FoundModelFile,
    FoundServer,
    JudgeSettings,
    ModelFolder,
    find_model_files,
    find_servers,
    judge_name,
    size_text,
)
from judgedesk.ui.tasks import TaskRunner

_CHOICE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class Found:
    """What one search found."""

    servers: list[FoundServer]
    files: list[FoundModelFile]


async def _search(
    ports: Sequence[tuple[str, int]] | None,
    folders: Sequence[ModelFolder | Path] | None,
    with_files: bool,
) -> Found:
    # Plain data only goes to the worker thread: no widget may be touched there.
    listing = asyncio.to_thread(find_model_files, folders) if with_files else _nothing()
    servers, files = await asyncio.gather(find_servers(ports), listing)
    return Found(servers, files)


async def _nothing() -> list[FoundModelFile]:
    return []


class FindServersDialog(QDialog):
    """Lists the servers answering on this machine's usual ports with their models, and
    the GGUF files in the usual model folders; a chosen one becomes a judge's settings.

    The dialog changes nothing itself: whoever opened it adds the judge.

    Signals:
        sig_judge_chosen: (JudgeSettings) "Add as Judge" was clicked; the settings carry
            a name made from the model's (the project may need a unique one).
    """

    sig_judge_chosen = Signal(object)

    def __init__(
        self,
        tasks: TaskRunner,
        parent: QWidget | None = None,
        *,
        ports: Sequence[tuple[str, int]] | None = None,
        folders: Sequence[ModelFolder | Path] | None = None,
        model_files: bool = True,
    ) -> None:
        """Args:
        ports: (title, port) pairs to ask; the usual servers' ports by default.
        folders: where to look for model files; the usual folders by default.
        model_files: list model files too (off where a model file cannot be used).
        """
        super().__init__(parent)
        self.setObjectName("findServersDialog")
        self.setWindowTitle(self.tr("Find Local Servers"))
        self.tasks = tasks
        self.ports = ports
        self.folders = folders
        self.with_files = model_files
        self.chosen: JudgeSettings | None = None
        self._key = f"find-servers-{id(self)}"
        self._searching = False

        intro = QLabel(
            self.tr(
                "Model servers running on this computer, and model files in the usual "
                "folders of LM Studio and Ollama. Nothing is sent to another computer."
            )
            if model_files
            else self.tr(
                "Model servers running on this computer. Nothing is sent to another computer."
            ),
            self,
        )
        intro.setWordWrap(True)
        self.model = QStandardItemModel(0, 3, self)
        self.model.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Size"), self.tr("Where")])
        self.tree = QTreeView(self)
        self.tree.setObjectName("foundList")
        self.tree.setAccessibleName(self.tr("Servers and model files found"))
        self.tree.setModel(self.model)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.selectionModel().currentChanged.connect(self._current_changed)
        self.tree.doubleClicked.connect(lambda _: self.add_chosen())
        self.status = QLabel("", self)
        self.status.setObjectName("findServersStatus")
        self.status.setWordWrap(True)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.add_button = QPushButton(self.tr("Add as Judge"), self)
        self.add_button.setObjectName("addFoundJudge")
        self.add_button.setEnabled(False)
        self.add_button.setDefault(True)
        self.add_button.clicked.connect(self.add_chosen)
        self.search_button = QPushButton(self.tr("Search Again"), self)
        self.search_button.setObjectName("searchAgain")
        self.search_button.clicked.connect(self.search)
        buttons.addButton(self.add_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.search_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        tasks.sig_task_failed.connect(self._search_failed)
        self.finished.connect(lambda _: self.tasks.cancel(self._key))
        self.resize(640, 420)
        self.search()

    # --- searching ----------------------------------------------------------------------

    def searching(self) -> bool:
        """True from a search's start until what it found is listed (or its failure said)."""
        return self._searching

    def search(self) -> None:
        """Ask the ports and list the folders again, off the GUI thread."""
        self.model.removeRows(0, self.model.rowCount())
        self.add_button.setEnabled(False)
        self.search_button.setEnabled(False)
        self.status.setText(self.tr("Searching this computer…"))
        self._searching = True
        self.tasks.start(
            self._key,
            _search(self.ports, self.folders, self.with_files),
            on_done=self._show_found,
        )

    def _search_failed(self, key: str, message: str) -> None:
        if key == self._key:
            self._searching = False
            self.status.setText(message)
            self.search_button.setEnabled(True)

    def _show_found(self, found: Found) -> None:
        self._searching = False
        self.search_button.setEnabled(True)
        self.model.removeRows(0, self.model.rowCount())
        notes: list[str] = []
        if found.servers:
            heading = self._heading(self.tr("Servers"))
            for server in found.servers:
                where = self.tr("{0} ({1} ms)").format(server.base_url, server.milliseconds)
                row = self._row(heading, server.title, "", where)
                if not server.models:
                    row[0].setData(("server", server.base_url, "", server.title), _CHOICE)
                    row[0].setToolTip(self.tr("This server offers no model yet."))
                for model in server.models:
                    child = self._row(row[0], model, "", "")
                    child[0].setData(("server", server.base_url, model, server.title), _CHOICE)
        else:
            notes.append(
                self.tr(
                    "No server answered: start Ollama (ollama serve), LM Studio's local "
                    "server or llama-server -m <model.gguf>, then click Search Again."
                )
            )
        if self.with_files and found.files:
            heading = self._heading(self.tr("Model files"))
            for file in found.files:
                row = self._row(heading, file.name, size_text(file.size), file.source)
                row[0].setData(("file", str(file.path), file.name, file.source), _CHOICE)
                for item in row:
                    item.setToolTip(f"{file.description}\n{file.path}")
        elif self.with_files:
            notes.append(
                self.tr(
                    "No model file was found in the folders of LM Studio or Ollama: "
                    "download a .gguf model file (for example from Hugging Face) to judge "
                    "with it."
                )
            )
        self.tree.expandAll()
        self.tree.resizeColumnToContents(1)
        self.status.setText(" ".join(notes))
        first = self._first_choice()
        if first is not None:
            self.tree.setCurrentIndex(first)

    def _heading(self, text: str) -> QStandardItem:
        items = [QStandardItem(text), QStandardItem(), QStandardItem()]
        for item in items:
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        font = items[0].font()
        font.setBold(True)
        items[0].setFont(font)
        self.model.appendRow(items)
        return items[0]

    def _row(self, parent: QStandardItem, *texts: str) -> list[QStandardItem]:
        items = [QStandardItem(text) for text in texts]
        for item in items:
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        parent.appendRow(items)
        return items

    def _first_choice(self) -> QModelIndex | None:
        for top in range(self.model.rowCount()):
            heading = self.model.index(top, 0)
            for row in range(self.model.rowCount(heading)):
                index = self.model.index(row, 0, heading)
                if index.data(_CHOICE):
                    return index
                if self.model.rowCount(index):
                    return self.model.index(0, 0, index)
        return None

    # --- choosing -----------------------------------------------------------------------

    def find_item(self, text: str) -> QModelIndex:
        """The row whose name is ``text`` (an invalid index when there is none)."""
        matches = self.model.match(
            self.model.index(0, 0),
            Qt.ItemDataRole.DisplayRole,
            text,
            1,
            Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive,
        )
        return matches[0] if matches else QModelIndex()

    def _current_changed(self, current: QModelIndex, previous: QModelIndex) -> None:
        self.add_button.setEnabled(self.selected_settings() is not None)

    def selected_settings(self) -> JudgeSettings | None:
        """The judge the selected row makes, or None when the row is not one."""
        index = self.tree.currentIndex()
        choice = index.siblingAtColumn(0).data(_CHOICE) if index.isValid() else None
        if not choice:
            return None
        kind, where, model, title = choice
        if kind == "file":
            return JudgeSettings(
                name=judge_name(model), kind="local", model_file=where, structured=True
            )
        return JudgeSettings(
            name=judge_name(model or title), kind="openai", base_url=where, model=model
        )

    def add_chosen(self) -> None:
        """Hand the selected server model or model file over as a judge, and close."""
        settings = self.selected_settings()
        if settings is None:
            return
        self.chosen = settings
        self.sig_judge_chosen.emit(settings)
        self.accept()
