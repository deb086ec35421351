"""Score extracted quotations against gold attributions in PolNeAR's layout.

Layout: `DIR/text/NAME.txt` and `DIR/attributions/NAME.ann` (brat standoff; an
article annotated by several people has `NAME_ANNOTATOR.ann` files, of which
the first in sorted order is used). The rules:

- a prediction matches a gold content when their character overlap is at least
  50 % of the shorter of the two (discontinuous gold spans count piece by piece);
- precision: predictions that match some gold item; recall: gold items matched
  by some prediction;
- *direct*: our `direct` and `partial` quotes against gold contents that contain
  a double quotation mark (`''`, two apostrophes, counts as one); *all*: every quote we emit against every gold content
  (PolNeAR also annotates reported thoughts, intentions and findings);
- *speaker*: on matched direct quotes, the share whose speaker mention overlaps
  the gold Source.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from corroborate.errors import UsageError
from corroborate.model import Quote
from corroborate.settings import Settings

# `''` is how some outlets (the NYT in PolNeAR) type a double quotation mark.
_DOUBLE_MARK = re.compile(r"[\"“”«»„]|''")
Pieces = tuple[tuple[int, int], ...]
_RECORD = re.compile(r"[TE]\d+\t")


@dataclass(frozen=True)
class GoldAttribution:
    article: str
    content: Pieces
    content_text: str
    source: Pieces = ()

    @property
    def is_direct(self) -> bool:
        return bool(_DOUBLE_MARK.search(self.content_text))


@dataclass
class Score:
    true_pred: int = 0  # predictions that match
    predicted: int = 0
    true_gold: int = 0  # gold items matched
    gold: int = 0

    @property
    def precision(self) -> float:
        return self.true_pred / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.true_gold / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, other: Score) -> None:
        self.true_pred += other.true_pred
        self.predicted += other.predicted
        self.true_gold += other.true_gold
        self.gold += other.gold


@dataclass
class Evaluation:
    direct: Score = field(default_factory=Score)
    all: Score = field(default_factory=Score)
    speaker_right: int = 0
    speaker_total: int = 0
    articles: int = 0

    @property
    def speaker_accuracy(self) -> float:
        return self.speaker_right / self.speaker_total if self.speaker_total else 0.0

    def as_dict(self) -> dict[str, float | int]:
        out: dict[str, float | int] = {"articles": self.articles}
        for name, score in (("direct", self.direct), ("all", self.all)):
            out |= {
                f"{name}_precision": round(score.precision, 4),
                f"{name}_recall": round(score.recall, 4),
                f"{name}_f1": round(score.f1, 4),
                f"{name}_predicted": score.predicted,
                f"{name}_gold": score.gold,
            }
        out |= {"speaker_accuracy": round(self.speaker_accuracy, 4), "speaker_matched": self.speaker_total}
        return out


def _pieces(spec: str) -> Pieces:
    pieces = []
    for part in spec.split(";"):
        start, end = part.split()
        pieces.append((int(start), int(end)))
    return tuple(pieces)


def read_ann(path: Path, article: str) -> list[GoldAttribution]:
    """The attributions of one brat .ann file (those with a Content span)."""
    spans: dict[str, tuple[str, Pieces, str]] = {}
    events: list[dict[str, str]] = []
    for line in path.read_text("utf-8").splitlines():
        # A span's text may run over several lines: only "T12\t…" / "E3\t…" lines start a record.
        if _RECORD.match(line) and line.startswith("T"):
            ident, middle, *rest = line.split("\t")
            label, _, offsets = middle.partition(" ")
            spans[ident] = (label, _pieces(offsets), rest[0] if rest else "")
        elif _RECORD.match(line) and line.startswith("E"):
            _, body = line.split("\t", 1)
            events.append(dict(part.split(":", 1) for part in body.split() if ":" in part))
    gold: list[GoldAttribution] = []
    for event in events:
        content = spans.get(event.get("Content", ""))
        if content is None:
            continue
        source = spans.get(event.get("Source", ""))
        gold.append(GoldAttribution(article, content[1], content[2], source[1] if source else ()))
    return gold


def gold_files(directory: Path) -> list[tuple[Path, Path]]:
    """(text file, chosen .ann file) for each article of a PolNeAR-style directory."""
    pairs = []
    annotations = sorted((directory / "attributions").glob("*.ann"))
    for text in sorted((directory / "text").glob("*.txt")):
        exact = directory / "attributions" / f"{text.stem}.ann"
        chosen = exact if exact.exists() else next((a for a in annotations if a.stem.startswith(text.stem + "_")), None)
        if chosen is not None:
            pairs.append((text, chosen))
    return pairs


def _overlap(a: Pieces, b: Pieces) -> int:
    return sum(max(0, min(e1, e2) - max(s1, s2)) for s1, e1 in a for s2, e2 in b)


def _length(pieces: Pieces) -> int:
    return sum(e - s for s, e in pieces)


def matches(a: Pieces, b: Pieces) -> bool:
    shorter = min(_length(a), _length(b))
    return shorter > 0 and _overlap(a, b) >= 0.5 * shorter


def score_article(quotes: Sequence[Quote], gold: Sequence[GoldAttribution], evaluation: Evaluation) -> None:
    """Add one article's counts to `evaluation`."""
    evaluation.articles += 1
    predicted_direct = [q for q in quotes if q.kind in ("direct", "partial")]
    gold_direct = [g for g in gold if g.is_direct]
    evaluation.direct.add(_score([((q.start, q.end),) for q in predicted_direct], [g.content for g in gold_direct]))
    evaluation.all.add(_score([((q.start, q.end),) for q in quotes], [g.content for g in gold]))
    for quote in predicted_direct:
        span: Pieces = ((quote.start, quote.end),)
        match = next((g for g in gold_direct if matches(span, g.content)), None)
        if match is None:
            continue
        evaluation.speaker_total += 1
        mention = quote.speaker.mention
        if mention is not None and match.source and _overlap(((mention.start, mention.end),), match.source) > 0:
            evaluation.speaker_right += 1


def _score(predicted: Iterable[Pieces], gold: Iterable[Pieces]) -> Score:
    predicted, gold = list(predicted), list(gold)
    return Score(
        true_pred=sum(1 for p in predicted if any(matches(p, g) for g in gold)),
        predicted=len(predicted),
        true_gold=sum(1 for g in gold if any(matches(p, g) for p in predicted)),
        gold=len(gold),
    )


def evaluate_directory(directory: Path, settings: Settings | None = None) -> Evaluation:
    """Run the analysis over DIR/text and score its quotes against DIR/attributions."""
    from corroborate.analysis import analyze_paths

    pairs = gold_files(directory)
    if not pairs:
        raise UsageError(f"{directory}: no text/*.txt with attributions/*.ann found; give a PolNeAR-style directory")
    run = analyze_paths([str(text) for text, _ in pairs], settings, across=False)
    by_article: dict[str, list[Quote]] = {}
    for quote in run.analysis.quotes:
        by_article.setdefault(quote.article, []).append(quote)
    evaluation = Evaluation()
    for text, ann in pairs:
        score_article(by_article.get(text.stem, []), read_ann(ann, text.stem), evaluation)
    return evaluation
