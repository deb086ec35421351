"""Make untrusted article text safe to show in a terminal or a Markdown file."""

from __future__ import annotations

import re

# C0/C1 control characters (ANSI escape sequences start with ESC), bidi overrides.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~])")


def terminal_safe(text: str | None, limit: int | None = None) -> str:
    """Text with control characters made visible and newlines folded to spaces."""
    if text is None:
        return ""
    clean = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text.replace("\r", " ").replace("\n", " "))
    if limit is not None and len(clean) > limit:
        clean = clean[: limit - 1] + "…"
    return clean


def markdown_safe(text: str | None, limit: int | None = None) -> str:
    """Text that renders literally in Markdown (no links, HTML or emphasis)."""
    return _MD_SPECIAL.sub(r"\\\1", terminal_safe(text, limit))
