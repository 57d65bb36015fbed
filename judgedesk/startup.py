"""Before the window starts: can Qt open one here? If not, say which packages fix it.

When Qt cannot load its platform plugin it aborts the process with its own message (exit
134), which names no package. On Linux the usual causes are a missing X11 library
(``libxcb-cursor0`` most often) or no display at all; both can be seen before Qt starts,
by asking the dynamic linker what the plugin needs (``ldd``), looking at the
environment and knocking at the display's door (a ``DISPLAY`` nobody serves).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

# Shared library → the Debian/Ubuntu package that ships it, where the name does not
# follow the usual rule (lib<name>.so.<n> → lib<name><n>, with a "-" before a digit).
_DEBIAN = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
}
FEDORA = (
    "sudo dnf install mesa-libEGL mesa-libGL libxkbcommon-x11 xcb-util-cursor xcb-util-image "
    "xcb-util-keysyms xcb-util-renderutil xcb-util-wm fontconfig dbus-libs"
)
ARCH = (
    "sudo pacman -S libglvnd libxkbcommon-x11 xcb-util-cursor xcb-util-image "
    "xcb-util-keysyms xcb-util-renderutil xcb-util-wm fontconfig dbus"
)
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)


def debian_package(library: str) -> str:
    """The Debian/Ubuntu package that usually ships ``library`` (``libxcb-cursor.so.0``)."""
    if library in _DEBIAN:
        return _DEBIAN[library]
    match = re.fullmatch(r"(lib[\w.+-]*?)\.so\.(\d+)(?:\.\d+)*", library)
    if match is None:
        return library
    name, version = match.groups()
    name = name.lower()
    return f"{name}-{version}" if name[-1].isdigit() else f"{name}{version}"


def missing_libraries(ldd_output: str) -> list[str]:
    """The libraries ``ldd`` reports as "not found", each once, in order."""
    return list(dict.fromkeys(_NOT_FOUND.findall(ldd_output)))


def _plugin_files() -> list[Path]:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return []
    root = Path(next(iter(spec.submodule_search_locations)))
    found = [root / "Qt" / "plugins" / "platforms" / "libqxcb.so"]
    found += sorted((root / "Qt" / "lib").glob("libQt6XcbQpa.so*"))[:1]
    return [path for path in found if path.is_file()]


def _ldd(paths: list[Path]) -> str:
    ldd = shutil.which("ldd")
    if ldd is None or not paths:
        return ""
    try:
        done = subprocess.run(
            [ldd, *map(str, paths)], capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout


_DISPLAY = re.compile(r"(?P<host>[^:]*):(?P<number>\d+)(?:\.\d+)?")


def display_answers(display: str, timeout: float = 2.0) -> bool:
    """Whether an X server accepts connections at ``display`` (``:0``, ``host:1.0``).

    Only the connection is tried, not the X protocol: a display whose socket is gone or
    whose server is dead is what makes Qt abort with a message blaming a library. A
    form this does not know is taken to answer (Qt then says what it finds).
    """
    match = _DISPLAY.fullmatch(display)
    if match is None:
        return True
    host, number = match.group("host"), int(match.group("number"))
    if host in ("", "unix"):
        socket_path = f"/tmp/.X11-unix/X{number}"
        # Linux servers listen on an abstract socket too, even without the file.
        for address in ("\0" + socket_path, socket_path):
            try:
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as door:
                    door.settimeout(timeout)
                    door.connect(address)
                return True
            except OSError:
                continue
        return False
    try:
        with socket.create_connection((host, 6000 + number), timeout=timeout):
            return True
    except OSError:
        return False


def diagnose(
    env: Mapping[str, str] | None = None,
    ldd_output: str | None = None,
    answers: Callable[[str], bool] = display_answers,
) -> str:
    """Why Qt could not open a window here, with the fix; empty when nothing is wrong.

    Args:
        env: the environment (the process's own by default).
        ldd_output: what ``ldd`` says of the platform plugin (asked when None).
        answers: whether a display answers (tried at its socket by default).
    """
    env = os.environ if env is None else env
    if not sys.platform.startswith("linux"):
        return ""
    platform = env.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return ""  # offscreen, wayland, vnc…: Qt's own choice, nothing to check here
    if not env.get("DISPLAY") and not (env.get("WAYLAND_DISPLAY") and not platform):
        return (
            "JudgeDesk cannot open its window: there is no display (DISPLAY is not set). "
            "Start it from a desktop session, or for use without a screen set "
            "QT_QPA_PLATFORM=offscreen. The command-line tools work without a display "
            "(judgedesk --help)."
        )
    if env.get("WAYLAND_DISPLAY") and not platform:
        return ""  # Qt may use Wayland; the X11 libraries are then not needed
    display = env.get("DISPLAY", "")
    if display and not answers(display):
        return (
            f"JudgeDesk cannot open its window: the display {display} (DISPLAY) does "
            "not answer; its X server is not running or refuses connections. Start "
            "JudgeDesk from a desktop session, or for use without a screen set "
            "QT_QPA_PLATFORM=offscreen (judgedesk --help lists the command-line tools)."
        )
    missing = missing_libraries(_ldd(_plugin_files()) if ldd_output is None else ldd_output)
    if not missing:
        return ""
    packages = " ".join(dict.fromkeys(debian_package(name) for name in missing))
    them = "them" if len(missing) > 1 else "it"
    return (
        f"JudgeDesk cannot open its window: Qt's X11 platform needs {', '.join(missing)}, "
        f"which this system does not have. Install {them}, then start JudgeDesk again:\n"
        f"  Debian/Ubuntu: sudo apt-get install {packages}\n"
        f"  Fedora: {FEDORA}\n"
        f"  Arch: {ARCH}\n"
        "Without a screen, set QT_QPA_PLATFORM=offscreen; the command-line tools work "
        "without these libraries (judgedesk --help)."
    )
