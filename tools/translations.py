"""Keep the translations in step with the code.

    python tools/translations.py          # update the .ts files from the code, then build .qm
    python tools/translations.py --check  # exit 1 if a string is new or untranslated

Translators edit ``resources/translations/judgedesk_<lang>.ts`` (with Qt Linguist or
any text editor); the ``.qm`` files next to them are what the app loads.
"""

from __future__ import annotations

import argparse
import ast
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "resources" / "translations"
LANGUAGES = ("zh_CN",)


def _tool(name: str) -> str:
    found = shutil.which(f"pyside6-{name}", path=str(Path(sys.executable).parent))
    if found is None:
        found = shutil.which(f"pyside6-{name}")
    if found is None:
        raise SystemExit(f"pyside6-{name} is missing: install the project with pip first.")
    return found


CATALOG = ROOT / "judgedesk" / "ui" / "core_messages.py"
CATALOG_HEAD = '''"""Every sentence the core says with ``say`` (core.messages), for lupdate.

Made by tools/translations.py from the code: do not edit; run the tool after changing a
sentence. The interface translates them in the context "core" (see ``core_strings``).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

MESSAGES = (
'''


def said() -> list[tuple[str, str]]:
    """(id, template) of every ``say("id", "template", …)`` in the core and the CLI."""
    found: dict[str, str] = {}
    for folder in ("core", "cli"):
        for path in sorted((ROOT / "judgedesk" / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "say"
                    and len(node.args) >= 2
                ):
                    continue
                key, text = node.args[0], node.args[1]
                if not (isinstance(key, ast.Constant) and isinstance(text, ast.Constant)):
                    where = f"{path.relative_to(ROOT)}:{node.lineno}"
                    raise SystemExit(f"{where}: say() needs a literal id and template.")
                if found.get(key.value, text.value) != text.value:
                    raise SystemExit(f"The message id {key.value!r} names two templates.")
                found[key.value] = text.value
    return sorted(found.items())


def catalog_text() -> str:
    """The catalog module's text for the sentences in the code now."""
    lines = [CATALOG_HEAD]
    for key, text in said():
        lines.append(f'    QT_TRANSLATE_NOOP("core", {text!r}),  # {key}\n')
    return "".join(lines) + ")\n"


def sources() -> list[str]:
    """The Python files whose strings are shown to people."""
    files = [ROOT / "judgedesk" / "app.py", *sorted((ROOT / "judgedesk" / "ui").rglob("*.py"))]
    return [str(p.relative_to(ROOT)) for p in files]


def update(ts: Path, language: str) -> None:
    """Add new strings to ``ts`` and drop those no longer in the code."""
    options = ["-locations", "none", "-no-obsolete", "-target-language", language]
    subprocess.run(
        [_tool("lupdate"), *sources(), *options, "-ts", str(ts)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


def release(ts: Path, qm: Path) -> None:
    subprocess.run([_tool("lrelease"), str(ts), "-qm", str(qm)], check=True, capture_output=True)


def unfinished(ts: Path) -> list[str]:
    """The source strings of ``ts`` with no finished translation."""
    missing = []
    for message in ET.parse(ts).getroot().iter("message"):
        translation = message.find("translation")
        source = message.findtext("source") or ""
        if translation is None:
            missing.append(source)
            continue
        done = (translation.text or "").strip() or any(
            (n.text or "").strip() for n in translation.iter("numerusform")
        )
        if translation.get("type") in ("unfinished", "vanished", "obsolete") or not done:
            missing.append(source)
    return missing


def check() -> list[str]:
    """Problems: strings in the code missing from a .ts, untranslated, or a stale .qm."""
    problems = []
    if not CATALOG.is_file() or CATALOG.read_text(encoding="utf-8") != catalog_text():
        problems.append(f"{CATALOG.name} is not up to date: run tools/translations.py")
    for language in LANGUAGES:
        ts = FOLDER / f"judgedesk_{language}.ts"
        with tempfile.TemporaryDirectory() as scratch:
            copy = Path(scratch) / ts.name
            shutil.copy(ts, copy)
            update(copy, language)
            problems += [f"{ts.name}: not translated: {s!r}" for s in unfinished(copy)]
            if copy.read_bytes() != ts.read_bytes():
                problems.append(f"{ts.name} is not up to date: run tools/translations.py")
            qm = Path(scratch) / "built.qm"
            release(ts, qm)
            shipped = ts.with_suffix(".qm")
            if not shipped.is_file() or shipped.read_bytes() != qm.read_bytes():
                problems.append(
                    f"{shipped.name} is older than {ts.name}: run tools/translations.py"
                )
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report problems, change nothing")
    args = parser.parse_args()
    if args.check:
        problems = check()
        print("\n".join(problems) or "Translations are complete and up to date.")
        return 1 if problems else 0
    CATALOG.write_text(catalog_text(), encoding="utf-8")
    for language in LANGUAGES:
        ts = FOLDER / f"judgedesk_{language}.ts"
        update(ts, language)
        release(ts, ts.with_suffix(".qm"))
        left = unfinished(ts)
        print(f"{ts.name}: {len(left)} strings to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
