"""The near-duplicate sketch (`scale.duplicates`) against datasketch, whose MinHash and
LSH banding it computes without importing scipy."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from corroborate.scale.duplicates import LSH_BANDS, LSH_ROWS, LSH_THRESHOLD, NUM_PERM, BandIndex, minhash, shingles

datasketch = pytest.importorskip("datasketch")


def _identity(value: int) -> int:
    return value


def _reference(items: np.ndarray) -> np.ndarray:
    permutations = datasketch.MinHash(num_perm=NUM_PERM, seed=1).permutations
    sketch = datasketch.MinHash(num_perm=NUM_PERM, hashfunc=_identity, permutations=permutations, scheme="affine32")
    sketch.update_batch(items.tolist())
    return sketch.hashvalues


def _texts(count: int) -> list[str]:
    """Invented texts, some rewritten from others so that bands collide."""
    rng = random.Random(7)
    words = [f"w{n}" for n in range(400)]
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(20, 200))) for _ in range(count // 2)]
    for text in list(texts):
        kept = text.split()
        cut = rng.randint(0, len(kept) // 3)
        texts.append(" ".join(kept[cut:] + [rng.choice(words) for _ in range(rng.randint(0, 30))]))
    return texts


def test_signatures_equal_datasketch_affine32() -> None:
    for text in _texts(20):
        items = shingles(text)
        assert np.array_equal(minhash(items), _reference(items))


def test_bands_are_the_ones_datasketch_picks_for_the_threshold() -> None:
    lsh = datasketch.MinHashLSH(threshold=LSH_THRESHOLD, num_perm=NUM_PERM)
    assert (lsh.b, lsh.r) == (LSH_BANDS, LSH_ROWS)


def test_candidates_equal_datasketch_lsh_query() -> None:
    ours, theirs = BandIndex(), datasketch.MinHashLSH(threshold=LSH_THRESHOLD, num_perm=NUM_PERM)
    found_some = False
    for index, text in enumerate(_texts(40)):
        items = shingles(text)
        signature = minhash(items)
        sketch = datasketch.MinHash(num_perm=NUM_PERM, hashvalues=signature, scheme="affine32")
        candidates = ours.query(signature)
        assert candidates == set(theirs.query(sketch))
        found_some = found_some or bool(candidates)
        ours.insert(index, signature)
        theirs.insert(index, sketch, check_duplication=False)
    assert found_some


def test_the_clusterer_imports_no_scipy_integrate() -> None:
    code = "import sys, corroborate.scale.cluster; print('scipy.integrate' in sys.modules, 'datasketch' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]
