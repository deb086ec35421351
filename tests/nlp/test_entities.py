"""One identity per person across articles, on hand-made mentions (no model); and an
organisation name the NER cut at its "and", parsed (model)."""

from __future__ import annotations

import pytest

from corroborate.align.identities import resolve_entities
from corroborate.nlp.entities import EntityMention
from corroborate.nlp.names import clean_name


def mention(article: str, name: str, kind: str = "person", start: int = 0) -> EntityMention:
    return EntityMention(article, start, start + len(name), name, kind, name)


def names(mentions: list[EntityMention]) -> dict[str, set[str]]:
    entities, _ = resolve_entities(mentions)
    return {e.name: {m.text for m in e.mentions} for e in entities}


def test_surname_and_misspelt_surname_join_the_full_name_across_articles() -> None:
    result = names([mention("a", "Dana Okafor"), mention("b", "Okafor"), mention("c", "Okfaor")])
    assert result == {"Dana Okafor": {"Dana Okafor", "Okafor", "Okfaor"}}


def test_two_people_sharing_a_surname_stay_apart_without_a_first_name() -> None:
    result = names([mention("a", "Dana Okafor"), mention("a", "Ben Okafor"), mention("b", "Okafor", start=40)])
    assert set(result) == {"Dana Okafor", "Ben Okafor", "Okafor"}


def test_first_name_alone_joins_only_inside_its_article() -> None:
    result = names([mention("a", "Cara Lind"), mention("a", "Cara", start=30), mention("b", "Cara", start=30)])
    assert result["Cara Lind"] == {"Cara Lind", "Cara"}
    assert "Cara" in result  # article b never named Cara Lind


def test_a_surname_the_ner_called_an_organisation_is_the_person() -> None:
    result = names([mention("a", "Tom Reyes"), mention("b", "Reyes", kind="organization")])
    assert result == {"Tom Reyes": {"Tom Reyes", "Reyes"}}


def test_places_and_titles_labelled_persons_are_not_people() -> None:
    entities, _ = resolve_entities(
        [
            mention("a", "Millbrook", kind="place"),
            mention("b", "Millbrook"),
            mention("b", "Millbrook Police"),
            mention("c", "Millbrook Mayor"),
        ]
    )
    kinds = {e.name: e.kind for e in entities}
    assert kinds["Millbrook"] == "place"
    assert kinds["Millbrook Police"] == "organization"
    assert kinds["Millbrook Mayor"] == "other"


@pytest.mark.parametrize(
    ("mention", "name"),
    [
        ("Councillor Bo Lund", "Bo Lund"),  # found on our own test story: British spelling kept the title
        ("Fire Marshal Oren Wick", "Oren Wick"),
        ("Harbour Master Ines Duarte", "Ines Duarte"),
        ("Gov. Ana Reyes's", "Ana Reyes"),
        ("Marshall Plan", "Marshall Plan"),  # a name, not the title "marshal"
    ],
)
def test_titles_are_stripped_from_names(mention: str, name: str) -> None:
    assert clean_name(mention) == name


def test_an_organisation_named_with_its_town_is_the_one_named_without() -> None:
    mentions = [
        EntityMention(
            "a", 0, 30, "Halvorsen Marine Services of Port Elms", "organization", "Halvorsen Marine Services of Port Elms"
        ),
        EntityMention("b", 0, 25, "Halvorsen Marine Services", "organization", "Halvorsen Marine Services"),
        EntityMention("b", 40, 56, "Bank of Delmont", "organization", "Bank of Delmont"),
        EntityMention("b", 60, 64, "Bank", "organization", "Bank"),
    ]
    entities, _ = resolve_entities(mentions)
    names = sorted((e.name, tuple(e.aliases)) for e in entities)
    assert ("Halvorsen Marine Services of Port Elms", ("Halvorsen Marine Services",)) in names
    assert ("Bank of Delmont", ()) in names and ("Bank", ()) in names  # a one-word head names no one


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "organisation"),
    [
        # the NER kept only "Wildlife Service": the words before "and" join it
        ("The United States Fish and Wildlife Service reopened the refuge on Monday.", "Fish and Wildlife Service"),
        ("A spokeswoman for the Fish and Wildlife Service said the refuge would reopen.", "Fish and Wildlife Service"),
        # a sentence's first word before "and" is not part of the name
        ("Officials and Wildlife Service staff met at the refuge.", "Wildlife Service"),
        # a company named with its town is named without it ("Bank of America" stays whole)
        ("Mr. Abel blamed the firm that printed the ballots, Kessel Print Solutions of Oshkosh.", "Kessel Print Solutions"),
        ("The mayor blamed the company that built it, Harlan Steel Construction of Dunmore.", "Harlan Steel Construction"),
        ("The loan came from the Bank of America on Monday.", "the Bank of America"),
    ],
)
def test_an_organisation_is_named_whole_and_no_more(text, organisation, nlp) -> None:
    from corroborate.nlp.entities import extract_mentions

    found = [m.text for m in extract_mentions(nlp(text), "x") if m.kind == "organization"]
    assert found == [organisation]


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "person"),
    [
        # a title-case headline runs its verb into the name before it
        ("Denise Okafor Slams Port Board Over Fare Rise", "Denise Okafor"),
        ("Guns Are ‘A Crisis In Every Town,’ Howard Dean Tells Party Convention.", "Howard Dean"),
        # a surname that is no verb form stays whole
        ("Nick Charles says the vote was rigged.", "Nick Charles"),
    ],
)
def test_denise_okafor_slams_port_board_names_denise_okafor(text, person, nlp) -> None:
    from corroborate.nlp.entities import extract_mentions
    from corroborate.nlp.people import index_people

    assert [m.name for m in extract_mentions(nlp(text), "x") if m.kind == "person"] == [person]
    assert [m.name for m in index_people(nlp(text), []).mentions] == [person]


@pytest.mark.model
def test_tolland_shot_back_with_a_statement_of_her_own_is_a_mention_of_maren_tolland(nlp) -> None:
    """A surname the NER leaves untagged at a paragraph's start ("Tolland shot back") is a
    mention of the person the article names in full, so a later "she" has someone to
    stand for."""
    from corroborate.model import Article
    from corroborate.pipeline import extract_parsed

    text = (
        "Gov. Maren Tolland of Ossory said the money was late.\n\n"
        "Tolland shot back with a statement of her own. \u201cThe only thing missing is the federal response,\u201d she said."
    )
    article = Article(id="x", source="x", outlet=None, title=None, published=None, language="en", text=text)
    found = extract_parsed(nlp(text), article, None).mentions
    assert [(m.name, m.start) for m in found if m.kind == "person"] == [
        ("Maren Tolland", 0),
        ("Maren Tolland", text.index("Tolland shot")),
    ]


@pytest.mark.model
def test_the_lodell_legal_aid_project_on_behalf_is_the_project(nlp) -> None:  # type: ignore[no-untyped-def]
    """An organisation's name the tagger ran on into lower-case words ends at its last name word."""
    from corroborate.nlp.entities import extract_mentions

    doc = nlp(
        "An emergency motion filed Monday by the Lodell Legal Aid Project on behalf of four residents asked the judge to wait."
    )
    assert [(m.kind, m.name) for m in extract_mentions(doc, "t")] == [("organization", "Lodell Legal Aid Project")]


@pytest.mark.model
def test_harrow_lane_press_tagged_a_person_is_the_company(nlp) -> None:  # type: ignore[no-untyped-def]
    """A company's name the NER took for a person's, and its first words alone after it, are the company."""
    from corroborate.nlp.entities import extract_mentions

    doc = nlp("Harrow Lane Press published the memoir in March. Harrow Lane said the bulk orders were normal.")
    assert [(m.kind, m.name) for m in extract_mentions(doc, "t")] == [
        ("organization", "Harrow Lane Press"),
        ("organization", "Harrow Lane Press"),
    ]
