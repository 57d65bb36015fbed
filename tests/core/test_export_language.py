"""The HTML report speaks the language of whoever exports it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judgedesk.cli import language, main
from judgedesk.core.project.settings import Project
from tests.core.test_exports_complete import export, project  # noqa: F401  (fixture)

HEADINGS = re.compile(r"<h[12]>(.*?)</h[12]>")


def _translated_part(page: str) -> str:
    """The page from its start to the agreement note, the part said in the reader's words."""
    start = page.index("<body>")
    end = page.index("Kappa") if "Kappa" in page else page.index("</p>", page.index("一致率"))
    return re.sub(r"<[^>]+>", " ", page[start:end])


def test_an_english_export_keeps_its_words(project: Project, tmp_path: Path) -> None:  # noqa: F811
    export(project, tmp_path / "en.html", "html")
    page = (tmp_path / "en.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in page
    assert "<h2>Summary</h2>" in page and "<h2>Review</h2>" in page
    assert "latest result of each row; made " in page


def test_the_command_line_exports_a_chinese_page(
    project: Project,  # noqa: F811
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "zh.html"
    try:
        assert main(["--language", "zh", "export", str(project.root), "--out", str(out)]) == 0
    finally:
        language.use("en")
    page = out.read_text(encoding="utf-8")
    assert '<html lang="zh-CN">' in page
    headings = HEADINGS.findall(page)
    assert "概要" in headings and "复核" in headings and "一致率" in headings
    assert any(h.endswith("— 报告") for h in headings)
    english = [h for h in headings if re.search(r"[A-Za-z]{3,}", h.replace(project.name, ""))]
    assert english == []
    part = _translated_part(page)
    # What is left in English is the person's data, the app's name and numbers only.
    left = re.sub(r"JudgeDesk|UTC|" + re.escape(project.name), "", part)
    assert re.findall(r"[A-Za-z]{3,}", left) == []
    assert "人与评审有分歧" in part and "每行的最新结果" in part
