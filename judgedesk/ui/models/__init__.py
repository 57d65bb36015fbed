"""Qt item models over core objects."""
