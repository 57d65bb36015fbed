"""The Run pane (``pane``) and its parts: the rows chosen, the estimate, the run's options,
the check of the judges' servers, the figures while it runs, the rows finished, batch files."""
