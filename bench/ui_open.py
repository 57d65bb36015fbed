"""Desktop app start-up: cold start to a shown window, and the first rows of a big dataset.

Each figure is measured in a fresh process, offscreen, started as a person starts the
app (``judgedesk open DIR``: the composition root in ``judgedesk/app.py``, translations,
the main window, the project opened):
  - start: process start → main window shown, the median of --runs processes, with the
    bytecode cached (in a temporary folder, after one warm-up start) as an installed
    package or the packaged app has it; and once more without cached bytecode, as a
    source tree run with PYTHONDONTWRITEBYTECODE starts;
  - first rows: project opened → the first rows of a 200,000-row JSONL in the table;
  - peak RSS of that process.

    python bench/ui_open.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import report  # noqa: E402
from bench.open_dataset import ensure_file  # noqa: E402
from judgedesk.core.project import (  # noqa: E402
    approve,
    load_project,
)

# Starts the app through its entry point; the window's show and open_project are wrapped
# to note when it was shown and when the dataset's first rows arrived.
CHILD = r"""
import os, resource, sys, time
started = float(sys.argv[1])
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtWidgets import QApplication
from judgedesk.ui.main_window import MainWindow
figures = {}
show, open_project = MainWindow.show, MainWindow.open_project

def shown(window):
    show(window)
    QApplication.processEvents()
    figures["shown"] = time.time() - started

def opened(window, folder):
    begun = time.perf_counter()
    def ready(_dataset):
        window.dataset_pane.model.data(window.dataset_pane.model.index(0, 1))
        first = time.perf_counter() - begun
        window.workspace.close()  # stops the indexing still running behind the first rows
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{figures['shown']} {first} {rss}", flush=True)
        os._exit(0)  # the measurement is done; skip joining the indexing thread
    window.workspace.sig_dataset_loaded.connect(ready)
    open_project(window, folder)

MainWindow.show, MainWindow.open_project = shown, opened
from judgedesk.__main__ import main
main(["open", sys.argv[2]])
"""


def start(project: Path, env: dict[str, str]) -> tuple[float, float, float]:
    """(seconds to a shown window, seconds to the first rows, peak RSS in MB)."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(time.time()), str(project)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the app did not start (exit {done.returncode}):\n{done.stderr}")
    shown, first, rss = (float(x) for x in done.stdout.split()[-3:])
    return shown, first, rss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    data = ensure_file()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "big"
        project.mkdir()
        (project / "judgedesk.toml").write_text(
            "schema_version = 1\nname = 'big'\n[dataset]\npath = " + json.dumps(str(data)) + "\n"
        )
        os.environ["JUDGEDESK_SETTINGS_DIR"] = tmp
        approve(load_project(project))  # its data file lies outside it: allowed, as if made here
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_API="pyside6")
        bare = dict(env, PYTHONDONTWRITEBYTECODE="1")
        bare.pop("PYTHONPYCACHEPREFIX", None)
        uncached = start(project, bare)[0]
        cached = dict(env, PYTHONPYCACHEPREFIX=str(Path(tmp) / "bytecode"))
        cached.pop("PYTHONDONTWRITEBYTECODE", None)
        start(project, cached)  # writes the bytecode
        runs = [start(project, cached) for _ in range(options.runs)]
    shown = statistics.median(run[0] for run in runs)
    first = statistics.median(run[1] for run in runs)
    rss = max(run[2] for run in runs)
    print(f"ui_open — {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(
        f"  cold start to a shown window      {shown:6.2f} s   target < 1.5 s "
        f"(median of {options.runs}; {min(r[0] for r in runs):.2f}–{max(r[0] for r in runs):.2f})"
    )
    print(f"  the same, no cached bytecode      {uncached:6.2f} s")
    print(f"  first rows of 200,000 (305 MB)    {first:6.2f} s   target < 1 s")
    print(f"  peak RSS                          {rss:6.0f} MB  target < 500 MB")
    report(
        [
            (
                "cold start to a shown window (`judgedesk open DIR`, bytecode cached)",
                f"{shown:.2f} s (no cached bytecode: {uncached:.2f} s)",
                "< 1.5 s",
            ),
            (
                "the same — first rows of the 200,000-row file in the table "
                "(the rest indexes behind them)",
                f"{first:.2f} s",
                "< 1 s",
            ),
            ("the same — peak memory", f"{rss:.0f} MB", "< 500 MB"),
        ]
    )


if __name__ == "__main__":
    main()
