"""The judge form's rows for a model-file judge: the GGUF file, what it is, whether it fits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge import (
    EXTRA_MISSING,
    MAX_PARALLEL,
    GGUFError,
    JudgeSettings,
    LocalFileClient,
    default_parallel,
    free_memory,
    local_extra_installed,
    memory_needed,
    read_model_file,
)
from judgedesk.ui.core_strings import core_tr
from judgedesk.ui.tasks import TaskRunner

PROBLEM_STYLE = "color: #b3261e;"
"""How the form shows what stops a judge from working (the wizard's error colour)."""

# The core's sentence for a missing extra, for lupdate; tests/ui/test_judge_local.py checks
# that it is spelled exactly as judgedesk.core.judge.local_fit spells it.
CORE_STRINGS = (
    QT_TRANSLATE_NOOP(
        "core",
        "Judging with a model file needs llama-cpp-python, which is not installed. Install "
        "JudgeDesk's local extra: pip install 'judgedesk[local]' (from a source folder: "
        "pip install -e '.[local]'); it builds llama.cpp, which takes several minutes.",
    ),
)


def choose_model_file(parent: QWidget, start: str) -> str:
    """Ask for a GGUF file; "" when none was chosen (tests replace this function)."""
    path, _ = QFileDialog.getOpenFileName(
        parent,
        QCoreApplication.translate("LocalFileRows", "Choose a model file"),
        start,
        QCoreApplication.translate("LocalFileRows", "Model files (*.gguf);;All files (*)"),
    )
    return path


@dataclass(frozen=True)
class FileFacts:
    """What a model file is, and the memory it needs; or why it cannot be read."""

    description: str = ""
    needed: int = 0
    free: int | None = None
    problem: str = ""


def read_facts(path: Path, context_size: int) -> FileFacts:
    """Reads the file's header (file I/O: called off the GUI thread)."""
    try:
        model = read_model_file(path)
    except GGUFError as exc:
        return FileFacts(problem=str(exc))
    return FileFacts(model.describe(), memory_needed(model, context_size), free_memory())


async def load_model(judge: JudgeSettings, path: Path) -> tuple[float, str]:
    """Loads the model as a run would, then lets it go: (seconds it took, "" or why not)."""
    client = LocalFileClient(
        path,
        context_size=judge.context_size,
        threads=judge.threads,
        gpu_layers=judge.gpu_layers,
        timeout=judge.timeout,
        parallel=judge.at_once(),
    )
    try:
        await client.list_models()
    except JudgeDeskError as exc:
        return 0.0, str(exc)
    except OSError as exc:  # the worker process could not start
        words = QCoreApplication.translate(
            "LocalFileRows",
            "The process that runs the model could not start ({0}). Installing JudgeDesk "
            "again usually mends this.",
        )
        return 0.0, words.format(exc)
    finally:
        await client.aclose()
    return client.load_seconds, ""


def _gib(size: int) -> str:
    return f"{size / 2**30:.1f}"


class LocalFileRows(QObject):
    """The rows of a model-file judge in the judge form.

    Each field calls ``edited`` (the form's one path for edits, undo included) when the
    person changes it; the form then reads the fields back with :meth:`apply`.
    """

    def __init__(
        self,
        parent: QWidget,
        form: QFormLayout,
        tasks: TaskRunner,
        edited: Callable[[], None],
        root: Callable[[], Path | None],
    ) -> None:
        super().__init__(parent)
        self._parent, self._form, self.tasks, self._root = parent, form, tasks, root
        self._edited = edited
        self._installed = local_extra_installed()
        self.missing = self._note("judgeLocalMissing")
        self.missing.setText(core_tr(EXTRA_MISSING))
        form.addRow("", self.missing)
        self.path = QLineEdit(parent)
        self.path.setObjectName("judgeModelFile")
        self.path.setAccessibleName(self.tr("Model file"))
        self.path.setPlaceholderText(self.tr("A .gguf file, as LM Studio and Ollama keep them"))
        self.path.textEdited.connect(edited)
        self.path.textEdited.connect(self.describe)
        self.browse = QPushButton(self.tr("Browse…"), parent)
        self.browse.setObjectName("browseModelFile")
        self.browse.clicked.connect(self._browse)
        line = QHBoxLayout()
        line.addWidget(self.path, 1)
        line.addWidget(self.browse)
        self.description = self._note("judgeModelFileDescription")
        self.memory = self._note("judgeModelFileMemory")
        # Stacked in one row: a wrapped label alone in a form row is measured wrong.
        self.file_row = QVBoxLayout()
        self.file_row.setSpacing(2)
        self.file_row.addLayout(line)
        self.file_row.addWidget(self.description)
        self.file_row.addWidget(self.memory)
        form.addRow(self.tr("Model file"), self.file_row)
        self.context_size = self._spin("judgeContextSize", 256, 1 << 20, 1024)
        self.context_size.setSuffix(self.tr(" tokens"))
        self.context_size.setToolTip(
            self.tr("How much text the model reads at once: the prompt and its reply together.")
        )
        self.context_size.valueChanged.connect(self.describe)  # the memory needed changes
        form.addRow(self.tr("Context size"), self.context_size)
        self.threads = self._spin("judgeThreads", 0, 512, 1)
        self.threads.setSpecialValueText(self.tr("as many as this computer has"))
        form.addRow(self.tr("CPU threads"), self.threads)
        self.gpu_layers = self._spin("judgeGpuLayers", -1, 9999, 1)
        self.gpu_layers.setSpecialValueText(self.tr("all"))
        self.gpu_layers.setToolTip(
            self.tr(
                "Layers of the model given to a graphics card: 0 runs it all on the CPU; "
                "“all” gives the card every layer it can take."
            )
        )
        form.addRow(self.tr("GPU layers"), self.gpu_layers)
        self.parallel = self._spin("judgeParallel", 0, MAX_PARALLEL, 1)
        self.parallel.setSpecialValueText(self.tr("chosen here ({0})").format(default_parallel()))
        self.parallel.setSuffix(self.tr(" rows"))
        self.parallel.setToolTip(
            self.tr(
                "Rows the model writes together: several cost little more time than one. "
                "Each needs its own context, so fewer are decoded when memory is short."
            )
        )
        form.addRow(self.tr("Rows at once"), self.parallel)

    def _note(self, name: str) -> QLabel:
        label = QLabel("", self._parent)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def _spin(self, name: str, low: int, high: int, step: int) -> QSpinBox:
        spin = QSpinBox(self._parent)
        spin.setObjectName(name)
        spin.setRange(low, high)
        spin.setSingleStep(step)
        spin.valueChanged.connect(self._edited)
        return spin

    # --- the judge ----------------------------------------------------------------------

    def show(self, judge: JudgeSettings) -> None:
        """Fill the rows from ``judge`` (the form keeps its own edits quiet meanwhile)."""
        self.path.setText(judge.model_file)
        self.context_size.setValue(judge.context_size)
        self.threads.setValue(judge.threads)
        self.gpu_layers.setValue(judge.gpu_layers)
        self.parallel.setValue(judge.parallel)
        self.describe()

    def apply(self, judge: JudgeSettings) -> None:
        """Write the rows into ``judge``."""
        judge.model_file = self.path.text().strip()
        judge.context_size = self.context_size.value()
        judge.threads = self.threads.value()
        judge.gpu_layers = self.gpu_layers.value()
        judge.parallel = self.parallel.value()

    def set_visible(self, visible: bool) -> None:
        self._form.setRowVisible(self.missing, visible and not self._installed)
        self._form.setRowVisible(self.file_row, visible)
        for spin in (self.context_size, self.threads, self.gpu_layers, self.parallel):
            self._form.setRowVisible(spin, visible)

    def resolve(self, text: str) -> Path:
        """The file ``text`` names: relative names are inside the project folder."""
        path = Path(text).expanduser()
        root = self._root()
        return path if path.is_absolute() or root is None else root / path

    # --- the file -----------------------------------------------------------------------

    def _browse(self) -> None:
        text = self.path.text().strip()
        chosen = choose_model_file(self._parent, str(self.resolve(text).parent) if text else "")
        if not chosen:
            return
        path, root = Path(chosen), self._root()
        if root is not None and path.is_relative_to(root):  # moves with the project
            path = path.relative_to(root)
        self.path.setText(path.as_posix())
        self._edited()
        self.describe()

    def describe(self) -> None:
        """Read what the file is, off the GUI thread, and show it."""
        text = self.path.text().strip()
        self.description.clear()
        self.memory.clear()
        if not text:
            self.tasks.cancel("judge-model-file")
            return
        self.description.setStyleSheet("")
        self.description.setText(self.tr("Reading the file…"))
        facts = asyncio.to_thread(read_facts, self.resolve(text), self.context_size.value())
        self.tasks.start("judge-model-file", facts, on_done=self._show_facts)

    def _show_facts(self, facts: FileFacts) -> None:
        if facts.problem:
            self.description.setStyleSheet(PROBLEM_STYLE)
            self.description.setText(facts.problem)
            return
        self.description.setText(facts.description)
        fits = facts.free is None or facts.needed <= facts.free
        self.memory.setStyleSheet("" if fits else PROBLEM_STYLE)
        if facts.free is None:
            words = self.tr("needs about {0} GiB of memory").format(_gib(facts.needed))
        else:
            words = self.tr("needs about {0} GiB; {1} GiB free").format(
                _gib(facts.needed), _gib(facts.free)
            )
        if not fits:
            words += self.tr(
                " — it does not fit. Close other programs, lower the context size, or "
                "choose a smaller (more quantised) file."
            )
        self.memory.setText(words)

    # --- loading ------------------------------------------------------------------------

    def test(self, judge: JudgeSettings, report: Callable[[str], None]) -> None:
        """Load ``judge``'s model in its worker process, off the GUI thread, then let it
        go; ``report`` gets what happened, in words."""

        def done(outcome: tuple[float, str]) -> None:
            seconds, problem = outcome
            report(problem or self.tr("Loaded in {0} s").format(f"{seconds:.1f}"))

        if not judge.model_file.strip():
            report(self.tr("Choose the model file first: Browse… finds it."))
            return
        coro = load_model(judge, self.resolve(judge.model_file))
        self.tasks.start("test-connection", coro, on_done=done)
