"""The fork server's preload: what every worker forked from it starts with."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.model


def test_preload_loads_the_pipeline_and_the_stems_dictionary() -> None:
    """Word stems read lemminflect's dictionary (`align.differences.stem`): loaded once in
    the fork server, each worker inherits it instead of loading it again."""
    script = (
        "import sys\n"
        "import corroborate.scale.preload\n"
        "from corroborate.align.differences import _irregular_lemma\n"
        "from corroborate.nlp.pipeline import load_pipeline\n"
        "print('lemminflect' in sys.modules, _irregular_lemma.cache_info().currsize, load_pipeline.cache_info().currsize)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "1", "1"]
