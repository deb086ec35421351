"""Our quotation extractor vs textacy's `direct_quotations`, on the same parsed documents.

Reads a PolNeAR-style directory (DIR/text/*.txt with DIR/attributions/*.ann),
loads the texts as articles with our ingestion, parses them ONCE with our spaCy
pipeline, then runs both extractors on the same Doc objects:

- corroborate: `corroborate.nlp.quotes.extract_quotes(doc, article, registry)`;
- textacy: `textacy.extract.triples.direct_quotations(doc)`, each (speaker, cue,
  content) triple turned into a `Quote` (content span as given, speaker mention
  from the first to the last speaker token).

Both are scored by `corroborate.evaluate.score_article` (see that module for
the matching rules) and printed side by side: direct P/R/F1, all-attribution
P/R/F1, speaker accuracy on matched direct quotes, quotes found, articles whose
extraction raised (scored as finding nothing), and extraction seconds; the
shared parse time is reported apart. Then, for calibrating `nlp/rules.py`, a table of
our rules: for each rule string and the confidence it was emitted with, the quotes it
made, their precision (quotes matching a gold attribution of any kind / quotes made),
and on the matched ones the share whose speaker mention overlaps the gold Source
(a direct quote is matched to direct gold first, as `score_article` does), and both
(matched with the speaker right / made: what a confidence promises), beside the
`CONFIDENCE` key that gave the confidence. Install textacy and run it with

    make bench

or

    .venv/bin/python -m pip install -r requirements-bench.txt
    .venv/bin/python benchmarks/quotes_vs_textacy.py [DIR | --split train] [--json]

DIR defaults to ../shared/bench/polnear/dev (next to the repository); `--split NAME`
reads ../shared/bench/polnear/NAME instead (train: 839 articles, for tuning).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spacy.tokens import Doc, Token

from corroborate.evaluate import Evaluation, GoldAttribution, gold_files, matches, read_ann, score_article
from corroborate.ingest import OutletRegistry, load_articles
from corroborate.model import Article, Quote, Speaker, TextSpan
from corroborate.nlp.pipeline import load_pipeline, model_id, parse_articles
from corroborate.nlp.quotes import extract_quotes
from corroborate.nlp.rules import CONFIDENCE, UNPAIRED_FACTOR
from corroborate.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
POLNEAR = ROOT.parent / "shared" / "bench" / "polnear"
DEFAULT_DIR = POLNEAR / "dev"

Extractor = Callable[[Doc, Article], list[Quote]]


@dataclass
class Result:
    name: str
    evaluation: Evaluation = field(default_factory=Evaluation)
    found: int = 0
    seconds: float = 0.0
    crashes: Counter[str] = field(default_factory=Counter)
    first_message: dict[str, str] = field(default_factory=dict)
    quotes: dict[str, list[Quote]] = field(default_factory=dict)  # article id -> its quotes

    def as_dict(self) -> dict[str, Any]:
        return {
            **self.evaluation.as_dict(),
            "speaker_right": self.evaluation.speaker_right,
            "quotes_found": self.found,
            "articles_crashed": sum(self.crashes.values()),
            "crash_types": dict(self.crashes.most_common()),
            "crash_examples": self.first_message,
            "extract_seconds": round(self.seconds, 3),
        }


def _span(doc: Doc, tokens: Sequence[Token]) -> TextSpan:
    start = min(t.idx for t in tokens)
    end = max(t.idx + len(t) for t in tokens)
    return TextSpan(start=start, end=end, text=doc.text[start:end])


def textacy_quotes(doc: Doc, article: Article) -> list[Quote]:
    """textacy's direct quotations of one doc, as our `Quote` records."""
    from textacy.extract.triples import direct_quotations

    quotes = []
    for number, triple in enumerate(direct_quotations(doc), 1):
        start, end = triple.content.start_char, triple.content.end_char
        quotes.append(
            Quote(
                id=f"{article.id}:t{number}",
                article=article.id,
                kind="direct",
                text=doc.text[start:end],
                start=start,
                end=end,
                zone="body",
                speaker=Speaker(mention=_span(doc, triple.speaker)) if triple.speaker else Speaker(),
                cue=_span(doc, triple.cue) if triple.cue else None,
                rule="textacy",
                confidence=1.0,
            )
        )
    return quotes


def run_extractor(
    name: str, extract: Extractor, articles: Sequence[Article], docs: Sequence[Doc], gold: dict[str, list]
) -> Result:
    """Extract from every doc (timing only the extraction calls) and score each article."""
    result = Result(name)
    for article, doc in zip(articles, docs, strict=True):
        quotes: list[Quote] = []
        started = time.perf_counter()
        try:
            quotes = extract(doc, article)
        except Exception as exc:  # a crash costs the article's recall, nothing else
            kind = type(exc).__name__
            result.crashes[kind] += 1
            result.first_message.setdefault(kind, f"{article.id}: {str(exc)[:160]}")
        finally:
            result.seconds += time.perf_counter() - started
        result.found += len(quotes)
        result.quotes[article.id] = quotes
        score_article(quotes, gold[article.id], result.evaluation)
    return result


def table(results: Sequence[Result], articles: int) -> str:
    width = 20

    def row(label: str, cells: list[str]) -> str:
        return f"{label:<36}" + "".join(f"{c:>{width}}" for c in cells)

    def per(get: Callable[[Result], str]) -> list[str]:
        return [get(r) for r in results]

    lines = [row("", [r.name for r in results]), row("", ["-" * (width - 2)] * len(results))]
    for label, attr in (("direct", "direct"), ("all attributions", "all")):
        lines.append(row(f"{label} precision", per(lambda r, a=attr: f"{getattr(r.evaluation, a).precision:.3f}")))
        lines.append(row(f"{label} recall", per(lambda r, a=attr: f"{getattr(r.evaluation, a).recall:.3f}")))
        lines.append(row(f"{label} F1", per(lambda r, a=attr: f"{getattr(r.evaluation, a).f1:.3f}")))
    lines += [
        row(
            "speaker accuracy (matched direct)",
            per(lambda r: f"{r.evaluation.speaker_accuracy:.3f} ({r.evaluation.speaker_right}/{r.evaluation.speaker_total})"),
        ),
        row("quotes found", per(lambda r: str(r.found))),
        row(f"articles crashed (of {articles})", per(lambda r: str(sum(r.crashes.values())))),
        row("extraction seconds", per(lambda r: f"{r.seconds:.2f}")),
    ]
    return "\n".join(lines)


@dataclass
class RuleRow:
    made: int = 0
    matched: int = 0
    speaker_right: int = 0

    def as_dict(self) -> dict[str, float | int]:
        return {
            "made": self.made,
            "precision": round(self.matched / self.made, 4) if self.made else 0.0,
            "speaker_right": round(self.speaker_right / self.matched, 4) if self.matched else 0.0,
            "both": round(self.speaker_right / self.made, 4) if self.made else 0.0,
        }


def _overlaps(mention: TextSpan | None, source: tuple[tuple[int, int], ...]) -> bool:
    return mention is not None and any(min(mention.end, e) > max(mention.start, s) for s, e in source)


def rule_rows(quotes: dict[str, list[Quote]], gold: dict[str, list[GoldAttribution]]) -> dict[tuple[str, float], RuleRow]:
    """Per (rule, emitted confidence): quotes made, matched to a gold attribution, speaker right."""
    rows: dict[tuple[str, float], RuleRow] = {}
    for article, found in quotes.items():
        items = gold[article]
        direct_first = [g for g in items if g.is_direct] + [g for g in items if not g.is_direct]
        for quote in found:
            row = rows.setdefault((quote.rule, quote.confidence), RuleRow())
            row.made += 1
            span = ((quote.start, quote.end),)
            candidates = direct_first if quote.kind in ("direct", "partial") else items
            match = next((g for g in candidates if matches(span, g.content)), None)
            if match is not None:
                row.matched += 1
                row.speaker_right += _overlaps(quote.speaker.mention, match.source)
    return rows


def table_key(rule: str, confidence: float) -> str:
    """The CONFIDENCE key (with "x0.8" for an unpaired quotation, "min" for an indirect
    quote's speaker) that gave a quote of `rule` its `confidence`; "?" when none does."""
    kind, _, suffix = rule.partition(".")
    if kind == "indirect" or kind == "claim":
        own = [rule]
        speakers = [k for k in CONFIDENCE if "." not in k]
        options = [(k, CONFIDENCE[k]) for k in own] + [(f"min {k}", CONFIDENCE[k]) for k in speakers]
    else:
        keys = [k for k in CONFIDENCE if k in (f"direct.{suffix}", suffix) or k.startswith(f"{suffix}/")]
        keys += ["unresolved"] if suffix == "cue_pronoun" else []
        keys += [k for k in CONFIDENCE if "." not in k] if suffix == "lead_in" else []
        options = [(k, CONFIDENCE[k]) for k in keys]
    for factor, mark in ((1.0, ""), (UNPAIRED_FACTOR, f" x{UNPAIRED_FACTOR}")):
        for key, value in options:
            if round(value * factor, 3) == confidence:
                return key + mark
    return "?"


def rule_table(rows: dict[tuple[str, float], RuleRow]) -> str:
    lines = [
        f"{'rule':<28}{'confidence':>11}  {'table key':<34}{'made':>6}{'precision':>11}{'speaker right':>15}{'both':>7}",
        "-" * 112,
    ]
    for (rule, confidence), row in sorted(rows.items(), key=lambda item: (item[0][0], -item[0][1])):
        figures = row.as_dict()
        lines.append(
            f"{rule:<28}{confidence:>11.3f}  {table_key(rule, confidence):<34}{row.made:>6}"
            f"{figures['precision']:>11.3f}{figures['speaker_right']:>15.3f}{figures['both']:>7.3f}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", type=Path, default=DEFAULT_DIR, help="PolNeAR-style dir (text/, attributions/)")
    parser.add_argument("--split", help="a PolNeAR split under ../shared/bench/polnear (dev, train) instead of DIR")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of the table")
    args = parser.parse_args()
    if args.split:
        args.directory = POLNEAR / args.split

    try:
        import textacy
        import textacy.extract.triples  # imported here, so its import time is not counted as extraction
    except ImportError:
        raise SystemExit("textacy is not installed: .venv/bin/python -m pip install -r requirements-bench.txt") from None

    pairs = gold_files(args.directory)
    if not pairs:
        raise SystemExit(f"{args.directory}: no text/*.txt with attributions/*.ann found")
    settings = Settings()
    registry = OutletRegistry.load()
    loaded = load_articles([str(text) for text, _ in pairs], settings, registry)
    for error in loaded.errors:
        print(f"warning: not read: {error}", file=sys.stderr)
    raw = {text.stem: text.read_text("utf-8") for text, _ in pairs}
    articles = [a for a in loaded.articles if a.id in raw]
    gold = {text.stem: read_ann(ann, text.stem) for text, ann in pairs}
    shifted = [a.id for a in articles if a.text != raw[a.id]]
    if shifted:  # gold offsets point into the raw file text
        print(
            f"warning: {len(shifted)} article text(s) differ from the file, gold offsets may not line up: {shifted[:5]}",
            file=sys.stderr,
        )

    started = time.perf_counter()
    nlp = load_pipeline(settings.model_names)
    load_seconds = time.perf_counter() - started
    print(f"parsing {len(articles)} articles ...", file=sys.stderr)
    started = time.perf_counter()
    docs = parse_articles(nlp, articles, batch_size=settings.batch_size, processes=settings.processes)
    parse_seconds = time.perf_counter() - started

    textacy_name = "textacy " + ".".join(textacy.__version__.split(".")[:2])
    results = [
        run_extractor("corroborate", lambda doc, article: extract_quotes(doc, article, registry).quotes, articles, docs, gold),
        run_extractor(textacy_name, textacy_quotes, articles, docs, gold),
    ]
    model, model_version = model_id(nlp)
    command = shlex.join(sys.orig_argv)
    first = results[0].evaluation
    rows = rule_rows(results[0].quotes, gold)

    if args.json:
        figures = {
            "command": command,
            "directory": str(args.directory),
            "articles": len(articles),
            "gold_direct": first.direct.gold,
            "gold_all": first.all.gold,
            "model": f"{model} {model_version}",
            "textacy_version": textacy.__version__,
            "model_load_seconds": round(load_seconds, 3),
            "parse_seconds": round(parse_seconds, 3),
            "results": {r.name: r.as_dict() for r in results},
            "rules": [
                {"rule": rule, "confidence": confidence, "table_key": table_key(rule, confidence), **row.as_dict()}
                for (rule, confidence), row in sorted(rows.items())
            ],
        }
        print(json.dumps(figures, indent=2))
        return

    print(
        f"{len(articles)} articles from {args.directory}; gold: {first.direct.gold} direct, {first.all.gold} attributions in all"
    )
    print(f"shared: model {model} {model_version} loaded in {load_seconds:.2f} s, parsed once in {parse_seconds:.2f} s")
    print()
    print(table(results, len(articles)))
    print()
    for result in results:
        if result.crashes:
            kinds = ", ".join(f"{kind} x{count}" for kind, count in result.crashes.most_common())
            print(f"{result.name} crashes: {kinds}")
            for kind, message in result.first_message.items():
                print(f"  e.g. {kind}: {message}")
        else:
            print(f"{result.name} crashes: none")
    print()
    print(f"{results[0].name} rules (precision = matched any gold / made; speaker right on matched; both = right / made):")
    print(rule_table(rows))
    print()
    print(f"command: {command}")


if __name__ == "__main__":
    main()
