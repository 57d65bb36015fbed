"""The panes' stack: each pane in a scroll area, so a small screen reaches all of it.

A pane's layout asks for a minimum size (the Judges pane's form, about 1,060 × 630
pixels); in a stack those minimums add up to the window's, which then will not fit a
1280 × 720 screen. Each pane sits in a scroll area that gives way instead: on a large
screen nothing changes, on a small one the pane scrolls rather than leaving the
inspector and the status bar off-screen. The stack still speaks of the panes
themselves (``indexOf(pane)``, ``currentWidget()``), not of their scroll areas.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QStackedWidget, QWidget


class PaneStack(QStackedWidget):
    """A stack of panes, each shown in a scroll area of its own."""

    def add_pane(self, pane: QWidget, name: str) -> int:
        """Add ``pane`` (wrapped in a scroll area) under its stage's ``name``, which screen
        readers announce; returns its index."""
        pane.setAccessibleName(name)
        area = QScrollArea(self)
        area.setAccessibleName(name)
        area.setObjectName(f"{pane.objectName() or type(pane).__name__}Scroll")
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        area.setWidget(pane)
        return self.addWidget(area)

    def widget(self, index: int) -> QWidget:  # type: ignore[override]
        """The pane at ``index`` (not its scroll area)."""
        area = super().widget(index)
        inner = area.widget() if isinstance(area, QScrollArea) else None
        return inner if inner is not None else area

    def currentWidget(self) -> QWidget:  # type: ignore[override]
        """The pane shown."""
        return self.widget(self.currentIndex())

    def indexOf(self, pane: QWidget) -> int:  # type: ignore[override]
        """The index of ``pane`` (or of a scroll area), -1 when it is not here."""
        for index in range(self.count()):
            if self.widget(index) is pane or super().widget(index) is pane:
                return index
        return -1

    def setCurrentWidget(self, pane: QWidget) -> None:  # type: ignore[override]
        """Show ``pane``."""
        index = self.indexOf(pane)
        if index >= 0:
            self.setCurrentIndex(index)
