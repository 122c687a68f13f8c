"""``python -m baohuang.cli``: the ``baohuang`` console script."""

from baohuang.cli import main

raise SystemExit(main())
