"""Origins of quotes: the channels the words of a quote group came through, and how
many of them are independent.

A quotation's channel, in this order:

- the outlet its article credits: the quote's own channel ("told the New York
  Post", "said on Fox News"), else a citation at its cue ("tweeted", "Politico
  reported", "said in a statement to CNN", "On Twitter, she said"), else its
  speaker when the speaker is an outlet ("The New York Times reported that …");
- a medium of the speaker's: "in a statement", "in an email", "in a video" (one
  statement is one channel, however many outlets print it); "in an interview" with
  no outlet named is the article's own outlet's interview;
- the channel given before for the same speaker in the article ("Coffman told Fox
  News …" then "the mayor said");
- the outlet of the article a copied passage came from;
- none: the words are uncredited.

A group's independent origins count channels, not outlets: a statement, a tweet, one
interview, one outlet's report that others credit, each count once; two outlets that
each say they were told count twice. Articles of unknown outlet are one channel
together wherever their own reporting is the channel (their interviews, a passage
copied from one): any of them may be another's copy, or the same outlet's. An
uncredited member adds no channel of its own (it shows the group's one channel when
there is exactly one); a group with no credited member has one origin, "uncredited".
Each member's origin is recorded.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from corroborate.assess.citations import find_citations
from corroborate.ingest.outlets import OutletRegistry
from corroborate.model import Article, Citation, Copy, Quote, QuoteGroup

_MEDIA = frozenset(
    ["statement", "interview", "video", "email", "post", "letter", "tweet", "press release", "news release", "memo"]
)
# A medium named next to the cue: "said in a statement", "In a joint statement, they said".
_MEDIUM = re.compile(
    r"\bin (?:a|an|his|her|its|their|the|a joint|one|a written|an emailed|a brief|a short) ?"
    r"(?P<medium>statement|e-?mail|letter|video|press release|news release|memo|tweet|post|interview)s?\b"
    # "said by telephone", "in a phone interview": the outlet's own interview
    r"|\b(?:by|over the) (?:tele)?phone\b|\bin an? (?:tele)?phone (?:interview|call|conversation)\b",
    re.I,
)
# A citation that names the interviewer ("interview with X", "told X", "said to X"),
# not an outlet that relayed the interview ("first posted online by X").
_INTERVIEWER = re.compile(r"\binterview(?:ed)?\b|\btold\b|\bsaid to\b|\btelling\b", re.I)
_NEAR = 60  # characters between a cue and a citation or medium of the same sentence
_SENTENCE_END = re.compile(r"[.!?][\"”’']?\s+[\"“‘']?[A-Z]|\n")
UNCREDITED = "uncredited"
# The one source, or channel, that articles of unknown outlet make together (`claim_status` too).
UNKNOWN_OUTLETS = "(outlets unknown)"
_GOES_ON = 3  # paragraph breaks an interview goes on across: "X told Fox News …" then "X said"


class Origin(NamedTuple):
    """A quotation's channel: the `label` shown, the `key` two members share when their
    channel is the same (None: uncredited)."""

    label: str
    key: tuple[str, str] | None
    speaker: str | None = None  # whose medium it is, for a medium of the speaker's


def article_label(article: Article) -> str:
    """The outlet of an article, or a label naming the article when its outlet is unknown."""
    return article.outlet or f"{article.id} (outlet unknown)"


def _outlet_key(article: Article) -> tuple[str, str]:
    """The channel of an article's own reporting: its outlet, or the wire whose report
    it runs (`Article.credit`: outlets carrying one wire's report are one channel);
    articles of unknown outlet are one channel together (any may be another's copy, or
    the same outlet's)."""
    return ("outlet", article.credit or article.outlet or UNKNOWN_OUTLETS)


def channel_outlet(channel: str | None, registry: OutletRegistry, short_names: dict[str, str]) -> str | None:
    """The outlet a quote's channel names ("FOX News" -> Fox News, "Post" -> the New
    York Post named in the story, "Meet the Press" -> NBC News), or None for a medium
    or no channel."""
    if not channel:
        return None
    if (outlet := registry.resolve(channel) or registry.by_programme(channel)) is not None:
        return outlet.name
    word = channel.strip().split()[-1].capitalize() if channel.strip() else ""
    if word in short_names:
        return short_names[word]
    if channel.casefold() in _MEDIA:
        return None
    # "told the Northstar News Agency" and "according to Northstar News Agency": one outlet
    bare = re.sub(r"^the\s+", "", channel.strip(), flags=re.I)
    return short_names.get(bare, bare) if bare[:1].isupper() else channel


def _paragraphs_between(text: str, a: int, b: int) -> int:
    return len(re.findall(r"\n\s*\n", text[a:b])) if a <= b else 0


def _same_sentence(text: str, a: int, b: int) -> bool:
    return _SENTENCE_END.search(text, a, b) is None


def _citation_at_cue(quote: Quote, citations: Sequence[Citation], text: str) -> Citation | None:
    """The citation at a quote's cue, or beside it in the same sentence (nearest first)."""
    if quote.cue is None:
        return None
    start, end = quote.cue.start, quote.cue.end
    best: tuple[int, Citation] | None = None
    for citation in citations:
        if citation.start < end and start < citation.end:
            distance = 0
        elif 0 <= citation.start - end <= _NEAR and _same_sentence(text, end, citation.start):
            distance = citation.start - end
        elif 0 <= start - citation.end <= _NEAR and _same_sentence(text, citation.end, start):
            distance = start - citation.end
        else:
            continue
        if best is None or distance < best[0]:
            best = (distance, citation)
    return best[1] if best else None


def _sentence_start(text: str, position: int) -> int:
    """Where the sentence holding `position` starts (looking back a few lines at most)."""
    floor = max(0, position - 400)
    ends = list(_SENTENCE_END.finditer(text, floor, position))
    return ends[-1].end() - 1 if ends else floor


def _medium_at_cue(quote: Quote, text: str) -> str | None:
    """A medium named in the cue's sentence, before it or just after it: "In a video,
    he acknowledged", "said in a statement"."""
    if quote.cue is None:
        return None
    start, end = quote.cue.start, quote.cue.end
    for match in _MEDIUM.finditer(text, _sentence_start(text, start), min(len(text), end + _NEAR)):
        a, b = (end, match.start()) if match.start() >= end else (match.end(), start)
        if a <= b and _same_sentence(text, a, b):
            medium = match.group("medium")
            return medium.casefold().replace("e-mail", "email") if medium else "interview"
    return None


def _speaker_name(quote: Quote) -> str | None:
    return quote.speaker.name or (quote.speaker.mention.text if quote.speaker.mention else None)


def _credited(
    quote: Quote,
    article: Article | None,
    registry: OutletRegistry,
    short_names: dict[str, str],
    citations: Sequence[Citation],
) -> Origin | None:
    """The channel a quote's article credits it to, or None."""
    text = article.text if article is not None else ""
    named = channel_outlet(quote.channel, registry, short_names)
    if named is not None:
        return _outlet_origin(named, quote, registry)
    medium = quote.channel.casefold() if quote.channel and quote.channel.casefold() in _MEDIA else None
    medium = medium or _medium_at_cue(quote, text)
    if (citation := _citation_at_cue(quote, citations, text)) is not None:
        if medium == "interview" and not _INTERVIEWER.search(citation.text):
            # "said in an interview first posted online by X": X relays an interview
            # the article names elsewhere ("In an interview with Y"); its origin is Y's.
            citation = _interview_named(quote, citations) or citation
        return _outlet_origin(citation.cites, quote, registry)
    speaker = _speaker_name(quote)
    if speaker and (outlet := registry.resolve(speaker)) is not None:
        return Origin(outlet.name, ("outlet", outlet.name))
    if medium == "tweet" and (twitter := registry.resolve("Twitter")) is not None:
        return _outlet_origin(twitter.name, quote, registry)
    if medium == "interview" and article is not None:
        return Origin(article_label(article), _outlet_key(article))  # the outlet's own interview
    if medium is not None:
        label = f"{medium} ({quote.speaker.name})" if quote.speaker.name else medium
        return Origin(label, ("medium", medium), quote.speaker.entity or quote.speaker.name)
    return None


def _outlet_origin(name: str, quote: Quote, registry: OutletRegistry) -> Origin:
    """The origin of a quote credited to outlet `name`. A platform (X, Facebook, YouTube)
    does not report: what a named speaker posts there is the speaker's own medium, like
    their statement, so one utterance posted and also issued as a statement is one channel.

    Which outlet is credited was decided by the caller, from the quote's channel or the
    citation record at its cue; here only the outlet's kind is read, from the registry: a
    citation names the outlet, not its kind, and a quote's own channel ("wrote on
    Facebook") or a "tweeted" cue has no citation record at all."""
    outlet = registry.resolve(name)
    speaker = quote.speaker.entity or quote.speaker.name
    if outlet is not None and outlet.kind == "platform" and speaker and quote.speaker.name:
        return Origin(name, ("medium", f"post on {outlet.name}"), speaker)
    return Origin(name, ("outlet", name))


def _interview_just_before(quote: Quote, text: str, citations: Sequence[Citation], latest: int) -> Origin | None:
    """The outlet of an interview ("in an interview with X", "told X") named in the sentence
    just before the quote's, in its paragraph, after every quote credited so far in the
    article (`latest`: where the last of them ended)."""
    sentence = _sentence_start(text, quote.start)
    previous = _sentence_start(text, max(0, sentence - 1))
    for citation in citations:
        if (
            previous <= citation.start
            and citation.end <= sentence
            and citation.start > latest
            and _INTERVIEWER.search(citation.text)
            and _paragraphs_between(text, citation.end, quote.start) == 0
        ):
            return Origin(citation.cites, ("outlet", citation.cites))
    return None


def _interview_named(quote: Quote, citations: Sequence[Citation]) -> Citation | None:
    """The article's citation of an interview with an outlet ("in an interview with Fox
    News"), the nearest before the quote, else the nearest after it."""
    interviews = [c for c in citations if _INTERVIEWER.search(c.text) and "interview" in c.text.casefold()]
    before = [c for c in interviews if c.end <= quote.start]
    if before:
        return max(before, key=lambda c: c.end)
    return min(interviews, key=lambda c: c.start, default=None)


def quote_origins(
    quotes: Sequence[Quote],
    articles: Sequence[Article],
    registry: OutletRegistry,
    short_names: dict[str, str],
    copies: Sequence[Copy] = (),
    citations: Sequence[Citation] | None = None,
) -> dict[str, Origin]:
    """Quote id -> the channel its words came through (`citations`: the story's, found
    again from the articles when not given)."""
    by_id = {a.id: a for a in articles}
    if citations is None:
        citations = [c for a in articles for c in find_citations(a, registry, short_names)]
    cited_in: dict[str, list[Citation]] = {}
    for citation in citations:
        cited_in.setdefault(citation.article, []).append(citation)
    origin: dict[str, Origin] = {}
    # In the article being read: speaker -> the channel of their last credited quote and
    # where it ended (while they keep the floor), and where the last credited quote ended.
    last_channel: dict[str | None, tuple[Origin, int]] = {}
    latest, reading = -1, None
    for quote in sorted(quotes, key=lambda q: (q.article, q.start)):
        if quote.article != reading:
            last_channel, latest, reading = {}, -1, quote.article
        speaker = quote.speaker.entity or quote.speaker.name
        article = by_id.get(quote.article)
        credited = _credited(quote, article, registry, short_names, cited_in.get(quote.article, ()))
        if credited is None and article is not None:
            # An interview named just before the words, with no quotation of its own ("Akin
            # made the remarks in an interview with KTVI. He claimed … 'legitimate rape'"):
            # the words come from it, whatever channel the speaker's earlier quotes had.
            credited = _interview_just_before(quote, article.text, cited_in.get(quote.article, ()), latest)
        if quote.kind != "indirect":
            # Another speaker's words in quotation marks end the interview before: it goes
            # on while its speaker has the floor ("X told the paper ..." / "Y said ..." /
            # "X called it 'a hoax'" is no longer the paper's).
            last_channel = {speaker: last_channel[speaker]} if speaker in last_channel else {}
        if credited is None and speaker is not None:
            # The interview a speaker gave goes on: "X told Fox News ..." then "X said".
            given = last_channel.get(speaker)
            if given is not None and article is not None and _paragraphs_between(article.text, given[1], quote.start) <= _GOES_ON:
                credited = given[0]
        if credited is not None:
            origin[quote.id] = credited
            last_channel[speaker] = (credited, quote.end)
            latest = max(latest, quote.end)
        else:
            origin[quote.id] = Origin(UNCREDITED, None)
    for quote in quotes:
        copied = next((c for c in copies if c.article == quote.article and c.start <= quote.start and quote.end <= c.end), None)
        if origin[quote.id].key is None and copied is not None and copied.source in by_id:
            # A copied passage comes through the source article: the channel that article credits
            # for the same words, else the source outlet itself.
            in_source = [
                origin[q.id]
                for q in quotes
                if q.article == copied.source and q.start < copied.source_end and copied.source_start < q.end
            ]
            source = by_id[copied.source]
            origin[quote.id] = next(
                (o for o in in_source if o.key is not None), Origin(article_label(source), _outlet_key(source))
            )
    return origin


def with_origins(groups: Sequence[QuoteGroup], origin_of: Mapping[str, Origin | str]) -> list[QuoteGroup]:
    """Quote groups with `origins`, `independent_origins` and each member's `origin`
    filled in (a plain string origin counts as a credited channel of that name)."""
    result = []
    for group in groups:
        of = {q: _as_origin(origin_of[q]) for q in group.quotes if q in origin_of}
        of = _one_speakers_media(of)
        channels: dict[tuple[str, str], str] = {}  # one label a channel: the first member's
        for o in of.values():
            if o.key is not None:
                channels.setdefault(o.key, o.label)
        labels = list(channels.values())
        sole = labels[0] if len(channels) == 1 else None
        of = {q: Origin(channels[o.key], o.key) if o.key is not None else o for q, o in of.items()}
        members = tuple(
            m.model_copy(update={"origin": _member_origin(of.get(m.quote), sole, bool(channels))}) for m in group.members
        )
        origins = tuple(labels) if channels else ((UNCREDITED,) if of else ())
        result.append(
            group.model_copy(
                update={"origins": origins, "independent_origins": max(len(channels), 1 if of else 0), "members": members}
            )
        )
    return result


def _one_speakers_media(of: dict[str, Origin]) -> dict[str, Origin]:
    """One utterance through one speaker's own media is one channel, however the outlets
    name it ("in a statement", "in a video" of the same words): when the members credited
    to a medium name at most one speaker, they share the first one's channel. One text in
    written media is one channel whoever each outlet credits it to ("in an email" from the
    spokeswoman, "in a statement" from the chief executive)."""
    media = [o for o in of.values() if o.key is not None and o.key[0] == "medium"]
    written = all(o.key is not None and o.key[1] in _WRITTEN for o in media)
    if len({o.key for o in media}) < 2 or (len({o.speaker for o in media if o.speaker}) > 1 and not written):
        return of
    first = next((o for o in media if o.speaker), media[0])
    return {q: first if o in media else o for q, o in of.items()}


# Media that carry one written text sent out (not a public post, which others may echo):
# the same words in two of them are one text.
_WRITTEN = frozenset(["statement", "email", "letter", "press release", "news release", "memo"])


def _as_origin(value: Origin | str) -> Origin:
    return value if isinstance(value, Origin) else Origin(value, ("outlet", value))


def _member_origin(origin: Origin | None, sole: str | None, credited: bool) -> str | None:
    if origin is None:
        return None
    if origin.key is not None:
        return origin.label
    return sole if credited else UNCREDITED
