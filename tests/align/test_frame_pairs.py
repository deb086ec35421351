"""Claims of two articles sharing one dated act in any clause (hand-made claims and frames)."""

from __future__ import annotations

from corroborate.align.frame_pairs import frame_pairs
from corroborate.model import Claim, Frame


def claim(article: str, *frames: Frame) -> Claim:
    return Claim(id=f"{article}:c", article=article, text="t", start=0, end=1, frames=frames)


def sign(*arguments: str, dates: tuple[str, ...]) -> Frame:
    return Frame(predicate="sign", arguments=arguments, dates=dates)


def test_one_act_on_a_day_within_the_week_pairs() -> None:
    a = claim("a", Frame(predicate="defend", arguments=("object:toll",)), sign("into:law", dates=("2026-11-12",)))
    b = claim("b", sign("into:law", "subject:governor", dates=("2026-W46",)))
    assert frame_pairs([a, b], 40) == {(0, 1)}


def test_the_same_act_in_another_year_or_month_is_another_occasion() -> None:
    a = claim("a", sign("into:law", dates=("2026-11-12",)))
    assert frame_pairs([a, claim("b", sign("into:law", dates=("2026-11-05",)))], 40) == set()
    assert frame_pairs([a, claim("b", sign("into:law", dates=("1993",)))], 40) == set()
    # a month is too coarse to say it is one occasion
    assert frame_pairs([a, claim("b", sign("into:law", dates=("2026-11",)))], 40) == set()


def test_no_noun_in_one_role_or_one_article_makes_no_pair() -> None:
    a = claim("a", sign("into:law", dates=("2026-11-12",)))
    assert frame_pairs([a, claim("b", sign("object:lease", dates=("2026-11-12",)))], 40) == set()
    assert frame_pairs([a, claim("b", sign("object:law", dates=("2026-11-12",)))], 40) == set()  # another role
    assert frame_pairs([a, claim("a", sign("into:law", dates=("2026-11-12",)))], 40) == set()
