"""Files written whole: the mode a person's umask gives, or the one the file had."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from judgedesk.core import fileio

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600)])
def test_a_new_file_has_the_mode_the_umask_gives(tmp_path: Path, umask: int, mode: int) -> None:
    target = tmp_path / "judgedesk.toml"
    code = (
        "import os, sys; os.umask(int(sys.argv[2], 8));"
        "from pathlib import Path; from judgedesk.core.fileio import atomic_write_text;"
        "atomic_write_text(Path(sys.argv[1]), 'x = 1\\n')"
    )
    subprocess.run([sys.executable, "-c", code, str(target), oct(umask)[2:]], check=True)
    assert _mode(target) == mode


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "results.csv"
    fileio.atomic_write_text(target, "a\n")
    os.chmod(target, 0o640)
    fileio.atomic_write_text(target, "b\n")
    assert _mode(target) == 0o640
    assert target.read_text() == "b\n"
