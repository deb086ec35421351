"""Records to table rows: flat columns that facet, nested parts as JSON text."""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from corroborate.model import Analysis, Article, Quote
from corroborate.nlp.names import INSTITUTION_WORDS, ROLE_WORDS, TITLE_ABBREVIATIONS

Row = dict[str, Any]

# Words that name a role, not a person: a speaker "name" made only of them ("police",
# "Police", "rep", "the mayor", "officials") is a description. A body's own words
# ("department") count only alone: "State Department" names someone, "Department" does not.
_ROLE_ONLY = frozenset(
    {w.rstrip(".") for w in ROLE_WORDS}
    | set(TITLE_ABBREVIATIONS)
    | set("the a an his her their its our officials official authorities sources source spokespeople".split())
    | set("police cop cops officers investigators prosecutors lawmakers witnesses residents".split())
)
_BODY_WORDS = frozenset(INSTITUTION_WORDS)


def is_role_only(name: str) -> bool:
    """True when `name` has no word beyond role and title words ("Police", "rep.", "the mayor")."""
    words = [w for w in (w.strip(".,'’\"").casefold() for w in name.split()) if w]
    if len(words) == 1 and words[0] in _BODY_WORDS:
        return True
    return all(w in _ROLE_ONLY for w in words)


def speaker_columns(quote: Quote, names: dict[str, str]) -> tuple[str | None, str | None, str | None]:
    """(speaker_name, speaker_entity, speaker_description) of a quote row: the name of the
    identity the quote is linked to (the canonical name, however the article wrote it),
    never an empty string, never role words alone (those become the description)."""
    speaker = quote.speaker
    entity = speaker.entity if speaker.entity in names else None
    name = (names[entity] if entity else speaker.name) or ""
    name = " ".join(name.split())
    description = speaker.description
    if name and is_role_only(name):
        description = description or name
        name = ""
    return name or None, entity or speaker.entity, description


def to_json(value: Any) -> str:
    """Compact, stable JSON text for a nested column."""
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json", by_alias=True)
    elif isinstance(value, tuple | list):
        value = [v.model_dump(mode="json", by_alias=True) if isinstance(v, BaseModel) else v for v in value]
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


_TILDE_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _tilde(value: str) -> str:
    """Datasette's tilde encoding of one part of a row's path (`~` and a byte's hex for the rest)."""
    return "".join(c if c in _TILDE_SAFE else "".join(f"~{b:02X}" for b in c.encode("utf-8")) for c in value)


def row_ref(story: str, record_id: str | None) -> str | None:
    """The `ref` of a row keyed by (story, id): its path in Datasette ("story-1,e2"), so a
    foreign key to it is a link that opens the row."""
    return f"{_tilde(story)},{_tilde(record_id)}" if record_id else None


def _date(published: str | None) -> str | None:
    return published[:10] if published and len(published) >= 10 else None


def article_row(article: Article, key: str, extracted_at: str) -> Row:
    return {
        "key": key,
        "id": article.id,
        "story": None,
        "outlet": article.outlet,
        "title": article.title,
        "published": article.published,
        "published_date": _date(article.published),
        "language": article.language,
        "source": article.source,
        "url": article.url,
        "author": article.author,
        "words": len(article.text.split()),
        "text": article.text,
        "zones": to_json(article.zones),
        "sha256": article.sha256,
        "published_as_given": article.published_as_given,
        "published_from": article.published_from,
        "outlet_from": article.outlet_from,
        "extracted_at": extracted_at,
    }


def article_json(article: Article) -> str:
    """The article as read, before any story inferred something about it (the cache's `article` column)."""
    return article.model_dump_json(by_alias=True)


def article_from_json(data: str) -> Article:
    return Article.model_validate_json(data)


def story_rows(story: str, analysis: Analysis) -> dict[str, list[Row]]:
    """Rows of every story-owned table for one story's analysis."""
    articles = {a.id: a for a in analysis.articles}
    outlet_of = {a.id: a.outlet for a in analysis.articles}
    date_of = {a.id: _date(a.published) for a in analysis.articles}
    quote_by_id = {q.id: q for q in analysis.quotes}
    claim_by_id = {c.id: c for c in analysis.claims}
    # A claim stating two things is in two groups: the first is its `claim_group`.
    groups_of_claim = {claim: [g.id for g in held] for claim, held in analysis.groups_of_claims().items()}
    group_of_claim = {claim: ids[0] for claim, ids in groups_of_claim.items()}
    entity_names = {e.id: e.name for e in analysis.entities}
    group_of_quote = {quote: group.id for group in analysis.quote_groups for quote in group.quotes}
    entities = [
        {
            "story": story,
            "id": e.id,
            "name": e.name,
            "kind": e.kind,
            "n_mentions": len(e.mentions),
            "n_articles": len({m.article for m in e.mentions}),
            "aliases": to_json(e.aliases),
            "roles": to_json(e.roles),
            "mentions": to_json(e.mentions),
            "ref": row_ref(story, e.id),
        }
        for e in analysis.entities
    ]
    quotes = [
        {
            "story": story,
            "id": q.id,
            "article": q.article,
            "outlet": outlet_of.get(q.article),
            "published_date": date_of.get(q.article),
            "kind": q.kind,
            "speaker_name": speaker[0],
            "speaker_entity": speaker[1],
            "speaker_description": speaker[2],
            "speaker_represents": q.speaker.represents,
            "speaker_inferred": int(q.speaker.inferred),
            "speaker_mention": to_json(q.speaker.mention) if q.speaker.mention else None,
            "text": q.text,
            "start": q.start,
            "end": q.end,
            "zone": q.zone,
            "cue": q.cue.text if q.cue else None,
            "cue_span": to_json(q.cue) if q.cue else None,
            "channel": q.channel,
            "rule": q.rule,
            "confidence": q.confidence,
            "speaker_ref": row_ref(story, speaker[1]) if speaker[1] in entity_names else None,
            "quote_group_ref": row_ref(story, group_of_quote.get(q.id)),
            "article_key": None,  # the store fills it in: it knows the article rows
        }
        for q in analysis.quotes
        for speaker in [speaker_columns(q, entity_names)]
    ]
    quote_groups = [
        {
            "story": story,
            "id": g.id,
            "difference": g.difference,
            "attribution_drift": int(g.attribution_drift),
            "n_quotes": len(g.quotes),
            "n_outlets": len(_outlets_of(g.quotes, quote_by_id, outlet_of)),
            "independent_origins": g.independent_origins,
            "sample_text": _member_text(g.members[0].quote, g.members[0].start, g.members[0].end, quote_by_id, articles)
            if g.members
            else None,
            "outlets": to_json(_outlets_of(g.quotes, quote_by_id, outlet_of)),
            "quotes": to_json(g.quotes),
            "members": to_json(g.members),
            "pairs": to_json(g.pairs),
            "speakers": to_json(g.speakers),
            "origins": to_json(g.origins),
            "ref": row_ref(story, g.id),
        }
        for g in analysis.quote_groups
    ]
    claims = [
        {
            "story": story,
            "id": c.id,
            "article": c.article,
            "outlet": outlet_of.get(c.article),
            "published_date": date_of.get(c.article),
            "claim_group": group_of_claim.get(c.id),
            "text": c.text,
            "start": c.start,
            "end": c.end,
            "by": c.by,
            "hedges": to_json(c.hedges),
            "quantities": to_json(c.quantities),
            "dates": to_json(c.dates),
            "rule": c.rule,
            "confidence": c.confidence,
            "claim_group_ref": row_ref(story, group_of_claim.get(c.id)),
            "other_claim_groups": to_json(groups_of_claim.get(c.id, [])[1:]),
            "by_ref": row_ref(story, c.by) if c.by in entity_names else None,
            "article_key": None,
        }
        for c in analysis.claims
    ]
    claim_groups = [
        {
            "story": story,
            "id": g.id,
            "status": g.status,
            "n_claims": len(g.claims),
            "n_outlets": len(g.outlets),
            "independent_sources": g.independent_sources,
            "sample_text": claim_by_id[g.claims[0]].text if g.claims and g.claims[0] in claim_by_id else None,
            "outlets": to_json(g.outlets),
            "sources": to_json(g.sources),
            "claims": to_json(g.claims),
            "conflicts": to_json(list(g.conflicts)),
            "disputed_by": to_json(g.disputed_by),
            "evidence": to_json(list(g.evidence)),
            "ref": row_ref(story, g.id),
        }
        for g in analysis.claim_groups
    ]
    citations = [
        {
            "story": story,
            "article": c.article,
            "cites": c.cites,
            "start": c.start,
            "end": c.end,
            "outlet": outlet_of.get(c.article),
            "text": c.text,
            "self": int(c.is_self),
            "rule": c.rule,
            "confidence": c.confidence,
            "article_key": None,
        }
        for c in analysis.citations
    ]
    copies = [
        {
            "story": story,
            "article": c.article,
            "source": c.source,
            "start": c.start,
            "end": c.end,
            "source_start": c.source_start,
            "source_end": c.source_end,
            "containment": c.containment,
            "direction_known": int(c.direction_known),
            "rule": c.rule,
        }
        for c in analysis.copies
    ]
    graph = [{"story": story, "source": e.source, "cites": e.cites, "count": e.count} for e in analysis.citation_graph]
    warnings = [
        {"story": story, "n": n, "source": w.source, "code": w.code, "message": w.message}
        for n, w in enumerate(analysis.warnings, start=1)
    ]
    return {
        "entities": entities,
        "quotes": quotes,
        "quote_groups": quote_groups,
        "claims": claims,
        "claim_groups": claim_groups,
        "citations": citations,
        "copies": copies,
        "citation_graph": graph,
        "warnings": warnings,
        "documents": [{"story": story, "analysis": document_bytes(analysis)}],
    }


def document_bytes(analysis: Analysis) -> bytes:
    """The analysis document as the `documents` table keeps it: compact JSON, zlib-compressed."""
    return zlib.compress(analysis.to_json(indent=None).encode("utf-8"), 6)


def document_from_bytes(data: bytes) -> Analysis:
    return Analysis.model_validate_json(zlib.decompress(data))


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'”’)]*\s+(?=[\"'“‘(]?[A-Z0-9])")
# Words a stop follows without ending the sentence: initials ("L.A.", "U.S."), titles, months.
_ABBREVIATION = re.compile(
    r"(?:^|\s)(?:(?:[A-Za-z]\.){1,4}|(?i:mr|mrs|ms|dr|gov|sen|rep|st|mt|ft|lt|gen|capt|sgt|col|prof|jr|sr|inc|co|corp|"
    r"no|vs|jan|feb|mar|apr|aug|sept?|oct|nov|dec)\.)$"
)
_LINK_LINE = re.compile(r"^(?:https?\s*:|www\s*\.)", re.I)
_MIN_LEAD_WORDS = 4  # shorter lines above the lead are datelines and stamps ("May 2, 2013")
_TITLE_CHARS = 120


def story_title(analysis: Analysis) -> str | None:
    """What a story is called everywhere (home page, stories table, Datasette's label): the
    headline of its earliest dated article that has one, else the lead sentence of its
    earliest article (cut at a word near 120 characters), else None."""
    # The order the report's header reads them in, so the report and the app agree.
    dated = sorted((a for a in analysis.articles if a.published), key=lambda a: a.published or "")
    ordered = list(dict.fromkeys([*dated, *analysis.articles]))
    for article in ordered:
        if article.title and article.title.strip():
            return " ".join(article.title.split())
    for article in ordered:
        if (lead := lead_sentence(article)) is not None:
            return lead
    return None


def lead_sentence(article: Article) -> str | None:
    """The first sentence of the article's body (its first body or standfirst zone, else its
    text), from its first line of some words that is not a link."""
    spans = [(z.start, z.end) for z in article.zones if z.kind in ("body", "standfirst")]
    body = article.text[spans[0][0] : spans[0][1]] if spans else article.text
    lines = [" ".join(line.split()) for line in body.splitlines()]
    text = next((line for line in lines if len(line.split()) >= _MIN_LEAD_WORDS and not _LINK_LINE.match(line)), "")
    if not text:
        return None
    sentence = text
    for boundary in _SENTENCE_END.finditer(text):
        if not _ABBREVIATION.search(text[: boundary.start()]):
            sentence = text[: boundary.start()]
            break
    if len(sentence) > _TITLE_CHARS:
        cut = sentence[:_TITLE_CHARS].rsplit(" ", 1)[0]
        sentence = cut.rstrip(",;:—–-") + "…"
    return sentence


def story_row(story: str, analysis: Analysis, fingerprint: str, analysed_at: str) -> Row:
    articles = sorted(analysis.articles, key=lambda a: (a.published or "", a.id))
    dates = sorted(a.published for a in articles if a.published)
    return {
        "id": story,
        "title": story_title(analysis),
        "n_articles": len(articles),
        "n_outlets": len({a.outlet for a in articles if a.outlet}),
        "outlets": to_json(sorted({a.outlet for a in articles if a.outlet})),
        "articles": to_json(sorted(a.id for a in articles)),
        "first_published": dates[0] if dates else None,
        "last_published": dates[-1] if dates else None,
        "n_quotes": len(analysis.quotes),
        "n_quote_groups": len(analysis.quote_groups),
        "n_claims": len(analysis.claims),
        "n_claim_groups": len(analysis.claim_groups),
        "n_entities": len(analysis.entities),
        "attribution_drift": sum(1 for g in analysis.quote_groups if g.attribution_drift),
        "conflicting_claims": sum(1 for g in analysis.claim_groups if g.status == "conflicting"),
        "fingerprint": fingerprint,
        "tool_version": analysis.provenance.tool_version,
        "model": analysis.provenance.model,
        "model_version": analysis.provenance.model_version,
        "analysed_at": analysed_at,
    }


def _outlets_of(quote_ids: Sequence[str], quote_by_id: dict[str, Any], outlet_of: dict[str, str | None]) -> list[str]:
    return sorted({o for q in quote_ids if q in quote_by_id and (o := outlet_of.get(quote_by_id[q].article))})


def _member_text(quote_id: str, start: int, end: int, quote_by_id: dict[str, Any], articles: dict[str, Article]) -> str | None:
    quote = quote_by_id.get(quote_id)
    if quote is None:
        return None
    article = articles.get(quote.article)
    return article.text[start:end] if article is not None else None
