"""Boilerplate paragraphs that page extractors keep with the article: the site talking
to its reader, not the story. Nothing is extracted from them (zone `boilerplate`).

Each cue is a way a site addresses its reader that news prose does not use: a call
to write in ("what you think about this article"), to sign up or follow, a pointer
to other stories ("You may also like"), "Click To Tweet", a reprint or rights
notice, an affiliate disclosure, a subscription pitch, a widget's error message, and
a company's "About" block (the heading and the paragraph after it). Only short
paragraphs are judged: a long one that mentions a newsletter is body.
"""

from __future__ import annotations

import re

_MAX_WORDS = 80

_CUES = re.compile(
    r"|".join(
        [
            # letters and feedback boxes
            r"\bwhat you think about (?:this|our|the)\b",
            r"\bletters? to the editor\b",
            r"\btell us what (?:you|YOU) think\b",
            r"\bhave a (?:news )?tip\?",
            r"\bshare your (?:thoughts|views|story) (?:with us|below|in the comments)\b",
            # newsletters, sign-ups, follow prompts
            r"(?:^|[.!?:]\s+)(?:click here to |please |you can (?:also )?)?(?:sign(?:ing)?[ -]?up|subscribe)\b",
            r"\bsubscrib\w* to (?:our|this|the|[\w.’']+['’]s)\b.{0,40}\b(?:newsletters?|channel|podcast)\b",
            r"\bsign(?:ing)?[ -]?up (?:for|to) (?:our|the|this)\b.{0,40}\bnewsletters?\b",
            r"\bby subscribing to our\b",
            r"\bdelivered (?:straight |right )?(?:to|through|in) your (?:inbox|letterbox|mailbox)\b",
            r"\b(?:right |straight )?in(?:to)? your inbox\b",
            r"\bthanks? (?:you )?for (?:signing up|subscribing)\b",
            r"\berror (?:processing your subscription|has occurred, please try again)\b",
            r"^follow\b.{0,80}\bon (?:twitter|facebook|instagram|youtube|linkedin|tiktok)\b",
            r"\bfollow (?:us|him|her|them|@\w+)\b.{0,40}\b(?:twitter|facebook|instagram|youtube)\b",
            r"\bfollow (?:us|him|her|them) @\w+",
            r"\blike this story\?|\bshare (?:this|it) with a friend\b",
            # pointers to other stories, share widgets
            r"^(?:you (?:may|might) also like|related(?: stories| articles| coverage| content| posts)?|read more|see also|also read|more from [\w .'’-]{1,40}|recommended(?: for you)?|most popular|trending now|don['’]t miss)\s*[:.…]*\s*$",
            r"\bclick to tweet\b",
            # reprints and rights
            r"\bthis copy is for your personal,? non-commercial use\b",
            r"\b(?:to order|order) (?:presentation-ready )?(?:copies|reprints)\b",
            r"\bdistribution and use of this material\b",
            r"\b(?:reprints?|republish\w*) (?:and|&) permissions?\b",
            r"\ball rights reserved\b",
            # affiliate disclosures
            r"\bif you (?:buy|purchase|click|shop)\b.{0,80}\b(?:commission|share of the sale|affiliate|compensat\w+)\b",
            r"\b(?:may|might) (?:earn|receive|get) (?:a )?(?:small )?(?:commission|share of the sale)\b",
            r"\baffiliate (?:links?|commissions?|partnerships?)\b",
            # subscription pitches
            r"\bif you enjoyed this article\b",
            r"\bget access to\b.{0,80}\bsubscriptions?\b",
            r"\bfor as little as\b.{0,40}\b(?:a|per) (?:month|year|week)\b",
        ]
    ),
    re.I,
)
# Words one of _CUES' patterns needs (case-folded): a paragraph holding none of them is
# not tested against the long pattern, which most body paragraphs would be for nothing.
_TRIGGERS = (
    "think", "letter", "tip", "share", "sign", "subscri", "box", "thank", "error", "follow",
    "like this story", "you may", "you might", "related", "read more", "see also", "also read",
    "more from", "recommended", "most popular", "trending", "miss", "tweet", "personal", "copies",
    "reprint", "distribution", "permission", "rights reserved", "commission", "affiliate",
    "compensat", "enjoyed", "access to", "as little as",
)  # fmt: skip
# A company's "About" heading ("About Ascom", "About the Company"), as a line of its own.
_ABOUT_HEADING = re.compile(r"^About (?:the company|us|[A-Z][\w&.,'’-]*(?: [\w&.,'’-]+){0,4})\s*:?$")


def is_boilerplate(para: str) -> bool:
    """Whether a paragraph is the site addressing its reader (see the module docstring)."""
    if len(para.split()) > _MAX_WORDS:
        return False
    folded = para.casefold()
    return (any(word in folded for word in _TRIGGERS) and bool(_CUES.search(para))) or is_about_heading(para)


def is_about_heading(para: str) -> bool:
    """Whether a paragraph is a company "About" heading, whose next paragraph is its blurb."""
    return "\n" not in para.strip() and bool(_ABOUT_HEADING.match(para.strip()))


# A press release's closing company blurb ("Ascom is a global solutions provider…
# headquartered in Baar… employs around 1,300 people"): two of these in one paragraph.
_BLURB_CUES = (
    re.compile(
        r"^[A-Z][\w&.’'-]*(?: [A-Z][\w&.’'-]*){0,3},? (?:Inc\.,? )?is (?:a|an|the) (?:[\w-]+ ){0,3}"
        r"(?:global|leading|world['’]s|premier|worldwide|international)\b"
    ),
    re.compile(r"\bheadquartered in\b"),
    re.compile(r"\bemploys (?:around |about |approximately |more than |over |some )?[\d,.]+ (?:people|employees|staff)\b"),
    re.compile(r"\b(?:shares|stock) (?:\([A-Z.]+\) )?(?:are|is) (?:listed|traded) on\b"),
    re.compile(r"\b(?:subsidiaries|offices|operations|operating businesses|customers) in (?:\d+|more than \d+) countries\b"),
    re.compile(r"\bfor more information,? (?:please )?visit\b", re.I),
    re.compile(r"\bfounded in (?:1[89]|20)\d\d\b"),
    re.compile(r"\b(?:the (?:vision|mission) of [A-Z][\w&.’'-]*|[A-Z][\w&.-]*['’]s (?:vision|mission)) is to\b"),
)


def is_company_blurb(para: str) -> bool:
    """Whether a paragraph reads as a press release's "About the company" blurb."""
    return len(para.split()) <= _MAX_WORDS * 2 and sum(bool(cue.search(para)) for cue in _BLURB_CUES) >= 2


# A contributor line: who reported, wrote or edited the story ("Reporting by Ann Lee;
# editing by Tom Ray", "Staff writer Jo Kim contributed to this report."): the story's
# credits, a byline at its end, not a claim of it.
_CONTRIBUTORS = re.compile(
    r"^\(?(?:additional |with )?(?:reporting|writing|editing) by\b"
    r"|\bcontributed (?:reporting|research|to this (?:report|story|article))\b"
    r"|^(?:compiled|edited|written) by [A-Z]",
    re.I,
)
_MAX_CONTRIBUTOR_WORDS = 60


def is_contributor_line(para: str) -> bool:
    """Whether a paragraph credits the story's reporters and editors (see `_CONTRIBUTORS`)."""
    return len(para.split()) <= _MAX_CONTRIBUTOR_WORDS and bool(_CONTRIBUTORS.search(para.strip()))
