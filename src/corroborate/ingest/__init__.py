"""Ingestion: files, directories, globs, stdin, JSON/JSONL records, HTML and URLs into Articles."""

from corroborate.ingest.outlets import Outlet, OutletRegistry
from corroborate.ingest.sources import LoadResult, load_articles

__all__ = ["LoadResult", "Outlet", "OutletRegistry", "load_articles"]
