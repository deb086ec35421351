"""The records of `corroborate.model`: frozen, strict, JSON round-trippable, contract names."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest
from pydantic import ValidationError

from corroborate.model import (
    CLAIM_STATUSES,
    CONTESTED_STATUSES,
    SCHEMA_ID,
    Analysis,
    Article,
    Citation,
    Claim,
    ClaimGroup,
    DateMention,
    Entity,
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

# The top-level keys of the `corroborate/analysis/1` document (DESIGN.md, "Contracts").
TOP_LEVEL_KEYS = {
    "schema",
    "provenance",
    "articles",
    "entities",
    "quotes",
    "quote_groups",
    "claims",
    "claim_groups",
    "citations",
    "warnings",
}
# Additions to the contract (allowed: other tools ignore keys they do not know).
ADDED_TOP_LEVEL_KEYS = {"copies", "citation_graph"}
QUOTE_KEYS = {"id", "article", "kind", "text", "start", "end", "zone", "speaker", "cue", "channel", "rule", "confidence"}
SPEAKER_KEYS = {"entity", "name", "mention", "description", "represents"}

TEXT = 'Ferry halted\n\n"We will reopen on Friday," Mayor Lena Ortiz said, according to the Harbour Post.'
# Offsets into TEXT, computed rather than typed.
QUOTE_START = TEXT.index("We will")
QUOTE_END = TEXT.index(',"')
NAME_START = TEXT.index("Lena Ortiz")
CUE_START = TEXT.index("said")
POST_START = TEXT.index("Harbour Post")


def make_quote(**changes: object) -> Quote:
    fields: dict[str, object] = {
        "id": "a1:q1",
        "article": "a1",
        "kind": "direct",
        "text": TEXT[QUOTE_START:QUOTE_END],
        "start": QUOTE_START,
        "end": QUOTE_END,
        "zone": "body",
        "speaker": Speaker(
            entity="e1",
            name="Lena Ortiz",
            mention=TextSpan(start=NAME_START, end=NAME_START + 10, text="Lena Ortiz"),
        ),
        "cue": TextSpan(start=CUE_START, end=CUE_START + 4, text="said"),
        "channel": None,
        "rule": "direct.cue_subject",
        "confidence": 0.85,
    }
    fields.update(changes)
    return Quote(**fields)  # type: ignore[arg-type]


def make_analysis() -> Analysis:
    """An analysis with at least one record of every kind, non-default values throughout."""
    article = Article(
        id="a1",
        source="stories/a1.txt",
        outlet="Harbour Post",
        title="Ferry halted",
        published="2026-11-12T09:30:00-05:00",
        language="en",
        text=TEXT,
        zones=(Zone(kind="headline", start=0, end=12), Zone(kind="body", start=14, end=len(TEXT))),
        url="https://harbourpost.example/ferry",
        sha256="0" * 64,
    )
    entity = Entity(
        id="e1",
        name="Lena Ortiz",
        kind="person",
        aliases=("Ortiz",),
        roles=(Role(article="a1", text="Mayor"),),
        mentions=(Mention(article="a1", start=NAME_START, end=NAME_START + 10, text="Lena Ortiz"),),
    )
    quote = make_quote()
    group = QuoteGroup(
        id="g1",
        quotes=("a1:q1", "a2:q1"),
        members=(GroupMember(quote="a1:q1", start=QUOTE_START, end=QUOTE_END),),
        difference="minor",
        pairs=(QuotePair(a="a1:q1", b="a2:q1", difference="minor", changed=(("will",), ("shall",))),),
        speakers=("e1",),
        attribution_drift=True,
        origins=("Harbour Post",),
        independent_origins=1,
    )
    claim = Claim(
        id="c1",
        article="a1",
        text="reopen on Friday",
        start=TEXT.index("reopen"),
        end=TEXT.index("reopen") + 16,
        by="e1",
        hedges=("expected",),
        quantities=(Quantity(text="several", start=0, end=7, min=3, max=None, unit=None, approximate=True),),
        dates=(DateMention(text="Friday", start=TEXT.index("Friday"), end=TEXT.index("Friday") + 6, value="2026-11-13"),),
        rule="claim.test",
        confidence=0.5,
    )
    claim_group = ClaimGroup(
        id="cg1",
        claims=("c1",),
        status="disputed",
        outlets=("Harbour Post",),
        sources=("e1",),
        independent_sources=1,
        conflicts=({"a": "c1", "b": "c2", "why": "dates"},),
        disputed_by=("e2",),
        evidence=({"claim": "c1"},),
    )
    citation = Citation(
        article="a1", cites="Harbour Post", text="the Harbour Post", start=POST_START - 4, end=POST_START + 12, is_self=True
    )
    provenance = Provenance(
        tool_version="0.1.0",
        model="en_core_web_sm",
        model_version="3.8.0",
        settings={"max_bytes": 10, "outlet_files": ["o.yaml"]},
        inputs=(InputRef(source="stories/a1.txt", sha256="f" * 64),),
        created="2026-11-12T14:30:00+00:00",
    )
    return Analysis(
        provenance=provenance,
        articles=(article,),
        entities=(entity,),
        quotes=(quote,),
        quote_groups=(group,),
        claims=(claim,),
        claim_groups=(claim_group,),
        citations=(citation,),
        warnings=(Notice(source="a1", code="unpaired_quote_mark", message="1 unpaired quotation mark(s)"),),
    )


def test_the_sample_records_point_at_their_text() -> None:
    """Guard for the fixtures below: the offsets used in the sample analysis are right."""
    analysis = make_analysis()
    text = analysis.articles[0].text
    quote = analysis.quotes[0]
    assert text[quote.start : quote.end] == quote.text == "We will reopen on Friday"
    assert quote.cue is not None and text[quote.cue.start : quote.cue.end] == quote.cue.text
    mention = analysis.entities[0].mentions[0]
    assert text[mention.start : mention.end] == mention.text
    citation = analysis.citations[0]
    assert text[citation.start : citation.end] == citation.text


# Frozen records ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "field", "value"),
    [
        (Zone(kind="body", start=0, end=3), "end", 4),
        (make_quote(), "text", "changed"),
        (make_quote(), "confidence", 0.1),
        (Speaker(name="Lena Ortiz"), "name", "Someone Else"),
        (Notice(source="a", code="c", message="m"), "code", "other"),
        (Citation(article="a", cites="b", text="t", start=0, end=1), "is_self", True),
    ],
    ids=["zone", "quote.text", "quote.confidence", "speaker", "notice", "citation"],
)
def test_records_are_frozen(record: object, field: str, value: object) -> None:
    before = getattr(record, field)
    with pytest.raises(ValidationError, match="frozen"):
        setattr(record, field, value)
    assert getattr(record, field) == before


def test_analysis_is_frozen_at_the_top() -> None:
    analysis = make_analysis()
    with pytest.raises(ValidationError, match="frozen"):
        analysis.quotes = ()  # type: ignore[misc]
    # Collections are tuples: no in-place append either.
    assert isinstance(analysis.quotes, tuple)
    assert isinstance(analysis.articles[0].zones, tuple)


# Unknown fields ---------------------------------------------------------------------------


def test_unknown_field_rejected_on_construction() -> None:
    with pytest.raises(ValidationError, match="extra"):
        Zone(kind="body", start=0, end=3, colour="red")  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="is_quote"):
        make_quote(is_quote=True)


@pytest.mark.parametrize(
    "path",
    [(), ("quotes", 0), ("quotes", 0, "speaker"), ("articles", 0, "zones", 0), ("provenance",)],
    ids=["top", "quote", "speaker", "zone", "provenance"],
)
def test_unknown_field_rejected_when_reading_json(path: tuple[object, ...]) -> None:
    data = json.loads(make_analysis().to_json())
    target = data
    for step in path:
        target = target[step]
    target["surprise"] = 1
    with pytest.raises(ValidationError, match="surprise"):
        Analysis.from_json(json.dumps(data))


# JSON round trip and contract names --------------------------------------------------------


@pytest.mark.parametrize("indent", [2, None])
def test_analysis_round_trips_through_json(indent: int | None) -> None:
    analysis = make_analysis()
    again = Analysis.from_json(analysis.to_json(indent=indent))
    assert again == analysis
    assert again.to_json() == analysis.to_json()
    assert again.citations[0].is_self is True


def test_round_trip_accepts_bytes() -> None:
    analysis = make_analysis()
    assert Analysis.from_json(analysis.to_json().encode("utf-8")) == analysis


def test_empty_analysis_round_trips_with_the_schema_id() -> None:
    provenance = Provenance(
        tool_version="0", model=None, model_version=None, settings={}, inputs=(), created="2026-01-01T00:00:00+00:00"
    )
    analysis = Analysis(provenance=provenance)
    data = json.loads(analysis.to_json())
    assert data["schema"] == SCHEMA_ID == "corroborate/analysis/1"
    assert set(data) == TOP_LEVEL_KEYS | ADDED_TOP_LEVEL_KEYS
    assert Analysis.from_json(analysis.to_json()) == analysis


def test_json_uses_the_contract_key_names() -> None:
    data = json.loads(make_analysis().to_json())
    assert set(data) == TOP_LEVEL_KEYS | ADDED_TOP_LEVEL_KEYS
    assert data["schema"] == "corroborate/analysis/1"
    assert "schema_" not in data
    [citation] = data["citations"]
    assert citation["self"] is True
    assert "is_self" not in citation
    [quote] = data["quotes"]
    assert set(quote) >= QUOTE_KEYS
    assert set(quote["speaker"]) >= SPEAKER_KEYS
    assert set(quote["speaker"]["mention"]) == {"start", "end", "text"}
    assert set(quote["cue"]) == {"start", "end", "text"}
    assert set(data["provenance"]) >= {"tool_version", "model", "model_version", "settings", "inputs", "created"}
    assert data["provenance"]["inputs"] == [{"source": "stories/a1.txt", "sha256": "f" * 64}]
    [group] = data["quote_groups"]
    assert group["pairs"][0]["changed"] == [["will"], ["shall"]]
    assert {"id", "quotes", "members", "difference", "pairs", "speakers", "attribution_drift"} <= set(group)
    assert {"origins", "independent_origins"} <= set(group)
    [article] = data["articles"]
    assert {"id", "source", "outlet", "title", "published", "language", "text", "zones"} <= set(article)
    assert article["zones"][0] == {"kind": "headline", "start": 0, "end": 12}


def test_contract_names_are_accepted_on_input() -> None:
    """`schema` and `self` (the JSON names) construct records, as do the Python names."""
    assert Citation.model_validate({"article": "a", "cites": "b", "text": "t", "start": 0, "end": 1, "self": True}).is_self
    assert Citation(article="a", cites="b", text="t", start=0, end=1, is_self=True).is_self
    data = json.loads(make_analysis().to_json())
    assert Analysis.model_validate(data).schema_ == SCHEMA_ID


# Value checks -----------------------------------------------------------------------------


@pytest.mark.parametrize("confidence", [-0.01, 1.01, 2, -1])
def test_quote_confidence_outside_unit_interval_rejected(confidence: float) -> None:
    with pytest.raises(ValidationError, match="confidence"):
        make_quote(confidence=confidence)


@pytest.mark.parametrize("record", [Claim, Citation])
def test_other_confidences_outside_unit_interval_rejected(record: type) -> None:
    base = {"article": "a", "text": "t", "start": 0, "end": 1}
    extra = {"id": "c1"} if record is Claim else {"cites": "b"}
    with pytest.raises(ValidationError, match="confidence"):
        record(**base, **extra, confidence=1.5)


@pytest.mark.parametrize("confidence", [0, 0.0, 0.5, 1, 1.0])
def test_confidence_bounds_are_inclusive(confidence: float) -> None:
    assert make_quote(confidence=confidence).confidence == confidence


def test_confidence_out_of_range_rejected_when_reading_json() -> None:
    data = json.loads(make_analysis().to_json())
    data["quotes"][0]["confidence"] = 1.2
    with pytest.raises(ValidationError, match="confidence"):
        Analysis.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("factory", "field", "value"),
    [
        (lambda v: Zone(kind=v, start=0, end=1), "kind", "sidebar"),
        (lambda v: make_quote(kind=v), "kind", "rumoured"),
        (lambda v: make_quote(zone=v), "zone", "footer"),
    ],
    ids=["zone.kind", "quote.kind", "quote.zone"],
)
def test_closed_vocabularies_rejected_outside_the_contract(factory, field: str, value: str) -> None:
    with pytest.raises(ValidationError, match=field):
        factory(value)


# JSON Schema ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def schema() -> dict:
    return analysis_json_schema()


def test_schema_is_valid_draft_2020_12(schema: dict) -> None:
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "corroborate/analysis/1"


def test_schema_requires_every_top_level_key(schema: dict) -> None:
    assert set(schema["required"]) >= TOP_LEVEL_KEYS
    assert set(schema["properties"]) >= TOP_LEVEL_KEYS
    assert schema["properties"]["schema"]["const"] == SCHEMA_ID
    assert schema.get("additionalProperties") is False


def test_schema_uses_the_contract_names(schema: dict) -> None:
    assert "schema_" not in schema["properties"]
    citation = schema["$defs"]["Citation"]
    assert "self" in citation["properties"] and "is_self" not in citation["properties"]
    assert set(schema["$defs"]["Quote"]["required"]) >= QUOTE_KEYS
    assert set(schema["$defs"]["Speaker"]["properties"]) >= SPEAKER_KEYS
    assert schema["$defs"]["Quote"]["properties"]["confidence"]["minimum"] == 0
    assert schema["$defs"]["Quote"]["properties"]["confidence"]["maximum"] == 1


def test_a_serialised_analysis_validates_against_the_schema(schema: dict) -> None:
    validator = jsonschema.Draft202012Validator(schema)
    validator.validate(json.loads(make_analysis().to_json()))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("quotes"), "'quotes' is a required property"),
        (lambda d: d.update(schema="corroborate/analysis/2"), "corroborate/analysis/1"),
        (lambda d: d["quotes"][0].update(confidence=1.5), "1.5"),
        (lambda d: d["citations"][0].update(is_self=True), "is_self"),
        (lambda d: d["articles"][0]["zones"][0].update(kind="sidebar"), "sidebar"),
    ],
    ids=["missing-quotes", "wrong-schema-id", "confidence", "python-name", "zone-kind"],
)
def test_schema_rejects_documents_that_break_the_contract(schema: dict, mutate, message: str) -> None:
    document = copy.deepcopy(json.loads(make_analysis().to_json()))
    mutate(document)
    with pytest.raises(jsonschema.ValidationError, match=message):
        jsonschema.Draft202012Validator(schema).validate(document)


def test_claim_statuses_are_one_vocabulary_most_severe_first(schema: dict) -> None:
    assert CLAIM_STATUSES == ("conflicting", "disputed", "corroborated", "single_source")
    assert set(CONTESTED_STATUSES) == {"conflicting", "disputed"}
    assert schema["$defs"]["ClaimGroup"]["properties"]["status"]["enum"] == list(CLAIM_STATUSES)
