"""Counts of one are said in the singular: no sentence of the window or the command line
puts a bare count before a plural noun unless a branch for one is beside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judgedesk.cli import main
from judgedesk.core.review import plan_packs
from tests.core.test_random_sample import judged_project

ROOT = Path(__file__).resolve().parents[2] / "judgedesk"

# A placeholder ("{0}", "{len(rows)}", "{rows:,}") right before a plural noun; "rows/s"
# is a unit, not a count of rows.
PLURAL = re.compile(
    r"\{[^{}\n]*\} (?:rows|candidates|reviews|calls|replies|disagreements|reviewers)\b(?!/)"
)
# How far above a plural sentence its branch for one (`== 1`) may be.
NEAR = 8
# Plural sentences whose count is two at least, with why.
ALLOWED = {
    # The helpers that say any count, one included.
    ("ui/counts.py", "{0} rows"),
    ("ui/counts.py", "{0} calls"),
    ("ui/counts.py", "{0} reviews"),
    ("ui/counts.py", "{0} candidates"),
    ("ui/counts.py", "{0} replies"),
    ("ui/counts.py", "{0} disagreements"),
    # Said only when the tuning and the test part hold MIN_PART (5) rows each.
    ("ui/dialogs/calibrate.py", "{0} rows people gave a verdict on"),
    # People's ceiling is measured between two reviewers at least.
    ("ui/dialogs/calibrate_results.py", "{0} reviewers agree"),
}


def plural_sentences() -> list[tuple[str, str]]:
    """(file, line) of each plural sentence with no branch for one near it."""
    found = []
    for folder in ("ui", "cli"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name == "core_messages.py":  # made from the core's say() calls
                continue
            name = path.relative_to(ROOT).as_posix()
            lines = path.read_text(encoding="utf-8").splitlines()
            for number, line in enumerate(lines):
                if not PLURAL.search(line):
                    continue
                if any(name == file and text in line for file, text in ALLOWED):
                    continue
                if any("== 1" in above for above in lines[max(0, number - NEAR) : number]):
                    continue
                found.append((name, line.strip()))
    return found


def test_no_sentence_says_a_count_in_the_plural_only() -> None:
    assert plural_sentences() == []


def test_the_guard_finds_a_plural_only_sentence(tmp_path: Path) -> None:
    assert PLURAL.search('self.tr("In the first {0} rows: {1}")')
    assert PLURAL.search('print(f"The {len(rows)} rows the judge was least sure of.")')
    assert not PLURAL.search('self.tr("Run {0}%: {1} rows/s")')
    assert not PLURAL.search('self.tr("In the first {0}: {1}")')


def test_review_sample_says_one_row_of_a_stratum(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Rows 1 to 29 failed: the judged rows are row 0 (math) and row 30 (art), one each.
    project = judged_project(tmp_path / "p", rows=31, failed=tuple(range(1, 30)))
    assert main(["review", "sample", str(project.root), "--size", "2", "--by", "topic"]) == 0
    out = capsys.readouterr().out
    assert "  math: 1 of 1 row\n" in out and "  art: 1 of 1 row\n" in out
    assert "2 of 2 judged rows drawn at random, stratified by topic (2 values)" in out
    assert "1 rows" not in out


def test_a_pack_plan_of_one_row_says_one_row() -> None:
    assert plan_packs([7], ["ana"], 0.0).summary() == "1 reviewer, 1 row: ana 1 row."
    assert "2 reviewers, 1 row:" in plan_packs([7], ["ana", "bo"], 0.0).summary()
