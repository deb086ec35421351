"""Citations, self-references and the outlet an article speaks as, on hand-written texts."""

from __future__ import annotations

from corroborate.assess.citations import citation_graph, find_citations, speaking_outlet, story_citations
from corroborate.ingest.outlets import OutletRegistry
from corroborate.model import Article


def article(text: str, outlet: str | None = None, article_id: str = "a") -> Article:
    return Article(id=article_id, source=f"{article_id}.txt", outlet=outlet, title=None, published=None, language="en", text=text)


REGISTRY = OutletRegistry.load()


def cited(text: str, short_names: dict[str, str] | None = None) -> list[tuple[str, str]]:
    found = find_citations(article(text), REGISTRY, short_names)
    for citation in found:
        assert text[citation.start : citation.end] == citation.text
    return [(c.cites, c.text) for c in found]


def test_a_call_sign_and_a_brand_are_one_outlet() -> None:
    assert cited("The tenant told Fox 31 that the door was broken. The footage was obtained by KDVR.") == [
        ("KDVR", "told Fox 31"),
        ("KDVR", "obtained by KDVR"),
    ]


def test_cues_before_and_after_the_name() -> None:
    text = "The mayor said on Fox News that help was coming, according to Telemundo Denver. TMZ reported the video first."
    assert [c for c, _ in cited(text)] == ["Fox News", "Telemundo Denver", "TMZ"]


def test_a_platform_needs_a_cue_and_a_bare_letter_is_no_citation() -> None:
    assert cited("She wrote on X that the building was unsafe.") == [("X", "wrote on X")]
    assert cited("Exhibit X shows the floor plan; X marks the spot.") == []


def test_a_name_without_a_cue_is_no_citation() -> None:
    assert cited("Fox News and TMZ both ran the story on Friday.") == []


def test_a_short_name_resolves_through_the_story() -> None:
    assert cited("A spokesperson told The Post the claim was false.", {"Post": "New York Post"}) == [
        ("New York Post", "told The Post")
    ]


def test_a_medium_is_a_citation_of_that_medium() -> None:
    assert cited("The company said in a statement that it followed every rule.") == [("statement", "in a statement")]


def test_an_article_that_speaks_as_an_outlet() -> None:
    ours = article("A spokesperson told TMZ in response to our story that the claims were false.")
    assert speaking_outlet(ours, REGISTRY) == "TMZ"
    asked = article("The governor spoke to reporters. When the Post asked again, he declined.")
    assert speaking_outlet(asked, REGISTRY, {"Post": "New York Post"}) == "New York Post"
    neutral = article("The senator told Fox News the bill would pass.")
    assert speaking_outlet(neutral, REGISTRY) is None


def test_self_references_are_marked_and_left_out_of_the_graph() -> None:
    own = article(
        "The mayor told Fox News the bridge was safe. He also said on TMZ that it was fine.", outlet="Fox News", article_id="own"
    )
    other = article("As the mayor told Fox News on Friday, the bridge is safe.", outlet="TMZ", article_id="other")
    articles, citations, _, notices = story_citations([own, other], REGISTRY)
    assert [(c.article, c.cites, c.is_self) for c in citations] == [
        ("own", "Fox News", True),
        ("own", "TMZ", False),
        ("other", "Fox News", False),
    ]
    assert notices == []
    edges = citation_graph(citations, articles)
    assert [(e.source, e.cites, e.count) for e in edges] == [("Fox News", "TMZ", 1), ("TMZ", "Fox News", 1)]


def test_an_inferred_outlet_is_recorded_with_a_notice() -> None:
    [inferred], _, _, [notice] = story_citations(
        [article("We've reached out to the police. The landlord told TMZ the tenants had left.")], REGISTRY
    )
    assert (inferred.outlet, inferred.outlet_from) == ("TMZ", "self_reference")
    assert notice.code == "outlet_inferred"
