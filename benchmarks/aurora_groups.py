"""Check the `quote_groups` and `attribution_drift` findings of an expected.yaml against our quote groups.

An expected group is found when one of our groups has a member overlapping each
expected member's words (quote marks and whitespace normalised); its class is
right when our group's `difference` equals the expected one. Run:

    .venv/bin/python benchmarks/aurora_groups.py [CORPUS_DIR] [-v]
"""

from __future__ import annotations

from expected_story import find_places, story_from_arguments

from corroborate.model import Analysis


def overlaps(spans: list[tuple[str, int, int]], article: str, places: list[tuple[int, int]]) -> bool:
    return any(a == article and s < pe and ps < e for a, s, e in spans for ps, pe in places)


def member_spans(analysis: Analysis, group) -> list[tuple[str, int, int]]:
    quotes = {q.id: q for q in analysis.quotes}
    return [(quotes[m.quote].article, m.start, m.end) for m in group.members]


def main() -> None:
    analysis, expected, files, verbose = story_from_arguments(__doc__)
    total, found, right, drift_found, drift_total = score(analysis, expected, files, verbose)
    print(
        f"quote groups: {total}  found: {found} ({found / total:.0%})  right class: {right} ({right / total:.0%})"
        f"  drift flagged: {drift_found}/{drift_total}  groups made: {len(analysis.quote_groups)}"
    )


def score(analysis: Analysis, expected: dict, files: dict[str, str], verbose: bool = False) -> tuple[int, int, int, int, int]:
    """(expected groups, found, right class, drift flagged, drift expected)."""
    found = right = 0
    for entry in expected["quote_groups"]:
        wanted = [(files[m["article"]], find_places(analysis, files[m["article"]], m["text"])) for m in entry["members"]]
        match = None
        for group in analysis.quote_groups:
            spans = member_spans(analysis, group)
            if all(overlaps(spans, art, places) for art, places in wanted):
                match = group
                break
        found += match is not None
        right += match is not None and match.difference == entry["difference"]
        if verbose:
            got = f"{match.id} {match.difference}" if match else "missing"
            print(f"want {entry['difference']:12} got {got:18} {entry['members'][0]['text'][:60]}")
    drift_total = drift_found = 0
    for entry in expected.get("attribution_drift", []):
        drift_total += 1
        quote = entry["quote"]
        where = find_places(analysis, files[quote["article"]], quote["text"])
        hit = any(
            group.attribution_drift and overlaps(member_spans(analysis, group), files[quote["article"]], where)
            for group in analysis.quote_groups
        )
        drift_found += hit
        if verbose:
            print(f"drift {'flagged' if hit else 'MISSED'}: {quote['text'][:60]}")
    return len(expected["quote_groups"]), found, right, drift_found, drift_total


if __name__ == "__main__":
    main()
