"""Helpers for the ingestion tests: write small invented inputs, load them, read the result."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from corroborate.ingest import LoadResult, OutletRegistry, load_articles
from corroborate.settings import Settings

# A sentence that passes as ordinary English news text in every reader.
GOOD_TEXT = "The county board voted on Monday to repave the old mill road before the spring thaw.\n"


def write(path: Path, content: str | bytes) -> Path:
    """Write `content` (str as UTF-8, exactly as given: no newline translation) and return the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


def load(specs: Iterable[str | Path], registry: OutletRegistry, settings: Settings | None = None, **kwargs) -> LoadResult:
    return load_articles([str(s) for s in specs], settings or Settings(), registry, **kwargs)


def codes(result: LoadResult) -> list[str]:
    return [w.code for w in result.warnings]


def only_article(result: LoadResult):
    assert not result.errors, result.errors
    assert len(result.articles) == 1, result.articles
    return result.articles[0]
