"""Check the `claims` findings of an expected.yaml: claims grouped across the articles of
their evidence, and quantities normalised right. Run:

    .venv/bin/python benchmarks/aurora_claims.py [CORPUS_DIR] [-v]
"""

from __future__ import annotations

from expected_story import find_places, story_from_arguments

from corroborate.model import Analysis


def score(analysis: Analysis, expected: dict, files: dict[str, str], verbose: bool = False) -> tuple[int, int, int, int]:
    """(multi-article claims, grouped across their articles, quantities, quantities right)."""
    claims = {c.id: c for c in analysis.claims}
    multi = grouped = q_total = q_right = 0
    for entry in expected["claims"]:
        evidence = [(files[e["article"]], find_places(analysis, files[e["article"]], e["text"])) for e in entry["evidence"]]
        articles = {a for a, _ in evidence}
        if len(articles) >= 2:
            multi += 1
            hit = False
            for group in analysis.claim_groups:
                members = [claims[c] for c in group.claims]
                covered = {
                    art for art, places in evidence
                    if any(m.article == art and any(m.start < e and s < m.end for s, e in places) for m in members)
                }  # fmt: skip
                if covered == articles:
                    hit = True
                    break
            grouped += hit
            if verbose:
                print(f"{'grouped' if hit else 'MISSED '} {entry['id']}")
        for quantity in entry.get("quantities", []):
            q_total += 1
            article = files[quantity["article"]]
            places = find_places(analysis, article, quantity["text"])
            value = quantity["value"]
            want = (value.get("exact", value.get("min")), value.get("exact", value.get("max")))
            ok = any(
                q.min == want[0] and q.max == want[1]
                for c in analysis.claims
                if c.article == article
                for q in c.quantities
                if any(q.start < e and s < q.end for s, e in places)
            )
            q_right += ok
            if verbose:
                print(f"{'right' if ok else 'WRONG'} quantity {quantity['text']!r} want {want}")
    return multi, grouped, q_total, q_right


def main() -> None:
    analysis, expected, files, verbose = story_from_arguments(__doc__)
    multi, grouped, q_total, q_right = score(analysis, expected, files, verbose)
    print(f"claims across articles: {multi}  grouped: {grouped}  quantities: {q_total}  right: {q_right}")


if __name__ == "__main__":
    main()
