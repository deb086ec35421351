"""Link lines and pop-up cards on web pages: the markup tells them from the article."""

from __future__ import annotations

from corroborate.ingest.outlets import OutletRegistry
from corroborate.ingest.page_links import is_link_line, link_texts, parsed_page, without_popups
from corroborate.ingest.readers import ReadContext, read_html

LEDE = (
    "The ferry dock on Pine Street closed on Monday after inspectors found rot in three of the wooden pilings "
    "that hold up the landing, the harbour master said in a statement released that evening."
)
BODY = (
    "The dock handles roughly two thousand passengers a day between the island and the mainland, and the "
    "closure left commuters waiting for more than an hour at the north landing during the morning rush."
)
MORE = (
    "Engineers expect to finish a full assessment of the pilings by the end of next week, according to the "
    "port authority, which said smaller boats could still use the temporary pier beside the old warehouse."
)


def _page(body: str) -> bytes:
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Ferry dock closes for repairs</title></head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<article><h1>Ferry dock closes for repairs</h1>
{body}
</article>
<footer><p>Contact us</p></footer>
</body></html>""".encode()


def _zones(body: str) -> list[tuple[str, str]]:
    article = read_html(_page(body), "dock.html", ReadContext(OutletRegistry.load())).articles[0]
    return [(zone.kind, article.text[zone.start : zone.end]) for zone in article.zones]


RELATED = """<p>{LEDE}</p><p>{BODY}</p><p>{MORE}</p>
<h2>More stories</h2><ul>
<li><h3><a href="/a">Council votes to fund the new library wing</a></h3><h4>The vote was seven to two</h4></li>
<li><h3><a href="/b">Harbour swim returns after a long break</a></h3><h4>Swimmers are back in August</h4></li>
<li><h3><a href="/c">School bus routes change for the autumn term</a></h3><h4>Check the new times</h4></li>
</ul>"""


def test_related_story_cards_in_a_list_are_boilerplate():
    zones = _zones(RELATED.format(LEDE=LEDE, BODY=BODY, MORE=MORE))
    cards = [(kind, text) for kind, text in zones if text.startswith("- ")]
    assert len(cards) == 3
    assert {kind for kind, _ in cards} == {"boilerplate"}
    assert ("body", LEDE) in zones and ("body", MORE) in zones


def test_body_sentence_mostly_one_long_link_stays_body():
    head, tail = BODY.removesuffix(" during the morning rush."), " during the morning rush."
    linked = f"<p>{LEDE}</p><p><a href='/report'>{head}</a>{tail}</p><p>{MORE}</p>"
    assert [kind for kind, text in _zones(linked) if text in (LEDE, BODY, MORE)] == ["body", "body", "body"]


def test_bullet_with_a_short_link_inside_stays_body():
    bullets = (
        f"<p>{LEDE}</p><p>{BODY}</p><ul><li>The south landing stays open, says the <a href='/t'>ferry timetable</a> page.</li>"
        "<li>Buses replace the north route until the work is done.</li><li>Tickets bought for the dock are refunded.</li></ul>"
        f"<p>{MORE}</p>"
    )
    kinds = {text: kind for kind, text in _zones(bullets)}
    assert kinds["- The south landing stays open, says the ferry timetable page."] == "body"


def test_headline_link_without_a_final_stop_after_a_dont_miss_heading_is_boilerplate():
    links = frozenset({"Council votes to fund the new library wing"})
    assert is_link_line("Council votes to fund the new library wing [VIDEO]", links)
    assert not is_link_line("Council votes to fund the new library wing, the mayor said.", links)
    assert not is_link_line(BODY, links)
    assert not is_link_line("Council votes to fund the new library wing", frozenset())


def test_pop_up_card_inside_a_sentence_is_removed_and_the_name_kept():
    html = """<p>The inspectors met Rep. <span class="rollover-people"><a class="rollover-people-link" href="/p/1">Jane
    Okafor</a><span class="rollover-people-block"><img src="/j.jpg"><a href="/p/1">Jane Okafor</a>
    <a href="/x">Council passes budget after a long night</a><a href="/y">Okafor asks for a ferry audit</a></span></span>
    on Monday, and she asked for a full survey of the pilings before the dock opens again.</p>"""
    root = parsed_page(html)
    assert without_popups(root)
    text = " ".join(root.text_content().split())
    assert text.startswith("The inspectors met Rep. Jane Okafor on Monday, and she asked")
    assert "Council passes budget" not in text


def test_tooltip_holding_one_plain_word_is_kept():
    root = parsed_page('<p>The <span class="tooltip">pilings</span> rotted.</p>')
    assert not without_popups(root)
    assert " ".join(root.text_content().split()) == "The pilings rotted."


def test_link_texts_keep_only_links_of_three_words_or_more():
    root = parsed_page('<p><a href="/a">Hong Kong</a> and <a href="/b">Council  votes\nto fund</a></p>')
    assert link_texts(root) == frozenset({"Council votes to fund"})
