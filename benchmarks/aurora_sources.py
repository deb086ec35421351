"""Check the `citations`, `independence` and claim `status` findings of an
expected.yaml: citations found with the right outlet after aliases, quote groups
with the right number of independent origins, claims with the right status. Run:

    .venv/bin/python benchmarks/aurora_sources.py [CORPUS_DIR] [-v]
"""

from __future__ import annotations

from expected_story import find_places, norm, story_from_arguments

from corroborate.ingest.outlets import OutletRegistry
from corroborate.model import Analysis


def _overlaps(record, places) -> bool:
    return any(record.start < e and s < record.end for s, e in places)


def score_citations(analysis: Analysis, expected: dict, files: dict[str, str], verbose: bool = False) -> tuple[int, int]:
    registry = OutletRegistry.load()
    total = right = 0
    for entry in expected.get("citations", []):
        total += 1
        article = files[entry["article"]]
        places = find_places(analysis, article, entry["text"])
        want = registry.resolve(entry["cites"])
        want_name = want.name if want else entry["cites"]
        ok = any(c.article == article and c.cites == want_name and _overlaps(c, places) for c in analysis.citations)
        right += ok
        if verbose:
            print(f"{'right' if ok else 'WRONG'} citation {entry['article']} {entry['text']!r} -> {want_name}")
    return total, right


def score_independence(analysis: Analysis, expected: dict, verbose: bool = False) -> tuple[int, int]:
    quotes = {q.id: q for q in analysis.quotes}
    total = right = 0
    for entry in expected.get("independence", []):
        total += 1
        wanted = norm(entry["group_text"])
        groups = [g for g in analysis.quote_groups if any(wanted in norm(quotes[q].text) for q in g.quotes)]
        groups = [g for g in groups if len({quotes[q].article for q in g.quotes}) >= entry.get("outlets", 1)]
        ok = any(g.independent_origins == entry["independent_origins"] for g in groups)
        if "origin" in entry:
            ok = ok and any(entry["origin"] in g.origins for g in groups)
        right += ok
        if verbose:
            found = [(g.id, g.origins) for g in groups]
            print(f"{'right' if ok else 'WRONG'} independence {entry['group_text'][:40]!r}: {found}")
    return total, right


def score_status(analysis: Analysis, expected: dict, files: dict[str, str], verbose: bool = False) -> tuple[int, int]:
    """A claim's status is right when the claim group holding most of its evidence has it."""
    claims = {c.id: c for c in analysis.claims}
    total = right = 0
    for entry in expected["claims"]:
        if not entry.get("status"):
            continue
        total += 1
        evidence = [(files[e["article"]], find_places(analysis, files[e["article"]], e["text"])) for e in entry["evidence"]]

        def covered(group, evidence=evidence) -> int:
            members = [claims[c] for c in group.claims]
            return sum(any(m.article == art and _overlaps(m, places) for m in members) for art, places in evidence)

        best = max(analysis.claim_groups, key=covered, default=None)
        ok = best is not None and covered(best) > 0 and best.status == entry["status"]
        right += ok
        if verbose:
            got = (best.status, best.sources) if best is not None and covered(best) else None
            print(f"{'right' if ok else 'WRONG'} status {entry['id']}: want {entry['status']}, got {got}")
    return total, right


def main() -> None:
    analysis, expected, files, verbose = story_from_arguments(__doc__)
    c_total, c_right = score_citations(analysis, expected, files, verbose)
    i_total, i_right = score_independence(analysis, expected, verbose)
    s_total, s_right = score_status(analysis, expected, files, verbose)
    print(f"citations: {c_right}/{c_total}  independence: {i_right}/{i_total}  claim status: {s_right}/{s_total}")


if __name__ == "__main__":
    main()
