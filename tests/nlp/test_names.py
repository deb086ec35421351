"""Names: cleaning, comparison keys and the one resolver of partial names (no model)."""

from __future__ import annotations

import pytest

from corroborate.align.identities import resolve_entities
from corroborate.nlp.entities import EntityMention
from corroborate.nlp.names import (
    FullNames,
    acronyms_of,
    capitalised_names,
    clean_name,
    name_key,
    name_kind,
    organisation_key,
    parse_person,
    titled_person,
)


def mention(article: str, name: str, kind: str = "person", start: int = 0) -> EntityMention:
    return EntityMention(article, start, start + len(name), name, kind, name)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('"Access Hollywood', "Access Hollywood"),  # an opening quote mark the NER kept
        ("― Jacklyn Ashley", "Jacklyn Ashley"),  # a horizontal bar before a signature
        ("Donald Trump ''", "Donald Trump"),  # a closing quote typed as two apostrophes
        ("Gov. Jared Polis's", "Jared Polis"),
        ("Det. Lena Ortiz", "Lena Ortiz"),  # every rank the tokenizer keeps whole is a title
        ("Maj. Gen. Ray Moss", "Ray Moss"),
        ("Spc. Tom Reyes", "Tom Reyes"),
        ("Maj Sjowall", "Maj Sjowall"),  # without its stop, a given name
        # A title phrase the NER keeps inside the name's span: the name after it.
        ("Toledo Mayor Terrence Hall", "Terrence Hall"),
        ("Fire Chief Renee Calloway", "Renee Calloway"),
        ("Senate Majority Leader Carlos Ibarra", "Carlos Ibarra"),
        ("Deputy Director Lena Ortiz", "Lena Ortiz"),
        ("Secretary of State Ann Lee", "Ann Lee"),
        ("John Paul Jones", "John Paul Jones"),
        ("Senate President Pro Tem Dwight Vance", "Dwight Vance"),  # "Pro Tem" ends the title
        ("Moderator Denise Ashcombe", "Denise Ashcombe"),
        ("St. Odile Medical Center", "St. Odile Medical Center"),  # a saint's name, no title
        ("Justice Olt", "Olt"),  # a judge's title
        ("Trooper Ines Galvan", "Ines Galvan"),  # ranks spelled out
        ("Lieutenant Galvan", "Galvan"),
        ("Justice Department", "Justice Department"),  # not before a body's words
        ("\u2019s Medicaid", "Medicaid"),  # the span opening with the possessive of "the state\u2019s Medicaid"
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
    from corroborate.align.segments import capitalised_stems as _names

    assert {"aurora", "polis"} <= capitalised_names("Crime is up in Aurora, Polis said.")
    assert "crime" not in capitalised_names("Crime is up in Aurora, Polis said.")
    assert _names("Crime is up in Aurora, Polis said.") == {"aurora", "poli"}  # stems, as the groups compare words


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ada K. Morrow", "Ada Morrow"),  # a middle initial
        ("Ada Quill Morrow", "Ada Morrow"),  # a middle name
        ("Christopher Vane", "Chris Vane"),  # a nickname in the curated data
        ("Robert L. Tamsin III", "Robert Tamsin"),  # a numeral suffix may be left out
        ("José Ortega Lind", "Jose Lind"),  # accents
        ("Ada K. Morrow", "Ada Kay Morrow"),  # an initial and its name
    ],
)
def test_forms_of_one_name_are_one_identity(a: str, b: str) -> None:
    names = FullNames([a, b])
    assert names.key_of(a) == names.key_of(b)
    assert len(names.display) == 1


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ada K. Morrow", "Ada B. Morrow"),  # middle initials that differ
        ("Ada Morrow", "Ben Morrow"),  # first names that differ
        ("Oren Pike", "Oren Pike Jr."),  # a Jr. is his father's son
        ("Beth Vane", "Liz Vane"),  # two nicknames of one name (Elizabeth) are not evidence
    ],
)
def test_two_people_are_never_merged_without_evidence(a: str, b: str) -> None:
    names = FullNames([a, b])
    assert names.key_of(a) != names.key_of(b)


def test_a_form_that_fits_two_people_joins_neither() -> None:
    names = FullNames(["Ada K. Morrow", "Ada B. Morrow", "Ada Morrow"])
    assert len({names.key_of(n) for n in ["Ada K. Morrow", "Ada B. Morrow", "Ada Morrow"]}) == 3
    assert names.key_of("Morrow") == "morrow"


def test_a_surname_alone_joins_the_one_identity_of_many_forms() -> None:
    """ "Boehner" beside "John A. Boehner" and "John Boehner": two forms, one person."""
    names = FullNames(["Tomas R. Wendt", "Tomas Wendt", "Tomas Wendt"])
    assert names.key_of("Wendt") == names.key_of("Tomas R. Wendt")
    assert names.display[names.key_of("Wendt")] == "Tomas Wendt"  # the form most mentions use


def test_display_ties_go_to_the_fuller_form() -> None:
    names = FullNames(["Chris Vane", "Christopher A. Vane"])
    assert names.display[names.key_of("Vane")] == "Christopher A. Vane"


def test_a_bare_surname_is_the_father_not_the_jr() -> None:
    assert FullNames(["Oren Pike Jr."]).key_of("Pike") == "pike"
    names = FullNames(["Oren Pike", "Oren Pike Jr."])
    assert names.key_of("Pike") == names.key_of("Oren Pike") != names.key_of("Oren Pike Jr.")


def test_a_misspelt_full_name_joins_the_right_one_whichever_is_asked() -> None:
    names = FullNames(["Cara Lindqvist", "Cara Lindqvist", "Cara Lindqivst"])
    assert names.key_of("Cara Lindqivst") == names.key_of("Cara Lindqvist") == "cara lindqvist"


def test_a_form_from_another_scope_finds_its_identity() -> None:
    names = FullNames(["Christopher A. Vane"])
    assert names.key_of("Chris Vane") == "christopher a vane"
    assert names.key_of("Chris B. Vane") == "chris b vane"


def test_parse_person_reads_the_parts_of_a_name() -> None:
    person = parse_person("Robert S. Tamsin III")
    assert (person.first, person.middle, person.last, person.suffix) == ("robert", ("s",), "tamsin", "iii")
    assert parse_person("Tamsin").first == "" and parse_person("Tamsin").last == "tamsin"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("U.S. Bureau of Kelp Studies", "Bureau of Kelp Studies"),
        ("Department of the Harbour", "Harbour Department"),
        ("The Kelp Institute", "Kelp Institute"),
        ("Kelp & Tide Council", "Kelp and Tide Council"),
        ("the agency's Office of Tide Review", "Office of Tide Review"),
        ("K.T.C.", "KTC"),
    ],
)
def test_forms_of_one_organisation_share_a_key(a: str, b: str) -> None:
    assert organisation_key(a) == organisation_key(b)


def test_an_acronym_is_the_initials_of_the_name() -> None:
    assert "dotr" in acronyms_of("Department of Tide Review")
    assert "wada" in acronyms_of("World Anti-Doping Agency")  # a hyphenated word's parts give a letter each
    assert "btr" in acronyms_of("Bureau of Tide Review")
    assert acronyms_of("Kelp") == set()


@pytest.mark.parametrize(
    ("title", "name", "person"),
    [
        ("Mr.", "Quill", True),
        ("Rep.", "Ada Morrow", True),
        ("Speaker", "Ada Morrow", True),
        ("Mr.", "Harbour Council", False),
        ("the", "Quill", False),
    ],
)
def test_a_personal_title_makes_a_person(title: str, name: str, person: bool) -> None:
    assert titled_person(title, name) is person
