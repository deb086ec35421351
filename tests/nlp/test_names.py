"""Names: cleaning, comparison keys and the one resolver of partial names (no model)."""

from __future__ import annotations

import pytest

from corroborate.align.identities import resolve_entities
from corroborate.nlp.entities import EntityMention
from corroborate.nlp.names import FullNames, capitalised_names, clean_name, name_key, name_kind


def mention(article: str, name: str, kind: str = "person", start: int = 0) -> EntityMention:
    return EntityMention(article, start, start + len(name), name, kind, name)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('"Access Hollywood', "Access Hollywood"),  # an opening quote mark the NER kept
        ("― Jacklyn Ashley", "Jacklyn Ashley"),  # a horizontal bar before a signature
        ("Donald Trump ''", "Donald Trump"),  # a closing quote typed as two apostrophes
        ("Gov. Jared Polis's", "Jared Polis"),
    ],
)
def test_clean_name_drops_quote_marks_dashes_titles_and_possessives(text: str, name: str) -> None:
    assert clean_name(text) == name


def test_a_hyphenated_or_apostrophised_surname_is_one_word() -> None:
    assert name_key("Ocasio-Cortez") == "ocasio-cortez"
    assert name_key("O’Malley") == name_key("O'Malley") == "o'malley"


def test_ocasio_cortez_alone_joins_alexandria_ocasio_cortez() -> None:
    entities, _ = resolve_entities([mention("a", "Alexandria Ocasio-Cortez"), mention("b", "Ocasio-Cortez", start=50)])
    assert [(e.name, e.aliases) for e in entities] == [("Alexandria Ocasio-Cortez", ("Ocasio-Cortez",))]


def test_o_malley_alone_joins_martin_o_malley() -> None:
    entities, _ = resolve_entities([mention("a", "Martin O'Malley"), mention("a", "O'Malley", start=50)])
    assert [e.name for e in entities] == ["Martin O'Malley"]


def test_one_resolver_for_an_article_and_a_story() -> None:
    names = FullNames(["Dana Okafor", "Ben Okafor", "Cara Lindqvist"])
    assert names.key_of("Lindqvist") == "cara lindqvist"
    assert names.key_of("Okafor") == "okafor"  # two people share it: no first name says which
    assert names.key_of("Dana") == "dana okafor"
    assert names.key_of("Cara Lindqivst") == "cara lindqvist"  # the same first name, a transposed surname
    assert names.key_of("Dana", firsts={}) == "dana"  # first names scoped elsewhere (another article)


def test_a_headline_in_capitals_does_not_give_the_display_name() -> None:
    names = FullNames(["CARA LIND", "Cara Lind"])
    assert names.display["cara lind"] == "Cara Lind"


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Aurora Police", "organization"),
        ("Telemundo Denver", "organization"),
        ("Aurora Mayor", "other"),
        ("Aurora", "place"),
        ("Dana Okafor", "person"),
    ],
)
def test_name_kind_corrects_the_ner(name: str, kind: str) -> None:
    assert name_kind(name, {"aurora", "denver"}) == kind


def test_one_detector_of_names_for_claims_and_quote_groups() -> None:
    """ "Crime is up in Aurora, Polis said.": the quote groups' detector found only
    {aurora} (a name after a comma was missed), the claims' {aurora, polis}."""
    from corroborate.align.quote_groups import _names

    assert {"aurora", "polis"} <= capitalised_names("Crime is up in Aurora, Polis said.")
    assert "crime" not in capitalised_names("Crime is up in Aurora, Polis said.")
    assert _names("Crime is up in Aurora, Polis said.") == {"aurora", "poli"}  # stems, as the groups compare words
