"""Article text → terms → TF-IDF vectors (sublinear tf, smoothed idf, L2-normalised rows).

Terms are lower-cased words without stop words, plus two kinds of weighted
extras that tell two stories of one kind apart (two earthquakes, two rehab
check-ins): the words of the title and lead (the first sentences say what the
story is), and capitalised words inside sentences (names of people, places and
organisations, which differ between two events of one kind).
"""

from __future__ import annotations

import math
import re
from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from corroborate.model import Article

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
# A capitalised word not at the start of a sentence (so not capitalised only by position).
_NAME = re.compile(r"(?<![.!?\n\"“‘]\s)(?<![.!?\n\"“‘])(?<!^)\b[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?\b")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")

LEAD_WORDS = 60  # about two sentences: the lead names the event

STOP_WORDS = frozenset(
    """
    a about above after again against all almost also although am among an and another any are aren't around as at
    be became because been before being below between both but by can can't cannot could couldn't did didn't do does
    doesn't doing don't down during each either else even ever every few for from further get gets got had hadn't has
    hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd
    i'll i'm i've if in into is isn't it it's its itself just least less let's like made make many may me might more
    most much must mustn't my myself never no nor not now of off often on once one only or other others our ours
    ourselves out over own per perhaps put rather said same say says see seen shall she she'd she'll she's should
    shouldn't since so some still such than that that's the their theirs them themselves then there there's these
    they they'd they'll they're they've this those though through thus to too toward towards under until up upon us
    very via was wasn't we we'd we'll we're we've were weren't what what's when when's where where's whether which
    while who who's whom whose why why's will with within without won't would wouldn't yet you you'd you'll you're
    you've your yours yourself yourselves mr mrs ms told according new also two three first last year years week
    day days time according percent http https www com html
    """.split()
)


@dataclass(frozen=True)
class FeatureWeights:
    """How much the title/lead and the name-like words count against plain body words."""

    lead: float = 1.0
    names: float = 1.0


def article_terms(article: Article, weights: FeatureWeights = FeatureWeights()) -> dict[str, float]:
    """Weighted term counts of one article: body words, plus lead and name features."""
    text = article.text
    words = _WORD.findall(text.lower().replace("’", "'"))
    # Filter distinct words, not every occurrence: most of the work is in the counting.
    counts: dict[str, float] = {word: n for word, n in Counter(words).items() if _is_content(word)}
    if weights.lead > 0:
        lead = Counter(_WORD.findall((article.title or "").lower().replace("’", "'")) + words[:LEAD_WORDS])
        for word, n in lead.items():
            if _is_content(word):
                counts["L:" + word] = n * weights.lead
    if weights.names > 0:
        for name, n in Counter(_NAME.findall(text)).items():
            lower = name.lower()
            if lower not in STOP_WORDS:
                counts["N:" + lower] = n * weights.names
    return counts


def _is_content(word: str) -> bool:
    return word not in STOP_WORDS and (len(word) > 2 or word.isdigit())


@dataclass
class TermMatrix:
    """Rows are articles (in the order given), columns are terms (sorted, so stable)."""

    vectors: sparse.csr_matrix  # L2-normalised TF-IDF rows
    terms: list[str]
    document_frequency: np.ndarray


def tfidf_matrix(term_counts: Iterable[Mapping[str, float]], row_weights: Sequence[int] | None = None) -> TermMatrix:
    """Sublinear-tf, smoothed-idf, L2-normalised TF-IDF rows.

    `term_counts` is consumed once (a generator keeps only one article's counts
    alive); `row_weights` counts a row as that many documents in the document
    frequencies (a group of near-duplicates stands for all its copies)."""
    provisional: dict[str, int] = {}
    indptr = array("q", [0])
    indices = array("i")
    values = array("f")
    for counts in term_counts:
        for term, count in counts.items():
            indices.append(provisional.setdefault(term, len(provisional)))
            values.append(1.0 + math.log(count) if count >= 1 else count)
        indptr.append(len(indices))
    # Columns in sorted term order, so the matrix does not depend on the order terms were met.
    vocabulary = sorted(provisional)
    sorted_column = np.empty(len(provisional), dtype=np.int32)
    sorted_column[[provisional[term] for term in vocabulary]] = np.arange(len(vocabulary), dtype=np.int32)
    del provisional
    shape = (len(indptr) - 1, len(vocabulary))
    tf = sparse.csr_matrix(
        (
            np.frombuffer(values, dtype=np.float32),
            sorted_column[np.frombuffer(indices, dtype=np.int32)],
            np.frombuffer(indptr, dtype=np.int64),
        ),
        shape=shape,
    )
    tf.sort_indices()
    weights = np.ones(shape[0], dtype=np.float64) if row_weights is None else np.asarray(row_weights, dtype=np.float64)
    present = tf.copy()
    present.data[:] = 1.0
    df = np.asarray(present.T @ weights).ravel()
    del present
    total = float(weights.sum())
    idf = (np.log((1.0 + total) / (1.0 + df)) + 1.0).astype(np.float32)
    vectors = sparse.csr_matrix(tf @ sparse.diags(idf), dtype=np.float32)
    del tf
    norms = np.sqrt(np.asarray(vectors.multiply(vectors).sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    vectors = sparse.csr_matrix(sparse.diags((1.0 / norms).astype(np.float32)) @ vectors)
    vectors.sort_indices()
    return TermMatrix(vectors, vocabulary, df)
