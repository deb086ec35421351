"""Near-duplicates and syndicated copies: MinHash over word shingles, LSH banding, then an exact check.

MinHash with LSH banding finds candidate pairs without comparing all pairs; each
candidate is then checked on the exact shingle sets, so the sketch only decides
what gets compared, never what is called a copy. The sketches and bands are
datasketch's (`MinHash`, scheme "affine32", seed 1; `MinHashLSH` at threshold 0.3),
computed here in a few lines of numpy: importing datasketch imports scipy.integrate
(0.5 CPU s, for the band search whose answer is fixed below), and the tests check
both give the same candidates. A pair is
a copy when most of the shorter text's shingles are in the longer one
(containment: a syndicated copy cut short, or with a paragraph added) and the
two are of comparable length (so a round-up quoting two short items whole does
not pull two stories together through itself).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from corroborate.model import Article
from corroborate.scale.dates import publication_days, within_window

SHINGLE_WORDS = 5
NUM_PERM = 64
# LSH catches pairs above this estimated Jaccard; the exact check decides.
LSH_THRESHOLD = 0.3
# The bands datasketch's `MinHashLSH(threshold=LSH_THRESHOLD, num_perm=NUM_PERM)` picks
# (equal weights on false positives and negatives): 21 bands of 3 rows.
LSH_BANDS, LSH_ROWS = 21, 3
MIN_CONTAINMENT = 0.8  # share of the shorter text's shingles found in the longer
MIN_LENGTH_RATIO = 0.5  # shorter / longer, in shingles
MIN_SHINGLES = 8  # texts shorter than this are too short to call copies

_WORD = re.compile(r"[^\W_]+")


def shingles(text: str, size: int = SHINGLE_WORDS) -> np.ndarray:
    """Sorted distinct hashes (uint32) of the overlapping `size`-word runs of `text`,
    case and punctuation ignored. crc32 is stable across runs and processes (Python's
    `hash` of a str is not); an array takes a tenth of the memory of a set of ints."""
    words = _WORD.findall(text.lower())
    if len(words) < size:
        hashes = [zlib.crc32(" ".join(words).encode())] if words else []
    else:
        hashes = [zlib.crc32(" ".join(words[i : i + size]).encode()) for i in range(len(words) - size + 1)]
    return np.unique(np.asarray(hashes, dtype=np.uint32))


def _permutations(num_perm: int = NUM_PERM, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """datasketch's affine32 permutations (a odd, b), as `MinHash(num_perm, seed).permutations`."""
    gen = np.random.RandomState(seed)
    a = gen.randint(0, 1 << 31, num_perm, dtype=np.uint32) * np.uint32(2) + np.uint32(1)
    b = gen.randint(0, 1 << 32, num_perm, dtype=np.uint32)
    return a, b


_PERMUTATIONS = _permutations()


def minhash(items: np.ndarray, permutations: tuple[np.ndarray, np.ndarray] = _PERMUTATIONS) -> np.ndarray:
    """The MinHash signature (uint32, one value a permutation) of a non-empty set of
    uint32 hashes: each is pre-mixed with MurmurHash3's 32-bit finalizer, then
    permuted by h -> a*h + b mod 2^32, as datasketch's "affine32" scheme does."""
    a, b = permutations
    with np.errstate(over="ignore"):
        hv = items.astype(np.uint32).reshape(-1, 1)
        hv = hv ^ (hv >> np.uint32(16))
        hv = hv * np.uint32(0x85EBCA6B)
        hv = hv ^ (hv >> np.uint32(13))
        hv = hv * np.uint32(0xC2B2AE35)
        hv = hv ^ (hv >> np.uint32(16))
        return (hv * a + b).min(axis=0)


class BandIndex:
    """LSH banding over MinHash signatures: two signatures are candidates when all
    `rows` values of any one of `bands` bands agree (datasketch's `MinHashLSH`)."""

    def __init__(self, bands: int = LSH_BANDS, rows: int = LSH_ROWS) -> None:
        self.ranges = [(i * rows, (i + 1) * rows) for i in range(bands)]
        self.tables: list[dict[bytes, list[int]]] = [{} for _ in range(bands)]

    def query(self, signature: np.ndarray) -> set[int]:
        found: set[int] = set()
        for (start, end), table in zip(self.ranges, self.tables, strict=True):
            found.update(table.get(signature[start:end].tobytes(), ()))
        return found

    def insert(self, key: int, signature: np.ndarray) -> None:
        for (start, end), table in zip(self.ranges, self.tables, strict=True):
            table.setdefault(signature[start:end].tobytes(), []).append(key)


@dataclass(frozen=True)
class CopyPair:
    a: int
    b: int
    containment: float


def copy_pairs(shingle_sets: Sequence[np.ndarray], allowed: Callable[[int, int], bool] | None = None) -> list[CopyPair]:
    """Index pairs (a < b) whose shingle sets make them copies of each other, sorted.

    Each sketch queries the index before it is added, so every pair is found once
    (from its later member) and no sketch is kept after its turn."""
    lsh = BandIndex()
    pairs: list[CopyPair] = []
    for index, items in enumerate(shingle_sets):
        if len(items) < MIN_SHINGLES:
            continue
        sketch = minhash(items)
        for other in sorted(lsh.query(sketch)):
            if allowed is not None and not allowed(other, index):
                continue
            small, large = sorted((shingle_sets[other], shingle_sets[index]), key=len)
            if len(small) < MIN_LENGTH_RATIO * len(large):
                continue
            containment = np.intersect1d(small, large, assume_unique=True).size / len(small)
            if containment >= MIN_CONTAINMENT:
                pairs.append(CopyPair(other, index, containment))
        lsh.insert(index, sketch)
    return sorted(pairs, key=lambda pair: (pair.a, pair.b))


def copy_groups(articles: Sequence[Article], date_window_days: int | None = None) -> list[int]:
    """For each article (by position), the position of its group's representative.

    With `date_window_days`, articles whose known dates are further apart are not copies.

    Groups join copy pairs transitively, which is safe here: every pair is of
    comparable length and mostly the same words. The representative is the
    member with the smallest id."""
    allowed = None
    if date_window_days is not None:
        days = publication_days(articles)

        def allowed(a: int, b: int) -> bool:
            return bool(within_window(days[a : a + 1], days[a : a + 1], days[b : b + 1], days[b : b + 1], date_window_days)[0])

    pairs = copy_pairs([shingles(article.text) for article in articles], allowed)
    parent = list(range(len(articles)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for pair in pairs:
        ra, rb = root(pair.a), root(pair.b)
        if ra != rb:
            # Keep the member with the smallest id as root: the representative.
            keep, drop = sorted((ra, rb), key=lambda i: articles[i].id)
            parent[drop] = keep
    return [root(i) for i in range(len(articles))]


def near_duplicates(articles: Sequence[Article], *, date_window_days: int | None = None) -> dict[str, str]:
    """Article id → the id of its near-duplicate group's representative (itself when unique).

    Near-duplicates are syndicated copies and lightly edited versions of one text;
    the representative is the group member with the smallest id. With
    `date_window_days`, copies must also be dated at most that far apart (when
    both dates are known), as `cluster_articles` requires."""
    ordered = sorted(articles, key=lambda article: article.id)
    representative = copy_groups(ordered, date_window_days)
    return {article.id: ordered[rep].id for article, rep in zip(ordered, representative, strict=True)}
