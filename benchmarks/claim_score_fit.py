"""Fit the claim-pair score (`corroborate.align.claim_features`) on labelled pairs.

Two sources of labelled pairs, both cross-article:

- the hand-labelled ECB+ claim pairs of `benchmarks/data` (`claim_pairs.py` says how
  they were drawn); every third line of each file is held out, as there;
- the gold claims of the thirteen stories (../shared/corpus, `expected.yaml`): two
  extracted claims carrying evidence of one gold claim are the same claim; two
  carrying evidence of different gold claims are not, nor is a candidate pair of a
  claim carrying gold evidence with one carrying none.

The stories are read from analysis JSONs (one `NAME.json` per story, as
`corroborate analyze` writes them, e.g. a /work/snap directory), so only the claim
extraction of that run is used; the ECB+ articles are extracted here (a minute or
two; `--ecb-cache FILE` keeps them between runs).

Prints, for each mode (with sentence embeddings; by words alone), the held-out ECB+
pairs' precision and recall at the chosen threshold, and the stories' pairs scored
leave-one-story-out (fitted on the other twelve): whether the score generalises to a
story it never saw. `--write` stores the coefficients fitted on everything but the
held-out ECB+ pairs in src/corroborate/align/data/claim_score.json. `--own` adds the
gold claims of the stories of our own (`data/stories-of-our-own`, analyses named alike
in `--analyses`) to the stories. Run:

    PYTHONPATH=src .venv/bin/python benchmarks/claim_score_fit.py --analyses /work/snap/lead-h [--write]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pickle
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import claim_pairs
import numpy as np
import yaml
from sklearn.linear_model import LogisticRegression

from corroborate.align.claim_features import FEATURES, candidate_pairs, pair_features, story_features
from corroborate.align.embeddings import embed
from corroborate.model import Analysis, Claim

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
SCORER = ROOT.parent / "shared" / "tools" / "score_story.py"
OUTPUT = ROOT / "src" / "corroborate" / "align" / "data" / "claim_score.json"
# Regularisation of the logistic regression (sklearn's C): the features are few and bounded.
C = 1.0
# The threshold weighs precision over recall (F-beta, beta 0.5): a wrong join merges two
# groups under average link, a missed one leaves a claim for another link to join.
BETA = 0.5


@dataclass
class Pair:
    source: str  # "ecb" or the story's name
    held_out: bool
    same: bool
    features: list[float]  # cosine last, 0 until filled
    texts: tuple[str, str]


def _scorer():
    spec = importlib.util.spec_from_file_location("score_story", SCORER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


OWN = ROOT / "benchmarks" / "data" / "stories-of-our-own"


def story_names(own: bool = False) -> list[str]:
    """The corpus's thirteen stories, and with `own` the stories of our own."""
    names = ["aurora", *sorted(p.name for p in (CORPUS / "stories").iterdir() if (p / "expected.yaml").exists())]
    if own:
        names += sorted(p.name for p in OWN.iterdir() if (p / "expected.yaml").exists())
    return names


def gold_path(name: str) -> Path:
    if name == "aurora":
        return CORPUS / "aurora" / "expected.yaml"
    corpus = CORPUS / "stories" / name / "expected.yaml"
    return corpus if corpus.exists() else OWN / name / "expected.yaml"


def story_pairs(name: str, analyses: Path) -> list[Pair]:
    """The labelled pairs of one story's extracted claims (see the module docstring)."""
    scorer = _scorer()
    gold = yaml.safe_load(gold_path(name).read_text("utf-8"))
    raw = json.loads((analyses / f"{name}.json").read_text("utf-8"))
    analysis = Analysis.model_validate(raw)
    claims = list(analysis.claims)
    by_file = {a["id"]: a for a in raw["articles"]}
    article_of = {key: Path(value).stem for key, value in gold["articles"].items()}
    records = [{"id": str(i), "article": c.article, "start": c.start, "end": c.end} for i, c in enumerate(claims)]
    gold_of: dict[int, set[int]] = defaultdict(set)
    for n, claim in enumerate(gold["claims"]):
        for evidence in claim["evidence"]:
            article = article_of[evidence["article"]]
            for hit in scorer.hits(scorer.locate_all(by_file[article]["text"], evidence["text"]), records, article):
                gold_of[int(hit["id"])].add(n)
    story = story_features(claims)
    labelled: dict[tuple[int, int], bool] = {}
    carrying = sorted(gold_of)
    for i, a in enumerate(carrying):
        for b in carrying[i + 1 :]:
            labelled[(a, b)] = bool(gold_of[a] & gold_of[b])
    for a, b in candidate_pairs(story):
        if (a in gold_of) != (b in gold_of):
            labelled[(a, b)] = False
    return [
        Pair(name, False, same, pair_features(story, claims, a, b), (claims[a].text, claims[b].text))
        for (a, b), same in sorted(labelled.items())
        if claims[a].article != claims[b].article
    ]


def ecb_pairs(cache: Path | None) -> list[Pair]:
    """The labelled ECB+ pairs whose spans an extracted claim of one story covers."""
    if cache is not None and cache.exists():
        stories = pickle.loads(cache.read_bytes())
    else:
        stories = _ecb_claims()
        if cache is not None:
            cache.write_bytes(pickle.dumps(stories))
    where: dict[str, list[tuple[int, int, tuple[str, int]]]] = defaultdict(list)
    for story, claims in stories.items():
        for n, claim in enumerate(claims):
            where[claim.article].append((claim.start, claim.end, (story, n)))
    features = {story: story_features(claims) for story, claims in stories.items()}
    found = []
    for path in (claim_pairs.PAIRS, claim_pairs.JOINS, claim_pairs.LEXICAL):
        for line, pair in enumerate(claim_pairs.load_pairs(path)):
            a, b = claim_pairs.claim_at(where, pair["a"]), claim_pairs.claim_at(where, pair["b"])
            if a is None or b is None or a[0] != b[0] or a == b:
                continue
            claims = stories[a[0]]
            if claims[a[1]].article == claims[b[1]].article:
                continue
            found.append(
                Pair(
                    "ecb",
                    line % claim_pairs.HELD_OUT_EVERY == claim_pairs.HELD_OUT_EVERY - 1,
                    pair["label"] == "same",
                    pair_features(features[a[0]], claims, a[1], b[1]),
                    (claims[a[1]].text, claims[b[1]].text),
                )
            )
    return found


def _ecb_claims() -> dict[str, list[Claim]]:
    """Story -> its claims (speakers linked), as `claim_pairs.py` extracts them."""
    from dataclasses import replace

    from corroborate.ingest import OutletRegistry
    from corroborate.pipeline import analyze_story
    from corroborate.settings import Settings

    settings = replace(Settings(), claim_embeddings=False)
    registry = OutletRegistry.load(())
    return {
        story: list(analyze_story(extracted, registry, settings).claims)
        for story, extracted in claim_pairs.extract_stories().items()
    }


def with_cosines(pairs: list[Pair]) -> None:
    texts = list(dict.fromkeys(t for p in pairs for t in p.texts))
    vectors = dict(zip(texts, embed(texts), strict=True))
    for pair in pairs:
        pair.features[-1] = float(vectors[pair.texts[0]] @ vectors[pair.texts[1]])


def matrix(pairs: list[Pair], semantic: bool) -> tuple[np.ndarray, np.ndarray]:
    x = np.array([p.features for p in pairs], dtype=float)
    if not semantic:
        x[:, -1] = 0.0
    return x, np.array([p.same for p in pairs])


def fit(pairs: list[Pair], semantic: bool) -> tuple[LogisticRegression, float]:
    """The regression and the threshold of best F-beta on its own pairs (ties: the higher)."""
    x, y = matrix(pairs, semantic)
    model = LogisticRegression(C=C, max_iter=2000).fit(x, y)
    scores = model.predict_proba(x)[:, 1]
    best, threshold = -1.0, 0.5
    for candidate in np.arange(0.95, 0.09, -0.05):
        joined = scores >= candidate
        tp = (joined & y).sum()
        fp, fn = joined.sum() - tp, y.sum() - tp
        f_beta = (1 + BETA**2) * tp / ((1 + BETA**2) * tp + BETA**2 * fn + fp)
        if f_beta > best + 1e-9:
            best, threshold = f_beta, float(round(candidate, 2))
    return model, threshold


def precision_recall(model: LogisticRegression, threshold: float, pairs: list[Pair], semantic: bool) -> str:
    if not pairs:
        return "| 0 | - | - |"
    x, y = matrix(pairs, semantic)
    joined = model.predict_proba(x)[:, 1] >= threshold
    tp = int((joined & y).sum())
    precision = tp / joined.sum() if joined.sum() else float("nan")
    recall = tp / y.sum() if y.sum() else float("nan")
    return f"| {len(pairs)} ({int(y.sum())} same) | {precision:.2f} | {recall:.2f} |"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--analyses", type=Path, required=True, help="directory of NAME.json analyses of the stories")
    parser.add_argument("--ecb-cache", type=Path)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--own", action="store_true", help="fit on the stories of our own too (benchmarks/data)")
    args = parser.parse_args()
    pairs = ecb_pairs(args.ecb_cache)
    names = story_names(args.own)
    for name in names:
        pairs += story_pairs(name, args.analyses)
    with_cosines(pairs)
    training = [p for p in pairs if not p.held_out]
    held = [p for p in pairs if p.held_out]
    written = {}
    print("| mode | part | pairs | precision | recall |\n|---|---|---|---|---|")
    for mode, semantic in (("embeddings", True), ("words", False)):
        model, threshold = fit(training, semantic)
        print(f"| {mode} | ECB+ held out (threshold {threshold:.2f}) {precision_recall(model, threshold, held, semantic)}")
        tallies = []
        for name in names:
            others = [p for p in training if p.source != name]
            own = [p for p in training if p.source == name]
            loso, loso_threshold = fit(others, semantic)
            x, y = matrix(own, semantic)
            joined = loso.predict_proba(x)[:, 1] >= loso_threshold
            tallies.append((int((joined & y).sum()), int(joined.sum()), int(y.sum())))
        tp, joined, same = (sum(t[k] for t in tallies) for k in range(3))
        stories_row = (
            f"| {sum(p.source != 'ecb' for p in training)} ({same} same) | {tp / max(joined, 1):.2f} | {tp / max(same, 1):.2f} |"
        )
        print(f"| {mode} | stories, leave one story out {stories_row}")
        written[mode] = {
            "features": list(FEATURES),
            "coefficients": [round(float(c), 4) for c in model.coef_[0]],
            "intercept": round(float(model.intercept_[0]), 4),
            "threshold": round(threshold, 2),
        }
        for feature, coefficient in zip(FEATURES, model.coef_[0], strict=True):
            print(f"|   | {feature} | {coefficient:+.2f} | | |")
    if args.write:
        OUTPUT.write_text(json.dumps(written, indent=1) + "\n", "utf-8")
        print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
