"""Quote grouping against hand-labelled pairs of quoted passages from PolNeAR train.

`benchmarks/data/polnear-quote-pairs.jsonl` holds 152 pairs of quote-group members
(article id and character offsets into ../shared/bench/polnear/train/text/, no text
copied), each with the story (the articles `analyze --split` put together) it came
from. We labelled them by hand, blind to where each came from: `same` when the two
passages render one utterance (one source, one occasion: word for word, a fragment,
another transcription, or reported in other words), else `different`.

They were drawn when names and figure words stopped counting as shared words of an
utterance ("Trump", "Tren de Aragua", "several") and a short reported rendering had
to find its words close together in the longer quote: from the member pairs the
839 train articles linked only before that change (70 of 441), only after it (52 of
63 with the 7 of a variant), and both ways (30). Each labelled pair's story is
analysed again here; a pair is linked when both passages are members of one quote
group. Run:

    .venv/bin/python benchmarks/quote_pairs.py

A passage no longer found as a member at those offsets counts as not linked.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRAIN = ROOT.parent / "shared" / "bench" / "polnear" / "train" / "text"
PAIRS = Path(__file__).parent / "data" / "polnear-quote-pairs.jsonl"
STRATA = (
    "linked before the story-words rules only",
    "linked with the story-words rules only",
    "linked both ways",
    "all",
)


def load_pairs() -> list[dict]:
    return [json.loads(line) for line in PAIRS.read_text("utf-8").splitlines() if line.strip()]


def linked_spans(stories: list[tuple[str, ...]]) -> dict[tuple[str, int, int], set[str]]:
    """(article, start, end) of every quote-group member -> the groups holding it."""
    from corroborate.analysis import analyze_paths
    from corroborate.settings import Settings

    groups: dict[tuple[str, int, int], set[str]] = defaultdict(set)
    for number, story in enumerate(stories):
        analysis = analyze_paths([str(TRAIN / f"{article}.txt") for article in story], Settings()).analysis
        quotes = {q.id: q for q in analysis.quotes}
        for group in analysis.quote_groups:
            for member in group.members:
                groups[(quotes[member.quote].article, member.start, member.end)].add(f"{number}/{group.id}")
    return groups


def main() -> None:
    if not TRAIN.exists():
        sys.exit(f"{TRAIN} not found: this benchmark reads the PolNeAR train split in ../shared")
    pairs = load_pairs()
    stories = sorted({tuple(p["story"]) for p in pairs})
    groups = linked_spans(stories)
    print(
        f"{len(pairs)} labelled pairs ({sum(p['label'] == 'same' for p in pairs)} the same utterance), {len(stories)} stories\n"
    )
    print("| stratum | pairs | same | linked | linked, same | precision of links | same pairs linked |")
    print("|---|---|---|---|---|---|---|")
    for stratum in STRATA:
        chosen = [p for p in pairs if stratum in ("all", p["stratum"])]
        same = [p for p in chosen if p["label"] == "same"]
        linked = [p for p in chosen if _linked(p, groups)]
        hits = [p for p in linked if p["label"] == "same"]
        precision = len(hits) / len(linked) if linked else float("nan")
        recall = len(hits) / len(same) if same else float("nan")
        print(f"| {stratum} | {len(chosen)} | {len(same)} | {len(linked)} | {len(hits)} | {precision:.2f} | {recall:.2f} |")


def _linked(pair: dict, groups: dict[tuple[str, int, int], set[str]]) -> bool:
    a = groups.get((pair["a"]["article"], pair["a"]["start"], pair["a"]["end"]), set())
    b = groups.get((pair["b"]["article"], pair["b"]["start"], pair["b"]["end"]), set())
    return bool(a & b)


if __name__ == "__main__":
    main()
