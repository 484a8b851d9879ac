"""``python -m drezlab.printing [FOLDER]``: write every printout (see :func:`drezlab.printing.everything`)
into FOLDER (default ``print``) and list the files; ``make print`` runs it."""

from __future__ import annotations

import sys

from drezlab.printing import everything


def main(argv: list[str]) -> int:
    """Write everything into the folder named in ``argv`` (default ``print``); 0 on success."""
    folder = argv[0] if argv else "print"
    paths = everything(folder)
    for path in paths:
        print(path)
    print(f"{len(paths)} PDFs in {folder}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
