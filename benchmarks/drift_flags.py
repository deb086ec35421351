"""Attribution drift flags on material the findings were not developed on.

A false "attribution drift" tells a journalist that an outlet misattributed a quotation
when it did not, so the flags are counted where nobody tuned them: the PolNeAR train
articles (../shared/bench/polnear/train/text, outlets and days from the file names; its
84 dev articles as a check, `--corpus polnear-dev`) and
the ECB+ dev articles (../shared/bench/ecbplus/dev.jsonl), each clustered into stories as
`corroborate ingest` clusters them; every story of two or more articles is extracted once
and analysed by words (`ingest`'s default). Prints, per corpus, the quote groups, the
groups flagged `attribution_drift` and those marked `drift_check`, and then each drift
flag with its members (outlet file, credited speaker, words) for reading: no labels are
kept, the flags are few enough to read. Run:

    .venv/bin/python benchmarks/drift_flags.py [--corpus polnear|polnear-dev|ecbplus] [--checks]

`--checks` lists the checks too. Texts stay in ../shared: the words are printed, not stored.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT.parent / "shared" / "bench"
CORPORA = {
    "polnear": BENCH / "polnear" / "train" / "text",
    "polnear-dev": BENCH / "polnear" / "dev" / "text",
    "ecbplus": BENCH / "ecbplus" / "dev.jsonl",
}


def drift_flags(source: Path, checks: bool) -> tuple[int, int, int, list[str]]:
    """Groups, drift flags, checks, and the lines describing each flag listed."""
    from claim_pairs import extract_clustered

    from corroborate.ingest import OutletRegistry, load_articles
    from corroborate.pipeline import analyze_story
    from corroborate.settings import Settings

    settings = replace(Settings(), claim_embeddings=False)
    registry = OutletRegistry.load(())
    articles = load_articles([str(source)], settings, registry).articles
    groups = drifts = checked = 0
    lines: list[str] = []
    for story, extracted in extract_clustered(articles, min_articles=2).items():
        analysis = analyze_story(extracted, registry, settings)
        quotes = {q.id: q for q in analysis.quotes}
        texts = {a.id: a.text for a in analysis.articles}
        for group in analysis.quote_groups:
            groups += 1
            drifts += group.attribution_drift
            checked += group.drift_check
            if not (group.attribution_drift or (checks and group.drift_check)):
                continue
            kind = "drift" if group.attribution_drift else "check"
            lines.append(
                f"{kind} {story} {group.id} ({group.difference}, confidence {group.drift_confidence}): {group.drift_note or ''}"
            )
            for member in group.members:
                quote = quotes[member.quote]
                words = " ".join(texts[quote.article][member.start : member.end].split())
                lines.append(f"    {quote.article[:40]} | {quote.speaker.name or quote.speaker.description} | {words[:120]}")
    return groups, drifts, checked, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", choices=sorted(CORPORA), action="append")
    parser.add_argument("--checks", action="store_true", help="list the drift checks too")
    args = parser.parse_args()
    rows = []
    for name in args.corpus or sorted(CORPORA, reverse=True):
        if not CORPORA[name].exists():
            sys.exit(f"{CORPORA[name]} not found: this benchmark reads ../shared/bench")
        groups, drifts, checked, lines = drift_flags(CORPORA[name], args.checks)
        rows.append(f"| {name} | {groups} | {drifts} | {checked} |")
        print(f"{name}:\n" + "\n".join(lines) + "\n")
    print("| corpus | quote groups | attribution_drift | drift_check |\n|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
