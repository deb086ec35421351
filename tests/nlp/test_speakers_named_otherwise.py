"""Speakers an article names otherwise than by their full name: a union by "the union"
when its name says association, a school district by "the district" when its name says
schools, a company by the first word of its name (which the NER reads as a place), an
auditor's title, an audit's author, and "the company" never the article's own outlet.
Real parses of our own sentences."""

from __future__ import annotations

import pytest

from corroborate.ingest.readers import ReadResult, article_from_text
from corroborate.nlp.quotes import extract_quotes

from .helpers import extraction_of

pytestmark = pytest.mark.model


def _speakers(text: str, nlp, registry) -> dict[str, tuple[str | None, str | None]]:  # type: ignore[no-untyped-def]
    return {q.text: (q.speaker.name, q.speaker.represents) for q in extraction_of(text, nlp, registry).quotes}


def test_the_union_is_the_education_association_named_before(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Members of the Carrow Valley Education Association voted on Monday to approve a new contract after four "
        "months of talks. The Carrow Valley Teachers Guild stayed out.\n\nTalks with the board had stalled twice.\n\n"
        "“We held firm, and it paid off,” the union said in a statement.\n"
    )
    assert _speakers(text, nlp, registry)["We held firm, and it paid off"][0] == "Carrow Valley Education Association"


@pytest.mark.parametrize(
    ("cue", "name", "represents"),
    [
        ("a district spokeswoman said", None, "Marwood Public Schools"),
        ("the school district said in a statement", "Marwood Public Schools", None),
    ],
)
def test_the_district_is_the_public_schools_named_before(cue, name, represents, nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The board of the Marwood Public Schools voted on Tuesday to close two buildings.\n\n"
        f"“No school will close before June,” {cue}.\n"
    )
    assert _speakers(text, nlp, registry)["No school will close before June"] == (name, represents)


@pytest.mark.parametrize(
    ("where", "name"),
    [
        ("in Ossory", "Glenmont Transit Services"),  # "Glenmont", tagged a place, is the company
        ("in Glenmont", None),  # a town the article places routes in: no company
    ],
)
def test_a_company_by_the_first_word_of_its_name(where, name, nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        f"Glenmont Transit Services took over the city's buses in 2021. It now runs 40 routes {where}.\n\n"
        "In a letter on Friday, Glenmont said it had met every deadline in the contract.\n"
    )
    assert _speakers(text, nlp, registry)["it had met every deadline in the contract"][0] == name


def test_county_auditor_is_a_title(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = "County Auditor Mirela Stanek found that the agency lost track of 40 trucks. “Nobody was counting,” Stanek said.\n"
    assert _speakers(text, nlp, registry)["the agency lost track of 40 trucks"][0] == "Mirela Stanek"


def test_the_audit_released_by_the_state_auditor_is_hers(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "The audit, released on Monday by the state auditor, Pavel Ostrow, found that the agency lost track of 40 "
        "trucks.\n\nThe audit found that drivers kept the keys at home.\n"
    )
    assert _speakers(text, nlp, registry)["drivers kept the keys at home"][0] == "Pavel Ostrow"


def test_the_company_is_never_the_articles_own_outlet(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    text = (
        "Brightwater Coaches recalled 900 school buses on Monday after reports of brake failures.\n\n"
        "A company spokesman pointed Fox News Digital to a federal filing.\n\n"
        "The company said it would replace every brake line at no cost.\n"
    )
    article = article_from_text(
        text, article_id="t", source="t.txt", meta={"outlet": "Fox News"}, registry=registry,
        date_origin="front_matter", result=ReadResult(),
    )  # fmt: skip
    [quote] = extract_quotes(nlp(text), article, registry).quotes
    assert quote.speaker.name == "Brightwater Coaches"


_UNNAMED_THEN_SHE = (
    "Rosa Delacroix, the union's president, said the vote sent a message.\n\n"
    "A district {role} said in a statement that the list was “an inventory, not a plan.”\n\n"
    "“No teacher is losing a job,” she said.\n"
)


def test_she_after_an_unnamed_spokeswoman_is_the_spokeswoman(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    quote = next(
        q
        for q in extraction_of(_UNNAMED_THEN_SHE.format(role="spokeswoman"), nlp, registry).quotes
        if q.text.startswith("No teacher")
    )
    assert (quote.speaker.name, quote.speaker.description, quote.speaker.mention.text) == (None, "A district spokeswoman", "she")


def test_she_after_an_unnamed_spokesman_is_the_woman_named_before(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    quote = next(
        q
        for q in extraction_of(_UNNAMED_THEN_SHE.format(role="spokesman"), nlp, registry).quotes
        if q.text.startswith("No teacher")
    )
    assert quote.speaker.name == "Rosa Delacroix"


def test_a_district_spokeswoman_is_no_guess_at_the_union_president(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    quote = next(
        q
        for q in extraction_of(_UNNAMED_THEN_SHE.format(role="spokeswoman"), nlp, registry).quotes
        if q.text.startswith("an inventory")
    )
    assert quote.speaker.represents is None


def test_the_lawsuit_ms_ruiz_filed_is_hers(nlp, registry) -> None:  # type: ignore[no-untyped-def]
    """A document's relative clause names its author ("The lawsuit Ms. Ruiz filed"), for
    its own sentence and for "The lawsuit says" after it."""
    text = (
        "Ana Ruiz sued the ferry line in May. The lawsuit Ms. Ruiz filed in May says the crew ignored the storm "
        "warning.\n\nThe lawsuit says the captain had been told to sail.\n"
    )
    found = _speakers(text, nlp, registry)
    assert found["the crew ignored the storm warning"][0].endswith("Ruiz")
    assert found["the captain had been told to sail"][0].endswith("Ruiz")


def test_glenmont_tagged_a_place_is_a_mention_of_the_company(nlp) -> None:  # type: ignore[no-untyped-def]
    from corroborate.nlp.entities import extract_mentions

    text = (
        "Glenmont Transit Services took over the city's buses in 2021. It now runs 40 routes in Ossory.\n\n"
        "In a letter on Friday, Glenmont said it had met every deadline in the contract.\n"
    )
    kinds = {(m.text, m.kind, m.name) for m in extract_mentions(nlp(text), "t")}
    assert ("Glenmont", "organization", "Glenmont Transit Services") in kinds
