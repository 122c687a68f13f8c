"""``python -m baohuang.cli``: the ``baohuang`` console script."""

from baohuang.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
