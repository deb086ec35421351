"""The records of an analysis: immutable, JSON round-trippable, with provenance.

Every record that points into an article carries the article id and character
offsets `start`/`end` into `Article.text` (so `article.text[start:end] == text`).
Extracted records also carry the `rule` that produced them and a `confidence`.
The field names follow the `corroborate/analysis/1` contract in DESIGN.md; new
fields may be added, existing ones never renamed or removed.
"""

from __future__ import annotations

import hashlib
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_ID = "corroborate/analysis/1"

# `boilerplate` (an addition): the site addressing its reader (sign-ups, related stories,
# reprint notices...), from which nothing is extracted.
ZoneKind = Literal["headline", "standfirst", "byline", "caption", "body", "update", "boilerplate"]
QuoteKind = Literal["direct", "partial", "indirect"]
Difference = Literal["identical", "formatting", "minor", "paraphrase", "substantive"]
# A claim group's status, most severe first: accounts conflict; a named party disputes
# it; two or more independent sources carry it; one source does. Reports and queries
# sort by this order. The only spelling of the vocabulary: use these names elsewhere.
ClaimStatus = Literal["conflicting", "disputed", "corroborated", "single_source"]
CLAIM_STATUSES: tuple[ClaimStatus, ...] = get_args(ClaimStatus)
# The statuses that put a claim in question; reports show them even when one outlet carries it.
CONTESTED_STATUSES: tuple[ClaimStatus, ...] = ("conflicting", "disputed")


class Record(BaseModel):
    """Base of all records: frozen, unknown fields rejected, aliases accepted."""

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        populate_by_name=True,
        json_schema_serialization_defaults_required=True,
    )


class Zone(Record):
    kind: ZoneKind
    start: int
    end: int


class Article(Record):
    id: str
    source: str = Field(description="File path, URL, `stdin`, or `FILE:LINE` of a JSONL record.")
    outlet: str | None = Field(description="Canonical outlet name, or null when unknown.")
    title: str | None
    published: str | None = Field(description="Publication date as ISO 8601, or null.")
    language: str = Field(description="ISO 639-1 code, or `und` when undetermined.")
    text: str
    zones: tuple[Zone, ...] = ()
    # Additions to the contract.
    url: str | None = None
    author: str | None = None
    published_as_given: str | None = Field(None, description="The date exactly as the input gave it.")
    published_from: str | None = Field(
        None, description="Where the date came from: front_matter, record, html_metadata, http_header, file_name."
    )
    outlet_from: str | None = Field(None, description="metadata, domain, file_name, or null when unknown.")
    sha256: str = Field("", description="SHA-256 of the article text.")
    credit: str | None = Field(
        None,
        description="A wire service or agency the page's metadata credits (its site name or author), "
        'or whose dateline opens the first paragraph ("WASHINGTON (AP) —"), when the article is another '
        "outlet's: the report's source, never the outlet.",
    )


def article_key(article: Article) -> str:
    """The article's content identity: SHA-256 of its outlet and text (the store's cache
    key; here, below every layer, so the ingest process keys articles without spaCy)."""
    digest = hashlib.sha256()
    digest.update((article.outlet or "").encode("utf-8"))
    digest.update(b"\x00")
    digest.update(article.text.encode("utf-8"))
    return digest.hexdigest()


class Mention(Record):
    article: str
    start: int
    end: int
    text: str


class Role(Record):
    article: str
    text: str


class Entity(Record):
    id: str
    name: str
    kind: Literal["person", "organization", "place", "group", "other"]
    aliases: tuple[str, ...] = ()
    roles: tuple[Role, ...] = ()
    mentions: tuple[Mention, ...] = ()


class TextSpan(Record):
    start: int
    end: int
    text: str


class Speaker(Record):
    entity: str | None = None
    name: str | None = None
    mention: TextSpan | None = None
    description: str | None = None
    represents: str | None = None
    inferred: bool = Field(False, description="True when the link to a named entity is an inference.")


class Quote(Record):
    id: str
    article: str
    kind: QuoteKind
    text: str
    start: int
    end: int
    zone: ZoneKind
    speaker: Speaker
    cue: TextSpan | None = None
    channel: str | None = None
    rule: str
    confidence: float = Field(ge=0.0, le=1.0)


class GroupMember(Record):
    quote: str
    start: int
    end: int
    origin: str | None = Field(
        None,
        description="The channel this member's words came through (an outlet, a medium such as a statement, or `uncredited`).",
    )


class QuotePair(Record):
    a: str
    b: str
    difference: Difference
    changed: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())


class DriftEvidence(Record):
    """One side of an attribution drift: a member quote and who it is credited to."""

    quote: str
    entity: str
    name: str
    mention: TextSpan | None = Field(None, description="The words that name or point to the speaker for this quote.")
    rule: str = ""
    confidence: float = Field(1.0, ge=0.0, le=1.0, description="How sure the credit is (the quote's, lowered by weak signs).")


class QuoteGroup(Record):
    id: str
    quotes: tuple[str, ...]
    members: tuple[GroupMember, ...]
    difference: Difference
    pairs: tuple[QuotePair, ...] = ()
    speakers: tuple[str, ...] = ()
    attribution_drift: bool = Field(False, description="Members credited to two different people, with confidence.")
    origins: tuple[str, ...] = ()
    independent_origins: int = 0
    # Additions to the contract (`corroborate.assess.drift`).
    drift_confidence: float | None = Field(
        None, ge=0.0, le=1.0, description="How sure the drift is; null when no two different people are credited."
    )
    drift_check: bool = Field(
        False, description="Two people are credited, but too weakly to call it drift: a reader should check."
    )
    drift_evidence: tuple[DriftEvidence, ...] = Field((), description="The two credits the drift (or check) rests on.")
    drift_note: str | None = Field(None, description="Why the drift is uncertain, in words a reader can check.")


class Quantity(Record):
    text: str
    start: int
    end: int
    min: int | float | None
    max: int | float | None
    unit: str | None
    approximate: bool = False
    governor: str | None = Field(
        None,
        description='The class of event of the verb the figure\'s phrase depends on ("killed 10 people" -> '
        '`kill`, "fell 200 metres" -> `fall`), which tells two figures of one unit apart; null when no verb governs it.',
    )


class DateMention(Record):
    text: str
    start: int
    end: int
    value: str | None
    governor: str | None = Field(
        None,
        description='The class of event of the verb the date depends on ("resigned on Thursday" -> `leave`, '
        '"said Thursday" -> `say`): a day a reporting verb governs dates the saying, not the act; null when no '
        "verb governs it.",
    )


class Frame(Record):
    """One verb of a claim with the words filling its roles: for telling, across outlets,
    the events a sentence's side clauses state ("..., which he signed into law on
    Thursday")."""

    predicate: str = Field(description="The verb's lemma.")
    arguments: tuple[str, ...] = Field(
        (),
        description='Its roles and the nouns filling them, as "role:word": "subject", "object" (a passive\'s '
        'subject too; its "by" phrase is the subject) or a preposition ("into:law"); lower case.',
    )
    dates: tuple[str, ...] = Field((), description="The resolved values of the dates in its own clause.")


class Claim(Record):
    id: str
    article: str
    text: str
    start: int
    end: int
    by: str | None = None
    hedges: tuple[str, ...] = ()
    quantities: tuple[Quantity, ...] = ()
    dates: tuple[DateMention, ...] = ()
    rule: str = ""
    confidence: float = Field(1.0, ge=0.0, le=1.0)
    # The quotation carrying the claim (`claim.quoted`, or a quotation inside the
    # sentence); `by` is its speaker's entity. An addition to DESIGN.md's contract.
    quote: str | None = None
    # The event it states: the lemma of its main verb (or the reported verb under a
    # speech cue: "said he would resign" -> "resign"), and whether it is negated
    # ("would not seek re-election"). Additions to DESIGN.md's contract.
    predicate: str | None = None
    negated: bool = False
    # The class of event the predicate states, shared by its paraphrases ("quit",
    # "resigned", "stepped down" -> "leave"; "put on hold" -> "suspend"): for
    # comparing claims worded with different verbs. An addition to DESIGN.md's contract.
    event: str | None = None
    # How the event is stated: the modal of its verb ("would", "could", "may") or the
    # support verb it hangs on ("plan" of "plans to sue", "refuse" of "refused to
    # resign"); null when it is stated as a fact. An addition to DESIGN.md's contract.
    modality: str | None = None
    # Who and where it is about: the names of the people, organisations and groups
    # (`participants`) and of the places (`places`) it mentions, cleaned of titles and
    # possessives, in reading order. Additions to DESIGN.md's contract.
    participants: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    # Who takes part, resolved as the article resolves speakers (a pronoun to its
    # antecedent, "the congressman" to the person given that role, "I" in a quotation
    # to its speaker), in the article's canonical form ("Blake Farenthold" for "Mr.
    # Farenthold"): `subject`, who the event is about (the subject of its verb, the
    # owner of its event noun), then `actors`, everyone taking part (the subject, the
    # verb's objects and agents, resolved pronouns, the names mentioned); `entities`,
    # the ids of the story's entities the actors name, filled at the story stage
    # (`nlp.participants.link_claim_participants`). Additions to DESIGN.md's contract.
    subject: str | None = None
    actors: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    # Every verb of the claim with its roles and dates, the main one and those of its
    # side clauses (`nlp.frames`). An addition to DESIGN.md's contract.
    frames: tuple[Frame, ...] = ()


class ClaimGroup(Record):
    id: str
    claims: tuple[str, ...]
    status: ClaimStatus
    outlets: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    independent_sources: int = 0
    conflicts: tuple[dict[str, Any], ...] = ()
    disputed_by: tuple[str, ...] = ()
    evidence: tuple[dict[str, Any], ...] = ()
    # Why the group has its status: the conflicting figures, the denials (claim, text,
    # denier) and the independent sources with the claims each rests on. Additions
    # to DESIGN.md's contract.
    denials: tuple[dict[str, Any], ...] = ()
    source_claims: tuple[dict[str, Any], ...] = ()
    status_reason: str = ""


class Citation(Record):
    article: str
    cites: str
    text: str
    start: int
    end: int
    is_self: bool = Field(False, alias="self")
    rule: str = ""
    confidence: float = Field(1.0, ge=0.0, le=1.0)


class Copy(Record):
    """A passage of `article` that repeats one of `source` (wire copy, a rewrite): a
    dependency between the two articles. `source` is the earlier one when the dates
    say so (`direction_known`)."""

    article: str
    source: str
    start: int
    end: int
    source_start: int
    source_end: int
    containment: float = Field(ge=0.0, le=1.0, description="Share of the passage's word shingles found in the source.")
    direction_known: bool = False
    rule: str = "copy.shingles"


class CitationEdge(Record):
    """Who cites whom: `source` (the citing article's outlet) names `cites` `count` times."""

    source: str
    cites: str
    count: int


class Notice(Record):
    """A warning about one input or record: `source` names it, `code` classifies it."""

    source: str
    code: str
    message: str


class InputRef(Record):
    source: str
    sha256: str


class Provenance(Record):
    tool_version: str
    model: str | None
    model_version: str | None
    settings: dict[str, Any]
    inputs: tuple[InputRef, ...]
    created: str


class Analysis(Record):
    schema_: str = Field(SCHEMA_ID, alias="schema")
    provenance: Provenance
    articles: tuple[Article, ...] = ()
    entities: tuple[Entity, ...] = ()
    quotes: tuple[Quote, ...] = ()
    quote_groups: tuple[QuoteGroup, ...] = ()
    claims: tuple[Claim, ...] = ()
    claim_groups: tuple[ClaimGroup, ...] = ()
    citations: tuple[Citation, ...] = ()
    warnings: tuple[Notice, ...] = ()
    # Additions to the contract.
    copies: tuple[Copy, ...] = ()
    citation_graph: tuple[CitationEdge, ...] = ()

    def to_json(self, indent: int | None = 2) -> str:
        return self.model_dump_json(by_alias=True, indent=indent)

    def groups_of_claims(self) -> dict[str, list[ClaimGroup]]:
        """Claim id -> the claim groups holding it, in the analysis' order: a sentence
        stating two claims is in two groups."""
        held: dict[str, list[ClaimGroup]] = {}
        for group in self.claim_groups:
            for claim in group.claims:
                held.setdefault(claim, []).append(group)
        return held

    @classmethod
    def from_json(cls, data: str | bytes) -> Analysis:
        return cls.model_validate_json(data)


def analysis_json_schema() -> dict[str, Any]:
    """The JSON Schema of a `corroborate/analysis/1` document."""
    schema = Analysis.model_json_schema(by_alias=True, mode="serialization")
    schema["properties"]["schema"]["const"] = SCHEMA_ID
    schema.update(
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": SCHEMA_ID,
            "title": "corroborate analysis",
        }
    )
    return schema
