"""Each command imports only what it uses: --version and render load no HTTP client,
spreadsheet or Parquet library or Qt (checked on the modules loaded, in fresh processes)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from judgedesk.cli import main

HEAVY = ("aiohttp", "httpx", "openpyxl", "pyarrow", "PySide6")

CHILD = f"""
import json, sys
from judgedesk.cli.app import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:  # --version exits from argparse
    code = exc.code
heavy = [name for name in {HEAVY!r} if name in sys.modules]
print(json.dumps({{"code": code, "loaded": heavy}}))
"""


def loaded_by(*args: str) -> list[str]:
    """The heavy modules loaded by ``judgedesk ARGS`` in a fresh Python."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["code"] == 0, done.stderr
    loaded: list[str] = result["loaded"]
    return loaded


def test_version_loads_no_client_spreadsheet_or_qt() -> None:
    assert loaded_by("--version") == []


def test_render_loads_neither_aiohttp_nor_openpyxl(tmp_path: Path) -> None:
    data = tmp_path / "qa.jsonl"
    data.write_text(
        json.dumps({"question": "What is 2+2?", "ref_answer": "4", "response": {"content": "4"}})
        + "\n",
        encoding="utf-8",
    )
    project = tmp_path / "proj"
    judge = ["--judge-url", "http://127.0.0.1:9/v1", "--judge-model", "m"]
    created = main(["new", str(project), "--dataset", str(data), *judge])
    assert created == 0
    loaded = loaded_by("render", str(project), "--row", "0")
    assert not {"aiohttp", "openpyxl", "pyarrow", "PySide6"} & set(loaded), loaded


def test_choices_read_late_still_check_values_and_show_in_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["export", "proj", "--out", "x.pdf", "--format", "pdf"])
    assert exited.value.code == 2
    assert "invalid choice: 'pdf' (choose from 'jsonl', 'csv', 'xlsx', 'html', 'opencompass')" in (
        capsys.readouterr().err
    )
    with pytest.raises(SystemExit):
        main(["new", "proj", "--dataset", "d.jsonl", "--verdict-pick", "most"])
    assert "choose from 'first', 'last', 'only'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    shown = capsys.readouterr().out
    assert "--verdict-kind {score,pairwise,correctness,label}" in shown
    assert "--parser {" in shown and "score" in shown
