"""The main window's size and place: from the screen it is on, never larger than it.

A first start takes the size from the screen's available area (the desktop less its
panels), up to a comfortable 1440 × 900, and on a narrow screen puts the row inspector
under the panes; a size kept from last time is clamped to the screen the window opens on
(a laptop unplugged from its monitor), and the window is moved back inside that screen
when it would start off it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QDockWidget, QMainWindow, QWidget

COMFORTABLE = QSize(1440, 900)
# Room left for the window's frame and title bar, which a window manager adds around
# the size asked for (before the window is shown, Qt cannot tell their size).
FRAME = QSize(16, 40)


def available_area(window: QWidget) -> QRect:
    """The part of the window's screen a window may use."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def first_size(area: QRect) -> QSize:
    """The window's size on a first start on a screen with this available area."""
    return QSize(
        min(COMFORTABLE.width(), area.width() - FRAME.width()),
        min(COMFORTABLE.height(), area.height() - FRAME.height()),
    )


def fit_window(window: QWidget, restored: bool) -> None:
    """Size and place ``window`` for its screen.

    Args:
        window: the main window, before it is shown.
        restored: whether a geometry kept from last time was restored.
    """
    area = available_area(window)
    if not restored:
        size = first_size(area)
        window.resize(size)
        window.move(
            area.x() + (area.width() - size.width() - FRAME.width()) // 2,
            area.y() + (area.height() - size.height() - FRAME.height()) // 2,
        )
        return
    width = min(window.width(), area.width() - FRAME.width())
    height = min(window.height(), area.height() - FRAME.height())
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
    frame = QRect(window.pos(), QSize(width + FRAME.width(), height + FRAME.height()))
    x = min(max(frame.x(), area.x()), area.right() + 1 - frame.width())
    y = min(max(frame.y(), area.y()), area.bottom() + 1 - frame.height())
    if (x, y) != (frame.x(), frame.y()):
        window.move(x, y)


# Below this width of the screen, the panes beside the row inspector would be narrower
# than they need (the Judges pane's form, the Run pane's buttons).
NARROW = 1500


def place_inspector(window: QMainWindow, dock: QDockWidget, sidebar: QAbstractItemView) -> None:
    """On a first start on a narrow screen, the row inspector goes under the panes.

    It takes the height the sidebar leaves (every stage stays in sight), at least 160
    pixels. A person's own placement (kept with the window's state) is never moved.
    """
    if available_area(window).width() >= NARROW:
        return
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    bars = window.menuBar().sizeHint().height() + window.statusBar().sizeHint().height()
    rows = sidebar.model().rowCount()
    stages = sum(sidebar.sizeHintForRow(row) for row in range(rows)) + 2 * sidebar.frameWidth()
    left = window.height() - bars - stages - 48
    window.resizeDocks([dock], [max(160, left)], Qt.Orientation.Vertical)
