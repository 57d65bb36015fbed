"""Dialogs opened from the panes: the template library, importing a prompt, variables."""
