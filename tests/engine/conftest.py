"""Engine tests need no database and no Django: plain pytest, fast.

Run them with ``-p no:django`` too: the repository root is put on the import path here,
which the Django plugin would otherwise do.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_ROOT = str(Path(__file__).resolve().parents[2])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from games.engine.silk_road import RULES  # noqa: E402


@pytest.fixture
def rules():
    return RULES
