"""``--language zh`` says in Chinese what ``review``, ``calibrate``, ``batch``,
``servers``, ``export`` and ``templates`` print, with no English sentence of ours left."""

from __future__ import annotations

import json
import re
import socket
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from judgedesk.cli import language, main
from judgedesk.core.run import Store
from tests.core.test_calibrate_cli import labelled_project, reply
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.core.test_random_sample import judged_project
from tests.support.batch_runner import run_batch
from tests.support.fake_openai import FakeOpenAI
from tests.support.revision_server import Reviser

# Three English words or more in a row: a sentence (or most of one) left untranslated.
ENGLISH = re.compile(r"[A-Za-z]+(?:'[a-z]+)?(?:[ ,]+[A-Za-z]+(?:'[a-z]+)?){2,}")
# What stays as written in any language: commands in backticks, addresses.
KEPT = re.compile(r"`[^`]*`|https?://\S+")


def english_left(out: str, *kept: str) -> list[str]:
    """The runs of English words in ``out`` once commands, addresses and ``kept`` (paths,
    names) are taken out."""
    for text in sorted(kept, key=len, reverse=True):
        out = out.replace(text, " ")
    return ENGLISH.findall(KEPT.sub(" ", out))


def cells(line: str) -> int:
    """How many terminal cells ``line`` takes."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def chinese(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run a command with ``--language zh``: its exit code, what it printed and warned."""
    try:
        code = main(["--language", "zh", *argv])
    finally:
        language.use("en")
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def scorer() -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=score_from_question) as fake:
        yield fake


def test_review_sample_speaks_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Rows 1 to 29 failed: the judged rows are row 0 (math) and 30 to 39 (a stratum of one).
    project = judged_project(tmp_path / "p", rows=40, failed=tuple(range(1, 30)))
    root = str(project.root)
    code, out, _ = chinese(capsys, "review", "sample", root, "--size", "3", "--by", "topic")
    assert code == 0
    assert "从已评审的 11 行中随机抽取了 3 行，按 topic 分层" in out
    assert "个取值）（种子 " in out
    assert re.search(r"^  art：10 行中的 \d 行$", out, re.M) and "\n  math：1 行中的 " in out
    assert "请在窗口中复核这些行" in out
    assert english_left(out, root) == []


def test_review_packs_and_imports_speak_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = judged_project(tmp_path / "p", rows=12)
    root, out_dir = str(project.root), tmp_path / "packs"
    code, out, _ = chinese(
        capsys, "review", "pack", root, "--reviewers", "ana,bo", "--out", str(out_dir)
    )
    assert code == 0
    assert "2 位复核人，12 行：" in out and "每人的行数：" in out
    assert "把各自的文件发给每位复核人" in out
    assert english_left(out, root, str(out_dir), "judgedesk review import") == []

    packs = sorted(str(path) for path in out_dir.glob("*.jdpack"))
    broken = tmp_path / "broken.jdpack"
    broken.write_text("not a pack", encoding="utf-8")
    labels = tmp_path / "cy.csv"
    labels.write_text("id,verdict\nr1,3\nnowhere,2\n", encoding="utf-8")
    code, out, _ = chinese(
        capsys, "review", "import", root, *packs, str(labels), "--reviewer", "cy"
    )
    assert code == 1  # the unknown id
    assert "ana：在 ana.jdpack 中复核了 " in out and "新增 0，更改 0，0 个已存在。" in out
    assert "cy：从 2 行中读出 1 个判定；新增 1" in out
    assert "有 1 行的 id 在数据集中不存在（nowhere）" in out
    assert "查看人与人之间以及评审与人之间的一致程度" in out
    assert english_left(out, root, *packs, str(labels)) == []

    code, out, _ = chinese(capsys, "review", "import", root, str(broken))
    assert code == 1 and f"{broken}: 未导入。" in out


def test_calibrate_speaks_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with FakeOpenAI(reply=reply) as server:
        project = labelled_project(tmp_path / "p", server.base_url)
        root = str(project.root)
        code, out, _ = chinese(capsys, "calibrate", root, "--split", "0.5", "--adopt", "large")
    assert code == 0
    assert "估计：已标注的 30 行，需 60 次调用（0 次已存储），约 " in out
    assert re.search(
        r"在人给出判定的 30 行上校准：\d+ 行用于调优，\d+ 行用于测试（比例 0.5，种子 0）", out
    )
    assert re.search(r"^评审 +部分 +n +一致 ", out, re.M)
    assert re.search(r"^large +调优 +\d+ ", out, re.M) and re.search(r"^large +测试 ", out, re.M)
    # The table stays aligned on a terminal, where a Chinese character takes two cells.
    table = [line for line in out.splitlines() if re.match(r"(评审|large|judge) ", line)]
    assert len(table) == 5 and len({cells(line) for line in table}) == 1
    assert "30 次调用（0 次已存储）" in out and " 个词元" in out
    assert "推荐：judge（在调优行上 κ 最高" in out
    assert "已采用 large：其他候选已停用，未删除。" in out
    assert english_left(out, root) == []


def test_a_suggested_revision_speaks_chinese(
    tmp_path: Path,
    revision_server: FakeOpenAI,
    reviser: Reviser,
    capsys: pytest.CaptureFixture[str],
) -> None:
    project = labelled_project(tmp_path / "p", revision_server.base_url)
    root = str(project.root)
    code, out, err = chinese(capsys, "calibrate", root, "--suggest", "large", "--with", "judge")
    assert code == 0
    assert re.search(
        r"^judge 读了调优部分中 large 与人不一致的 \d+ 行（测试部分的行一行也没读）。$", err, re.M
    )
    assert (
        "已添加候选 large-revised（templates/large-revised.j2）。请用 `judgedesk calibrate " in out
    )
    assert english_left(err) == [] and english_left(out.split("\n已添加候选")[1]) == []

    reviser.text = "```jinja\nJudge {{ data.question }}\nScore:"
    code, _, err = chinese(capsys, "calibrate", root, "--suggest", "large")
    assert code == 1
    assert "未添加任何候选：模型的回复在模板中途被截断（代码块没有闭合）。" in err
    assert english_left(err, "max_tokens") == []


def test_batch_export_and_import_speak_chinese(
    tmp_path: Path, scorer: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", scorer.base_url)
    root, folder = str(project.root), tmp_path / "out"
    code, out, _ = chinese(capsys, "batch", "export", root, "--out", str(folder))
    assert code == 0
    assert "1 个文件共 12 个请求，位于 " in out and "12 行中已存储 0 条回复。" in out
    assert f"清单文件是 {folder / 'manifest.json'}。" in out
    assert english_left(out, root, str(folder), "judgedesk batch import", "RESULTS") == []

    results = tmp_path / "results.jsonl"
    run_batch(sorted(folder.glob("requests-*.jsonl")), scorer.base_url, results)
    lines = results.read_text(encoding="utf-8").splitlines(keepends=True)
    stranger = json.loads(lines[0]) | {"custom_id": "f" * 64}
    part = tmp_path / "part.jsonl"
    part.write_text("".join(lines[:5]) + json.dumps(stranger) + "\n" + lines[5][:40])
    code, out, _ = chinese(capsys, "batch", "import", root, str(part))
    assert code == 1
    assert "part.jsonl：7 行：存储了 5 条回复，0 条已存储，1 条的 id 未知。最后一行被截断" in out
    assert f"  未知 id：{'f' * 64}" in out
    assert "已导出的请求中仍有 7 个在等待回复。" in out
    assert english_left(out, root, str(part)) == []


def test_servers_speak_chinese(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("OLLAMA_MODELS", raising=False)
    with FakeOpenAI(models=["m1"]) as fake:
        port = fake.base_url.rsplit(":", 1)[1].split("/")[0]
        code, out, _ = chinese(capsys, "servers", "--port", port)
    assert code == 0
    assert out.startswith("服务器：\n") and f"  端口 {port}，位于 {fake.base_url}（" in out
    assert "在 LM Studio 和 Ollama 的文件夹中没有找到模型文件。" in out
    assert english_left(out, "LM Studio", "Ollama", "Hugging Face") == []

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed = str(sock.getsockname()[1])
    code, out, _ = chinese(capsys, "servers", "--port", closed)
    assert code == 0 and out.startswith("没有服务器应答。")
    assert english_left(out, "LM Studio", "Ollama", "Hugging Face") == []


def test_export_and_templates_speak_chinese(
    tmp_path: Path, scorer: FakeOpenAI, capsys: pytest.CaptureFixture[str]
) -> None:
    project = make_project(tmp_path / "p", scorer.base_url)
    run(project)
    with Store(project.store_path) as store:
        assert len(store.latest_results()) == 12
    target = tmp_path / "out.csv"
    code, out, _ = chinese(capsys, "export", str(project.root), "--out", str(target))
    assert code == 0 and out == f"已将 12 行写入 {target}\n"

    code, out, _ = chinese(capsys, "templates")
    assert code == 0
    assert "(单个回答，单轮)" in out and "(比较两个回答，多轮)" in out
    assert "\nmultidim_json 的场景（judgedesk new … --scene ID），维度按权重排序：\n" in out
    # A template's id, language and verdict reader are names: the rest is said.
    said = re.sub(r"^\S+ +\S+ +\S+ +", "", out, flags=re.M)
    assert english_left(said) == []
