"""A project from elsewhere takes nothing off the machine without a yes.

Its judge may name a well-known key and any address; its settings may name any file.
The test server (a real one on 127.0.0.1) must receive neither the key nor the file until
the person allows it, and the answers must live in the person's settings, never in the
project, where a copy could bring its own.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import shutil
from pathlib import Path

import pytest

from judgedesk.cli import main
from judgedesk.core.errors import ProjectError
from judgedesk.core.judge.approvals import APPROVALS_FILE, KeyApprovals, KeyUse, server_of
from judgedesk.core.judge.check import check_connection
from judgedesk.core.places import settings_folder
from judgedesk.core.project import open_project_dataset
from judgedesk.core.project.approvals import pending
from judgedesk.core.project.boundary import FILES_FILE, FileApprovals, OutsideFileError
from judgedesk.core.project.settings import load_project
from tests.core.test_pipeline import make_project, score_from_question
from tests.support.fake_openai import FakeOpenAI

KEY_VARIABLE = "JUDGEDESK_TEST_ELSEWHERE_KEY"


def forget_approvals() -> None:
    """As on another person's computer: nothing this project does was allowed here."""
    for name in (APPROVALS_FILE, FILES_FILE):
        (settings_folder() / name).unlink(missing_ok=True)


def from_elsewhere(folder: Path, base_url: str, **judge: object) -> Path:
    """A project as handed over by someone: made on another computer."""
    project = make_project(folder, base_url, rows=3, **judge)
    forget_approvals()
    return project.root


def sent(fake: FakeOpenAI, text: str) -> bool:
    return any(text.encode() in request for request in fake.received)


@pytest.fixture
def key(monkeypatch: pytest.MonkeyPatch) -> str:
    value = f"sk-elsewhere-{secrets.token_hex(12)}"
    monkeypatch.setenv(KEY_VARIABLE, value)
    return value


# --- keys go only to approved addresses ---------------------------------------------------


def test_a_key_is_not_sent_to_an_address_nobody_approved(
    tmp_path: Path, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=score_from_question, api_key=key) as fake:
        root = from_elsewhere(
            tmp_path / "handed-over", fake.base_url, api_key=f"env:{KEY_VARIABLE}"
        )

        assert main(["run", str(root), "--quiet"]) == 2
        words = capsys.readouterr().err
        assert f"sends {KEY_VARIABLE} to {fake.base_url}" in words
        assert "nothing was sent" in words and "--trust" in words
        assert key not in words

        # check says so and exits as run would (2: an approval waits), sending nothing either
        assert main(["check", str(root)]) == 2
        assert f"sends {KEY_VARIABLE} to {fake.base_url}" in capsys.readouterr().out
        found = asyncio.run(check_connection(fake.base_url, f"env:{KEY_VARIABLE}"))
        assert not found.ok and "not approved" in found.problem
        assert fake.received == [] and not sent(fake, key)
        assert not load_project(root).store_path.exists()

        assert main(["run", str(root), "--quiet", "--trust"]) == 0
        assert f"Allowed on this computer: judge 'judge' sends {KEY_VARIABLE}" in (
            capsys.readouterr().err
        )
        assert sent(fake, f"Bearer {key}") and len(fake.requests) == 3
        # Remembered: the next run, and Test connection, need no flag.
        assert main(["run", str(root), "--quiet", "--rows", "0"]) == 0
        assert asyncio.run(check_connection(fake.base_url, f"env:{KEY_VARIABLE}")).ok


def test_changing_the_address_asks_again(tmp_path: Path, key: str) -> None:
    with (
        FakeOpenAI(reply=score_from_question, api_key=key) as mine,
        FakeOpenAI(reply=score_from_question, api_key=key) as theirs,
    ):
        project = make_project(tmp_path / "p", mine.base_url, rows=3, api_key=f"env:{KEY_VARIABLE}")
        assert main(["run", str(project.root), "--quiet"]) == 0  # made here: approved
        assert sent(mine, key)

        # Someone edits the settings on a shared drive.
        text = project.settings_path.read_text(encoding="utf-8")
        project.settings_path.write_text(
            text.replace(mine.base_url, theirs.base_url), encoding="utf-8"
        )
        assert main(["run", str(project.root), "--quiet"]) == 2
        assert theirs.received == []
        # Another path on the approved server is the same recipient; another port is not.
        assert server_of(mine.base_url) == server_of(mine.base_url.replace("/v1", "/v2/"))
        assert server_of(mine.base_url) != server_of(theirs.base_url)


def test_a_copy_cannot_bring_its_own_approval(tmp_path: Path, key: str) -> None:
    with FakeOpenAI(reply=score_from_question, api_key=key) as fake:
        root = from_elsewhere(tmp_path / "p", fake.base_url, api_key=f"env:{KEY_VARIABLE}")
        # Whatever the project holds, approvals are read from the person's settings only.
        forged = {"schema_version": 1, "keys": [{"key": f"env:{KEY_VARIABLE}", "server": "*"}]}
        for place in (root / APPROVALS_FILE, root / ".judgedesk" / APPROVALS_FILE):
            place.parent.mkdir(exist_ok=True)
            place.write_text(json.dumps(forged), encoding="utf-8")
        assert main(["run", str(root), "--quiet"]) == 2
        assert fake.received == []

        assert main(["run", str(root), "--quiet", "--trust"]) == 0
        written = [p for p in root.rglob("*") if p.is_file() and b"sk-" in p.read_bytes()]
        assert written == []  # neither the key nor the approval went into the project
        assert (settings_folder() / APPROVALS_FILE).is_file()
        approvals = KeyApprovals().entries()
        assert [(a.reference, a.server) for a in approvals] == [
            (f"env:{KEY_VARIABLE}", server_of(fake.base_url))
        ]
        # Revoked in Preferences: asked again.
        KeyApprovals().revoke(approvals[0].reference, approvals[0].server)
        assert pending(load_project(root)).keys


def test_a_project_made_here_sends_its_key_without_asking(
    tmp_path: Path, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "answers.jsonl"
    data.write_text(json.dumps({"question": "item 1?", "response": "r"}) + "\n")
    with FakeOpenAI(reply=score_from_question, api_key=key) as fake:
        root = tmp_path / "mine"
        command = ["new", str(root), "--dataset", str(data), "--judge-url", fake.base_url]
        command += ["--judge-model", "judge-small", "--judge-key-env", KEY_VARIABLE]
        assert main(command) == 0
        assert main(["run", str(root), "--quiet"]) == 0
        assert sent(fake, f"Bearer {key}")
    assert "Allowed" not in capsys.readouterr().err


def test_approvals_name_keys_never_keys_themselves(tmp_path: Path, key: str) -> None:
    use = KeyUse(f"env:{KEY_VARIABLE}", "HTTPS://API.Example.com:443/v1/", "judge 'strict'")
    assert (
        use.sentence() == f"judge 'strict' sends {KEY_VARIABLE} to HTTPS://API.Example.com:443/v1/"
    )
    assert use.server == "https://api.example.com"
    assert KeyUse("keyring:judgedesk/strict", "http://[::1]:8080/v1").server == "http://[::1]:8080"
    assert KeyUse("keyring:judgedesk/strict", "").key_name == "keyring entry judgedesk/strict"
    assert KeyUse(key, "https://x").key_name == "an API key"  # a pasted key is never repeated
    KeyApprovals().approve([use])
    assert key not in (settings_folder() / APPROVALS_FILE).read_text(encoding="utf-8")
    assert KeyApprovals().approved(KeyUse(f"env: {KEY_VARIABLE}", "https://api.example.com/v2"))
    assert not KeyApprovals().approved(KeyUse("env:OTHER_KEY", "https://api.example.com/v1"))
    assert KeyApprovals().approved(KeyUse("", "https://anywhere.example"))  # no key to send


# --- files only from inside the project ---------------------------------------------------


@pytest.mark.parametrize("kind", ["absolute", "climbing", "link"])
def test_a_template_outside_the_folder_is_never_read(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = f"private notes {secrets.token_hex(8)}"
    private = tmp_path / "home" / "notes.txt"
    private.parent.mkdir()
    private.write_text(f"{secret} [[n]]", encoding="utf-8")
    with FakeOpenAI(reply=score_from_question) as fake:
        root = tmp_path / "p"
        make_project(root, fake.base_url)
        if kind == "link":
            template = root / "templates" / "judge.j2"
            template.unlink()
            template.symlink_to(private)
            name = "templates/judge.j2"
        else:
            name = str(private) if kind == "absolute" else "../home/notes.txt"
            text = (root / "judgedesk.toml").read_text(encoding="utf-8")
            text = text.replace('template = "templates/judge.j2"', f"template = {name!r}")
            (root / "judgedesk.toml").write_text(text, encoding="utf-8")

        assert main(["render", str(root), "--row", "0"]) == 2  # the project is wrong
        assert main(["run", str(root), "--quiet", "--trust"]) == 2
        words = capsys.readouterr()
        assert secret not in words.out + words.err
        assert f"The template of judge 'judge' is {name}, outside the project folder" in words.err
        assert not sent(fake, secret) and fake.requests == []


def test_a_script_linked_from_outside_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.py"
    outside.write_text("def preprocess(data, resp, **kw):\n    return 1\n", encoding="utf-8")
    project = make_project(tmp_path / "p", "http://127.0.0.1:9/v1")
    (project.root / "scripts").mkdir()
    (project.root / "scripts" / "preprocess.py").symlink_to(outside)
    with pytest.raises(ProjectError, match=r"preprocess script is scripts/preprocess\.py, outside"):
        load_project(project.root).script_path("preprocess")


def test_a_dataset_outside_is_read_only_once_allowed(
    tmp_path: Path, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with FakeOpenAI(reply=score_from_question) as fake:
        project = make_project(tmp_path / "p", fake.base_url, rows=3)
        outside = tmp_path / "private" / "rows.jsonl"
        outside.parent.mkdir()
        shutil.move(project.root / "data" / "items.jsonl", outside)
        project.dataset.path = str(outside)
        project.save()
        forget_approvals()

        for command in (["run"], ["render", "--row", "0"], ["report"], ["check"]):
            code = main([command[0], str(project.root), *command[1:]])
            assert code == 2, command  # check, like the others, waits for the approval
        assert f"reads {outside}, outside its folder" in capsys.readouterr().err
        with pytest.raises(OutsideFileError):
            open_project_dataset(load_project(project.root))
        assert fake.received == []

        assert main(["run", str(project.root), "--quiet", "--trust"]) == 0
        assert "Allowed on this computer: p reads" in capsys.readouterr().err
        assert len(fake.requests) == 3
        assert FileApprovals().allowed(project.root, outside)
        # Another project pointing at the same file is not allowed by that answer.
        other = make_project(tmp_path / "q", fake.base_url)
        other.dataset.path = str(outside)
        other.save()
        assert pending(load_project(other.root)).files == (outside,)


def test_a_dataset_linked_by_judgedesk_new_is_chosen_here(tmp_path: Path) -> None:
    data = tmp_path / "shared" / "answers.jsonl"
    data.parent.mkdir()
    data.write_text(json.dumps({"question": "item 1?", "response": "r"}) + "\n")
    root = tmp_path / "mine"
    command = ["new", str(root), "--dataset", str(data), "--link"]
    assert main([*command, "--judge-url", "http://127.0.0.1:9/v1", "--judge-model", "m"]) == 0
    project = load_project(root)
    assert project.dataset_path() == data.resolve()
    assert not pending(project)
    with open_project_dataset(project) as dataset:
        assert len(dataset) == 1
