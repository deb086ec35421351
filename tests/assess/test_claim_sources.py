"""Who asserts a claim: an outlet named as a speaker is its report; a speaker's own act
is attested by each outlet reporting it (hand-written texts)."""

from __future__ import annotations

import pytest

from corroborate.align.claims import ClaimClusters
from corroborate.assess.claim_status import assess_claims
from corroborate.model import Article, Claim, Entity, Mention, Role


def article(article_id: str, outlet: str, text: str) -> Article:
    return Article(id=article_id, source=article_id, outlet=outlet, title=None, published=None, language="en", text=text)


def claim(claim_id: str, article_id: str, text: str, by: str | None = None, offset: int = 0) -> Claim:
    return Claim(id=claim_id, article=article_id, text=text, start=offset, end=offset + len(text), by=by, rule="test")


def judged(claims: list[Claim], articles: list[Article], entities: list[Entity]):
    [group] = assess_claims(ClaimClusters([list(range(len(claims)))], {}, {}), claims, articles, entities)
    return group


def test_an_outlet_reported_by_another_is_that_outlets_one_report() -> None:
    """ "The Daily Ledger reported that ..." and the Ledger's own sentence: one source."""
    own = claim("a1", "a", "The charges will include wire fraud and tax evasion.")
    repeated = claim("b1", "b", "the charges will include wire fraud and tax evasion", by="e9")
    ledger = Entity(id="e9", name="Daily Ledger", kind="organization")
    articles = [article("a", "The Daily Ledger", own.text), article("b", "City Wire", "")]
    group = judged([own, repeated], articles, [ledger])
    assert group.status == "single_source" and group.independent_sources == 1


def test_a_speakers_announcement_of_their_own_act_is_attested_by_each_outlet() -> None:
    """ "Voss said he would not seek re-election", printed by two outlets: two witnesses."""
    a = claim("a1", "a", "he would not seek re-election next year", by="e1")
    b = claim("b1", "b", "he would not run for re-election next year", by="e1")
    voss = Entity(id="e1", name="Carl Voss", kind="person")
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    assert judged([a, b], articles, [voss]).status == "corroborated"


def test_what_was_done_to_the_speaker_rests_on_their_word() -> None:
    """ "she was fired after complaining": her account, however many outlets print it."""
    a = claim("a1", "a", "she was fired after complaining to the manager", by="e1")
    b = claim("b1", "b", "she was dismissed after complaining to the manager", by="e1")
    ode = Entity(id="e1", name="Mara Ode", kind="person")
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    assert judged([a, b], articles, [ode]).status == "single_source"


def test_he_inside_a_direct_quotation_is_someone_else() -> None:
    """'"He broke the law," Voss said': "he" is not Voss."""
    text_a, text_b = '"He broke the law," Voss said.', '"He broke the law," said Voss.'
    a = claim("a1", "a", "He broke the law", by="e1", offset=1)
    b = claim("b1", "b", "He broke the law", by="e1", offset=1)
    voss = Entity(id="e1", name="Carl Voss", kind="person")
    articles = [article("a", "The Daily Ledger", text_a), article("b", "City Wire", text_b)]
    assert judged([a, b], articles, [voss]).status == "single_source"


def test_a_partys_finding_two_outlets_report_rests_on_that_party() -> None:
    """ "The HAO ultimately found ..." and "The harbour audit office, which read the books,
    found ...": one finding, one source (an acronym is the words it abbreviates)."""
    a = claim("a1", "a", "The HAO ultimately found no evidence that the harbour fund was misused.", by=None)
    b = claim("b1", "b", "The harbour audit office, which read the books, found no evidence the fund was misused.")
    a, b = (c.model_copy(update={"predicate": "find"}) for c in (a, b))
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    group = judged([a, b], articles, [])
    assert group.status == "single_source" and group.sources == ("HAO", "harbour audit office")


def test_the_one_judged_and_an_act_announced_are_the_outlets_report() -> None:
    """ "Voss was criticized by ..." names who was judged; "announced" is an act each outlet reports."""
    a = claim("a1", "a", "Carl Voss was widely criticized for closing the harbour road.").model_copy(
        update={"predicate": "criticize"}
    )
    b = claim("b1", "b", "Carl Voss was widely criticized for shutting the harbour road.").model_copy(
        update={"predicate": "criticize"}
    )
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    assert judged([a, b], articles, []).status == "corroborated"
    c = claim("a1", "a", "The audit office announced the harbour fund audit.").model_copy(update={"predicate": "announce"})
    d = claim("b1", "b", "The audit office announced an audit of the harbour fund.").model_copy(update={"predicate": "announce"})
    assert judged([c, d], articles, []).status == "corroborated"


def test_a_speakers_account_of_their_past_or_of_what_they_are_rests_on_their_word() -> None:
    """ "he never met her", "he is innocent": his word, however many outlets print it;
    "he opposes the plan" and "she is resigning" are his position and her act."""
    voss = Entity(id="e1", name="Carl Voss", kind="person")
    articles = [article("a", "The Daily Ledger", ""), article("b", "City Wire", "")]
    for words, status in [
        ("he never met the harbour contractor", "single_source"),
        ("he is innocent of every charge", "single_source"),
        ("he opposes the harbour plan", "corroborated"),
        ("he is resigning from the council", "corroborated"),
    ]:
        a, b = claim("a1", "a", words, by="e1", offset=5), claim("b1", "b", words, by="e1", offset=5)
        assert judged([a, b], articles, [voss]).status == status, words


def test_the_words_naming_a_party_and_the_person_named_beside_them_are_one_source() -> None:
    """ "the harbour auditor, Mara Ode," named once: "The harbour auditor found ..." is hers."""
    text_a = "The harbour auditor, Mara Ode, opened the books. The harbour auditor found no evidence the fund was misused."
    finding = text_a.index("The harbour auditor found")
    a = claim("a1", "a", text_a[finding:], offset=finding).model_copy(update={"predicate": "find"})
    b = claim("b1", "b", "there was no evidence the fund was misused", by="e1")
    ode = Entity(
        id="e1", name="Mara Ode", kind="person",
        mentions=(Mention(article="a", start=text_a.index("Mara"), end=text_a.index("Mara") + 8, text="Mara Ode"),),
    )  # fmt: skip
    articles = [article("a", "The Daily Ledger", text_a), article("b", "City Wire", "")]
    group = judged([a, b], articles, [ode])
    assert group.status == "single_source" and group.independent_sources == 1


def test_the_city_s_auditor_was_deeply_troubled_is_the_auditor_s_finding() -> None:
    """ "But the city's harbour auditor was "deeply troubled" by ..." (a judge's stance an
    outlet reports) and "The harbour auditor found ...": one party's judgement, one source."""
    a = claim("a1", "a", "But the city's harbour auditor was “deeply troubled” by the missing ledgers.").model_copy(
        update={"predicate": "trouble"}
    )
    b = claim("b1", "b", "The harbour auditor found that the ledgers were missing.").model_copy(update={"predicate": "find"})
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    group = judged([a, b], articles, [])
    assert group.status == "single_source" and group.sources == ("harbour auditor",)


def test_tweeted_that_she_will_always_fight_is_attested_by_each_outlet() -> None:
    """An outlet's sentence reporting the speaker's stated intent ("tweeted that she "will
    always fight"", "vowing that "I will always fight"") is her act, which each outlet
    reporting it attests; "said that the bridge will open" stays her word."""
    ode = Entity(id="e1", name="Mara Ode", kind="person")
    articles = [article("a", "The Daily Ledger", ""), article("b", "City Wire", "")]
    a = claim("a1", "a", "Ode, doubling down, tweeted on Friday that she “will always fight for the harbour.”", by="e1")
    b = claim("b1", "b", "She made no apologies on Friday, vowing that “I will always fight for the harbour.”", by="e1")
    assert judged([a, b], articles, [ode]).status == "corroborated"
    c = claim("a1", "a", "Ode said on Friday that the harbour bridge will open in May.", by="e1")
    d = claim("b1", "b", "Ode said that the harbour bridge will open in May.", by="e1")
    assert judged([c, d], articles, [ode]).status == "single_source"


def test_the_auditor_s_review_of_voss_found_is_the_auditor_s_not_voss_s() -> None:
    """A person the judge's subject is about ("review into Carl Voss", "After meeting
    Voss, the auditor found") is merely mentioned: never the source."""
    voss = "Carl Voss"
    a_text = "The harbour auditor's review into Carl Voss found that the ledgers were missing."
    b_text = "After meeting Carl Voss, the harbour auditor found that the ledgers were missing."
    entities = [
        Entity(
            id="e1", name=voss, kind="person",
            mentions=(
                Mention(article="a", start=a_text.index(voss), end=a_text.index(voss) + len(voss), text=voss),
                Mention(article="b", start=b_text.index(voss), end=b_text.index(voss) + len(voss), text=voss),
            ),
        )
    ]  # fmt: skip
    a = claim("a1", "a", a_text).model_copy(update={"predicate": "find"})
    b = claim("b1", "b", b_text).model_copy(update={"predicate": "find"})
    articles = [article("a", "The Daily Ledger", a_text), article("b", "City Wire", b_text)]
    group = judged([a, b], articles, entities)
    assert group.sources == ("harbour auditor",) and group.status == "single_source"


def test_the_auditor_mara_ode_found_is_the_person_apposed() -> None:
    text = "The auditor, Mara Ode, found that the ledgers were missing."
    ode = Entity(
        id="e1", name="Mara Ode", kind="person",
        mentions=(Mention(article="a", start=text.index("Mara"), end=text.index("Mara") + 8, text="Mara Ode"),),
    )  # fmt: skip
    a = claim("a1", "a", text).model_copy(update={"predicate": "find"})
    assert judged([a], [article("a", "The Daily Ledger", text)], [ode]).sources == ("Mara Ode",)


def test_two_outlets_running_one_ap_report_are_one_source() -> None:
    """ "HARBOR CITY (AP) — The port will close ..." in two outlets: the wire's one report."""
    text = "HARBOR CITY (AP) — The port will close for repairs next month."
    a = claim("a1", "a", "The port will close for repairs next month.", offset=19)
    b = claim("b1", "b", "The port will close for repairs next month.", offset=19)
    wire_copies = [
        article("a", "The Daily Ledger", text).model_copy(update={"credit": "Associated Press"}),
        article("b", "City Wire", text).model_copy(update={"credit": "Associated Press"}),
    ]
    group = judged([a, b], wire_copies, [])
    assert (group.status, group.independent_sources) == ("single_source", 1)
    assert group.sources == ("The Daily Ledger (Associated Press)", "City Wire (Associated Press)")
    # One outlet's own reporting beside the wire's: two sources.
    own = [wire_copies[0], article("b", "City Wire", text)]
    assert judged([a, b], own, []).status == "corroborated"


def test_the_ferry_will_close_said_by_okafor_and_natarajan_in_one_article_is_one_report() -> None:
    """Two people one article quotes on one claim: one report, never corroborated (its
    reason names the people); the same two in two articles corroborate."""
    text = "The ferry will close in May, Okafor said. Natarajan said the ferry would close in May."
    a = claim("a1", "a", "The ferry will close in May", by="e1")
    b = claim("a2", "a", "the ferry would close in May", by="e2", offset=text.index("the ferry would"))
    people = [Entity(id="e1", name="Denise Okafor", kind="person"), Entity(id="e2", name="Ravi Natarajan", kind="person")]
    group = judged([a, b], [article("a", "The Daily Ledger", text)], people)
    assert group.status == "single_source" and group.independent_sources == 2
    assert group.status_reason == "one report (The Daily Ledger), quoting d. okafor, r. natarajan"
    other = claim("b1", "b", "the ferry would close in May", by="e2")
    articles = [article("a", "The Daily Ledger", text), article("b", "City Wire", other.text)]
    assert judged([a, other], articles, people).status == "corroborated"


def test_columbus_ohio_a_federal_jury_found_is_the_jurys_finding() -> None:
    """A dateline before the judging party is no part of its name."""
    text = "COLUMBUS, Ohio — A federal jury on Wednesday found the plant liable for the spill."
    a = claim("a1", "a", text).model_copy(update={"predicate": "find"})
    group = judged([a], [article("a", "The Daily Ledger", text)], [])
    assert group.sources == ("federal jury",)


def test_under_the_deal_the_lantern_found_is_the_lanterns_finding() -> None:
    """A finding credited after what it found ("Under the deal, ..., the Lantern found.") is
    the party named after the last comma, not the opening phrase with it."""
    text_a = "Under the deal, the donor would approve the dean, the Harbor Lantern found."
    text_b = "Under the deal, the donor would name the dean, the Lantern found."
    a = claim("a1", "a", text_a).model_copy(update={"predicate": "find"})
    b = claim("b1", "b", text_b).model_copy(update={"predicate": "find"})
    lantern = Entity(
        id="e1",
        name="Harbor Lantern",
        kind="organization",
        mentions=(
            Mention(article="a", start=52, end=66, text="Harbor Lantern"),
            Mention(article="b", start=51, end=58, text="Lantern"),
        ),
    )
    articles = [article("a", "The Daily Ledger", text_a), article("b", "City Wire", text_b)]
    group = judged([a, b], articles, [lantern])
    assert group.status == "single_source" and group.sources == ("Harbor Lantern",)


def test_the_board_has_said_and_its_chairwoman_said_are_one_source() -> None:
    """ "The board has said a report is expected within a month" and "Ms. Ode, chair of
    the Harbour Safety Board, said ...": the board and its chair are one origin."""
    a = claim("a1", "a", "a preliminary report is expected within a month", by="e2")
    b = claim("b1", "b", "the board usually issues a preliminary report within 30 days", by="e1")
    ode = Entity(id="e1", name="Mara Ode", kind="person", roles=(Role(article="b", text="chair of the Harbour Safety Board"),))
    board = Entity(id="e2", name="Harbour Safety Board", kind="organization")
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    group = judged([a, b], articles, [ode, board])
    assert group.status == "single_source" and group.sources == ("Harbour Safety Board",)


def test_the_union_and_its_president_of_another_body_stay_two_sources() -> None:
    """A union's president is not the board's voice: two origins."""
    a = claim("a1", "a", "a preliminary report is expected within a month", by="e2")
    b = claim("b1", "b", "the board usually issues a preliminary report within 30 days", by="e1")
    ode = Entity(id="e1", name="Mara Ode", kind="person", roles=(Role(article="b", text="president of the Deckhands Union"),))
    union = Entity(id="e3", name="Deckhands Union", kind="organization")
    board = Entity(id="e2", name="Harbour Safety Board", kind="organization")
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    assert judged([a, b], articles, [ode, union, board]).status == "corroborated"


def test_port_halden_city_clerk_mara_okonkwo_counted_is_the_clerks_count() -> None:
    """A count a party made ("counted", "certified") is that party's finding, however long
    the words naming it; her count quoted by another outlet is the same one source."""
    text = "Port Halden City Clerk Mara Okonkwo counted nearly 9,900 valid signatures."
    start = text.index("Mara")
    okonkwo = Entity(
        id="e1", name="Mara Okonkwo", kind="person",
        mentions=(Mention(article="a", start=start, end=start + 12, text="Mara Okonkwo"),),
    )  # fmt: skip
    a = claim("a1", "a", text).model_copy(update={"predicate": "count"})
    b = claim("b1", "b", "organizers had turned in 9,874 valid signatures", by="e1")
    articles = [article("a", "The Daily Ledger", text), article("b", "City Wire", b.text)]
    group = judged([a, b], articles, [okonkwo])
    assert group.status == "single_source" and group.sources == ("Mara Okonkwo",)
    # Counting on someone is no count.
    relied = claim("a1", "a", "Port Halden City Clerk Mara Okonkwo counted on volunteers.").model_copy(
        update={"predicate": "count"}
    )
    assert judged([relied], [article("a", "The Daily Ledger", relied.text)], [okonkwo]).sources == ("The Daily Ledger",)


def test_the_harbor_gazette_of_linden_and_the_linden_harbor_gazette_are_one_source() -> None:
    """One paper however two outlets word its name is one origin; two papers stay two."""
    a = claim("a1", "a", "investigators had subpoenaed the port's radio logs", by="e1")
    b = claim("b1", "b", "investigators subpoenaed the port's radio logs over the summer", by="e2")
    of_linden = Entity(id="e1", name="Harbor Gazette of Linden", kind="organization")
    linden = Entity(id="e2", name="Linden Harbor Gazette", kind="organization")
    other = Entity(id="e2", name="Linden Courier", kind="organization")
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    group = judged([a, b], articles, [of_linden, linden])
    assert (group.status, group.independent_sources) == ("single_source", 1)
    assert judged([a, b], articles, [of_linden, other]).status == "corroborated"


@pytest.mark.parametrize(
    ("full", "short", "kind"),
    [("Brightwater Pharmaceuticals", "Brightwater", "organization"), ("Wade Orrin", "Orrin", "person")],
)
def test_brightwater_pharmaceuticals_and_brightwater_are_one_source(full: str, short: str, kind: str) -> None:
    """A party one outlet names in full and another in short is one origin, labelled
    by its full name; two parties stay two."""
    a = claim("a1", "a", "the company would cap the price of its pen at $35 a month", by="e1")
    b = claim("b1", "b", "the company will cap the pen's price at $35 a month", by="e2")
    articles = [article("a", "The Daily Ledger", a.text), article("b", "City Wire", b.text)]
    named = [Entity(id="e1", name=full, kind=kind), Entity(id="e2", name=short, kind=kind)]
    assert (judged([a, b], articles, named).sources, judged([a, b], articles, named).status) == ((full,), "single_source")
    named[1] = Entity(id="e2", name="Halden Labs", kind=kind)
    assert judged([a, b], articles, named).status == "corroborated"
    # (a story naming another party the short name fits keeps the short one apart)
    named[1] = Entity(id="e2", name=short, kind=kind)
    other = Entity(id="e3", name=f"Dana {short}", kind=kind)
    assert judged([a, b], articles, [*named, other]).status == "corroborated"
