"""Before the window starts: a missing library or display is named with its fix."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from judgedesk.startup import debian_package, diagnose, missing_libraries

REPO = Path(__file__).resolve().parents[2]
LDD = """\
/x/libqxcb.so:
\tlinux-vdso.so.1 (0x00007ffd)
\tlibxcb-cursor.so.0 => not found
\tlibxkbcommon-x11.so.0 => not found
\tlibEGL.so.1 => /lib/x86_64-linux-gnu/libEGL.so.1 (0x00007f)
/x/libQt6XcbQpa.so.6:
\tlibxcb-cursor.so.0 => not found
\tlibX11-xcb.so.1 => not found
"""


def test_ldd_output_names_the_missing_libraries_once() -> None:
    assert missing_libraries(LDD) == [
        "libxcb-cursor.so.0",
        "libxkbcommon-x11.so.0",
        "libX11-xcb.so.1",
    ]


@pytest.mark.parametrize(
    ("library", "package"),
    [
        ("libxcb-cursor.so.0", "libxcb-cursor0"),
        ("libxcb-icccm.so.4", "libxcb-icccm4"),
        ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
        ("libxcb-render-util.so.0", "libxcb-render-util0"),
        ("libdbus-1.so.3", "libdbus-1-3"),
        ("libfontconfig.so.1", "libfontconfig1"),
        ("libEGL.so.1", "libegl1"),
        ("libX11-xcb.so.1", "libx11-xcb1"),
    ],
)
def test_a_library_maps_to_the_package_that_ships_it(library: str, package: str) -> None:
    assert debian_package(library) == package


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check is for Linux")
def test_the_fix_is_one_apt_get_line() -> None:
    words = diagnose({"DISPLAY": ":0"}, LDD)
    assert "needs libxcb-cursor.so.0, libxkbcommon-x11.so.0, libX11-xcb.so.1" in words
    assert "sudo apt-get install libxcb-cursor0 libxkbcommon-x11-0 libx11-xcb1\n" in words
    assert "Fedora: sudo dnf install" in words and "Arch: sudo pacman -S" in words
    assert "QT_QPA_PLATFORM=offscreen" in words
    assert diagnose({"DISPLAY": ":0"}, "") == ""  # nothing missing
    assert diagnose({"QT_QPA_PLATFORM": "offscreen"}, LDD) == ""
    assert diagnose({"WAYLAND_DISPLAY": "wayland-0"}, LDD) == ""
    assert "no display" in diagnose({}, "")
    assert "no display" in diagnose({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "w"}, "")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check is for Linux")
def test_starting_the_window_without_a_display_exits_2_with_the_fix() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    done = subprocess.run(
        [sys.executable, "-m", "judgedesk"], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "no display" in done.stderr and "QT_QPA_PLATFORM=offscreen" in done.stderr
