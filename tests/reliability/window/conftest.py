"""The window's part of reliability: the GUI test setup of tests/ui, shared as it is."""

from tests.ui.conftest import *  # noqa: F403 - fixtures and hooks, registered by name
