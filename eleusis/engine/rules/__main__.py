"""`python -m eleusis.engine.rules ACTION ...`: see `eleusis.engine.rules.cli`."""

import sys

from eleusis.engine.rules.cli import main

sys.exit(main())
