"""Which claims a named party's denial carries ("Polis has denied that ..."): the
claim groups the assessment marks disputed start from them (`assess.claim_status`)."""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence

from corroborate.model import Claim, Quote
from corroborate.nlp.lexicon import DENIAL_CUES

__all__ = ["denied_claims"]


# A negation just before the cue, an adverb between at most: "has never disputed that
# the money left", "did not deny", "hasn't publicly disputed".
_NEGATED = re.compile(r"(?:\bnot|\bnever|n['’]t)(?:\s+[a-z]+ly|\s+once)?\s+$", re.I)


def denied_claims(claims: Sequence[Claim], quotes: Sequence[Quote], texts: Mapping[str, str] | None = None) -> dict[int, str]:
    """Claim index -> entity id of the named speaker (or whom they speak for) whose
    denial carries the claim ("Polis has denied that ..."). With the articles' `texts`,
    a negated cue ("He has never disputed that ...") denies nothing."""
    by_article: dict[str, list[Quote]] = defaultdict(list)
    for quote in quotes:
        # A partial quote's words are a fragment of the sentence, not what is denied:
        # "called for denying entry to travelers with a 'strong presence'" denies nothing.
        if quote.cue is None or quote.cue.text.casefold() not in DENIAL_CUES or quote.kind == "partial":
            continue
        text = (texts or {}).get(quote.article, "")
        if _NEGATED.search(text[max(0, quote.cue.start - 30) : quote.cue.start]):
            continue
        by_article[quote.article].append(quote)
    found = {}
    spans = {article: _by_start(denials) for article, denials in by_article.items()}
    for index, claim in enumerate(claims):
        if claim.article not in spans:
            continue
        ordered, starts, longest = spans[claim.article]
        low, high = bisect.bisect_left(starts, claim.start - longest), bisect.bisect_left(starts, claim.end)
        # The last overlapping denial in the quotes' order names the entity.
        for _, quote in sorted((n, q) for n, q in ordered[low:high] if q.start < claim.end and claim.start < q.end):
            entity = quote.speaker.entity if quote.speaker.name else quote.speaker.represents
            if entity:
                found[index] = entity
    return found


def _by_start(quotes: list[Quote]) -> tuple[list[tuple[int, Quote]], list[int], int]:
    """(position, quote) by start, the starts, and the longest quote: the quotes
    overlapping a claim are found by bisection, not by scanning the article's quotes."""
    ordered = sorted(enumerate(quotes), key=lambda pair: pair[1].start)
    return ordered, [q.start for _, q in ordered], max(q.end - q.start for q in quotes)
