"""A JSON verdict's own words (seed 001's overall reason, each dimension's analysis) are kept
with the verdict in the row's detail and in the JSON Lines export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judgedesk.core.dataset import open_dataset
from judgedesk.core.project.settings import load_project
from judgedesk.core.report import write_export
from judgedesk.core.run import Store, judge_steps, verdict_of
from tests.core.test_parsers_json import TRANSLATION_REPLY
from tests.core.test_pipeline import make_project, run
from tests.support.fake_openai import FakeOpenAI


def translation_reply(body: dict[str, Any]) -> str:
    return TRANSLATION_REPLY


def test_a_run_keeps_the_reason_and_the_analyses_and_exports_them(tmp_path: Path) -> None:
    with FakeOpenAI(reply=translation_reply) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=2, parser="json")
        project.variables = {"min_score": 0, "max_score": 10}
        project.save()
        assert run(load_project(project.root)).to_dict()["ok"] == 2
    with Store(project.store_path) as store:
        result = store.latest_results()[0]
        verdict = verdict_of(judge_steps(result.detail)[0])
        assert verdict is not None and verdict["value"] == 8
        assert verdict["explanation"].startswith("译文整体忠实于原文")
        assert verdict["analyses"]["贴切度"] == "部分搭配不符合目标语言习惯。"
        out = tmp_path / "rows.jsonl"
        with open_dataset(project.dataset_path()) as dataset:
            write_export(store, out, "jsonl", dataset, project=project)
    record = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    (judge,) = record["judges"]
    assert judge["explanation"].startswith("译文整体忠实于原文")
    assert judge["analyses"]["可理解度"] == "没有漏译或增译，意思完整传达。"
    assert judge["dimensions"]["可理解度"] == 9.0
