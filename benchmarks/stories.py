"""The project's findings scored on every story with gold findings: Aurora and the twelve
three-outlet stories under ../shared/corpus/stories/, by the scorer the project is judged
by (../shared/tools/score_story.py), in both claim modes.

Each story's articles are analysed as `corroborate analyze STORY_DIR` analyses them
(one process here, the model loaded once), once with claims grouped by meaning (the
`analyze` default, sentence embeddings) and once by words (`--claims-by-words`, what
`ingest` does); each analysis is written to a temporary file and scored. Prints a row
per story and mode, and the means over the twelve stories and over all thirteen (the
figures `../shared/tools/stories.py` prints for the meaning mode). Run:

    .venv/bin/python benchmarks/stories.py [--mode meaning|words|both] [--json] [--orders] [STORY_DIR ...]

`--orders` scores each story under every order of its articles (all of them for three
articles, six rotations and reversals beyond) and prints each story's mean over the
orders. The grouping steps break ties by the articles' order (their ids: file names,
`corroborate.pipeline.analyze_story`), so one order's figures carry that order's luck:
a rule that lifts the mean over orders is likelier to hold on unseen stories. The
files are linked, not copied, under names that sort in each order ("a-", "b-", ...),
and the gold is read with its article names changed to match.

`tests/test_quality_gate.py` pins the means a little below what this measures.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SCORER = SHARED / "tools" / "score_story.py"
AURORA = SHARED / "corpus" / "aurora"
STORIES = SHARED / "corpus" / "stories"

KEYS = ["quotes_found", "speaker_right", "groups", "group_class", "group_precision", "no_false_drift", "drift",
        "people", "people_precision", "claims", "claim_precision", "claim_status", "quantities", "citations",
        "citation_precision", "independence", "overall"]  # fmt: skip
SHORT = dict(zip(KEYS, ["quotes", "spkr", "groups", "class", "grp-P", "noFD", "drift", "people", "ppl-P",
                        "claims", "clm-P", "status", "qty", "cites", "cit-P", "indep", "ALL"], strict=True))  # fmt: skip
MODES = {"meaning": True, "words": False}  # mode -> Settings.claim_embeddings


def story_dirs() -> list[Path]:
    """Aurora, then the stories in name order."""
    return [AURORA, *sorted(p for p in STORIES.iterdir() if (p / "expected.yaml").exists())]


def article_names(story: Path) -> list[str]:
    """The file names of the story's articles its gold names, in name order."""
    gold = yaml.safe_load((story / "expected.yaml").read_text("utf-8"))
    return sorted(Path(name).name for name in gold["articles"].values())


def score_file(gold: Path, analysis: Path) -> dict[str, float]:
    """The scorer's figures for one analysis: every key it reports, and `overall`."""
    out = subprocess.run([sys.executable, str(SCORER), str(gold), str(analysis)], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    line = next(x for x in lines if x.startswith("quotes_found"))
    scores = {key: float(value) for key, value in (pair.split("=") for pair in line.split())}
    scores["overall"] = float(next(x for x in lines if x.startswith("overall")).split()[1])
    return scores


def score_stories(dirs: list[Path], modes: list[str], orders: bool = False) -> dict[str, dict[str, dict[str, float]]]:
    """Mode -> story name -> scores (with `orders`, each key's mean over the orders of
    the story's articles)."""
    from corroborate.analysis import analyze_paths
    from corroborate.settings import Settings

    results: dict[str, dict[str, dict[str, float]]] = {mode: {} for mode in modes}
    with tempfile.TemporaryDirectory() as folder:
        for story in dirs:
            gold = story / "expected.yaml"
            names = article_names(story)
            for mode in modes:
                settings = dataclasses.replace(Settings(), claim_embeddings=MODES[mode])
                found = []
                for n, order in enumerate(article_orders(names) if orders else [names]):
                    place = Path(folder) / f"{story.name}-{mode}-{n}"
                    place.mkdir()
                    files, scored_gold = (
                        _linked_in_order(story, order, place) if orders else ([story / name for name in names], gold)
                    )
                    run = analyze_paths([str(f) for f in files], settings)
                    path = place / "analysis.json"
                    path.write_text(run.analysis.to_json(), "utf-8")
                    found.append(score_file(scored_gold, path))
                results[mode][story.name] = {
                    k: sum(f[k] for f in found) / len(found) for k in found[0] if all(k in f for f in found)
                }
    return results


def article_orders(names: list[str]) -> list[list[str]]:
    """The orders a story's articles are scored in: every order of three or fewer; for
    more, the rotations of the name order and of its reverse, six at most."""
    if len(names) <= 3:
        return [list(order) for order in itertools.permutations(names)]
    turns = [names[i:] + names[:i] for i in range(len(names))][:3]
    return turns + [list(reversed(t)) for t in turns]


def _linked_in_order(story: Path, order: list[str], place: Path) -> tuple[list[Path], Path]:
    """The story's articles linked into `place` under names sorting in `order`, and
    its gold rewritten to name them so."""
    renamed = {name: f"{chr(ord('a') + n)}-{name}" for n, name in enumerate(order)}
    for name, new in renamed.items():
        (place / new).symlink_to((story / name).resolve())
    gold = yaml.safe_load((story / "expected.yaml").read_text("utf-8"))
    gold["articles"] = {key: renamed[Path(value).name] for key, value in gold["articles"].items()}
    scored_gold = place / "expected.yaml"
    scored_gold.write_text(yaml.safe_dump(gold, allow_unicode=True), "utf-8")
    return [place / renamed[name] for name in sorted(renamed)], scored_gold


def means(rows: dict[str, dict[str, float]], names: list[str]) -> dict[str, float]:
    """Each key's mean over the stories (of `names`) that score it."""
    chosen = [rows[n] for n in names if n in rows]
    return {k: sum(r[k] for r in chosen if k in r) / n for k in KEYS if (n := sum(k in r for r in chosen))}


def table(results: dict[str, dict[str, dict[str, float]]]) -> str:
    keys = [k for k in KEYS if any(k in r for rows in results.values() for r in rows.values())]
    lines = [f"{'story':18}{'mode':>8}" + "".join(f"{SHORT[k]:>7}" for k in keys)]

    def row(label: str, mode: str, scores: dict[str, float]) -> str:
        return f"{label[:18]:18}{mode:>8}" + "".join(f"{scores[k]:>7.2f}" if k in scores else f"{'-':>7}" for k in keys)

    for mode, rows in results.items():
        lines += [row(name, mode, scores) for name, scores in rows.items()]
    for mode, rows in results.items():
        twelve = [n for n in rows if n != AURORA.name]
        lines.append(row(f"mean of {len(twelve)}", mode, means(rows, twelve)))
        if len(twelve) < len(rows):  # (with Aurora: the mean of all as well)
            lines.append(row(f"mean of {len(rows)}", mode, means(rows, list(rows))))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stories", nargs="*", type=Path, help="story folders (default: Aurora and every story)")
    parser.add_argument("--mode", choices=["meaning", "words", "both"], default="both")
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    parser.add_argument("--orders", action="store_true", help="each story's mean over the orders of its articles")
    args = parser.parse_args()
    modes = list(MODES) if args.mode == "both" else [args.mode]
    results = score_stories(args.stories or story_dirs(), modes, orders=args.orders)
    if args.json:
        out: dict[str, Any] = {mode: {"stories": rows, "mean": means(rows, list(rows))} for mode, rows in results.items()}
        print(json.dumps(out, indent=2))
    else:
        print(table(results))


if __name__ == "__main__":
    main()
