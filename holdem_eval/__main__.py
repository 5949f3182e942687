"""``python -m holdem_eval``: the same CLI as the ``holdem-eval`` console script."""

from .cli import main

raise SystemExit(main())
