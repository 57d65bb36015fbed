"""Batch files: export → a batch runner → import gives the verdicts of a live run.

Two identical projects are made: A runs live against the test server; B's requests are
exported, sent by the batch runner of ``tests.support.batch_runner`` to the same server,
imported, and B is run: it asks nothing and its verdicts are A's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.cli import main
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project import open_project_dataset
from judgedesk.core.project.settings import Project, load_project
from judgedesk.core.run.batch import MANIFEST, BatchExport, export_batch
from judgedesk.core.run.batch_import import BatchImport, import_batch
from judgedesk.core.run.store import Store
from tests.core.test_pair_sources import baseline_and_judge
from tests.core.test_pairwise import ROWS as PAIRS
from tests.core.test_pairwise import make_pairwise, order_sensitive_judge
from tests.core.test_pipeline import ROWS, make_project, run, score_from_question
from tests.support.batch_runner import read_requests, run_batch
from tests.support.fake_openai import FakeOpenAI


def export(project: Project, out: Path, **options: Any) -> BatchExport:
    with open_project_dataset(project) as dataset:
        return export_batch(project, dataset, out, **options)


def files_of(done: BatchExport) -> list[Path]:
    return [done.folder / f.name for f in done.files]


def verdicts(project: Project) -> dict[int, Any]:
    """Each row's latest outcome, and each judge's verdict in it (what a run decided)."""
    with Store(project.store_path) as store:
        latest = store.latest_results()
    return {
        index: (
            r.status,
            r.value,
            r.error.replace(str(project.root), "PROJECT"),  # a script's path is in its errors
            [(s.get("judge"), s.get("verdict")) for s in r.detail.get("judges", [])],
            r.detail.get("candidate"),
            r.detail.get("baseline"),
        )
        for index, r in latest.items()
    }


def round_trip(
    project: Project, server: FakeOpenAI, tmp: Path, *, fail: int = 0
) -> tuple[BatchExport, BatchImport]:
    """Export the project's requests, run them (the first ``fail`` as errors), import."""
    done = export(project, tmp / "out")
    ids = [line["custom_id"] for line in read_requests(files_of(done))]
    run_batch(files_of(done), server.base_url, tmp / "results.jsonl", fail=set(ids[:fail]))
    return done, import_batch(project, [tmp / "results.jsonl"])


@pytest.fixture
def server() -> Any:
    with FakeOpenAI(reply=score_from_question) as fake:
        yield fake


def test_imported_replies_give_the_live_runs_verdicts_and_a_run_asks_nothing(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    live = make_project(tmp_path / "a", server.base_url)
    assert run(live).to_dict()["calls"] == ROWS
    batch = make_project(tmp_path / "b", server.base_url)
    server.clear()

    done, imported = round_trip(batch, server, tmp_path)
    assert done.requests == ROWS and done.by_model == {"judge": ROWS} and len(done.files) == 1
    assert imported.stored == ROWS and imported.problems == 0 and imported.waiting == 0
    assert server.count() == ROWS  # the runner's requests
    server.clear()
    summary = run(batch).to_dict()
    assert summary["calls"] == 0 and summary["cached_calls"] == ROWS and server.count() == 0
    assert verdicts(batch) == verdicts(live)

    # The bodies sent are the live client's, streaming off; stored calls look alike.
    with Store(live.store_path) as a, Store(batch.store_path) as b:
        key = next(iter(json.loads(line)["custom_id"] for line in [_first_line(done)]))
        live_call, batch_call = a.get_call(key), b.get_call(key)
    assert live_call is not None and batch_call is not None
    assert batch_call.request == live_call.request and batch_call.judge == live_call.judge
    assert batch_call.reply["content"] == live_call.reply["content"]
    assert batch_call.reply["usage"] == live_call.reply["usage"]
    # Nothing left to ask: an export writes no file, the manifest says so.
    again = export(batch, tmp_path / "out")
    assert again.requests == 0 and again.files == [] and again.stored == ROWS
    manifest = json.loads((tmp_path / "out" / MANIFEST).read_text())
    assert manifest["files"] == [] and not (tmp_path / "out" / "requests-001.jsonl").exists()


def _first_line(done: BatchExport) -> str:
    return files_of(done)[0].read_text(encoding="utf-8").splitlines()[0]


def test_failed_lines_are_asked_by_the_next_run_and_a_second_import_changes_nothing(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    live = make_project(tmp_path / "a", server.base_url)
    run(live)
    batch = make_project(tmp_path / "b", server.base_url)
    _, imported = round_trip(batch, server, tmp_path, fail=2)
    assert (imported.stored, imported.failed, imported.waiting) == (ROWS - 2, 2, 2)
    assert [why for _, why in imported.failures] == ["The model crashed."] * 2
    with Store(batch.store_path) as store:
        assert store.count_calls() == ROWS - 2

    again = import_batch(batch, [tmp_path / "results.jsonl"])
    assert (again.stored, again.already, again.failed) == (0, ROWS - 2, 2)
    with Store(batch.store_path) as store:
        assert store.count_calls() == ROWS - 2

    server.clear()
    summary = run(batch).to_dict()
    assert summary["calls"] == 2 and server.count() == 2  # only the failed ones
    assert verdicts(batch) == verdicts(live)


def test_files_are_split_and_the_manifest_describes_them(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    project = make_project(tmp_path / "p", server.base_url, stream=True, samples=2)
    done = export(project, tmp_path / "out", max_lines=5)
    assert done.requests == 2 * ROWS  # each sample is a request
    assert [f.lines for f in done.files] == [5, 5, 5, 5, 4]
    manifest = json.loads((tmp_path / "out" / MANIFEST).read_text())
    assert manifest["schema_version"] == 1 and manifest["project"] == "items"
    assert manifest["requests"] == 2 * ROWS and manifest["by_model"] == {"judge": 2 * ROWS}
    assert manifest["dataset"]["fingerprint"].startswith("sha256:")
    assert set(manifest["judges"]) == {"judge"}
    assert [f["name"] for f in manifest["files"]] == [f"requests-00{i}.jsonl" for i in range(1, 6)]
    lines = read_requests(files_of(done))  # no stream field though the judge streams
    assert len({line["custom_id"] for line in lines}) == 2 * ROWS
    assert all(len(line["custom_id"]) <= 64 for line in lines)
    # By size too; an export into the same folder replaces the earlier files.
    smaller = export(project, tmp_path / "out", max_bytes=3 * len(_first_line(done)) + 10)
    assert all(f.lines == 3 for f in smaller.files[:-1]) and len(smaller.files) == 8
    assert sorted(p.name for p in (tmp_path / "out").glob("*.jsonl")) == [
        f.name for f in smaller.files
    ]


def test_pairs_in_both_orders_and_each_sample_round_trip(tmp_path: Path) -> None:
    with FakeOpenAI(reply=order_sensitive_judge) as fake:
        for name in ("a", "b"):
            (tmp_path / name).mkdir()
            make_pairwise(tmp_path / name / "pairs", fake.base_url, "--swap")
            project = load_project(tmp_path / name / "pairs")
            project.judges[0].samples = 2
            project.save()
        live, batch = load_project(tmp_path / "a" / "pairs"), load_project(tmp_path / "b" / "pairs")
        assert main(["run", str(live.root), "--quiet"]) == 0
        fake.clear()
        done, imported = round_trip(batch, fake, tmp_path)
        # Rows 3 and 5 show the same answer as A and B: both orders are one request.
        assert done.requests == 2 * 2 * (len(PAIRS) - 2) + 2 * 2 == imported.stored
        fake.clear()
        assert main(["run", str(batch.root), "--quiet"]) == 0
        assert fake.count() == 0
    assert verdicts(batch) == verdicts(live)


def test_the_baselines_answers_come_first_then_the_judges_requests(tmp_path: Path) -> None:
    questions = tmp_path / "answers.jsonl"
    questions.write_text(
        "".join(
            json.dumps({"id": f"q{i}", "question": f"Question {i}?", "response": f"good {i}"})
            + "\n"
            for i in range(4)
        ),
        encoding="utf-8",
    )
    with FakeOpenAI(reply=baseline_and_judge) as fake:
        for name in ("a", "b"):
            args = ["new", str(tmp_path / name), "--dataset", str(questions)]
            args += ["--template", "pairwise_checklist", "--judge-url", fake.base_url]
            args += ["--judge-model", "judge-m", "--baseline-model", "base-m", "--swap"]
            assert main(args) == 0
        live, batch = load_project(tmp_path / "a"), load_project(tmp_path / "b")
        assert main(["run", str(live.root), "--quiet"]) == 0
        fake.clear()
        first, imported = round_trip(batch, fake, tmp_path / "1")
        assert first.by_role == {"baseline": 4} and first.waiting == 4
        assert imported.by_role == {"baseline": 4} and imported.answers_came
        second, imported = round_trip(batch, fake, tmp_path / "2")
        assert second.by_role == {"judge": 8} and second.waiting == 0 and second.stored == 4
        assert imported.stored == 8
        fake.clear()
        assert main(["run", str(batch.root), "--quiet"]) == 0
        assert fake.count() == 0
    assert verdicts(batch) == verdicts(live)


def test_a_candidate_answers_first_then_its_answers_are_judged(
    tmp_path: Path, server: FakeOpenAI
) -> None:
    def reply(body: dict[str, Any]) -> str:
        if body["model"] == "judge-large":
            return "candidate says " + body["messages"][-1]["content"]
        return score_from_question(body)

    server.set_reply(reply)
    projects = []
    for name in ("a", "b"):
        project = make_project(tmp_path / name, server.base_url, rows=5)
        rows = project.dataset_path()
        lines = [json.loads(x) for x in rows.read_text().splitlines()]
        for line in lines[:3]:  # rows 3 and 4 keep their own response
            del line["response"]
        rows.write_text("".join(json.dumps(x) + "\n" for x in lines))
        project.candidate = JudgeSettings(
            name="candidate", base_url=server.base_url, model="judge-large", template=""
        )
        project.save()
        projects.append(load_project(project.root))
    live, batch = projects
    assert run(live).to_dict()["calls"] == 8
    first, _ = round_trip(batch, server, tmp_path / "1")
    # Rows without a response wait for the candidate; the others' judge requests go now.
    assert first.by_role == {"candidate": 3, "judge": 2} and first.waiting == 3
    second, imported = round_trip(batch, server, tmp_path / "2")
    assert second.by_role == {"judge": 3} and imported.stored == 3
    server.clear()
    assert run(batch).to_dict()["calls"] == 0 and server.count() == 0
    assert verdicts(batch) == verdicts(live)
