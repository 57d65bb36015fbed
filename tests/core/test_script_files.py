"""Setting a project's script aside so runs stop using it, and putting it back."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgedesk.core.scripts.files import (
    ScriptFileError,
    disable_script,
    has_disabled_copy,
    restore_script,
    script_file,
)


def test_a_script_set_aside_is_kept_and_can_be_put_back(tmp_path: Path) -> None:
    place = script_file(tmp_path, "preprocess")
    place.path.parent.mkdir()
    place.path.write_text("first", encoding="utf-8")
    assert not has_disabled_copy(tmp_path, "preprocess")

    assert disable_script(tmp_path, "preprocess") == place.disabled
    assert not place.path.exists() and place.disabled.read_text(encoding="utf-8") == "first"
    assert has_disabled_copy(tmp_path, "preprocess")

    place.path.write_text("second", encoding="utf-8")
    with pytest.raises(ScriptFileError, match="already exists"):
        restore_script(tmp_path, "preprocess")
    disable_script(tmp_path, "preprocess")  # the earlier copy keeps a numbered name
    assert (place.disabled.parent / "preprocess.1.py").read_text(encoding="utf-8") == "first"
    assert place.disabled.read_text(encoding="utf-8") == "second"

    assert restore_script(tmp_path, "preprocess") == place.path
    assert place.path.read_text(encoding="utf-8") == "second"
    assert not has_disabled_copy(tmp_path, "preprocess")


def test_nothing_to_set_aside_or_put_back_is_said_plainly(tmp_path: Path) -> None:
    with pytest.raises(ScriptFileError, match="no postprocess script to set aside"):
        disable_script(tmp_path, "postprocess")
    with pytest.raises(ScriptFileError, match="no set-aside postprocess script"):
        restore_script(tmp_path, "postprocess")
    with pytest.raises(ValueError):
        script_file(tmp_path, "midprocess")
