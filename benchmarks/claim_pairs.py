"""Claim grouping against hand-labelled pairs of claims from ECB+ dev articles.

`benchmarks/data/ecbplus-claim-pairs.jsonl` holds 160 pairs of claims (two articles
of one ECB+ story each; pointed to by article id and character offsets into
../shared/bench/ecbplus/dev.jsonl, no text copied) that we labelled by hand: `same`
when a fact-checker would list them side by side as two outlets' versions of one
factual statement, else `different`. They were drawn from the candidate pairs claim
grouping considers on the first 200 dev articles: 110 from pairs sharing words that
weigh as much as two telling words (the pairs that may reach the sentence
embeddings), 50 from the other candidates. The labels say how good the pairs are;
the numbers below say how well each mode of claim grouping agrees with them.

The first 200 dev articles are clustered into stories as `corroborate ingest`
clusters them, each story is extracted once and analysed twice (with sentence
embeddings, and `--claims-by-words`); a labelled pair is joined when both claims
land in one claim group. Run:

    .venv/bin/python benchmarks/claim_pairs.py

A second file, `benchmarks/data/ecbplus-claim-joins.jsonl`, holds 174 more labelled
pairs (labelled the same way, blind to where they came from): the pairs two rule
variants joined differently, drawn when we tried requiring a fragment's shared words
to lie close together in the longer claim. 50 were drawn from each side, in each mode;
the pairs the trial alone joined were the same claim less often (0.38 vs 0.48 with
embeddings, 0.48 vs 0.78 by words), so the trial was dropped. The table for that
file says how the current rules fare on pairs where rules disagree.

A third file, `benchmarks/data/ecbplus-claim-lexical.jsonl`, holds 120 pairs drawn at
random from the cross-article pairs the word rule accepts (enough shared content
words, counted against the shorter claim), labelled the same way: 83 are the same
claim (0.69), the rule's own precision. Asking also for a word overlap (Jaccard) of
0.15 or 0.2 raised it to 0.73 / 0.76 on these pairs, but cost recall on the second
file (0.54 -> 0.45 with embeddings), so the rule stayed as it is.

A labelled claim is found as the extracted claim of its article that covers most of
the labelled span (claims may start or end elsewhere after a change to claim
extraction: an attribution holding a figure stays in the claim), so the tables
measure grouping, not where claims start. A pair whose labelled span no claim
covers by half is counted apart as `missing`.

Every third pair of each file (line 3, 6, 9, ...) is held out: a threshold or weight
is chosen on the other pairs (`calibration`) and reported on the held-out ones, which
nothing may be fitted to. The last table sums the three files on each part.

`--auc` prints instead how well the sentence cosine alone tells the same claim from a
different one on each file (ROC AUC over the labelled spans' own text, no grouping):
the measure by which a sentence model for `corroborate.align.embeddings` is chosen.
`--sweep _MIN_COSINE=0.5,0.6 ...` prints the calibration and held-out rows as
thresholds of `corroborate.align.claims` take other values (choose on calibration).
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
ECBPLUS = ROOT.parent / "shared" / "bench" / "ecbplus" / "dev.jsonl"
PAIRS = Path(__file__).parent / "data" / "ecbplus-claim-pairs.jsonl"
JOINS = Path(__file__).parent / "data" / "ecbplus-claim-joins.jsonl"
LEXICAL = Path(__file__).parent / "data" / "ecbplus-claim-lexical.jsonl"
ARTICLES = 200


MODES = {"embeddings": True, "words only": False}
STRATA = ("shares telling words", "other candidate", "all")
JOIN_STRATA = ("joined by the current rules only", "joined by the fragment-window trial only", "all")
LEXICAL_STRATA = ("all",)
HELD_OUT_EVERY = 3  # the pairs at line HELD_OUT_EVERY, 2 * HELD_OUT_EVERY, ... are held out
SPLITS = ("calibration", "held out")


def load_pairs(path: Path = PAIRS) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def split(pairs: list[dict]) -> dict[str, list[dict]]:
    """The calibration pairs and the held-out ones (every HELD_OUT_EVERY-th line)."""
    held = [n % HELD_OUT_EVERY == HELD_OUT_EVERY - 1 for n in range(len(pairs))]
    return {
        "calibration": [p for p, h in zip(pairs, held, strict=True) if not h],
        "held out": [p for p, h in zip(pairs, held, strict=True) if h],
    }


def roc_auc(scores: list[float], same: list[bool]) -> float:
    """The chance that a pair of the same claim scores above a pair of different ones
    (ties count half)."""
    positive = [s for s, y in zip(scores, same, strict=True) if y]
    negative = [s for s, y in zip(scores, same, strict=True) if not y]
    wins = sum((p > n) + 0.5 * (p == n) for p in positive for n in negative)
    return wins / (len(positive) * len(negative))


def cosine_auc() -> None:
    """ROC AUC of the sentence cosine of each file's labelled spans, overall and held out."""
    from corroborate.align.embeddings import embed

    texts = {}
    for line in ECBPLUS.read_text("utf-8").splitlines():
        record = json.loads(line)
        texts[record["id"]] = record["text"]
    print("| file | pairs | ROC AUC | held out |")
    print("|---|---|---|---|")
    for path in (PAIRS, JOINS, LEXICAL):
        pairs = load_pairs(path)
        a = embed([texts[p["a"]["article"]][p["a"]["start"] : p["a"]["end"]] for p in pairs])
        b = embed([texts[p["b"]["article"]][p["b"]["start"] : p["b"]["end"]] for p in pairs])
        scores = [float(x @ y) for x, y in zip(a, b, strict=True)]
        same = [p["label"] == "same" for p in pairs]
        held = [n % HELD_OUT_EVERY == HELD_OUT_EVERY - 1 for n in range(len(pairs))]
        held_auc = roc_auc([s for s, h in zip(scores, held, strict=True) if h], [y for y, h in zip(same, held, strict=True) if h])
        print(f"| {path.name} | {len(pairs)} | {roc_auc(scores, same):.3f} | {held_auc:.3f} |")


# article -> (start, end, claim groups) of each claim: a sentence stating two claims is in two groups
Found = dict[str, list[tuple[int, int, frozenset[str]]]]
_Held = TypeVar("_Held")


def extract_stories() -> dict[str, list]:
    """Story id -> the extractions of its articles: the first ARTICLES dev articles
    clustered into stories as `corroborate ingest` clusters them, each parsed once."""
    from corroborate.ingest import OutletRegistry, load_articles
    from corroborate.settings import Settings

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "articles.jsonl"
        data.write_text("".join(ECBPLUS.read_text("utf-8").splitlines(keepends=True)[:ARTICLES]), "utf-8")
        articles = load_articles([str(data)], Settings(), OutletRegistry.load(())).articles
    return extract_clustered(articles)


def extract_clustered(articles: Sequence, min_articles: int = 1) -> dict[str, list]:
    """Story id -> the extractions of its articles: `articles` clustered into stories as
    `corroborate ingest` clusters them, each story of `min_articles` or more parsed once."""
    from corroborate.ingest import OutletRegistry
    from corroborate.nlp.pipeline import load_pipeline
    from corroborate.pipeline import extract_articles
    from corroborate.scale.cluster import cluster_articles
    from corroborate.settings import Settings
    from corroborate.store.extraction import extractor_fingerprint

    settings = Settings()
    registry = OutletRegistry.load(())
    stories: dict[str, list] = defaultdict(list)
    for article_id, story in cluster_articles(articles, date_window_days=7).items():
        stories[story].append(article_id)
    by_id = {a.id: a for a in articles}
    nlp = load_pipeline(settings.model_names)
    extractor = extractor_fingerprint(settings)
    return {
        story: extract_articles(nlp, registry, sorted((by_id[m] for m in members), key=lambda a: a.id), extractor)
        for story, members in sorted(stories.items())
        if len(members) >= min_articles
    }


def group_stories(extractions: dict[str, list], modes: dict[str, bool]) -> dict[str, Found]:
    """Mode -> article -> (start, end, claim groups or the claim itself) of every claim."""
    from corroborate.ingest import OutletRegistry
    from corroborate.pipeline import analyze_story
    from corroborate.settings import Settings

    settings = Settings()
    registry = OutletRegistry.load(())
    found: dict[str, Found] = {mode: defaultdict(list) for mode in modes}
    for story, extracted in extractions.items():
        for mode, claim_embeddings in modes.items():
            analysis = analyze_story(extracted, registry, replace(settings, claim_embeddings=claim_embeddings))
            groups = analysis.groups_of_claims()
            for claim in analysis.claims:
                held = frozenset(f"{story}/{g.id}" for g in groups.get(claim.id, [])) or frozenset({f"{story}/{claim.id}"})
                found[mode][claim.article].append((claim.start, claim.end, held))
    return found


def groups_by_claim(modes: dict[str, bool]) -> dict[str, Found]:
    """Mode -> article -> (start, end, claim group or the claim itself) of every claim."""
    return group_stories(extract_stories(), modes)


def sweep(settings: list[str]) -> None:
    """Precision and recall on the calibration and held-out pairs (three files summed,
    with embeddings) as module constants of `corroborate.align.claims` take other values:
    `_MIN_COSINE=0.5,0.6` tries each value in turn, the others as they are. The
    articles are parsed once and each text embedded once."""
    import numpy as np

    import corroborate.align.claims as rules

    vectors: dict[str, np.ndarray] = {}
    embed = rules.embed

    def cached(texts: Sequence[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in vectors]
        vectors.update(zip(missing, embed(missing), strict=True))
        return np.array([vectors[t] for t in texts]) if texts else embed(texts)

    rules.embed = cached
    extractions = extract_stories()
    files = [load_pairs(path) for path in (PAIRS, JOINS, LEXICAL)]
    print(_HEADER.replace("| mode | stratum |", "| setting | part |"))
    trials = [("as it is", None, None)]
    for setting in settings:
        name, values = setting.split("=")
        trials += [(f"{name}={value}", name, float(value)) for value in values.split(",")]
    for label, name, value in trials:
        before = getattr(rules, name) if name else None
        if name:
            setattr(rules, name, value)
        groups = group_stories(extractions, {"embeddings": True})["embeddings"]
        if name:
            setattr(rules, name, before)
        for part in SPLITS:
            counts = [tally(split(pairs)[part], groups) for pairs in files]
            print(_row(label, part, {key: sum(c[key] for c in counts) for key in counts[0]}))


def claim_at(found: dict[str, list[tuple[int, int, _Held]]], span: dict) -> _Held | None:
    """The groups of the claim covering most of a labelled span, when it covers more
    than half of it (else None: the labelled claim is no longer extracted)."""
    best, covered = None, 0
    for start, end, group in found.get(span["article"], ()):
        overlap = min(end, span["end"]) - max(start, span["start"])
        if overlap > covered:
            best, covered = group, overlap
    return best if 2 * covered > span["end"] - span["start"] else None


def tally(pairs: list[dict], groups: Found, stratum: str = "all") -> dict[str, int]:
    """Counts for the pairs of `stratum`: pairs, joined, joined and the same (tp), the
    same but apart (fn), missing (claims no longer extracted there)."""
    counts = {"pairs": 0, "joined": 0, "tp": 0, "fn": 0, "missing": 0}
    for pair in pairs:
        if stratum not in ("all", pair["stratum"]):
            continue
        counts["pairs"] += 1
        a, b = claim_at(groups, pair["a"]), claim_at(groups, pair["b"])
        if a is None or b is None:
            counts["missing"] += 1
            continue
        joined, same = bool(a & b), pair["label"] == "same"
        counts["joined"] += joined
        counts["tp"] += joined and same
        counts["fn"] += same and not joined
    return counts


def _row(mode: str, stratum: str, t: dict[str, int]) -> str:
    precision = t["tp"] / t["joined"] if t["joined"] else float("nan")
    recall = t["tp"] / (t["tp"] + t["fn"]) if t["tp"] + t["fn"] else float("nan")
    return (
        f"| {mode} | {stratum} | {t['pairs']} | {t['joined']} | {t['tp']} | {t['fn']} "
        f"| {precision:.2f} | {recall:.2f} | {t['missing']} |"
    )


_HEADER = "| mode | stratum | pairs | joined | joined, same | same, apart | precision | recall | missing |\n|---|---|---|---|---|---|---|---|---|"


def print_table(pairs: list[dict], found: dict[str, Found], strata: tuple[str, ...]) -> None:
    print(_HEADER)
    for mode, groups in found.items():
        for stratum in strata:
            print(_row(mode, stratum, tally(pairs, groups, stratum)))
        for part, chosen in split(pairs).items():
            print(_row(mode, f"all, {part}", tally(chosen, groups)))


def print_splits(files: list[list[dict]], found: dict[str, Found]) -> None:
    """The three files summed, on the calibration pairs and on the held-out ones."""
    print(f"\nThe {sum(map(len, files))} pairs of the three files, calibration and held out\n")
    print(_HEADER)
    for mode, groups in found.items():
        for part in SPLITS:
            counts = [tally(split(pairs)[part], groups) for pairs in files]
            print(_row(mode, part, {key: sum(c[key] for c in counts) for key in counts[0]}))


def main() -> None:
    if not ECBPLUS.exists():
        sys.exit(f"{ECBPLUS} not found: this benchmark reads the ECB+ dev split in ../shared")
    if "--auc" in sys.argv[1:]:
        cosine_auc()
        return
    if "--sweep" in sys.argv[1:]:
        sweep(sys.argv[sys.argv.index("--sweep") + 1 :])
        return
    found = groups_by_claim(MODES)
    files = []
    for path, strata in ((PAIRS, STRATA), (JOINS, JOIN_STRATA), (LEXICAL, LEXICAL_STRATA)):
        pairs = load_pairs(path)
        files.append(pairs)
        same = sum(p["label"] == "same" for p in pairs)
        print(f"\n{path.name}: {len(pairs)} labelled pairs ({same} the same claim), {ARTICLES} ECB+ dev articles\n")
        print_table(pairs, found, strata)
    print_splits(files, found)


if __name__ == "__main__":
    main()
