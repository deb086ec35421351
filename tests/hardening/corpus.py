"""Every real article under ../shared, in story-sized batches, through the full pipeline.

Two scopes (the batches are deterministic: sorted file names, fixed strides):

``ci`` (the test suite, `tests/hardening/test_every_article.py`):
    - PolNeAR dev, all 84 articles, in groups of 3 consecutive files analysed as one
      story (``across=True``: every per-article and per-story stage);
    - PolNeAR train, every 4th file (210 of 840), each analysed alone with
      ``across=False`` (ingest, parse, quotes, speakers, entities);
    - ECB+ dev, every 3rd story (22 of 66 stories, sorted by story id), each story
      whole (all its articles analysed as one story), grouped by its ``story`` field;
    - the Aurora story, in full.

``full`` (`make verify-corpus`): every PolNeAR train and dev article, in groups of 3
consecutive files analysed as one story; every ECB+ dev story (772 articles); Aurora.
Measured on the shared 2-core machine (load ~5, so slower than CI): 1,698 articles
(PolNeAR 840 train files, one a duplicate text analysed once, and 84 dev; ECB+ 772;
Aurora 3) in 1,628 s (27 min) wall, 18.4 min CPU; 0 problems. The ``ci`` scope
(261 batches, 553 articles) took 149 s.

Run ``python -m tests.hardening.corpus [ci|full]`` to time a scope outside pytest.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from corroborate.errors import InputError
from corroborate.ingest import OutletRegistry, load_articles
from corroborate.model import Article
from corroborate.pipeline import analyze_articles
from corroborate.settings import Settings
from tests.conftest import AURORA, POLNEAR, SHARED
from tests.hardening.checks import problems

ECBPLUS_DEV = SHARED / "bench" / "ecbplus" / "dev.jsonl"
Scope = Literal["ci", "full"]
POLNEAR_GROUP_SIZE = 3
POLNEAR_TRAIN_STRIDE = 4
ECBPLUS_STORY_STRIDE = 3  # ci scope: every 3rd story


@dataclass(frozen=True)
class Batch:
    """Articles analysed together as one story (`across`) or each on its own."""

    name: str
    articles: tuple[Article, ...]
    across: bool


@dataclass
class BatchOutcome:
    name: str
    articles: int
    words: int
    seconds: float
    problems: list[str]


def _load(spec: Path, settings: Settings, registry: OutletRegistry) -> tuple[list[Article], list[InputError]]:
    loaded = load_articles([str(spec)], settings, registry)
    return sorted(loaded.articles, key=lambda a: a.source), loaded.errors


def _groups(articles: Sequence[Article], size: int) -> Iterator[tuple[Article, ...]]:
    for start in range(0, len(articles), size):
        yield tuple(articles[start : start + size])


def corpus_batches(scope: Scope, settings: Settings, registry: OutletRegistry) -> tuple[list[Batch], list[InputError]]:
    """The batches of `scope` and the inputs that could not be read (there should be none)."""
    batches: list[Batch] = []
    errors: list[InputError] = []
    for split in ("dev", "train"):
        articles, failed = _load(POLNEAR / split / "text", settings, registry)
        errors += failed
        if scope == "full" or split == "dev":
            for group in _groups(articles, POLNEAR_GROUP_SIZE):
                batches.append(Batch(f"polnear-{split}/{group[0].id}+{len(group) - 1}", group, across=True))
        else:
            for article in articles[::POLNEAR_TRAIN_STRIDE]:
                batches.append(Batch(f"polnear-{split}/{article.id}", (article,), across=False))
    ecb_articles, failed = _load(ECBPLUS_DEV, settings, registry)
    errors += failed
    story_of = {}
    for line in ECBPLUS_DEV.read_text("utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            story_of[str(record["id"])] = str(record["story"])
    stories: dict[str, list[Article]] = {}
    for article in ecb_articles:
        stories.setdefault(story_of[article.id], []).append(article)
    for number, (story, members) in enumerate(sorted(stories.items())):
        if scope == "full" or number % ECBPLUS_STORY_STRIDE == 0:
            batches.append(Batch(f"ecbplus/{story}", tuple(members), across=True))
    aurora, failed = _load(AURORA, settings, registry)
    errors += failed
    batches.append(Batch("aurora", tuple(aurora), across=True))
    return batches, errors


def analyse_batch(batch: Batch, settings: Settings, registry: OutletRegistry) -> BatchOutcome:
    """Analyse one batch; every problem found (a caught failure, a bad offset, a schema error)."""
    started = time.perf_counter()
    try:
        analysis = analyze_articles(batch.articles, settings, registry, across=batch.across)
        found = problems(analysis)
    except Exception as exc:  # the point of the test: report it with the batch named
        found = [f"raised {type(exc).__name__}: {exc}"]
    seconds = time.perf_counter() - started
    words = sum(len(a.text.split()) for a in batch.articles)
    return BatchOutcome(batch.name, len(batch.articles), words, seconds, [f"{batch.name}: {p}" for p in found])


def main(argv: Sequence[str]) -> int:
    scope: Scope = "full" if argv[:1] == ["full"] else "ci"
    settings = Settings()
    registry = OutletRegistry.load(settings.outlet_files)
    started = time.perf_counter()
    batches, errors = corpus_batches(scope, settings, registry)
    print(
        f"{scope}: {len(batches)} batches, {sum(len(b.articles) for b in batches)} articles; load {time.perf_counter() - started:.1f} s"
    )
    totals: dict[str, list[float]] = {}
    failures = [str(e) for e in errors]
    for batch in batches:
        outcome = analyse_batch(batch, settings, registry)
        source = batch.name.split("/", 1)[0]
        total = totals.setdefault(source, [0, 0, 0.0])
        total[0] += outcome.articles
        total[1] += outcome.words
        total[2] += outcome.seconds
        failures += outcome.problems
        for problem in outcome.problems[:3]:
            print(problem, flush=True)
    for source, (articles, words, seconds) in totals.items():
        print(f"{source}: {articles:.0f} articles, {words:.0f} words, {seconds:.1f} s")
    print(f"total {time.perf_counter() - started:.1f} s; {len(failures)} problem(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
