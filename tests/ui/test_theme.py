"""The look: light or dark as chosen in Preferences, status colours that read in both."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QCheckBox, QStyle, QStyleOptionButton
from pytestqt.qtbot import QtBot

from judgedesk.core.project.stages import Mark
from judgedesk.ui.theme import MARK_SYMBOLS, is_dark, mark_colour, palette_for, use_theme
from tests.ui.test_pipeline_guide import shown_window, wait_line
from tests.ui.windows import copy_sample


@pytest.fixture(autouse=True)
def light_again(qapp: QApplication) -> Iterator[None]:
    yield
    use_theme("light")


def contrast(a: QPalette, mark: Mark) -> float:
    """WCAG contrast of a mark's colour on the palette's base."""

    def luminance(colour: object) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(x) for x in colour.getRgbF()[:3])  # type: ignore[attr-defined]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    one = luminance(mark_colour(mark, a))
    two = luminance(a.color(QPalette.ColorRole.Base))
    return (max(one, two) + 0.05) / (min(one, two) + 0.05)


def test_every_mark_has_a_symbol_and_reads_on_light_and_dark() -> None:
    for dark in (False, True):
        palette = palette_for(dark)
        assert is_dark(palette) is dark
        for mark in Mark:
            assert MARK_SYMBOLS[mark].strip()
            assert contrast(palette, mark) >= 3.0, (dark, mark)  # large or bold text
    assert len(set(MARK_SYMBOLS.values())) == len(Mark)


def test_the_look_chosen_in_preferences_is_applied(qtbot: QtBot, tmp_path: Path) -> None:
    window = shown_window(qtbot, copy_sample(tmp_path))
    wait_line(qtbot, window, "dataset", "24 rows")
    dialog = window.menus.open_preferences()
    general = dialog.general
    general.theme.setCurrentIndex(general.theme.findData("dark"))
    dialog.accept()
    assert window.settings.theme() == "dark"
    assert is_dark(QApplication.palette())
    qtbot.waitUntil(lambda: is_dark(window.nav.palette()))  # widgets follow by an event
    dialog = window.menus.open_preferences()
    assert dialog.general.theme.currentData() == "dark"
    dialog.general.theme.setCurrentIndex(dialog.general.theme.findData("light"))
    dialog.accept()
    assert not is_dark(QApplication.palette())
    qtbot.waitUntil(lambda: not is_dark(window.nav.palette()))


def _files(folder: Path) -> dict[Path, bytes]:
    return {
        p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and ".judgedesk" not in p.parts
    }


def test_changing_the_look_changes_nothing_in_the_project(qtbot: QtBot, tmp_path: Path) -> None:
    folder = copy_sample(tmp_path)
    assert not (folder / "scripts" / "preprocess.py").exists()
    before = _files(folder)
    window = shown_window(qtbot, folder)
    wait_line(qtbot, window, "scripts", "off")
    pages = window.scripts_pane.pages
    qtbot.waitUntil(lambda: all(page.loaded for page in pages.values()))
    edits: list[str] = []
    for page in pages.values():
        page.sig_edited.connect(lambda kind, _text: edits.append(kind))
    for theme in ("dark", "light", "dark"):
        dialog = window.menus.open_preferences()
        dialog.general.theme.setCurrentIndex(dialog.general.theme.findData(theme))
        dialog.accept()
        dark = theme == "dark"
        qtbot.waitUntil(lambda dark=dark: is_dark(pages["preprocess"].editor.palette()) is dark)
    # Re-colouring is not typing: no script edited, so none is ever written.
    assert edits == []
    assert all(not page.exists for page in pages.values())
    assert _files(folder) == before
    assert not window.isWindowModified()
    assert window.nav.line("scripts") == "off"


def _luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(x) for x in colour.getRgbF()[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ratio(a: QColor, b: QColor) -> float:
    one, two = _luminance(a), _luminance(b)
    return (max(one, two) + 0.05) / (min(one, two) + 0.05)


def test_an_empty_check_box_stands_out_in_either_look(qtbot: QtBot) -> None:
    for theme in ("dark", "light"):
        use_theme(theme)
        box = QCheckBox("Run this judge")
        qtbot.addWidget(box)
        box.show()
        image = box.grab().toImage()
        option = QStyleOptionButton()
        box.initStyleOption(option)
        rect = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
        around = QApplication.palette().color(QPalette.ColorRole.Window)
        scale = image.devicePixelRatio()
        edge = [
            image.pixelColor(round(x * scale), round(y * scale))
            for x in range(rect.left(), rect.right() + 1)
            for y in (rect.top(), rect.top() + 1, rect.center().y())
        ]
        # WCAG asks 3:1 for the outline of a control against what is around it.
        assert max(_ratio(colour, around) for colour in edge) >= 3.0, theme


def test_the_inspector_redraws_its_row_in_the_new_look(qtbot: QtBot, tmp_path: Path) -> None:
    from judgedesk.core.dataset import open_dataset
    from judgedesk.ui.panes.row_inspector import RowInspector
    from judgedesk.ui.rich_text import ROLE_COLOURS

    use_theme("light")
    path = tmp_path / "rows.jsonl"
    path.write_text('{"question": "Why?", "response": "Because."}\n', encoding="utf-8")
    inspector = RowInspector()
    qtbot.addWidget(inspector)
    inspector.show()
    with open_dataset(path) as dataset:
        inspector.show_row(dataset.row(0))
    light, dark = ROLE_COLOURS["assistant"]
    assert light in inspector.browser.toHtml()
    use_theme("dark")
    # The response box takes the dark background without another row being picked.
    qtbot.waitUntil(lambda: dark in inspector.browser.toHtml())
    assert light not in inspector.browser.toHtml()
    use_theme("light")
    qtbot.waitUntil(lambda: light in inspector.browser.toHtml())
