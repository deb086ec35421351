"""Origins of quotes: the channels the words of a quote group came through, and how
many of them are independent.

A quotation's origin is the outlet its article credits ("told the New York Post",
"said on Fox News"); the article's own outlet when the source spoke to it directly
("told TMZ" in TMZ's article) or gave no channel (a statement, a press conference
the outlet attended); or the outlet of the article a copied passage came from. A
later quote of the same speaker in the article with no channel of its own keeps
the channel given before ("Coffman told Fox News ..." then "the mayor said").
Two outlets repeating what the New York Post was told are one origin, not two.
"""

from __future__ import annotations

from collections.abc import Sequence

from corroborate.ingest.outlets import OutletRegistry
from corroborate.model import Article, Copy, Quote, QuoteGroup

_MEDIA = frozenset(["statement", "interview", "video", "email", "post", "letter", "tweet", "press release"])


def article_label(article: Article) -> str:
    """The outlet of an article, or a label naming the article when its outlet is unknown."""
    return article.outlet or f"{article.id} (outlet unknown)"


def channel_outlet(channel: str | None, registry: OutletRegistry, short_names: dict[str, str]) -> str | None:
    """The outlet a quote's channel names ("FOX News" -> Fox News, "Post" -> the New
    York Post named in the story), or None for a medium or no channel."""
    if not channel:
        return None
    if (outlet := registry.resolve(channel)) is not None:
        return outlet.name
    word = channel.strip().split()[-1].capitalize() if channel.strip() else ""
    if word in short_names:
        return short_names[word]
    if channel.casefold() in _MEDIA:
        return None
    return channel


def quote_origins(
    quotes: Sequence[Quote],
    articles: Sequence[Article],
    registry: OutletRegistry,
    short_names: dict[str, str],
    copies: Sequence[Copy] = (),
) -> dict[str, str]:
    """Quote id -> the channel its words came through."""
    by_id = {a.id: a for a in articles}
    origin: dict[str, str] = {}
    last_channel: dict[tuple[str, str | None], str] = {}  # (article, speaker) -> outlet of the last quote
    for quote in sorted(quotes, key=lambda q: (q.article, q.start)):
        speaker = quote.speaker.entity or quote.speaker.name
        credited = channel_outlet(quote.channel, registry, short_names)
        if credited is None and speaker is not None:
            # The interview a speaker gave goes on: "X told Fox News ..." then "X said".
            credited = last_channel.get((quote.article, speaker))
        copied = next((c for c in copies if c.article == quote.article and c.start <= quote.start and quote.end <= c.end), None)
        if credited is not None:
            origin[quote.id] = credited
        elif copied is not None and copied.source in by_id:
            origin[quote.id] = article_label(by_id[copied.source])
        else:
            origin[quote.id] = article_label(by_id[quote.article]) if quote.article in by_id else quote.article
        if credited is not None:
            last_channel[(quote.article, speaker)] = credited
    return origin


def with_origins(groups: Sequence[QuoteGroup], origin_of: dict[str, str]) -> list[QuoteGroup]:
    """Quote groups with `origins` and `independent_origins` filled in."""
    result = []
    for group in groups:
        origins = tuple(dict.fromkeys(origin_of[q] for q in group.quotes if q in origin_of))
        result.append(group.model_copy(update={"origins": origins, "independent_origins": len(origins)}))
    return result
