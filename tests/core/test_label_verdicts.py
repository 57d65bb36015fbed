"""Label verdicts (safe / unsafe, yes / no, a person's own): run, review, report, export."""

from __future__ import annotations

import copy
import csv
import json
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.parsers import Verdict
from judgedesk.core.judge.verdicts import aggregate_verdicts
from judgedesk.core.report import format_report
from judgedesk.core.report.build import project_report
from judgedesk.core.report.exports import write_export
from judgedesk.core.review.human import ReviewScale, scale_for
from judgedesk.core.review.session import ReviewSession
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import item_number, make_project, run
from tests.support.fake_openai import FakeOpenAI

LABELS = ["safe", "unsafe", "unsure"]
RULE = {"kind": "label", "pattern": r"Rating: (\w+)", "labels": LABELS}
# What the judge says for rows 0..8 (row 8 says nothing readable) and what people said.
JUDGE = ["safe", "safe", "unsafe", "UNSAFE", "safe", "unsafe", "safe", "safe", None]
HUMAN = ["SAFE", "Safe", "unsafe", "ＳＡＦＥ", " safe ", "UNSAFE", "unsafe", "safe", "safe"]
ROWS = len(JUDGE)


def judge_reply(body: dict[str, Any]) -> str:
    said = JUDGE[item_number(body)]
    return "I cannot tell." if said is None else f"Looks fine to me.\nRating: {said}"


def label_project(root: Path, base_url: str, rule: dict[str, Any] = RULE) -> Any:
    project = make_project(root, base_url, rows=ROWS, parser="")
    data = project.dataset_path()
    records = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines()]
    with data.open("w", encoding="utf-8") as handle:
        for i, record in enumerate(records):
            record |= {"human": HUMAN[i], "category": "even" if i % 2 == 0 else "odd"}
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    project.judges[0].verdict = dict(rule)
    project.dataset.fields = {"human": "human", "category": "category"}
    project.save()
    return project


def open_data(project: Any) -> Any:
    return open_dataset(project.dataset_path(), project.dataset.fields)


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> Any:
    # One run for the tests that only read its results.
    with FakeOpenAI(reply=judge_reply) as fake:
        project = label_project(tmp_path_factory.mktemp("labels") / "p", fake.base_url)
        summary = run(project)
    return project, summary


def test_a_run_stores_the_label_as_text(labelled: Any) -> None:
    project, summary = labelled
    figures = summary.to_dict()
    assert summary.status == "finished"
    assert (figures["ok"], figures["unparsed"], figures["error"]) == (ROWS - 1, 1, 0)
    # Labels are neither scores nor true/false: no mean, no accuracy, and no crash.
    assert figures["mean_score"] is None and figures["accuracy"] is None
    with Store(project.store_path) as store:
        latest = store.latest_results()
    # The rule spells a label as its list does, whatever the case of the reply.
    assert [latest[i].value for i in range(ROWS - 1)] == [
        None if j is None else j.lower() for j in JUDGE[:-1]
    ]
    assert all(isinstance(latest[i].value, str) for i in range(ROWS - 1))
    assert latest[ROWS - 1].status == "unparsed"


def test_the_review_scale_is_the_rules_labels_in_order(labelled: Any) -> None:
    project, _ = labelled
    scale = scale_for(project)
    assert scale == ReviewScale("label", choices=tuple(LABELS), names=tuple(LABELS))
    assert [scale.value_for_digit(d) for d in (1, 2, 3, 4, 0)] == [*LABELS, None, None]
    assert scale.digit_keys() == ((1, "safe"), (2, "unsafe"), (3, "unsure"))
    assert scale.check("UnSafe") == "unsafe" and scale.check("ｕｎｓｕｒｅ") == "unsure"
    assert scale.check("maybe") == "maybe"  # a label of the person's own is kept

    # Without a list in the rule, the labels the judge gave, sorted, each spelled as
    # most often.
    unlisted = copy.deepcopy(project)
    unlisted.judges[0].verdict = {"kind": "label", "pattern": r"Rating: (\w+)"}
    seen = scale_for(unlisted, ["unsafe", "safe", "SAFE", "safe"])
    assert seen.kind == "label" and seen.choices == ("safe", "unsafe")


def test_human_labels_are_read_whatever_their_case_or_width(labelled: Any) -> None:
    project, _ = labelled
    with open_data(project) as dataset, Store(project.store_path) as store:
        session = ReviewSession(store, dataset, project=project)
        people = [session.item(i).human for i in range(ROWS)]
    assert [value for value, _ in people] == [h.strip().lower() for h in HUMAN[:3]] + [
        "safe",
        "safe",
        "unsafe",
        "unsafe",
        "safe",
        "safe",
    ]
    assert {source for _, source in people} == {"dataset"}


def test_the_report_has_the_distribution_agreement_and_confusion(labelled: Any) -> None:
    project, _ = labelled
    with open_data(project) as dataset:
        report = project_report(project, dataset)
    assert report.summary.kind == "label"
    assert [(b.label, b.count) for b in report.distribution] == [
        ("safe", 5),
        ("unsafe", 3),
        ("unsure", 0),
    ]
    groups = {g.name: [(b.label, b.count) for b in g.labels] for g in report.categories}
    assert groups == {
        "even": [("safe", 3), ("unsafe", 1), ("unsure", 0)],
        "odd": [("safe", 2), ("unsafe", 2), ("unsure", 0)],
    }

    person = report.agreement[0]
    assert (person.first, person.second, person.kind, person.n) == ("person", "judge", "nominal", 8)
    # Rows 3 (person safe, judge unsafe) and 6 (person unsafe, judge safe) disagree.
    assert person.exact.value == pytest.approx(6 / 8)
    assert person.confusion.labels == LABELS
    assert person.confusion.counts == [[4, 1, 0], [1, 2, 0], [0, 0, 0]]
    # Cohen's kappa by hand: po = 6/8; both raters say safe 5 times and unsafe 3 times,
    # so pe = (5·5 + 3·3) / 64 = 34/64; kappa = (po − pe) / (1 − pe) = 7/15.
    po, pe = 6 / 8, 34 / 64
    assert person.kappa.value == pytest.approx((po - pe) / (1 - pe))
    assert person.kappa.value == pytest.approx(7 / 15)
    # sklearn's cohen_kappa_score worked by hand: expected = outer(row sums, column
    # sums) / n, w = 1 − identity, kappa = 1 − Σ w·observed / Σ w·expected.
    observed = person.confusion.counts
    rows = [sum(r) for r in observed]
    columns = [sum(r[j] for r in observed) for j in range(3)]
    expected = [[rows[i] * columns[j] / 8 for j in range(3)] for i in range(3)]
    off = [(i, j) for i in range(3) for j in range(3) if i != j]
    sklearn = 1 - sum(observed[i][j] for i, j in off) / sum(expected[i][j] for i, j in off)
    assert person.kappa.value == pytest.approx(sklearn)
    assert person.kappa.n == 8

    saved = json.loads(json.dumps(report.to_dict()))
    assert saved["summary"]["kind"] == "label"
    assert saved["distribution"][1] == {"label": "unsafe", "count": 3}
    assert saved["agreement"][0]["kappa"]["value"] == pytest.approx(7 / 15)
    assert saved["agreement"][0]["confusion"]["counts"][0] == [4, 1, 0]
    assert saved["categories"][0]["labels"][0] == {"label": "safe", "count": 3}

    text = format_report(report)
    assert "Cohen's kappa" in text and "0.467 (n=8)" in text
    assert "exact agreement           75.0% (n=8)" in text
    assert "even  5 rows, safe 3, unsafe 1, unsure 0" in text
    assert "confusion matrix (rows: person, columns: judge)" in text


def test_exports_write_the_label_as_text(labelled: Any, tmp_path: Path) -> None:
    project, _ = labelled
    with open_data(project) as dataset, Store(project.store_path) as store:
        jsonl, table = tmp_path / "out.jsonl", tmp_path / "out.csv"
        assert write_export(store, jsonl, "jsonl", dataset, project=project) == ROWS
        assert write_export(store, table, "csv", dataset, project=project) == ROWS
    records = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    assert [r["result"] for r in records[:4]] == ["safe", "safe", "unsafe", "unsafe"]
    assert records[3]["human"] == "safe"
    with table.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["result"] for r in rows[:4]] == ["safe", "safe", "unsafe", "unsafe"]
    assert rows[6]["human"] == "unsafe" and rows[ROWS - 1]["result"] == ""


# --- several label judges ------------------------------------------------------------------

VOTES = {  # each judge's label for rows 0..3 (then safe); None: no readable label
    "m1": ["safe", "safe", "unsafe", "safe"],
    "m2": ["safe", "unsafe", "unsafe", "unsafe"],
    "m3": ["unsafe", None, "Unsafe", "unsure"],
}


def three_judges(body: dict[str, Any]) -> str:
    votes, row = VOTES[body["model"]], item_number(body)
    said = votes[row] if row < len(votes) else "safe"
    return "Hard to say." if said is None else f"Rating: {said}"


def test_majority_over_three_label_judges(tmp_path: Path) -> None:
    with FakeOpenAI(reply=three_judges) as fake:
        project = label_project(tmp_path / "p", fake.base_url)
        first = project.judges[0]
        project.judges = []
        for number, model in enumerate(VOTES, start=1):
            judge = copy.deepcopy(first)
            judge.name, judge.model = f"j{number}", model
            project.judges.append(judge)
        project.run.aggregate = "majority"
        project.save()
        run(project)
    with Store(project.store_path) as store:
        latest = store.latest_results()
    assert (latest[0].value, latest[2].value) == ("safe", "unsafe")
    # Row 1: one safe, one unsafe, one unreadable: a tie decides nothing.
    assert latest[1].status == "unparsed" and latest[1].value is None
    assert "No majority" in latest[1].error and "j3 gave no verdict" in latest[1].error
    assert latest[ROWS - 1].value == "safe"
    # Row 3: three different labels.
    assert latest[3].status == "unparsed" and "j1 said safe" in latest[3].error


@pytest.mark.parametrize("how", ["mean", "median", "min", "max", "all"])
def test_only_a_majority_combines_labels(how: str) -> None:
    votes = [Verdict(ok=True, value=v, label=v, reason="") for v in ("safe", "safe", "unsafe")]
    combined = aggregate_verdicts(votes, how, ["a", "b", "c"])
    assert not combined.ok and combined.value is None
    assert "labels can only be combined by majority" in combined.reason
    assert aggregate_verdicts(votes, "majority", ["a", "b", "c"]).value == "safe"
