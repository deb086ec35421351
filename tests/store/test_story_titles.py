"""A story is named by its best title, else by its lead sentence: in the stories table too."""

from __future__ import annotations

from pathlib import Path

from corroborate.model import Article, Zone
from corroborate.store.rows import lead_sentence, story_title
from corroborate.store.sqlite import CorpusStore
from tests.store.small import small_analysis

BODY = (
    "The county closed the harbour bridge on Monday after inspectors found deep cracks in two of its oldest concrete piers and a rusted cable, "
    "officials said. Repairs will take six weeks.\n\nDrivers were sent north."
)


def _article(text: str, title: str | None = None, published: str | None = None, article_id: str = "a1") -> Article:
    return Article(id=article_id, source="x", outlet=None, title=title, published=published, language="en", text=text)


def test_untitled_article_is_named_by_its_lead_sentence_cut_near_120_characters() -> None:
    lead = lead_sentence(_article(BODY))
    assert lead is not None and lead.startswith("The county closed the harbour bridge on Monday")
    assert lead.endswith("…") and len(lead) <= 121 and "Repairs" not in lead


def test_short_lead_sentence_is_whole() -> None:
    assert lead_sentence(_article("The bridge closed. Drivers went north.")) == "The bridge closed."


def test_lead_sentence_skips_the_byline_zone() -> None:
    text = "By Ann Lee\n\nThe bridge closed on Monday. More later."
    zones = (Zone(kind="byline", start=0, end=10), Zone(kind="body", start=12, end=len(text)))
    article = _article(text).model_copy(update={"zones": zones})
    assert lead_sentence(article) == "The bridge closed on Monday."


def test_story_title_is_the_earliest_dated_headline() -> None:
    analysis = small_analysis()
    later = analysis.articles[1].model_copy(update={"title": "A later headline", "published": "2026-03-09"})
    assert story_title(analysis.model_copy(update={"articles": (analysis.articles[0], later)})) == (
        "Harbour bridge to close for repairs"
    )


def test_stories_table_title_of_an_untitled_story(tmp_path: Path) -> None:
    analysis = small_analysis(titled=False)
    post = analysis.articles[1]
    analysis = analysis.model_copy(
        update={"articles": (post.model_copy(update={"published": "2026-03-01"}), analysis.articles[0])}
    )
    with CorpusStore(tmp_path / "corpus.db") as store:
        store.save_story("story-8a7bea7a11", analysis, [], "f")
        (row,) = store.query("select title from stories")
    assert row["title"] == "The harbour bridge will close for six weeks of repairs starting in March, the city said on Monday."


def test_lead_sentence_with_l_a_times_is_not_cut_at_the_initials() -> None:
    text = "According to this L.A. Times story, the Angels made an offer. Nobody else did."
    assert lead_sentence(_article(text)) == "According to this L.A. Times story, the Angels made an offer."


def test_lead_sentence_skips_a_link_line_and_a_date_stamp() -> None:
    text = "http: / / www. example. com / 2013 / 05 / bridge\nMay 03, 2013\nThe bridge closed on Monday. More later."
    assert lead_sentence(_article(text)) == "The bridge closed on Monday."
