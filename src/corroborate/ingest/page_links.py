"""What a page's markup says about its text that the extracted text no longer shows.

Two things a page extractor keeps and a reader would not call the article:

- link lines: a related-stories list or a "Don't miss" block, each line a headline
  that links to another story ("- Rams top Bears as offenses struggle"). In the text
  they look like short body paragraphs; in the markup most of their words are a
  link's text. `link_texts` gives the texts of the page's links, and `is_link_line`
  judges a paragraph by them.
- pop-up cards: a person's name in the body that opens, on hover, a card with the
  person's picture and latest headlines. The extractor reads the card's text into
  the sentence ("threatened Rep. Jane DoeJane DoeSenate passes…"). Such a card is an
  element inside a paragraph whose class names a tooltip, pop-over, hover card or
  rollover and that holds a picture or several links; `without_popups` removes the innermost ones, so
  the name's own link stays.
"""

from __future__ import annotations

import re
from typing import Any

_POPUP_CLASS = re.compile(r"(?:^|[\s_-])(?:tooltip|popover|hovercard|hover-card|rollover|popup|pop-up)(?:[\s_-]|$)", re.I)
_MIN_LINK_WORDS = 3  # a link of one or two words ("Hong Kong") is a body link, not a headline
_MAX_LINKS = 5_000  # a page's links kept for judging its lines: bounds the work per page
_MAX_LINE_WORDS = 60  # a link line is a headline and its teaser, never a long paragraph
_LINK_SHARE = 0.5  # of a line's characters inside a link's text (words: not every script spaces them)
# A sentence's end; a teaser line ends without one, or with a section tag ("[VIDEO]", "|").
_SENTENCE_END = re.compile(r"""[.!?…:;。！？]["'”’»)\]」』]*$""")
_TRAILING_TAG = re.compile(r"\s*(?:\[[A-Z ]{2,20}\]|\|)\s*$")
_LIST_MARK = re.compile(r"^(?:[-•*–—▪►]\s+)")


def _squashed(text: str) -> str:
    return " ".join(text.split())


def parsed_page(html: str) -> Any | None:
    """The page's element tree (lxml, as trafilatura parses it), or None when it cannot be parsed."""
    import lxml.html

    try:
        return lxml.html.fromstring(html)
    except (ValueError, lxml.etree.ParserError):
        return None


def without_popups(root: Any) -> bool:
    """Remove the page's pop-up cards (innermost first) from `root`; whether any was removed."""
    removed = False
    candidates = [e for e in root.iter() if isinstance(e.tag, str) and _POPUP_CLASS.search(e.get("class") or "")]
    for element in reversed(candidates):  # descendants come after their ancestors in document order
        if element.getparent() is None or next(element.iterancestors("p"), None) is None:
            continue  # a card opens from a word in running text; a page's modal or lightbox is not one
        links = sum(1 for e in element.iter("a") if e is not element)
        if links >= 2 or any(True for _ in element.iter("img")):
            element.drop_tree()  # keeps the text after the element
            removed = True
    return removed


def link_texts(root: Any) -> frozenset[str]:
    """The texts of the page's links of three words or more, whitespace squashed."""
    texts: set[str] = set()
    for anchor in root.iter("a"):
        text = _squashed(anchor.text_content() or "")
        if len(text.split()) >= _MIN_LINK_WORDS:
            texts.add(text)
            if len(texts) >= _MAX_LINKS:
                break
    return frozenset(texts)


def is_link_line(para: str, links: frozenset[str]) -> bool:
    """Whether a paragraph is a line of links: short, and either a list item that opens
    with a link's text (a teaser card: the headline, then its subline) or a line not
    ending as a sentence does with at least half of its characters inside the texts of the
    page's links (a body sentence may be one long link to its source)."""
    if not links:
        return False
    squashed = _squashed(para)
    line = _LIST_MARK.sub("", squashed)
    words = len(line.split())
    if not words or words > _MAX_LINE_WORDS or "\n" in para.strip():
        return False
    inside = [text for text in links if len(text) <= len(line) and text in line]
    if line != squashed and any(line.startswith(text) for text in inside):
        return True
    if _SENTENCE_END.search(_TRAILING_TAG.sub("", line)):
        return False
    return sum(len(text) for text in inside) >= _LINK_SHARE * len(line)
