"""The Judges pane: the judges in running order (``pane``), one judge's form (``form``),
and the form's parts: how a verdict is read, a model file's rows, structured verdicts."""
