"""Group a collection of articles into stories.

    articles ─► near-duplicate groups ─► TF-IDF of one representative per group
             ─► candidate pairs (shared top terms, date window) ─► average-link ─► story ids

Near-duplicates (syndicated copies, lightly edited versions) are found first
with MinHash/LSH (see `duplicates`) and always share a story; each group is then
one weighted item, so a wire story carried by 200 outlets costs one vector. Stories
are merged average-link style over exact cosines of candidate pairs (see
`candidates` and `linkage`): a bridge article never chains two stories.

The result depends only on the set of articles, not their order: everything is
done in article-id order and ties are broken by position in it.

Thresholds were chosen on the ECB+ dev split (`benchmarks/cluster_quality.py`);
see the README section "Grouping a collection into stories".
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy import sparse

from corroborate.errors import UsageError
from corroborate.model import Article
from corroborate.scale.candidates import MAX_POSTINGS, MIN_SHARED_KEYS, TOP_TERMS, candidate_edges, pair_cosines
from corroborate.scale.dates import UNKNOWN_DAY, publication_days, within_window
from corroborate.scale.duplicates import copy_groups
from corroborate.scale.features import FeatureWeights, article_terms, tfidf_matrix
from corroborate.scale.linkage import average_link_labels


@dataclass(frozen=True)
class StoryParams:
    """The knobs of story clustering; the defaults are the ones chosen on ECB+ dev."""

    threshold: float = 0.22  # mean cosine across two clusters needed to merge them
    min_similarity: float = 0.03  # weaker pairs are left out of the graph (count as 0)
    features: FeatureWeights = field(default_factory=lambda: FeatureWeights(lead=1.0, names=2.0))
    top_terms: int = TOP_TERMS
    min_shared_keys: int = MIN_SHARED_KEYS
    max_postings: int = MAX_POSTINGS
    group_duplicates: bool = True
    max_neighbours: int = 20  # pass 1 keeps each item's strongest edges only (memory)
    # A cluster of at most `small_weight` articles may join at this lower mean: a short
    # or off-angle article shares fewer words with its story, and one or two
    # articles cannot bridge two big stories (the mean is still over all pairs).
    small_threshold: float | None = 0.1
    small_weight: int = 2


def story_id(member_ids: Sequence[str]) -> str:
    """A stable id for a story: from its lexicographically smallest member id."""
    return "story-" + hashlib.sha1(min(member_ids).encode("utf-8")).hexdigest()[:10]


def cluster_articles(articles: Sequence[Article], *, date_window_days: int = 7) -> dict[str, str]:
    """Map every article id to a story id (`story-` + 10 hex digits).

    Articles whose publication dates are both known and more than
    `date_window_days` apart are never compared (they count as dissimilar).
    Raises `UsageError` when two articles share an id or the window is negative."""
    return cluster_articles_with(articles, StoryParams(), date_window_days=date_window_days)


def cluster_articles_with(articles: Sequence[Article], params: StoryParams, *, date_window_days: int = 7) -> dict[str, str]:
    """`cluster_articles` with explicit parameters (for benchmarks and tuning)."""
    if date_window_days < 0:
        raise UsageError(f"date window of {date_window_days} days: give 0 or more days")
    ordered = sorted(articles, key=lambda article: article.id)
    for previous, current in itertools.pairwise(ordered):
        if previous.id == current.id:
            raise UsageError(f"article id {current.id!r} appears twice; give each article a unique id")
    if not ordered:
        return {}
    days = publication_days(ordered)
    # Each near-duplicate group is one unit from here on, its representative's text standing for all.
    representative = copy_groups(ordered, date_window_days) if params.group_duplicates else list(range(len(ordered)))
    units = sorted(set(representative))
    unit_of = {rep: k for k, rep in enumerate(units)}
    unit_weights = Counter(unit_of[rep] for rep in representative)
    weights = [unit_weights[k] for k in range(len(units))]
    matrix = tfidf_matrix((article_terms(ordered[rep], params.features) for rep in units), weights)
    unit_days = days[np.array(units, dtype=np.int64)]
    labels = _two_level_average_link(matrix.vectors, weights, unit_days, date_window_days, params)
    members: dict[int, list[str]] = defaultdict(list)
    for article, rep in zip(ordered, representative, strict=True):
        members[labels[unit_of[rep]]].append(article.id)
    mapping: dict[str, str] = {}
    for ids in members.values():
        sid = story_id(ids)
        for article_id in ids:
            mapping[article_id] = sid
    return mapping


def _two_level_average_link(
    vectors: sparse.csr_matrix, weights: list[int], days: np.ndarray, window: int, params: StoryParams
) -> list[int]:
    """Average-link in two passes, so memory grows with the articles, not with the pairs of a big story.

    Pass 1 links each item only to its `max_neighbours` most similar ones and
    counts every other pair as 0: it underestimates means, so its merges are
    ones exact average-link would also make, but a story larger than a few dozen
    articles stays in pieces. Pass 2 joins the pieces with exact means: for
    L2-normalised rows the mean cosine over all pairs across two groups is the
    dot product of their summed vectors divided by the product of their sizes."""

    edges = candidate_edges(
        vectors,
        params.min_similarity,
        lambda r, c: within_window(days[r], days[r], days[c], days[c], window),
        top_terms=params.top_terms,
        min_shared_keys=params.min_shared_keys,
        max_postings=params.max_postings,
        max_neighbours=params.max_neighbours,
    )
    pieces = average_link_labels(weights, edges.rows, edges.cols, edges.similarities, params.threshold)
    del edges
    piece_ids = sorted(set(pieces))
    piece_of = {label: k for k, label in enumerate(piece_ids)}
    assignment = np.array([piece_of[label] for label in pieces], dtype=np.int64)
    membership = sparse.csr_matrix(
        (np.asarray(weights, dtype=np.float32), (assignment, np.arange(len(pieces)))), shape=(len(piece_ids), len(pieces))
    )
    sums = sparse.csr_matrix(membership @ vectors)
    piece_weights = np.bincount(assignment, weights=np.asarray(weights, dtype=np.float64), minlength=len(piece_ids))
    known = days != UNKNOWN_DAY
    first = np.full(len(piece_ids), UNKNOWN_DAY, dtype=np.int64)
    last = np.full(len(piece_ids), UNKNOWN_DAY, dtype=np.int64)
    if known.any():
        big = np.iinfo(np.int64).max
        first_known = np.full(len(piece_ids), big, dtype=np.int64)
        last_known = np.full(len(piece_ids), UNKNOWN_DAY, dtype=np.int64)
        np.minimum.at(first_known, assignment[known], days[known])
        np.maximum.at(last_known, assignment[known], days[known])
        has = first_known != big
        first[has], last[has] = first_known[has], last_known[has]
    norms = np.sqrt(np.asarray(sums.multiply(sums).sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    directions = sparse.csr_matrix(sparse.diags((1.0 / norms).astype(np.float32)) @ sums)
    # Candidates from the pieces' directions; their exact means from the sums.
    piece_edges = candidate_edges(
        directions,
        0.0,
        lambda r, c: within_window(first[r], last[r], first[c], last[c], window),
        top_terms=params.top_terms,
        min_shared_keys=params.min_shared_keys,
        max_postings=params.max_postings,
    )
    totals = pair_cosines(sums, piece_edges.rows, piece_edges.cols).astype(np.float64)
    means = totals / (piece_weights[piece_edges.rows] * piece_weights[piece_edges.cols])
    strong = means >= params.min_similarity
    joined = average_link_labels(
        [int(w) for w in piece_weights],
        piece_edges.rows[strong],
        piece_edges.cols[strong],
        means[strong],
        params.threshold,
        params.small_threshold,
        params.small_weight,
    )
    return [int(joined[piece]) for piece in assignment]


def story_groups(mapping: dict[str, str]) -> list[list[str]]:
    """The stories of a mapping as lists of article ids: largest first, then by first id."""
    groups: dict[str, list[str]] = defaultdict(list)
    for article_id, sid in mapping.items():
        groups[sid].append(article_id)
    return sorted((sorted(ids) for ids in groups.values()), key=lambda ids: (-len(ids), ids[0]))


# Inputs meant as one story are few, so their IDF says little: warn only on a clear split.
WARNING_THRESHOLD = 0.08


def story_groups_warning(articles: Sequence[Article]) -> list[list[str]] | None:
    """The groups of article ids when the articles look like several stories, else None.

    Meant for `analyze`, which treats its inputs as one story: a split here is
    worth a warning, not an error. The bar is lower than `cluster_articles`' (a
    handful of articles about one story may share little beyond its names), so
    a warning means the groups share almost nothing."""
    if len(articles) < 2:
        return None
    params = StoryParams(threshold=WARNING_THRESHOLD, min_similarity=0.01, min_shared_keys=1)
    groups = story_groups(cluster_articles_with(articles, params, date_window_days=36500))
    return groups if len(groups) > 1 else None
