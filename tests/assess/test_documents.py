"""Documents as the origin of claims outlets state in their own voice (hand-written texts)."""

from __future__ import annotations

from corroborate.align.claims import ClaimClusters
from corroborate.assess.claim_status import assess_claims
from corroborate.assess.documents import cited_documents, dating_clause, document_holders, named_documents
from corroborate.model import Article, Citation, Claim, Entity, Mention
from corroborate.nlp.quantities import find_quantities


def article(article_id: str, outlet: str, text: str) -> Article:
    return Article(id=article_id, source=article_id, outlet=outlet, title=None, published=None, language="en", text=text)


def claim_in(claim_id: str, art: Article, words: str) -> Claim:
    start = art.text.index(words)
    return Claim(id=claim_id, article=art.id, text=words, start=start, end=start + len(words), rule="test")


def status(claims: list[Claim], articles: list[Article], entities: list[Entity] = ()) -> tuple[str, tuple[str, ...]]:
    [group] = assess_claims(ClaimClusters([list(range(len(claims)))], {}, {}), claims, articles, list(entities))
    return group.status, group.sources


def test_according_to_the_auditors_report_cites_the_auditor() -> None:
    text = "According to the harbour auditor's report, the pier cost $4 million."
    [document] = cited_documents(text)
    assert (document.kind, document.owner) == ("report", "harbour auditor")


def test_the_report_made_public_by_the_auditor_found_names_its_owner_after_it() -> None:
    text = "The report, made public on Monday by the auditor, Mina Osei, found that the pier cost $4 million."
    [document] = cited_documents(text)
    assert (document.kind, document.owner) == ("report", "auditor")


def test_those_surveyed_are_a_polls_respondents() -> None:
    assert [d.kind for d in cited_documents("Six in 10 of those surveyed backed the levy.")] == ["poll"]


def test_a_report_in_passing_is_no_citation() -> None:
    """ "after the report came out": the sentence says when, not where its words come from."""
    assert cited_documents("Voss resigned two days after the report came out.") == []


def test_the_state_should_audit_every_network_names_no_audit() -> None:
    """A verb after its subject is no document ("the state should audit" is no "state
    should" audit); the owner before a document's noun still is."""
    text = "Ames said the state should audit every charter network, as the county's audit did."
    assert [(d.owner, d.kind) for d in named_documents(text)] == [("county", "report")]


def test_a_firms_poll_names_the_firm_and_the_firms_poll_names_no_one_new() -> None:
    text = "A Lakeshore Research poll found Voss ahead. That is up from the firm's May poll."
    assert [d.owner for d in named_documents(text)] == ["Lakeshore Research", "firm"]


def test_three_outlets_restating_one_audit_rest_on_it() -> None:
    """The auditor's findings restated by three outlets, each in its own words and one with
    the bare "the report": one source, not three outlets' independent reporting."""
    a = article("a", "The Daily Ledger", "According to the harbour auditor's report, the pier cost $4.1 million.")
    b = article("b", "City Wire", "The harbour auditor released a report. The report counted $4.1 million in pier costs.")
    c = article("c", "Coast Post", "The pier cost about $4 million, the harbour auditor's report found.")
    claims = [
        claim_in("a1", a, "the pier cost $4.1 million."),
        claim_in("b1", b, "The report counted $4.1 million in pier costs."),
        claim_in("c1", c, "The pier cost about $4 million"),
    ]
    assert status(claims, [a, b, c]) == ("single_source", ("harbour auditor report",))


def two_outlets(text_a: str, words_a: str, text_b: str, words_b: str, entities: list[Entity] = ()) -> tuple[str, tuple[str, ...]]:
    """The status and sources of one group: `words_a` as The Daily Ledger prints them in
    `text_a`, `words_b` as City Wire does in `text_b` (`entities`: the story's)."""
    a, b = article("a", "The Daily Ledger", text_a), article("b", "City Wire", text_b)
    return status([claim_in("a1", a, words_a), claim_in("b1", b, words_b)], [a, b], entities)


def test_a_polls_figures_in_three_outlets_rest_on_the_poll() -> None:
    assert two_outlets(
        "A Lakeshore Research poll found Voss ahead. Sixty percent of those surveyed oppose the levy.",
        "Sixty percent of those surveyed oppose the levy.",
        "Six in 10 voters in the survey said they oppose the levy.",
        "Six in 10 voters in the survey said they oppose the levy.",
    ) == ("single_source", ("Lakeshore Research",))


def test_an_acronyms_report_is_the_office_it_abbreviates() -> None:
    office = Entity(
        id="e1",
        name="Office of Harbour Ethics",
        kind="organization",
        mentions=(Mention(article="a", start=25, end=49, text="Office of Harbour Ethics"),),
    )
    a = article(
        "a", "The Daily Ledger", "Voss was cleared by the Office of Harbour Ethics. According to the OHE report, he paid $900."
    )
    b = article("b", "City Wire", "The OHE report found that Voss paid $900.")
    claims = [claim_in("a1", a, "he paid $900."), claim_in("b1", b, "Voss paid $900.")]
    assert status(claims, [a, b], [office]) == ("single_source", ("Office of Harbour Ethics",))


def test_outlets_own_reporting_stays_independent() -> None:
    a = article("a", "The Daily Ledger", "The pier opened on Monday.")
    b = article("b", "City Wire", "The pier opened Monday, after the auditor's report came out.")
    claims = [claim_in("a1", a, "The pier opened on Monday."), claim_in("b1", b, "The pier opened Monday")]
    assert status(claims, [a, b])[0] == "corroborated"


def test_it_also_found_goes_on_with_the_report_the_sentence_before_cited() -> None:
    a = article(
        "a",
        "The Daily Ledger",
        "The Lakeshore Institute report estimated the cost at $2 billion. It also found that 60 percent goes to the top.",
    )
    b = article("b", "City Wire", "According to the Lakeshore Institute report, 61 percent of the benefits go to the top.")
    claims = [
        claim_in("a1", a, "It also found that 60 percent goes to the top."),
        claim_in("b1", b, "61 percent of the benefits go to the top."),
    ]
    assert status(claims, [a, b]) == ("single_source", ("Lakeshore Institute",))


def test_a_poll_released_over_the_weekend_showed_cites_the_poll() -> None:
    [document] = cited_documents("A Harbor Ledger poll released over the weekend showed Voss ahead.")
    assert (document.kind, document.owner) == ("poll", "Harbor Ledger")


def test_the_harlow_report_is_the_harlow_institute_named_in_full() -> None:
    institute = Entity(id="e1", name="Harlow Institute for Fiscal Policy", kind="organization")
    a = article("a", "The Daily Ledger", "The Harlow report found that taxes would rise by $900.")
    b = article("b", "City Wire", "Taxes would rise by $900, according to a report by the Harlow Institute for Fiscal Policy.")
    claims = [claim_in("a1", a, "taxes would rise by $900."), claim_in("b1", b, "Taxes would rise by $900")]
    assert status(claims, [a, b], [institute]) == ("single_source", ("Harlow Institute for Fiscal Policy",))


def test_the_survey_of_500_voters_has_a_margin_of_error_rests_on_the_survey() -> None:
    """A document as its sentence's subject, whatever the verb: the poll's own facts."""
    assert two_outlets(
        "The Lakeshore Research poll of voters found Voss ahead. The poll surveyed about 500 voters.",
        "The poll surveyed about 500 voters.",
        "The survey of roughly 500 voters has a margin of error of 4 points.",
        "The survey of roughly 500 voters has a margin of error of 4 points.",
    ) == ("single_source", ("Lakeshore Research",))


def test_the_records_show_cites_records_that_name_no_other_document() -> None:
    text = "The Coast Board's report faulted him. Over that period, the records show, the firm made $1.2 million."
    [document] = [d for d in cited_documents(text) if d.start > 40]
    assert (document.kind, document.owner) == ("records", "")


def test_first_reported_by_the_harbor_ledger_rests_on_the_ledger() -> None:
    """Two outlets restating a third's scoop ("first reported by the Harbor Ledger",
    "according to the Harbor Ledger") rest on it, one source; "the cable was published
    by the Harbor Ledger" is an event each outlet reports, not a report taken over."""
    from corroborate.model import Citation

    a = article("a", "The Daily Ledger", "Voss lobbied for the railroad, as first reported by the Harbor Ledger.")
    b = article("b", "City Wire", "Voss lobbied for the railroad, according to the Harbor Ledger.")
    claims = [claim_in("a1", a, "Voss lobbied for the railroad"), claim_in("b1", b, "Voss lobbied for the railroad")]
    citations = [
        Citation(article="a", cites="Harbor Ledger", text="first reported by the Harbor Ledger", start=34, end=69),
        Citation(article="b", cites="Harbor Ledger", text="according to the Harbor Ledger", start=32, end=62),
    ]
    [group] = assess_claims(ClaimClusters([[0, 1]], {}, {}), claims, [a, b], [], citations=citations)
    assert (group.status, group.sources) == ("single_source", ("Harbor Ledger",))
    published = [c.model_copy(update={"text": "published by the Harbor Ledger"}) for c in citations]
    [group] = assess_claims(ClaimClusters([[0, 1]], {}, {}), claims, [a, b], [], citations=published)
    assert group.status == "corroborated"


def test_a_report_by_the_harbor_safety_league_a_watchdog_that_found_rests_on_the_league() -> None:
    """The owner after "by"/"from", an aside, then "that"/"which" and the finding: three
    outlets restating one watchdog's report are one source."""
    texts = [
        "The closure follows a March report from the Harbor Safety League, a watchdog group, which counted 212 cracked pilings.",
        "The closure comes after a report by the Harbor Safety League, an advocacy group, found 212 cracked pilings.",
        "It came weeks after a report by the Harbor Safety League, a watchdog in Portland, that found 212 cracked pilings.",
    ]
    for text in texts:
        assert [(d.kind, d.owner) for d in cited_documents(text)] == [("report", "Harbor Safety League")]
    arts = [
        article(f"a{n}", outlet, text) for n, (outlet, text) in enumerate(zip(["NYT", "Fox", "HuffPost"], texts, strict=True))
    ]
    claims = [claim_in(f"c{n}", art, "212 cracked pilings") for n, art in enumerate(arts)]
    assert status(claims, arts) == ("single_source", ("Harbor Safety League",))


def test_a_senator_pointing_to_the_leagues_report_which_found_relays_the_league() -> None:
    """A speaker relaying a document's finding in the claim's own words ("She pointed to
    a report from X, which found ...") states the document's claim: one source with an
    outlet restating that report."""
    first = article("a", "NYT", "The report by the Harbor Safety League found 212 cracked pilings along the pier.")
    second = article(
        "b",
        "Fox",
        "Sen. Ana Ruiz pointed to a report from the Harbor Safety League, a watchdog, which found 212 cracked pilings.",
    )
    claims = [
        claim_in("c1", first, "The report by the Harbor Safety League found 212 cracked pilings along the pier."),
        claim_in("c2", second, "a report from the Harbor Safety League, a watchdog, which found 212 cracked pilings").model_copy(
            update={"by": "e1"}
        ),
    ]
    ruiz = Entity(id="e1", name="Ana Ruiz", kind="person", mentions=(Mention(article="b", start=5, end=13, text="Ana Ruiz"),))
    assert status(claims, [first, second], [ruiz]) == ("single_source", ("Harbor Safety League",))


def test_voss_paid_ode_46000_dollars_unattributed_restates_the_court_records() -> None:
    """An outlet stating, unattributed, the figure another takes from a document states
    the document's figure ("more than $45,000" rounds it); a claim sharing no figure
    with it stays the outlet's own."""
    texts = [
        ("NYT", "According to court records, Carl Voss paid Mara Ode $46,000 in cash for the permits."),
        ("Fox", "Carl Voss paid Mara Ode $46,000 in cash for the permits."),
        ("HuffPost", "Carl Voss paid Mara Ode more than $45,000 in cash for the permits."),
    ]
    arts = [article(f"a{n}", outlet, text) for n, (outlet, text) in enumerate(texts)]
    claims = [
        claim_in(f"c{n}", art, art.text).model_copy(update={"quantities": tuple(find_quantities(art.text))})
        for n, art in enumerate(arts)
    ]
    assert status(claims, arts) == ("single_source", ("court records",))
    apart = [c.model_copy(update={"quantities": ()}) if c.id != "c0" else c for c in claims]
    assert status(apart, arts)[0] == "corroborated"


def test_runaway_overtime_in_an_article_citing_the_audit_restates_the_audit() -> None:
    """An outlet's unattributed summary in an article that, in the same group, takes
    the claim from one document is that document's, not the outlet's own finding; an
    article citing no document keeps its own voice."""
    a = article(
        "a",
        "The Daily Ledger",
        "Overtime at the harbour police has run out of control. "
        "The harbour auditor's report found the police spent $9 million on overtime.",
    )
    b = article("b", "City Wire", "The harbour auditor's report found $9 million in police overtime.")
    claims = [
        claim_in("a1", a, "Overtime at the harbour police has run out of control."),
        claim_in("a2", a, "The harbour auditor's report found the police spent $9 million on overtime."),
        claim_in("b1", b, "The harbour auditor's report found $9 million in police overtime."),
    ]
    assert status(claims, [a, b]) == ("single_source", ("harbour auditor report",))
    c = article("c", "Coast Post", "Overtime at the harbour police has run out of control, officers say.")
    own = [*claims, claim_in("c1", c, "Overtime at the harbour police has run out of control")]
    assert status(own, [a, b, c])[0] == "corroborated"


def test_the_sales_were_first_reported_by_the_harbor_ledger_is_each_outlets_own() -> None:
    """A sentence stating only that an outlet broke the story: each outlet reporting it
    is a witness of that report, not taking its words from it."""
    from corroborate.model import Citation

    texts = [
        "The sales were first reported by the Harbor Ledger.",
        "The sales were first reported on Monday by the Harbor Ledger.",
    ]
    arts = [article("a", "The Daily Ledger", texts[0]), article("b", "City Wire", texts[1])]
    claims = [claim_in(f"c{n}", art, art.text) for n, art in enumerate(arts)]
    citations = [
        Citation(article=art.id, cites="Harbor Ledger", text=(cue := art.text[15:-1]), start=15, end=15 + len(cue))
        for art in arts
    ]
    [group] = assess_claims(ClaimClusters([[0, 1]], {}, {}), claims, arts, [], citations=citations)
    assert group.status == "corroborated"


def test_the_council_a_trade_group_estimated_in_a_report_names_the_reports_owner() -> None:
    text = (
        "Losses mounted. The Keel Retail Council, a trade group of importers, estimated in a report released on "
        "Tuesday that the strike would cost $2.7 billion a day."
    )
    assert [(d.kind, d.owner) for d in cited_documents(text)] == [("report", "Keel Retail Council")]
    # the owner is the subject of the verb stating in the document, nobody else
    assert [(d.kind, d.owner) for d in cited_documents("In a report, costs rose.")] == [("report", "")]
    assert [(d.kind, d.owner) for d in cited_documents("Mr. Pell, who read it, was quoted in a report.")] == [("report", "")]


def test_the_audit_obtained_by_the_sentinel_is_not_the_sentinels_audit() -> None:
    """Who has a copy is not whose document it is ("obtained by", "reviewed by"); a
    leaked report is a report; an owner after "by" may come with a possessive ("prepared
    by the department's Audit Bureau")."""
    text = "The internal audit, obtained last week by the Harbor Sentinel, found the unit spent $39 million."
    assert [(d.kind, d.owner) for d in cited_documents(text)] == [("report", "")]
    assert [(d.kind, d.owner) for d in cited_documents("According to the leaked report, overtime doubled.")] == [("report", "")]
    text = "The audit, dated March 4 and prepared by the department's Inspections Bureau, was reported by the Sentinel."
    assert [(d.kind, d.owner) for d in named_documents(text)] == [("report", "Inspections Bureau")]


def test_the_audit_obtained_by_the_harbor_gazette_is_held_by_the_gazette() -> None:
    text = (
        "The audit, completed in May and obtained last week by the Harbor Gazette, found waste. "
        "The memo was first published Friday by the Tallis newspaper Vostok, a daily."
    )
    assert document_holders(text) == [("Harbor Gazette", "report")]
    assert document_holders("Two days after the Harbor Gazette first reported on a leaked audit.") == [
        ("Harbor Gazette", "report")
    ]


def test_what_the_gazette_reports_of_the_audit_it_obtained_is_the_audits() -> None:
    """The paper that obtained the audit is no second origin of its figures."""
    a = article(
        "a",
        "The Daily Ledger",
        "The audit, prepared by the Harbor Audit Office, was obtained by the Harbor Gazette. "
        "One clerk earned $90,000 in overtime, according to the Harbor Gazette.",
    )
    b = article("b", "City Wire", "According to the Harbor Audit Office's audit, one clerk earned $90,000 in overtime.")
    claims = [
        claim_in("a1", a, "One clerk earned $90,000 in overtime"),
        claim_in("b1", b, "one clerk earned $90,000 in overtime."),
    ]
    citations = [
        Citation(
            article="a",
            cites="Harbor Gazette",
            text="according to the Harbor Gazette",
            start=a.text.index("according to"),
            end=a.text.index("according to") + 31,
        )
    ]
    [group] = assess_claims(ClaimClusters([[0, 1]], {}, {}), claims, [a, b], [], citations=citations)
    assert (group.status, group.independent_sources) == ("single_source", 1)


def test_fired_the_clerk_after_a_leaked_audit_found_is_the_outlets_news() -> None:
    """The report dates the firing; it is not where the outlets learned of it."""
    assert (
        two_outlets(
            "The mayor fired the clerk on Monday after a leaked audit found waste.",
            "The mayor fired the clerk on Monday",
            "The mayor fired the clerk Monday, two days after the Harbor Gazette's audit found waste.",
            "The mayor fired the clerk Monday",
        )[0]
        == "corroborated"
    )
    assert dating_clause("fired on Monday after a leaked audit found", 22)
    assert not dating_clause("The recall comes seven weeks after a report by the group", 35)


def test_an_outside_study_by_the_consulting_firm_larkspur_is_larkspurs() -> None:
    """A modifier before the noun ("outside", "enrollment") is no owner when a name follows."""
    text = "An outside study by the consulting firm Larkspur Advisors found the drop. The firm's poll found more."
    assert [(d.kind, d.owner) for d in named_documents(text)] == [("study", "Larkspur Advisors"), ("poll", "firm")]
    assert [d.owner for d in named_documents("An outside audit of the books found waste.")] == ["outside"]


def body_named_in(text_b: str, name: str) -> Entity:
    """The organisation `name` as City Wire's `text_b` names it."""
    start = text_b.index(name)
    return Entity(
        id="e1", name=name, kind="organization", mentions=(Mention(article="b", start=start, end=start + len(name), text=name),)
    )


def test_a_report_the_department_released_which_put_rests_on_the_storys_one_department() -> None:
    """A document with its maker before "released" ("a report the department released in
    May, which put") cites that maker; the bare "department" is the story's one department."""
    text_a = "It rests on a report the department released in May, which put the backlog at $4 billion."
    [document] = cited_documents(text_a)
    assert (document.kind, document.owner) == ("report", "department")
    text_b = "According to the Harbour Roads Department report, the backlog is $4 billion."
    words_a = "a report the department released in May, which put the backlog at $4 billion."
    department = body_named_in(text_b, "Harbour Roads Department")
    found = two_outlets(text_a, words_a, text_b, "the backlog is $4 billion.", [department])
    assert found == ("single_source", ("Harbour Roads Department",))


def test_it_projected_and_it_found_goes_on_with_the_study_the_sentence_before_cited() -> None:
    """A pronoun going on with a study's projections ("It projected ..., and it found")
    cites the study the sentence before named."""
    assert two_outlets(
        "The study by Larkspur Advisors found that enrollment fell. "
        "It projected that enrollment would slide, and it found that the schools were 61 percent full.",
        "the schools were 61 percent full.",
        "According to the Larkspur Advisors study, the schools are 60 percent full.",
        "the schools are 60 percent full.",
    ) == ("single_source", ("Larkspur Advisors",))


def test_the_times_reported_citing_the_same_study_rests_on_the_study() -> None:
    """An outlet crediting a claim to another outlet's report rests on what that report
    rests on, when the cited outlet's article is in the story."""
    a = article("a", "The New York Times", "According to the Larkspur Advisors study, the schools are 61 percent full.")
    b = article("b", "HuffPost", "The schools are about 60 percent full, The New York Times reported, citing the study.")
    claims = [
        claim_in("a1", a, "the schools are 61 percent full."),
        claim_in("b1", b, "The schools are about 60 percent full"),
    ]
    start = b.text.index("The New York Times reported")
    citations = [
        Citation(article="b", cites="The New York Times", text="The New York Times reported", start=start, end=start + 27)
    ]
    [group] = assess_claims(ClaimClusters([[0, 1]], {}, {}), claims, [a, b], [], citations=citations)
    assert (group.status, group.sources) == ("single_source", ("Larkspur Advisors",))


def test_a_report_the_alliance_released_in_march_found_rests_on_the_marrow_river_alliance() -> None:
    """ "A report the alliance released in March found" cites its maker, the story's one
    alliance."""
    [document] = cited_documents("A report the alliance released in March found that repairs slipped.")
    assert (document.kind, document.owner) == ("report", "alliance")
    text_a = "A report the alliance released in March found that repairs slipped by $4 million."
    text_b = "According to the Marrow River Alliance report, repairs slipped by $4 million."
    alliance = body_named_in(text_b, "Marrow River Alliance")
    found = two_outlets(text_a, text_a, text_b, "repairs slipped by $4 million.", [alliance])
    assert found == ("single_source", ("Marrow River Alliance",))


def test_the_more_than_140_page_complaint_has_no_owner() -> None:
    """A length's hedge before the document ("more than", "nearly") names no owner."""
    text = "The more than 140-page complaint, which her office posted online, is heavily redacted."
    assert [d.owner for d in named_documents(text)] == []
    assert [d.owner for d in named_documents("A nearly 90-page report by the Tarrow Institute found waste.")] == [
        "Tarrow Institute"
    ]


def test_an_audit_of_glimmers_data_is_not_glimmers_audit() -> None:
    """Whose data a document examined is not its owner; whose it is, is."""
    text = "The app passed an independent audit of Glimmer's data on teenage users, the news agency said."
    assert "Glimmer" not in [d.owner for d in named_documents(text)]
    assert [d.owner for d in named_documents("A report of the Tarrow Institute found waste.")] == ["Tarrow Institute"]
