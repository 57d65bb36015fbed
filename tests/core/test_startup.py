"""Before the window starts: a missing library or display is named with its fix."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from judgedesk.startup import debian_package, diagnose, display_answers, missing_libraries

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
    words = diagnose({"DISPLAY": ":0"}, LDD, lambda display: True)
    assert "needs libxcb-cursor.so.0, libxkbcommon-x11.so.0, libX11-xcb.so.1" in words
    assert "sudo apt-get install libxcb-cursor0 libxkbcommon-x11-0 libx11-xcb1\n" in words
    assert "Fedora: sudo dnf install" in words and "Arch: sudo pacman -S" in words
    assert "QT_QPA_PLATFORM=offscreen" in words
    assert diagnose({"DISPLAY": ":0"}, "", lambda display: True) == ""  # nothing missing
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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check is for Linux")
def test_a_display_nobody_serves_is_named_before_qt_starts(tmp_path: Path) -> None:
    words = diagnose({"DISPLAY": ":97"}, "", lambda display: False)
    assert "the display :97 (DISPLAY) does not answer" in words
    assert "QT_QPA_PLATFORM=offscreen" in words
    assert not display_answers(":97")  # no X server here at :97
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        # An X server listens on an abstract socket of that name.
        server.bind("\0/tmp/.X11-unix/X96")
        server.listen()
        assert display_answers(":96")
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        if port > 6000:
            assert display_answers(f"127.0.0.1:{port - 6000}")
    assert display_answers("not a display")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check is for Linux")
@pytest.mark.parametrize("command", [[], ["open"], ["self-test"]])
def test_every_command_that_needs_qt_exits_2_on_a_dead_display(command: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["DISPLAY"] = ":97"
    done = subprocess.run(
        [sys.executable, "-m", "judgedesk", *command],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "does not answer" in done.stderr
    assert done.stderr.count("\n") <= 2


def test_open_help_prints_help_and_starts_nothing() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    for flag in ("--help", "-h"):
        done = subprocess.run(
            [sys.executable, "-m", "judgedesk", "open", flag],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert "usage: judgedesk open" in done.stdout
