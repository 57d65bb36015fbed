"""The panes of the main window, one package for each pane with several parts; they talk
through the workspace, never to each other."""
