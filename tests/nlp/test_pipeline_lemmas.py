"""The pipeline lemmatises verbs only: the lemmas the extractors read, at a tenth less parse."""

from __future__ import annotations

import pickle

import pytest

from corroborate.nlp.pipeline import VerbLemmas

pytestmark = pytest.mark.model


def test_verbs_keep_their_lemmas_and_other_words_get_none(nlp) -> None:
    doc = nlp("The harbour master told reporters the piers were being repaired, and she says the ferries wait.")
    lemmas = {t.text: t.lemma_ for t in doc}
    assert (lemmas["told"], lemmas["were"], lemmas["repaired"], lemmas["says"], lemmas["wait"]) == (
        "tell", "be", "repair", "say", "wait",
    )  # fmt: skip
    assert lemmas["piers"] == lemmas["ferries"] == lemmas["reporters"] == ""


def test_the_verb_lemmatizer_pickles_for_parallel_parsing(nlp) -> None:
    lemmatize = nlp.get_pipe("lemmatizer").lemmatize
    assert isinstance(lemmatize, VerbLemmas)
    assert isinstance(pickle.loads(pickle.dumps(lemmatize)), VerbLemmas)


def test_abbreviated_ranks_are_one_token(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp("They met Sgt. Lena Ortiz, Lt. Dan Cole and Det. Ray Moss.")
    assert {"Sgt.", "Lt.", "Det."} <= {t.text for t in doc}
    assert len(list(doc.sents)) == 1


def test_every_abbreviated_title_a_name_loses_is_one_token(nlp) -> None:  # type: ignore[no-untyped-def]
    """One list (`names.ABBREVIATED_TITLES`) for the tokenizer and for names."""
    from corroborate.nlp.names import ABBREVIATED_TITLES, clean_name

    for title in ABBREVIATED_TITLES:
        doc = nlp(f"“We are ready,” said {title}. Ann Park of the county police.")
        assert f"{title}." in {t.text for t in doc}, title
        assert clean_name(f"{title}. Ann Park") == "Ann Park"


def test_a_headline_without_a_stop_is_not_run_into_the_lede(nlp) -> None:
    """ "Governor vetoes school bill, says ...\n\nGov. Dana Whitfield, R, ..." was one
    sentence to the parser: the lede's subject became the headline's object."""
    headline = "Nevada Gov. Whitfield vetoes $1.18B school bill, says it would hike property taxes"
    lede = "Nevada Gov. Dana Whitfield, R, on Thursday vetoed a school package, saying it would hit homeowners."
    doc = nlp(f"{headline}\n\n{lede}")
    assert [sentence.text.strip() for sentence in doc.sents] == [headline, lede]


def test_a_lede_after_a_headline_is_not_cut_after_its_first_word(nlp) -> None:
    """A sentence opened at the lede's first word must not end there ("Harbour" alone)."""
    lede = "Harbour Master Mara Voss (R-Maine) is resigning from the port board, she announced Friday."
    doc = nlp(f"Port Chief Mara Voss Resigns After Budget Row\n\n{lede}")
    assert [sentence.text.strip() for sentence in doc.sents][-1] == lede


def test_a_line_ending_its_sentence_or_a_single_line_break_is_left_to_the_parser(nlp) -> None:
    assert nlp.pipe_names.index("corroborate_line_starts") == nlp.pipe_names.index("parser") - 1
    doc = nlp("The ferry left at noon,\nand the pier closed.")
    assert len(list(doc.sents)) == 1


def test_a_quotation_after_one_a_m_opens_its_own_sentence(nlp) -> None:
    """ "... released after 1 a.m. “This race is not over,” he said." was one sentence:
    "a.m." read as no sentence's end, and "he" went to whoever else the first named."""
    first = "Lena Sorel, the senator's chief of staff, spoke to reporters after 1 a.m."
    second = "“We are not done counting,” she said."
    doc = nlp(f"{first} {second}")
    assert [sentence.text.strip() for sentence in doc.sents] == [first, second]
    # Not after a title: Gen. “Mad Dog” Reyes is one name.
    assert len(list(nlp("The unit was led by Gen. “Mad Dog” Reyes.").sents)) == 1


def test_x_dot_then_ruiz_on_the_next_line_is_no_one_name(nlp) -> None:
    """ "... Ruiz wrote on X.\n\nRuiz also told ...": the NER ran "X.\n\nRuiz" into one
    entity; a name never runs across a line break, the part on the new line stays."""
    from spacy.tokens import Span

    from corroborate.nlp.pipeline import LINE_ENTITIES, line_entities

    assert nlp.pipe_names.index(LINE_ENTITIES) == nlp.pipe_names.index("ner") + 1
    doc = nlp("The mayor answered Ruiz on X.\n\nRuiz also told reporters the pier was safe.")
    first = next(t.i for t in doc if t.text == "X.")
    ruiz = next(t.i for t in doc if t.text == "Ruiz" and t.i > first)
    doc.ents = [Span(doc, first, ruiz + 1, label="ORG")]
    assert [(e.text, e.label_) for e in line_entities(doc).ents] == [("Ruiz", "ORG")]


def _organisations_after_line_entities(nlp, text: str, first: str, last: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The entities `line_entities` leaves when the NER tagged one organisation, from the
    word `first` to the word `last` (the first of each in the text)."""
    from spacy.tokens import Span

    from corroborate.nlp.pipeline import line_entities

    doc = nlp(text)
    start = next(t.i for t in doc if t.text == first)
    end = next(t.i for t in doc if t.text == last and t.i >= start) + 1
    doc.ents = [Span(doc, start, end, label="ORG")]
    return [(e.text, e.label_) for e in line_entities(doc).ents]


def test_the_korvan_anti_doping_authority_cut_after_korvan_is_one_name(nlp) -> None:
    """An organisation the NER starts after its first word ("Anti-Doping Authority" of
    "The Korvan Anti-Doping Authority") runs back to the proper noun after "the"."""
    text = "The Korvan Anti-Doping Authority said in a statement that the sample was positive."
    assert _organisations_after_line_entities(nlp, text, "Anti", "Authority") == [("Korvan Anti-Doping Authority", "ORG")]
    untouched = "Officials said the Anti-Doping Authority had the sample."
    assert _organisations_after_line_entities(nlp, untouched, "Anti", "Authority") == [("Anti-Doping Authority", "ORG")]


def test_open_gate_said_tagged_from_gate_is_one_name(nlp) -> None:
    """An organisation the NER starts after the first word of a sentence it opens ("Open
    Gate said", tagged "Gate") runs back to it."""
    text = "The crews left at noon. Open Gate said in its statement that its staff had watched the loader."
    assert _organisations_after_line_entities(nlp, text, "Gate", "Gate") == [("Open Gate", "ORG")]


def test_fair_vote_ohio_a_voting_rights_group_is_an_organisation(nlp) -> None:
    """A name the NER left untagged that an apposition says is an organisation's ("Fair
    Vote Ohio, a voting-rights group") is one; a person's role beside a name is not."""
    doc = nlp("Fair Vote Ohio, a voting-rights group based in Akron, says the count is wrong.")
    assert ("Fair Vote Ohio", "ORG") in [(e.text, e.label_) for e in doc.ents]
    doc = nlp("Dana Ruiz, a lawyer in Akron, says the count is wrong.")
    assert "ORG" not in {e.label_ for e in doc.ents}


def test_a_paragraph_ending_on_x_dot_ends_its_sentence(nlp) -> None:
    """ "… wrote on X.\n\nA spokeswoman …": the parse never runs a post into the next paragraph."""
    doc = nlp("The union wrote on X.\n\nA spokeswoman for the state told reporters that the deal was under review.")
    spokeswoman = next(t for t in doc if t.text == "spokeswoman")
    assert not any(t.text == "union" for t in spokeswoman.sent)


def test_ashford_families_for_safe_rides_tagged_in_two_is_one_name(nlp) -> None:
    """Two organisations the NER tagged either side of a "for" are one name."""
    from spacy.tokens import Span

    from corroborate.nlp.pipeline import line_entities

    doc = nlp("Tamika Hollis, who founded Ashford Families for Safe Rides, said the buses were late.")
    ashford = next(t.i for t in doc if t.text == "Ashford")
    safe = next(t.i for t in doc if t.text == "Safe")
    doc.ents = [Span(doc, ashford, ashford + 2, label="ORG"), Span(doc, safe, safe + 2, label="ORG")]
    assert [(e.text, e.label_) for e in line_entities(doc).ents] == [("Ashford Families for Safe Rides", "ORG")]


def test_replacement_for_okoro_comma_vance_said_is_two_names(nlp) -> None:
    """ "a replacement for Okoro, Vance said": a name the NER ran over a comma between two
    names the parse keeps apart is two names; "Skadden, Arps"-like names the parse holds
    together, and a suffix ("Jr."), stay whole."""
    from spacy.tokens import Span

    from corroborate.nlp.pipeline import line_entities

    doc = nlp("The board will pick a replacement for Okoro, Vance said on Monday.")
    okoro = next(t.i for t in doc if t.text == "Okoro")
    doc.ents = [Span(doc, okoro, okoro + 3, label="ORG")]
    assert [e.text for e in line_entities(doc).ents] == ["Okoro", "Vance"]
    suffix = nlp("Ray Tolliver, Jr. said on Monday that the pier was safe.")
    suffix.ents = [Span(suffix, 0, 4, label="PERSON")]
    assert [e.text for e in line_entities(suffix).ents] == ["Ray Tolliver, Jr."]


def test_gwen_tatum_tagged_a_place_is_ms_tatum(nlp) -> None:
    """A surname the NER tagged a place ("Tatum" of "Gwen Tatum, a spokeswoman") that
    the article gives a person with an honorific ("Ms. Tatum") is that person's name,
    first name and all."""
    from spacy.tokens import Span

    from corroborate.nlp.pipeline import line_entities

    doc = nlp("Gwen Tatum, a spokeswoman for the builder, said the work was sound. Ms. Tatum added that it was inspected.")
    tatum = [t.i for t in doc if t.text == "Tatum"]
    doc.ents = [Span(doc, tatum[0], tatum[0] + 1, label="GPE"), Span(doc, tatum[1], tatum[1] + 1, label="PERSON")]
    assert [(e.text, e.label_) for e in line_entities(doc).ents] == [("Gwen Tatum", "PERSON"), ("Tatum", "PERSON")]
    place = nlp("Crews from Tatum said the road was closed. Ms. Okafor said it would reopen.")
    place.ents = [Span(place, 2, 3, label="GPE")]
    assert [(e.text, e.label_) for e in line_entities(place).ents] == [("Tatum", "GPE")]


def test_the_harbour_and_waterways_safety_administration_cut_at_and_is_one_name(nlp) -> None:  # type: ignore[no-untyped-def]
    """An organisation the NER starts after "X and" ("Waterways Safety Administration" of
    "the Harbour and Waterways Safety Administration") runs back over the word joined by
    "and" whose head is in the name."""
    text = "In May, the Harbour and Waterways Safety Administration, which inspects ferries, fined the operator."
    assert _organisations_after_line_entities(nlp, text, "Waterways", "Administration") == [
        ("Harbour and Waterways Safety Administration", "ORG")
    ]
    apart = "Ferries and the Waterways Safety Administration were named."
    assert _organisations_after_line_entities(nlp, apart, "Waterways", "Administration") == [
        ("Waterways Safety Administration", "ORG")
    ]
