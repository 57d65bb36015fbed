"""Review packs: a seeded split with overlap, one file per reviewer, merged back once."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

import krippendorff
import pytest

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project.settings import load_project
from judgedesk.core.report.build import project_report
from judgedesk.core.review import PackSession, draw_sample
from judgedesk.core.review.pack import (
    import_pack,
    load_pack,
    plan_packs,
    save_pack,
    write_packs,
)
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.store import Store
from tests.core.test_team_reviews import ROWS, _judged


def test_the_split_is_seeded_and_shares_the_overlap_with_everyone() -> None:
    plan = plan_packs(range(100), ["ana", " bo ", "cy"], 0.2, seed=7)
    assert plan == plan_packs(range(100), ["ana", "bo", "cy"], 0.2, seed=7)
    assert plan != plan_packs(range(100), ["ana", "bo", "cy"], 0.2, seed=8)
    assert len(plan.shared) == 20 and list(plan.assigned) == ["ana", "bo", "cy"]
    counts = sorted(len(rows) for rows in plan.assigned.values())
    assert counts == [46, 47, 47]
    every = [row for rows in plan.assigned.values() for row in rows]
    assert sorted(set(every)) == list(range(100))  # every row reviewed at least once
    only_once = [row for row in range(100) if every.count(row) == 1]
    assert len(only_once) == 80 and all(every.count(row) == 3 for row in plan.shared)
    assert "20 shared by everyone" in plan.summary() and "ana 47" in plan.summary()
    assert plan_packs(range(5), ["ana"], 0.2).assigned == {"ana": [0, 1, 2, 3, 4]}
    for reviewers, overlap in ((["ana", "ana"], 0.2), ([" "], 0.2), (["a", "b"], 1.5)):
        with pytest.raises(JudgeDeskError):
            plan_packs(range(5), reviewers, overlap)


def _review_pack(path: Path, verdict: dict[int, int]) -> None:
    """What a reviewer does in the review-only window: verdicts saved into the pack."""
    pack = load_pack(path)
    for row in pack.rows:
        if row.index in verdict:
            pack.reviews[row.index] = Review(
                row.index, row.id, value=verdict[row.index], updated=time.time()
            )
    pack.reviews[pack.rows[0].index] = replace(pack.reviews[pack.rows[0].index], note="hm")
    save_pack(pack, path)


def test_packs_go_out_and_come_back_once(tmp_path: Path) -> None:
    project = _judged(tmp_path)
    project.judges[0].api_key = "env:SECRET_JUDGE_KEY"
    project.save()
    (project.root / "scripts").mkdir(exist_ok=True)
    (project.root / "scripts" / "postprocess.py").write_text("SECRET_SCRIPT = 1\n", "utf-8")
    out = tmp_path / "packs"
    plan = plan_packs(range(ROWS), ["ana", "bo", "cy"], 0.5, seed=1)
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        paths = write_packs(project, dataset, plan, out, store=store, instructions="Be fair")
        with pytest.raises(JudgeDeskError, match="already in"):
            write_packs(project, dataset, plan, out, store=store)
    assert [p.name for p in paths] == ["ana.jdpack", "bo.jdpack", "cy.jdpack"]
    text = paths[0].read_text("utf-8")
    for secret in ("SECRET", project.judges[0].base_url, "judge-small", "postprocess"):
        assert secret not in text  # no keys, endpoints, models or scripts in a pack
    ana = load_pack(paths[0])
    assert [row.index for row in ana.rows] == plan.assigned["ana"]
    assert ana.rows[0].question and ana.rows[0].response and ana.rows[0].judge == ""
    assert ana.instructions == "Be fair" and ana.review_scale().kind == "score"
    # Three people review; on the shared rows they mostly agree.
    truth = {i: (i % 10) + 1 for i in range(ROWS)}
    _review_pack(paths[0], truth)
    _review_pack(paths[1], {i: v if i % 4 else min(10, v + 1) for i, v in truth.items()})
    _review_pack(paths[2], {i: v if i % 3 else max(1, v - 2) for i, v in truth.items()})
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        first = [import_pack(store, dataset, project, path) for path in paths]
        again = [import_pack(store, dataset, project, path) for path in paths]
        everyone = store.reviews.everyone()
    assert [d.merge.added for d in first] == [len(plan.assigned[n]) for n in plan.assigned]
    assert all(d.merge.added == d.merge.changed == 0 for d in again)
    assert "ana: 8 of 8 rows reviewed in ana.jdpack" in first[0].summary()
    assert everyone["ana"][plan.assigned["ana"][0]].note == "hm"
    assert everyone["bo"][plan.assigned["bo"][0]].source == "bo.jdpack"
    # The report sets people beside the judge, from the packs' verdicts.
    with open_dataset(project.dataset_path()) as dataset:
        report = project_report(project, dataset)
    people = report.people
    assert people is not None and people.reviewers == ("ana", "bo", "cy")
    assert people.ceiling is not None and people.ceiling.rows == len(plan.shared)
    table = [
        [everyone[n][row].value if row in everyone[n] else float("nan") for row in range(ROWS)]
        for n in ("ana", "bo", "cy")
    ]
    expected = krippendorff.alpha(reliability_data=table, level_of_measurement="interval")
    assert people.ceiling.alpha.value == pytest.approx(expected)


def test_a_pack_of_another_project_or_a_changed_dataset_is_refused(tmp_path: Path) -> None:
    project = _judged(tmp_path)
    plan = plan_packs(range(ROWS), ["ana"], 0.0)
    with open_dataset(project.dataset_path()) as dataset:
        [path] = write_packs(project, dataset, plan, tmp_path / "packs")
    _review_pack(path, {0: 3})
    other = replace(load_project(project.root), name="Someone else's")
    with (
        open_dataset(project.dataset_path()) as dataset,
        Store(project.store_path) as store,
        pytest.raises(JudgeDeskError, match="made for the project"),
    ):
        import_pack(store, dataset, other, path)
    lines = project.dataset_path().read_text("utf-8").splitlines()
    record = json.loads(lines[4])
    record["response"] = {"content": "a different answer"}
    lines[4] = json.dumps(record)
    project.dataset_path().write_text("\n".join(lines) + "\n", "utf-8")
    with open_dataset(project.dataset_path()) as dataset, Store(project.store_path) as store:
        with pytest.raises(JudgeDeskError, match=r"dataset changed.*1 of 12 rows"):
            import_pack(store, dataset, project, path)
        assert store.reviews.count() == 0
    (tmp_path / "no.jdpack").write_text('{"kind": "something"}', "utf-8")
    code = main(["review", "import", str(project.root), str(tmp_path / "no.jdpack"), "--trust"])
    assert code != 0


def test_the_command_line_writes_packs_and_imports_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _judged(tmp_path)
    out = tmp_path / "out"
    argv = ["review", "pack", str(project.root), "--reviewers", "ana,bo", "--overlap", "25%"]
    assert main([*argv, "--out", str(out), "--show-judge", "--trust"]) == 0
    printed = capsys.readouterr().out
    assert "3 shared by everyone" in printed and "ana.jdpack" in printed
    ana = load_pack(out / "ana.jdpack")
    assert ana.rows[0].judge != ""  # shown when asked for
    _review_pack(out / "ana.jdpack", {i: 5 for i in range(ROWS)})
    files = [str(out / "ana.jdpack"), str(out / "bo.jdpack")]
    assert main(["review", "import", str(project.root), *files, "--trust"]) == 0
    printed = capsys.readouterr().out
    assert "ana: " in printed and "added" in printed
    with Store(project.store_path) as store:
        assert store.reviews.reviewers() == ["ana"]  # bo reviewed nothing yet


def test_the_random_sample_s_rows_go_out_blind_and_their_verdicts_come_back_marked_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _judged(tmp_path)
    with open_dataset(project.dataset_path()) as dataset:
        sample = draw_sample(project, dataset, 4, seed=3)
    out = tmp_path / "out"
    argv = ["review", "pack", str(project.root), "--reviewers", "ana", "--trust"]
    assert main([*argv, "--out", str(out), "--show-judge"]) == 0
    ana = load_pack(out / "ana.jdpack")
    hidden = {row.index for row in ana.rows if not row.judge}
    assert set(sample.rows) <= hidden  # the judge everywhere else, where it gave one
    assert len(hidden - set(sample.rows)) <= 1
    # Reviewed in the pack: blind where the judge's verdict was not there to see.
    session = PackSession(ana)
    for row in ana.rows:
        session.give(row, 5)
    session.write_note(ana.rows[0], "later")  # a note keeps the mark the verdict set
    assert {i for i, r in ana.reviews.items() if r.blind} == hidden
    save_pack(ana, out / "ana.jdpack")
    assert main(["review", "import", str(project.root), str(out / "ana.jdpack"), "--trust"]) == 0
    with Store(project.store_path) as store:
        marked = {i for i, r in store.reviews.all("ana").items() if r.blind}
    assert marked == hidden
    # Asked for, the judge shows on the sample's rows too.
    again = tmp_path / "again"
    assert main([*argv, "--out", str(again), "--show-judge", "--judge-on-sample"]) == 0
    assert all(row.judge for row in load_pack(again / "ana.jdpack").rows if row.index in sample)
    capsys.readouterr()
