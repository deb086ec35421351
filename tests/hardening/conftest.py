"""Hypothesis profiles of the hardening tests.

``ci`` (the default): a few dozen examples a test, no deadline (the machine is
shared and spaCy's first call is slow). ``long`` (`make fuzz`): many more examples.
Choose with the environment variable ``HYPOTHESIS_PROFILE``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

# Failing examples are kept where git ignores them (not in a new .hypothesis/ folder).
EXAMPLES_DATABASE = DirectoryBasedExampleDatabase(str(Path(__file__).resolve().parents[2] / ".pytest_cache" / "hypothesis"))

_SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]
# ci: derandomized, so a CI run is reproducible and needs no example database.
settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=_SLOW_OK, derandomize=True, database=None)
settings.register_profile("long", max_examples=2000, deadline=None, suppress_health_check=_SLOW_OK, database=EXAMPLES_DATABASE)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
# Not `settings.load_profile`: that would change every hypothesis test of the session
# (tests/web has its own); the tests here take the profile through `profile()`.


def profile(**overrides: Any) -> settings:
    """The chosen profile's settings, with `overrides` (health checks to suppress add up), for one test."""
    chosen = settings.get_profile(PROFILE)
    if "suppress_health_check" in overrides:
        overrides["suppress_health_check"] = [*chosen.suppress_health_check, *overrides["suppress_health_check"]]
    return settings(chosen, **overrides)


def examples(ci: int) -> int:
    """`ci` examples under the ci profile; the profile's own count under any other."""
    return ci if PROFILE == "ci" else settings.get_profile(PROFILE).max_examples


long_only = pytest.mark.skipif(PROFILE == "ci", reason="runs under HYPOTHESIS_PROFILE=long (make fuzz) only")
