"""Candidate blocking and average-link grouping, shared by quote groups and claim groups."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from itertools import combinations


def blocked_pairs(items: Iterable[tuple[int, Iterable[str]]], max_postings: int) -> set[tuple[int, int]]:
    """Pairs (low id, high id) of items sharing a key. A key held by more than
    `max_postings` items is too common to say anything and makes no pairs, so the
    work grows with the items, not with all their pairs."""
    postings: dict[str, list[int]] = defaultdict(list)
    for item, keys in items:
        for key in keys:
            postings[key].append(item)
    pairs: set[tuple[int, int]] = set()
    for holders in postings.values():
        if len(holders) > max_postings:
            continue
        pairs.update(combinations(sorted(holders), 2))  # (low, high): sorted first
    return pairs


def average_link(
    size: int,
    matches: set[tuple[int, int]] | Sequence[tuple[int, int]],
    *,
    kinds: Sequence[str] | None = None,
    same_kind_weight: float = 1.0,
    restating: Sequence[bool] | None = None,
    restating_weight: float = 1.0,
    linked_within: frozenset[tuple[int, int]] = frozenset(),
) -> list[set[int]]:
    """Join matched items into groups, merging two groups only when more than half of
    the pairs across them match (no chaining of unrelated statements through one
    bridge). Links between groups are counted incrementally: the work grows with the
    number of matches, not with the square of group sizes.

    `matches` given as a sequence are tried in that order (strongest first); a set
    is tried in sorted order. With `kinds` (one per item, e.g. its article), a pair of
    items of one kind counts only `same_kind_weight` among the pairs across two groups,
    and only matches across kinds (or in `linked_within`) count as matched. Two single
    items join on any match given, of one kind or not: the half-linked test starts at
    groups of more than one pair across (claim grouping relies on it for one article's
    restatements; benchmarks/README.md measures leaving such pairs out). With `restating` (one flag per item,
    e.g. a headline, which its article says again), a same-kind pair with a flagged item
    counts `restating_weight` instead."""
    cluster_of = list(range(size))
    members: dict[int, set[int]] = {i: {i} for i in range(size)}
    of_kind: dict[int, Counter[str]] = {i: Counter([kinds[i]]) for i in range(size)} if kinds is not None else {}
    # Per group, its items of each kind that restate nothing (unflagged).
    plain: dict[int, Counter[str]] = {}
    if kinds is not None:
        plain = {i: Counter([kinds[i]] if restating is None or not restating[i] else []) for i in range(size)}
    links: dict[int, dict[int, int]] = defaultdict(dict)  # cluster -> neighbour cluster -> matched pairs
    for a, b in matches:
        if kinds is None or kinds[a] != kinds[b] or (a, b) in linked_within:
            links[a][b] = links[b][a] = 1
    for a, b in sorted(matches) if isinstance(matches, (set, frozenset)) else matches:
        ca, cb = cluster_of[a], cluster_of[b]
        if ca == cb:
            continue
        cross: float = len(members[ca]) * len(members[cb])
        if kinds is not None:
            same = sum(n * of_kind[cb][k] for k, n in of_kind[ca].items())
            unflagged = sum(n * plain[cb][k] for k, n in plain[ca].items())
            cross -= unflagged * (1 - same_kind_weight) + (same - unflagged) * (1 - restating_weight)
        if cross > 1 and links[ca].get(cb, 0) * 2 <= cross:
            continue
        # Merge cb into ca, carrying cb's links over.
        for other, count in links.pop(cb, {}).items():
            if other == ca:
                continue
            links[ca][other] = links[ca].get(other, 0) + count
            links[other].pop(cb, None)
            links[other][ca] = links[ca][other]
        links[ca].pop(cb, None)
        members[ca] |= members.pop(cb)
        if kinds is not None:
            of_kind[ca] += of_kind.pop(cb)
            plain[ca] += plain.pop(cb)
        for x in members[ca]:
            cluster_of[x] = ca
    return list(members.values())
