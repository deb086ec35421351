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

A pair whose claims are no longer extracted at those offsets (after a change to
claim extraction) is counted apart as `missing`.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ECBPLUS = ROOT.parent / "shared" / "bench" / "ecbplus" / "dev.jsonl"
PAIRS = Path(__file__).parent / "data" / "ecbplus-claim-pairs.jsonl"
ARTICLES = 200


def main() -> None:
    from corroborate.ingest import OutletRegistry, load_articles
    from corroborate.nlp.pipeline import load_pipeline
    from corroborate.scale.cluster import cluster_articles
    from corroborate.settings import Settings
    from corroborate.store.extraction import analyze_story, extract_articles, extractor_fingerprint

    if not ECBPLUS.exists():
        sys.exit(f"{ECBPLUS} not found: this benchmark reads the ECB+ dev split in ../shared")
    pairs = [json.loads(line) for line in PAIRS.read_text("utf-8").splitlines() if line.strip()]
    settings = Settings()
    registry = OutletRegistry.load(())
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "articles.jsonl"
        data.write_text("".join(ECBPLUS.read_text("utf-8").splitlines(keepends=True)[:ARTICLES]), "utf-8")
        articles = load_articles([str(data)], settings, registry).articles
    stories: dict[str, list] = defaultdict(list)
    for article_id, story in cluster_articles(articles, date_window_days=7).items():
        stories[story].append(article_id)
    by_id = {a.id: a for a in articles}
    nlp = load_pipeline(settings.model_names)
    extractor = extractor_fingerprint(settings)
    group_of: dict[str, dict[tuple[str, int, int], str]] = {"embeddings": {}, "words only": {}}
    for story, members in sorted(stories.items()):
        extractions = extract_articles(nlp, registry, sorted((by_id[m] for m in members), key=lambda a: a.id), extractor)
        for mode, claim_embeddings in (("embeddings", True), ("words only", False)):
            analysis = analyze_story(nlp, registry, extractions, replace(settings, claim_embeddings=claim_embeddings))
            group = {claim: f"{story}/{g.id}" for g in analysis.claim_groups for claim in g.claims}
            for claim in analysis.claims:
                group_of[mode][(claim.article, claim.start, claim.end)] = group.get(claim.id, f"{story}/{claim.id}")
    print(
        f"{len(pairs)} labelled pairs ({sum(p['label'] == 'same' for p in pairs)} the same claim), {len(articles)} ECB+ dev articles\n"
    )
    print("| mode | stratum | pairs | joined | joined, same | same, apart | precision | recall | missing |")
    print("|---|---|---|---|---|---|---|---|---|")
    for mode, groups in group_of.items():
        for stratum in ("shares telling words", "other candidate", "all"):
            chosen = [p for p in pairs if stratum in ("all", p["stratum"])]
            tally = defaultdict(int)
            for pair in chosen:
                a = groups.get((pair["a"]["article"], pair["a"]["start"], pair["a"]["end"]))
                b = groups.get((pair["b"]["article"], pair["b"]["start"], pair["b"]["end"]))
                if a is None or b is None:
                    tally["missing"] += 1
                    continue
                joined, same = a == b, pair["label"] == "same"
                tally["joined"] += joined
                tally["tp"] += joined and same
                tally["fn"] += same and not joined
            precision = tally["tp"] / tally["joined"] if tally["joined"] else float("nan")
            recall = tally["tp"] / (tally["tp"] + tally["fn"]) if tally["tp"] + tally["fn"] else float("nan")
            print(
                f"| {mode} | {stratum} | {len(chosen)} | {tally['joined']} | {tally['tp']} | {tally['fn']} "
                f"| {precision:.2f} | {recall:.2f} | {tally['missing']} |"
            )


if __name__ == "__main__":
    main()
