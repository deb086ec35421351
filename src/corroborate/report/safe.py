"""Make untrusted article text safe to show in a terminal, a Markdown file or the HTML report."""

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


# One visible character for each invisible one, so offsets into the text still hold: C0
# controls become their Control Pictures (U+2400 + code: ESC -> U+241B), DEL U+2421, and C1
# controls and bidi overrides and isolates U+FFFD. Tab, newline and carriage return stay.
_VISIBLE = {c: 0x2400 + c for c in (*range(0, 9), 0x0B, 0x0C, *range(0x0E, 0x20))}
_VISIBLE |= {0x7F: 0x2421} | dict.fromkeys((*range(0x80, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)), 0xFFFD)
_INVISIBLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def visible_controls(text: str) -> str:
    """`text` with control and bidi characters replaced one for one by visible ones (the
    HTML report: a U+202E in a quote must not reverse what the page shows)."""
    return text.translate(_VISIBLE) if _INVISIBLE.search(text) else text


def has_invisible(text: str) -> bool:
    return _INVISIBLE.search(text) is not None
