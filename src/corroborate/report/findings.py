"""Key findings, shared by every view: altered quotes and attribution drift first."""

from __future__ import annotations

from dataclasses import dataclass

from corroborate.align.differences import severity
from corroborate.model import Analysis, Quote, QuoteGroup
from corroborate.report.labels import speaker_label


@dataclass(frozen=True)
class Variant:
    outlet: str
    speaker: str
    text: str  # the member's words
    quote: Quote


@dataclass(frozen=True)
class Finding:
    kind: str  # "attribution drift" | "altered quote" | "paraphrased"
    group: QuoteGroup
    variants: tuple[Variant, ...]
    changed: tuple[tuple[str, ...], tuple[str, ...]]


def key_findings(analysis: Analysis) -> list[Finding]:
    """Drift first, then altered quotes (substantive), then paraphrases, most members first."""
    quotes = {q.id: q for q in analysis.quotes}
    articles = {a.id: a for a in analysis.articles}
    names = {e.id: e.name for e in analysis.entities}
    findings: list[Finding] = []
    for group in analysis.quote_groups:
        if group.attribution_drift:
            kind = "attribution drift"
        elif group.difference == "substantive":
            kind = "altered quote"
        elif group.difference == "paraphrase":
            kind = "paraphrased"
        else:
            continue
        variants = []
        for member in group.members:
            quote = quotes[member.quote]
            article = articles[quote.article]
            variants.append(
                Variant(article.outlet or article.id, speaker_label(quote, names), article.text[member.start : member.end], quote)
            )
        worst = max(group.pairs, key=lambda p: severity(p.difference), default=None)
        findings.append(Finding(kind, group, tuple(variants), worst.changed if worst else ((), ())))
    order = {"attribution drift": 0, "altered quote": 1, "paraphrased": 2}
    return sorted(findings, key=lambda f: (order[f.kind], -len(f.variants), f.group.id))
