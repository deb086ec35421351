"""The library entry point: inputs in, one `Analysis` out (ingest → parse → extract)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO

from spacy.tokens import Doc

from corroborate import __version__
from corroborate.align.claims import group_claims
from corroborate.align.quote_groups import group_quotes
from corroborate.assess.citations import citation_graph, story_citations
from corroborate.assess.copies import find_copies
from corroborate.assess.origins import quote_origins, with_origins
from corroborate.errors import InputError
from corroborate.ingest import LoadResult, OutletRegistry, load_articles
from corroborate.model import (
    Analysis,
    Article,
    Citation,
    CitationEdge,
    Claim,
    ClaimGroup,
    Copy,
    Entity,
    Notice,
    Provenance,
    Quote,
    QuoteGroup,
    Role,
)
from corroborate.nlp.claims import extract_claims, with_speakers
from corroborate.nlp.entities import extract_mentions, resolve_entities
from corroborate.nlp.pipeline import load_pipeline, model_id, parse_articles
from corroborate.nlp.quotes import extract_quotes
from corroborate.settings import DEFAULT_MAX_QUOTES_PER_ARTICLE, Settings


@dataclass
class AnalysisRun:
    """What one run produced: the analysis, plus what could not be read and what was skipped."""

    analysis: Analysis
    errors: list[InputError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # With `split`: (story id, analysis) for each story the clusterer found, largest first.
    stories: list[tuple[str, Analysis]] = field(default_factory=list)


def analyze_paths(
    specs: Iterable[str],
    settings: Settings | None = None,
    *,
    stdin: BinaryIO | None = None,
    on_parsed: Callable[[Article], None] | None = None,
    on_loaded: Callable[[int], None] | None = None,
    across: bool = True,
    split: bool = False,
) -> AnalysisRun:
    """Analyse the articles named by `specs` (files, directories, globs, `-`, URLs) as one story.

    `across=False` stops after the per-article quotes and entities (no quote groups,
    claims or claim groups): what `corroborate quotes` needs, at the cost of a parse.
    `split=True` groups the articles into stories first (`corroborate cluster`) and
    analyses each story on its own (`AnalysisRun.stories`; `analysis` is the first)."""
    settings = settings or Settings()
    registry = OutletRegistry.load(settings.outlet_files)
    loaded = load_articles(specs, settings, registry, stdin=stdin)
    if on_loaded is not None:
        on_loaded(len(loaded.articles))
    if not split or not loaded.articles:
        analysis = analyze_articles(loaded.articles, settings, registry, loaded=loaded, on_parsed=on_parsed, across=across)
        return AnalysisRun(analysis, loaded.errors, loaded.notes)
    from corroborate.scale.cluster import cluster_articles, story_groups

    mapping = cluster_articles(loaded.articles)
    by_id = {a.id: a for a in loaded.articles}
    stories = []
    for members in story_groups(mapping):
        articles = [by_id[i] for i in members]
        sources = {a.source for a in articles} | set(members)
        part = LoadResult(
            articles=articles,
            inputs=[i for i in loaded.inputs if i.source in sources],
            warnings=[w for w in loaded.warnings if w.source in sources],
        )
        analysis = analyze_articles(articles, settings, registry, loaded=part, on_parsed=on_parsed, across=across)
        stories.append((mapping[members[0]], analysis))
    return AnalysisRun(stories[0][1], loaded.errors, loaded.notes, stories)


def analyze_articles(
    articles: Sequence[Article],
    settings: Settings | None = None,
    registry: OutletRegistry | None = None,
    *,
    loaded: LoadResult | None = None,
    on_parsed: Callable[[Article], None] | None = None,
    across: bool = True,
) -> Analysis:
    """Analyse already-read articles as one story. Each article is parsed exactly once."""
    settings = settings or Settings()
    registry = registry or OutletRegistry.load(settings.outlet_files)
    warnings: list[Notice] = list(loaded.warnings) if loaded else []
    model_name = model_version = None
    quotes: list[Quote] = []
    quote_groups: list[QuoteGroup] = []
    claims: list[Claim] = []
    claim_groups: list[ClaimGroup] = []
    citations: list[Citation] = []
    copies: list[Copy] = []
    graph: list[CitationEdge] = []
    roles: list[tuple[str, str, str]] = []  # (article, canonical name, role text)
    entities: list[Entity] = []
    if articles:
        nlp = load_pipeline(settings.model_names)
        model_name, model_version = model_id(nlp)
        docs = parse_articles(nlp, articles, batch_size=settings.batch_size, processes=settings.processes, on_parsed=on_parsed)
        mentions = [m for article, doc in zip(articles, docs, strict=True) for m in extract_mentions(doc, article.id)]
        entities, _ = resolve_entities(mentions)
        for article, doc in zip(articles, docs, strict=True):
            parts = article_parts(doc, article, registry, max_quotes=settings.max_quotes_per_article, claims=across)
            quotes.extend(parts.quotes)
            warnings.extend(parts.warnings)
            roles.extend((article.id, name, role) for name, texts in parts.roles.items() for role in texts)
            claims.extend(parts.claims)
        entities = with_roles(entities, roles)
        quotes = link_speakers(quotes, entities)
        if across and len(articles) >= 2:
            warnings.extend(_several_stories(articles))
        if across:
            stage = story_stage(articles, claims, entities, quotes, registry, semantic=settings.claim_embeddings)
            articles, quote_groups, claims, claim_groups = stage.articles, stage.quote_groups, stage.claims, stage.claim_groups
            citations, copies, graph = stage.citations, stage.copies, stage.citation_graph
            warnings.extend(stage.warnings)
    provenance = Provenance(
        tool_version=__version__,
        model=model_name,
        model_version=model_version,
        settings=settings.as_dict(),
        inputs=tuple(loaded.inputs) if loaded else (),
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
        warnings=tuple(warnings),
        copies=tuple(copies),
        citation_graph=tuple(graph),
    )


@dataclass
class StoryStage:
    """What the per-story stages add to a story's parsed articles."""

    articles: list[Article]  # with outlets inferred from self-references
    quote_groups: list[QuoteGroup]
    claims: list[Claim]
    claim_groups: list[ClaimGroup]
    citations: list[Citation]
    copies: list[Copy]
    citation_graph: list[CitationEdge]
    warnings: list[Notice]


def story_stage(
    articles: Sequence[Article],
    claims: Sequence[Claim],
    entities: list[Entity],
    quotes: list[Quote],
    registry: OutletRegistry,
    *,
    semantic: bool = True,
) -> StoryStage:
    """The per-story stages on a story's extracted articles (`quotes` with their speakers
    linked; `claims` as `extract_claims` gives them, article by article): citations and
    self-references, copied passages, quote groups with their origins, claims with
    their speakers and claim groups (`semantic`: with sentence embeddings,
    `Settings.claim_embeddings`). `analyze_articles` and the batch store both call it."""
    articles, citations, short_names, notices = story_citations(articles, registry)
    copies = find_copies(articles)
    quote_groups = group_quotes(quotes)
    claims = with_speakers(claims, quotes)
    claim_groups = group_claims(claims, articles, entities, quotes, quote_groups, semantic=semantic, copies=copies)
    quote_groups = with_origins(quote_groups, quote_origins(quotes, articles, registry, short_names, copies))
    return StoryStage(
        articles, quote_groups, claims, claim_groups, citations, copies, citation_graph(citations, articles), notices
    )


def _several_stories(articles: Sequence[Article]) -> list[Notice]:
    """A warning when the inputs look like several stories: they are analysed as one."""
    from corroborate.scale.cluster import story_groups_warning

    groups = story_groups_warning(articles)
    if not groups:
        return []
    named = "; ".join("[" + ", ".join(group[:5]) + (", …" if len(group) > 5 else "") + "]" for group in groups[:5])
    return [
        Notice(
            source="inputs",
            code="several_stories",
            message=f"the inputs look like {len(groups)} stories: {named}; they are analysed as one (--split analyses each on its own)",
        )
    ]


@dataclass
class ArticleParts:
    """What the per-article stage finds in one parsed article."""

    quotes: list[Quote] = field(default_factory=list)
    warnings: list[Notice] = field(default_factory=list)
    roles: dict[str, list[str]] = field(default_factory=dict)  # canonical name -> role texts
    claims: list[Claim] = field(default_factory=list)  # speakers not linked yet: `story_stage` does it


def article_parts(
    doc: Doc,
    article: Article,
    registry: OutletRegistry | None,
    *,
    max_quotes: int = DEFAULT_MAX_QUOTES_PER_ARTICLE,
    claims: bool = True,
) -> ArticleParts:
    """The per-article stage on a parsed article, for `analyze_articles` and the batch
    store alike: quotes with their speakers and roles, then (unless `claims` is False)
    its claims. A failing extractor leaves an `extraction_failed` warning and the rest:
    one article's bug never loses the article, nor its claims."""
    parts = ArticleParts()
    try:
        found = extract_quotes(doc, article, registry, max_quotes=max_quotes)
    except Exception as exc:
        parts.warnings.append(_extraction_failed(article, "quote", exc))
    else:
        parts.quotes, parts.warnings, parts.roles = list(found.quotes), list(found.warnings), found.roles
    if claims:
        try:
            parts.claims = extract_claims(doc, article, parts.quotes)
        except Exception as exc:
            parts.warnings.append(_extraction_failed(article, "claim", exc))
    return parts


def _extraction_failed(article: Article, what: str, exc: Exception) -> Notice:
    return Notice(
        source=article.id,
        code="extraction_failed",
        message=f"{what} extraction failed ({type(exc).__name__}: {exc}); the article is kept without {what}s",
    )


def _name_index(entities: list[Entity]) -> dict[str, int]:
    """Case-folded name or alias -> position of the first entity that has it."""
    index: dict[str, int] = {}
    for position, entity in enumerate(entities):
        for name in (entity.name, *entity.aliases):
            index.setdefault(name.casefold(), position)
    return index


def with_roles(entities: list[Entity], roles: list[tuple[str, str, str]]) -> list[Entity]:
    """Attach each article's roles ("Aurora Mayor", "a spokeswoman for the governor") to the person, per outlet."""
    by_name = _name_index(entities)
    found: dict[int, dict[tuple[str, str], None]] = {}
    for article, name, role in roles:
        index = by_name.get(name.casefold())
        text = " ".join(role.split()).strip(" ,")
        if index is not None and text and text.casefold() != name.casefold():
            found.setdefault(index, {})[(article, text)] = None
    return [
        entity.model_copy(update={"roles": tuple(Role(article=a, text=t) for a, t in found[i])}) if i in found else entity
        for i, entity in enumerate(entities)
    ]


def link_speakers(quotes: list[Quote], entities: list[Entity]) -> list[Quote]:
    """Fill `speaker.entity` (and `represents`) with entity ids by canonical name."""
    by_name = {name: entities[index].id for name, index in _name_index(entities).items()}
    linked: list[Quote] = []
    for quote in quotes:
        speaker = quote.speaker
        update: dict[str, object] = {}
        if speaker.name and speaker.name.casefold() in by_name:
            update["entity"] = by_name[speaker.name.casefold()]
        if speaker.represents:
            # `represents` holds an entity id; a name we cannot resolve is dropped.
            update["represents"] = by_name.get(speaker.represents.casefold())
        if update:
            quote = quote.model_copy(update={"speaker": speaker.model_copy(update=update)})
        linked.append(quote)
    return linked
