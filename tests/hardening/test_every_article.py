"""Every real article under ../shared through the full pipeline: no exception, no
caught failure, every offset exact, every document valid against the JSON Schema.

What runs is chosen in `tests.hardening.corpus` (read its docstring): the ``ci``
scope by default; ``CORROBORATE_CORPUS=full`` (`make verify-corpus`) takes every
article. The time of each source is printed (`pytest -s`) and recorded in the
test's report sections.
"""

from __future__ import annotations

import os
import time

import pytest

from corroborate.ingest import OutletRegistry
from corroborate.settings import Settings
from tests.conftest import AURORA, POLNEAR, require_shared
from tests.hardening.corpus import ECBPLUS_DEV, analyse_batch, corpus_batches

pytestmark = [pytest.mark.slow, pytest.mark.model]

SCOPE = "full" if os.environ.get("CORROBORATE_CORPUS") == "full" else "ci"


def test_every_article_is_analysed_with_exact_offsets_and_a_valid_document(
    nlp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in (POLNEAR / "dev" / "text", POLNEAR / "train" / "text", ECBPLUS_DEV, AURORA):
        require_shared(path)
    settings = Settings()
    registry = OutletRegistry.load(settings.outlet_files)
    started = time.perf_counter()
    batches, errors = corpus_batches(SCOPE, settings, registry)
    assert not errors, [str(e) for e in errors[:5]]
    problems: list[str] = []
    by_source: dict[str, list[float]] = {}
    for batch in batches:
        outcome = analyse_batch(batch, settings, registry)
        problems += outcome.problems
        totals = by_source.setdefault(batch.name.split("/", 1)[0], [0, 0, 0.0])
        totals[0] += outcome.articles
        totals[1] += outcome.words
        totals[2] += outcome.seconds
    lines = [f"{source}: {a:.0f} articles, {w:.0f} words, {s:.1f} s" for source, (a, w, s) in by_source.items()]
    lines.append(f"corpus scope {SCOPE!r}: {len(batches)} batches in {time.perf_counter() - started:.1f} s")
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert sorted(by_source) == ["aurora", "ecbplus", "polnear-dev", "polnear-train"]
    assert not problems, f"{len(problems)} problem(s), first ones:\n" + "\n".join(problems[:20])
