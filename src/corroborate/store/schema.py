"""The tables of a corpus store: columns, keys, and what Datasette should know about them.

One definition serves the SQLite store (`sqlite.py`), the Parquet export
(`parquet.py`) and the Datasette metadata (`metadata.py`). Columns that facet
well (outlet, speaker name, date, kind, status) are plain columns; nested
records are JSON text columns (query them with SQLite's `json_each` or
DuckDB's `from_json`). Column types: `str`, `int`, `float`, `bool` (stored as
0/1), `json` (JSON text) and `bytes`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from corroborate.model import CLAIM_STATUSES

SQL_TYPES = {"str": str, "int": int, "float": float, "bool": int, "json": str, "bytes": bytes}


@dataclass(frozen=True)
class Table:
    name: str
    title: str
    description: str
    columns: dict[str, str]  # name -> type (see module docstring)
    pk: tuple[str, ...]
    facets: tuple[str, ...] = ()
    fts: tuple[str, ...] = ()
    label: str | None = None
    indexes: tuple[tuple[str, ...], ...] = ()
    timestamps: tuple[str, ...] = ()  # columns that differ between runs of the same input
    story_owned: bool = False  # rows written (and replaced) with their story in one transaction
    hidden: bool = False
    descriptions: dict[str, str] = field(default_factory=dict)
    # (column, other table, other column): declared in the table, so Datasette links the rows.
    # Datasette follows single-column keys only: a row of a table keyed by (story, id) is
    # pointed to by its `ref`, which is that row's own path in Datasette ("story,id").
    foreign_keys: tuple[tuple[str, str, str], ...] = ()
    unique: tuple[str, ...] = ()  # columns with a unique index (the targets of foreign keys)


ARTICLES = Table(
    name="articles",
    title="Articles",
    description="Every article read, one row each, keyed by a content hash (SHA-256 of outlet and text).",
    columns={
        "key": "str",
        "id": "str",
        "story": "str",
        "outlet": "str",
        "title": "str",
        "published": "str",
        "published_date": "str",
        "language": "str",
        "source": "str",
        "url": "str",
        "author": "str",
        "words": "int",
        "text": "str",
        "zones": "json",
        "sha256": "str",
        "published_as_given": "str",
        "published_from": "str",
        "outlet_from": "str",
        "extracted_at": "str",
    },
    pk=("key",),
    facets=("outlet", "published_date", "language", "story"),
    foreign_keys=(("story", "stories", "id"),),
    fts=("title", "text"),
    label="title",
    indexes=(("id",), ("story",), ("outlet",), ("published_date",)),
    timestamps=("extracted_at",),
    descriptions={
        "key": "SHA-256 of outlet and text: the article's identity in the store",
        "id": "the article id records point to (file name without extension, or the JSON record's id)",
        "story": "the story (cluster) the article belongs to",
        "published_date": "the publication date, YYYY-MM-DD",
        "zones": "JSON: headline, byline, caption, body… spans with offsets into text",
        "outlet": "the outlet, as given, as the file's name gives it (outlet_from = file_name) or (outlet_from = "
        "self_reference) as the article names itself",
    },
)

EXTRACTIONS = Table(
    name="extractions",
    title="Per-article extraction cache",
    description="What the per-article stage produced (mentions, quotes, roles, claims), so a story can be recomputed without re-parsing.",
    columns={"key": "str", "extractor": "str", "article": "json", "data": "json", "created": "str"},
    pk=("key",),
    label="extractor",
    timestamps=("created",),
    hidden=True,
)

STORIES = Table(
    name="stories",
    title="Stories",
    description="Groups of articles about one story, each analysed together. `fingerprint` changes when the members or the tool change.",
    columns={
        "id": "str",
        "title": "str",
        "n_articles": "int",
        "n_outlets": "int",
        "outlets": "json",
        "articles": "json",
        "first_published": "str",
        "last_published": "str",
        "n_quotes": "int",
        "n_quote_groups": "int",
        "n_claims": "int",
        "n_claim_groups": "int",
        "n_entities": "int",
        "attribution_drift": "int",
        "conflicting_claims": "int",
        "fingerprint": "str",
        "tool_version": "str",
        "model": "str",
        "model_version": "str",
        "analysed_at": "str",
    },
    pk=("id",),
    label="title",
    timestamps=("analysed_at",),
    descriptions={
        "attribution_drift": "quote groups whose words are credited to different named people",
        "conflicting_claims": "claim groups whose accounts cannot all be true",
    },
)

ENTITIES = Table(
    name="entities",
    title="People and organisations",
    description="Entities resolved across one story's articles (ids are per story).",
    columns={
        "story": "str",
        "id": "str",
        "name": "str",
        "kind": "str",
        "n_mentions": "int",
        "n_articles": "int",
        "aliases": "json",
        "roles": "json",
        "mentions": "json",
        "ref": "str",
    },
    pk=("story", "id"),
    facets=("kind", "story"),
    foreign_keys=(("story", "stories", "id"),),
    unique=("ref",),
    label="name",
    indexes=(("name",),),
    story_owned=True,
)

QUOTES = Table(
    name="quotes",
    title="Quotes",
    description="Every direct, partial and indirect quotation, with its speaker, cue, channel and offsets into the article's text.",
    columns={
        "story": "str",
        "id": "str",
        "article": "str",
        "outlet": "str",
        "published_date": "str",
        "kind": "str",
        "speaker_name": "str",
        "speaker_entity": "str",
        "speaker_description": "str",
        "speaker_represents": "str",
        "speaker_inferred": "bool",
        "speaker_mention": "json",
        "text": "str",
        "start": "int",
        "end": "int",
        "zone": "str",
        "cue": "str",
        "cue_span": "json",
        "channel": "str",
        "rule": "str",
        "confidence": "float",
        "speaker_ref": "str",
        "quote_group_ref": "str",
        "article_key": "str",
    },
    pk=("story", "id"),
    facets=("outlet", "speaker_name", "kind", "zone", "channel"),
    foreign_keys=(
        ("story", "stories", "id"),
        ("speaker_ref", "entities", "ref"),
        ("quote_group_ref", "quote_groups", "ref"),
        ("article_key", "articles", "key"),
    ),
    fts=("text", "speaker_name"),
    label="text",
    indexes=(("speaker_name",), ("article",), ("outlet",)),
    story_owned=True,
    descriptions={
        "speaker_name": "canonical name of the speaker, or empty for an unnamed speaker (see speaker_description)",
        "speaker_entity": "id of the speaker in entities (same story)",
        "speaker_ref": "the speaker's row in entities (its story and id)",
        "quote_group_ref": "the quote group holding this quote, if any",
        "article_key": "the article's row in articles",
        "cue": "the reporting verb (said, told, according to)",
        "channel": 'where the words came through ("told Fox News")',
    },
)

QUOTE_GROUPS = Table(
    name="quote_groups",
    title="Quote groups",
    description="The same utterance across outlets, with the most severe difference between renderings and attribution drift.",
    columns={
        "story": "str",
        "id": "str",
        "difference": "str",
        "attribution_drift": "bool",
        "n_quotes": "int",
        "n_outlets": "int",
        "independent_origins": "int",
        "sample_text": "str",
        "outlets": "json",
        "quotes": "json",
        "members": "json",
        "pairs": "json",
        "speakers": "json",
        "origins": "json",
        "ref": "str",
    },
    pk=("story", "id"),
    facets=("difference", "attribution_drift", "story"),
    foreign_keys=(("story", "stories", "id"),),
    unique=("ref",),
    label="sample_text",
    story_owned=True,
)

CLAIMS = Table(
    name="claims",
    title="Claims",
    description="Declarative sentences with who makes them, hedges, quantities as ranges and resolved dates.",
    columns={
        "story": "str",
        "id": "str",
        "article": "str",
        "outlet": "str",
        "published_date": "str",
        "claim_group": "str",
        "text": "str",
        "start": "int",
        "end": "int",
        "by": "str",
        "hedges": "json",
        "quantities": "json",
        "dates": "json",
        "rule": "str",
        "confidence": "float",
        "claim_group_ref": "str",
        "by_ref": "str",
        "article_key": "str",
        "other_claim_groups": "json",
    },
    pk=("story", "id"),
    facets=("outlet", "by", "story"),
    fts=("text",),
    foreign_keys=(
        ("story", "stories", "id"),
        ("claim_group_ref", "claim_groups", "ref"),
        ("by_ref", "entities", "ref"),
        ("article_key", "articles", "key"),
    ),
    label="text",
    indexes=(("article",), ("claim_group",)),
    story_owned=True,
    descriptions={
        "claim_group": "id of the claim group holding this claim (same story)",
        "other_claim_groups": "ids of further claim groups holding it: a sentence may state two claims",
        "by": "entity id of who makes it",
    },
)

CLAIM_GROUPS = Table(
    name="claim_groups",
    title="Claim groups",
    description="One claim as several articles carry it: which outlets, how many independent sources, and its status.",
    columns={
        "story": "str",
        "id": "str",
        "status": "str",
        "n_claims": "int",
        "n_outlets": "int",
        "independent_sources": "int",
        "sample_text": "str",
        "outlets": "json",
        "sources": "json",
        "claims": "json",
        "conflicts": "json",
        "disputed_by": "json",
        "evidence": "json",
        "ref": "str",
    },
    pk=("story", "id"),
    facets=("status", "n_outlets", "story"),
    foreign_keys=(("story", "stories", "id"),),
    unique=("ref",),
    label="sample_text",
    story_owned=True,
    descriptions={"status": f"{', '.join(CLAIM_STATUSES[:-1])} or {CLAIM_STATUSES[-1]}"},
)

CITATIONS = Table(
    name="citations",
    title="Citations",
    description='Which article credits which outlet ("first reported by"), per story.',
    columns={
        "story": "str",
        "article": "str",
        "cites": "str",
        "start": "int",
        "end": "int",
        "outlet": "str",
        "text": "str",
        "self": "bool",
        "rule": "str",
        "confidence": "float",
        "article_key": "str",
    },
    pk=("story", "article", "start", "end", "cites"),
    foreign_keys=(("story", "stories", "id"), ("article_key", "articles", "key")),
    facets=("outlet", "cites", "self"),
    label="text",
    story_owned=True,
)

COPIES = Table(
    name="copies",
    title="Copied passages",
    description="A passage of one article repeating one of another (wire copy, a rewrite): a dependency between them.",
    columns={
        "story": "str",
        "article": "str",
        "source": "str",
        "start": "int",
        "end": "int",
        "source_start": "int",
        "source_end": "int",
        "containment": "float",
        "direction_known": "bool",
        "rule": "str",
    },
    pk=("story", "article", "start", "end", "source"),
    facets=("article", "source", "direction_known"),
    label="source",
    foreign_keys=(("story", "stories", "id"),),
    story_owned=True,
    descriptions={"containment": "share of the passage's word shingles found in the source"},
)

CITATION_GRAPH = Table(
    name="citation_graph",
    title="Citation graph",
    description="Who cites whom among outlets, per story: `source` names `cites` `count` times.",
    columns={"story": "str", "source": "str", "cites": "str", "count": "int"},
    pk=("story", "source", "cites"),
    facets=("source", "cites"),
    label="cites",
    foreign_keys=(("story", "stories", "id"),),
    story_owned=True,
)

WARNINGS = Table(
    name="warnings",
    title="Warnings",
    description="Warnings raised while analysing a story (unpaired quotation marks, failed extraction of one article).",
    columns={"story": "str", "n": "int", "source": "str", "code": "str", "message": "str"},
    pk=("story", "n"),
    facets=("code", "story"),
    label="message",
    foreign_keys=(("story", "stories", "id"),),
    story_owned=True,
)

ERRORS = Table(
    name="errors",
    title="Errors",
    description="Inputs and stories that could not be processed, with the reason. The rest of the run went on.",
    columns={"source": "str", "stage": "str", "code": "str", "reason": "str", "last_seen": "str"},
    pk=("source", "stage"),
    facets=("stage", "code"),
    label="source",
    timestamps=("last_seen",),
    descriptions={"stage": "load (reading the input), extract (per-article stage) or story (per-story stage)"},
)

DOCUMENTS = Table(
    name="documents",
    title="Analysis documents",
    description="Each story's whole analysis (the corroborate/analysis/1 document, zlib-compressed JSON), "
    "from which `corroborate serve` draws the story page, the report and the API document.",
    columns={"story": "str", "analysis": "bytes"},
    pk=("story",),
    label="story",
    foreign_keys=(("story", "stories", "id"),),
    timestamps=("analysis",),  # its provenance holds the time of the run
    story_owned=True,
    hidden=True,
)

TABLES: tuple[Table, ...] = (
    ARTICLES,
    STORIES,
    ENTITIES,
    QUOTES,
    QUOTE_GROUPS,
    CLAIMS,
    CLAIM_GROUPS,
    CITATIONS,
    COPIES,
    CITATION_GRAPH,
    WARNINGS,
    ERRORS,
    EXTRACTIONS,
    DOCUMENTS,
)
STORY_TABLES: tuple[Table, ...] = tuple(t for t in TABLES if t.story_owned)
TABLES_BY_NAME: dict[str, Table] = {t.name: t for t in TABLES}
