"""Claims of two articles naming one occasion of speech (`claim.attribution`, read by
`corroborate.nlp.occasions`): "said at a rally here" / "told about 600 supporters at
the fairgrounds". The class of occasion and who spoke make it one; the words two
mentions share rank the pairs, so that of an article's two mentions of one interview
the one worded like the other outlet's joins it. Two mentions in one article restate
it and are no pair; two dated apart are two appearances (`claims.group_claims` drops
those, as it drops two people's acts).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence

from corroborate.align.claim_features import MAX_POSTINGS, last_word
from corroborate.model import Claim
from corroborate.nlp.rules import OCCASION_RULE

__all__ = ["occasion_pairs"]

# A pair's strength is 1 plus this for each word its two mentions share (up to five):
# ahead of the other rules' whole links, ordered among themselves by their words.
_WORD_BONUS = 0.01
_MAX_BONUS_WORDS = 5


def occasion_pairs(claims: Sequence[Claim], contents: Sequence[frozenset[str]]) -> dict[tuple[int, int], float]:
    """Cross-article pairs of occasion claims of one class and one speaker (by the last
    word of their subjects), with their strength; `contents` are the claims' content words."""
    by_key: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, claim in enumerate(claims):
        if claim.rule == OCCASION_RULE and claim.event and claim.subject:
            by_key[(claim.event, last_word(claim.subject))].append(i)
    return {
        (a, b): 1.0 + _WORD_BONUS * min(len(contents[a] & contents[b]), _MAX_BONUS_WORDS)
        for members in by_key.values()
        if len(members) <= MAX_POSTINGS
        for a, b in itertools.combinations(members, 2)
        if claims[a].article != claims[b].article
    }
