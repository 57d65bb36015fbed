"""The PySide6 desktop interface over the core (panes, item models, editors, dialogs)."""
