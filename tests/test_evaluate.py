"""Scoring rules of `corroborate eval quotes` on a hand-made gold file."""

from __future__ import annotations

from pathlib import Path

import pytest

from corroborate.evaluate import Evaluation, gold_files, matches, read_ann, score_article
from corroborate.model import Quote, Speaker, TextSpan

TEXT = 'Mayor Ana Diaz said the pier "will reopen in May." Critics believe the plan is late.'
#       0         1         2         3         4         5         6         7         8
ANN = (
    "T1\tSource 0 14\tMayor Ana Diaz\n"
    "T2\tCue 15 19\tsaid\n"
    'T3\tContent 20 50\tthe pier "will reopen in May."\n'
    "E1\tAttribution:T2 Content:T3 Cue:T2 Source:T1\n"
    "T4\tSource 51 58\tCritics\n"
    "T5\tCue 59 66\tbelieve\n"
    "T6\tContent 67 72;73 84\tthe plan is late\n"
    "E2\tAttribution:T5 Content:T6 Cue:T5 Source:T4\n"
)


@pytest.fixture
def gold_dir(tmp_path: Path) -> Path:
    (tmp_path / "text").mkdir()
    (tmp_path / "attributions").mkdir()
    (tmp_path / "text" / "a.txt").write_text(TEXT, "utf-8")
    (tmp_path / "attributions" / "a_ann2.ann").write_text(ANN, "utf-8")
    (tmp_path / "attributions" / "a_ann1.ann").write_text(ANN, "utf-8")
    return tmp_path


def quote(start: int, end: int, kind: str = "direct", mention: tuple[int, int] | None = None) -> Quote:
    speaker = (
        Speaker(mention=TextSpan(start=mention[0], end=mention[1], text=TEXT[mention[0] : mention[1]])) if mention else Speaker()
    )
    return Quote(id=f"a:{start}", article="a", kind=kind, text=TEXT[start:end], start=start, end=end, zone="body",
                 speaker=speaker, rule="test", confidence=1.0)  # fmt: skip


def test_gold_files_pick_the_first_annotator(gold_dir: Path) -> None:
    [(text, ann)] = gold_files(gold_dir)
    assert text.name == "a.txt" and ann.name == "a_ann1.ann"


def test_read_ann_joins_source_cue_content_and_discontinuous_pieces(gold_dir: Path) -> None:
    first, second = read_ann(gold_dir / "attributions" / "a_ann1.ann", "a")
    assert first.is_direct and first.source == ((0, 14),)
    assert not second.is_direct and second.content == ((67, 72), (73, 84))


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (((30, 49),), ((20, 50),), True),  # inside the longer span
        (((10, 30),), ((20, 50),), True),  # overlap 10 of the shorter 20: exactly half
        (((10, 29),), ((20, 50),), False),  # 9 of 19: under half
        (((0, 5),), ((20, 50),), False),
    ],
)
def test_match_rule_is_half_of_the_shorter_span(a, b, expected) -> None:
    assert matches(a, b) is expected


def test_scores_direct_all_and_speaker(gold_dir: Path) -> None:
    gold = read_ann(gold_dir / "attributions" / "a_ann1.ann", "a")
    evaluation = Evaluation()
    # one right direct quote with the right speaker, one spurious partial quote
    score_article([quote(30, 48, mention=(6, 14)), quote(51, 58, kind="partial")], gold, evaluation)
    assert (evaluation.direct.true_pred, evaluation.direct.predicted) == (1, 2)
    assert (evaluation.direct.true_gold, evaluation.direct.gold) == (1, 1)
    assert evaluation.all.gold == 2 and evaluation.all.true_gold == 1
    assert evaluation.speaker_accuracy == 1.0
    assert evaluation.direct.f1 == pytest.approx(2 * 0.5 * 1.0 / 1.5)


def test_read_ann_reads_a_span_text_over_several_lines(tmp_path: Path) -> None:
    ann = tmp_path / "b.ann"
    ann.write_text(
        "T1\tSource 0 4\tAmes\nT2\tContent 10 20;30 40\tfirst line\n\nThe second line\nE1\tAttr:T1 Source:T1 Content:T2\n",
        "utf-8",
    )
    [item] = read_ann(ann, "b")
    assert item.source == ((0, 4),) and item.content == ((10, 20), (30, 40))
