"""The two units of work every entry point runs: one article -> its extraction, one
story -> its `Analysis`.

- `extract_articles`: the per-article unit (parse, entity mentions, quotes with their
  speakers and roles, claims): a pure function of each article, run in parallel at
  scale and cached by the store (`ArticleExtraction`; the parsed Doc is not kept).
- `analyze_story`: the per-story unit on a story's extractions, in the layers' order:
  align (one identity per person or organisation, roles, speaker links, quote groups,
  claim groups) then assess (citations and self-references, copied passages, claim
  sources and status, quote origins, the citation graph).
- `analyze_articles`: both, on articles already read.

`corroborate analyze`, `ingest` (local and Dask workers), `serve`'s jobs and
`cluster --split` all call these; none re-implements a stage.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from spacy.language import Language
from spacy.tokens import Doc

from corroborate._version import __version__
from corroborate.align.claims import group_claims
from corroborate.align.identities import link_claim_speakers, link_speakers, resolve_entities, with_roles
from corroborate.align.quote_groups import group_quotes
from corroborate.assess.citations import citation_graph, story_citations
from corroborate.assess.claim_status import assess_claims
from corroborate.assess.copies import find_copies
from corroborate.assess.drift import assess_drift
from corroborate.assess.origins import quote_origins, with_origins
from corroborate.ingest import LoadResult, OutletRegistry
from corroborate.model import (
    Analysis,
    Article,
    Citation,
    CitationEdge,
    Claim,
    ClaimGroup,
    Copy,
    InputRef,
    Notice,
    Provenance,
    Quote,
    QuoteGroup,
    article_key,
)
from corroborate.nlp.claims import extract_claims
from corroborate.nlp.entities import EntityMention, extract_mentions, untagged_people
from corroborate.nlp.light import LIGHT_KEY, light_notice, light_quotes, light_regions, masked
from corroborate.nlp.participants import link_claim_participants
from corroborate.nlp.pipeline import load_pipeline, model_id, parse_articles
from corroborate.nlp.quotes import extract_quotes
from corroborate.settings import DEFAULT_MAX_QUOTES_PER_ARTICLE, Settings

# Warnings about a story's articles as a whole (`corroborate.analysis` passes the
# clusterer's check that they are one story; the clusterer sits in a higher layer).
StoryCheck = Callable[[Sequence[Article]], list[Notice]]


@dataclass
class ArticleExtraction:
    """What the per-article unit found in one article: everything the per-story unit
    reads, so a cached extraction stands in for the parse."""

    key: str  # `article_key`
    article: Article
    extractor: str  # what extracted it (the store's fingerprint of tool, model and registries)
    mentions: list[EntityMention] = field(default_factory=list)
    quotes: list[Quote] = field(default_factory=list)
    roles: dict[str, list[str]] = field(default_factory=dict)  # canonical name -> role texts
    warnings: list[Notice] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)  # `by` not linked yet: the story stage does it


def extract_articles(
    nlp: Language,
    registry: OutletRegistry,
    articles: Sequence[Article],
    extractor: str = "",
    *,
    max_quotes: int = DEFAULT_MAX_QUOTES_PER_ARTICLE,
    claims: bool = True,
    batch_size: int = 16,
    processes: int = 1,
    on_parsed: Callable[[Article], None] | None = None,
) -> list[ArticleExtraction]:
    """The per-article unit for `articles`, parsed together (`nlp.pipe` batches are
    faster than one article at a time); `claims=False` stops after the quotes."""
    docs = parse_articles(nlp, list(articles), batch_size=batch_size, processes=processes, on_parsed=on_parsed)
    return [
        extract_parsed(doc, article, registry, extractor, max_quotes=max_quotes, claims=claims)
        for article, doc in zip(articles, docs, strict=True)
    ]


def extract_article(nlp: Language, registry: OutletRegistry, article: Article, extractor: str = "") -> ArticleExtraction:
    """The per-article unit for one article."""
    return extract_articles(nlp, registry, [article], extractor)[0]


def extract_parsed(
    doc: Doc,
    article: Article,
    registry: OutletRegistry | None,
    extractor: str = "",
    *,
    max_quotes: int = DEFAULT_MAX_QUOTES_PER_ARTICLE,
    claims: bool = True,
) -> ArticleExtraction:
    """The per-article unit on a parsed article: mentions, quotes with their speakers
    and roles, then (unless `claims` is False) its claims. A failing extractor leaves an
    `extraction_failed` warning and the rest: one article's bug never loses the
    article, nor its claims.

    An article with light stretches (`nlp.light`) has them blank in its Doc: the
    extractors read the rest, and the light stretches give direct quotations by their
    marks alone (within the same `max_quotes`), with a `light_analysis` warning."""
    extraction = ArticleExtraction(key=article_key(article), article=article, extractor=extractor)
    regions: list[tuple[int, int]] = doc.user_data.get(LIGHT_KEY) or []
    parsed = article.model_copy(update={"text": masked(article.text, regions)}) if regions else article
    extraction.mentions = list(extract_mentions(doc, article.id))
    try:
        found = extract_quotes(doc, parsed, registry, max_quotes=max_quotes)
    except Exception as exc:
        extraction.warnings.append(_extraction_failed(article, "quote", exc))
    else:
        # Nothing said in a boilerplate zone (the site addressing its reader) is a quotation.
        quotes = [quote for quote in found.quotes if quote.zone != "boilerplate"]
        extraction.quotes, extraction.warnings, extraction.roles = quotes, list(found.warnings), found.roles
        extraction.mentions = sorted(
            [*extraction.mentions, *untagged_people(extraction.mentions, found.people, article.id)], key=lambda m: m.start
        )
    if regions:
        _add_light_quotes(extraction, regions, max_quotes)
    if claims:
        try:
            extraction.claims = extract_claims(
                doc, parsed, [q for q in extraction.quotes if not q.rule.startswith("direct.light")]
            )
        except Exception as exc:
            extraction.warnings.append(_extraction_failed(article, "claim", exc))
    return extraction


def _add_light_quotes(extraction: ArticleExtraction, regions: list[tuple[int, int]], max_quotes: int) -> None:
    """The light stretches' quotations after the parsed text's, within the quote cap."""
    article = extraction.article
    numbers = [int(q.id.rsplit(":q", 1)[1]) for q in extraction.quotes if q.id.rsplit(":q", 1)[-1].isdigit()]
    room = max(0, max_quotes - len(extraction.quotes))
    light, found = light_quotes(article, regions, max(numbers, default=0) + 1, room)
    extraction.warnings.append(light_notice(article, regions))
    if found > room and not any(w.code == "too_many_quotes" for w in extraction.warnings):
        extraction.warnings.append(
            Notice(
                source=article.id,
                code="too_many_quotes",
                message=f"{len(extraction.quotes) + found} quotations found; only the first {max_quotes} are analysed "
                "(the max_quotes_per_article cap)",
            )
        )
    kept = [q for q in light if q.zone != "boilerplate"]
    extraction.quotes = sorted(extraction.quotes + kept, key=lambda q: q.start)


def _extraction_failed(article: Article, what: str, exc: Exception) -> Notice:
    return Notice(
        source=article.id,
        code="extraction_failed",
        message=f"{what} extraction failed ({type(exc).__name__}: {exc}); the article is kept without {what}s",
    )


def analyze_story(
    extractions: Sequence[ArticleExtraction],
    registry: OutletRegistry,
    settings: Settings,
    *,
    model: tuple[str | None, str | None] = (None, None),
    inputs: Sequence[InputRef] = (),
    warnings: Sequence[Notice] = (),
    across: bool = True,
    story_check: StoryCheck | None = None,
) -> Analysis:
    """The per-story unit on a story's extractions, taken in the order of their article
    ids whatever order they come in: the grouping steps break ties by position, and
    one story's findings must not change with the order its files were named on the
    command line. `warnings` come first in the analysis's warnings (what reading the
    inputs noted); `across=False` stops after the speakers (no groups, citations or
    claims: `corroborate quotes`); `story_check` warns when two or more articles look
    like several stories."""
    extractions = sorted(extractions, key=lambda e: e.article.id)
    articles = [e.article for e in extractions]
    notices: list[Notice] = [*warnings, *(w for e in extractions for w in e.warnings)]
    # align: one identity per person or organisation, and the links to it
    entities, _ = resolve_entities(m for e in extractions for m in e.mentions)
    entities = with_roles(
        entities, ((e.article.id, name, role) for e in extractions for name, texts in e.roles.items() for role in texts)
    )
    quotes = link_speakers([q for e in extractions for q in e.quotes], entities)
    claims = link_claim_participants([c for e in extractions for c in e.claims], entities)
    quote_groups: list[QuoteGroup] = []
    claim_groups: list[ClaimGroup] = []
    citations: list[Citation] = []
    copies: list[Copy] = []
    edges: list[CitationEdge] = []
    if across:
        if story_check is not None and len(articles) >= 2:
            notices.extend(story_check(articles))
        claims = link_claim_speakers(claims, quotes)
        quote_groups = group_quotes(quotes)
        clusters = group_claims(
            claims, quotes, quote_groups, semantic=settings.claim_embeddings, articles=articles, entities=entities
        )
        # assess: who cites whom, what was copied, what each claim group rests on, where quotes came from
        # (the scans of the text read light stretches, `nlp.light`, as blank: no citation or copy comes from them)
        scanned = [_without_light(e) for e in extractions]
        updated, citations, short_names, found = story_citations(scanned, registry)
        articles = [  # an outlet the citations gave an article, on its full text
            a if u is s else a.model_copy(update={"outlet": u.outlet, "outlet_from": u.outlet_from})
            for a, s, u in zip(articles, scanned, updated, strict=True)
        ]
        notices.extend(found)
        copies = find_copies(scanned)
        utterances = {quote: group.id for group in reversed(quote_groups) for quote in group.quotes}  # (a quote's first group)
        claim_groups = assess_claims(clusters, claims, articles, entities, copies, utterances, citations)
        quote_groups = with_origins(quote_groups, quote_origins(quotes, updated, registry, short_names, copies))
        quote_groups = assess_drift(quote_groups, quotes, entities, articles, (c.cites for c in citations))
        edges = citation_graph(citations, articles)
    provenance = Provenance(
        tool_version=__version__,
        model=model[0],
        model_version=model[1],
        settings=settings.as_dict(),
        inputs=tuple(inputs),
        created=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    )
    return Analysis(
        provenance=provenance,
        articles=tuple(articles),
        entities=tuple(entities),
        quotes=tuple(quotes),
        quote_groups=tuple(quote_groups),
        claims=tuple(claims),
        claim_groups=tuple(claim_groups),
        citations=tuple(citations),
        warnings=tuple(notices),
        copies=tuple(copies),
        citation_graph=tuple(edges),
    )


def _without_light(extraction: ArticleExtraction) -> Article:
    """The article with its light stretches (`nlp.light`) blank; the same object when it has
    none (only an article whose extraction warned `light_analysis` is scanned for them)."""
    article = extraction.article
    if not any(w.code == "light_analysis" for w in extraction.warnings):
        return article
    regions = light_regions(article.text)
    return article.model_copy(update={"text": masked(article.text, regions)}) if regions else article


def analyze_articles(
    articles: Sequence[Article],
    settings: Settings | None = None,
    registry: OutletRegistry | None = None,
    *,
    loaded: LoadResult | None = None,
    on_parsed: Callable[[Article], None] | None = None,
    across: bool = True,
    story_check: StoryCheck | None = None,
) -> Analysis:
    """Analyse already-read articles as one story: each is parsed exactly once.
    `loaded` (what read them) gives the provenance's inputs and the first warnings."""
    settings = settings or Settings()
    registry = registry or OutletRegistry.load(settings.outlet_files)
    model: tuple[str | None, str | None] = (None, None)
    extractions: list[ArticleExtraction] = []
    if articles:
        nlp = load_pipeline(settings.model_names)
        model = model_id(nlp)
        extractions = extract_articles(
            nlp,
            registry,
            articles,
            max_quotes=settings.max_quotes_per_article,
            claims=across,
            batch_size=settings.batch_size,
            processes=settings.processes,
            on_parsed=on_parsed,
        )
    return analyze_story(
        extractions,
        registry,
        settings,
        model=model,
        inputs=loaded.inputs if loaded else (),
        warnings=loaded.warnings if loaded else (),
        across=across and bool(articles),
        story_check=story_check,
    )
