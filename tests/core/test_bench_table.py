"""bench/all.py: reading each benchmark's figures and printing one table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench.all import BENCHMARKS, Outcome, markdown_table, rows, text_table
from bench.figures import PREFIX, parse

REPO = Path(__file__).resolve().parents[2]

OUTPUT = """open_dataset benchmark — best of 3 runs
  first 50 rows (progressive)   0.061 s  < 0.5 s
BENCH-FIGURES [{"figure": "first 50 rows", "value": "0.06 s", "target": "< 0.5 s"}, \
{"figure": "the same — peak memory", "value": "48 MB", "target": "—"}]
"""


def test_every_benchmark_file_is_listed() -> None:
    files = {p.stem for p in (REPO / "bench").glob("*.py")}
    assert set(BENCHMARKS) == files - {"__init__", "all", "figures", "stalls"}  # helpers
    for name in BENCHMARKS:  # each prints the line bench/all.py reads
        assert "report(" in (REPO / "bench" / f"{name}.py").read_text()


def test_figures_are_read_from_the_last_figures_line() -> None:
    figures = parse(OUTPUT)
    assert figures == [
        {"figure": "first 50 rows", "value": "0.06 s", "target": "< 0.5 s"},
        {"figure": "the same — peak memory", "value": "48 MB", "target": "—"},
    ]
    assert parse("no figures here\n") is None
    assert parse(PREFIX + "{not json\n") is None


def test_the_table_names_each_benchmark_once_and_says_why_one_failed() -> None:
    done = Outcome("open_dataset", 3.0, 0, OUTPUT, "", parse(OUTPUT) or [])
    broken = Outcome("ui_run", 1.0, 1, "", "Traceback …\nRuntimeError: no display\n")
    silent = Outcome("editor_highlight", 1.0, 0, "some output\n", "")
    table = rows([done, broken, silent])
    assert table == [
        ("bench/open_dataset.py: first 50 rows", "0.06 s", "< 0.5 s"),
        ("the same — peak memory", "48 MB", "—"),
        ("bench/ui_run.py", "failed (exit 1): RuntimeError: no display", "—"),
        ("bench/editor_highlight.py", "printed no BENCH-FIGURES line", "—"),
    ]
    text = text_table(table)
    assert text.splitlines()[0].split() == ["benchmark", "figure", "target"]
    markdown = markdown_table(table)
    assert "| `bench/open_dataset.py`: first 50 rows | 0.06 s | < 0.5 s |" in markdown
    assert markdown.startswith("| benchmark | figure | target |\n| --- | --- | --- |")


def test_a_benchmark_run_through_all_py_gives_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, "bench/all.py", "--only", "template_render"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    details = done.stdout.split("\n\n")[0]  # the machine first (Qt is read in the child)
    for what in ("CPU", "cores", "memory", "system", "Python", "Qt"):
        assert f"\n{what} " in f"\n{details}", details
    assert f"CPython {sys.version.split()[0]}" in details and "Qt 6." in details
    assert "bench/template_render.py: re-render of a 10 KB template" in done.stdout
    assert "< 20 ms" in done.stdout
