"""The Report pane (``pane``) and its parts: the cards and charts, the words they are
written in, two runs compared, the run history and versions, people's agreement."""
