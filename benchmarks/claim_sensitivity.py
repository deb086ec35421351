"""How the stories' claim keys move when one constant of claim grouping moves a step.

A constant chosen as the highest (or lowest) bar that loses no story on the dev
stories sits on the edge of what they tolerate: a step one way changes nothing there,
a step the other way loses a story. One that no neighbouring value changes lies on a
plateau. Edges are where unseen stories are likeliest to differ, so a proposed change
of a constant should be judged with this table beside `stories.py --orders` and the
labelled ECB+ pairs (`claim_pairs.py --sweep`), never on the dev stories' means alone.

Each story with gold findings (Aurora and the twelve under ../shared/corpus/stories/)
is read and parsed once; then, for the constants as they are and for each value tried,
its claims are grouped and assessed again (`corroborate.pipeline.analyze_story`), in
both claim modes, and scored by ../shared/tools/score_story.py. Prints, per setting,
the means over the twelve stories of claims grouped, claim-group precision and claim
status by meaning and by words, and the stories whose key falls against the constants
as they are. Run:

    .venv/bin/python benchmarks/claim_sensitivity.py [--mode meaning|words|both] [--set MODULE.NAME=V1,V2 ...]

`--set` replaces the default grid: `claims._MIN_COSINE=0.5,0.6` tries each value in
turn (`claims` is `corroborate.align.claims`; `claim_memberships`, `claim_features`
name their modules likewise), `claims._ALIGNED_CHANCE[True]=0.3` a key of a dict
constant. A constant is replaced in the module that reads it, so one imported by name
elsewhere keeps its value there.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import importlib
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stories import MODES, article_names, means, score_file, story_dirs

CLAIM_KEYS = ("claims", "claim_precision", "claim_status")
SHORT = {"claims": "claims", "claim_precision": "clm-P", "claim_status": "status"}
# Each constant a step either side of its value (at 2793a7c). The word rule's counts
# move by one; the bars and weights by about a tenth of their value.
DEFAULT_GRID = (
    "claims._MIN_COSINE=0.5,0.6",
    "claims._MIN_RARE_COSINE=0.25,0.35",
    "claims._EVENT_COSINE=0.45,0.55",
    "claims._LEXICAL_COSINE=0.3,0.4",
    "claims._RARE_SHARED=2.0,2.6",
    "claims._RARE_BONUS=0.05,0.15",
    "claims._MIN_SHARED=2,4",
    "claims._MIN_RATIO=0.3,0.5",
    "claims._MAX_FIGURE_MENTIONS=3,5",
    "claims._EVENT_STRENGTH=0.85,0.95",
    "claims._SAME_ARTICLE_WEIGHT=0.75,1.25",
    "claims._RESTATING_WEIGHT=0.25,0.75",
    "claims._ALIGNED_CHANCE[True]=0.3,0.4",
    "claims._ALIGNED_CHANCE[False]=0.15,0.25",
    "claim_memberships.MIN_LEDE_OUTLETS=2,4",
)


@dataclasses.dataclass(frozen=True)
class Setting:
    """One constant at one value: `module` under corroborate.align, the constant's
    `name`, a dict constant's `key` (None for a plain one)."""

    module: str
    name: str
    key: Any
    value: float

    @property
    def label(self) -> str:
        key = "" if self.key is None else f"[{self.key}]"
        return f"{self.name}{key}={self.value:g}"


def parse_settings(specs: list[str]) -> list[Setting]:
    """`MODULE.NAME[KEY]=V1,V2` -> one Setting per value (a bad spec exits with its reason)."""
    found = []
    for spec in specs:
        target, _, values = spec.partition("=")
        module, _, name = target.partition(".")
        key = None
        if "[" in name:
            name, _, rest = name.partition("[")
            key = ast.literal_eval(rest.rstrip("]"))
        if not (module and name and values):
            raise SystemExit(f"--set {spec!r}: expected MODULE.NAME=V1,V2 (e.g. claims._MIN_COSINE=0.5,0.6)")
        current = _constant(module, name)
        if key is not None and not isinstance(current, dict):
            raise SystemExit(f"--set {spec!r}: {name} is no dict constant")
        found += [Setting(module, name, key, float(v)) for v in values.split(",")]
    return found


def _constant(module: str, name: str) -> Any:
    loaded = importlib.import_module(f"corroborate.align.{module}")
    if not hasattr(loaded, name):
        raise SystemExit(f"corroborate.align.{module} has no constant {name}")
    return getattr(loaded, name)


@contextmanager
def applied(setting: Setting | None) -> Iterator[None]:
    """The constant at the setting's value for the block, restored after."""
    if setting is None:
        yield
        return
    module = importlib.import_module(f"corroborate.align.{setting.module}")
    before = getattr(module, setting.name)
    kind = type(before[setting.key] if setting.key is not None else before)
    value = kind(setting.value) if kind in (int, float) else setting.value
    if setting.key is None:
        setattr(module, setting.name, value)
    else:
        setattr(module, setting.name, {**before, setting.key: value})
    try:
        yield
    finally:
        setattr(module, setting.name, before)


def parse_stories(dirs: list[Path]) -> list[tuple[Path, Any, dict[str, Any]]]:
    """(story folder, its extractions, what `analyze_story` needs besides) for each story,
    each article parsed once as `corroborate analyze` parses it."""
    from corroborate.ingest import OutletRegistry, load_articles
    from corroborate.nlp.pipeline import load_pipeline, model_id
    from corroborate.pipeline import extract_articles
    from corroborate.settings import Settings

    settings = Settings()
    registry = OutletRegistry.load(settings.outlet_files)
    nlp = load_pipeline(settings.model_names)
    parsed = []
    for story in dirs:
        loaded = load_articles([str(story / n) for n in article_names(story)], settings, registry)
        extractions = extract_articles(
            nlp,
            registry,
            loaded.articles,
            max_quotes=settings.max_quotes_per_article,
            claims=True,
            batch_size=settings.batch_size,
        )
        parsed.append((story, extractions, {"model": model_id(nlp), "inputs": loaded.inputs, "warnings": loaded.warnings}))
    return parsed


def score_all(parsed: list[tuple[Path, Any, dict[str, Any]]], modes: list[str], folder: Path) -> dict[str, dict[str, dict]]:
    """Mode -> story -> the scorer's keys, the stories grouped with the constants as they stand now."""
    from corroborate.ingest import OutletRegistry
    from corroborate.pipeline import analyze_story
    from corroborate.settings import Settings

    registry = OutletRegistry.load(Settings().outlet_files)
    results: dict[str, dict[str, dict]] = {}
    for mode in modes:
        settings = dataclasses.replace(Settings(), claim_embeddings=MODES[mode])
        rows = {}
        for story, extractions, extra in parsed:
            analysis = analyze_story(extractions, registry, settings, **extra)
            path = folder / f"{story.name}-{mode}.json"
            path.write_text(analysis.to_json(), "utf-8")
            rows[story.name] = score_file(story / "expected.yaml", path)
        results[mode] = rows
    return results


def summary(rows: dict[str, dict], base: dict[str, dict]) -> tuple[str, list[str]]:
    """The claim keys' means over the twelve stories, and the stories whose key fell."""
    mean = means(rows, [name for name in rows if name != "aurora"])
    cells = "/".join(f"{mean.get(k, 0.0):.3f}" for k in CLAIM_KEYS)
    fell = [
        f"{name}:{SHORT[k]}" for name, r in rows.items() for k in CLAIM_KEYS if (r.get(k) or 0) < (base[name].get(k) or 0) - 1e-9
    ]
    return cells, fell


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["meaning", "words", "both"], default="both")
    parser.add_argument(
        "--set", dest="settings", action="append", metavar="MODULE.NAME=V1,V2", help="constants to try (default: the grid)"
    )
    args = parser.parse_args()
    modes = list(MODES) if args.mode == "both" else [args.mode]
    trials = parse_settings(args.settings or list(DEFAULT_GRID))
    parsed = parse_stories(story_dirs())
    header = " | ".join(f"by {mode}: claims/clm-P/status | falls" for mode in modes)
    print(f"| setting | {header} |\n|---|" + "---|---|" * len(modes))
    with tempfile.TemporaryDirectory() as folder:
        base = score_all(parsed, modes, Path(folder))
        for setting in [None, *trials]:
            with applied(setting):
                found = base if setting is None else score_all(parsed, modes, Path(folder))
            cells = []
            for mode in modes:
                means, fell = summary(found[mode], base[mode])
                cells += [means, ", ".join(fell) or "-"]
            print(f"| {'as it is' if setting is None else setting.label} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
