"""What the people index reads once per Doc, on real parses of our own sentences: the
quote extraction and the claims each index an article, with different quotations."""

from __future__ import annotations

import pytest

from corroborate.nlp.people import index_people
from corroborate.nlp.sentences import doc_text

pytestmark = pytest.mark.model

TEXT = (
    "Marta Quell, the harbour master, closed the pier on Monday. “Teodor Brisk warned us,” "
    "Quell said. Brisk told reporters the pilings were rotten. Aides said nothing.\n\n"
    "Research suggests new research is needed, she said."
)


def test_a_second_index_with_other_quotations_is_what_a_fresh_doc_gives(nlp) -> None:  # type: ignore[no-untyped-def]
    """The parts kept for a Doc's later asks never carry the first ask's quotations: a
    name inside the quotation the first index leaves out is found by the second."""
    quote = TEXT.index("“")
    quoted = [(quote, TEXT.index("”") + 1)]
    doc = nlp(TEXT)
    first = index_people(doc, quoted)
    second = index_people(doc, [])
    fresh_first, fresh_second = index_people(nlp(TEXT), quoted), index_people(nlp(TEXT), [])
    for got, want in ((first, fresh_first), (second, fresh_second)):
        assert got.mentions == want.mentions
        assert got.common == want.common
        assert got.roles == want.roles
        assert got.orgs == want.orgs
    inside = TEXT.index("Teodor")
    assert inside in {m.start for m in second.mentions}
    assert inside not in {m.start for m in first.mentions}


def test_doc_text_is_the_docs_text_joined_once(nlp) -> None:  # type: ignore[no-untyped-def]
    doc = nlp(TEXT)
    assert doc_text(doc) == doc.text == TEXT
    assert doc_text(doc) is doc_text(doc)


def test_its_president_dirk_vandermoss_tagged_an_organisation_is_no_organisation(nlp) -> None:  # type: ignore[no-untyped-def]
    """A person's name the NER tagged an organisation is a person of the index and not
    one of its organisations, so "the group" or "the company" never points back to him."""
    text = (
        "Mr. Abernathy said the count was low. \u201cKessel printed exactly what Harlan County approved,\u201d its "
        "president, Dirk Vandermoss, said in a statement."
    )
    people = index_people(nlp(text), [])
    assert "Dirk Vandermoss" in people.person_names
    assert "Dirk Vandermoss" not in {name for _, name in people.orgs}
