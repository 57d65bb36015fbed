"""The look: light or dark as the desktop has it (or as chosen), and status colours that read
in both, each always beside a symbol and a word."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QByteArray, QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleOption, QWidget

from judgedesk.core.project import Mark
from judgedesk.resources import resource_path

THEMES = ("system", "light", "dark")

_LIGHT = {
    QPalette.ColorRole.Window: "#f3f4f6",
    QPalette.ColorRole.WindowText: "#1f2328",
    QPalette.ColorRole.Base: "#ffffff",
    QPalette.ColorRole.AlternateBase: "#f6f8fa",
    QPalette.ColorRole.ToolTipBase: "#fffbe6",
    QPalette.ColorRole.ToolTipText: "#1f2328",
    QPalette.ColorRole.PlaceholderText: "#6e7781",
    QPalette.ColorRole.Text: "#1f2328",
    QPalette.ColorRole.Button: "#eceef1",
    QPalette.ColorRole.ButtonText: "#1f2328",
    QPalette.ColorRole.BrightText: "#cf222e",
    QPalette.ColorRole.Highlight: "#2f5d8a",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#0b5cad",
    QPalette.ColorRole.Mid: "#c9ced6",
    QPalette.ColorRole.Midlight: "#e3e6ea",
    QPalette.ColorRole.Dark: "#8c959f",
    QPalette.ColorRole.Shadow: "#57606a",
}

_DARK = {
    QPalette.ColorRole.Window: "#1f2227",
    QPalette.ColorRole.WindowText: "#e6e8eb",
    QPalette.ColorRole.Base: "#16181c",
    QPalette.ColorRole.AlternateBase: "#22262c",
    QPalette.ColorRole.ToolTipBase: "#2b3038",
    QPalette.ColorRole.ToolTipText: "#e6e8eb",
    QPalette.ColorRole.PlaceholderText: "#8b949e",
    QPalette.ColorRole.Text: "#e6e8eb",
    QPalette.ColorRole.Button: "#2b3038",
    QPalette.ColorRole.ButtonText: "#e6e8eb",
    QPalette.ColorRole.BrightText: "#ff7b72",
    QPalette.ColorRole.Highlight: "#3f78b0",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#79b8ff",
    QPalette.ColorRole.Mid: "#3b424c",
    QPalette.ColorRole.Midlight: "#30363f",
    QPalette.ColorRole.Dark: "#0d0f12",
    QPalette.ColorRole.Shadow: "#000000",
}

# Status colours chosen to stay apart for the common colour blindnesses (blue/orange
# rather than green/red where it matters) and to keep contrast on either background.
_MARK_COLOURS = {
    False: {
        Mark.DONE: "#1a7f37",
        Mark.TODO: "#0b5cad",
        Mark.BLOCKS: "#c4320a",
        Mark.WARN: "#9a6700",
        Mark.BUSY: "#0b5cad",
        Mark.IDLE: "#6e7781",
    },
    True: {
        Mark.DONE: "#56d364",
        Mark.TODO: "#79b8ff",
        Mark.BLOCKS: "#ff9b6b",
        Mark.WARN: "#e3b341",
        Mark.BUSY: "#79b8ff",
        Mark.IDLE: "#8b949e",
    },
}

MARK_SYMBOLS = {
    Mark.DONE: "✓",
    Mark.TODO: "○",
    Mark.BLOCKS: "✕",
    Mark.WARN: "!",
    Mark.BUSY: "◔",
    Mark.IDLE: "·",
}
"""The symbol drawn beside each mark's colour: the state reads without colour."""


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether the palette in use is a dark one (light text on a dark window)."""
    palette = palette or QApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def mark_colour(mark: Mark, palette: QPalette | None = None) -> QColor:
    """The colour of a mark for the palette in use."""
    return QColor(_MARK_COLOURS[is_dark(palette)][mark])


def palette_for(dark: bool) -> QPalette:
    """JudgeDesk's light or dark palette."""
    palette = QPalette()
    for role, colour in (_DARK if dark else _LIGHT).items():
        palette.setColor(role, QColor(colour))
    disabled = QColor("#6e7781" if dark else "#8c959f")
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return palette


def system_is_dark() -> bool:
    """Whether the desktop asks for a dark look (unknown counts as light)."""
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def use_theme(choice: str) -> ThemeKeeper | None:
    """Apply ``choice`` through the application's keeper (made on first use)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return None
    keeper = app.findChild(ThemeKeeper)
    if keeper is None:
        return ThemeKeeper(app, choice)
    keeper.choose(choice)
    return keeper


class ThemeKeeper(QObject):
    """Applies the chosen theme to the application and follows the desktop's changes.

    Signals:
        sig_applied: True when the dark palette is now in use, False for the light one.
    """

    sig_applied = Signal(bool)

    def __init__(self, app: QApplication, choice: str = "system") -> None:
        super().__init__(app)
        self.app = app
        self.choice = choice if choice in THEMES else "system"
        # Fusion draws the same on every desktop and honours palettes.
        app.setStyle(OutlinedIndicators("Fusion"))
        QGuiApplication.styleHints().colorSchemeChanged.connect(lambda _: self.apply())
        self.apply()

    def choose(self, choice: str) -> None:
        """Use ``choice`` ("system", "light" or "dark") from now on."""
        self.choice = choice if choice in THEMES else "system"
        self.apply()

    def dark(self) -> bool:
        """Whether the choice means the dark palette now."""
        return self.choice == "dark" or (self.choice == "system" and system_is_dark())

    def apply(self) -> None:
        dark = self.dark()
        self.app.setPalette(palette_for(dark))
        self.sig_applied.emit(dark)


@cache
def _svg(stage: str) -> bytes:
    return resource_path("icons", "stages", f"{stage}.svg").read_bytes()


def stage_icon(stage: str, colour: QColor, size: int, ratio: float = 1.0) -> QIcon:
    """A stage's icon drawn in ``colour``, sharp at the screen's pixel ratio."""
    return _stage_icon(stage, colour.name(), size, ratio)


@cache
def _stage_icon(stage: str, colour: str, size: int, ratio: float) -> QIcon:
    data = _svg(stage).replace(b"#COLOR", colour.encode())
    renderer = QSvgRenderer(QByteArray(data))
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    renderer.render(painter)
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    return QIcon(pixmap)


class OutlinedIndicators(QProxyStyle):
    """Fusion with the box of a check box (and the ring of a radio button) outlined in
    a colour that stands out on the palette: Fusion draws it a shade darker than the
    window, which on a dark window leaves an empty box all but invisible."""

    _BOXES = (
        QStyle.PrimitiveElement.PE_IndicatorCheckBox,
        QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
    )

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        radio = element == QStyle.PrimitiveElement.PE_IndicatorRadioButton
        if element not in self._BOXES and not radio:
            return
        colour = QColor(option.palette.color(QPalette.ColorRole.PlaceholderText))
        if not option.state & QStyle.StateFlag.State_Enabled:
            colour.setAlphaF(0.5)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(colour, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        box = QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if radio:
            painter.drawEllipse(box)
        else:
            painter.drawRoundedRect(box, 1.5, 1.5)
        painter.restore()
