"""The HTML report exported from the window speaks the window's language."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.ui.test_project_actions import sample_window
from tests.ui.test_translations import chinese  # noqa: F401  (fixture)


@pytest.mark.usefixtures("chinese")
def test_the_chinese_window_exports_a_chinese_page(qtbot: QtBot, tmp_path: Path) -> None:
    window = sample_window(qtbot, tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "judgedesk", "run", str(tmp_path / "sample")],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = tmp_path / "report.html"
    window.files.export_to(out)
    qtbot.waitUntil(out.is_file, timeout=20_000)
    page = out.read_text(encoding="utf-8")
    assert '<html lang="zh-CN">' in page
    headings = re.findall(r"<h2>(.*?)</h2>", page)
    assert headings[:1] == ["概要"] and "复核" in headings and "一致率" in headings
    assert "<h2>Summary</h2>" not in page and "Reviewed by hand" not in page
