"""The panes of the main window; they talk through the workspace, never to each other."""
