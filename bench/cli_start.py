"""How fast the command line starts, and which heavy modules each command loads.

    python bench/cli_start.py [--runs N]

Each command runs N times (default 7) in a fresh ``python -m judgedesk`` process; the
figure is the median wall time, interpreter start included. Bytecode is cached (in a
temporary folder, after one warm-up run), as an installed package or the packaged app
has it. ``render`` renders row 0 of a 2-row project made in a temporary folder. Then
each command runs once more in a process that reports which of the heavy modules
(aiohttp, httpx, openpyxl, pyarrow, PySide6) it loaded. Prints figures; asserts nothing.
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

HEAVY = ("aiohttp", "httpx", "openpyxl", "pyarrow", "PySide6")

# Runs one command as ``judgedesk`` would, then names the heavy modules it loaded.
LOADED = f"""
import json, sys
from judgedesk.__main__ import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps([name for name in {HEAVY!r} if name in sys.modules]))
"""


def make_project(folder: Path, env: dict[str, str]) -> Path:
    """A 2-row project whose judge is an endpoint never asked (render sends nothing)."""
    data = folder / "qa.jsonl"
    rows = [
        {"question": "What is 2+2?", "ref_answer": "4", "response": {"content": "4"}},
        {"question": "Capital of France?", "ref_answer": "Paris", "response": {"content": "Lyon"}},
    ]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    project = folder / "proj"
    judge = ["--judge-url", "http://127.0.0.1:9/v1", "--judge-model", "m"]
    subprocess.run(
        [sys.executable, "-m", "judgedesk", "new", str(project), "--dataset", str(data), *judge],
        cwd=ROOT,
        env=env,
        capture_output=True,
        check=True,
    )
    return project


def seconds(args: list[str], env: dict[str, str], runs: int) -> float:
    """The median wall time of ``python -m judgedesk ARGS`` (after a warm-up run)."""
    times = []
    for number in range(runs + 1):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "judgedesk", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        if number:  # the first run writes the bytecode
            times.append(time.perf_counter() - started)
    return statistics.median(times)


def loaded(args: list[str], env: dict[str, str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", LOADED, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    names: list[str] = json.loads(done.stdout.splitlines()[-1])
    return names


def python_start(env: dict[str, str], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = dict(os.environ, JUDGEDESK_SETTINGS_DIR=str(folder / "settings"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(folder / "bytecode")
        project = make_project(folder, env)
        commands = {
            "--version": ["--version"],
            "--help": ["--help"],
            "templates": ["templates"],
            "render": ["render", str(project), "--row", "0"],
        }
        start = python_start(env, options.runs)
        times = {name: seconds(args, env, options.runs) for name, args in commands.items()}
        heavy = {name: loaded(args, env) for name, args in commands.items()}
    print(f"cli_start — {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(f"  python -c pass (for scale)          {start:6.3f} s")
    for name in commands:
        modules = ", ".join(f"{m} loaded: {'yes' if m in heavy[name] else 'no'}" for m in HEAVY)
        print(f"  judgedesk {name:<12} {times[name]:6.3f} s   {modules}")

    def which(name: str, among: tuple[str, ...] = HEAVY) -> str:
        return ", ".join(m for m in among if m in heavy[name]) or "none"

    report(
        [
            (
                "`judgedesk --version`, process start to exit (median of fresh processes)",
                f"{times['--version']:.2f} s",
                "< 0.15 s",
            ),
            (
                "the same — which of aiohttp, httpx, openpyxl, pyarrow, PySide6 `--version` loads",
                which("--version"),
                "none",
            ),
            (
                "the same — `judgedesk render`, one row of a 2-row project",
                f"{times['render']:.2f} s",
                "",
            ),
            (
                "the same — which of aiohttp, openpyxl, pyarrow `render` loads",
                which("render", ("aiohttp", "openpyxl", "pyarrow")),
                "none",
            ),
        ]
    )


if __name__ == "__main__":
    main()
