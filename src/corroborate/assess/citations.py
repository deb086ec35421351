"""Citations: every place an article names where something came from ("told the New
York Post", "said on Fox News", "according to KMBK", "obtained by KDVR", "wrote on
X", "in a statement").

A citation is a cue phrase next to a name the outlet registry knows (by name or
alias: a station's call sign and brand are one outlet), or a short name ("The
Post") that one outlet named elsewhere in the story accounts for. Media without an
outlet ("in a statement", "in a press release") are citations of that medium.

An article whose outlet is unknown is recognised as the outlet it speaks as: "told
TMZ in response to our story", "When the Post asked", "We've reached out" with one
outlet interviewing. Its citations of itself are marked `self`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from corroborate.ingest.outlets import OutletRegistry
from corroborate.model import Article, Citation, CitationEdge, Notice

# Cue phrases before the cited name. "said on Fox News", "told the New York Post".
_BEFORE = re.compile(
    r"(?:\b(?:told|tells|telling|tell|said on|says on|saying on|speaking (?:to|with|on)|spoke (?:to|with|on)|speaks (?:to|with|on)|"
    r"(?:an|in an|during an|in a sit-down) interview with|interview(?:ed)? on|according to|obtained by|posted (?:to|on|by)|"
    r"shared on|wrote on|writes on|wrote in|posted a video on|(?:first |originally )?reported by|aired on|appeared on|"
    r"broadcast (?:by|on)|published by|(?:a |in a )?statement to|confirmed to|confirmed by|cited by|(?:as )?first reported by|"
    r"report(?:ed)? (?:in|on)|story in|report by|reporting by|footage (?:from|obtained by)|video (?:from|obtained by))"
    r"\s+(?:the\s+)?)$",
    re.I,
)
# Cue words after the cited name. "Channel 7 reported", "KDVR has learned".
_AFTER = re.compile(
    r"^(?:'s?\s+)?\s*(?:first\s+|also\s+|earlier\s+|previously\s+)?(?:reported|reports|has reported|had reported|first reported|"
    r"has learned|learned|obtained|has obtained|aired|broadcast|published|revealed|asked|reached out)\b",
    re.I,
)
_NEWSROOM_ACTS = re.compile(
    r"^\s*(?:asked|has asked|reached out|has reached out|has learned|learned|obtained|has obtained|exclusively|reviewed)\b", re.I
)
_OUR = re.compile(r"\b(?:in response to|after|following) our (?:story|report|reporting|article|inquiry|request)\b", re.I)
_WE = re.compile(
    r"\b(?:we(?:'ve| have)? reached out|we asked|told us|our story|our reporting|we've learned|we have learned)\b", re.I
)
_MEDIA = re.compile(
    r"\bin an? (?P<medium>statement|press release|news release|email|e-mail|letter|social media post|post|tweet|video|"
    r"press conference|news conference|bulletin|memo|court filing|filing)\b",
    re.I,
)
_SHORT_NAME = re.compile(r"\b[Tt]he (?P<word>[A-Z][a-z]+)\b")
# Masthead words a paper is called by on second reference ("The Post", "the Times").
_MASTHEADS = frozenset(
    "Post Times Journal Tribune Herald Guardian Telegraph Globe Sun Star Mail Independent Express Chronicle Gazette "
    "Courier Ledger Record Examiner Inquirer Observer Register Standard Mirror Bulletin Dispatch Enquirer Courant "
    "Constitution Oregonian Plain Beacon Bee Republic Sentinel Statesman Eagle Free".split()
)
_CAPITALISED = re.compile(r"(?:[A-Z][\w&.'-]*|[0-9]+)(?:\s+(?:[A-Z][\w&.'-]*|[0-9]+))*")
_CONTEXT = 60
_INTERVIEW_CUE = re.compile(r"(?:told|tells|spoke|speaking|speaks|in an interview|an interview)\b", re.I)


def _outlet_names(registry: OutletRegistry) -> re.Pattern[str]:
    """One pattern matching every name and alias of the registry, longest first,
    case-sensitively for short all-caps names (X, TMZ) so common words never match."""
    names = set()
    for outlet in registry.outlets.values():
        for name in (outlet.name, *outlet.aliases):
            names.add(re.sub(r"^(?:the|The)\s+", "", name))
    ordered = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<![\w@#/.-])(?:" + "|".join(re.escape(n) for n in ordered) + r")(?![\w-]|\.\w)")


def _short_names(articles: Sequence[Article], registry: OutletRegistry, names: re.Pattern[str] | None = None) -> dict[str, str]:
    """'Post' -> 'New York Post' when exactly one outlet whose name ends in that word
    is named (or publishes) in the story: "The Post" in context."""
    pattern = names or _outlet_names(registry)
    named = {o.name for a in articles for m in pattern.finditer(a.text) if (o := registry.resolve(m.group()))}
    named |= {a.outlet for a in articles if a.outlet}
    by_word: dict[str, set[str]] = {}
    for name in named:
        last = name.split()[-1]
        if len(name.split()) > 1 and last in _MASTHEADS:
            by_word.setdefault(last, set()).add(name)
    return {word: next(iter(names)) for word, names in by_word.items() if len(names) == 1}


def find_citations(article: Article, registry: OutletRegistry, short_names: dict[str, str] | None = None) -> list[Citation]:
    """The citations of one article, in text order; `self` is left false (see `mark_self`)."""
    return _scan(article, registry, short_names)[0]


def _scan(
    article: Article, registry: OutletRegistry, short_names: dict[str, str] | None, names: re.Pattern[str] | None = None
) -> tuple[list[Citation], set[str]]:
    """The citations of one article, and the outlets it shows doing the reporting
    ("the Post asked", "told TMZ in response to our story")."""
    text = article.text
    acting: set[str] = set()
    short_names = short_names or {}
    found: list[Citation] = []
    taken: list[tuple[int, int]] = []
    candidates: list[tuple[int, int, str, str]] = []  # start, end, outlet, rule
    for match in (names or _outlet_names(registry)).finditer(text):
        outlet = registry.resolve(match.group())
        if outlet is not None:
            candidates.append((match.start(), match.end(), outlet.name, "citation.registry"))
    for match in _SHORT_NAME.finditer(text):
        if match.group("word") in short_names and not any(s <= match.start("word") < e for s, e, _, _ in candidates):
            candidates.append((match.start("word"), match.end(), short_names[match.group("word")], "citation.short_name"))
    for start, end, outlet, rule in sorted(candidates):
        before = _BEFORE.search(text[max(0, start - _CONTEXT) : start])
        after = _AFTER.match(text[end : end + _CONTEXT])
        if before is None and after is None:
            continue
        if len(outlet) <= 2 and before is None:
            continue  # "X" only after a cue: "wrote on X"
        span_start = start - len(before.group()) if before else start
        span_end = end + len(after.group().rstrip()) if after and not before else end
        if any(s < span_end and span_start < e for s, e in taken):
            continue
        if _NEWSROOM_ACTS.match(text[end : end + 30]) or _OUR.search(text[end : end + 80]):
            acting.add(outlet)
        taken.append((span_start, span_end))
        found.append(
            Citation(
                article=article.id,
                cites=outlet,
                text=text[span_start:span_end],
                start=span_start,
                end=span_end,
                rule=rule,
                confidence=0.9 if rule == "citation.registry" else 0.7,
            )
        )
    for match in _MEDIA.finditer(text):
        if any(s < match.end() and match.start() < e for s, e in taken):
            continue
        medium = match.group("medium").casefold().replace("e-mail", "email")
        found.append(
            Citation(
                article=article.id,
                cites=medium,
                text=match.group(),
                start=match.start(),
                end=match.end(),
                rule="citation.medium",
                confidence=0.6,
            )
        )
    return sorted(found, key=lambda c: c.start), acting


def speaking_outlet(article: Article, registry: OutletRegistry, short_names: dict[str, str] | None = None) -> str | None:
    """The outlet an article of unknown outlet speaks as, from how it names itself:
    "told TMZ in response to our story", "the Post asked", or first-person newsroom
    words ("we've reached out") with a single outlet interviewing. None when unsure."""
    return _spoken_outlet(article, *_scan(article, registry, short_names))


def _spoken_outlet(article: Article, citations: Sequence[Citation], acting: set[str]) -> str | None:
    outlets = [c for c in citations if c.rule != "citation.medium"]
    if len(acting) == 1:
        return next(iter(acting))
    if _WE.search(article.text):
        interviewing = {c.cites for c in outlets if _INTERVIEW_CUE.match(c.text)}
        if len(interviewing) == 1:
            return next(iter(interviewing))
    return None


def mark_self(citations: Sequence[Citation], outlet: str | None) -> list[Citation]:
    """Citations of the article's own outlet become self-references."""
    return [c.model_copy(update={"is_self": True}) if outlet and c.cites == outlet else c for c in citations]


def story_citations(
    articles: Sequence[Article], registry: OutletRegistry
) -> tuple[list[Article], list[Citation], dict[str, str], list[Notice]]:
    """The citations of a story's articles, with self-references marked. An article of
    unknown outlet that speaks as one gets that outlet (`outlet_from`
    "self_reference", with a notice). Also returns the story's short names."""
    names = _outlet_names(registry)  # one pattern for the whole story
    short_names = _short_names(articles, registry, names)
    updated, citations, notices = [], [], []
    for article in articles:
        outlet = article.outlet
        found, acting = _scan(article, registry, short_names, names)
        if outlet is None and (spoken := _spoken_outlet(article, found, acting)) is not None:
            outlet = spoken
            article = article.model_copy(update={"outlet": outlet, "outlet_from": "self_reference"})
            notices.append(
                Notice(
                    source=article.id,
                    code="outlet_inferred",
                    message=f"outlet taken to be {outlet!r} from how the article refers to itself; give `outlet` in front matter to be sure",
                )
            )
        updated.append(article)
        citations.extend(mark_self(found, outlet))
    return updated, citations, short_names, notices


def citation_graph(citations: Sequence[Citation], articles: Sequence[Article]) -> list[CitationEdge]:
    """Who cites whom among outlets and platforms (self-references and media left out)."""
    label = {a.id: a.outlet or f"{a.id} (outlet unknown)" for a in articles}
    counts: dict[tuple[str, str], int] = {}
    for citation in citations:
        if citation.is_self or citation.rule == "citation.medium" or citation.article not in label:
            continue
        key = (label[citation.article], citation.cites)
        counts[key] = counts.get(key, 0) + 1
    return [CitationEdge(source=s, cites=c, count=n) for (s, c), n in sorted(counts.items())]
