"""Whether a project's scripts may run on this machine ("do you trust this project?").

``scripts/preprocess.py`` and ``scripts/postprocess.py`` are Python programs that run
with the person's rights. A project folder copied or downloaded from elsewhere must not
run them until the person has looked and said yes. The rules:

* A project made on this machine (``judgedesk new``, the New Project wizard, Save As of
  a project whose scripts were allowed) may run its scripts, whatever they become: they
  are the person's own. The folder is recognised by its path, its identity on disk and a
  random mark written into its ``.judgedesk/`` folder, so a different folder put in its
  place later is not.
* Any other project with scripts must be trusted once (the app asks; the command line
  wants ``--trust``). Trust holds for the scripts as they were then: every file under
  ``scripts/`` (helpers a script imports included) is fingerprinted by its content, and a
  file that changes outside JudgeDesk makes it ask again. Scripts JudgeDesk itself
  writes for the person are added to the fingerprint as they are saved.

The decisions live in ``trusted-projects.json`` in the user's settings folder
(``JUDGEDESK_SETTINGS_DIR`` moves it, as it moves the app's settings), never in the
project, where a copy could bring its own.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judgedesk.core.errors import ApprovalNeeded
from judgedesk.core.fileio import atomic_write_text
from judgedesk.core.places import read_table, settings_folder, write_table

log = logging.getLogger(__name__)

TRUST_FILE = "trusted-projects.json"
FOLDER_MARK = ".judgedesk/made-here"
TRUST_VERSION = 1
SCRIPT_KINDS = ("preprocess", "postprocess")
PREVIEW_LINES = 6
_SKIPPED_FOLDERS = frozenset({"__pycache__"})
_lock = threading.Lock()

# Why scripts may or may not run (TrustState.reason).
NO_SCRIPTS = "no-scripts"
MADE_HERE = "made-here"
TRUSTED = "trusted"
UNKNOWN = "unknown"
CHANGED = "changed"
# How a folder got into the trust file (besides MADE_HERE and TRUSTED): the person wrote
# scripts for it in JudgeDesk without having trusted the rest.
AUTHORED = "authored"


@dataclass(frozen=True)
class ScriptPreview:
    """A script that would run, as the trust question shows it.

    Attributes:
        name: its path inside the project, e.g. ``scripts/preprocess.py``.
        first_lines: its first lines (at most :data:`PREVIEW_LINES`).
        line_count: how many lines it has.
    """

    name: str
    first_lines: tuple[str, ...]
    line_count: int


@dataclass(frozen=True)
class TrustState:
    """Whether a project's scripts may run, and what they are.

    Attributes:
        root: the project folder.
        reason: :data:`NO_SCRIPTS`, :data:`MADE_HERE`, :data:`TRUSTED`, :data:`UNKNOWN`
            (never trusted here) or :data:`CHANGED` (files changed since it was trusted).
        scripts: the preprocess and postprocess scripts present (those a run uses).
        files: every file under ``scripts/`` (relative names), helpers included.
        unapproved: the files that are not as they were when trusted (all of them when
            the project was never trusted).
    """

    root: Path
    reason: str
    scripts: tuple[ScriptPreview, ...] = ()
    files: tuple[str, ...] = ()
    unapproved: tuple[str, ...] = ()

    @property
    def allowed(self) -> bool:
        """Whether runs may use the project's scripts (True when there are none)."""
        return self.reason in (NO_SCRIPTS, MADE_HERE, TRUSTED)

    @property
    def blocked(self) -> bool:
        """Whether a run would have to refuse: there are scripts, not trusted."""
        return not self.allowed

    def blocks(self, *kinds: str) -> bool:
        """Whether running the scripts of these kinds ("preprocess"…) must be refused."""
        names = {f"scripts/{kind}.py" for kind in kinds}
        return self.blocked and any(script.name in names for script in self.scripts)

    def script_names(self) -> str:
        """The scripts' names, for a sentence: ``scripts/preprocess.py and …``."""
        names = [s.name for s in self.scripts]
        return " and ".join(names) if len(names) < 3 else ", ".join(names)


class UntrustedScriptsError(ApprovalNeeded):
    """A project's scripts were about to run without being trusted on this machine."""

    def __init__(self, state: TrustState) -> None:
        self.state = state
        if state.reason == CHANGED:
            why = (
                f"{', '.join(state.unapproved)} changed since you trusted this project, "
                "so its scripts do not run until you have looked at them again."
            )
        else:
            why = (
                f"This project has scripts ({state.script_names()}) that would run as "
                "programs on this computer, and it was not made or trusted here."
            )
        super().__init__(
            f"{why} Read them; if you trust them, run again with --trust (remembered for "
            f"this folder), or move them to scripts/disabled/ to run without them."
        )


class TrustStore:
    """The decisions about which project folders may run their scripts.

    Safe to use from several threads; the file is written atomically. An unreadable
    file counts as empty (nothing trusted), never as an error.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or settings_folder() / TRUST_FILE

    # --- questions --------------------------------------------------------------------

    def state(self, root: Path) -> TrustState:
        """Look at a project's scripts and say whether they may run (blocking, quick)."""
        root = root.expanduser().resolve()
        scripts = tuple(p for kind in SCRIPT_KINDS if (p := _preview(root, kind)) is not None)
        files = _script_files(root)
        if not scripts:
            return TrustState(root, NO_SCRIPTS, (), tuple(files))
        entry = self.entries().get(str(root))
        if entry is None:
            return TrustState(root, UNKNOWN, scripts, tuple(files), tuple(files))
        if entry.get("origin") == MADE_HERE:
            if _same_folder(root, entry):
                return TrustState(root, MADE_HERE, scripts, tuple(files))
            return TrustState(root, UNKNOWN, scripts, tuple(files), tuple(files))
        approved = set(entry.get("digests") or ())
        unapproved = tuple(name for name, digest in files.items() if digest not in approved)
        if not unapproved:
            return TrustState(root, TRUSTED, scripts, tuple(files))
        reason = CHANGED if entry.get("origin") == TRUSTED else UNKNOWN
        return TrustState(root, reason, scripts, tuple(files), unapproved)

    # --- decisions --------------------------------------------------------------------

    def trust(self, root: Path) -> TrustState:
        """The person read the scripts and trusts them: let them run as they are now."""
        root = root.expanduser().resolve()
        digests = set(_script_files(root).values())
        with _lock:
            entries = self.entries()
            entry = entries.get(str(root)) or {}
            if entry.get("origin") == MADE_HERE and _same_folder(root, entry):
                return self.state(root)
            if entry.get("origin") in (TRUSTED, AUTHORED):
                digests |= set(entry.get("digests") or ())
            entries[str(root)] = _entry(TRUSTED, digests=sorted(digests))
            self._write(entries)
        log.info("scripts of %s trusted", root)
        return self.state(root)

    def mark_made_here(self, root: Path) -> None:
        """Note a project made on this machine: its scripts are the person's own."""
        root = root.expanduser().resolve()
        mark = secrets.token_hex(16)
        atomic_write_text(root / FOLDER_MARK, mark + "\n")
        with _lock:
            entries = self.entries()
            entries[str(root)] = _entry(MADE_HERE, folder=_folder_id(root), mark=mark)
            self._write(entries)

    def forget(self, root: Path) -> None:
        """Stop trusting a project's scripts (the next run asks again)."""
        root = root.expanduser().resolve()
        with _lock:
            entries = self.entries()
            if entries.pop(str(root), None) is not None:
                self._write(entries)

    def copy_trust(self, source: Path, target: Path) -> None:
        """Give a copy of a project (Save As) the trust its original has."""
        state = self.state(source)
        if state.reason == MADE_HERE or (state.reason == NO_SCRIPTS and not state.files):
            self.mark_made_here(target)
        elif state.reason == TRUSTED:
            self.trust(target)

    def script_written(self, root: Path, before: str | None, after: str) -> None:
        """JudgeDesk saved text the person typed into one of the project's scripts.

        The new text is the person's own, so it joins the trusted fingerprint when the
        file did not exist before or held trusted text. Editing a script nobody trusted
        yet does not make it trusted.
        """
        root = root.expanduser().resolve()
        with _lock:
            entries = self.entries()
            entry = entries.get(str(root))
            if entry is not None and entry.get("origin") == MADE_HERE:
                return
            approved = set(entry.get("digests") or ()) if entry is not None else set()
            if before is not None and _digest(before.encode("utf-8")) not in approved:
                return
            approved.add(_digest(after.encode("utf-8")))
            origin = entry.get("origin") if entry is not None else AUTHORED
            entries[str(root)] = _entry(str(origin), digests=sorted(approved))
            self._write(entries)

    # --- the file ---------------------------------------------------------------------

    def entries(self) -> dict[str, dict[str, Any]]:
        """Every project folder in the file → how it got there (``origin``, ``when``)."""
        projects = read_table(self.path, "projects")
        if not isinstance(projects, dict):
            return {}
        return {str(k): v for k, v in projects.items() if isinstance(v, dict)}

    def _write(self, entries: dict[str, dict[str, Any]]) -> None:
        write_table(self.path, "projects", entries, TRUST_VERSION)


def trust_state(root: Path) -> TrustState:
    """Whether ``root``'s scripts may run, from the user's trust file (blocking)."""
    return TrustStore().state(root)


def require_trusted(root: Path) -> TrustState:
    """Return the trust state, or raise when scripts would run untrusted.

    Raises:
        UntrustedScriptsError: the project has scripts not made or trusted here.
    """
    state = trust_state(root)
    if state.blocked:
        raise UntrustedScriptsError(state)
    return state


def script_written(path: Path, before: str | None, after: str) -> None:
    """Record that JudgeDesk wrote ``after`` to the script file ``path`` (see
    :meth:`TrustStore.script_written`); nothing happens outside a project's scripts."""
    root = project_root_of(path)
    if root is not None:
        TrustStore().script_written(root, before, after)


def project_root_of(path: Path) -> Path | None:
    """The project folder a file under ``scripts/`` belongs to, or None."""
    for parent in path.parents:
        if parent.name == "scripts" and (parent.parent / "judgedesk.toml").is_file():
            return parent.parent
    return None


def _entry(origin: str, **values: Any) -> dict[str, Any]:
    return {"origin": origin, "when": time.strftime("%Y-%m-%dT%H:%M:%S"), **values}


def _same_folder(root: Path, entry: dict[str, Any]) -> bool:
    """Whether ``root`` is still the folder made here, not another one in its place."""
    try:
        mark = (root / FOLDER_MARK).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return False
    return bool(mark) and mark == entry.get("mark") and _folder_id(root) == entry.get("folder")


def _folder_id(root: Path) -> str:
    try:
        info = root.stat()
    except OSError:
        return ""
    return f"{info.st_dev}:{info.st_ino}" if info.st_ino else ""


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _script_files(root: Path) -> dict[str, str]:
    """Every file under ``scripts/`` (what a script can import) → its content's digest."""
    folder = root / "scripts"
    found: dict[str, str] = {}
    if not folder.is_dir():
        return found
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(root)
        if _SKIPPED_FOLDERS.intersection(relative.parts) or not path.is_file():
            continue
        try:
            found[relative.as_posix()] = _digest(path.read_bytes())
        except OSError:
            found[relative.as_posix()] = ""  # unreadable now: never matches a trusted one
    return found


def _preview(root: Path, kind: str) -> ScriptPreview | None:
    path = root / "scripts" / f"{kind}.py"
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None
    except OSError:
        text = ""
    lines = text.splitlines()
    return ScriptPreview(f"scripts/{kind}.py", tuple(lines[:PREVIEW_LINES]), len(lines))
