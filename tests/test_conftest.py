"""The shared fixtures of tests/conftest.py."""

from __future__ import annotations

import pytest


@pytest.mark.model
def test_the_nlp_fixture_is_the_pipeline_the_analysis_loads(nlp) -> None:  # type: ignore[no-untyped-def]
    # one pipeline a session: a second cached copy costs its load time and its memory
    from corroborate.nlp.pipeline import load_pipeline
    from corroborate.settings import Settings

    assert nlp is load_pipeline(Settings().model_names)
