"""Copied passages, spokespeople speaking for their principals, and claim status order."""

from __future__ import annotations

from corroborate.align.claims import ClaimClusters
from corroborate.assess.claim_status import assess_claims, status_of
from corroborate.assess.copies import find_copies
from corroborate.assess.principals import leaders_of, organisations_led, principals
from corroborate.model import Article, Claim, Copy, Entity, Role
from corroborate.nlp.quantities import find_quantities

WIRE = (
    "Crews closed the harbour road on Tuesday after a sinkhole opened beside the fish market, "
    "and the port authority said repairs would take at least three weeks to complete."
)


def article(article_id: str, text: str, published: str | None = None) -> Article:
    return Article(
        id=article_id, source=article_id, outlet=article_id.upper(), title=None, published=published, language="en", text=text
    )


def test_a_copied_paragraph_points_at_the_earlier_article() -> None:
    first = article("wire", f"{WIRE}\n\nMore to follow.", published="2026-03-02")
    copy = article("paper", f"Local news in brief.\n\n{WIRE}\n\nTraffic was diverted.", published="2026-03-03")
    other = article("other", "A new bakery opened on Main Street, selling rye bread and cakes to a long queue of neighbours.")
    [found] = find_copies([copy, first, other])
    assert (found.article, found.source, found.direction_known) == ("paper", "wire", True)
    assert copy.text[found.start : found.end] == WIRE
    assert first.text[found.source_start : found.source_end] == WIRE


def test_different_reports_are_no_copies() -> None:
    a = article("a", "The harbour road closed on Tuesday when a sinkhole appeared near the market, officials said today.")
    b = article("b", "A sinkhole near the fish market shut the harbour road, and repairs may last weeks, the port says.")
    assert find_copies([a, b]) == []


def test_one_statement_printed_by_two_outlets_is_no_copy() -> None:
    # Both print the lawyer's statement whole; only the attribution is their own.
    said = "“This ruling should worry every ferry passenger in the county. Months of hearings found no fault in the crew,”"
    a = article("a", f"{said} Mr. Ruiz added.", published="2026-03-02")
    b = article("b", f"{said} the lawyer said.", published="2026-03-03")
    assert find_copies([a, b]) == []


def test_a_copied_attribution_around_a_quotation_is_a_copy() -> None:
    said = "“The ferry runs again on Monday,”"
    own = " said Ana Ruiz, a spokeswoman for the county harbour board, after the inspection on the pier."
    a = article("a", said + own, published="2026-03-02")
    b = article("b", said + own, published="2026-03-03")
    [found] = find_copies([a, b])
    assert (found.article, found.source) == ("b", "a")


def person(entity_id: str, name: str, *roles: str) -> Entity:
    return Entity(id=entity_id, name=name, kind="person", roles=tuple(Role(article="a", text=r) for r in roles))


def test_a_spokeswoman_speaks_for_the_governor() -> None:
    governor = person("e1", "Ana Reyes", "Gov.")
    spokeswoman = person("e2", "Lia Park", "a spokeswoman for the governor")
    aide = person("e3", "Tom Ode", "Reyes' aide")
    mayor = person("e4", "Bo Lund", "Mayor")
    assert principals([governor, spokeswoman, aide, mayor]) == {"e2": "e1", "e3": "e1"}


def test_status_is_the_most_severe() -> None:
    assert status_of([{"kind": "quantity"}], ["X"], ["a", "b"]) == "conflicting"
    assert status_of([], ["X"], ["a", "b"]) == "disputed"
    assert status_of([], [], ["a", "b"]) == "corroborated"
    assert status_of([], [], ["a"]) == "single_source"


def status_claim(claim_id: str, article_id: str, text: str, by: str | None = None) -> Claim:
    return Claim(
        id=claim_id, article=article_id, text=text, start=0, end=len(text), by=by,
        quantities=tuple(find_quantities(text)), rule="test",
    )  # fmt: skip


def judged(claims: list[Claim], arts: list[Article], entities: list[Entity] = ()):
    [group] = assess_claims(ClaimClusters([list(range(len(claims)))], {}, {}), claims, arts, list(entities))
    return group


def test_a_rounded_sum_is_no_conflict() -> None:
    a = status_claim("a1", "a", "The bill grants $1.4 billion for fencing along the river.")
    b = status_claim("b1", "b", "The bill provides $1.375 billion for fencing along the river.")
    group = judged([a, b], [article("a", ""), article("b", "")])
    assert group.status == "corroborated" and group.conflicts == ()


def test_one_sum_of_several_listed_is_no_conflict() -> None:
    a = status_claim("a1", "a", "The city takes about $600 million from the harbour fund.")
    b = status_claim("b1", "b", "It moves $200 million from the parks budget and $600 million from the harbour fund.")
    c = status_claim("c1", "c", "It taps $2.5 billion from the road programme and $600 million from the harbour fund.")
    group = judged([a, b, c], [article("a", ""), article("b", ""), article("c", "")])
    assert group.conflicts == ()


def test_two_sums_for_one_thing_conflict_and_say_where() -> None:
    a = status_claim("a1", "a", "The city paid $84,000 from the harbour fund to settle the case.")
    b = status_claim("b1", "b", "The city paid $120,000 from the harbour fund to settle the case.")
    group = judged([a, b], [article("a", ""), article("b", "")])
    assert group.status == "conflicting"
    assert (group.conflicts[0]["a_text"], group.conflicts[0]["b_text"]) == ("$84,000", "$120,000")
    assert "cannot both hold" in group.status_reason


def test_one_person_named_two_ways_is_one_source() -> None:
    """ "John Boehner" in one outlet and "John A. Boehner" in another: one speaker."""
    a = status_claim("a1", "a", "We have fifty of our members in tough races this year.", by="e1")
    b = status_claim("b1", "b", "We have fifty of our members in tough races this year.", by="e2")
    people = [person("e1", "Jon Harte"), person("e2", "Jon Q. Harte")]
    group = judged([a, b], [article("a", ""), article("b", "")], people)
    assert group.status == "single_source" and group.independent_sources == 1


def test_an_outlet_printing_a_speakers_words_is_no_second_source() -> None:
    a = status_claim("a1", "a", "You take eighteen of them and those districts are frankly pretty vulnerable.", by="e1")
    b = status_claim("b1", "b", "You take eighteen of them, and those districts are frankly pretty vulnerable.")
    group = judged([a, b], [article("a", ""), article("b", "")], [person("e1", "Jon Harte")])
    assert group.status == "single_source"


def test_articles_of_unknown_outlet_do_not_corroborate_each_other() -> None:
    a = status_claim("a1", "a", "The ferry ran aground near the lighthouse on Monday night.")
    b = status_claim("b1", "b", "A ferry ran aground by the lighthouse late on Monday.")
    unknown = [article("a", "").model_copy(update={"outlet": None}), article("b", "").model_copy(update={"outlet": None})]
    assert judged([a, b], unknown).status == "single_source"
    assert judged([a, b], [article("a", ""), unknown[1]]).status == "corroborated"


def test_a_passage_copied_between_articles_of_unknown_outlet_is_still_one_source() -> None:
    """Three ECB+-style articles, no outlet known: one copies another's passage. The
    copy is its source's reporting, and that source is one of the outlets unknown."""
    a = status_claim("a1", "a", "The ferry ran aground near the lighthouse on Monday night.")
    b = status_claim("b1", "b", "A ferry ran aground by the lighthouse late on Monday.")
    c = status_claim("c1", "c", "The ferry ran aground near the lighthouse on Monday night.")
    unknown = [article(x, "").model_copy(update={"outlet": None}) for x in "abc"]
    copy = Copy(article="c", source="a", start=0, end=len(c.text), source_start=0, source_end=len(a.text), containment=1.0)
    [group] = assess_claims(ClaimClusters([[0, 1, 2]], {}, {}), [a, b, c], unknown, [], [copy])
    assert (group.status, group.independent_sources) == ("single_source", 1)
    # With the outlets known, the copy is still its source's: two sources, not three.
    known = [article(x, "") for x in "abc"]
    [group] = assess_claims(ClaimClusters([[0, 1, 2]], {}, {}), [a, b, c], known, [], [copy])
    assert (group.status, group.independent_sources) == ("corroborated", 2)


def test_hollister_campaign_spokeswoman_speaks_for_hollister() -> None:
    candidate = person("e1", "Wade Hollister", "former Gov.")
    spokeswoman = person("e2", "Jenna Marlowe", "Hollister campaign spokeswoman")
    lawyer = person("e3", "Tom Ode", "Strzok attorney")
    assert principals([candidate, spokeswoman, lawyer]) == {"e2": "e1"}


def test_a_colter_ridge_spokeswoman_speaks_for_the_company_not_a_place_of_that_name() -> None:
    """No one speaks for a place: a company's short name also tagged a place leaves the company."""
    company = Entity(id="e1", name="Colter Ridge Energy", kind="organization", aliases=["Colter Ridge"])
    place = Entity(id="e2", name="Colter Ridge", kind="place")
    spokeswoman = person("e3", "Ana Vell", "Colter Ridge spokeswoman")
    assert principals([company, place, spokeswoman]) == {"e3": "e1"}


def test_a_chief_communications_officer_and_a_lawyer_who_represents_speak_for_their_principals() -> None:
    district = Entity(id="e1", name="Tarn Valley School District", kind="organization")
    officer = person("e2", "Pia Lund", "the district’s chief communications officer")
    client = person("e3", "Hal Corwin", "Mr.")
    lawyer = person("e4", "Ruth Amsel", "a Dayton lawyer who represents Mr. Corwin")
    assert principals([district, officer, client, lawyer]) == {"e2": "e1", "e4": "e3"}


def test_a_superintendent_whose_role_names_no_body_may_lead_the_district() -> None:
    district = Entity(id="e1", name="Tarn Valley School District", kind="organization")
    union = Entity(id="e2", name="Tarn Valley Federation of Teachers", kind="organization")
    superintendent = person("e3", "Nora Vale", "Superintendent")
    union_head = person("e4", "Ed Rusk", "president of the Tarn Valley Federation of Teachers")
    parent = person("e5", "Lia Moss", "a parent")
    officer = person("e6", "Pia Lund", "chief communications officer")
    leaders = leaders_of([district, union, superintendent, union_head, parent, officer])
    assert leaders["e1"] == {"e3"}
    assert leaders["e2"] == {"e3", "e4"}


def test_the_ridgeline_ceo_leads_ridgeline_power_and_light_but_a_brannock_mayor_no_council() -> None:
    """A company by its first word leads to its chief; a public body's first word is its
    place's, and a mayor of that place does not lead its council."""
    company = Entity(id="e1", name="Ridgeway Power & Light", kind="organization")
    council = Entity(id="e2", name="Dunmore City Council", kind="organization")
    chief = person("e3", "Wes Ashe", "Ridgeway CEO")
    mayor = person("e4", "Ann Tolliver", "Dunmore mayor")
    assert organisations_led([company, council, chief, mayor]) == {"e3": "e1"}
