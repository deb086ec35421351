"""What crosses between a process that runs an engine (`scale.runner`) and its workers:
a unit of work and a failed one. Free of spaCy and the extractors, so the ingest
process, which only hands work out and stores results, never imports them."""

from __future__ import annotations

import os
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from corroborate.pipeline import ArticleExtraction


@dataclass(frozen=True)
class TaskFailure:
    """A unit of work that failed: which item, and why."""

    code: str
    reason: str


@dataclass(frozen=True)
class StoryJob:
    story: str
    extractions: tuple[ArticleExtraction, ...]


def failure(exc: BaseException) -> TaskFailure:
    """`exc` as a failure naming its type, message and the line it was raised at."""
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    at = f" at {os.path.basename(where.filename)}:{where.lineno}" if where else ""
    return TaskFailure(code=type(exc).__name__, reason=f"{type(exc).__name__}: {exc}{at}")
