"""Do you trust this project? Which folders may run their scripts, and the command line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judgedesk.cli import main
from judgedesk.core.dataset import open_dataset
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.files import save_project_as
from judgedesk.core.project.new import NewProjectPlan, create_project
from judgedesk.core.project.settings import load_project
from judgedesk.core.project.trust import (
    CHANGED,
    MADE_HERE,
    NO_SCRIPTS,
    TRUST_FILE,
    TRUSTED,
    UNKNOWN,
    TrustStore,
    UntrustedScriptsError,
    require_trusted,
    script_written,
)
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI

PREPROCESS = '"""Adds a field."""\n\n\ndef preprocess(data, resp, **kwargs):\n    return 1\n'
POSTPROCESS = "def postprocess(judge_reqs, judge_resps, judge_models, data, resp, **kw):\n"
POSTPROCESS += "    return 42\n"


def add_scripts(root: Path, *, helper: bool = False) -> None:
    scripts = root / "scripts"
    scripts.mkdir(exist_ok=True)
    (scripts / "preprocess.py").write_text(PREPROCESS, encoding="utf-8")
    if helper:
        (scripts / "helper.py").write_text("VALUE = 1\n", encoding="utf-8")


def downloaded(tmp_path: Path, *, helper: bool = False) -> Path:
    """A project folder that arrived from elsewhere (not made on this machine)."""
    project = make_project(tmp_path / "downloaded", "http://127.0.0.1:9/v1")
    add_scripts(project.root, helper=helper)
    return project.root


def made_here(tmp_path: Path) -> Path:
    data = tmp_path / "answers.jsonl"
    data.write_text(json.dumps({"question": "q", "response": "r"}) + "\n", encoding="utf-8")
    with open_dataset(data) as dataset:
        plan = NewProjectPlan(
            root=tmp_path / "mine",
            dataset=dataset,
            template="score_single",
            judge=JudgeSettings(base_url="http://127.0.0.1:9/v1", model="m"),
        )
        return create_project(plan).project.root


def test_a_project_without_scripts_may_run_and_asks_nothing(tmp_path: Path) -> None:
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1")
    state = TrustStore().state(project.root)
    assert state.reason == NO_SCRIPTS and state.allowed and not state.scripts
    assert require_trusted(project.root).allowed


def test_a_project_from_elsewhere_shows_its_scripts_and_waits_for_trust(
    tmp_path: Path, settings_dir: Path
) -> None:
    root = downloaded(tmp_path, helper=True)
    store = TrustStore()
    state = store.state(root)
    assert state.reason == UNKNOWN and state.blocked
    (script,) = state.scripts
    assert script.name == "scripts/preprocess.py"
    assert script.first_lines[0] == '"""Adds a field."""' and script.line_count == 5
    assert state.files == ("scripts/helper.py", "scripts/preprocess.py")
    with pytest.raises(UntrustedScriptsError, match="--trust") as raised:
        require_trusted(root)
    assert "scripts/preprocess.py" in str(raised.value)

    assert store.trust(root).reason == TRUSTED
    assert store.state(root).allowed
    # The decision is kept in the user's settings, never in the project itself.
    assert (settings_dir / TRUST_FILE).is_file()
    assert not any(TRUST_FILE in p.name for p in root.rglob("*"))


def test_a_script_changed_outside_the_app_asks_again(tmp_path: Path) -> None:
    root = downloaded(tmp_path, helper=True)
    store = TrustStore()
    store.trust(root)
    (root / "scripts" / "helper.py").write_text("import os\nos.system('rm -rf ~')\n")
    state = store.state(root)
    assert state.reason == CHANGED and state.unapproved == ("scripts/helper.py",)
    with pytest.raises(UntrustedScriptsError, match=r"helper\.py changed since you trusted"):
        require_trusted(root)
    # Moving a trusted script aside and back changes nothing about it.
    store.trust(root)
    (root / "scripts" / "disabled").mkdir()
    shutil.move(root / "scripts" / "preprocess.py", root / "scripts" / "disabled")
    assert store.state(root).reason == NO_SCRIPTS
    shutil.move(root / "scripts" / "disabled" / "preprocess.py", root / "scripts")
    assert store.state(root).reason == TRUSTED
    store.forget(root)
    assert store.state(root).reason == UNKNOWN


def test_a_project_made_here_runs_its_scripts_but_a_folder_put_in_its_place_does_not(
    tmp_path: Path,
) -> None:
    root = made_here(tmp_path)
    add_scripts(root, helper=True)
    store = TrustStore()
    assert store.state(root).reason == MADE_HERE
    (root / "scripts" / "postprocess.py").write_text(POSTPROCESS)  # the person's own edits
    assert store.state(root).allowed
    copied = tmp_path / "copied"
    shutil.copytree(root, copied)
    assert store.state(copied).reason == UNKNOWN  # a copy elsewhere is not trusted
    # The folder deleted and another project unpacked at the same path: not trusted.
    other = downloaded(tmp_path)
    shutil.rmtree(root)
    shutil.copytree(other, root)
    assert store.state(root).reason == UNKNOWN


def test_save_as_keeps_the_trust_of_the_original(tmp_path: Path) -> None:
    mine = load_project(made_here(tmp_path))
    add_scripts(mine.root)
    copy = save_project_as(mine, tmp_path / "mine copy")
    assert TrustStore().state(copy.root).reason == MADE_HERE

    foreign = load_project(downloaded(tmp_path))
    copy = save_project_as(foreign, tmp_path / "foreign copy")
    assert TrustStore().state(copy.root).reason == UNKNOWN
    TrustStore().trust(foreign.root)
    copy = save_project_as(foreign, tmp_path / "trusted copy")
    assert TrustStore().state(copy.root).reason == TRUSTED


def test_scripts_the_person_writes_in_the_app_are_theirs(tmp_path: Path) -> None:
    store = TrustStore()
    # A project with no scripts: what the person writes may run.
    root = make_project(tmp_path / "p", "http://127.0.0.1:9/v1").root
    script = root / "scripts" / "preprocess.py"
    script.parent.mkdir()
    script.write_text(PREPROCESS, encoding="utf-8")
    script_written(script, None, PREPROCESS)
    assert store.state(root).reason == TRUSTED
    edited = PREPROCESS + "# tuned\n"
    script.write_text(edited, encoding="utf-8")
    script_written(script, PREPROCESS, edited)
    assert store.state(root).allowed

    # A project from elsewhere: editing its script does not make it trusted, and adding
    # one of the person's own leaves the foreign one still to be trusted.
    other = downloaded(tmp_path)
    foreign = other / "scripts" / "preprocess.py"
    changed = PREPROCESS + "# a small edit\n"
    foreign.write_text(changed, encoding="utf-8")
    script_written(foreign, PREPROCESS, changed)
    assert store.state(other).reason == UNKNOWN
    (other / "scripts" / "postprocess.py").write_text(POSTPROCESS, encoding="utf-8")
    script_written(other / "scripts" / "postprocess.py", None, POSTPROCESS)
    state = store.state(other)
    assert state.reason == UNKNOWN and state.unapproved == ("scripts/preprocess.py",)
    # Writing a file outside any project's scripts is not noted anywhere.
    script_written(tmp_path / "notes.py", None, "x = 1\n")
    assert store.state(other).reason == UNKNOWN


def test_an_unreadable_trust_file_trusts_nothing_and_is_replaced(
    tmp_path: Path, settings_dir: Path
) -> None:
    root = downloaded(tmp_path)
    settings_dir.mkdir()
    (settings_dir / TRUST_FILE).write_text("{not json", encoding="utf-8")
    store = TrustStore()
    assert store.state(root).reason == UNKNOWN
    assert store.trust(root).reason == TRUSTED
    assert json.loads((settings_dir / TRUST_FILE).read_text())["schema_version"] == 1


# --- the command line ---------------------------------------------------------------------


def test_the_command_line_refuses_untrusted_scripts_until_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path / "downloaded", fake.base_url, rows=3)
        add_scripts(project.root)
        (project.root / "scripts" / "postprocess.py").write_text(POSTPROCESS)

        assert main(["run", str(project.root)]) == 2  # refused until told
        error = capsys.readouterr().err
        assert "scripts/preprocess.py and scripts/postprocess.py" in error
        assert "--trust" in error and "scripts/disabled/" in error
        assert fake.requests == [] and not project.store_path.exists()
        assert main(["render", str(project.root), "--row", "0"]) == 2
        assert main(["check", str(project.root)]) == 2  # as run: the scripts wait
        assert "--trust" in capsys.readouterr().out

        assert main(["run", str(project.root), "--trust", "--json", "--quiet"]) == 0
        captured = capsys.readouterr()
        assert "Trusted scripts/preprocess.py and scripts/postprocess.py" in captured.err
        assert json.loads(captured.out)["ok"] == 3
        # Remembered: the next run needs no flag.
        assert main(["run", str(project.root), "--recompute", "--quiet"]) == 0
        assert main(["render", str(project.root), "--row", "0"]) == 0

        # Changed behind the app's back: refused again.
        (project.root / "scripts" / "postprocess.py").write_text(POSTPROCESS + "# new\n")
        assert main(["run", str(project.root), "--quiet"]) == 2
        assert "postprocess.py changed since you trusted" in capsys.readouterr().err


def test_a_project_made_with_judgedesk_new_runs_its_scripts_without_asking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "answers.jsonl"
    data.write_text(json.dumps({"question": "item 1?", "response": "r"}) + "\n")
    with FakeOpenAI(reply=score_from_question) as fake:
        root = tmp_path / "mine"
        command = ["new", str(root), "--dataset", str(data), "--judge-url", fake.base_url]
        assert main([*command, "--judge-model", "judge-small"]) == 0
        add_scripts(root)
        assert main(["run", str(root), "--quiet"]) == 0
    assert "Trusted" not in capsys.readouterr().err
