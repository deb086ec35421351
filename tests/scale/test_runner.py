"""The local process pool's workers start light: what they import is what they need."""

from __future__ import annotations

import subprocess
import sys


def test_a_worker_imports_no_clustering_stack() -> None:
    """A worker imports `corroborate.scale.runner`; datasketch and scipy (the clusterer's,
    0.8 s of start-up) stay out until `corroborate.scale` is asked for them."""
    code = (
        "import sys, corroborate.scale.runner\n"
        "assert 'datasketch' not in sys.modules and 'scipy' not in sys.modules, 'heavy import'\n"
        "from corroborate.scale import cluster_articles, near_duplicates\n"
        "assert callable(cluster_articles) and callable(near_duplicates) and 'datasketch' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_command_line_imports_no_clustering_stack_until_a_command_clusters() -> None:
    """Every `corroborate` command imports the CLI; `ingest` starts its workers after
    it, so the clusterer's stack (0.4 s) loads only when `cluster` runs."""
    code = "import sys, corroborate.cli\nassert 'datasketch' not in sys.modules and 'scipy' not in sys.modules, 'heavy import'\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
