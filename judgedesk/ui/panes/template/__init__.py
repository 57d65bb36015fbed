"""The Template pane (``pane``) and its parts: the editors, the template file, the rows to
preview, the dry run, the template library tools, and the pane's words."""
