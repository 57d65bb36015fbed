"""Build JudgeDesk as one folder with everything in it, smoke-test it, and archive it.

    CMAKE_ARGS=-DGGML_NATIVE=OFF pip install -e '.[package]'
    python packaging/build.py [--no-test] [--no-archive] [--model FILE.gguf]

Makes ``dist/JudgeDesk/`` (the ``judgedesk`` program, its libraries and resources,
llama.cpp for model-file judges, a ``.desktop`` file and the icon), runs ``judgedesk
self-test`` from it with no display (it opens the window offscreen, runs the sample
project with its offline judge and a script worker, and with ``--model`` judges a row
with that model file; it exits 0), then writes ``dist/JudgeDesk-<version>-<os>-<machine>``
as ``.tar.gz`` (``.zip`` on Windows). Build on the oldest system you support: the
bundle needs a glibc at least as new as the build machine's. ``GGML_NATIVE=OFF`` builds
llama.cpp for any processor of the architecture instead of the build machine's own.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
NAME = "JudgeDesk"


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from judgedesk import __version__

    return str(__version__)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def build() -> Path:
    try:
        import llama_cpp  # noqa: F401
        import PyInstaller  # noqa: F401
    except ImportError as exc:
        raise SystemExit(
            f"{exc.name} is not installed. Run: CMAKE_ARGS=-DGGML_NATIVE=OFF "
            "pip install -e '.[package]'"
        ) from None
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            str(ROOT / "packaging" / "judgedesk.spec"),
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(DIST),
            "--workpath",
            str(WORK),
        ],
        cwd=ROOT,
        check=True,
    )
    folder = DIST / NAME
    shutil.copy2(ROOT / "packaging" / "judgedesk.desktop", folder / "judgedesk.desktop")
    shutil.copy2(ROOT / "resources" / "icons" / "judgedesk.svg", folder / "judgedesk.svg")
    return folder


def smoke_test(folder: Path, model: Path | None = None) -> float:
    program = folder / ("judgedesk.exe" if sys.platform == "win32" else "judgedesk")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("JUDGEDESK_RESOURCES", None)  # the bundle must find its own
    started = time.perf_counter()
    command = [str(program), "self-test", *(["--model", str(model)] if model else [])]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    elapsed = time.perf_counter() - started
    print(done.stdout, end="")
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        raise SystemExit(f"The smoke test failed (exit {done.returncode}).")
    return elapsed


def archive(folder: Path) -> Path:
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    stem = f"{NAME}-{version()}-{system}-{platform.machine().lower()}"
    if sys.platform == "win32":
        path = DIST / f"{stem}.zip"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
            for file in sorted(folder.rglob("*")):
                out.write(file, Path(NAME) / file.relative_to(folder))
        return path
    path = DIST / f"{stem}.tar.gz"
    with tarfile.open(path, "w:gz") as out:
        out.add(folder, arcname=NAME)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-test", action="store_true", help="skip the smoke test")
    parser.add_argument("--no-archive", action="store_true", help="leave the folder only")
    parser.add_argument(
        "--model", type=Path, help="a small GGUF model file the smoke test judges a row with"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    folder = build()
    built = time.perf_counter() - started
    print(f"built {folder} in {built:.0f} s: {folder_size(folder) / 1e6:.0f} MB")
    if not args.no_test:
        seconds = smoke_test(folder, args.model)
        print(f"smoke test passed in {seconds:.1f} s")
    if not args.no_archive:
        path = archive(folder)
        print(f"archive {path}: {path.stat().st_size / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
