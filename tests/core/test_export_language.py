"""The HTML report speaks the language of whoever exports it."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import openpyxl
import pytest

from judgedesk.cli import language, main
from judgedesk.core.project.settings import Project
from judgedesk.core.report.exports.html_rows import write_rows_section
from judgedesk.core.report.exports.svg import reliability_diagram
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


def _zh_page(project: Project, out: Path) -> str:  # noqa: F811
    try:
        assert main(["--language", "zh", "export", str(project.root), "--out", str(out)]) == 0
    finally:
        language.use("en")
    return out.read_text(encoding="utf-8")


def test_every_section_of_a_chinese_page_is_in_chinese(
    project: Project,  # noqa: F811
    tmp_path: Path,
) -> None:
    page = _zh_page(project, tmp_path / "zh.html")
    words = re.sub(r"<script.*?</script>", " ", page, flags=re.S)
    words = re.sub(r"<[^>]+>", " ", words)
    # The agreement, the rows to look at and the rows, each with its heads and notes.
    for chinese in (
        "人工 对比 评审",
        "混淆矩阵",
        "斯皮尔曼相关系数",
        "值得查看的行",
        "备注或错误",
        "共 8 行。",
        "搜索行",
        "无人工判定",
        "上一页",
        "95% 置信区间",
    ):
        assert chinese in page, chinese
    assert '<h2 id="rows">所有行</h2>' in page  # not the table column's 行数
    # The rows to look at: a row's status and why its verdict was not read, in Chinese.
    look = page[page.index("值得查看的行") : page.index('<h2 id="rows">')]
    assert "<td>未读出</td>" in look and "回复中没有找到判定。" in look
    assert "No verdict was found" not in look and "<td>unparsed</td>" not in look
    # The status filter names each status in Chinese; its values stay the data's.
    assert '<option value="unparsed">未读出</option>' in page
    assert '<option value="not run">尚未运行</option>' in page
    for english in (
        "person vs judge",
        "Confusion matrix",
        "Spearman correlation",
        "Exact agreement",
        "Rows to look at",
        "Note or error",
        "All 8 rows",
        "Search rows",
        "No human verdict",
        "Previous",
        "Allow scripts",
        "95% CI",
    ):
        assert english not in words, english
    # The rows' script writes its words from the page's data, in the reader's language.
    data = json.loads(re.search(r'id="rows-data">(.*?)</script>', page, re.S).group(1))
    assert data["words"]["sort"] == "按 {name} 排序"
    assert data["words"]["shown"] == "第 {first}–{last} 行，共 {count} 行"


def test_an_english_page_keeps_its_sections_words(
    project: Project,  # noqa: F811
    tmp_path: Path,
) -> None:
    export(project, tmp_path / "en.html", "html")
    page = (tmp_path / "en.html").read_text(encoding="utf-8")
    assert "<h3>person vs judge</h3>" in page
    assert "<h2>Rows to look at</h2>" in page and "All 8 rows. Search any text" in page
    assert "(95% CI " in page and "置信区间" not in page
    data = json.loads(re.search(r'id="rows-data">(.*?)</script>', page, re.S).group(1))
    assert data["words"]["shown"] == "Rows {first}–{last} of {count}"


def test_one_row_is_said_in_the_singular() -> None:
    out = io.StringIO()
    write_rows_section(out, [], ["row"], ["row"], 1)
    assert "The 1 row." in out.getvalue() and "1 rows" not in out.getvalue()
    chart = reliability_diagram([(0.5, 0.6, 1.0, 1)], "title")
    assert "agreed, 1 row<" in chart


def test_a_chinese_workbook_labels_its_summary_in_chinese(
    project: Project,  # noqa: F811
    tmp_path: Path,
) -> None:
    out = tmp_path / "zh.xlsx"
    try:
        assert main(["--language", "zh", "export", str(project.root), "--out", str(out)]) == 0
    finally:
        language.use("en")
    book = openpyxl.load_workbook(out)
    # The sheets' names and the rows' column names are data keys scripts read: unchanged.
    assert book.sheetnames == ["Summary", "Rows"]
    rows = list(book["Rows"].iter_rows(values_only=True))
    assert rows[0][:3] == ("row", "id", "run")
    labels = [r[0] for r in book["Summary"].iter_rows(values_only=True) if r and r[0]]
    heads = [r for r in book["Summary"].iter_rows(values_only=True) if r and r[0] == "复核"]
    assert {"项目", "结果", "有结果的行", "人工复核", "一致率", "人工 对比 评审"} <= set(labels)
    assert heads and heads[0][1] == "行数"
    for english in ("Project", "Results", "Reviewed by hand", "Agreement", "person vs judge"):
        assert english not in labels, english
    summary = {r[0]: r[1:] for r in book["Summary"].iter_rows(values_only=True) if r and r[0]}
    assert summary["结果"][0] == "每行的最新结果"
    assert summary["项目"][0] == project.name  # the person's data as it is


def test_the_command_line_reports_in_chinese(
    project: Project,  # noqa: F811
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["report", str(project.root)]) == 0
    english = capsys.readouterr().out
    try:
        assert main(["--language", "zh", "report", str(project.root)]) == 0
    finally:
        language.use("en")
    text = capsys.readouterr().out
    assert f"{project.name} — 每行的最新结果" in text
    assert "行数：5 — 4 成功，0 错误，1 未读出" in text
    assert "平均分：" in text and "\n分布\n" in text and "\n一致率\n" in text
    assert "复核：5 行中 2 行已人工复核，0 行带有来自数据集的人工标签；1 处分歧" in text
    for phrase in ("latest result of each row", "Rows: ", "Mean score", "Distribution", "Review:"):
        assert phrase not in text, phrase
    # English stays English, one disagreement said in the singular.
    assert (
        "Review: 2 of 5 rows reviewed by hand, 0 with a human label from the dataset; " in english
    )
    assert "1 disagreement, 0 flagged" in english and "Distribution" in english
