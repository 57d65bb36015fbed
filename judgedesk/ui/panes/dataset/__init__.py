"""The Dataset pane (``pane``) and its parts: searching the rows and choosing the columns."""
