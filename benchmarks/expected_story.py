"""Shared by the expected.yaml checks: where the worked example lives and how its texts compare."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
AURORA = ROOT.parent / "shared" / "corpus" / "aurora"
MARKS = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "\u00a0": " "})


def norm(text: str) -> str:
    """Quote marks and whitespace normalised, case folded (expected.yaml's matching rule)."""
    return re.sub(r"\s+", " ", text.translate(MARKS)).strip().casefold()


def load_expected(corpus: Path) -> tuple[dict, dict[str, str]]:
    """The expected findings and the map from their article keys (A, B, …) to article ids."""
    expected = yaml.safe_load((corpus / "expected.yaml").read_text("utf-8"))
    return expected, {key: Path(name).stem for key, name in expected["articles"].items()}


def find_places(analysis: Any, article: str, text: str) -> list[tuple[int, int]]:
    """Every (start, end) where `text` occurs in the article, marks normalised (any occurrence counts)."""
    body = next(a.text for a in analysis.articles if a.id == article).translate(MARKS).casefold()
    needle = text.translate(MARKS).casefold()
    return [(m.start(), m.start() + len(needle)) for m in re.finditer(re.escape(needle), body)]


def story_from_arguments(description: str) -> tuple[Any, dict, dict[str, str], bool]:
    """The command line every expected.yaml check shares (`[CORPUS_DIR] [-v]
    [--claims-by-words]`): the story's analysis, its expected findings, the letter →
    article id map, verbose."""
    import argparse

    from corroborate.analysis import analyze_paths
    from corroborate.settings import Settings

    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=AURORA)
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("--claims-by-words", action="store_true", help="group claims without sentence embeddings")
    args = parser.parse_args()
    expected, files = load_expected(args.corpus)
    settings = Settings(claim_embeddings=not args.claims_by_words)
    return analyze_paths([str(args.corpus)], settings).analysis, expected, files, args.verbose
