"""Altered and paraphrased quotes are differences between outlets: one article's two
renderings of its speaker are no finding (hand-made analyses, no model)."""

from __future__ import annotations

from corroborate.model import Analysis, Article, GroupMember, Quote, QuoteGroup, QuotePair, Speaker
from corroborate.report.findings import key_findings
from tests.report.builders import hand_made

FIRST = "You are going to want judges who respect the law."
SECOND = "We want a majority on the court that respects life."


def _one_persons_two_sentences(same_article: bool) -> Analysis:
    """Ada Reyes's two different sentences, grouped, in one article or in two."""
    base = hand_made(citations=False)
    text = f'"{FIRST}" Reyes said.\n\n"{SECOND}" she added.'
    articles = (
        Article(id="a", source="a.txt", outlet="One News", title=None, published=None, language="en", text=text),
        Article(id="b", source="b.txt", outlet="Two Times", title=None, published=None, language="en", text=text),
    )
    second_article = "a" if same_article else "b"
    spans = [(text.index(FIRST), text.index(FIRST) + len(FIRST)), (text.index(SECOND), text.index(SECOND) + len(SECOND))]
    quotes = tuple(
        Quote(
            id=f"{article}:q{n}",
            article=article,
            kind="direct",
            text=words,
            start=start,
            end=end,
            zone="body",
            speaker=Speaker(entity="e1", name="Ada Reyes"),
            rule="test",
            confidence=0.9,
        )
        for n, (article, words, (start, end)) in enumerate((("a", FIRST, spans[0]), (second_article, SECOND, spans[1])))
    )
    group = QuoteGroup(
        id="g1",
        quotes=tuple(q.id for q in quotes),
        members=tuple(GroupMember(quote=q.id, start=q.start, end=q.end) for q in quotes),
        difference="substantive",
        pairs=(QuotePair(a=quotes[0].id, b=quotes[1].id, difference="substantive", changed=(("judges",), ("majority",))),),
        speakers=("e1",),
    )
    return base.model_copy(update={"articles": articles, "quotes": quotes, "quote_groups": (group,), "claim_groups": ()})


def test_ada_reyes_two_sentences_in_one_article_are_no_altered_quote() -> None:
    assert not key_findings(_one_persons_two_sentences(same_article=True))


def test_the_same_two_renderings_in_two_outlets_are_an_altered_quote() -> None:
    [finding] = key_findings(_one_persons_two_sentences(same_article=False))
    assert finding.kind == "altered quote" and finding.changed == (("judges",), ("majority",))


def test_ada_reyes_and_bo_ray_saying_different_things_are_no_altered_quote() -> None:
    # Two people's words that differ, with no drift (nor a check) between them: two utterances.
    analysis = _one_persons_two_sentences(same_article=False)
    first, second = analysis.quotes
    second = second.model_copy(update={"speaker": Speaker(entity="e2", name="Bo Ray")})
    assert not key_findings(analysis.model_copy(update={"quotes": (first, second)}))
