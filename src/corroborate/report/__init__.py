"""Reports: terminal table, JSON, JSONL and Markdown."""

from __future__ import annotations

import json

from corroborate.model import Analysis
from corroborate.report.markdown import render_markdown

__all__ = ["render_jsonl_quotes", "render_markdown"]


def render_jsonl_quotes(analysis: Analysis) -> str:
    """One quote object a line (the `corroborate quotes --format jsonl` contract)."""
    return "".join(json.dumps(q.model_dump(mode="json", by_alias=True), ensure_ascii=False) + "\n" for q in analysis.quotes)
