"""Origins of quote groups count channels, not outlets, on hand-written articles."""

from __future__ import annotations

import pytest

from corroborate.assess.origins import UNCREDITED, quote_origins, with_origins
from corroborate.ingest.outlets import OutletRegistry
from corroborate.model import Article, Copy, GroupMember, Quote, QuoteGroup, Speaker, TextSpan

REGISTRY = OutletRegistry.load()
WORDS = "The bridge will reopen"


def article(article_id: str, outlet: str, text: str) -> Article:
    return Article(id=article_id, source=f"{article_id}.txt", outlet=outlet, title=None, published=None, language="en", text=text)


def quote_in(
    art: Article, cue: str, speaker: str | None = "Dana Ruiz", channel: str | None = None, words: str = WORDS, n: int = 1
) -> Quote:
    start = art.text.index(words)
    at = art.text.index(cue)
    return Quote(
        id=f"{art.id}:q{n}",
        article=art.id,
        kind="indirect" if words != WORDS else "direct",
        text=words,
        start=start,
        end=start + len(words),
        zone="body",
        speaker=Speaker(entity="e1" if speaker else None, name=speaker),
        cue=TextSpan(start=at, end=at + len(cue), text=cue),
        channel=channel,
        rule="test",
        confidence=1.0,
    )


def group_of(articles: list[Article], quotes: list[Quote], copies: tuple[Copy, ...] = ()) -> QuoteGroup:
    group = QuoteGroup(
        id="g1",
        quotes=tuple(q.id for q in quotes),
        members=tuple(GroupMember(quote=q.id, start=q.start, end=q.end) for q in quotes),
        difference="identical",
    )
    [done] = with_origins([group], quote_origins(quotes, articles, REGISTRY, {}, copies))
    return done


def test_one_statement_printed_by_three_outlets_is_one_origin() -> None:
    arts = [
        article("a", "Fox News", f"“{WORDS} soon,” Ruiz said in a statement on Monday."),
        article("b", "CNN", f"In a statement, Ruiz said: “{WORDS} soon.”"),
        article("c", "NPR", f"“{WORDS} soon,” Ruiz said."),
    ]
    group = group_of(arts, [quote_in(a, "said") for a in arts])
    assert group.independent_origins == 1
    assert group.origins == ("statement (Dana Ruiz)",)
    assert {m.origin for m in group.members} == {"statement (Dana Ruiz)"}  # the uncredited one shows the one channel


def test_two_outlets_that_were_each_told_are_two_origins() -> None:
    arts = [
        article("a", "Fox News", f"“{WORDS} soon,” Ruiz told Fox News."),
        article("b", "CNN", f"“{WORDS} soon,” Ruiz told CNN on Monday."),
        article("c", "NPR", f"“{WORDS} soon,” Ruiz said."),
    ]
    group = group_of(arts, [quote_in(a, "told" if a.id != "c" else "said") for a in arts])
    assert group.independent_origins == 2
    assert set(group.origins) == {"Fox News", "CNN"}
    assert [m.origin for m in group.members][2] is None  # uncredited among two channels: unknown which


def test_an_outlets_report_that_others_credit_is_one_origin() -> None:
    arts = [
        article("a", "The Springfield Star", f"“{WORDS} soon,” Ruiz told The Springfield Star."),
        article("b", "CNN", f"“{WORDS} soon,” Ruiz told The Springfield Star, the paper reported."),
    ]
    group = group_of(arts, [quote_in(a, "told") for a in arts])
    assert (group.independent_origins, group.origins) == (1, ("Springfield Star",))


def test_a_tweet_is_one_origin_however_it_is_credited() -> None:
    arts = [
        article("a", "Fox News", f"“{WORDS} soon,” the mayor tweeted."),
        article("b", "CNN", f"On Twitter, the mayor said: “{WORDS} soon.”"),
    ]
    group = group_of(arts, [quote_in(arts[0], "tweeted"), quote_in(arts[1], "said")])
    assert (group.independent_origins, group.origins) == (1, ("X",))


def test_uncredited_words_are_one_origin() -> None:
    arts = [article("a", "Fox News", f"“{WORDS},” Ruiz said."), article("b", "CNN", f"Ruiz said: “{WORDS}.”")]
    group = group_of(arts, [quote_in(a, "said") for a in arts])
    assert (group.independent_origins, group.origins) == (1, (UNCREDITED,))
    assert {m.origin for m in group.members} == {UNCREDITED}


def test_an_interview_goes_on_for_a_few_paragraphs_only() -> None:
    for gap, expected in ((1, "CNN"), (5, UNCREDITED)):
        art = article("a", "NPR", "Ruiz told CNN the plan was sound." + "\n\nMore text." * gap + f"\n\nShe said: “{WORDS}.”")
        told = quote_in(art, "told", words="the plan was sound")
        later = quote_in(art, "She said", n=2)
        assert quote_origins([told, later], [art], REGISTRY, {})[later.id].label == expected


def test_a_copied_passage_takes_the_channel_its_source_credits() -> None:
    source = article("a", "Fox News", f"“{WORDS} soon,” Ruiz said in a statement.")
    rewrite = article("b", "Lakeside Wire", f"“{WORDS} soon,” Ruiz said.")
    copy = Copy(
        article="b", source="a", start=0, end=len(rewrite.text), source_start=0, source_end=len(source.text), containment=1.0
    )
    group = group_of([source, rewrite], [quote_in(source, "said"), quote_in(rewrite, "said")], (copy,))
    assert group.origins == ("statement (Dana Ruiz)",)
    assert {m.origin for m in group.members} == {"statement (Dana Ruiz)"}


def test_passages_copied_from_two_articles_of_unknown_outlet_are_one_channel() -> None:
    """Two rewrites, each copying the words of another article whose outlet is unknown:
    the two unknown articles may be each other's copy, so they make one channel."""
    first = article("a", "", f"“{WORDS} soon,” Ruiz said.").model_copy(update={"outlet": None})
    second = article("b", "", f"“{WORDS} soon,” Ruiz said.").model_copy(update={"outlet": None})
    rewrites = [article(x, "Lakeside Wire" if x == "c" else "Hill Gazette", f"“{WORDS} soon,” Ruiz said.") for x in "cd"]
    copies = tuple(
        Copy(article=r.id, source=s.id, start=0, end=len(r.text), source_start=0, source_end=len(s.text), containment=1.0)
        for r, s in zip(rewrites, (first, second), strict=True)
    )
    arts = [first, second, *rewrites]
    group = group_of(arts, [quote_in(a, "said") for a in arts], copies)
    assert group.independent_origins == 1
    assert group.origins == ("a (outlet unknown)",)


def test_interviews_in_two_articles_of_unknown_outlet_are_one_channel() -> None:
    """ "said in an interview" is the article's own outlet's interview: with the outlets
    unknown, the two articles may be one outlet's (or a copy), so one channel."""
    arts = [article(x, "", f"In an interview last summer, Ruiz said {WORDS}.").model_copy(update={"outlet": None}) for x in "ab"]
    group = group_of(arts, [quote_in(a, "said", words=WORDS) for a in arts])
    assert group.independent_origins == 1
    known = [article(x, name, arts[0].text) for x, name in (("a", "NPR"), ("b", "CNN"))]
    assert group_of(known, [quote_in(a, "said", words=WORDS) for a in known]).independent_origins == 2


def test_a_speaker_that_is_an_outlet_is_the_channel() -> None:
    arts = [article("a", "CNN", f"The Washington Post reported that {WORDS}.")]
    q = quote_in(arts[0], "reported", speaker="The Washington Post")
    assert quote_origins([q], arts, REGISTRY, {})[q.id].label == "The Washington Post"


def test_a_programme_channel_is_its_network() -> None:
    arts = [article("a", "CNN", f"“{WORDS},” she said.")]
    q = quote_in(arts[0], "said", channel="Face the Nation")
    assert quote_origins([q], arts, REGISTRY, {})[q.id].label == "CBS News"


def test_an_interview_relayed_by_another_outlet_is_the_interviewers() -> None:
    # The article names the interview once; the cue credits the outlet that posted it first.
    a = article(
        "a",
        "NPR",
        "In an interview with CNN, Ruiz spoke about the repairs.\n\n"
        f"“{WORDS} soon,” she said in an interview first posted online by Politico.",
    )
    b = article("b", "HuffPost", f"“{WORDS} soon,” Ruiz told CNN.")
    group = group_of([a, b], [quote_in(a, "said"), quote_in(b, "told")])
    assert group.origins == ("CNN",)
    assert group.independent_origins == 1


def test_an_outlet_that_was_told_is_not_a_relay() -> None:
    a = article("a", "NPR", f"In an interview with CNN, Ruiz spoke.\n\n“{WORDS} soon,” she told Politico in an interview.")
    b = article("b", "HuffPost", f"“{WORDS} soon,” Ruiz told CNN.")
    group = group_of([a, b], [quote_in(a, "told"), quote_in(b, "told")])
    assert group.independent_origins == 2


def test_one_speakers_statement_and_video_of_the_same_words_are_one_origin() -> None:
    arts = [
        article("a", "Fox News", f"“{WORDS} soon,” Ruiz said in a statement on Monday."),
        article("b", "CNN", f"In a video, Ruiz said: “{WORDS} soon.”"),
    ]
    group = group_of(arts, [quote_in(a, "said") for a in arts])
    assert group.independent_origins == 1
    assert group.origins == ("statement (Dana Ruiz)",)


def test_two_speakers_media_stay_apart() -> None:
    arts = [
        article("a", "Fox News", f"“{WORDS} soon,” Ruiz said in a statement on Monday."),
        article("b", "CNN", f"In a video, Lee said: “{WORDS} soon.”"),
    ]
    quotes = [quote_in(arts[0], "said"), quote_in(arts[1], "said", speaker="Tom Lee", n=2)]
    quotes[1] = quotes[1].model_copy(update={"speaker": Speaker(entity="e2", name="Tom Lee")})
    assert group_of(arts, quotes).independent_origins == 2


def test_one_speakers_tweet_and_statement_of_the_same_words_are_one_origin() -> None:
    arts = [
        article("a", "Fox News", f"“{WORDS} soon,” Ruiz tweeted on Monday."),
        article("b", "CNN", f"“{WORDS} soon,” Ruiz said in a statement on Monday."),
    ]
    group = group_of(arts, [quote_in(arts[0], "tweeted"), quote_in(arts[1], "said")])
    assert group.independent_origins == 1


@pytest.mark.parametrize(
    ("said_a", "said_b", "origins"),
    [
        pytest.param("Ruiz tweeted on Monday", "Lee said in a statement on Monday", 2, id="a-tweet-others-may-echo"),
        pytest.param("Ruiz said in an email on Monday", "Lee said in a statement on Monday", 1, id="one-written-text"),
    ],
)
def test_two_speakers_media_of_the_same_words(said_a: str, said_b: str, origins: int) -> None:
    """The same words sent out in writing (an email, a statement) are one text, whoever
    each outlet credits them to (one outlet's misattribution is no second origin); two
    speakers' tweet and statement stay two: others may echo a post."""
    arts = [article("a", "Fox News", f"“{WORDS} soon,” {said_a}."), article("b", "CNN", f"“{WORDS} soon,” {said_b}.")]
    quotes = [quote_in(arts[0], said_a.split()[1]), quote_in(arts[1], "said", n=2)]
    quotes[1] = quotes[1].model_copy(update={"speaker": Speaker(entity="e2", name="Tom Lee")})
    assert group_of(arts, quotes).independent_origins == origins


def test_an_interview_named_in_the_sentence_before_is_the_origin_of_the_words_after() -> None:
    text = (
        f"“We start on Monday,” Ruiz told Fox News on Friday. Ruiz made the remarks in an interview with KTVI. "
        f"She said “{WORDS}” by June."
    )
    arts = [article("a", "CNN", text)]
    first = quote_in(arts[0], "told", words="We start on Monday")
    later = quote_in(arts[0], "She said", n=2)
    origins = quote_origins([first, later], arts, REGISTRY, {})
    assert origins[later.id].label == "KTVI"
    assert origins[first.id].label == "Fox News"


def test_a_post_named_by_the_quotes_own_channel_is_the_speakers_medium() -> None:
    # No citation record here: the channel comes from the quote ("wrote on Facebook"), and the
    # registry's kind of the outlet (platform) makes it the speaker's own post.
    arts = [
        article("a", "Fox News", f"“{WORDS} soon,” Ruiz wrote on Facebook on Monday."),
        article("b", "CNN", f"“{WORDS} soon,” Ruiz said in a statement on Monday."),
    ]
    quotes = [quote_in(arts[0], "wrote", channel="Facebook"), quote_in(arts[1], "said")]
    assert group_of(arts, quotes).independent_origins == 1


def test_a_platform_post_with_no_named_speaker_is_the_platforms() -> None:
    arts = [
        article("a", "Fox News", f"“{WORDS} soon,” a post on Facebook said on Monday."),
        article("b", "CNN", f"“{WORDS} soon,” Ruiz said in a statement on Monday."),
    ]
    quotes = [quote_in(arts[0], "said", speaker=None, channel="Facebook"), quote_in(arts[1], "said")]
    group = group_of(arts, quotes)
    assert group.independent_origins == 2 and "Facebook" in group.origins


def test_told_the_keldor_news_agency_and_according_to_keldor_news_agency_are_one_origin() -> None:
    """An agency the registry does not know, credited with and without "the"."""
    arts = [
        article("a", "Fox News", f"“{WORDS} soon,” Ruiz told the Keldor News Agency."),
        article("b", "CNN", f"“{WORDS} soon,” Ruiz said, according to Keldor News Agency."),
    ]
    quotes = [
        quote_in(arts[0], "told", channel="the Keldor News Agency"),
        quote_in(arts[1], "said", channel="Keldor News Agency"),
    ]
    group = group_of(arts, quotes)
    assert (group.independent_origins, group.origins) == (1, ("Keldor News Agency",))


def test_ruiz_said_by_telephone_is_the_outlets_own_interview() -> None:
    arts = [
        article("a", "The New York Times", f"“{WORDS} soon,” Ms. Ruiz said by telephone from the harbour."),
        article("b", "CNN", f"“{WORDS} soon,” Ruiz told CNN."),
    ]
    group = group_of(arts, [quote_in(arts[0], "said"), quote_in(arts[1], "told")])
    assert group.independent_origins == 2
    assert set(group.origins) == {"The New York Times", "CNN"}


def test_ruiz_told_the_paper_then_a_spokesman_quoted_ends_her_interview() -> None:
    # (the spokesman's words in quotation marks give the floor to another speaker: Ruiz's
    # later words are no longer the paper's interview)
    text = (
        "Ruiz told the Harlan Star-Ledger the plan was sound."
        "\n\nA spokesman, Ed Moy, said the agency had “no further comment.”"
        f"\n\nRuiz herself called it “{WORDS}.”"
    )
    art = article("a", "NPR", text)
    told = quote_in(art, "told", words="the plan was sound")
    other = quote_in(art, "said", words="no further comment", n=2)
    other = other.model_copy(update={"kind": "partial", "speaker": Speaker(entity="e2", name="Ed Moy")})
    later = quote_in(art, "called", n=3)
    origins = quote_origins([told, other, later], [art], REGISTRY, {})
    assert origins[told.id].label == "Harlan Star-Ledger"
    assert origins[later.id].label == UNCREDITED
    # without the spokesman's words the interview goes on
    assert quote_origins([told, later], [art], REGISTRY, {})[later.id].label == "Harlan Star-Ledger"
