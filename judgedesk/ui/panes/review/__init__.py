"""The Review pane (``pane``) and its parts: the queue and its filters, the card with the
verdict controls, keys, the link to the review thread, people and agreement."""
