"""Average-link agglomerative clustering over a sparse similarity graph.

Two clusters merge while the mean similarity over *all* pairs across them is at
least the threshold; a pair that is not in the graph counts as 0. One bridge
article similar to two stories therefore cannot join them (single-link would).
Clusters carry weights (a group of near-duplicates counts as its copies), and
the sums of similarities between neighbouring clusters are kept incrementally,
the smaller neighbour table merged into the larger: the work grows with the
edges of the graph (times a log for the heap), not with the square of the items.
Ties are broken by cluster index, so the result depends only on the input order
the caller fixes.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

import numpy as np


def average_link_labels(
    weights: Sequence[int],
    rows: np.ndarray,
    cols: np.ndarray,
    similarities: np.ndarray,
    threshold: float,
    small_threshold: float | None = None,
    small_weight: int = 1,
) -> list[int]:
    """Cluster label (the smallest member index) of each item.

    `rows`, `cols`, `similarities` list each edge once (row != col); `weights[i]`
    is how many articles item i stands for (its copies are taken as identical).
    With `small_threshold`, a cluster of at most `small_weight` articles may also
    join at that lower mean: the mean is still over all pairs, so one or two
    articles cannot carry two big clusters together."""
    size = len(weights)
    low = threshold if small_threshold is None else min(threshold, small_threshold)

    def wanted(mean: float, a: int, b: int) -> bool:
        return mean >= threshold or (mean >= low and min(weight[a], weight[b]) <= small_weight)

    weight = [int(w) for w in weights]
    # neighbours[c][d] = sum over article pairs across clusters c and d of their similarity
    neighbours: list[dict[int, float] | None] = [{} for _ in range(size)]
    for a, b, s in zip(rows.tolist(), cols.tolist(), similarities.tolist(), strict=True):
        pair_sum = s * weight[a] * weight[b]
        table_a, table_b = neighbours[a], neighbours[b]
        assert table_a is not None and table_b is not None
        table_a[b] = table_a.get(b, 0.0) + pair_sum
        table_b[a] = table_b.get(a, 0.0) + pair_sum
    heap: list[tuple[float, int, int]] = []
    for a in range(size):
        table = neighbours[a]
        assert table is not None
        for b, total in table.items():
            if a < b:
                mean = total / (weight[a] * weight[b])
                if wanted(mean, a, b):
                    heap.append((-mean, a, b))
    heapq.heapify(heap)
    label = list(range(size))  # union of absorbed clusters, resolved at the end
    alive = [True] * size
    while heap:
        negative_mean, a, b = heapq.heappop(heap)
        if not (alive[a] and alive[b]):
            continue
        table_a, table_b = neighbours[a], neighbours[b]
        assert table_a is not None and table_b is not None
        current = table_a.get(b, 0.0) / (weight[a] * weight[b])
        if abs(current + negative_mean) > 1e-9 or not wanted(current, a, b):
            continue  # stale entry: the pair's mean changed since it was pushed
        keep, drop = (a, b) if len(table_a) >= len(table_b) else (b, a)
        table_keep, table_drop = neighbours[keep], neighbours[drop]
        assert table_keep is not None and table_drop is not None
        table_keep.pop(drop, None)
        for other, total in table_drop.items():
            if other == keep:
                continue
            merged = table_keep.get(other, 0.0) + total
            table_keep[other] = merged
            table_other = neighbours[other]
            assert table_other is not None
            table_other.pop(drop, None)
            table_other[keep] = merged
        neighbours[drop] = None
        alive[drop] = False
        label[drop] = keep
        weight[keep] += weight[drop]
        # Every mean involving `keep` changed; push the ones still over the threshold.
        for other, total in table_keep.items():
            mean = total / (weight[keep] * weight[other])
            if wanted(mean, keep, other):
                heapq.heappush(heap, (-mean, min(keep, other), max(keep, other)))
    resolved = [_find(label, i) for i in range(size)]
    smallest: dict[int, int] = {}
    for i, root in enumerate(resolved):
        smallest.setdefault(root, i)
    return [smallest[root] for root in resolved]


def _find(label: list[int], i: int) -> int:
    while label[i] != i:
        label[i] = label[label[i]]
        i = label[i]
    return i
