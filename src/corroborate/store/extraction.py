"""The two units of work of a batch run, as pure functions the runner ships to workers.

- `extract_article`: the per-article stage (parse, entity mentions, quotes and
  speakers inside the article, claims). Its result, `ArticleExtraction`, is
  cached in the store. The parsed document is not: everything the per-story stage
  reads from it is in the extraction (the claims are extracted here, in the
  parallel stage, and get their speakers' entities in the story).
- `analyze_story`: the per-story stage, from the cached extractions: entity
  resolution across the story's articles, roles, speaker links, then
  `corroborate.analysis.story_stage` (citations, copies, quote groups and their
  origins, claims and claim groups), as `analyze_articles` does; a test checks the
  two give the same analysis on the example story.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import importlib.metadata
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc

from corroborate import __version__
from corroborate.analysis import article_parts, link_speakers, story_stage, with_roles
from corroborate.ingest import OutletRegistry
from corroborate.model import Analysis, Article, Claim, Notice, Provenance, Quote
from corroborate.nlp.entities import EntityMention, extract_mentions, resolve_entities
from corroborate.nlp.pipeline import model_id, parse_articles
from corroborate.settings import Settings

# Bump when the per-story stage changes in a way a cached story must not survive.
STORY_STAGE_VERSION = "3"  # 3: figure words are no shared words of a claim; a claim carries only its part of a quote
# Bump when what a cached extraction holds changes (2: claims cached, the Doc not; 3:
# claims read more quantities, dates and hedges).
EXTRACTION_VERSION = "3"


def article_key(article: Article) -> str:
    """The article's identity in the store: SHA-256 of its outlet and text."""
    digest = hashlib.sha256()
    digest.update((article.outlet or "").encode("utf-8"))
    digest.update(b"\x00")
    digest.update(article.text.encode("utf-8"))
    return digest.hexdigest()


def extractor_fingerprint(settings: Settings) -> str:
    """Tool version, extra outlet registries (their content) and installed model version:
    a cached extraction, or a stored story, is reused only when all match."""
    registries = hashlib.sha256()
    for path in settings.outlet_files:
        try:
            registries.update(path.read_bytes())
        except OSError:
            registries.update(str(path).encode("utf-8"))
    model = "none"
    for name in settings.model_names:
        try:
            model = f"{name}=={importlib.metadata.version(name.replace('_', '-'))}"
            break
        except importlib.metadata.PackageNotFoundError:
            continue
    outlets = f";outlets={registries.hexdigest()[:12]}" if settings.outlet_files else ""
    return f"corroborate=={__version__};extraction={EXTRACTION_VERSION}{outlets};{model}"


def story_fingerprint(member_keys: Sequence[str], extractor: str, settings: Settings | None = None) -> str:
    """Changes when a story's members (their content), the tool, or a setting of the
    per-story stage (grouping claims by words only) change."""
    mode = [] if settings is None or settings.claim_embeddings else ["claims=words"]
    payload = "\n".join([extractor, STORY_STAGE_VERSION, *mode, *sorted(member_keys)])
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass
class ArticleExtraction:
    """What the per-article stage produced for one article."""

    key: str
    article: Article
    extractor: str
    mentions: list[EntityMention] = field(default_factory=list)
    quotes: list[Quote] = field(default_factory=list)
    roles: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[Notice] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)  # speakers not linked yet (`by` comes in the story)

    def data_json(self) -> str:
        """Everything but the article, as JSON (the cache's `data` column)."""
        return json.dumps(
            {
                "mentions": [dataclasses.asdict(m) for m in self.mentions],
                "quotes": [q.model_dump(mode="json", by_alias=True) for q in self.quotes],
                "roles": self.roles,
                "warnings": [w.model_dump(mode="json") for w in self.warnings],
                "claims": [c.model_dump(mode="json") for c in self.claims],
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_cache(cls, key: str, article: Article, extractor: str, data: str) -> ArticleExtraction:
        loaded: dict[str, Any] = json.loads(data)
        return cls(
            key=key,
            article=article,
            extractor=extractor,
            mentions=[EntityMention(**m) for m in loaded["mentions"]],
            quotes=[Quote.model_validate(q) for q in loaded["quotes"]],
            roles={name: list(texts) for name, texts in loaded["roles"].items()},
            warnings=[Notice.model_validate(w) for w in loaded["warnings"]],
            claims=[Claim.model_validate(c) for c in loaded.get("claims", [])],
        )


def extract_article(nlp: Language, registry: OutletRegistry, article: Article, extractor: str) -> ArticleExtraction:
    """The per-article stage for one article; a failing quote extractor leaves a warning, not an error."""
    return extract_articles(nlp, registry, [article], extractor)[0]


def extract_articles(
    nlp: Language, registry: OutletRegistry, articles: Sequence[Article], extractor: str
) -> list[ArticleExtraction]:
    """The per-article stage for a batch of articles, parsed together (`nlp.pipe`
    batches are faster than one article at a time)."""
    docs = parse_articles(nlp, list(articles))
    return [_extraction(registry, article, doc, extractor) for article, doc in zip(articles, docs, strict=True)]


def _extraction(registry: OutletRegistry, article: Article, doc: Doc, extractor: str) -> ArticleExtraction:
    parts = article_parts(doc, article, registry)  # the per-article stage `analyze_articles` runs
    return ArticleExtraction(
        key=article_key(article),
        article=article,
        extractor=extractor,
        mentions=list(extract_mentions(doc, article.id)),
        quotes=parts.quotes,
        roles=parts.roles,
        warnings=parts.warnings,
        claims=parts.claims,
    )


def analyze_story(
    nlp: Language, registry: OutletRegistry, extractions: Sequence[ArticleExtraction], settings: Settings
) -> Analysis:
    """The per-story stage on cached extractions: what `analyze_articles` gives on the
    same articles (in the same order), without parsing them again.

    Mirrors `analyze_articles` after its parse and per-article loop; both call
    `story_stage`, and `tests/store/test_extraction.py` fails when they part ways."""
    articles = [e.article for e in extractions]
    mentions = [m for e in extractions for m in e.mentions]
    entities, _ = resolve_entities(mentions)
    quotes: list[Quote] = [q for e in extractions for q in e.quotes]
    warnings: list[Notice] = [w for e in extractions for w in e.warnings]
    roles = [(e.article.id, name, role) for e in extractions for name, texts in e.roles.items() for role in texts]
    entities = with_roles(entities, roles)
    quotes = link_speakers(quotes, entities)
    claims = [c for e in extractions for c in e.claims]
    stage = story_stage(articles, claims, entities, quotes, registry, semantic=settings.claim_embeddings)
    warnings.extend(stage.warnings)
    model_name, model_version = model_id(nlp)
    provenance = Provenance(
        tool_version=__version__,
        model=model_name,
        model_version=model_version,
        settings=settings.as_dict(),
        inputs=(),
        created=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    )
    return Analysis(
        provenance=provenance,
        articles=tuple(stage.articles),
        entities=tuple(entities),
        quotes=tuple(quotes),
        quote_groups=tuple(stage.quote_groups),
        claims=tuple(stage.claims),
        claim_groups=tuple(stage.claim_groups),
        citations=tuple(stage.citations),
        warnings=tuple(warnings),
        copies=tuple(stage.copies),
        citation_graph=tuple(stage.citation_graph),
    )
