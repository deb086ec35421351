"""Where claim grouping loses the stories' gold claims: the scorer's claim keys for main's
grouping beside three grouping ceilings, each computed from the gold itself, so that the
next change aims at the part that holds the score back.

For Aurora and the twelve stories (../shared/corpus), each story's articles are extracted
once and the story stage (`corroborate.pipeline.analyze_story`) is run four times:

- `main`: claims grouped as `analyze` groups them (by meaning unless `--words`);
- `gold first`: main's pairs, with every cross-article pair of claims carrying evidence of
  one gold claim given first to the average-link (what a perfect pair scorer adds to
  main's rules);
- `rule errors out`: main's pairs without those that join claims carrying evidence of two
  different gold claims (what a perfect veto of wrong pairs gains);
- `gold groups`: the groups are the gold claims' own (claims carrying evidence of one gold
  claim, connected), so the claim status is judged on perfect groups.

A claim "carries evidence" as the scorer reads it (`score_story.hits`: a claim record
overlapping the evidence by half the shorter). Each analysis is scored by
`../shared/tools/score_story.py`; the means over the twelve stories and over all
thirteen are printed for claims grouped, claim-group precision and claim status. Run:

    .venv/bin/python benchmarks/claim_ceiling.py [--words]
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import stories
import yaml
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from corroborate import pipeline
from corroborate.align import claims as claim_grouping
from corroborate.analysis import load_articles
from corroborate.ingest.outlets import OutletRegistry
from corroborate.model import Claim
from corroborate.nlp.pipeline import load_pipeline
from corroborate.settings import Settings

sys.path.insert(0, str(stories.SCORER.parent))
from score_story import hits, locate_all

KEYS = ("claims", "claim_precision", "claim_status")
VARIANTS = ("main", "gold first", "rule errors out", "gold groups")


def gold_labels(story: Path, claims: Sequence[Claim], texts: dict[str, str]) -> list[set[int]]:
    """For each claim, the gold claims (by position in expected.yaml) whose evidence it carries."""
    expected = yaml.safe_load((story / "expected.yaml").read_text("utf-8"))
    article_of = {key: Path(name).stem for key, name in expected["articles"].items()}
    records = [{"id": n, "article": c.article, "start": c.start, "end": c.end} for n, c in enumerate(claims)]
    labels: list[set[int]] = [set() for _ in claims]
    for gold, claim in enumerate(expected["claims"]):
        for evidence in claim["evidence"]:
            article = article_of[evidence["article"]]
            for record in hits(locate_all(texts[article], evidence["text"]), records, article):
                labels[record["id"]].add(gold)
    return labels


@contextmanager
def variant(name: str, labels_of: Callable[[Sequence[Claim]], list[set[int]]]) -> Iterator[None]:
    """Patch the claim grouping for one variant (main: nothing patched)."""
    if name == "main":
        yield
        return
    if name == "gold groups":
        grouping = claim_grouping.group_claims

        def gold_groups(claims: Sequence[Claim], *args: Any, **kwargs: Any) -> claim_grouping.ClaimClusters:
            found = grouping(claims, *args, **kwargs)  # for the cosines and denials the status reads
            labels = labels_of(claims)
            pairs = [(a, b) for a, b in itertools.combinations(range(len(claims)), 2) if labels[a] & labels[b]]
            graph = coo_matrix(([1] * len(pairs), ([a for a, _ in pairs], [b for _, b in pairs])), shape=(len(claims),) * 2)
            _, component = connected_components(graph, directed=False)
            members: dict[int, list[int]] = {}
            for i in range(len(claims)):
                if labels[i]:
                    members.setdefault(int(component[i]), []).append(i)
            groups = sorted(members.values(), key=lambda g: (claims[g[0]].article, claims[g[0]].start))
            return claim_grouping.ClaimClusters(groups, found.cosine, found.denials)

        with mock.patch.object(pipeline, "group_claims", gold_groups):
            yield
        return
    linking = claim_grouping.average_link
    current: dict[str, list[set[int]]] = {}
    grouping = claim_grouping.group_claims

    def remember(claims: Sequence[Claim], *args: Any, **kwargs: Any) -> claim_grouping.ClaimClusters:
        current["labels"] = labels_of(claims)
        return grouping(claims, *args, **kwargs)

    def patched_link(size: int, matches: Any, *, kinds: Sequence[str] | None = None, **options: Any) -> Any:
        labels = current["labels"]
        pairs = list(matches)
        if name == "gold first":
            gold = [
                (a, b)
                for a, b in itertools.combinations(range(size), 2)
                if kinds is not None and kinds[a] != kinds[b] and labels[a] & labels[b]
            ]
            pairs = gold + [p for p in pairs if p not in set(gold)]
        else:
            pairs = [(a, b) for a, b in pairs if not (labels[a] and labels[b] and not labels[a] & labels[b])]
        return linking(size, pairs, kinds=kinds, **options)

    with (
        mock.patch.object(pipeline, "group_claims", remember),
        mock.patch.object(claim_grouping, "average_link", patched_link),
    ):
        yield


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", action="store_true", help="claims grouped by words (as ingest does)")
    args = parser.parse_args()
    settings = dataclasses.replace(Settings(), claim_embeddings=not args.words)
    registry = OutletRegistry.load(settings.outlet_files)
    nlp = load_pipeline(settings.model_names)
    results: dict[str, dict[str, dict[str, float]]] = {name: {} for name in VARIANTS}
    with tempfile.TemporaryDirectory() as folder:
        for story in stories.story_dirs():
            gold = story / "expected.yaml"
            names = sorted(Path(n).name for n in yaml.safe_load(gold.read_text("utf-8"))["articles"].values())
            loaded = load_articles([str(story / n) for n in names], settings, registry)
            extractions = pipeline.extract_articles(nlp, registry, loaded.articles)
            texts = {e.article.id: e.article.text for e in extractions}

            def labels_of(claims: Sequence[Claim], story: Path = story, texts: dict[str, str] = texts) -> list[set[int]]:
                return gold_labels(story, claims, texts)

            for name in VARIANTS:
                with variant(name, labels_of):
                    analysis = pipeline.analyze_story(extractions, registry, settings)
                path = Path(folder) / f"{story.name}.json"
                path.write_text(analysis.to_json(), "utf-8")
                results[name][story.name] = stories.score_file(gold, path)
    mode = "words" if args.words else "meaning"
    print(f"claim grouping ceilings ({mode}): means of the claim keys")
    print(f"{'variant':18}" + "".join(f"{k + ' 12':>18}{k + ' 13':>18}" for k in ("claims", "clm-P", "status")))
    for name in VARIANTS:
        rows = results[name]
        twelve = stories.means(rows, [n for n in rows if n != stories.AURORA.name])
        thirteen = stories.means(rows, list(rows))
        print(f"{name:18}" + "".join(f"{twelve[k]:18.3f}{thirteen[k]:18.3f}" for k in KEYS))


if __name__ == "__main__":
    main()
