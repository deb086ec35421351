"""Which rules only the dev stories exercise: a check on fitting.

The findings were developed on a few stories with gold findings (Aurora and the twelve
under ../shared/corpus/stories/). A rule that runs on those stories and on none of a
large general collection of news exists, most likely, for one of their sentences: the
project's one lesson is that such rules do not carry to stories it has never seen.

This script runs the code under `coverage` twice, each in both claim modes:

- general: `corroborate ingest` (one worker, so one process is measured) over PolNeAR
  `train` (840 articles of seven US publishers, 2016) and ECB+ `dev` (772 articles);
- dev: `corroborate analyze` on each story with gold findings, as `stories.py` does.

and prints, for the modules of the findings (`nlp`, `align`, `assess`), the lines that
only the dev run executed, grouped by function. Line coverage is a coarse witness: a
line run in general may still fire only on a dev sentence (a lexicon entry, a branch
taken inside one line); a line listed may be general grammar that the general
collection never needed (its articles carry no publication dates, so relative dates
are never resolved there). Read each block, then try the stories without it. Run:

    .venv/bin/python -m pip install -r requirements-bench.txt
    .venv/bin/python benchmarks/rule_coverage.py [--words-only] [--limit N] [--keep DIR]

About 20 minutes on 2 cores with both modes (the general run's sentence embeddings are
most of it); `--words-only` takes about 10.
"""

from __future__ import annotations

import argparse
import ast
import json
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import coverage

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stories import article_names, story_dirs

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
PACKAGE = ROOT / "src" / "corroborate"
POLNEAR = SHARED / "bench" / "polnear" / "train" / "text"
ECBPLUS = SHARED / "bench" / "ecbplus" / "dev.jsonl"
LAYERS = ("nlp", "align", "assess")


def covered(prefix: Path, args: list[str]) -> None:
    """Run `python -m corroborate ARGS` under coverage, its data in a file named after `prefix`."""
    command = [sys.executable, "-m", "coverage", "run", "-p", f"--data-file={prefix}", f"--source={PACKAGE}", "-m", "corroborate"]
    subprocess.run([*command, *args], check=False, capture_output=True)


def general_run(work: Path, modes: list[str], limit: int | None) -> None:
    texts = sorted(POLNEAR.glob("*.txt"))[:limit]
    ecb = work / "ecbplus.jsonl"
    lines = ECBPLUS.read_text("utf-8").splitlines()[:limit]
    ecb.write_text("\n".join(lines) + "\n", "utf-8")
    listed = work / "general"
    listed.mkdir()
    for path in texts:
        (listed / path.name).symlink_to(path)
    for mode in modes:
        flags = ["--claims-by-meaning"] if mode == "meaning" else []
        db = work / f"general-{mode}.db"
        covered(work / ".coverage.general", ["ingest", str(listed), str(ecb), "--db", str(db), "--workers", "1", *flags])


def dev_run(work: Path, modes: list[str]) -> None:
    for story in story_dirs():
        paths = [str(story / name) for name in article_names(story)]
        for mode in modes:
            flags = ["--claims-by-words"] if mode == "words" else []
            out = work / f"{story.name}-{mode}.json"
            covered(work / ".coverage.dev", ["analyze", *paths, "-f", "json", "-o", str(out), *flags])


def executed(work: Path, prefix: str) -> dict[str, set[int]]:
    lines: dict[str, set[int]] = defaultdict(set)
    for path in work.glob(f"{prefix}*"):
        data = coverage.CoverageData(basename=str(path))
        data.read()
        for name in data.measured_files():
            lines[str(Path(name).resolve())] |= set(data.lines(name) or ())
    return lines


def functions(source: str) -> list[tuple[int, int, str]]:
    """(first line, last line, qualified name) of every function, innermost last."""
    found = []

    def visit(node: ast.AST, scope: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{scope}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    found.append((child.lineno, child.end_lineno or child.lineno, name))
                visit(child, name + ".")
            else:
                visit(child, scope)

    visit(ast.parse(source), "")
    return found


def report(dev: dict[str, set[int]], general: dict[str, set[int]]) -> dict[str, dict[str, list[int]]]:
    """module -> function -> the lines only the dev run executed."""
    result: dict[str, dict[str, list[int]]] = {}
    for layer in LAYERS:
        for path in sorted((PACKAGE / layer).glob("*.py")):
            name = str(path.resolve())
            only = sorted(dev.get(name, set()) - general.get(name, set()))
            if not only:
                continue
            spans = functions(path.read_text("utf-8"))
            by_function: dict[str, list[int]] = defaultdict(list)
            for line in only:
                inside = [s for s in spans if s[0] <= line <= s[1]]
                by_function[inside[-1][2] if inside else "<module>"].append(line)
            result[f"{layer}/{path.name}"] = dict(by_function)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--words-only", action="store_true", help="claims by words only (skip the sentence embeddings)")
    parser.add_argument("--limit", type=int, default=None, help="at most N articles of each general corpus")
    parser.add_argument("--keep", type=Path, default=None, help="keep the coverage data and stores in DIR")
    parser.add_argument("--json", action="store_true", help="print the blocks as JSON")
    args = parser.parse_args()
    modes = ["words"] if args.words_only else ["meaning", "words"]
    work = Path(tempfile.mkdtemp(prefix="rule-coverage-"))
    try:
        general_run(work, modes, args.limit)
        dev_run(work, modes)
        dev, general = executed(work, ".coverage.dev"), executed(work, ".coverage.general")
        if not general:
            sys.exit("the general run recorded nothing: is coverage installed (requirements-bench.txt)?")
        blocks = report(dev, general)
        if args.json:
            print(json.dumps(blocks, indent=1))
            return
        total = sum(len(lines) for functions_ in blocks.values() for lines in functions_.values())
        print(f"modes: {', '.join(modes)}; lines of {', '.join(LAYERS)} run by the dev stories only: {total}\n")
        for module, by_function in blocks.items():
            source = (PACKAGE / module).read_text("utf-8").splitlines()
            print(f"{module}")
            for function, lines in by_function.items():
                print(f"  {function} ({len(lines)} line(s))")
                for line in lines:
                    print(f"    {line:5} {source[line - 1].strip()[:100]}")
    finally:
        if args.keep is not None:
            shutil.copytree(work, args.keep, dirs_exist_ok=True, symlinks=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
