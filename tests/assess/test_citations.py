"""Citations, self-references and the outlet an article speaks as, on hand-written texts."""

from __future__ import annotations

import pytest

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


def test_the_ap_reported_cites_the_associated_press() -> None:
    """A two-letter name that is no platform is cited by a cue after it too."""
    assert cited("The county spent $40,000 on lawyers, the AP reported.") == [("Associated Press", "AP reported")]
    assert cited("The county spent $40,000 on lawyers, X reported.") == []  # the letter still needs "on X"


def test_the_associated_press_contributed_to_this_report_is_cited() -> None:
    assert cited("The Associated Press contributed to this report.") == [
        ("Associated Press", "Associated Press contributed to this report")
    ]
    assert cited("Fox News' Dana Orr contributed to this report.") == []  # a colleague's byline


def test_citing_two_guests_the_newspaper_reported_is_the_ledger_named_before() -> None:
    text = (
        "The Port Linden Ledger reported on Sunday that she attended a fundraiser. "
        "Citing two guests, the newspaper reported that the donor spoke about the case."
    )
    assert cited(text) == [
        ("Port Linden Ledger", "Port Linden Ledger reported"),
        ("Port Linden Ledger", "the newspaper reported"),
    ]


def test_a_name_without_a_cue_is_no_citation() -> None:
    assert cited("Fox News and TMZ both ran the story on Friday.") == []


def test_a_short_name_resolves_through_the_story() -> None:
    assert cited("A spokesperson told The Post the claim was false.", {"Post": "New York Post"}) == [
        ("New York Post", "told The Post")
    ]


def test_a_medium_is_the_speakers_channel_not_an_outlet() -> None:
    assert cited("The company said in a statement that it followed every rule.") == []
    assert cited("She wrote in an email and a letter that the dates were wrong.") == []
    assert cited("The firm said in a statement to CNN that it followed every rule.") == [("CNN", "statement to CNN")]


def test_a_name_of_a_news_organisations_shape_needs_no_registry() -> None:
    assert cited("The mayor told The Springfield Star on Monday that the plan was dead.") == [
        ("Springfield Star", "told The Springfield Star")
    ]
    assert cited("The Lakeview Daily Ledger reported the vote.") == [("Lakeview Daily Ledger", "Lakeview Daily Ledger reported")]
    assert cited("He told White House Press Secretary Dana Lowe the list was ready.") == []


def test_a_descriptor_stands_for_the_outlet_cited_last() -> None:
    text = "The mayor told The Springfield Star the plan was dead. He told the newspaper that a vote would follow."
    assert cited(text) == [("Springfield Star", "told The Springfield Star"), ("Springfield Star", "told the newspaper")]
    assert cited("He told the newspaper that a vote would follow.") == []  # no outlet to stand for
    assert cited("The remarks were first posted online by the newspaper The Hill.") == [
        ("The Hill", "posted online by the newspaper The Hill")
    ]


def test_a_descriptor_skips_a_platform_the_registry_marks(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # "the newspaper" is never the platform cited last, whichever platforms the registry lists
    text = (
        "The mayor told The Springfield Star the plan was dead. She later wrote on Bluesky that it was. "
        "He told the newspaper that a vote would follow."
    )
    extra = tmp_path / "outlets.yaml"
    extra.write_text("outlets:\n  - {name: Bluesky, kind: platform, domains: [bsky.app]}\n", "utf-8")
    found = find_citations(article(text), OutletRegistry.load([extra]))
    assert [(c.cites, c.text) for c in found] == [
        ("Springfield Star", "told The Springfield Star"),
        ("Bluesky", "wrote on Bluesky"),
        ("Springfield Star", "told the newspaper"),
    ]
    assert cited(text.replace("Bluesky", "X"))[-1] == ("Springfield Star", "told the newspaper")


def test_a_call_sign_is_a_station() -> None:
    assert cited("Jones told KQED the bill was unfair.") == [("KQED", "told KQED")]
    assert cited("She said on WXYZ-TV radio that it was over.") == [("WXYZ", "said on WXYZ-TV")]
    assert cited("He made the remarks in an interview with Fox affiliate WJBK.") == [
        ("WJBK", "interview with Fox affiliate WJBK")
    ]
    assert cited("Mr. Ross told WHO officials the count was low.") == []


def test_an_affiliate_without_a_call_sign_is_not_its_network() -> None:
    assert cited("Ms. Lee told a NBC affiliate in Springfield.") == [
        ("NBC affiliate in Springfield", "told a NBC affiliate in Springfield")
    ]


def test_a_programme_is_its_network() -> None:
    assert cited("\"We will not wait,\" she said on 'Meet the Press.'") == [("NBC News", "said on 'Meet the Press.'")]
    assert cited('The senator said on "Fox News Sunday" that the deal was close.') == [("Fox News", 'said on "Fox News Sunday"')]
    assert cited("He spoke during an appearance Sunday on CBS's \u201cFace the Nation.\u201d") == [
        ("CBS News", "appearance Sunday on CBS")
    ]
    assert cited("This Week the council met twice.") == []  # a title is matched only where it is quoted


def test_cues_after_the_name() -> None:
    assert cited("Axios was first to report the deal.") == [("Axios", "Axios was first to report")]
    assert cited("The Washington Post now reports that the talks failed.") == [
        ("The Washington Post", "Washington Post now reports")
    ]
    assert cited("She argued in a Los Angeles Times op-ed that it was wrong.") == [
        ("Los Angeles Times", "Los Angeles Times op-ed")
    ]


def test_a_joint_poll_cites_both_outlets() -> None:
    assert cited("A CNN/Washington Post poll found the race tied.") == [
        ("CNN", "CNN"),
        ("The Washington Post", "Washington Post poll"),
    ]


def test_platforms_by_their_verbs_and_prepositions() -> None:
    assert cited("The actor recently tweeted that he was sorry.") == [("X", "tweeted")]
    assert cited("In a tweet on Friday, she said it was over.") == [("X", "a tweet")]
    assert cited("A flurry of tweets followed the debate.") == []  # talk about tweets, not their words
    assert cited("She said Friday on Facebook that the shop would close.") == [("Facebook", "said Friday on Facebook")]
    assert cited("His Twitter message said otherwise.") == [("X", "Twitter")]
    assert cited("On Twitter, she said the vote was rigged.") == [("X", "On Twitter")]
    assert cited("She put the page on X aside.") == []  # the bare letter needs a verb: "wrote on X"


def test_a_host_tied_to_an_outlet_stands_for_it() -> None:
    text = "She told NPR's Ari Shapiro on Monday that it was over. Later Smith told Shapiro it was not."
    assert cited(text) == [("NPR", "told NPR"), ("NPR", "told Shapiro")]


def test_a_surname_is_not_an_outlet() -> None:
    assert cited("Anita Hill told reporters the hearing was unfair. The senator told Hill it was.") == []
    assert cited("The senator told The Hill it was.") == [("The Hill", "told The Hill")]


def test_a_citation_inside_a_quotation_is_the_speakers() -> None:
    assert cited("\u201cI only know what I read, and according to CNN it is over,\u201d she said.") == []


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


def test_an_account_is_no_source_of_words() -> None:
    assert cited("He deleted his Twitter account on Friday.") == []


def test_told_fox_news_host_dana_price_on_her_radio_show_cites_the_show() -> None:
    # The host's own show is where the words were said, not the network she also works for.
    assert cited("The mayor told Fox News host Dana Price on her radio show that he would stay.") == [
        ("Dana Price's radio show", "told Fox News host Dana Price on her radio show")
    ]


def test_on_the_radio_show_of_former_governor_lee_marsh_cites_the_show() -> None:
    text = "He vowed to stay in the race on the radio show of former governor Lee Marsh. Later he said on Ray Ortiz's podcast he would not."
    assert cited(text) == [
        ("Lee Marsh's radio show", "on the radio show of former governor Lee Marsh"),
        ("Ray Ortiz's podcast", "said on Ray Ortiz's podcast"),
    ]
    assert cited("Under Obama's program, costs rose.") == []  # a programme of policy, and no one spoke on it


def test_the_harbor_broadcasting_network_referred_to_her_as_cites_the_network() -> None:
    text = "She was sworn in to the Senate. The Harbor Broadcasting Network referred to her as a radical."
    assert cited(text) == [("Harbor Broadcasting Network", "Harbor Broadcasting Network referred to")]
    assert cited("The Lakeside Political Report projected a narrow loss.") == [
        ("Lakeside Political Report", "Lakeside Political Report projected")
    ]


def test_bloomberg_says_he_is_distressed_is_a_person_not_the_outlet() -> None:
    assert cited("Now Bloomberg says he is distressed by the campaign.") == []
    assert cited("Twitter said it suspended the account.") == []  # the platform's company
    assert cited("The Times said the emails were released.") == [("The New York Times", "The Times said")]
    assert cited("CNN said the talks failed.") == [("CNN", "CNN said")]


def test_a_longer_name_holding_a_known_one_is_another_outlet() -> None:
    """ "The Nevada Independent" is not The Independent the registry knows, nor "Politico
    Magazine" ... but words a name only runs into across a stop or a possessive are not its."""
    assert [c for c, _ in cited("The veto was first reported by The Nevada Independent.")] == ["Nevada Independent"]
    assert [c for c, _ in cited("According to the Independent Journal, the pier is closed.")] == ["Independent Journal"]
    assert [c for c, _ in cited("The harbour chief told Politico.\n\nFox News reported the closure.")] == [
        "Politico",
        "Fox News",
    ]
    assert [c for c, _ in cited("According to an ABC News-Washington Post poll, the pier is unpopular.")] == ["ABC News"]


def test_according_to_nordposten_cites_the_paper_another_article_introduced() -> None:
    """ "the Halvik newspaper Nordposten" in one article makes "According to Nordposten"
    and "Nordposten also reported" citations in every article of the story."""
    first = article("The cable was first published on Thursday by the Halvik newspaper Nordposten.", "City Wire", "a")
    second = article(
        "According to Nordposten, the envoy urged a delay. Nordposten also reported a second cable.", "Coast Post", "b"
    )
    _, citations, _, _ = story_citations([first, second], REGISTRY)
    assert [(c.article, c.cites, c.text) for c in citations] == [
        ("a", "Nordposten", "published on Thursday by the Halvik newspaper Nordposten"),
        ("b", "Nordposten", "According to Nordposten"),
        ("b", "Nordposten", "Nordposten also reported"),
    ]


def test_said_on_ubcs_sunday_briefing_cites_the_network() -> None:
    assert [
        c
        for c, _ in cited("Senator Vale said on Sunday on UBC\u2019s \u201cSunday Briefing\u201d that the recall was a mistake.")
    ] == ["UBC"]


def test_on_fox_news_opening_a_sentence_cites_it() -> None:
    assert cited("On Fox News on Tuesday evening, the director called the ruling a mistake.") == [("Fox News", "On Fox News")]


def test_documents_reviewed_by_the_boston_globe_cite_it() -> None:
    assert cited("The emails, according to documents reviewed by The Boston Globe, were deleted.") == [
        ("Boston Globe", "reviewed by The Boston Globe")
    ]


def test_politico_citing_a_person_who_attended_reported_cites_politico() -> None:
    assert [c for c, _ in cited("Politico, citing a person who attended, reported that ten donors came.")] == ["Politico"]


def test_the_times_also_quoted_and_questions_from_the_times_cite_it() -> None:
    text = "In response to questions from The New York Times, the campaign said nothing. The Times also quoted an aide."
    assert [c for c, _ in cited(text, {"Times": "The New York Times"})] == ["The New York Times", "The New York Times"]


def test_hefner_the_magazines_founder_is_no_outlet_the_story_introduces() -> None:
    """ "Dale Hefner, the magazine's founder, said": a person described by an outlet,
    not an outlet introduced ("Nordposten, a daily in Halvik")."""
    first = article("Dale Hefner, the magazine's founder, said she was a star.", "City Wire", "a")
    second = article("Nordposten, a daily in Halvik, reported the cable. Hefner said she was kind.", "Coast Post", "b")
    _, citations, short_names, _ = story_citations([first, second], REGISTRY)
    assert "Dale Hefner" not in short_names and "Nordposten" in short_names
    assert [c.cites for c in citations] == ["Nordposten"]


def test_the_minister_announced_the_raid_on_x_and_the_mayor_put_it_bluntly_on_x() -> None:
    """One letter needs a cue: a post on it, taking to it, an act or its manner before "on"."""
    assert cited("The minister announced the raid on X before dawn.") == [("X", "announced the raid on X")]
    assert cited("In a post on X, the mayor thanked the crews.") == [("X", "a post on X")]
    assert cited("The senator took to X within the hour.") == [("X", "took to X")]
    assert cited('The mayor put it more bluntly on X: "Enough."') == [("X", "bluntly on X")]
    assert cited("The study focused on X and Y chromosomes.") == []
    assert cited("The ruling was based on X, the exhibit.") == []


def test_residents_told_the_keldor_news_agency_and_according_to_keldor() -> None:
    """A news agency is an outlet by its shape, and goes by its first word in the story."""
    first = article("Residents told the Keldor News Agency that the shelling lasted an hour.", article_id="a")
    second = article("According to Keldor, the shelling lasted an hour.", article_id="b")
    _, found, _, _ = story_citations([first, second], REGISTRY)
    assert [(c.article, c.cites, c.text) for c in found] == [
        ("a", "Keldor News Agency", "told the Keldor News Agency"),
        ("b", "Keldor News Agency", "According to Keldor"),
    ]


def test_the_associated_press_declared_and_the_decision_desk_projected_the_winner() -> None:
    assert cited("The Associated Press declared Ms. Ruiz the winner at 11:40 p.m.") == [
        ("Associated Press", "Associated Press declared")
    ]
    assert cited("The Fox News Decision Desk projected Ms. Ruiz the winner.") == [
        ("Fox News", "Fox News Decision Desk projected")
    ]
    assert cited("Ms. Ruiz led by 4 points, per the AP.") == [("Associated Press", "per the AP")]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        pytest.param(
            "The sales were first reported on Monday by The Harlan Star-Ledger.",
            [("Harlan Star-Ledger", "first reported on Monday by The Harlan Star-Ledger")],
            id="a-hyphenated-masthead",
        ),
        pytest.param(
            "The passages were first posted Oct. 7 on The Quarry Ledger, a blog.",
            [("Quarry Ledger", "posted Oct. 7 on The Quarry Ledger")],
            id="posted-oct-7-on-a-date-in-the-cue",
        ),
        pytest.param(
            "The claims surfaced on Oct. 7 on The Quarry Ledger.",
            [("Quarry Ledger", "surfaced on Oct. 7 on The Quarry Ledger")],
            id="surfaced-on-oct-7-on",
        ),
        pytest.param(
            "Traffic fell by half, according to shipping data compiled by Bloomberg.",
            [("Bloomberg", "compiled by Bloomberg")],
            id="data-compiled-by-bloomberg",
        ),
        pytest.param(
            "A review by The New York Times found 12 such passages.",
            [("The New York Times", "review by The New York Times")],
            id="a-review-by-the-times",
        ),
        pytest.param("Mr. Pell announced on X that he would not resign.", [("X", "announced on X")], id="announced-on-x"),
        pytest.param(
            "The senator went after the utility on X on Tuesday.",
            [("X", "went after the utility on X")],
            id="went-after-the-utility-on-x",
        ),
        pytest.param("The plan relied on X as the starting point.", [], id="relied-on-x-is-no-platform"),
    ],
)
def test_the_outlet_a_cue_names(text: str, found: list[tuple[str, str]]) -> None:
    assert cited(text) == found


@pytest.mark.parametrize(
    ("text", "paper"),
    [
        ("Ms. Vane resigned in January, as The Port Ellery Clarion first reported on Tuesday.", "Port Ellery Clarion"),
        ("The memo was first reported by The Marsh County Repository.", "Marsh County Repository"),
        ("The Harlow Blade reported on Monday that the mayor had resigned.", "Harlow Blade"),
        ("The Wexham Lantern, the campus newspaper, reported the gift on Friday.", "Wexham Lantern"),
    ],
)
def test_a_local_paper_by_its_masthead_word_is_cited(text: str, paper: str) -> None:
    assert paper in [c for c, _ in cited(text)]
