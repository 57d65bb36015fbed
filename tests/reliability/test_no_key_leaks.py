"""After runs that used an API key, the key is in no file JudgeDesk wrote or printed.

The test server requires the key; the project refers to it as ``env:NAME``. Scripts
print and return everything they are given, one fails, one crashes the worker; a second
run sends a wrong key, which the server echoes back in its error. Then every project
file (settings, templates, scripts, the results SQLite file with its crash reports, the
autosave copy), every export format, the debug log and the command line's output are
searched for both keys.
"""

from __future__ import annotations

import logging
import os
import secrets
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.project.files import write_recovery
from judgedesk.core.project.settings import load_project
from judgedesk.core.report.exports import FORMATS, write_export
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.support.fake_openai import FakeOpenAI

REPO = Path(__file__).resolve().parents[2]
KEY_VARIABLE = "JUDGEDESK_TEST_JUDGE_KEY"

PREPROCESS = """
import os, sys


def preprocess(data, resp, **kwargs):
    print("preprocess sees", data, resp, kwargs)
    print("stderr too", kwargs, file=sys.stderr)
    if data["id"] == "r3":
        raise ValueError(f"row three fails on purpose with {data!r} {kwargs!r}")
    return {"seen": repr(kwargs)}
"""
POSTPROCESS = """
import json, os


def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kwargs):
    print("postprocess sees", judge_reqs, judge_resps, judge_models, kwargs)
    if data["id"] == "r5":
        raise RuntimeError(f"row five fails on purpose: {judge_reqs!r} {kwargs!r}")
    if data["id"] == "r6":
        os.abort()  # a crash: the worker dies and its report is kept
    return json.dumps([judge_reqs, judge_models, repr(kwargs)], default=str)
"""


def files_under(folder: Path) -> Iterator[Path]:
    yield from (path for path in folder.rglob("*") if path.is_file())


def contents(path: Path) -> Iterator[tuple[str, bytes]]:
    """A file's bytes, and for a zip (an XLSX workbook) each member's bytes too."""
    data = path.read_bytes()
    yield str(path), data
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            for name in archive.namelist():
                yield f"{path}!{name}", archive.read(name)


def holders(paths: list[Path], secret: str) -> list[str]:
    needle = secret.encode()
    return [name for path in paths for name, data in contents(path) if needle in data]


def test_no_api_key_in_any_file_export_log_or_crash_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = f"sk-rel-{secrets.token_hex(16)}"
    wrong_key = f"sk-wrong-{secrets.token_hex(16)}"
    monkeypatch.setenv(KEY_VARIABLE, key)
    log_file = tmp_path / "logs" / "judgedesk-debug.log"
    log_file.parent.mkdir()
    handler = logging.FileHandler(log_file, encoding="utf-8")
    handler.setLevel(logging.DEBUG)
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        with FakeOpenAI(reply=score_from_question, api_key=key) as fake:
            project = make_project(
                tmp_path / "p", fake.base_url, rows=8, api_key=f"env:{KEY_VARIABLE}", stream=True
            )
            scripts = project.root / "scripts"
            scripts.mkdir()
            (scripts / "preprocess.py").write_text(PREPROCESS, encoding="utf-8")
            (scripts / "postprocess.py").write_text(POSTPROCESS, encoding="utf-8")
            figures = run(project).to_dict()
            assert figures["calls"] == 7  # row 3 stops in preprocess
            assert figures["ok"] == 5 and figures["error"] == 3, figures

            # A second run with a wrong key (the server echoes it back) and another
            # model, from the command line, with its debug log and output kept.
            project.judges[0].model = "judge-large"
            project.save()
            cli_log = tmp_path / "logs" / "cli.log"
            env = {**os.environ, KEY_VARIABLE: wrong_key}
            command = (
                "import logging, sys; "
                f"logging.basicConfig(level=logging.DEBUG, filename={str(cli_log)!r}); "
                "from judgedesk.cli import main; "
                f"sys.exit(main(['run', {str(project.root)!r}, '--rows', '0:2', '--trust']))"
            )
            done = subprocess.run(
                [sys.executable, "-c", command], cwd=REPO, env=env, capture_output=True
            )
            assert done.returncode == 1, done.stderr.decode()  # every row failed
            (tmp_path / "logs" / "cli-output.log").write_bytes(done.stdout + done.stderr)
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        handler.close()

    project = load_project(project.root)
    with Store(project.store_path) as store:
        errors = [r.error for r in store.latest_results().values() if r.status == "error"]
    assert any("Incorrect API key provided" in error for error in errors), errors
    assert any("crash" in error.lower() or "abort" in error.lower() for error in errors), errors
    write_recovery(project)  # the autosave copy is a project file too

    exports = tmp_path / "exports"
    exports.mkdir()
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        for fmt in FORMATS:
            assert write_export(store, exports / f"results.{fmt}", fmt, dataset, project=project)
    report = subprocess.run(
        [sys.executable, "-m", "judgedesk", "report", str(project.root), "--json"],
        cwd=REPO,
        capture_output=True,
    )
    assert report.returncode == 0, report.stderr.decode()
    (tmp_path / "logs" / "report.json").write_bytes(report.stdout + report.stderr)

    scanned = [*files_under(project.root), *files_under(exports), *files_under(tmp_path / "logs")]
    names = {path.name for path in scanned}
    assert {"results.sqlite", "recovery.toml", "judgedesk.toml", "results.xlsx"} <= names
    assert {"judgedesk-debug.log", "cli.log", "cli-output.log"} <= names
    assert log_file.stat().st_size > 0
    for secret in (key, wrong_key):
        assert holders(scanned, secret) == []
    # The scan can see a key where there is one.
    planted = tmp_path / "logs" / "planted.txt"
    planted.write_text(f"token={key}", encoding="utf-8")
    assert holders([planted], key) == [str(planted)]
