"""corroborate: compare news accounts of one story — who said what, what changed, what is supported.

The public API is the names in `__all__` (docs/library.md describes them):

    import corroborate
    run = corroborate.analyze_paths(["examples/millbrook-bridge"])
    run.analysis.quotes

Everything is imported on first use (PEP 562), not when `corroborate` is: an eager
import of the analysis would load spaCy before `corroborate --help` could answer.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from corroborate._version import __version__

# Where each public name is defined; imported from there on first use.
_SOURCES: dict[str, tuple[str, ...]] = {
    # The entry points: inputs in (`analyze_paths`), or articles already read.
    "corroborate.analysis": ("AnalysisRun", "analyze_paths"),
    "corroborate.pipeline": ("analyze_articles",),
    "corroborate.settings": ("Settings",),
    # The records of an analysis.
    "corroborate.model": (
        "Analysis",
        "Article",
        "Citation",
        "CitationEdge",
        "Claim",
        "ClaimGroup",
        "Copy",
        "DateMention",
        "Entity",
        "Frame",
        "GroupMember",
        "InputRef",
        "Mention",
        "Notice",
        "Provenance",
        "Quantity",
        "Quote",
        "QuoteGroup",
        "QuotePair",
        "Role",
        "Speaker",
        "TextSpan",
        "Zone",
        "analysis_json_schema",
    ),
    # The exception tree.
    "corroborate.errors": (
        "BinaryInputError",
        "CorroborateError",
        "EmptyInputError",
        "FetchError",
        "InputError",
        "InputTooLargeError",
        "MalformedInputError",
        "ModelNotFoundError",
        "OutletRegistryError",
        "UsageError",
    ),
}
_LAZY: dict[str, str] = {name: module for module, names in _SOURCES.items() for name in names}

# The curated public API (docs/library.md): `__version__` and every name of _SOURCES
# (tests/test_public_api.py checks that the two agree).
__all__ = [
    "Analysis",
    "AnalysisRun",
    "Article",
    "BinaryInputError",
    "Citation",
    "CitationEdge",
    "Claim",
    "ClaimGroup",
    "Copy",
    "CorroborateError",
    "DateMention",
    "EmptyInputError",
    "Entity",
    "FetchError",
    "Frame",
    "GroupMember",
    "InputError",
    "InputRef",
    "InputTooLargeError",
    "MalformedInputError",
    "Mention",
    "ModelNotFoundError",
    "Notice",
    "OutletRegistryError",
    "Provenance",
    "Quantity",
    "Quote",
    "QuoteGroup",
    "QuotePair",
    "Role",
    "Settings",
    "Speaker",
    "TextSpan",
    "UsageError",
    "Zone",
    "__version__",
    "analysis_json_schema",
    "analyze_articles",
    "analyze_paths",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'corroborate' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


if TYPE_CHECKING:  # for type checkers and editors; never run
    from corroborate.analysis import AnalysisRun, analyze_paths
    from corroborate.errors import (
        BinaryInputError,
        CorroborateError,
        EmptyInputError,
        FetchError,
        InputError,
        InputTooLargeError,
        MalformedInputError,
        ModelNotFoundError,
        OutletRegistryError,
        UsageError,
    )
    from corroborate.model import (
        Analysis,
        Article,
        Citation,
        CitationEdge,
        Claim,
        ClaimGroup,
        Copy,
        DateMention,
        Entity,
        Frame,
        GroupMember,
        InputRef,
        Mention,
        Notice,
        Provenance,
        Quantity,
        Quote,
        QuoteGroup,
        QuotePair,
        Role,
        Speaker,
        TextSpan,
        Zone,
        analysis_json_schema,
    )
    from corroborate.pipeline import analyze_articles
    from corroborate.settings import Settings
