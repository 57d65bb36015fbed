"""The Scripts pane (``pane``) and its parts: a script's page and file, its results on one
row, the replies to try it on, and the time limit."""
