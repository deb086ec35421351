"""Load test of `corroborate serve`: N concurrent clients on loopback, for a bounded time,
reading story pages and search pages of a generated 1,000-story store.

    .venv/bin/python benchmarks/serve_load.py                       # 1,000 stories, 8 clients, 20 s
    .venv/bin/python benchmarks/serve_load.py --stories 200 --clients 4 --seconds 5
    .venv/bin/python benchmarks/serve_load.py --stories 50 --clients 50 --seconds 10 --workers 1   # one page process

The store is generated without the language model (invented outlets, people and quotes,
each story with altered quotes, drift and claim groups) and written through the store's
own `CorpusStore.save_story` plus the app's saved analyses, as a real run leaves them. The
server runs as `corroborate serve` in its own process; clients are threads with keep-alive
connections. Prints p50 / p99 latency and errors per kind of page, as a Markdown table.
Floor (docs/measurements.md, "Web app load"): 0 errors and p99 < 200 ms on 1,000 stories
at 8 clients; 0 errors and p99 < 500 ms at 50 concurrent readers of a 50-story store on
2 cores (`serve` runs one page process per CPU; `--workers` sets it).
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from corroborate.model import (
    CLAIM_STATUSES,
    Analysis,
    Article,
    Claim,
    ClaimGroup,
    Entity,
    GroupMember,
    Provenance,
    Quote,
    QuoteGroup,
    QuotePair,
    Speaker,
)
from corroborate.store.sqlite import CorpusStore
from corroborate.web.stories import save_story_analysis
from corroborate.web.tables import ensure_tables

OUTLETS = [
    f"{a} {b}"
    for a in ("North", "South", "East", "West", "Valley", "Metro", "River", "Harbor")
    for b in ("Courier", "Ledger", "Times", "News")
]
FIRST = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou", "Max", "Ned", "Ola", "Pia"]
LAST = ["Lee", "Ray", "Okafor", "Haines", "Natarajan", "Lind", "Moreno", "Quist", "Berg", "Sato", "Vance", "Wolfe"]
# An invented vocabulary of 3,000 words used with Zipf frequencies, as news words are: the
# searches draw words the same way, so common words (many matches) are searched most.
_SYLLABLES = ["ba", "ro", "ki", "mel", "dan", "su", "ter", "vo", "li", "gra", "pen", "sho", "ul", "cas", "ne", "dro"]
WORDS = sorted(
    {
        a + b + c
        for a in _SYLLABLES
        for b in _SYLLABLES
        for c in ("", "n", "s", "ter", "al", "ing", "ed", "y", "o", "ik", "um", "es")
    }
)[:3000]
_ZIPF = list(itertools.accumulate(1 / (rank + 1) for rank in range(len(WORDS))))  # cumulative


def _word(rng: random.Random) -> str:
    return rng.choices(WORDS, cum_weights=_ZIPF)[0]


def _sentence(rng: random.Random, n: int = 12) -> str:
    return " ".join(rng.choices(WORDS, cum_weights=_ZIPF, k=n)).capitalize()


def generate_story(index: int, rng: random.Random) -> Analysis:
    """One story: 4-6 articles from different outlets, 6 utterances printed with changes and drift."""
    outlets = rng.sample(OUTLETS, rng.randint(4, 6))
    people = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(5)]
    utterances = [_sentence(rng, rng.randint(8, 16)) for _ in range(6)]
    articles, quotes, claims = [], [], []
    for a, outlet in enumerate(outlets):
        parts, offset = [], 0
        article_id = f"s{index}-a{a}"
        for u, words in enumerate(utterances):
            printed = words if rng.random() < 0.7 else words + " " + _word(rng)
            speaker = people[u % len(people)] if rng.random() < 0.9 else people[(u + 1) % len(people)]
            lead = _sentence(rng, 14) + ". "
            quote_start = offset + len(lead) + 1
            paragraph = f'{lead}"{printed}," {speaker} said.'
            quotes.append(
                Quote(
                    id=f"{article_id}-q{u}",
                    article=article_id,
                    kind="direct",
                    text=printed,
                    start=quote_start,
                    end=quote_start + len(printed),
                    zone="body",
                    speaker=Speaker(entity=f"e{people.index(speaker)}", name=speaker),
                    rule="generated",
                    confidence=0.9,
                )
            )
            claims.append(
                Claim(id=f"{article_id}-c{u}", article=article_id, text=lead.strip(), start=offset, end=offset + len(lead) - 1)
            )
            parts.append(paragraph)
            offset += len(paragraph) + 2
        text = "\n\n".join(parts)
        published = (dt.date(2026, 1, 1) + dt.timedelta(days=index % 300)).isoformat()
        articles.append(
            Article(
                id=article_id,
                source=f"{article_id}.txt",
                outlet=outlet,
                title=f"Story {index}: {_sentence(rng, 6)}",
                published=published,
                language="en",
                text=text,
            )
        )
    groups = []
    for u in range(len(utterances)):
        members = [q for q in quotes if q.id.endswith(f"-q{u}")]
        differ = len({q.text for q in members}) > 1
        speakers = tuple(dict.fromkeys(q.speaker.entity for q in members if q.speaker.entity))
        pairs = tuple(
            QuotePair(a=members[0].id, b=m.id, difference="substantive" if m.text != members[0].text else "identical")
            for m in members[1:]
        )
        groups.append(
            QuoteGroup(
                id=f"g{u}",
                quotes=tuple(q.id for q in members),
                members=tuple(GroupMember(quote=q.id, start=q.start, end=q.end) for q in members),
                difference="substantive" if differ else "identical",
                pairs=pairs,
                speakers=speakers,
                attribution_drift=len(speakers) > 1,
                independent_origins=1,
            )
        )
    claim_groups = [
        ClaimGroup(
            id=f"cg{u}",
            claims=tuple(c.id for c in claims if c.id.endswith(f"-c{u}")),
            status=rng.choice(CLAIM_STATUSES),
            outlets=tuple(outlets),
        )
        for u in range(len(utterances))
    ]
    return Analysis(
        provenance=Provenance(
            tool_version="bench",
            model=None,
            model_version=None,
            settings={},
            inputs=(),
            created=dt.datetime.now(dt.UTC).isoformat(),
        ),
        articles=tuple(articles),
        entities=tuple(Entity(id=f"e{i}", name=name, kind="person") for i, name in enumerate(people)),
        quotes=tuple(quotes),
        quote_groups=tuple(groups),
        claims=tuple(claims),
        claim_groups=tuple(claim_groups),
    )


def build_store(db: Path, stories: int, seed: int = 7) -> tuple[list[str], list[str]]:
    """Write `stories` generated stories; returns (story ids, speaker names)."""
    rng = random.Random(seed)
    ensure_tables(db)
    ids, names = [], set()
    with CorpusStore(db) as store:
        for index in range(stories):
            analysis = generate_story(index, rng)
            story = f"bench-{index:04d}"
            store.save_story(story, analysis, [], "bench")
            save_story_analysis(db, story, "bench", analysis, [])
            ids.append(story)
            names.update(q.speaker.name for q in analysis.quotes if q.speaker.name)
    return ids, sorted(names)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_load(base: str, stories: list[str], names: list[str], clients: int, seconds: float) -> dict[str, list[float]]:
    """Each client picks a page at random (half story pages, half searches) until time is up."""
    results: dict[str, list[float]] = {"story page": [], "search page": [], "search API": []}
    errors: dict[str, int] = dict.fromkeys(results, 0)
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def client(seed: int) -> None:
        rng = random.Random(seed)
        with httpx.Client(base_url=base, timeout=10) as http:
            while time.monotonic() < deadline:
                roll = rng.random()
                if roll < 0.5:
                    kind, url = "story page", f"/stories/{rng.choice(stories)}"
                elif roll < 0.8:
                    kind, url = (
                        "search page",
                        f"/search?q={_word(rng)}+{_word(rng)}&speaker={rng.choice(names) if rng.random() < 0.3 else ''}",
                    )
                else:
                    kind, url = "search API", f"/api/quotes?speaker={rng.choice(names)}"
                start = time.perf_counter()
                try:
                    ok = http.get(url).status_code == 200
                except httpx.HTTPError:
                    ok = False
                elapsed = (time.perf_counter() - start) * 1000
                with lock:
                    results[kind].append(elapsed)
                    errors[kind] += 0 if ok else 1

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results["_errors"] = [float(errors[k]) for k in results if k != "_errors"]
    return results


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stories", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--db", type=Path, help="reuse (or create) this store instead of a temporary one")
    parser.add_argument("--warm-up", type=float, default=5.0, help="seconds of reading before the measured run")
    parser.add_argument("--workers", type=int, default=0, help="serve's page processes (default: serve's own default)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="corroborate-load-"))
    db = args.db or folder / "load.db"
    started = time.perf_counter()
    stories, names = build_store(db, args.stories)
    print(
        f"store: {len(stories)} stories, {len(names)} speakers, built in {time.perf_counter() - started:.1f} s ({db})",
        file=sys.stderr,
    )
    port = free_port()
    command = [sys.executable, "-m", "corroborate", "serve", "--db", str(db), "--port", str(port)]
    if args.workers:
        command += ["--workers", str(args.workers)]
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"}
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):  # a loaded machine starts serve slowly
            try:
                if httpx.get(base + "/api/stories?limit=1", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            print("the server did not start", file=sys.stderr)
            return 1
        run_load(base, stories, names, 8, args.warm_up)  # warm-up of every page process: imports, caches
        results = run_load(base, stories, names, args.clients, args.seconds)
    finally:
        server.terminate()
        server.wait(timeout=10)
    error_counts = dict(zip([k for k in results if k != "_errors"], results.pop("_errors"), strict=True))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"\n{args.clients} clients, {args.seconds:g} s, {len(stories):,} stories, {args.workers or 'default'} page processes;"
        f" load average after: {load} ({os.cpu_count()} CPUs)\n"
    )
    print("| page | requests | p50 ms | p99 ms | errors |")
    print("|---|---|---|---|---|")
    everything: list[float] = []
    for kind, values in results.items():
        everything.extend(values)
        print(
            f"| {kind} | {len(values):,} | {statistics.median(values):.1f} | {percentile(values, 0.99):.1f} | {int(error_counts[kind])} |"
        )
    total_errors = int(sum(error_counts.values()))
    print(
        f"| **all** | {len(everything):,} | {statistics.median(everything):.1f} | {percentile(everything, 0.99):.1f} | {total_errors} |"
    )
    return 0 if total_errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
