"""The frozen app's entry point: the same dispatch as ``python -m judgedesk``."""

import sys

from judgedesk.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
