"""Claim groups in running stories: hand-labelled pairs of claims from PolNeAR train.

The 12 dev stories are one event told by three outlets; a collection `corroborate
ingest` reads is mostly running stories (a week of one campaign's coverage), where a
story's words are shared by many different claims. `benchmarks/data/polnear-claim-pairs.jsonl`
holds 90 pairs of claims of two outlets (article id and character offsets into
../shared/bench/polnear/train/text/, no text copied) from the 99 stories with two or
more known outlets that `ingest`'s clustering makes of the 839 train articles (outlets
and days from the file names). They were drawn at random (seed 20261204, on 667eaec)
from four strata of cross-outlet pairs: joined in both claim modes (30 of 544), by
words only (20 of 387), by meaning only (15 of 246), and joined in neither while
sharing three content words (25 of 1,032). We labelled them by reading the two
sentences side by side, blind to the stratum: `same` when both state one claim a
fact-checker would check once (in the main clause or a side clause of either: "the
Court struck down the Texas abortion law"), else `different` (one topic, two claims:
"Clinton won Ohio" in 2016 and in 2008).

The alignment's two bars were chosen with them (benchmarks/README.md); no other rule
was fitted on them. Each pair's story is analysed again here, by words (`ingest`'s
default) and by meaning (`analyze`'s); a pair is joined when its two claims are in one
claim group. Run:

    .venv/bin/python benchmarks/polnear_claim_pairs.py

A labelled span no claim covers for more than half counts as not joined.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRAIN = ROOT.parent / "shared" / "bench" / "polnear" / "train" / "text"
PAIRS = Path(__file__).parent / "data" / "polnear-claim-pairs.jsonl"
MODES = {"words": False, "meaning": True}
STRATA = (
    "joined in both modes",
    "joined by words only",
    "joined by meaning only",
    "joined in neither, three shared words",
    "all",
)

# (article, start, end) of each claim -> the claim groups holding it (story-qualified).
Found = dict[str, list[tuple[int, int, frozenset[str]]]]


def load_pairs() -> list[dict]:
    return [json.loads(line) for line in PAIRS.read_text("utf-8").splitlines() if line.strip()]


def claim_groups(stories: list[tuple[str, ...]], modes: dict[str, bool] = MODES) -> dict[str, Found]:
    """Mode -> article -> (start, end, groups) of every claim, each story parsed once."""
    from corroborate.ingest import OutletRegistry, load_articles
    from corroborate.nlp.pipeline import load_pipeline
    from corroborate.pipeline import analyze_story, extract_articles
    from corroborate.settings import Settings
    from corroborate.store.extraction import extractor_fingerprint

    settings = Settings()
    registry = OutletRegistry.load(())
    nlp = load_pipeline(settings.model_names)
    extractor = extractor_fingerprint(settings)
    found: dict[str, Found] = {mode: defaultdict(list) for mode in modes}
    for number, story in enumerate(stories):
        articles = load_articles([str(TRAIN / f"{article}.txt") for article in story], settings, registry).articles
        extracted = extract_articles(nlp, registry, sorted(articles, key=lambda a: a.id), extractor)
        for mode, embeddings in modes.items():
            analysis = analyze_story(extracted, registry, replace(settings, claim_embeddings=embeddings))
            groups = analysis.groups_of_claims()
            for claim in analysis.claims:
                held = frozenset(f"{number}/{g.id}" for g in groups.get(claim.id, []))
                found[mode][claim.article].append((claim.start, claim.end, held))
    return found


def groups_at(found: Found, span: dict) -> frozenset[str]:
    """The groups of the claim covering most of a labelled span, when it covers more
    than half of it (else none: the labelled claim is no longer extracted)."""
    best, covered = frozenset(), 0
    for start, end, groups in found.get(span["article"], ()):
        overlap = min(end, span["end"]) - max(start, span["start"])
        if overlap > covered:
            best, covered = groups, overlap
    return best if 2 * covered > span["end"] - span["start"] else frozenset()


def stories_of(pairs: list[dict]) -> list[tuple[str, ...]]:
    """The labelled pairs' stories, each once, in a fixed order (their numbers in `Found`)."""
    return sorted({tuple(p["story"]) for p in pairs})


def tally(pairs: list[dict], found: Found) -> dict[str, int]:
    """Counts for `pairs` (of `stories_of` the whole file): pairs, same, joined, joined and same."""
    index = {story: number for number, story in enumerate(stories_of(load_pairs()))}
    counts = {"pairs": 0, "same": 0, "joined": 0, "tp": 0}
    for pair in pairs:
        joined = _joined(pair, found, index[tuple(pair["story"])])
        counts["pairs"] += 1
        counts["same"] += pair["label"] == "same"
        counts["joined"] += joined
        counts["tp"] += joined and pair["label"] == "same"
    return counts


def main() -> None:
    if not TRAIN.exists():
        sys.exit(f"{TRAIN} not found: this benchmark reads the PolNeAR train split in ../shared")
    pairs = load_pairs()
    stories = stories_of(pairs)
    found = claim_groups(stories)
    same_count = sum(p["label"] == "same" for p in pairs)
    print(f"{len(pairs)} labelled pairs ({same_count} the same claim), {len(stories)} PolNeAR train stories\n")
    print("| mode | stratum | pairs | same | joined | joined, same | precision | same pairs joined |")
    print("|---|---|---|---|---|---|---|---|")
    for mode in MODES:
        for stratum in STRATA:
            t = tally([p for p in pairs if stratum in ("all", p["stratum"])], found[mode])
            precision = f"{t['tp'] / t['joined']:.2f}" if t["joined"] else "-"
            recall = f"{t['tp'] / t['same']:.2f}" if t["same"] else "-"
            print(f"| {mode} | {stratum} | {t['pairs']} | {t['same']} | {t['joined']} | {t['tp']} | {precision} | {recall} |")


def _joined(pair: dict, found: Found, number: int) -> bool:
    shared = groups_at(found, pair["a"]) & groups_at(found, pair["b"])
    return any(group.startswith(f"{number}/") for group in shared)


if __name__ == "__main__":
    main()
