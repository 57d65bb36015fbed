"""Every benchmark in bench/, one after another, and one table of their figures.

    python bench/all.py [--only NAME ...] [--markdown] [--verbose]

Each benchmark runs as a subprocess of its own, so the memory it reports is its own,
and prints its usual report followed by a ``BENCH-FIGURES`` line (see
``bench/figures.py``), which is what this reads. The table comes after the machine's
details: CPU, cores, memory, operating system, Python and Qt. ``--markdown`` prints the
table as the README's "Figures" section has it; ``--verbose`` shows each benchmark's own
report as it ends. Figures are printed, never asserted; the exit status is 1 when a
benchmark failed or printed no figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.figures import NO_TARGET, parse  # noqa: E402

_EXCEPTION = re.compile(r"^[\w.]*(Error|Exception|Interrupt|Exit)\b")

# In the order of the README: opening data, running, the window, editing, reviewing.
BENCHMARKS = (
    "open_dataset",
    "search_dataset",
    "run_throughput",
    "run_scale",
    "million",
    "local_judge",
    "cli_start",
    "ui_open",
    "ui_run",
    "template_render",
    "editor_highlight",
    "review_report",
    "people",
    "leaderboard",
    "exports",
    "rule_reread",
    "probabilities",
    "ui_review",
    "ui_report",
)


@dataclass
class Outcome:
    """What one benchmark printed, and how it ended."""

    name: str
    seconds: float
    returncode: int
    output: str
    errors: str
    figures: list[dict[str, str]] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return self.returncode != 0 or not self.figures

    def why(self) -> str:
        """Why there are no figures, in a few words: the exception, if one was raised."""
        if self.returncode != 0:
            lines = [line.strip() for line in self.errors.splitlines() if line.strip()]
            raised = [line for line in lines if _EXCEPTION.match(line)]
            last = (raised or lines or ["no message"])[-1]
            return f"failed (exit {self.returncode}): {last[:160]}"
        return "printed no BENCH-FIGURES line"


def run_benchmark(name: str) -> Outcome:
    """Run ``bench/NAME.py`` in a fresh Python and read its figures."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_API="pyside6")
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / f"{name}.py")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    outcome = Outcome(
        name, time.perf_counter() - started, done.returncode, done.stdout, done.stderr
    )
    outcome.figures = parse(done.stdout) or []
    return outcome


# --- the machine ------------------------------------------------------------------------


def _first_line_with(path: str, key: str, separator: str = ":") -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                name, _, value = line.partition(separator)
                if name.strip() == key:
                    return value.strip().strip('"')
    except OSError:
        pass
    return ""


def cpu_model() -> str:
    return (
        _first_line_with("/proc/cpuinfo", "model name")
        or platform.processor()
        or platform.machine()
        or "unknown CPU"
    )


def memory_gb() -> float | None:
    total = _first_line_with("/proc/meminfo", "MemTotal")
    if total.endswith("kB"):
        return int(total[:-2]) / 1024**2
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 1024**3
    except (AttributeError, ValueError, OSError):
        return None


def operating_system() -> str:
    name = _first_line_with("/etc/os-release", "PRETTY_NAME", "=")
    kernel = f"{platform.system()} {platform.release()}"
    return f"{name} ({kernel})" if name else platform.platform()


def qt_versions() -> str:
    try:
        import PySide6
        from PySide6.QtCore import qVersion
    except ImportError as exc:
        return f"Qt not available ({exc})"
    return f"Qt {qVersion()} (PySide6 {PySide6.__version__})"


def machine() -> list[tuple[str, str]]:
    """The machine's details, as (what, value) pairs."""
    cores = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cores
    memory = memory_gb()
    return [
        ("CPU", cpu_model()),
        ("cores", f"{cores}" + (f" ({usable} usable)" if usable != cores else "")),
        ("memory", f"{memory:.1f} GB" if memory is not None else "unknown"),
        ("system", operating_system()),
        ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("Qt", qt_versions()),
    ]


# --- the table ------------------------------------------------------------------------


def rows(outcomes: list[Outcome]) -> list[tuple[str, str, str]]:
    """(benchmark, figure, target) rows: the first row of each benchmark names its file."""
    table = []
    for outcome in outcomes:
        script = f"bench/{outcome.name}.py"
        if outcome.failed:
            table.append((script, outcome.why(), NO_TARGET))
            continue
        for number, figure in enumerate(outcome.figures):
            what = f"{script}: {figure['figure']}" if number == 0 else figure["figure"]
            table.append((what, figure["value"], figure["target"] or NO_TARGET))
    return table


def text_table(table: list[tuple[str, str, str]]) -> str:
    header = ("benchmark", "figure", "target")
    widths = [max(len(row[i]) for row in [header, *table]) for i in range(3)]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(header)).rstrip()]
    lines.append("  ".join("-" * width for width in widths))
    for row in table:
        lines.append("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
    return "\n".join(lines)


def markdown_table(table: list[tuple[str, str, str]]) -> str:
    lines = ["| benchmark | figure | target |", "| --- | --- | --- |"]
    for what, value, target in table:
        script, colon, rest = what.partition(": ")
        if colon and script.startswith("bench/"):
            what = f"`{script}`: {rest}"
        cells = (cell.replace("|", "\\|") for cell in (what, value, target))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", choices=BENCHMARKS, metavar="NAME")
    parser.add_argument("--markdown", action="store_true", help="the table in Markdown")
    parser.add_argument("--verbose", action="store_true", help="each benchmark's own report")
    args = parser.parse_args(argv)
    outcomes = []
    for name in args.only or BENCHMARKS:
        print(f"running bench/{name}.py …", file=sys.stderr, flush=True)
        outcome = run_benchmark(name)
        print(
            f"  {'failed' if outcome.failed else 'done'} in {outcome.seconds:.0f} s",
            file=sys.stderr,
            flush=True,
        )
        if args.verbose or outcome.failed:
            print(outcome.output + outcome.errors, file=sys.stderr, flush=True)
        outcomes.append(outcome)
    details = machine()
    if args.markdown:
        about = dict(details)
        print(
            f"Measured with `python bench/all.py --markdown` on {about['CPU']}, "
            f"{about['cores']} cores, {about['memory']} of memory; {about['system']}; "
            f"{about['Python']}; {about['Qt']}."
        )
        print()
        print(markdown_table(rows(outcomes)))
    else:
        width = max(len(what) for what, _ in details)
        for what, value in details:
            print(f"{what:<{width}}  {value}")
        print()
        print(text_table(rows(outcomes)))
    return 1 if any(outcome.failed for outcome in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
