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
was fitted on them. `polnear-claim-pairs-held-out.jsonl` holds 60 more pairs drawn
the same way (seed 20261205, from the same strata, none of the first 90: 20 / 15 / 10 /
15) and labelled the same way on 2026-12-04, after every choice above: no constant was
chosen with them, and none may be (add pairs to the first file to calibrate on more).
Both sets are printed, the held-out one last. Each pair's story is analysed again here, by words (`ingest`'s
default) and by meaning (`analyze`'s); a pair is joined when its two claims are in one
claim group. Run:

    .venv/bin/python benchmarks/polnear_claim_pairs.py

A labelled span no claim covers for more than half counts as not joined.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from claim_pairs import Found, claim_at, group_stories

ROOT = Path(__file__).resolve().parents[1]
TRAIN = ROOT.parent / "shared" / "bench" / "polnear" / "train" / "text"
PAIRS = Path(__file__).parent / "data" / "polnear-claim-pairs.jsonl"
HELD_OUT = Path(__file__).parent / "data" / "polnear-claim-pairs-held-out.jsonl"
MODES = {"words": False, "meaning": True}
STRATA = (
    "joined in both modes",
    "joined by words only",
    "joined by meaning only",
    "joined in neither, three shared words",
    "all",
)


def load_pairs(path: Path = PAIRS) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def stories_of(pairs: list[dict]) -> list[tuple[str, ...]]:
    """The labelled pairs' stories, each once, in a fixed order."""
    return sorted({tuple(p["story"]) for p in pairs})


def claim_groups(stories: list[tuple[str, ...]], modes: dict[str, bool] = MODES) -> dict[str, Found]:
    """Mode -> article -> (start, end, groups) of every claim (`claim_pairs.group_stories`),
    each story read from its files (outlets and days from their names) and parsed once."""
    from corroborate.ingest import OutletRegistry, load_articles
    from corroborate.nlp.pipeline import load_pipeline
    from corroborate.pipeline import extract_articles
    from corroborate.settings import Settings
    from corroborate.store.extraction import extractor_fingerprint

    settings = Settings()
    registry = OutletRegistry.load(())
    nlp = load_pipeline(settings.model_names)
    extractor = extractor_fingerprint(settings)
    extractions = {}
    for number, story in enumerate(stories):
        articles = load_articles([str(TRAIN / f"{article}.txt") for article in story], settings, registry).articles
        extractions[str(number)] = extract_articles(nlp, registry, sorted(articles, key=lambda a: a.id), extractor)
    return group_stories(extractions, modes)


def tally(pairs: list[dict], found: Found) -> dict[str, int]:
    """Counts for `pairs`: pairs, same, joined (both claims in one group), joined and same.
    A labelled span no claim covers for more than half is joined to nothing."""
    counts = {"pairs": 0, "same": 0, "joined": 0, "tp": 0}
    for pair in pairs:
        a, b = claim_at(found, pair["a"]), claim_at(found, pair["b"])
        joined = bool(a and b and a & b)
        counts["pairs"] += 1
        counts["same"] += pair["label"] == "same"
        counts["joined"] += joined
        counts["tp"] += joined and pair["label"] == "same"
    return counts


def main() -> None:
    if not TRAIN.exists():
        sys.exit(f"{TRAIN} not found: this benchmark reads the PolNeAR train split in ../shared")
    sets = {"calibration (the alignment's bars chosen with them)": load_pairs(PAIRS), "held out": load_pairs(HELD_OUT)}
    found = claim_groups(stories_of([p for pairs in sets.values() for p in pairs]))
    for title, pairs in sets.items():
        same_count = sum(p["label"] == "same" for p in pairs)
        print(
            f"{title}: {len(pairs)} labelled pairs ({same_count} the same claim), {len(stories_of(pairs))} PolNeAR train stories\n"
        )
        print("| mode | stratum | pairs | same | joined | joined, same | precision | same pairs joined |")
        print("|---|---|---|---|---|---|---|---|")
        for mode in MODES:
            for stratum in STRATA:
                t = tally([p for p in pairs if stratum in ("all", p["stratum"])], found[mode])
                precision = f"{t['tp'] / t['joined']:.2f}" if t["joined"] else "-"
                recall = f"{t['tp'] / t['same']:.2f}" if t["same"] else "-"
                print(f"| {mode} | {stratum} | {t['pairs']} | {t['same']} | {t['joined']} | {t['tp']} | {precision} | {recall} |")
        print()


if __name__ == "__main__":
    main()
