"""Report-test fixtures: the example story and the payload story, each analysed once per session."""

from __future__ import annotations

import pytest

from corroborate.model import Analysis
from tests.conftest import EXAMPLE, EXAMPLE_OUTLETS
from tests.report.builders import PAYLOAD


@pytest.fixture(scope="session")
def example_analysis_for_reports() -> Analysis:
    """The example story (examples/millbrook-bridge), analysed once for all report tests."""
    from corroborate.analysis import analyze_paths
    from corroborate.settings import Settings

    return analyze_paths([str(EXAMPLE)], Settings(outlet_files=(EXAMPLE_OUTLETS,))).analysis


@pytest.fixture(scope="session")
def payload_analysis() -> Analysis:
    """The hostile fixture story: markup and script in titles, outlet, author, URL and text."""
    from corroborate.analysis import analyze_paths

    return analyze_paths([str(PAYLOAD)]).analysis
