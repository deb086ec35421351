"""Key findings, shared by every view: altered quotes and attribution drift first.

Drift the assessment is unsure of (`QuoteGroup.drift_check`) is not a finding: it is
listed last as "check attribution", with the reason it is uncertain, for a reader to check."""

from __future__ import annotations

from dataclasses import dataclass

from corroborate.align.differences import severity
from corroborate.assess.drift import may_be_one_person
from corroborate.model import Analysis, Quote, QuoteGroup, QuotePair
from corroborate.report.labels import speaker_label

CHECK = "check attribution"


def drift_summary(group: QuoteGroup) -> str:
    """Who the uncertain drift credits, how sure it is and why it is uncertain."""
    names = " vs ".join(e.name for e in group.drift_evidence)
    sure = f"confidence {group.drift_confidence:.2f}" if group.drift_confidence is not None else ""
    return "; ".join(part for part in (f"credited to {names}" if names else "", sure, group.drift_note or "") if part)


@dataclass(frozen=True)
class Variant:
    outlet: str
    speaker: str
    text: str  # the member's words
    quote: Quote


@dataclass(frozen=True)
class Finding:
    kind: str  # "attribution drift" | "altered quote" | "paraphrased" | "check attribution"
    group: QuoteGroup
    variants: tuple[Variant, ...]
    changed: tuple[tuple[str, ...], tuple[str, ...]]
    note: str = ""  # why a drift is uncertain ("check attribution")


def _articles(pair: QuotePair, quotes: dict[str, Quote]) -> int:
    """How many articles the pair's two quotes are in (1 or 2; 0 when one is unknown)."""
    a, b = quotes.get(pair.a), quotes.get(pair.b)
    return len({a.article, b.article}) if a and b else 0


def _two_people(pair: QuotePair, quotes: dict[str, Quote]) -> bool:
    """The pair's quotes are credited to two named people who cannot be one."""
    a, b = quotes.get(pair.a), quotes.get(pair.b)
    if not (a and b and a.speaker.entity and b.speaker.entity and a.speaker.name and b.speaker.name):
        return False
    return a.speaker.entity != b.speaker.entity and not may_be_one_person(a.speaker.name, b.speaker.name)


def key_findings(analysis: Analysis) -> list[Finding]:
    """Drift first, then altered quotes (a substantive change between two outlets'
    renderings, not two people's words drift finds no link between), then paraphrases
    (likewise), most members first; uncertain drift last, as "check attribution"."""
    quotes = {q.id: q for q in analysis.quotes}
    articles = {a.id: a for a in analysis.articles}
    names = {e.id: e.name for e in analysis.entities}
    findings: list[Finding] = []
    for group in analysis.quote_groups:
        # How outlets render one utterance differently: one article's two renderings of
        # its speaker are two utterances as often as one, and tell nothing of another outlet.
        # Two people's words that differ, where drift finds no one utterance credited
        # twice (not even a check), are two utterances: nothing an outlet altered.
        unsure = group.attribution_drift or group.drift_check
        across = max(
            (p for p in group.pairs if _articles(p, quotes) == 2 and (unsure or not _two_people(p, quotes))),
            key=lambda p: severity(p.difference),
            default=None,
        )
        if group.attribution_drift:
            kind = "attribution drift"
        elif across is not None and across.difference == "substantive":
            kind = "altered quote"
        elif across is not None and across.difference == "paraphrase":
            kind = "paraphrased"
        elif group.drift_check:
            kind = CHECK
        else:
            continue
        variants = []
        for member in group.members:
            quote = quotes[member.quote]
            article = articles[quote.article]
            variants.append(
                Variant(article.outlet or article.id, speaker_label(quote, names), article.text[member.start : member.end], quote)
            )
        worst = (
            across
            if kind in ("altered quote", "paraphrased")
            else max(group.pairs, key=lambda p: severity(p.difference), default=None)
        )
        note = drift_summary(group) if group.drift_check else ""
        findings.append(Finding(kind, group, tuple(variants), worst.changed if worst else ((), ()), note))
        if group.drift_check and kind != CHECK:  # an altered quote whose credits are uncertain too
            findings.append(Finding(CHECK, group, tuple(variants), ((), ()), note))
    order = {"attribution drift": 0, "altered quote": 1, "paraphrased": 2, CHECK: 3}
    return sorted(findings, key=lambda f: (order[f.kind], -len(f.variants), f.group.id))
