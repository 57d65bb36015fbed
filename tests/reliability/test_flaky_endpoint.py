"""A 1,000-row run against an endpoint that fails in every way it can still ends cleanly.

The test server answers 10 % of requests with HTTP 500, 5 % with 429, hangs on 2 %
(longer than the judge's timeout), cuts 2 % of replies halfway and sends 1 % that are
not JSON. Every row must end ok, unparsed or failed with its reason, and no call whose
reply was stored may ever be sent again.
"""

from __future__ import annotations

from pathlib import Path

from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.run.store import Store
from tests.core.test_pipeline import make_project, run, score_from_question
from tests.reliability.calls import repeated_after_storing, stored_calls
from tests.support.fake_openai import FakeOpenAI, FaultPlan, body_key

ROWS = 1000
FAULTS = FaultPlan(
    error_500=0.10,
    error_429=0.05,
    hang=0.02,
    hang_seconds=1.5,
    cut_stream=0.02,
    malformed=0.01,
    seed=8,
)


def test_a_thousand_rows_through_a_flaky_endpoint_end_cleanly(tmp_path: Path) -> None:
    with FakeOpenAI(reply=score_from_question, latency=0.005, faults=FAULTS) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=ROWS, concurrency=16)
        plain = project.judges[0]
        plain.timeout = 1.0  # shorter than a hang: a hung request is abandoned and retried
        streamed = JudgeSettings(
            name="streamed",
            base_url=fake.base_url,
            model="judge-large",
            template=plain.template,
            parser="score",
            concurrency=16,
            timeout=1.0,
            stream=True,
        )
        project.judges.append(streamed)
        project.save()

        figures = run(project).to_dict()

        assert figures["rows"] == ROWS
        assert figures["ok"] + figures["error"] + figures["unparsed"] == ROWS
        assert figures["ok"] >= ROWS * 0.97, figures  # 5 failures in a row are rare
        with Store(project.store_path) as store:
            latest = store.latest_results()
        assert sorted(latest) == list(range(ROWS))
        for result in latest.values():
            assert result.status in ("ok", "unparsed", "error")
            if result.status != "ok":
                assert len(result.error) > 20, result  # a reason a person can read
        assert latest[7].status == "unparsed" or "Tried" in latest[7].error

        # No finished call was asked again, and every request the server saw for a
        # stored call was one of the attempts the client counted for it.
        assert repeated_after_storing(fake, project.store_path) == {}
        counts = fake.counts_by_key()
        stored = stored_calls(project.store_path)
        assert len(stored) == figures["calls"]
        mismatched = {
            k: (counts[k], c.attempts) for k, c in stored.items() if counts[k] != c.attempts
        }
        assert mismatched == {}
        retried = sum(1 for call in stored.values() if call.attempts > 1)
        assert retried > ROWS * 2 * 0.1  # the faults really happened

        # Running again asks only for the calls that never got a reply.
        fake.set_faults(None)
        fake.clear()
        again = run(project).to_dict()
        assert again["cached_calls"] == len(stored)
        asked = {body_key(body) for body in fake.requests}
        assert asked.isdisjoint(stored)
        assert len(fake.requests) == again["calls"] == 2 * ROWS - len(stored)
        assert again["error"] == 0
