"""The conformance suite (``drezlab.testing``) over every registered game and every
option set its metadata declares."""

from __future__ import annotations

import pytest

import drezlab.testing as conformance
from drezlab.core.registry import specs

CASES = [(name, index, options) for name, spec in sorted(specs().items())
         for index, options in enumerate(spec.all_option_sets())]

#: the checks that take more than about 10 s on two busy cores (``pytest -m 'not slow'`` leaves them out)
SLOW = {"pokerdrez4-0-check_corrupt_records", "pokerdrez4-1-check_corrupt_records",
        "pokerdrez4-2-check_corrupt_records", "pokerguess-0-check_corrupt_records",
        "pokerguess-1-check_corrupt_records", "pokerdrez-0-check_corrupt_records",
        "guadalete-cylinder-0-check_corrupt_records", "pokerguess-0-check_random_play"}
PARAMS = [pytest.param(name, index, options, check, id=f"{name}-{index}-{check}",
                       marks=[pytest.mark.slow] if f"{name}-{index}-{check}" in SLOW else [])
          for check in conformance.CHECKS for name, index, options in CASES]


@pytest.mark.parametrize("name,index,options,check", PARAMS)
def test_conformance(name: str, index: int, options: dict, check: str) -> None:
    make = conformance.factory(name, **options)
    getattr(conformance, check)(make, seed=index)


def test_every_game_loads_beside_every_other() -> None:
    """All game classes import into one interpreter: their Spanish labels and
    registrations do not clash (each test file alone would not show it)."""
    import importlib
    import subprocess
    import sys

    for spec in specs().values():
        assert spec.cls().spec is spec
    # in a fresh interpreter, so that no earlier test has imported anything: every game's
    # rules, picture and bots modules, whose Spanish labels land in one shared table
    modules = sorted({target.partition(":")[0] for spec in specs().values() if spec.game_class.startswith("drezlab.")
                      for target in (spec.game_class, spec.picture, *spec.bots.values())
                      if isinstance(target, str) and ":" in target})
    code = "import importlib\n" + "".join(f"importlib.import_module({name!r})\n" for name in modules)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert importlib.import_module(modules[0])
