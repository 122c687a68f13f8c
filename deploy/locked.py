"""Part of a pip-compile lock file: the named packages and all they need, pins and hashes kept.

    python deploy/locked.py requirements-dev.lock mypy > mypy.lock
    pip install --require-hashes -r mypy.lock

The image's build stage of the native core needs mypy (mypyc) from ``requirements-dev.lock``
without the rest of the development tools; what a package needs is read from the lock's own
``# via`` notes (a package is needed when one of the packages it is there "via" is), so the
versions and hashes are exactly those of the lock and nothing is resolved again. Standard
library only: it runs in a bare Python image.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


def _name(text: str) -> str:
    """A package's normalised name (PEP 503)."""
    return re.sub(r"[-_.]+", "-", text).lower()


def blocks(lock: str) -> dict[str, tuple[str, set[str]]]:
    """Each pinned package of ``lock``: (its lines, the packages it is there via)."""
    found: dict[str, tuple[str, set[str]]] = {}
    name = ""
    lines: list[str] = []
    via: set[str] = set()
    in_via = False

    def close() -> None:
        if name:
            found[name] = ("\n".join(lines).rstrip() + "\n", via)

    for line in lock.splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            close()
            name = _name(re.split(r"[=<>!~\[; ]", line, maxsplit=1)[0])
            lines, via, in_via = [line], set(), False
            continue
        if not name:
            continue
        stripped = line.strip()
        if stripped.startswith("--hash") or stripped.endswith("\\"):
            lines.append(line)
        elif stripped.startswith("# via"):
            rest = stripped.removeprefix("# via").strip()
            in_via = not rest
            if rest:
                via.add(_name(rest.split()[0]))
        elif in_via and stripped.startswith("#   "):
            via.add(_name(stripped.removeprefix("#").split()[0]))
        else:
            in_via = False
    close()
    return found


def needed(lock: str, names: list[str]) -> str:
    """The lines of ``lock`` for ``names`` and everything they need, in the lock's order."""
    found = blocks(lock)
    wanted = {_name(n) for n in names}
    unknown = wanted - set(found)
    if unknown:
        raise SystemExit(f"locked.py: not in the lock: {', '.join(sorted(unknown))}")
    grew = True
    while grew:
        more = {name for name, (_, via) in found.items() if via & wanted} - wanted
        wanted |= more
        grew = bool(more)
    return "".join(text for name, (text, _) in found.items() if name in wanted)


def main(argv: list[str]) -> int:
    """``locked.py LOCK NAME…``: print the part of LOCK for the NAMEs."""
    if len(argv) < 2:
        print("usage: python deploy/locked.py LOCK NAME...", file=sys.stderr)
        return 2
    sys.stdout.write(needed(Path(argv[0]).read_text(encoding="utf-8"), argv[1:]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
