"""Blocking and pair scoring: exact cosines, neighbour caps, bounded chunks."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import sparse

from corroborate.scale import candidates
from corroborate.scale.candidates import _strongest_per_row, candidate_edges, pair_cosines


def _random_rows(count: int = 40) -> sparse.csr_matrix:
    matrix = sparse.random(count, 25, density=0.3, format="csr", random_state=3, dtype=np.float32)
    norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    return sparse.csr_matrix(sparse.diags(1.0 / norms) @ matrix, dtype=np.float32)


@pytest.mark.parametrize("budget", [1, 13, 10_000_000])
def test_pair_cosines_are_exact_whatever_the_chunk_budget(monkeypatch: pytest.MonkeyPatch, budget: int) -> None:
    vectors = _random_rows()
    rng = np.random.default_rng(0)
    rows, cols = rng.integers(0, 40, 300), rng.integers(0, 40, 300)
    expected = (vectors @ vectors.T).toarray()[rows, cols]
    monkeypatch.setattr(candidates, "NONZERO_BUDGET", budget)
    assert np.allclose(pair_cosines(vectors, rows, cols), expected, atol=1e-6)


def test_without_caps_every_sharing_pair_is_scored_once() -> None:
    vectors = _random_rows()
    edges = candidate_edges(vectors, 0.0, top_terms=1000, max_postings=1000)
    dense = (vectors @ vectors.T).toarray()
    expected = {(i, j) for i in range(40) for j in range(i + 1, 40) if dense[i, j] > 0}
    assert set(zip(edges.rows.tolist(), edges.cols.tolist(), strict=True)) == expected
    assert np.allclose(edges.similarities, dense[edges.rows, edges.cols], atol=1e-6)


def test_neighbour_cap_keeps_each_rows_strongest_pairs() -> None:
    rows = np.array([0, 0, 0, 1, 1])
    cols = np.array([1, 2, 3, 0, 2])
    sims = np.array([0.2, 0.9, 0.5, 0.2, 0.1], dtype=np.float32)
    kept_rows, kept_cols, _ = _strongest_per_row(rows, cols, sims, 2)
    assert list(zip(kept_rows.tolist(), kept_cols.tolist(), strict=True)) == [(0, 2), (0, 3), (1, 0), (1, 2)]
    capped = candidate_edges(_random_rows(), 0.0, top_terms=1000, max_postings=1000, max_neighbours=3)
    assert len(set(zip(capped.rows.tolist(), capped.cols.tolist(), strict=True))) == len(capped.rows)  # no pair twice
    assert len(capped.rows) <= 3 * 40  # each row keeps at most 3: edges grow with the rows, not the pairs
    assert (capped.rows < capped.cols).all()
