"""What the command line imports before a command runs: `corroborate ingest` starts its
workers' model load first thing (`store.commands`), so every module the CLI imports
up front delays it."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_cli_imports_neither_the_records_nor_the_readers_nor_the_renderers() -> None:
    code = (
        "import sys, corroborate.cli\n"
        "heavy = ['corroborate.model', 'corroborate.ingest', 'corroborate.report', 'corroborate.store.batch',"
        " 'rich.progress', 'spacy', 'pydantic']\n"
        "print(' '.join(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.strip() == ""
