"""Candidate pairs for story clustering: articles sharing top-weighted terms, then exact cosine.

Each article is keyed by its `TOP_TERMS` highest TF-IDF terms. A term held as a
key by more than `max_postings` articles says little and would make a quadratic
number of pairs, so it makes none. Pairs sharing at least `MIN_SHARED_KEYS`
keys get their exact cosine over the full vectors. Rows are handled in blocks,
so memory stays bounded by the block, not by all pairs of the collection.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy import sparse

TOP_TERMS = 32
MIN_SHARED_KEYS = 1
MAX_POSTINGS = 400
ROW_BLOCK = 2048
PAIR_CHUNK = 50_000
NONZERO_BUDGET = 10_000_000


@dataclass(frozen=True)
class Edges:
    rows: np.ndarray  # int64, rows < cols
    cols: np.ndarray
    similarities: np.ndarray  # float32 cosine


def top_term_keys(vectors: sparse.csr_matrix, top_terms: int = TOP_TERMS, max_postings: int = MAX_POSTINGS) -> sparse.csr_matrix:
    """A 0/1 matrix: article × term, 1 where the term is among the article's top terms
    and not held by more than `max_postings` articles as a top term."""
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    for row in range(vectors.shape[0]):
        start, end = vectors.indptr[row], vectors.indptr[row + 1]
        if start == end:
            continue
        data = vectors.data[start:end]
        indices = vectors.indices[start:end]
        if end - start > top_terms:
            # Stable: equal weights keep column order (columns are sorted terms).
            chosen = np.argsort(-data, kind="stable")[:top_terms]
            indices = indices[chosen]
        rows.append(np.full(len(indices), row, dtype=np.int64))
        cols.append(indices.astype(np.int64))
    if not rows:
        return sparse.csr_matrix(vectors.shape, dtype=np.float32)
    all_rows, all_cols = np.concatenate(rows), np.concatenate(cols)
    keys = sparse.csr_matrix((np.ones(len(all_rows), dtype=np.float32), (all_rows, all_cols)), shape=vectors.shape)
    postings = np.asarray(keys.sum(axis=0)).ravel()
    keys = keys @ sparse.diags((postings <= max_postings).astype(np.float32))
    keys = sparse.csr_matrix(keys)
    keys.eliminate_zeros()
    return keys


def candidate_edges(
    vectors: sparse.csr_matrix,
    min_similarity: float,
    allowed: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None,
    *,
    top_terms: int = TOP_TERMS,
    min_shared_keys: int = MIN_SHARED_KEYS,
    max_postings: int = MAX_POSTINGS,
    max_neighbours: int | None = None,
) -> Edges:
    """Edges (i < j) between candidate pairs whose row dot product is at least `min_similarity`.

    `allowed(rows, cols)` masks out pairs (the publication-date window).
    `max_neighbours` keeps only each row's strongest edges (an edge stays when
    either end keeps it): memory then grows with the rows, whatever the stories' sizes."""
    keys = top_term_keys(vectors, top_terms, max_postings)
    keys_t = sparse.csr_matrix(keys.T)
    found_rows: list[np.ndarray] = []
    found_cols: list[np.ndarray] = []
    found_sims: list[np.ndarray] = []
    for block_start in range(0, vectors.shape[0], ROW_BLOCK):
        block = keys[block_start : block_start + ROW_BLOCK]
        shared = sparse.coo_matrix(block @ keys_t)
        rows = shared.row.astype(np.int64) + block_start
        # Without a neighbour cap each pair is scored once (i < j); with it, from both ends.
        other = shared.col > rows if max_neighbours is None else shared.col != rows
        mask = other & (shared.data >= min_shared_keys)
        rows, cols = rows[mask], shared.col[mask].astype(np.int64)
        if allowed is not None and len(rows):
            keep = allowed(rows, cols)
            rows, cols = rows[keep], cols[keep]
        block_rows, block_cols, block_sims = [], [], []
        for chunk in range(0, len(rows), PAIR_CHUNK):
            r, c = rows[chunk : chunk + PAIR_CHUNK], cols[chunk : chunk + PAIR_CHUNK]
            sims = pair_cosines(vectors, r, c)
            good = sims >= min_similarity
            block_rows.append(r[good])
            block_cols.append(c[good])
            block_sims.append(sims[good])
        if not block_rows:
            continue
        r, c, sims = np.concatenate(block_rows), np.concatenate(block_cols), np.concatenate(block_sims)
        if max_neighbours is not None and len(r):
            r, c, sims = _strongest_per_row(r, c, sims, max_neighbours)
            r, c = np.minimum(r, c), np.maximum(r, c)
        found_rows.append(r)
        found_cols.append(c)
        found_sims.append(sims)
    if not found_rows:
        empty = np.zeros(0, dtype=np.int64)
        return Edges(empty, empty, np.zeros(0, dtype=np.float32))
    rows, cols, sims = np.concatenate(found_rows), np.concatenate(found_cols), np.concatenate(found_sims)
    order = np.lexsort((cols, rows))
    rows, cols, sims = rows[order], cols[order], sims[order]
    if max_neighbours is not None and len(rows):
        # A pair kept from both ends appears twice.
        first = np.ones(len(rows), dtype=bool)
        first[1:] = (rows[1:] != rows[:-1]) | (cols[1:] != cols[:-1])
        rows, cols, sims = rows[first], cols[first], sims[first]
    return Edges(rows, cols, sims)


def _strongest_per_row(
    rows: np.ndarray, cols: np.ndarray, sims: np.ndarray, limit: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each row's `limit` strongest pairs (ties: lower column first)."""
    order = np.lexsort((cols, -sims, rows))
    rows, cols, sims = rows[order], cols[order], sims[order]
    starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
    rank = np.arange(len(rows)) - np.repeat(starts, np.diff(np.r_[starts, len(rows)]))
    keep = rank < limit
    return rows[keep], cols[keep], sims[keep]


def pair_cosines(vectors: sparse.csr_matrix, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """Dot product (cosine, for L2-normalised rows) of each (rows[k], cols[k]) pair.

    Pairs are taken in chunks of at most `NONZERO_BUDGET` stored values, so a few
    long rows (the summed vectors of big groups) cannot blow up the memory."""
    if len(rows) == 0:
        return np.zeros(0, dtype=np.float32)
    lengths = np.diff(vectors.indptr)
    cost = np.cumsum(lengths[rows] + lengths[cols])
    marks = np.arange(NONZERO_BUDGET, int(cost[-1]), NONZERO_BUDGET)
    ends = np.unique(np.r_[np.searchsorted(cost, marks, side="right"), len(rows)]).tolist()
    result = np.empty(len(rows), dtype=np.float32)
    start = 0
    for end in ends:
        if end <= start:
            continue
        products = vectors[rows[start:end]].multiply(vectors[cols[start:end]])
        result[start:end] = np.asarray(products.sum(axis=1), dtype=np.float32).ravel()
        start = end
    return result
