"""Nine Lives — start the desktop client: ``python main.py`` (see ``--help``)."""

import sys

from screens.app import main

if __name__ == "__main__":
    sys.exit(main())
