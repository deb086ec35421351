"""Story clustering time and memory as the collection grows: 1k → 100k generated articles.

The generator invents everything from a seed (no corpus): pseudo-words built
from syllables, a common vocabulary shared by all stories (Zipf-weighted),
event *kinds* whose words many stories share (two fires, two elections, like
the two events of one ECB+ topic), and per story its own topic words, named
people and places (capitalised) and a pool of sentences. An article mixes
sentences of its story's pool, reworded a little, with common-vocabulary filler
and now and then a sentence of another story; about 5 % of articles are
syndicated copies of another article of their story with a sentence changed.
Story sizes follow a heavy-tailed distribution (many small, a few of hundreds),
dates fall within a few days of the story's start within one year.

Each size runs in a fresh process, so the peak memory (`ru_maxrss`) is that
run's own: it includes the generated articles themselves. B³-F1 against the
generator's stories is printed as a sanity check. Run:

    .venv/bin/python benchmarks/cluster_scaling.py [--sizes 1000 10000 100000] [--seed 7]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import platform
import random
import resource
import subprocess
import sys
import time

from cluster_quality import b_cubed

from corroborate.model import Article
from corroborate.scale import cluster_articles

DEFAULT_SIZES = (1_000, 10_000, 100_000)
SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in ("a", "e", "i", "o", "u", "ai", "ou")]


def _pseudo_words(rng: random.Random, count: int, low: int = 2, high: int = 4) -> list[str]:
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(low, high))))
    return sorted(words)


class Generator:
    """A deterministic source of articles about many invented stories."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        rng = self.rng
        self.common = _pseudo_words(rng, 3000, 1, 3)
        self.common_weights = [1.0 / (rank + 1) for rank in range(len(self.common))]
        self.kinds = [_pseudo_words(rng, 40, 2, 3) for _ in range(60)]
        self.topic_pool = _pseudo_words(rng, 60_000, 3, 4)
        self.name_pool = [w.capitalize() for w in _pseudo_words(rng, 30_000, 2, 3)]
        self.start = dt.date(2026, 1, 1)

    def _sentence(self, specific: list[str], names: list[str], share: float) -> str:
        rng = self.rng
        length = rng.randint(12, 24)
        fillers = rng.choices(self.common, self.common_weights, k=length)
        words = [rng.choice(specific) if rng.random() < share else filler for filler in fillers]
        for _ in range(rng.randint(0, 2)):
            words.insert(rng.randrange(1, len(words)), rng.choice(names))
        return words[0].capitalize() + " " + " ".join(words[1:]) + "."

    def story(self) -> tuple[list[str], dt.date]:
        rng = self.rng
        kind = rng.choice(self.kinds)
        specific = rng.sample(self.topic_pool, 25) + kind
        names = rng.sample(self.name_pool, rng.randint(3, 6))
        pool = [self._sentence(specific, names, 0.35) for _ in range(rng.randint(15, 30))]
        return pool, self.start + dt.timedelta(days=rng.randrange(365))

    def articles(self, total: int) -> tuple[list[Article], dict[str, str]]:
        rng = self.rng
        articles: list[Article] = []
        truth: dict[str, str] = {}
        story_number = 0
        while len(articles) < total:
            pool, start = self.story()
            size = min(total - len(articles), max(1, int(rng.paretovariate(1.2) * 3)), 400)
            story = f"s{story_number}"
            story_number += 1
            texts: list[str] = []
            for index in range(size):
                if texts and rng.random() < 0.05:
                    sentences = rng.choice(texts).split(". ")
                    sentences[rng.randrange(len(sentences))] = "Filler " + " ".join(rng.sample(self.common[:500], 8))
                    text = ". ".join(sentences)
                else:
                    chosen = rng.sample(pool, min(len(pool), rng.randint(5, 14)))
                    chosen = [self._reword(sentence) for sentence in chosen]
                    if articles and rng.random() < 0.1:
                        chosen.insert(rng.randrange(len(chosen) + 1), rng.choice(articles).text.split(". ")[0] + ".")
                    text = " ".join(chosen)
                texts.append(text)
                article_id = f"a{len(articles):07d}"
                published = start + dt.timedelta(days=rng.randint(0, 4))
                articles.append(
                    Article(
                        id=article_id,
                        source=f"generated:{article_id}",
                        outlet=None,
                        title=None,
                        published=published.isoformat(),
                        language="en",
                        text=text,
                    )
                )
                truth[article_id] = story
                del index
        return articles, truth

    def _reword(self, sentence: str) -> str:
        words = sentence.split()
        for _ in range(self.rng.randint(0, 3)):
            words[self.rng.randrange(1, len(words))] = self.rng.choice(self.common[:1000])
        return " ".join(words)


def b_cubed_f1(predicted: dict[str, str], gold: dict[str, str]) -> float:
    return b_cubed(predicted, gold)[2]


def run_one(size: int, seed: int) -> dict[str, float]:
    started = time.perf_counter()
    articles, truth = Generator(seed).articles(size)
    generated = time.perf_counter() - started
    words = sum(len(article.text.split()) for article in articles)
    started = time.perf_counter()
    mapping = cluster_articles(articles)
    seconds = time.perf_counter() - started
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "articles": size,
        "words": words,
        "true_stories": len(set(truth.values())),
        "stories": len(set(mapping.values())),
        "b3_f1": b_cubed_f1(mapping, truth),
        "generate_s": generated,
        "cluster_s": seconds,
        "peak_mib": peak_kib / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # internal: run one size in this process
    args = parser.parse_args()
    if args.one:
        print(json.dumps(run_one(args.one, args.seed)))
        return
    print(f"python {platform.python_version()} · {platform.machine()} · seed {args.seed}")
    print("| articles | words | true stories | stories found | B³-F1 | cluster s | µs/article | peak RSS MiB |")
    print("|---|---|---|---|---|---|---|---|")
    results = []
    for size in args.sizes:
        command = [sys.executable, __file__, "--one", str(size), "--seed", str(args.seed)]
        row = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        results.append(row)
        print(
            f"| {row['articles']:,} | {row['words']:,} | {row['true_stories']:,} | {row['stories']:,} | {row['b3_f1']:.3f} "
            f"| {row['cluster_s']:.2f} | {row['cluster_s'] / row['articles'] * 1e6:.0f} | {row['peak_mib']:.0f} |",
            flush=True,
        )
    if len(results) > 1:
        first, last = results[0], results[-1]
        exponent = math.log(last["cluster_s"] / first["cluster_s"]) / math.log(last["articles"] / first["articles"])
        print(f"\ngrowth exponent of time, {first['articles']:,} → {last['articles']:,} articles: {exponent:.2f}")


if __name__ == "__main__":
    main()
